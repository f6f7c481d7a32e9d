#if canImport(FoundationInternationalization)
import FoundationEssentials
import FoundationInternationalization
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Pseudo-localization, as Android's en-XA and ar-XB: a translation nobody wrote, to find
/// truncation and strings the catalog does not hold.
public enum PseudoLanguage: String, Sendable, Equatable, CaseIterable {
    /// Every Latin letter accented, the text 40% longer, in brackets: `[Ŝéţţîñĝš one two]`.
    case accented
    /// Right to left, with the text reversed (the scene's layout direction turns right to left).
    case bidi
}

/// What a scene does with a key its catalog lacks for the locale.
public enum MissingStrings: String, Sendable, Equatable, CaseIterable {
    /// An error naming the key, the catalog and the locale.
    case error
    /// UIKit's behaviour: the key itself is shown.
    case showKey
}

/// Turns `{"localized": "KEY", "arguments": [...]}` into the text the app would show, when a
/// scene is decoded.
struct Localizer {
    var catalog: StringCatalog?
    /// The locale translations are looked up in.
    var locale: String
    var pseudo: PseudoLanguage?
    var missing: MissingStrings
    /// Whether the scene names a catalog that could not be read (reported where it is named).
    var catalogFailed = false

    /// The text of a localized object, or nil after reporting what is wrong.
    func text(_ r: ObjectReader) -> String? {
        guard let keyNode = r.node("localized", as: .string) else { return nil }
        guard case .string(let key) = keyNode.value else {
            r.report("localized", keyNode, "expected a key string, found \(keyNode.value.kindName)")
            return nil
        }
        var arguments: [(node: JSONNode, path: String)] = []
        if let items = r.array("arguments") { arguments = items.map { ($0.node, $0.path) } }
        r.finish()
        guard let catalog else {
            // The catalog's own problem is reported at "strings"; each text needing it would repeat it wrongly.
            if catalogFailed { return nil }
            r.report("localized", keyNode, "a localized text needs the scene's \"strings\" (a string catalog)")
            return nil
        }
        let lookup = pseudo == nil ? locale : catalog.sourceLanguage
        guard let value = catalog.value(key, locale: lookup) else {
            if missing == .showKey {
                r.context.source.localizedTexts.append(LocalizedText(
                    path: r.path, key: key, locale: lookup, sourceLanguage: catalog.sourceLanguage, showsKey: true,
                    sameAsSource: false, text: key, position: keyNode.position))
                return key
            }
            var message = "no \(quoted(lookup)) translation of \(quoted(key)) in \(catalog.file)"
            if catalog.entries[key] == nil {
                message = "the key \(quoted(key)) is not in \(catalog.file) (locale \(quoted(lookup)))"
                if let s = Suggest.closest(to: key, in: catalog.entries.keys.sorted()) { message += "; did you mean \(quoted(s))?" }
            } else {
                message += " (it has \(catalog.entries[key]!.keys.sorted().joined(separator: ", ")))"
            }
            r.report("localized", keyNode, message + "; add it, or set \"missingStrings\": \"showKey\" to show the key as UIKit does")
            return nil
        }
        var format: String
        switch value {
        case .text(let s): format = s
        case .plural(let forms), .pluralFormat(_, _, let forms):
            guard let n = arguments.lazy.compactMap({ a -> Double? in
                if case .number(let d) = a.node.value, d == d.rounded() { return d }
                return nil
            }).first else {
                r.report("arguments", r.node("arguments") ?? keyNode, "\(quoted(key)) has plural forms, chosen by a whole-number argument; none is given")
                return nil
            }
            let category = PluralRules.category(of: n, language: lookup)
            let form = forms[category] ?? forms["other"] ?? ""
            if case .pluralFormat(let outer, let variable, _) = value {
                format = outer.replacingOccurrences(of: "%#@\(variable)@", with: form)
            } else {
                format = form
            }
        }
        if pseudo == .accented { format = Pseudo.accented(format) }
        guard var text = Format.apply(format, arguments: arguments, key: key, r: r) else { return nil }
        if pseudo == .bidi { text = Pseudo.bidi(text) }
        // Recorded for the audit: the same text as the development language's, in another
        // language, is most likely a translation nobody wrote (a pseudo-language is left out).
        let base = { (tag: String) in tag.split(separator: "-").first.map { $0.lowercased() } ?? tag }
        let sameAsSource = pseudo == nil && base(lookup) != base(catalog.sourceLanguage)
            && catalog.value(key, locale: catalog.sourceLanguage) == value
        r.context.source.localizedTexts.append(LocalizedText(
            path: r.path, key: key, locale: lookup, sourceLanguage: catalog.sourceLanguage, showsKey: false,
            sameAsSource: sameAsSource, text: text, position: keyNode.position))
        return text
    }
}

