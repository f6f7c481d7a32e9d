import Foundation
import Testing
import TintypeModel

/// The one way hand-written JSON quotes a string: what JSON requires escaped is, and the result
/// parses back to the same string.
@Suite struct JSONStringTests {
    @Test func escapesWhatJSONRequiresAndParsesBack() throws {
        let s = "say \"hi\"\\ \n\r\t\u{1}\u{1F} é 😀 </script>"
        let quoted = JSONString.quoted(s)
        #expect(quoted == #""say \"hi\"\\ \n\r\t\u0001\u001f é 😀 </script>""#)
        let parsed = try JSONSerialization.jsonObject(with: Data("[\(quoted)]".utf8)) as? [String]
        #expect(parsed == [s])
        var out = "x"
        JSONString.append("a\"b", to: &out)
        #expect(out == #"xa\"b"#)
    }
}
