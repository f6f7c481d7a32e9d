import Testing
@testable import TintypeModel

struct JSONValueTests {
    // MARK: Helpers

    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try JSONParser.parse(text).value
    }

    /// The error parsing `text` throws, or nil if it parses.
    private func syntaxError(_ text: String) -> JSONSyntaxError? {
        syntaxError(Array(text.utf8))
    }

    private func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    private func failure(_ message: String, _ line: Int, _ column: Int) -> JSONSyntaxError {
        JSONSyntaxError(message: message, position: SourcePosition(line: line, column: column))
    }

    private func numbers(_ value: JSONValue) -> [Double] {
        guard case .array(let elements) = value else { return [] }
        return elements.compactMap { node in
            if case .number(let number) = node.value { number } else { nil }
        }
    }

    private func member(_ key: String, of node: JSONNode) -> JSONNode? {
        guard case .object(let members) = node.value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A tiny deterministic generator so fuzz failures reproduce.
    private struct LCG {
        var state: UInt64

        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }

        mutating func next(below bound: Int) -> Int {
            Int(next() % UInt64(bound))
        }
    }

    // MARK: Valid documents

    @Test func parsesScalars() throws {
        #expect(try parse("null") == .null)
        #expect(try parse("true") == .bool(true))
        #expect(try parse(" false ") == .bool(false))
        #expect(try parse("\"hi\"") == .string("hi"))
        #expect(try parse("42") == .number(42))
        #expect(try parse("[]") == .array([]))
        #expect(try parse("{}") == .object([]))
    }

    @Test func parsesNumbers() throws {
        let value = try parse("[0, -0, 7, -12, 3.25, -0.5, 1e3, 1E-3, -2.5e+2, 6.02e23, 1e-999, 123456789012345678901234567890]")
        #expect(numbers(value) == [0, 0, 7, -12, 3.25, -0.5, 1000, 0.001, -250, 6.02e23, 0, 1.2345678901234568e29])
    }

    @Test func acceptsCommentsAndTrailingCommas() throws {
        let text = """
        // A scene.
        {
          /* a block
             comment */ "a": [1, 2, 3,], // trailing
          "b": {"c": null,}, /**/
          "d": "// not a comment /* either */",
        }
        // done
        """
        let root = try JSONParser.parse(text)
        #expect(member("a", of: root).map { numbers($0.value) } == [1, 2, 3])
        #expect(member("b", of: root).flatMap { member("c", of: $0) }?.value == .null)
        #expect(member("d", of: root)?.value == .string("// not a comment /* either */"))
    }

    @Test func decodesEscapes() throws {
        let text = #""\" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u00E9 \uD83D\uDE00 \u0000""#
        #expect(try parse(text) == .string("\" \\ / \u{8} \u{C} \n \r \t A é é 😀 \u{0}"))
    }

    @Test func keepsNonASCIIText() throws {
        #expect(try parse("[\"héllo wörld 😀\"]") == .array([
            JSONNode(value: .string("héllo wörld 😀"), position: SourcePosition(line: 1, column: 2)),
        ]))
    }

    @Test func preservesKeyOrder() throws {
        guard case .object(let members) = try parse(#"{"z": 1, "a": 2, "m": 3, "b": 4}"#) else {
            Issue.record("expected an object")
            return
        }
        #expect(members.map(\.key) == ["z", "a", "m", "b"])
    }

    @Test func recordsPositionsOfNestedValues() throws {
        let text = """
        {
          "frame": [10, 20],
          "label": {
            "text":   "é😀",  "size": true
          }
        }
        """
        let root = try JSONParser.parse(text)
        #expect(root.position == SourcePosition(line: 1, column: 1))
        guard case .object(let members) = root.value,
              case .array(let frame) = members[0].value.value,
              case .object(let label) = members[1].value.value
        else {
            Issue.record("unexpected structure")
            return
        }
        #expect(members[0].keyPosition == SourcePosition(line: 2, column: 3))
        #expect(members[0].value.position == SourcePosition(line: 2, column: 12))
        #expect(frame.map(\.position) == [SourcePosition(line: 2, column: 13), SourcePosition(line: 2, column: 17)])
        #expect(members[1].value.position == SourcePosition(line: 3, column: 12))
        #expect(label[0].keyPosition == SourcePosition(line: 4, column: 5))
        #expect(label[0].value.position == SourcePosition(line: 4, column: 15))
        // Columns count characters, so the two-scalar string is four columns wide including quotes.
        #expect(label[1].keyPosition == SourcePosition(line: 4, column: 22))
        #expect(label[1].value.position == SourcePosition(line: 4, column: 30))
    }

    @Test func countsCRLFAndCRLineBreaks() {
        #expect(syntaxError("[1,\r\n  x]")?.position == SourcePosition(line: 2, column: 3))
        #expect(syntaxError("[1,\r\r  x]")?.position == SourcePosition(line: 3, column: 3))
        #expect(syntaxError("/* one\r\ntwo */ [\n x]")?.position == SourcePosition(line: 3, column: 2))
    }

    @Test func skipsByteOrderMark() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)).value == .array([
            JSONNode(value: .number(1), position: SourcePosition(line: 1, column: 2)),
        ]))
        #expect(syntaxError([0xEF, 0xBB, 0xBF] + Array("[x]".utf8))?.position == SourcePosition(line: 1, column: 2))
    }

    @Test func stringAndByteInputsAgree() throws {
        let text = #"{"a": [1, "é", {"b": null}], "c": -3.5e2}"#
        #expect(try JSONParser.parse(text) == JSONParser.parse(Array(text.utf8)))
    }

    @Test func acceptsMaximumNesting() throws {
        let depth = JSONParser.maximumDepth
        #expect(throws: Never.self) {
            try JSONParser.parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        }
        #expect(throws: Never.self) {
            try JSONParser.parse(String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth))
        }
    }

    @Test func namesKinds() throws {
        #expect(JSONValue.null.kindName == "null")
        #expect(JSONValue.bool(true).kindName == "a boolean")
        #expect(JSONValue.number(1).kindName == "a number")
        #expect(JSONValue.string("").kindName == "a string")
        #expect(JSONValue.array([]).kindName == "an array")
        #expect(JSONValue.object([]).kindName == "an object")
    }

    @Test func describesErrors() {
        #expect(SourcePosition(line: 3, column: 14).description == "line 3, column 14")
        #expect(failure("unterminated string", 3, 14).description == "line 3, column 14: unterminated string")
    }

    // MARK: Errors

    @Test(arguments: [
        // Unexpected characters and words
        ("{\"a\": }", "unexpected character '}'", 1, 7),
        ("[1,,]", "unexpected character ','", 1, 4),
        ("[,]", "unexpected character ','", 1, 2),
        ("+1", "unexpected character '+'", 1, 1),
        (".5", "unexpected character '.'", 1, 1),
        ("/x", "unexpected character '/'", 1, 1),
        ("[\u{7}]", "unexpected character U+0007", 1, 2),
        ("[«]", "unexpected character '«' (U+00AB)", 1, 2),
        ("{} }", "unexpected character '}' after the top-level value", 1, 4),
        ("1 2", "unexpected character '2' after the top-level value", 1, 3),
        ("tru", "unexpected word 'tru' (did you mean 'true'?)", 1, 1),
        ("[True]", "unexpected word 'True' (did you mean 'true'?)", 1, 2),
        ("{\"é\": nul}", "unexpected word 'nul' (did you mean 'null'?)", 1, 7),
        ("[\"😀\", undefined]", "unexpected word 'undefined'", 1, 7),
        ("'a'", "strings must be enclosed in double quotes", 1, 1),
        // Structure
        ("[1, 2 }", "expected ',' or ']' after an array element", 1, 7),
        ("[1 2]", "expected ',' or ']' after an array element", 1, 4),
        ("{\"frame\" 1}", "expected ':' after the key \"frame\"", 1, 10),
        ("{\"a\": 1 \"b\": 2}", "expected ',' or '}' after an object member", 1, 9),
        ("{frame: 1}", "expected a double-quoted key or '}', found 'frame'", 1, 2),
        ("{\"a\": 1, ]", "expected a double-quoted key or '}', found ']'", 1, 10),
        ("{'a': 1}", "keys must be enclosed in double quotes", 1, 2),
        ("{\n  \"frame\": 1,\n  \"frame\": 2\n}", "duplicate key \"frame\"", 3, 3),
        // End of input
        ("", "unexpected end of input", 1, 1),
        ("  // nothing", "unexpected end of input", 1, 13),
        ("[1, 2", "unexpected end of input", 1, 6),
        ("{\"a\":\n", "unexpected end of input", 2, 1),
        ("{\"a\"", "unexpected end of input", 1, 5),
        ("-", "unexpected end of input", 1, 2),
        ("[1.", "unexpected end of input", 1, 4),
        // Strings
        ("\"abc", "unterminated string", 1, 1),
        ("{\"a\": \"abc\n}", "unterminated string", 1, 7),
        ("\"abc\\", "unterminated string", 1, 1),
        ("[\"a\\qb\"]", "invalid escape '\\q'", 1, 4),
        ("\"\\é\"", "invalid escape '\\é'", 1, 2),
        ("\"a\tb\"", "control character U+0009 must be escaped in a string", 1, 3),
        ("\"\\u12\"", "expected four hex digits after '\\u'", 1, 2),
        ("\"\\uD83D\"", "unpaired surrogate '\\uD83D'", 1, 2),
        ("\"x\\uDE00\"", "unpaired surrogate '\\uDE00'", 1, 3),
        ("\"\\uD83D\\u0041\"", "unpaired surrogate '\\uD83D'", 1, 2),
        // Comments
        ("[1, /* oops", "unterminated comment", 1, 5),
        ("[1,\n  /* a\n b", "unterminated comment", 2, 3),
        // Numbers
        ("1e999", "number '1e999' is out of range", 1, 1),
        ("[\n  -1e400]", "number '-1e400' is out of range", 2, 3),
        ("01", "leading zeros are not allowed", 1, 1),
        ("[-012]", "leading zeros are not allowed", 1, 3),
        ("-x", "expected a digit after '-'", 1, 2),
        ("1.e5", "expected a digit after the decimal point", 1, 3),
        ("[1e+]", "expected a digit in the exponent", 1, 5),
    ])
    func reportsErrors(text: String, message: String, line: Int, column: Int) {
        #expect(syntaxError(text) == failure(message, line, column))
    }

    @Test func reportsInvalidUTF8() {
        let cases: [([UInt8], SourcePosition)] = [
            ([0x22, 0x61, 0xFF, 0x22], SourcePosition(line: 1, column: 3)),  // stray byte in a string
            ([0x22, 0xC0, 0x80, 0x22], SourcePosition(line: 1, column: 2)),  // overlong encoding
            ([0x22, 0xED, 0xA0, 0x80, 0x22], SourcePosition(line: 1, column: 2)),  // encoded surrogate
            ([0x22, 0xC3, 0xA9, 0xE2, 0x82], SourcePosition(line: 1, column: 3)),  // truncated at the end
            ([0x2F, 0x2F, 0x20, 0x80, 0x0A, 0x31], SourcePosition(line: 1, column: 4)),  // in a line comment
            ([0x0A, 0x2F, 0x2A, 0xF5, 0x2A, 0x2F], SourcePosition(line: 2, column: 3)),  // in a block comment
            ([0x5B, 0x80, 0x5D], SourcePosition(line: 1, column: 2)),  // where a value should be
            ([0x7B, 0x80, 0x7D], SourcePosition(line: 1, column: 2)),  // where a key should be
        ]
        for (bytes, position) in cases {
            #expect(syntaxError(bytes) == JSONSyntaxError(message: "invalid UTF-8", position: position), "\(bytes)")
        }
    }

    @Test func rejectsDeepNesting() {
        let depth = JSONParser.maximumDepth
        #expect(syntaxError(String(repeating: "[", count: depth + 1))
            == failure("nesting deeper than 256 levels", 1, depth + 1))
        #expect(syntaxError(String(repeating: "[", count: 100_000))
            == failure("nesting deeper than 256 levels", 1, depth + 1))
        #expect(syntaxError(String(repeating: #"{"a":"#, count: depth + 1))
            == failure("nesting deeper than 256 levels", 1, 5 * depth + 1))
    }

    @Test func detectsDuplicatesInLargeObjects() {
        let members = (0..<40).map { #""key\#($0)": \#($0)"# }
        let text = "{" + members.joined(separator: ", ") + #", "key3": 0}"#
        #expect(syntaxError(text)?.message == #"duplicate key "key3""#)
        #expect(syntaxError("{" + members.joined(separator: ", ") + "}") == nil)
    }

    @Test func escapesKeysInMessages() {
        #expect(syntaxError(#"{"a\"b\n" 1}"#)?.message == #"expected ':' after the key "a\"b\n""#)
    }

    // MARK: Robustness

    @Test func survivesRandomGarbage() {
        let alphabet = Array(#"{}[],:"\/*-+.0eE19tfnrul a$'"#.utf8) + [0x0A, 0x0D, 0x09, 0x00, 0x80, 0xC3, 0xA9, 0xED, 0xF0, 0xFF]
        var random = LCG(state: 0x5EED)
        var parsed = 0
        for _ in 0..<5_000 {
            let length = random.next(below: 24)
            let bytes = (0..<length).map { _ in alphabet[random.next(below: alphabet.count)] }
            if let error = syntaxError(bytes) {
                #expect(error.position.line >= 1 && error.position.column >= 1)
                #expect(!error.message.isEmpty)
            } else {
                parsed += 1
            }
        }
        #expect(parsed > 0)
    }

    @Test func survivesMutatedDocuments() {
        let document = Array(#"""
        {
          // comment
          "name": "Ünïcødé \u00e9 \uD83D\uDE00 \"q\"",
          "list": [1, -2.5e3, true, false, null, [], {}, /* c */],
          "nested": {"a": {"b": [0.125, "😀"]}},
        }
        """#.utf8)
        #expect(syntaxError(document) == nil)

        for end in 0..<document.count {
            _ = syntaxError(Array(document[..<end]))
        }

        var random = LCG(state: 42)
        for _ in 0..<3_000 {
            var bytes = document
            for _ in 0...random.next(below: 3) {
                let offset = random.next(below: bytes.count)
                switch random.next(below: 3) {
                case 0: bytes[offset] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes.remove(at: offset)
                default: bytes.insert(document[random.next(below: document.count)], at: offset)
                }
            }
            if let error = syntaxError(bytes) {
                #expect(error.position.line >= 1 && error.position.column >= 1)
            }
        }
    }

    // MARK: Suggestions

    @Test func suggestsClosestName() {
        let names = ["view", "label", "imageView", "shape"]
        #expect(Suggest.closest(to: "lable", in: names) == "label")
        #expect(Suggest.closest(to: "imageVeiw", in: names) == "imageView")
        #expect(Suggest.closest(to: "IMAGEVIEW", in: names) == "imageView")
        #expect(Suggest.closest(to: "xyz", in: names) == nil)
        #expect(Suggest.closest(to: "vew", in: names) == "view")
        #expect(Suggest.closest(to: "anything", in: []) == nil)
    }

    @Test func suggestionTiesGoToTheEarlierCandidate() {
        #expect(Suggest.closest(to: "cat", in: ["bat", "hat"]) == "bat")
        #expect(Suggest.closest(to: "cat", in: ["hat", "bat"]) == "hat")
    }
}