/// CLDR plural categories from ICU (the library Foundation carries), found at run time.
enum PluralRules {
    private typealias Open = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>) -> OpaquePointer?
    private typealias Select = @convention(c) (OpaquePointer?, Double, UnsafeMutablePointer<UInt16>?, Int32, UnsafeMutablePointer<Int32>) -> Int32

    private static let functions: (Open, Select)? = {
        _ = Locale(identifier: "en").identifier  // loads Foundation's ICU
        guard let handle = dlopen(nil, RTLD_NOW),
              let open = dlsym(handle, "swift_uplrules_open") ?? dlsym(handle, "uplrules_open"),
              let select = dlsym(handle, "swift_uplrules_select") ?? dlsym(handle, "uplrules_select") else { return nil }
        return (unsafeBitCast(open, to: Open.self), unsafeBitCast(select, to: Select.self))
    }()

    /// `one`, `few`, `other`, … for `n` in `language`; `other` when ICU cannot be reached.
    static func category(of n: Double, language: String) -> String {
        guard let (open, select) = functions else { return "other" }
        var status: Int32 = 0
        let tag = language.replacingOccurrences(of: "-", with: "_")
        guard let rules = open(tag, &status), status <= 0 else { return "other" }
        var buffer = [UInt16](repeating: 0, count: 16)
        let count = select(rules, n, &buffer, 16, &status)
        // The rules object is small and a scene asks few times; ICU's close is not exported under
        // a stable name, so it is left to the process's end.
        guard status <= 0, count > 0 else { return "other" }
        return String(decoding: buffer.prefix(Int(count)), as: UTF16.self)
    }
}

/// printf-style formats as Foundation's String(format:) reads them: `%@`, `%d` (`%i`, `%u`,
/// `%ld`, `%lld`), `%f` (with a precision), `%%`, and positions (`%1$@`).
enum Format {
    struct Specifier {
        var range: Range<String.Index>
        var index: Int
        var conversion: Character
        var precision: Int?
    }

    static func specifiers(_ format: String) -> [Specifier]? {
        var result: [Specifier] = []
        var i = format.startIndex
        var next = 0
        while let pct = format[i...].firstIndex(of: "%") {
            var j = format.index(after: pct)
            guard j < format.endIndex else { return nil }
            if format[j] == "%" { i = format.index(after: j); continue }
            var digits = ""
            while j < format.endIndex, format[j].isASCII, format[j].isNumber { digits.append(format[j]); j = format.index(after: j) }
            var index: Int
            if j < format.endIndex, format[j] == "$", !digits.isEmpty {
                // A position is read as far as it matters: past the most arguments a text takes it is refused.
                guard let n = Int(digits.prefix(18)), n >= 1 else { return nil }
                index = digits.count > 18 ? Int.max / 2 : n - 1
                j = format.index(after: j)
            } else {
                j = format.index(pct, offsetBy: 1)
                index = next
            }
            var precision: Int?
            while j < format.endIndex, "-+ #0123456789".contains(format[j]) { j = format.index(after: j) }
            if j < format.endIndex, format[j] == "." {
                j = format.index(after: j)
                var p = ""
                while j < format.endIndex, format[j].isASCII, format[j].isNumber { p.append(format[j]); j = format.index(after: j) }
                precision = Int(p) ?? 0
            }
            while j < format.endIndex, "lhqzjt".contains(format[j]) { j = format.index(after: j) }
            guard j < format.endIndex, "@diufgeFGEsxXc".contains(format[j]) else { return nil }
            result.append(Specifier(range: pct..<format.index(after: j), index: index, conversion: format[j], precision: precision))
            next = index + 1
            i = format.index(after: j)
        }
        return result
    }

