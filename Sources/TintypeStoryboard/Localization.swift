import Foundation
import TintypeModel

/// A storyboard's translations: `xx.lproj/Main.strings` beside `Base.lproj/Main.storyboard`, keyed
/// by object id and property (`"LBL-12-abc.text" = "Hallo";`). The importer writes the scenes'
/// texts as `{"localized": "LBL-12-abc.text"}` and the tables as a folder of `Localizable.strings`
/// a scene's `"strings"` names, one per language plus the storyboard's own texts as English, each
/// complete: a text a translation lacks keeps the storyboard's, as UIKit shows it.
struct StoryboardStrings {
    struct Table {
        var language: String
        var file: String
        var entries: [String: String]
    }
    var tables: [Table] = []
    /// The storyboard's own texts by key, in the order met.
    var base: [(key: String, text: String)] = []
    var baseKeys: Set<String> = []

    var isEmpty: Bool { tables.isEmpty }

    /// The `.strings` files for the storyboard `file` (in `directory`): `*.lproj/<name>.strings` in
    /// the folder above a `Base.lproj` (or beside the file otherwise), sorted by language.
    static func find(for file: String, directory: String) -> [(language: String, path: String)] {
        let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let standard = (directory as NSString).standardizingPath
        let folder = (standard as NSString).lastPathComponent.hasSuffix(".lproj") ? (standard as NSString).deletingLastPathComponent : standard
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return [] }
        var out: [(String, String)] = []
        for name in names.sorted() where name.hasSuffix(".lproj") && name != "Base.lproj" {
            let path = (folder as NSString).appendingPathComponent(name + "/" + stem + ".strings")
            if FileManager.default.fileExists(atPath: path) { out.append((String(name.dropLast(6)), path)) }
        }
        return out
    }

    /// The files a scene's `strings` folder holds: `<language>.lproj/Localizable.strings`.
    func files() -> [(path: String, text: String)] {
        var languages = tables.map(\.language)
        if !languages.contains("en") { languages.insert("en", at: 0) }
        return languages.map { language in
            let table = tables.first { $0.language == language }?.entries ?? [:]
            var text = "/* Written by tintype import from the storyboard's texts and its \(language).lproj translations. */\n"
            for (key, base) in self.base {
                text += "\"\(Self.escape(key))\" = \"\(Self.escape(table[key] ?? base))\";\n"
            }
            return ("\(language).lproj/Localizable.strings", text)
        }
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }
}

/// What is wrong with a `.strings` file, and where.
struct StringsError: Error {
    var position: SourcePosition
    var message: String
}

/// Reads a `.strings` file (`"key" = "value";`, comments, UTF-8 or UTF-16 with a byte order mark).
enum StringsReader {
    static func parse(_ bytes: [UInt8]) throws(StringsError) -> [(key: String, value: String, position: SourcePosition)] {
        let text: String
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let little = bytes[0] == 0xFF
            var units: [UInt16] = []
            var i = 2
            while i + 1 < bytes.count {
                units.append(little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
                i += 2
            }
            guard let s = String(validating: units, as: UTF16.self) else { throw StringsError(position: SourcePosition(line: 1, column: 1), message: "not valid UTF-16") }
            text = s
        } else {
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            guard let s = String(validating: body, as: UTF8.self) else {
                throw StringsError(position: SourcePosition(line: 1, column: 1), message: "not valid UTF-8 (nor UTF-16 with a byte order mark)")
            }
            text = s
        }
        var p = Parser(scalars: Array(text.unicodeScalars))
        return try p.entries()
    }

    struct Parser {
        let scalars: [Unicode.Scalar]
        var i = 0, line = 1, column = 1

        var position: SourcePosition { SourcePosition(line: line, column: column) }
        func peek(_ k: Int = 0) -> Unicode.Scalar? { i + k < scalars.count ? scalars[i + k] : nil }
        mutating func advance() {
            if scalars[i] == "\n" { line += 1; column = 1 } else { column += 1 }
            i += 1
        }

        mutating func skip() throws(StringsError) {
            while let c = peek() {
                if c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{FEFF}" { advance(); continue }
                if c == "/" && peek(1) == "*" {
                    let start = position
                    advance(); advance()
                    while let d = peek(), !(d == "*" && peek(1) == "/") { _ = d; advance() }
                    if peek() == nil { throw StringsError(position: start, message: "unterminated comment") }
                    advance(); advance()
                    continue
                }
                if c == "/" && peek(1) == "/" {
                    while let d = peek(), d != "\n" { _ = d; advance() }
                    continue
                }
                break
            }
        }

        mutating func string() throws(StringsError) -> String {
            let start = position
            guard let first = peek() else { throw StringsError(position: position, message: "expected a string, found the end of the file") }
            if first != "\"" {
                // An unquoted word (letters, digits, _ . - $ : /), as old property lists allow.
                var word = ""
                while let c = peek(), c.properties.isAlphabetic || ("0"..."9").contains(c) || "_.-$:/".unicodeScalars.contains(c) {
                    word.unicodeScalars.append(c); advance()
                }
                if word.isEmpty { throw StringsError(position: start, message: "expected a quoted string, found \(quoted(String(first)))") }
                return word
            }
            advance()
            var out = ""
            while true {
                guard let c = peek() else { throw StringsError(position: start, message: "unterminated string") }
                advance()
                if c == "\"" { return out }
                if c != "\\" { out.unicodeScalars.append(c); continue }
                guard let e = peek() else { throw StringsError(position: start, message: "unterminated string") }
                advance()
                switch e {
                case "n": out += "\n"
                case "t": out += "\t"
                case "r": out += "\r"
                case "0": out += "\0"
                case "U", "u":
                    var hex = ""
                    for _ in 0..<4 { if let h = peek(), h.properties.isASCIIHexDigit { hex.unicodeScalars.append(h); advance() } }
                    guard hex.count == 4, let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) else {
                        throw StringsError(position: position, message: "\\\(e) needs four hexadecimal digits")
                    }
                    out.unicodeScalars.append(scalar)
                default: out.unicodeScalars.append(e)
                }
            }
        }

        mutating func entries() throws(StringsError) -> [(key: String, value: String, position: SourcePosition)] {
            var out: [(String, String, SourcePosition)] = []
            while true {
                try skip()
                guard peek() != nil else { return out }
                let at = position
                let key = try string()
                try skip()
                var value = key
                if peek() == "=" {
                    advance()
                    try skip()
                    value = try string()
                    try skip()
                }
                guard peek() == ";" else {
                    let found = peek().map { ", found \(quoted(String($0)))" } ?? ", found the end of the file"
                    throw StringsError(position: position, message: "expected \";\" after the entry for \(quoted(key))\(found)")
                }
                advance()
                out.append((key, value, at))
            }
        }
    }
}

extension Importer {
    /// Reads the storyboard's translations, reporting a file that does not parse.
    mutating func readStrings() {
        for (language, path) in StoryboardStrings.find(for: file, directory: directory) {
            guard let data = FileManager.default.contents(atPath: path), data.count <= StoryboardImporter.maxFileSize else {
                errors.append(StoryboardIssue(file: path, position: nil, id: nil, message: "cannot be read", kind: "error"))
                continue
            }
            do {
                var entries: [String: String] = [:]
                for e in try StringsReader.parse([UInt8](data)) { entries[e.key] = e.value }
                strings.tables.append(StoryboardStrings.Table(language: language, file: path, entries: entries))
            } catch {
                errors.append(StoryboardIssue(file: path, position: error.position, id: nil, message: "does not parse: " + error.message, kind: "error"))
            }
        }
    }
}
