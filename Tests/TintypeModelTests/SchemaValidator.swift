// An independent JSON Schema validator for the tests: its own JSON reader (with the comments and
// trailing commas scene files allow) and the subset of draft-07 that docs/scene.schema.json uses.
// It shares no code with TintypeModel, so a scene the decoder reads and this validator accepts
// is evidence that the schema describes the format, not that one piece of code agrees with itself.
// A keyword it does not implement is an error, so the schema cannot grow past what is checked.

/// A JSON value, object members in document order.
indirect enum TestJSON: Equatable {
    case null, bool(Bool), number(Double), string(String), array([TestJSON]), object([(String, TestJSON)])

    static func == (a: TestJSON, b: TestJSON) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    subscript(key: String) -> TestJSON? {
        if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }

    struct SyntaxError: Error, CustomStringConvertible {
        var offset: Int, message: String
        var description: String { "byte \(offset): \(message)" }
    }

    /// Parses JSON with `//` and `/* */` comments and trailing commas.
    static func parse(_ text: String) throws -> TestJSON {
        var p = Parser(bytes: Array(text.utf8))
        let v = try p.value()
        p.skip()
        guard p.i == p.bytes.count else { throw SyntaxError(offset: p.i, message: "text after the value") }
        return v
    }

    private struct Parser {
        let bytes: [UInt8]
        var i = 0

        mutating func skip() {
            while i < bytes.count {
                let c = bytes[i]
                if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { i += 1; continue }
                if c == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                    while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                    continue
                }
                if c == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                    i += 2
                    while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
                    i += 2
                    continue
                }
                return
            }
        }

        func fail(_ m: String) -> SyntaxError { SyntaxError(offset: i, message: m) }

        mutating func literal(_ word: String, _ v: TestJSON) throws -> TestJSON {
            let w = Array(word.utf8)
            guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { throw fail("expected \(word)") }
            i += w.count
            return v
        }

        mutating func value() throws -> TestJSON {
            skip()
            guard i < bytes.count else { throw fail("unexpected end") }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var members: [(String, TestJSON)] = []
                while true {
                    skip()
                    guard i < bytes.count else { throw fail("unterminated object") }
                    if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                    guard case .string(let key) = try value() else { throw fail("expected a key") }
                    skip()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected :") }
                    i += 1
                    members.append((key, try value()))
                    skip()
                    if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1 } else if i < bytes.count, bytes[i] == UInt8(ascii: "}") { continue } else { throw fail("expected , or }") }
                }
            case UInt8(ascii: "["):
                i += 1
                var items: [TestJSON] = []
                while true {
                    skip()
                    guard i < bytes.count else { throw fail("unterminated array") }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                    items.append(try value())
                    skip()
                    if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1 } else if i < bytes.count, bytes[i] == UInt8(ascii: "]") { continue } else { throw fail("expected , or ]") }
                }
            case UInt8(ascii: "\""):
                i += 1
                var out: [UInt8] = []
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                    if bytes[i] == UInt8(ascii: "\\") {
                        i += 1
                        guard i < bytes.count else { break }
                        switch bytes[i] {
                        case UInt8(ascii: "n"): out.append(0x0A)
                        case UInt8(ascii: "t"): out.append(0x09)
                        case UInt8(ascii: "r"): out.append(0x0D)
                        case UInt8(ascii: "b"): out.append(0x08)
                        case UInt8(ascii: "f"): out.append(0x0C)
                        case UInt8(ascii: "u"):
                            guard i + 4 < bytes.count, let code = UInt32(String(decoding: bytes[i + 1...i + 4], as: UTF8.self), radix: 16) else { throw fail("bad \\u escape") }
                            // Surrogate pairs are not needed for the texts tested; a lone one becomes U+FFFD.
                            out += Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
                            i += 4
                        default: out.append(bytes[i])
                        }
                        i += 1
                    } else {
                        out.append(bytes[i]); i += 1
                    }
                }
                guard i < bytes.count else { throw fail("unterminated string") }
                i += 1
                return .string(String(decoding: out, as: UTF8.self))
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default:
                let start = i
                while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
                guard let v = Double(String(decoding: bytes[start..<i], as: UTF8.self)) else { throw fail("bad value") }
                return .number(v)
            }
        }
    }
}

/// Validates JSON against a JSON Schema (the draft-07 keywords in `supported`).
struct SchemaValidator {
    static let supported: Set<String> = [
        "$schema", "title", "description", "definitions", "$ref", "allOf", "anyOf", "if", "then",
        "type", "enum", "minimum", "maximum", "minItems", "maxItems", "items",
        "properties", "required", "additionalProperties", "minProperties", "maxProperties",
    ]

    struct Unsupported: Error, CustomStringConvertible {
        var keyword: String, at: String
        var description: String { "the schema uses \(keyword) at \(at), which this validator does not implement" }
    }

    let root: TestJSON