    static func apply(_ format: String, arguments: [(node: JSONNode, path: String)], key: String, r: ObjectReader) -> String? {
        switch render(format, arguments: arguments.map(\.node.value)) {
        case .success(let text): return text
        case .failure(.unreadable):
            r.report("localized", r.node("localized")!, "the text of \(quoted(key)) has a format it cannot read: \(quoted(format))")
        case .failure(.position(let specifier)):
            r.report("localized", r.node("localized")!, "the text of \(quoted(key)) names an argument past the \(maxArguments) a text may take "
                     + "(\(specifier)): \(quoted(format))")
        case .failure(.count(let needed, let list)):
            r.report(arguments.isEmpty ? "localized" : "arguments", r.node("arguments") ?? r.node("localized")!,
                     "\(quoted(key)) takes \(needed) argument\(needed == 1 ? "" : "s")\(list.isEmpty ? "" : " (\(list))"), found \(arguments.count)")
        case .failure(.arguments(let problems)):
            for (i, message) in problems { r.context.report(arguments[i].path, arguments[i].node.position, message) }
        }
        return nil
    }

    /// The most arguments a localized text may take (and so the highest position `%N$` it may name).
    static let maxArguments = SceneLimits.maxListCount

    /// Why a format and its arguments give no text.
    enum Failure: Error, Equatable {
        /// A `%` that is not a specifier this reads.
        case unreadable
        /// A position past `maxArguments`: the specifier as written (`%9223372036854775807$@`).
        case position(String)
        /// The arguments the format needs, and its specifiers for the message.
        case count(needed: Int, list: String)
        /// An argument of the wrong kind or range: its index and the message.
        case arguments([(Int, String)])

        static func == (a: Failure, b: Failure) -> Bool { "\(a)" == "\(b)" }
    }

    /// The text `format` gives with `arguments`, as `String(format:)` would, every value checked
    /// against its range before it is converted (so no number can trap).
    static func render(_ format: String, arguments: [JSONValue]) -> Result<String, Failure> {
        guard let specs = specifiers(format) else { return .failure(.unreadable) }
        if let far = specs.first(where: { $0.index >= maxArguments }) { return .failure(.position(String(format[far.range]))) }
        let needed = (specs.map(\.index).max() ?? -1) + 1
        if needed != arguments.count {
            return .failure(.count(needed: needed, list: specs.map { String(format[$0.range]) }.joined(separator: ", ")))
        }
        var out = ""
        var last = format.startIndex
        var problems: [(Int, String)] = []
        for s in specs {
            out += unescapePercent(format[last..<s.range.lowerBound])
            last = s.range.upperBound
            let value = arguments[s.index]
            switch s.conversion {
            case "@", "s":
                switch value {
                case .string(let v): out += v
                case .number(let d): out += d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
                default: problems.append((s.index, "\(String(format[s.range])) needs a string, found \(value.kindName)"))
                }
            case "d", "i", "u", "x", "X", "c":
                guard case .number(let d) = value, d == d.rounded(), abs(d) < 9.2e18 else {
                    problems.append((s.index, "\(String(format[s.range])) needs a whole number, found \(describe(value))"))
                    continue
                }
                out += s.conversion == "x" ? String(Int64(d), radix: 16) : s.conversion == "X" ? String(Int64(d), radix: 16, uppercase: true) : String(Int64(d))
            default:
                guard case .number(let d) = value else {
                    problems.append((s.index, "\(String(format[s.range])) needs a number, found \(value.kindName)"))
                    continue
                }
                out += fixed(d, places: s.precision ?? 6)
            }
        }
        out += unescapePercent(format[last...])
        return problems.isEmpty ? .success(out) : .failure(.arguments(problems))
    }

    private static func describe(_ v: JSONValue) -> String {
        if case .number(let d) = v { return "\(d)" }
        return v.kindName
    }

    private static func unescapePercent(_ s: Substring) -> String { s.replacingOccurrences(of: "%%", with: "%") }

