#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The app's own strings: an Xcode 15 string catalog (`Localizable.xcstrings`, JSON) or a folder of
/// `<language>.lproj/Localizable.strings` files (with plural rules in `Localizable.stringsdict`).
public struct StringCatalog: Sendable, Equatable {
    /// One translation: a format string, or one per CLDR plural category (`one`, `few`, `other`, …)
    /// chosen by the first whole-number argument.
    public enum Value: Sendable, Equatable {
        case text(String)
        case plural([String: String])
        /// A `.stringsdict` entry: `format` holds `%#@name@`, replaced by the plural form of `name`.
        case pluralFormat(format: String, variable: String, forms: [String: String])
    }

    /// The catalog as the scene named it, for messages.
    public var file: String
    /// The language the keys are written in (the catalog's `sourceLanguage`; `en` for a folder).
    public var sourceLanguage: String
    /// key → language → translation.
    public var entries: [String: [String: Value]]
    /// Whether a key stands for its own source-language text when it has no source translation
    /// (an Xcode catalog's keys are the English text).
    public var keysAreSourceText: Bool

    /// Every language with at least one translation, sorted.
    public var languages: [String] {
        Array(Set(entries.values.flatMap(\.keys))).sorted()
    }

    /// The translation of `key` for `locale` (a BCP 47 tag), trying the tag, then less specific
    /// ones (`de-DE`, then `de`); nil when there is none.
    public func value(_ key: String, locale: String) -> Value? {
        guard let translations = entries[key] else { return nil }
        for tag in AppLocale.lookupOrder(locale) {
            if let v = translations[tag] ?? translations.first(where: { $0.key.lowercased() == tag.lowercased() })?.value { return v }
        }
        if keysAreSourceText, AppLocale.lookupOrder(locale).last == AppLocale.lookupOrder(sourceLanguage).last { return .text(key) }
        return nil
    }

    /// Loads `path` (a `.xcstrings` file or a folder of `.lproj` folders). `name` is how messages
    /// call it. Every problem is reported, with the catalog's own line and column. A file is read
    /// only when it is a regular file within `SceneLimits.maxCatalogSize` (a folder's files within
    /// it together), and with `project`, each file of a folder only when it lies inside the project.
    public static func load(path: String, name: String, project: SceneProject? = nil) throws(SceneError) -> StringCatalog {
        switch InputFiles.kind(atPath: path) {
        case .missing: throw SceneError(file: name, message: "no such string catalog")
        case .folder: return try loadFolder(path: path, name: name, project: project)
        case .file: break
        case let kind: throw SceneError(file: name, message: "the string catalog \(kind.problem ?? "is not a file")")
        }
        switch InputFiles.read(path, limit: SceneLimits.maxCatalogSize) {
        case .success(let bytes): return try loadXCStrings(bytes, name: name)
        case .failure(let why): throw SceneError(file: name, message: "the string catalog " + why.message(limit: SceneLimits.maxCatalogSize))
        }
    }

    // MARK: Xcode string catalogs

