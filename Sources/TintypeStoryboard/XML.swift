// Why an XML reader of its own: Interface Builder files use a small part of XML (elements,
// attributes, character data, comments, the declaration), and an importer's errors should point at
// the attribute that is wrong, with its line and column. Foundation's XMLParser reports positions
// after a tag rather than at it, and carries libxml2's DTD machinery. This reader refuses a
// DOCTYPE outright, so no entity (external or internal) is ever defined or resolved, reads at most
// `maxBytes`, nests at most `maxDepth` deep, and checks well-formedness: matched tags, one root,
// no repeated attribute, no stray `<` or `&`.
import Foundation
import TintypeModel

/// An element of an XML document: its name, attributes in document order, child elements, the
/// character data directly inside it, and where its `<` is.
struct XMLNode: Sendable {
    struct Attribute: Sendable {
        var name: String
        var value: String
        /// Where the value starts (its first character after the quote).
        var position: SourcePosition
    }

    var name: String
    var attributes: [Attribute] = []
    var children: [XMLNode] = []
    var text: String = ""
    var position: SourcePosition

    subscript(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
    func position(of attribute: String) -> SourcePosition { attributes.first { $0.name == attribute }?.position ?? position }
    /// The first child named `name` (with `key="…"` when given).
    func child(_ name: String, key: String? = nil) -> XMLNode? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }
    func children(_ name: String) -> [XMLNode] { children.filter { $0.name == name } }
    /// The first child with `key="…"`, whatever its name.
    func keyed(_ key: String) -> XMLNode? { children.first { $0["key"] == key } }
}

/// What is wrong with an XML file, and where.
struct XMLError: Error, Sendable, Equatable {
    var position: SourcePosition
    var message: String
}

/// Reads an XML document from UTF-8 bytes.
enum XMLReader {
    static let defaultMaxDepth = 256

    static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(XMLError) -> XMLNode {
        var p = Parser(bytes: bytes, maxDepth: maxDepth)
        return try p.document()
    }

    struct Parser {
        let bytes: [UInt8]
        let maxDepth: Int
        var i = 0
        var line = 1
        var lineStart = 0

        init(bytes: [UInt8], maxDepth: Int) { self.bytes = bytes; self.maxDepth = maxDepth }

        var position: SourcePosition { position(at: i) }

        /// The line and column of byte `index` (columns count Unicode scalars). Fast on the current
        /// line; an earlier one (an error found at a construct's end) is counted from the start.
        func position(at index: Int) -> SourcePosition {
            var l = line, start = lineStart
            if index < lineStart {
                l = 1; start = 0
                for k in 0..<index where bytes[k] == 0x0A { l += 1; start = k + 1 }
            }
            var column = 1
            var k = start
            while k < index && k < bytes.count {
                if bytes[k] & 0xC0 != 0x80 { column += 1 }
                k += 1
            }
            return SourcePosition(line: l, column: column)
        }

        func fail(_ message: String, at index: Int? = nil) -> XMLError {
            XMLError(position: position(at: index ?? i), message: message)
        }

        var atEnd: Bool { i >= bytes.count }
        func peek(_ offset: Int = 0) -> UInt8? { i + offset < bytes.count ? bytes[i + offset] : nil }

        func starts(with s: String) -> Bool {
            let u = Array(s.utf8)
            guard i + u.count <= bytes.count else { return false }
            for k in 0..<u.count where bytes[i + k] != u[k] { return false }
            return true
        }

        /// Moves past one byte, keeping the line count.
        mutating func advance() {
            if bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
            i += 1
        }

        mutating func advance(by n: Int) { for _ in 0..<n where !atEnd { advance() } }