    /// `d` with `places` decimals (at most 15), rounded half away from zero, without Foundation's
    /// formatter. Every double gives its digits, as printf's `%f` does: a whole number past Int64
    /// (1e19, 1e300) is written out exactly, never converted to an integer type.
    static func fixed(_ d: Double, places: Int) -> String {
        guard d.isFinite else { return d.isNaN ? "nan" : d < 0 ? "-inf" : "inf" }
        let p = min(max(places, 0), 15)
        var scale = 1.0
        for _ in 0..<p { scale *= 10 }
        let a = abs(d)
        let whole: String
        var fraction: Int64 = 0
        if a * scale < 9e15 {
            let n = (a * scale).rounded()
            let w = (n / scale).rounded(.down)
            whole = String(Int64(w))
            fraction = Int64(n - w * scale)
        } else if a < 9e15 {
            var w = a.rounded(.down)
            var f = ((a - w) * scale).rounded()
            if f >= scale { w += 1; f -= scale }
            whole = String(Int64(w))
            fraction = Int64(f)
        } else {
            // 9e15 and above: a whole number (past 2^52 a double has no fraction).
            whole = exactDigits(a)
        }
        var s = (d < 0 && (whole != "0" || fraction != 0) ? "-" : "") + whole
        if p > 0 {
            let frac = String(fraction)
            s += "." + String(repeating: "0", count: max(0, p - frac.count)) + frac
        }
        return s
    }

    /// The decimal digits of a finite whole double of 2^52 or more, exactly: its significand times
    /// two to its exponent, in limbs of nine digits.
    static func exactDigits(_ a: Double) -> String {
        var limbs: [UInt64] = []
        var m = a.significandBitPattern | (1 << 52)
        while m > 0 { limbs.append(m % 1_000_000_000); m /= 1_000_000_000 }
        var shift = Int(a.exponent) - 52
        while shift > 0 {
            let step = min(shift, 30)
            shift -= step
            var carry: UInt64 = 0
            for i in limbs.indices {
                let v = (limbs[i] << UInt64(step)) + carry
                limbs[i] = v % 1_000_000_000
                carry = v / 1_000_000_000
            }
            while carry > 0 { limbs.append(carry % 1_000_000_000); carry /= 1_000_000_000 }
        }
        var s = String(limbs.last ?? 0)
        for limb in limbs.dropLast().reversed() {
            let digits = String(limb)
            s += String(repeating: "0", count: 9 - digits.count) + digits
        }
        return s
    }
}

/// The two pseudo-languages' transformations.
enum Pseudo {
    private static let accents: [Character: Character] = [
        "a": "á", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î", "j": "ĵ", "k": "ķ",
        "l": "ļ", "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ", "q": "ǫ", "r": "ŕ", "s": "š", "t": "ţ", "u": "û", "v": "ṽ",
        "w": "ŵ", "x": "ẋ", "y": "ý", "z": "ž",
        "A": "Å", "B": "Ɓ", "C": "Ç", "D": "Ð", "E": "É", "F": "Ƒ", "G": "Ĝ", "H": "Ĥ", "I": "Î", "J": "Ĵ", "K": "Ķ",
        "L": "Ļ", "M": "Ṁ", "N": "Ñ", "O": "Ö", "P": "Þ", "Q": "Ǫ", "R": "Ŕ", "S": "Š", "T": "Ţ", "U": "Û", "V": "Ṽ",
        "W": "Ŵ", "X": "Ẋ", "Y": "Ý", "Z": "Ž",
    ]
    private static let padding = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// Accents every Latin letter outside format specifiers, then pads the text with words to
    /// 40% more characters and brackets it (Android's en-XA).
    static func accented(_ format: String) -> String {
        let specs = Format.specifiers(format) ?? []
        var out = ""
        var i = format.startIndex
        var length = 0
        for s in specs + [Format.Specifier(range: format.endIndex..<format.endIndex, index: 0, conversion: "@")] {
            for c in format[i..<s.range.lowerBound] { out.append(accents[c] ?? c); length += 1 }
            out += format[s.range]
            length += s.range.isEmpty ? 0 : 1
            i = s.range.upperBound
        }
        let target = Int((Double(length) * 1.4).rounded(.up))
        var words: [String] = []
        var k = 0
        while length + words.reduce(0, { $0 + $1.count + 1 }) < target {
            words.append(padding[k % padding.count])
            k += 1
        }
        return "[" + out + (words.isEmpty ? "" : " " + words.joined(separator: " ")) + "]"
    }

    /// The text reversed, each paragraph forced right to left (RIGHT-TO-LEFT OVERRIDE … POP
    /// DIRECTIONAL FORMATTING), as Android's ar-XB draws it.
    static func bidi(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "\u{202E}" + $0 + "\u{202C}" }.joined(separator: "\n")
    }
}