    static func loadXCStrings(_ bytes: [UInt8], name: String) throws(SceneError) -> StringCatalog {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            throw SceneError(file: name, position: error.position, message: "malformed JSON: \(error.message)")
        }
        var issues: [SceneIssue] = []
        func report(_ path: String, _ node: JSONNode, _ message: String) {
            issues.append(SceneIssue(file: name, path: path, position: node.position, message: message))
        }
        func members(_ node: JSONNode, _ path: String, _ what: String) -> [JSONMember] {
            guard case .object(let m) = node.value else { report(path, node, "expected \(what), found \(node.value.kindName)"); return [] }
            return m
        }
        func string(_ node: JSONNode, _ path: String) -> String? {
            guard case .string(let s) = node.value else { report(path, node, "expected a string, found \(node.value.kindName)"); return nil }
            return s
        }
        var catalog = StringCatalog(file: name, sourceLanguage: "en", entries: [:], keysAreSourceText: true)
        var sawStrings = false
        for m in members(root, "", "a string catalog object") {
            switch m.key {
            case "sourceLanguage": if let s = string(m.value, "sourceLanguage") { catalog.sourceLanguage = s }
            case "version": break
            case "strings":
                sawStrings = true
                for entry in members(m.value, "strings", "an object of keys") {
                    let base = "strings." + quotedKey(entry.key)
                    var translations: [String: Value] = [:]
                    for part in members(entry.value, base, "an object") {
                        switch part.key {
                        case "localizations":
                            for loc in members(part.value, base + ".localizations", "an object of languages") {
                                let path = base + ".localizations." + loc.key
                                if let v = unit(loc.value, path) { translations[loc.key] = v }
                            }
                        case "comment", "extractionState", "shouldTranslate": break
                        default: break  // Xcode adds keys over time; an unknown one is not an error
                        }
                    }
                    catalog.entries[entry.key] = translations
                }
            default: break
            }
        }
        /// A localization: `{"stringUnit": {"state", "value"}}` or `{"variations": {"plural": {...}}}`.
        func unit(_ node: JSONNode, _ path: String) -> Value? {
            for part in members(node, path, "an object with a stringUnit or variations") {
                if part.key == "stringUnit" { return stringUnit(part.value, path + ".stringUnit").map(Value.text) }
                if part.key == "variations" {
                    for variation in members(part.value, path + ".variations", "an object") {
                        guard variation.key == "plural" else {
                            report(path + ".variations." + variation.key, variation.value, "only plural variations are supported, not \(quoted(variation.key))")
                            continue
                        }
                        var forms: [String: String] = [:]
                        for form in members(variation.value, path + ".variations.plural", "an object of plural categories") {
                            let p = path + ".variations.plural." + form.key
                            guard ["zero", "one", "two", "few", "many", "other"].contains(form.key) else {
                                report(p, form.value, "unknown plural category \(quoted(form.key)); expected zero, one, two, few, many or other")
                                continue
                            }
                            for u in members(form.value, p, "an object with a stringUnit") where u.key == "stringUnit" {
                                if let s = stringUnit(u.value, p + ".stringUnit") { forms[form.key] = s }
                            }
                        }
                        if forms["other"] == nil { report(path + ".variations.plural", variation.value, "a plural needs an \"other\" form") }
                        return .plural(forms)
                    }
                }
            }
            return nil
        }
        func stringUnit(_ node: JSONNode, _ path: String) -> String? {
            for f in members(node, path, "an object with a value") where f.key == "value" { return string(f.value, path + ".value") }
            report(path, node, "a stringUnit needs a \"value\"")
            return nil
        }
        if !sawStrings, issues.isEmpty { issues.append(SceneIssue(file: name, path: "", position: root.position, message: "not a string catalog: it has no \"strings\"")) }
        if !issues.isEmpty { throw SceneError(issues: issues) }
        return catalog
    }

    private static func quotedKey(_ key: String) -> String {
        key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? key : quoted(key)
    }

    /// A catalog of `.strings` texts given in memory (`de.lproj/Localizable.strings` → its text),
    /// as a storyboard's translations are read; `name` is how messages call it.
    public static func strings(_ files: [(path: String, text: String)], name: String) throws(SceneError) -> StringCatalog {
        var catalog = StringCatalog(file: name, sourceLanguage: "en", entries: [:], keysAreSourceText: false)
        var issues: [SceneIssue] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            guard let folder = file.path.split(separator: "/").first, folder.hasSuffix(".lproj") else { continue }
            let language = String(folder.dropLast(".lproj".count))
            do {
                for (key, value) in try StringsFile.parse(Array(file.text.utf8)) { catalog.entries[key, default: [:]][language] = .text(value) }
            } catch {
                issues.append(SceneIssue(file: name + "/" + file.path, path: "", position: error.position, message: error.message))
            }
        }
        if !issues.isEmpty { throw SceneError(issues: issues) }
        return catalog
    }

    // MARK: .lproj folders

    static func loadFolder(path: String, name: String, project: SceneProject?) throws(SceneError) -> StringCatalog {
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".lproj") }.sorted()
        guard !folders.isEmpty else { throw SceneError(file: name, message: "the folder holds no <language>.lproj folders") }
        var catalog = StringCatalog(file: name, sourceLanguage: "en", entries: [:], keysAreSourceText: false)
        var issues: [SceneIssue] = []
        var budget = SceneLimits.maxCatalogSize
        /// The file's bytes; nil when it is absent or refused (with an issue).
        func read(_ relative: String) -> [UInt8]? {
            let display = name + "/" + relative
            if let project, let problem = project.problem(with: relative, from: path) {
                issues.append(SceneIssue(file: display, path: "", position: nil, message: "the string file " + problem))
                return nil
            }
            let full = path + "/" + relative
            if InputFiles.kind(atPath: full) == .missing { return nil }
            switch InputFiles.read(full, limit: budget) {
            case .success(let bytes):
                budget -= bytes.count
                return bytes
            case .failure(.tooLarge(let size)):
                issues.append(SceneIssue(file: display, path: "", position: nil,
                                         message: "the string file is \(size) bytes; with the catalog's other files more than the limit of "
                                            + "\(SceneLimits.maxCatalogSize) bytes a catalog may hold"))
            case .failure(let why):
                issues.append(SceneIssue(file: display, path: "", position: nil, message: "the string file " + why.message(limit: budget)))
            }
            return nil
        }
        for folder in folders {
            let language = String(folder.dropLast(".lproj".count))
            let display = name + "/" + folder + "/Localizable.strings"
            if let data = read(folder + "/Localizable.strings") {
                do {
                    for (key, value) in try StringsFile.parse(data) {
                        catalog.entries[key, default: [:]][language] = .text(value)
                    }
                } catch {
                    issues.append(SceneIssue(file: display, path: "", position: error.position, message: error.message))
                }
            }
            if let data = read(folder + "/Localizable.stringsdict") {
                let display = name + "/" + folder + "/Localizable.stringsdict"
                do {
                    for (key, value) in try StringsDict.parse(Data(data)) { catalog.entries[key, default: [:]][language] = value }
                } catch {
                    issues.append(SceneIssue(file: display, path: error.key, position: nil, message: error.message))
                }
            }
        }
        if !issues.isEmpty { throw SceneError(issues: issues) }
        return catalog
    }
}