        static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        static func isNameStart(_ b: UInt8) -> Bool {
            (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x3A || b >= 0x80
        }
        static func isNameChar(_ b: UInt8) -> Bool { isNameStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x2E }

        mutating func skipSpace() { while let b = peek(), Self.isSpace(b) { advance() } }

        mutating func document() throws(XMLError) -> XMLNode {
            if starts(with: "\u{FEFF}") { i += 3; lineStart = 3 }
            // Everything before the root: the declaration, comments, processing instructions, space.
            var root: XMLNode?
            while true {
                skipSpace()
                if atEnd { break }
                if starts(with: "<?") { try processingInstruction(); continue }
                if starts(with: "<!--") { try comment(); continue }
                if starts(with: "<!DOCTYPE") || starts(with: "<!doctype") {
                    throw fail("a DOCTYPE is not allowed: Interface Builder files have none, and Tintype defines no entities")
                }
                if starts(with: "<!") { throw fail("unexpected markup \(quoted(snippet()))") }
                if peek() == 0x3C {
                    if root != nil { throw fail("a second root element; an XML document has one") }
                    root = try element(depth: 1)
                    continue
                }
                throw fail(root == nil ? "expected an element, found \(quoted(snippet()))" : "text after the root element: \(quoted(snippet()))")
            }
            guard let root else { throw fail("the file holds no XML element") }
            return root
        }

        func snippet() -> String {
            let end = min(bytes.count, i + 20)
            var s = String(decoding: bytes[i..<end], as: UTF8.self)
            if let nl = s.firstIndex(of: "\n") { s = String(s[..<nl]) }
            return s
        }

        mutating func processingInstruction() throws(XMLError) {
            let start = i
            advance(by: 2)
            while !atEnd && !starts(with: "?>") { advance() }
            if atEnd { throw fail("unterminated processing instruction", at: start) }
            let body = String(decoding: bytes[(start + 2)..<i], as: UTF8.self)
            advance(by: 2)
            if body.hasPrefix("xml "), let range = body.range(of: "encoding=") {
                let rest = body[range.upperBound...].dropFirst()
                let name = rest.prefix { $0 != "\"" && $0 != "'" }.lowercased()
                if name != "utf-8" && name != "utf8" {
                    throw fail("the file says it is in \(quoted(String(name))); Tintype reads UTF-8, as Interface Builder writes", at: start)
                }
            }
        }

        mutating func comment() throws(XMLError) {
            let start = i
            advance(by: 4)
            while !atEnd && !starts(with: "-->") { advance() }
            if atEnd { throw fail("unterminated comment", at: start) }
            advance(by: 3)
        }

        mutating func name() throws(XMLError) -> String {
            let start = i
            guard let b = peek(), Self.isNameStart(b) else { throw fail("expected a name, found \(quoted(snippet()))") }
            while let b = peek(), Self.isNameChar(b) { advance() }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }

        mutating func element(depth: Int) throws(XMLError) -> XMLNode {
            let start = i
            guard depth <= maxDepth else { throw fail("elements nest deeper than \(maxDepth) levels") }
            advance()  // <
            let name = try self.name()
            var node = XMLNode(name: name, position: position(at: start))
            while true {
                let hadSpace = peek().map(Self.isSpace) ?? false
                skipSpace()
                guard let b = peek() else { throw fail("unterminated tag <\(name)>", at: start) }
                if b == 0x2F {  // />
                    guard peek(1) == 0x3E else { throw fail("expected \"/>\"") }
                    advance(by: 2)
                    return node
                }
                if b == 0x3E { advance(); break }
                guard hadSpace else { throw fail("expected a space before the attribute \(quoted(snippet()))") }
                let attrStart = i
                let attr = try self.name()
                skipSpace()
                guard peek() == 0x3D else { throw fail("expected \"=\" after the attribute \(attr)") }
                advance()
                skipSpace()
                guard let q = peek(), q == 0x22 || q == 0x27 else { throw fail("expected a quoted value for the attribute \(attr)") }
                advance()
                let valuePosition = position
                var value = ""
                while true {
                    guard let c = peek() else { throw fail("unterminated value of the attribute \(attr)", at: attrStart) }
                    if c == q { advance(); break }
                    if c == 0x3C { throw fail("\"<\" is not allowed in an attribute value (write &lt;)") }
                    if c == 0x26 { value += try reference(); continue }
                    if c == 0x09 || c == 0x0A || c == 0x0D { value += " "; advance(); continue }
                    value += try run(stoppingAt: [q, 0x3C, 0x26, 0x09, 0x0A, 0x0D])
                }
                if node.attributes.contains(where: { $0.name == attr }) {
                    throw fail("the attribute \(attr) is given twice", at: attrStart)
                }
                node.attributes.append(.init(name: attr, value: value, position: valuePosition))
            }
            // Content.
            while true {
                guard let b = peek() else { throw fail("<\(name)> is never closed", at: start) }
                if b == 0x3C {
                    if starts(with: "</") {
                        let closeStart = i
                        advance(by: 2)
                        let closing = try self.name()
                        skipSpace()
                        guard peek() == 0x3E else { throw fail("expected \">\" to end </\(closing)>") }
                        advance()
                        if closing != name {
                            let open = node.position
                            throw fail("</\(closing)> closes <\(name)> (opened at line \(open.line), column \(open.column))", at: closeStart)
                        }
                        return node
                    }
                    if starts(with: "<!--") { try comment(); continue }
                    if starts(with: "<![CDATA[") {
                        let cdStart = i
                        advance(by: 9)
                        let from = i
                        while !atEnd && !starts(with: "]]>") { advance() }
                        if atEnd { throw fail("unterminated CDATA section", at: cdStart) }
                        node.text += String(decoding: bytes[from..<i], as: UTF8.self)
                        advance(by: 3)
                        continue
                    }
                    if starts(with: "<?") { try processingInstruction(); continue }
                    if starts(with: "<!") { throw fail("unexpected markup \(quoted(snippet()))") }
                    node.children.append(try element(depth: depth + 1))
                    continue
                }
                if b == 0x26 { node.text += try reference(); continue }
                if b == 0x0D {  // \r\n and \r read as \n
                    advance()
                    if peek() != 0x0A { node.text += "\n" }
                    continue
                }
                node.text += try run(stoppingAt: [0x3C, 0x26, 0x0D])
            }
        }

        /// Bytes up to the next of `stops`, as a string (which must be valid UTF-8).
        mutating func run(stoppingAt stops: [UInt8]) throws(XMLError) -> String {
            let from = i
            while let b = peek(), !stops.contains(b) {
                if b < 0x20 && b != 0x09 && b != 0x0A { throw fail("a control character (U+\(String(b, radix: 16, uppercase: true))) is not allowed in XML") }
                advance()
            }
            if let s = String(validating: bytes[from..<i], as: UTF8.self) { return s }
            var decoder = UTF8()
            var iterator = bytes[from..<i].makeIterator()
            var offset = from
            while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
            throw fail("the text is not valid UTF-8", at: offset)
        }

        /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#N;` or `&#xH;`.
        mutating func reference() throws(XMLError) -> String {
            let start = i
            advance()  // &
            var body: [UInt8] = []
            while let b = peek(), b != 0x3B, body.count < 12, !Self.isSpace(b), b != 0x3C, b != 0x26 { body.append(b); advance() }
            guard peek() == 0x3B else { throw fail("\"&\" must start a reference like &amp; (ending in \";\")", at: start) }
            advance()
            let name = String(decoding: body, as: UTF8.self)
            switch name {
            case "amp": return "&"
            case "lt": return "<"
            case "gt": return ">"
            case "quot": return "\""
            case "apos": return "'"
            default: break
            }
            if name.hasPrefix("#") {
                let digits = name.dropFirst()
                let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                if let value, let scalar = Unicode.Scalar(value), value == 0x9 || value == 0xA || value == 0xD || value >= 0x20 {
                    return String(Character(scalar))
                }
                throw fail("&\(name); is not a character XML allows", at: start)
            }
            throw fail("unknown entity &\(name);: XML has only &amp; &lt; &gt; &quot; &apos; and numbered ones, and Tintype defines no others", at: start)
        }
    }
}
