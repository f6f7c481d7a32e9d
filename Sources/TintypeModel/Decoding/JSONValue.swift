/// A location in JSON source text.
public struct SourcePosition: Sendable, Equatable, CustomStringConvertible {
    /// The line number, starting at 1.
    public var line: Int
    /// The column, starting at 1, counted in Unicode scalars rather than bytes.
    public var column: Int
    /// The file the value was read from when it is not the scene file itself (a file the scene
    /// merged with `"include"`), as the include named it; nil for the scene's own text.
    public var file: String?

    public init(line: Int, column: Int, file: String? = nil) {
        self.line = line
        self.column = column
        self.file = file
    }

    /// `line 3, column 14`
    public var description: String { "line \(line), column \(column)" }
}

/// A parsed JSON value. Nested values are ``JSONNode``s, so each one keeps its source position.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    /// Members in source order; keys are unique.
    case object([JSONMember])
}

extension JSONValue {
    /// The kind of value with its article, for messages like "expected a number, found a string".
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON value and the position of its first character.
public struct JSONNode: Sendable, Equatable {
    public var value: JSONValue
    public var position: SourcePosition

    public init(value: JSONValue, position: SourcePosition) {
        self.value = value
        self.position = position
    }
}

/// One key–value pair of a JSON object.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    /// The position of the key's opening quote.
    public var keyPosition: SourcePosition
    public var value: JSONNode

    public init(key: String, keyPosition: SourcePosition, value: JSONNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

/// Malformed JSON: what is wrong, and where.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var position: SourcePosition

    public init(message: String, position: SourcePosition) {
        self.message = message
        self.position = position
    }

    /// `line 3, column 14: unterminated string`
    public var description: String { "\(position): \(message)" }
}

/// A strict JSON parser that also accepts `//` and `/* */` comments and trailing commas
/// in arrays and objects.
///
/// Input must be UTF-8; a leading byte order mark is skipped. Duplicate keys, numbers that
/// do not fit in a `Double`, and more than ``maximumDepth`` nested containers are errors.
public enum JSONParser {
    /// The deepest nesting of arrays and objects that parses.
    public static let maximumDepth = SceneLimits.maxJSONDepth

    /// Parses one JSON document from UTF-8 bytes.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var parser = Parser(bytes)
        return try parser.parseDocument()
    }

    /// Parses one JSON document from text.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try parse(Array(text.utf8))
    }
}

/// "Did you mean …?" suggestions for misspelled names.
public enum Suggest {
    /// The candidate closest to `word` by case-insensitive edit distance, if it is within
    /// `max(2, word.count / 3)` edits; the earliest candidate wins a tie.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance <= max(2, word.count / 3), distance < best?.distance ?? .max {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// Levenshtein distance, keeping only two rows of the table.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

// MARK: - Parser

extension JSONParser {
    /// The state of one parse: a cursor into the bytes, the nesting depth, and the current line.
    fileprivate struct Parser {
        private let bytes: [UInt8]
        private var index = 0
        private var depth = 0

        private var line = 1
        /// Byte offset where the current line begins.
        private var lineStart = 0
        /// A known column on the current line, so positions are found without rescanning the line.
        private var cachedOffset = 0
        private var cachedColumn = 1

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                index = 3
                lineStart = 3
                cachedOffset = 3
            }
        }

        mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
            try skipTrivia()
            let root = try parseValue()
            try skipTrivia()
            if index < bytes.count {
                throw unexpectedCharacter(at: index, context: " after the top-level value")
            }
            return root
        }

        // MARK: Values

        private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
            guard index < bytes.count else { throw unexpectedEnd() }
            let start = position(at: index)
            let value: JSONValue
            switch bytes[index] {
            case UInt8(ascii: "{"):
                value = try parseObject(openedAt: start)
            case UInt8(ascii: "["):
                value = try parseArray(openedAt: start)
            case UInt8(ascii: "\""):
                value = .string(try parseString(openedAt: start))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber(startingAt: start))
            case UInt8(ascii: "'"):
                throw JSONSyntaxError(message: "strings must be enclosed in double quotes", position: start)
            case let byte where Self.isWordByte(byte):
                value = try parseLiteral(startingAt: start)
            default:
                throw unexpectedCharacter(at: index)
            }
            return JSONNode(value: value, position: start)
        }

        private mutating func parseArray(openedAt start: SourcePosition) throws(JSONSyntaxError) -> JSONValue {
            try enterContainer(openedAt: start)
            var elements: [JSONNode] = []
            while true {
                try skipTrivia()
                guard index < bytes.count else { throw unexpectedEnd() }
                if bytes[index] == UInt8(ascii: "]") { break }
                elements.append(try parseValue())
                try skipTrivia()
                guard index < bytes.count else { throw unexpectedEnd() }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "]") {
                    break
                } else {
                    throw error("expected ',' or ']' after an array element", at: index)
                }
            }
            exitContainer()
            return .array(elements)
        }

        private mutating func parseObject(openedAt start: SourcePosition) throws(JSONSyntaxError) -> JSONValue {
            try enterContainer(openedAt: start)
            var members: [JSONMember] = []
            var keys = KeySet()
            while true {
                try skipTrivia()
                guard index < bytes.count else { throw unexpectedEnd() }
                if bytes[index] == UInt8(ascii: "}") { break }
                guard bytes[index] == UInt8(ascii: "\"") else { throw unexpectedKey() }

                let keyPosition = position(at: index)
                let key = try parseString(openedAt: keyPosition)
                guard keys.insert(key, among: members) else {
                    throw JSONSyntaxError(message: "duplicate key \(Self.quoted(key))", position: keyPosition)
                }
                try skipTrivia()
                guard index < bytes.count else { throw unexpectedEnd() }
                guard bytes[index] == UInt8(ascii: ":") else {
                    throw error("expected ':' after the key \(Self.quoted(key))", at: index)
                }
                index += 1
                try skipTrivia()
                members.append(JSONMember(key: key, keyPosition: keyPosition, value: try parseValue()))

                try skipTrivia()
                guard index < bytes.count else { throw unexpectedEnd() }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "}") {
                    break
                } else {
                    throw error("expected ',' or '}' after an object member", at: index)
                }
            }
            exitContainer()
            return .object(members)
        }

        private mutating func enterContainer(openedAt start: SourcePosition) throws(JSONSyntaxError) {
            guard depth < JSONParser.maximumDepth else {
                throw JSONSyntaxError(
                    message: "nesting deeper than \(JSONParser.maximumDepth) levels", position: start)
            }
            depth += 1
            index += 1
        }

        /// Consumes the closing bracket or brace.
        private mutating func exitContainer() {
            depth -= 1
            index += 1
        }

        /// `true`, `false` or `null`; any other bare word is an error.
        private mutating func parseLiteral(startingAt start: SourcePosition) throws(JSONSyntaxError) -> JSONValue {
            let begin = index
            while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
            let word = bytes[begin..<index]
            if word.elementsEqual("true".utf8) { return .bool(true) }
            if word.elementsEqual("false".utf8) { return .bool(false) }
            if word.elementsEqual("null".utf8) { return .null }

            let text = String(decoding: word, as: UTF8.self)
            var message = "unexpected word '\(Self.abbreviated(text))'"
            if let guess = Suggest.closest(to: text, in: ["true", "false", "null"]) {
                message += " (did you mean '\(guess)'?)"
            }
            throw JSONSyntaxError(message: message, position: start)
        }

        // MARK: Numbers

        private mutating func parseNumber(startingAt start: SourcePosition) throws(JSONSyntaxError) -> Double {
            let begin = index
            if bytes[index] == UInt8(ascii: "-") {
                index += 1
                try requireDigit(else: "expected a digit after '-'")
            }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if index < bytes.count, Self.isDigit(bytes[index]) {
                    throw error("leading zeros are not allowed", at: index - 1)
                }
            } else {
                skipDigits()
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                try requireDigit(else: "expected a digit after the decimal point")
                skipDigits()
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                try requireDigit(else: "expected a digit in the exponent")
                skipDigits()
            }

            let lexeme = String(decoding: bytes[begin..<index], as: UTF8.self)
            guard let number = Double(lexeme), number.isFinite else {
                throw JSONSyntaxError(
                    message: "number '\(Self.abbreviated(lexeme))' is out of range", position: start)
            }
            return number
        }

        private mutating func requireDigit(else message: String) throws(JSONSyntaxError) {
            guard index < bytes.count else { throw unexpectedEnd() }
            guard Self.isDigit(bytes[index]) else { throw error(message, at: index) }
        }

        private mutating func skipDigits() {
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }

        // MARK: Strings

        /// Parses a string starting at its opening quote, copying only when it contains escapes.
        private mutating func parseString(openedAt start: SourcePosition) throws(JSONSyntaxError) -> String {
            index += 1
            var segmentStart = index
            var decoded: [UInt8] = []
            var hasEscapes = false
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    let end = index
                    index += 1
                    guard hasEscapes else { return String(decoding: bytes[segmentStart..<end], as: UTF8.self) }
                    decoded.append(contentsOf: bytes[segmentStart..<end])
                    return String(decoding: decoded, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    hasEscapes = true
                    decoded.append(contentsOf: bytes[segmentStart..<index])
                    try parseEscape(into: &decoded, stringStart: start)
                    segmentStart = index
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    throw JSONSyntaxError(message: "unterminated string", position: start)
                case 0x00..<0x20:
                    throw error("control character \(Self.codePoint(UInt32(byte))) must be escaped in a string", at: index)
                case 0x80...:
                    index += try validatedScalarLength(at: index)
                default:
                    index += 1
                }
            }
            throw JSONSyntaxError(message: "unterminated string", position: start)
        }

        private mutating func parseEscape(
            into decoded: inout [UInt8], stringStart: SourcePosition
        ) throws(JSONSyntaxError) {
            let backslash = index
            guard index + 1 < bytes.count else {
                throw JSONSyntaxError(message: "unterminated string", position: stringStart)
            }
            let code = bytes[index + 1]
            index += 2
            switch code {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(code)
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                let scalar = try parseUnicodeEscape(backslashAt: backslash)
                UTF8.encode(scalar) { decoded.append($0) }
            default:
                throw invalidEscape(backslashAt: backslash)
            }
        }

        /// Decodes the hex digits of `\uXXXX`, combining a surrogate pair into one scalar.
        private mutating func parseUnicodeEscape(backslashAt backslash: Int) throws(JSONSyntaxError) -> Unicode.Scalar {
            let first = try readHexQuad(backslashAt: backslash)
            switch first {
            case 0xD800...0xDBFF:
                let secondBackslash = index
                guard index + 1 < bytes.count,
                      bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw unpairedSurrogate(first, backslashAt: backslash) }
                index += 2
                let second = try readHexQuad(backslashAt: secondBackslash)
                guard (0xDC00...0xDFFF).contains(second),
                      let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                else { throw unpairedSurrogate(first, backslashAt: backslash) }
                return scalar
            default:
                guard let scalar = Unicode.Scalar(first) else { throw unpairedSurrogate(first, backslashAt: backslash) }
                return scalar
            }
        }

        private mutating func readHexQuad(backslashAt backslash: Int) throws(JSONSyntaxError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else {
                    throw error("expected four hex digits after '\\u'", at: backslash)
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }

        private mutating func unpairedSurrogate(_ value: UInt32, backslashAt backslash: Int) -> JSONSyntaxError {
            error("unpaired surrogate '\\u\(String(value, radix: 16, uppercase: true))'", at: backslash)
        }

        private mutating func invalidEscape(backslashAt backslash: Int) -> JSONSyntaxError {
            let code = bytes[backslash + 1]
            switch code {
            case 0x21...0x7E:
                return error("invalid escape '\\\(Character(Unicode.Scalar(code)))'", at: backslash)
            case 0x00...0x7F:
                return error("invalid escape: '\\' followed by \(Self.codePoint(UInt32(code)))", at: backslash)
            default:
                guard let scalar = scalar(at: backslash + 1) else { return error("invalid UTF-8", at: backslash + 1) }
                return error("invalid escape '\\\(scalar)'", at: backslash)
            }
        }

        // MARK: Whitespace and comments

        private mutating func skipTrivia() throws(JSONSyntaxError) {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"):
                    index += 1
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    skipLineBreak()
                case UInt8(ascii: "/"):
                    try skipComment()
                default:
                    return
                }
            }
        }

        /// Consumes `\n`, `\r` or `\r\n`.
        private mutating func skipLineBreak() {
            if bytes[index] == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                index += 1
            }
            index += 1
            line += 1
            lineStart = index
            cachedOffset = index
            cachedColumn = 1
        }

        private mutating func skipComment() throws(JSONSyntaxError) {
            let next = index + 1 < bytes.count ? bytes[index + 1] : nil
            if next == UInt8(ascii: "/") {
                index += 2
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
                    index += try validatedScalarLength(at: index)
                }
            } else if next == UInt8(ascii: "*") {
                let start = position(at: index)
                index += 2
                while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: "*") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                        index += 2
                        return
                    case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                        skipLineBreak()
                    default:
                        index += try validatedScalarLength(at: index)
                    }
                }
                throw JSONSyntaxError(message: "unterminated comment", position: start)
            } else {
                throw unexpectedCharacter(at: index)
            }
        }

        // MARK: UTF-8

        /// The length of the well-formed UTF-8 sequence at `offset`, or nil if it is malformed.
        private func scalarLength(at offset: Int) -> Int? {
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            let length: Int
            switch bytes[offset] {
            case 0x00...0x7F: return 1
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return nil
            }
            guard bytes.count - offset >= length, (lower...upper).contains(bytes[offset + 1]) else { return nil }
            for continuation in bytes[(offset + 2)..<(offset + length)] where continuation & 0xC0 != 0x80 {
                return nil
            }
            return length
        }

        private mutating func validatedScalarLength(at offset: Int) throws(JSONSyntaxError) -> Int {
            if bytes[offset] < 0x80 { return 1 }
            guard let length = scalarLength(at: offset) else { throw error("invalid UTF-8", at: offset) }
            return length
        }

        private func scalar(at offset: Int) -> Unicode.Scalar? {
            guard let length = scalarLength(at: offset) else { return nil }
            return String(decoding: bytes[offset..<(offset + length)], as: UTF8.self).unicodeScalars.first
        }

        // MARK: Positions and errors

        /// The position of a byte on the current line.
        private mutating func position(at offset: Int) -> SourcePosition {
            if offset < cachedOffset {
                cachedOffset = lineStart
                cachedColumn = 1
            }
            var column = cachedColumn
            var cursor = cachedOffset
            while cursor < offset {
                if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
                cursor += 1
            }
            cachedOffset = cursor
            cachedColumn = column
            return SourcePosition(line: line, column: column)
        }

        private mutating func error(_ message: String, at offset: Int) -> JSONSyntaxError {
            JSONSyntaxError(message: message, position: position(at: offset))
        }

        private mutating func unexpectedEnd() -> JSONSyntaxError {
            error("unexpected end of input", at: bytes.count)
        }

        private mutating func unexpectedCharacter(at offset: Int, context: String = "") -> JSONSyntaxError {
            guard let found = describeCharacter(at: offset) else { return error("invalid UTF-8", at: offset) }
            return error("unexpected character \(found)\(context)", at: offset)
        }

        /// The error for something other than `"` or `}` where an object key should start.
        private mutating func unexpectedKey() -> JSONSyntaxError {
            if bytes[index] == UInt8(ascii: "'") {
                return error("keys must be enclosed in double quotes", at: index)
            }
            let found: String
            if Self.isWordByte(bytes[index]) {
                let word = bytes[index...].prefix(while: Self.isWordByte)
                found = "'\(Self.abbreviated(String(decoding: word, as: UTF8.self)))'"
            } else if let character = describeCharacter(at: index) {
                found = character
            } else {
                return error("invalid UTF-8", at: index)
            }
            return error("expected a double-quoted key or '}', found \(found)", at: index)
        }

        /// `'x'` for visible ASCII (`"'"` for the apostrophe), `U+0007` for control characters,
        /// `'é' (U+00E9)` for everything else; nil for malformed UTF-8.
        private func describeCharacter(at offset: Int) -> String? {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "'"): return "\"'\""
            case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
            case 0x00...0x7F: return Self.codePoint(UInt32(byte))
            default:
                guard let scalar = scalar(at: offset) else { return nil }
                return "'\(scalar)' (\(Self.codePoint(scalar.value)))"
            }
        }

        /// A key in double quotes with JSON-style escapes, so invisible characters show in messages.
        private static func quoted(_ key: String) -> String {
            var result = "\""
            for scalar in abbreviated(key).unicodeScalars {
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                case "\t": result += "\\t"
                case _ where scalar.value < 0x20: result += Self.codePoint(scalar.value)
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result + "\""
        }

        /// Shortens text copied from the input so a message stays readable.
        private static func abbreviated(_ text: String) -> String {
            let limit = 40
            return text.count > limit ? String(text.prefix(limit)) + "…" : text
        }

        /// Tracks an object's keys, scanning the members while the object is small and hashing once it grows.
        private struct KeySet {
            private static let hashingThreshold = 12
            private var hashed: Set<String> = []

            /// Whether `key` is not yet among `members`; large objects also remember it in a hash set.
            mutating func insert(_ key: String, among members: [JSONMember]) -> Bool {
                if members.count < Self.hashingThreshold {
                    return !members.contains { $0.key == key }
                }
                if hashed.isEmpty {
                    hashed = Set(members.map(\.key))
                }
                return hashed.insert(key).inserted
            }
        }

        /// `U+00E9`
        private static func codePoint(_ value: UInt32) -> String {
            let hex = String(value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }

        private static func isDigit(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }

        /// Letters, digits, `_` and `$`: the characters of a bare word such as `true` or an unquoted key.
        private static func isWordByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
                true
            default:
                false
            }
        }

        private static func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }
    }
}