/// A problem in a `.strings` file, at its line and column.
struct StringsFileError: Error {
    var message: String
    var position: SourcePosition
}

/// The classic `"key" = "value";` format, with `/* */` and `//` comments, in UTF-8 or UTF-16
/// (with a byte order mark).
enum StringsFile {
    static func parse(_ bytes: [UInt8]) throws(StringsFileError) -> [(String, String)] {
        let text: String
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let big = bytes[0] == 0xFE
            var units: [UInt16] = []
            var i = 2
            while i + 1 < bytes.count {
                units.append(big ? UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]) : UInt16(bytes[i + 1]) << 8 | UInt16(bytes[i]))
                i += 2
            }
            text = String(decoding: units, as: UTF16.self)
        } else {
            text = String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
        }
        let s = Array(text.unicodeScalars)
        var i = 0, line = 1, column = 1
        func position() -> SourcePosition { SourcePosition(line: line, column: column) }
        func advance() {
            if s[i] == "\n" { line += 1; column = 1 } else { column += 1 }
            i += 1
        }
        func fail(_ message: String) -> StringsFileError { StringsFileError(message: message, position: position()) }
        func skipSpace() throws(StringsFileError) {
            while i < s.count {
                if s[i].properties.isWhitespace { advance(); continue }
                if s[i] == "/", i + 1 < s.count, s[i + 1] == "*" {
                    let start = position()
                    advance(); advance()
                    while i < s.count, !(s[i] == "*" && i + 1 < s.count && s[i + 1] == "/") { advance() }
                    guard i < s.count else { throw StringsFileError(message: "a /* comment is not closed", position: start) }
                    advance(); advance()
                    continue
                }
                if s[i] == "/", i + 1 < s.count, s[i + 1] == "/" {
                    while i < s.count, s[i] != "\n" { advance() }
                    continue
                }
                break
            }
        }
        func token(_ what: String) throws(StringsFileError) -> String {
            guard i < s.count else { throw fail("expected \(what), found the end of the file") }
            if s[i] == "\"" {
                let start = position()
                advance()
                var out = String.UnicodeScalarView()
                while true {
                    guard i < s.count else { throw StringsFileError(message: "a string is not closed", position: start) }
                    let c = s[i]
                    if c == "\"" { advance(); break }
                    if c == "\\" {
                        advance()
                        guard i < s.count else { throw StringsFileError(message: "a string is not closed", position: start) }
                        let e = s[i]
                        switch e {
                        case "n": out.append("\n")
                        case "t": out.append("\t")
                        case "r": out.append("\r")
                        case "\"", "\\", "'": out.append(e)
                        case "u", "U":
                            var hex = ""
                            for _ in 0..<4 {
                                advance()
                                guard i < s.count, s[i].properties.isASCIIHexDigit else { throw fail("\\\(e) needs four hexadecimal digits") }
                                hex.unicodeScalars.append(s[i])
                            }
                            guard let v = UInt32(hex, radix: 16), let u = Unicode.Scalar(v) else { throw fail("\\\(e)\(hex) is not a character") }
                            out.append(u)
                        default: throw fail("unknown escape \\\(e)")
                        }
                        advance()
                        continue
                    }
                    out.append(c)
                    advance()
                }
                return String(out)
            }
            var out = String.UnicodeScalarView()
            while i < s.count, s[i].properties.isAlphabetic || s[i].properties.numericType != nil || "_.-:/$".unicodeScalars.contains(s[i]) {
                out.append(s[i]); advance()
            }
            guard !out.isEmpty else { throw fail("expected \(what), found \(quoted(String(s[i])))") }
            return String(out)
        }
        var pairs: [(String, String)] = []
        var seen: Set<String> = []
        while true {
            try skipSpace()
            guard i < s.count else { break }
            let keyPosition = position()
            let key = try token("a quoted key")
            try skipSpace()
            guard i < s.count, s[i] == "=" else { throw fail("expected \"=\" after the key \(quoted(key))") }
            advance()
            try skipSpace()
            let value = try token("a quoted value")
            try skipSpace()
            guard i < s.count, s[i] == ";" else { throw fail("expected \";\" after the value of \(quoted(key))") }
            advance()
            if seen.contains(key) { throw StringsFileError(message: "the key \(quoted(key)) is given twice", position: keyPosition) }
            seen.insert(key)
            pairs.append((key, value))
        }
        return pairs
    }
}

