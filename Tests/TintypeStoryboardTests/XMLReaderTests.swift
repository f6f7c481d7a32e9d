import Testing
import TintypeModel
@testable import TintypeStoryboard

/// The XML reader: the part of XML Interface Builder writes, positions, and every malformation.
struct XMLReaderTests {
    func parse(_ text: String, maxDepth: Int = XMLReader.defaultMaxDepth) throws(XMLError) -> XMLNode {
        try XMLReader.parse(Array(text.utf8), maxDepth: maxDepth)
    }

    func failure(_ text: String, maxDepth: Int = XMLReader.defaultMaxDepth) -> String {
        do {
            _ = try parse(text, maxDepth: maxDepth)
            return "no error"
        } catch {
            return "\(error.position.line):\(error.position.column): \(error.message)"
        }
    }

    @Test func elementsAttributesTextAndPositions() throws {
        let doc = try parse("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment -->
            <document type="x" version='3.0'>
                <label text="A &amp; B &lt;&gt; &quot;q&quot; &apos;a&apos; &#65;&#x42;" id="é1"/>
              <string key="text">Line one
            Line two &amp; <![CDATA[<raw> & stuff]]></string>
            </document>
            """)
        #expect(doc.name == "document")
        #expect(doc["version"] == "3.0")
        #expect(doc.position == SourcePosition(line: 3, column: 1))
        let label = try #require(doc.child("label"))
        #expect(label["text"] == "A & B <> \"q\" 'a' AB")
        #expect(label.position == SourcePosition(line: 4, column: 5))
        #expect(label.position(of: "id") == SourcePosition(line: 4, column: 82))
        let string = try #require(doc.child("string", key: "text"))
        #expect(string.text == "Line one\nLine two & <raw> & stuff")
        #expect(doc.children.map(\.name) == ["label", "string"])
    }

    @Test func attributeValuesTurnLineBreaksIntoSpacesButKeepCharacterReferences() throws {
        let doc = try parse("<a t=\"one\ntwo\tthree&#10;four\"/>")
        #expect(doc["t"] == "one two three\nfour")
    }

    @Test func crlfLineEndingsReadAsOneLineBreak() throws {
        let doc = try parse("<a>\r\n<b/>x\r\ny\ry</a>")
        #expect(doc.child("b")?.position == SourcePosition(line: 2, column: 1))
        #expect(doc.text == "\nx\ny\ny")
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let doc = try parse("<a é=\"ü\"><b/></a>")
        #expect(doc.child("b")?.position == SourcePosition(line: 1, column: 10))
        #expect(failure("<a>ü<b></a>") == "1:8: </a> closes <b> (opened at line 1, column 5)")
    }

    @Test(arguments: [
        ("<a><b></a>", "1:7: </a> closes <b> (opened at line 1, column 4)"),
        ("<a>", "1:1: <a> is never closed"),
        ("<a x=\"1\" x=\"2\"/>", "1:10: the attribute x is given twice"),
        ("<a x=\"&nbsp;\"/>", "1:7: unknown entity &nbsp;: XML has only &amp; &lt; &gt; &quot; &apos; and numbered ones, and Tintype defines no others"),
        ("<a>&#0;</a>", "1:4: &#0; is not a character XML allows"),
        ("<a>AT&T</a>", "1:6: \"&\" must start a reference like &amp; (ending in \";\")"),
        ("<a x=\"<\"/>", "1:7: \"<\" is not allowed in an attribute value (write &lt;)"),
        ("<a x=1/>", "1:6: expected a quoted value for the attribute x"),
        ("<a/><b/>", "1:5: a second root element; an XML document has one"),
        ("<a/>text", "1:5: text after the root element: \"text\""),
        ("", "1:1: the file holds no XML element"),
        ("<!-- open", "1:1: unterminated comment"),
        ("<a><![CDATA[x</a>", "1:4: unterminated CDATA section"),
        ("<a x=\"1\"y=\"2\"/>", "1:9: expected a space before the attribute \"y=\\\"2\\\"/>\""),
        ("<a>\u{01}</a>", "1:4: a control character (U+1) is not allowed in XML"),
        ("<?xml version=\"1.0\" encoding=\"UTF-16\"?><a/>", "1:1: the file says it is in \"utf-16\"; Tintype reads UTF-8, as Interface Builder writes"),
    ])
    func malformedDocumentsAreErrorsWithTheirPlace(_ text: String, _ expected: String) {
        #expect(failure(text) == expected)
    }

    @Test func aDoctypeIsRefusedSoNoEntityIsEverDefinedOrResolved() {
        let external = """
            <?xml version="1.0"?>
            <!DOCTYPE d [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
            <d>&secret;</d>
            """
        #expect(failure(external) == "2:1: a DOCTYPE is not allowed: Interface Builder files have none, and Tintype defines no entities")
        // The billion laughs: refused before any expansion.
        let laughs = "<!DOCTYPE l [<!ENTITY a \"ha\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]><l>&b;</l>"
        #expect(failure(laughs).hasPrefix("1:1: a DOCTYPE is not allowed"))
    }

    @Test func invalidUTF8IsAnErrorAtTheByte() {
        var bytes = Array("<a>ok".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("</a>".utf8)
        do {
            _ = try XMLReader.parse(bytes)
            Issue.record("no error")
        } catch {
            #expect(error.position == SourcePosition(line: 1, column: 6))
            #expect(error.message == "the text is not valid UTF-8")
        }
    }

    @Test func nestingIsLimited() {
        let deep = String(repeating: "<a>", count: 20) + String(repeating: "</a>", count: 20)
        #expect(failure(deep, maxDepth: 30) == "no error")
        #expect(failure(deep, maxDepth: 10) == "1:31: elements nest deeper than 10 levels")
    }
}