    init(schema: TestJSON) throws {
        root = schema
        try Self.check(schema, at: "#")
    }

    /// Every keyword of every subschema is one this validator implements.
    private static func check(_ s: TestJSON, at: String) throws {
        guard case .object(let members) = s else { return }
        for (k, v) in members {
            guard supported.contains(k) else { throw Unsupported(keyword: k, at: at) }
            switch k {
            case "definitions", "properties":
                if case .object(let subs) = v { for (name, sub) in subs { try check(sub, at: at + "/" + k + "/" + name) } }
            case "allOf", "anyOf":
                if case .array(let subs) = v { for (n, sub) in subs.enumerated() { try check(sub, at: at + "/" + k + "/\(n)") } }
            case "items", "if", "then", "additionalProperties":
                try check(v, at: at + "/" + k)
            default: break
            }
        }
    }

    /// The problems with `value`, each as `/json/pointer: message`; empty when it is valid.
    func errors(_ value: TestJSON) -> [String] { errors(value, root, "") }

    private func resolve(_ ref: String) -> TestJSON? {
        guard ref.hasPrefix("#/") else { return nil }
        var node: TestJSON? = root
        for part in ref.dropFirst(2).split(separator: "/") { node = node?[String(part)] }
        return node
    }

    private func errors(_ v: TestJSON, _ s: TestJSON, _ at: String) -> [String] {
        if case .bool(let b) = s { return b ? [] : ["\(at): no value is allowed here"] }
        guard case .object = s else { return ["\(at): the schema is not an object"] }
        var out: [String] = []
        let here = at.isEmpty ? "/" : at
        if case .string(let ref)? = s["$ref"] {
            guard let target = resolve(ref) else { return ["\(here): unresolved $ref \(ref)"] }
            out += errors(v, target, at)
        }
        if case .array(let subs)? = s["allOf"] { for sub in subs { out += errors(v, sub, at) } }
        if case .array(let subs)? = s["anyOf"] {
            let each = subs.map { errors(v, $0, at) }
            if !each.contains(where: \.isEmpty) {
                out.append("\(here): matches none of \(subs.count) alternatives (" + each.map { $0.first ?? "" }.joined(separator: "; ") + ")")
            }
        }
        if let cond = s["if"], errors(v, cond, at).isEmpty, let then = s["then"] { out += errors(v, then, at) }
        if let t = s["type"] {
            let types: [String] = if case .array(let ts) = t { ts.compactMap { if case .string(let n) = $0 { n } else { nil } } }
                else if case .string(let n) = t { [n] } else { [] }
            if !types.contains(where: { Self.isType(v, $0) }) { out.append("\(here): expected \(types.joined(separator: " or ")), found \(Self.kind(v))") }
        }
        if case .array(let allowed)? = s["enum"], !allowed.contains(v) { out.append("\(here): \(Self.show(v)) is not one of the allowed values") }
        if case .number(let x) = v {
            if case .number(let lo)? = s["minimum"], x < lo { out.append("\(here): \(x) is below the minimum \(lo)") }
            if case .number(let hi)? = s["maximum"], x > hi { out.append("\(here): \(x) is above the maximum \(hi)") }
        }
        if case .array(let items) = v {
            if case .number(let n)? = s["minItems"], Double(items.count) < n { out.append("\(here): fewer than \(Int(n)) items") }
            if case .number(let n)? = s["maxItems"], Double(items.count) > n { out.append("\(here): more than \(Int(n)) items") }
            if let itemSchema = s["items"] {
                for (n, item) in items.enumerated() { out += errors(item, itemSchema, at + "/\(n)") }
            }
        }
        if case .object(let members) = v {
            if case .number(let n)? = s["minProperties"], Double(members.count) < n { out.append("\(here): fewer than \(Int(n)) properties") }
            if case .number(let n)? = s["maxProperties"], Double(members.count) > n { out.append("\(here): more than \(Int(n)) properties") }
            if case .array(let required)? = s["required"] {
                for case .string(let r) in required where !members.contains(where: { $0.0 == r }) { out.append("\(here): missing \(r)") }
            }
            let properties = s["properties"]
            for (key, value) in members {
                let child = at + "/" + key
                if let p = properties?[key] {
                    out += errors(value, p, child)
                } else if let extra = s["additionalProperties"] {
                    if case .bool(false) = extra { out.append("\(child): unknown property") } else { out += errors(value, extra, child) }
                }
            }
        }
        return out
    }

    static func isType(_ v: TestJSON, _ t: String) -> Bool {
        switch (t, v) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array), ("object", .object): true
        case ("integer", .number(let x)): x.rounded() == x
        default: false
        }
    }

    static func kind(_ v: TestJSON) -> String {
        switch v {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    static func show(_ v: TestJSON) -> String {
        if case .string(let s) = v { return "\"\(s)\"" }
        if case .number(let x) = v { return "\(x)" }
        return kind(v)
    }
}