/// A problem in a `.stringsdict` file, under a key.
struct StringsDictError: Error {
    var key: String
    var message: String
}

/// Plural rules in the `.stringsdict` property list format: per key an
/// `NSStringLocalizedFormatKey` (`"%#@items@"`) and, per variable, its plural forms.
enum StringsDict {
    private enum Item: Decodable {
        case string(String)
        case dictionary([String: String])
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let s = try? c.decode(String.self) { self = .string(s) } else { self = .dictionary(try c.decode([String: String].self)) }
        }
    }

    static func parse(_ data: Data) throws(StringsDictError) -> [(String, StringCatalog.Value)] {
        let plist: [String: [String: Item]]
        do { plist = try PropertyListDecoder().decode([String: [String: Item]].self, from: data) } catch {
            throw StringsDictError(key: "", message: "not a stringsdict property list: \(error)")
        }
        var result: [(String, StringCatalog.Value)] = []
        for key in plist.keys.sorted() {
            let entry = plist[key]!
            guard case .string(let format)? = entry["NSStringLocalizedFormatKey"] else {
                throw StringsDictError(key: key, message: "the entry needs an NSStringLocalizedFormatKey string")
            }
            guard let start = format.range(of: "%#@"), let end = format[start.upperBound...].firstIndex(of: "@") else {
                result.append((key, .text(format)))
                continue
            }
            let variable = String(format[start.upperBound..<end])
            guard case .dictionary(let rule)? = entry[variable] else {
                throw StringsDictError(key: key, message: "the format names %#@\(variable)@, but the entry has no \(quoted(variable)) dictionary")
            }
            let forms = rule.filter { ["zero", "one", "two", "few", "many", "other"].contains($0.key) }
            guard forms["other"] != nil else { throw StringsDictError(key: key + "." + variable, message: "a plural needs an \"other\" form") }
            result.append((key, .pluralFormat(format: format, variable: variable, forms: forms)))
        }
        return result
    }
}
