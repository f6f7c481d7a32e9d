import Foundation

/// The one font policy: which fonts text may use, in which order, and which CJK face a language
/// prefers. The private fontconfig configuration and the family list of every Pango font
/// description are generated from `FontPolicy.table`, so the chain cannot drift between them.
///
/// Inter stands in for the system font. A character Inter lacks falls back along the chain, as
/// Core Text's cascade list does on iOS (Apple Color Emoji, Geeza Pro, PingFang, Hiragino, …). Only
/// files of the listed Debian packages are visible; no font of the machine can slip in.
public enum FontPolicy {
    /// One entry of the chain: a group of faces from one Debian package.
    public struct Entry: Sendable, Equatable {
        /// The family names Pango asks for, in order. Empty for the catch-all entry, whose faces
        /// are found by coverage after every named family (fontconfig's own order).
        public var families: [String]
        /// The Debian package that installs the files (Scripts/setup installs it).
        public var package: String
        /// The folder the files are in.
        public var directory: String
        /// File-name patterns (fontconfig globs, `*` only) inside `directory`.
        public var files: [String]
        /// What the entry is for, in words, for `tintype fonts`.
        public var covers: String
        /// For CJK faces: the BCP 47 language prefixes that put this face first among the CJK
        /// faces (`ja` → Japanese forms), as iOS picks PingFang SC/TC/HK or Hiragino by language.
        public var languages: [String] = []
        /// Glyphs are color images (drawn with their own colors, not filled with the text color).
        public var color = false
        /// The primary font: what a label's family names; never a fallback.
        public var primary = false
    }

    /// The chain, in order. CJK entries (`languages` not empty) are reordered by the scene's
    /// language, keeping this order among the rest.
    public static let table: [Entry] = [
        Entry(families: ["Inter", "Inter Display"], package: "fonts-inter", directory: "/usr/share/fonts/opentype/inter",
              files: ["Inter-*.otf", "InterDisplay-*.otf"],
              covers: "the system font stand-in: Latin, Greek, Cyrillic, digits, punctuation", primary: true),
        Entry(families: ["Noto Color Emoji"], package: "fonts-noto-color-emoji", directory: "/usr/share/fonts/truetype/noto",
              files: ["NotoColorEmoji.ttf"], covers: "emoji, in color", color: true),
        Entry(families: ["Noto Sans Arabic"], package: "fonts-noto-core", directory: "/usr/share/fonts/truetype/noto",
              files: ["NotoSansArabic-*.ttf"], covers: "Arabic, Persian, Urdu (joined forms)"),
        Entry(families: ["Noto Sans Hebrew"], package: "fonts-noto-core", directory: "/usr/share/fonts/truetype/noto",
              files: ["NotoSansHebrew-*.ttf"], covers: "Hebrew"),
        Entry(families: ["Noto Sans Devanagari"], package: "fonts-noto-core", directory: "/usr/share/fonts/truetype/noto",
              files: ["NotoSansDevanagari-*.ttf"], covers: "Devanagari: Hindi, Marathi, Nepali"),
        Entry(families: ["Noto Sans Thai"], package: "fonts-noto-core", directory: "/usr/share/fonts/truetype/noto",
              files: ["NotoSansThai-*.ttf"], covers: "Thai"),
        Entry(families: ["Noto Sans"], package: "fonts-noto-core", directory: "/usr/share/fonts/truetype/noto",
              files: ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf"], covers: "Latin, Greek and Cyrillic letters Inter lacks"),
        Entry(families: ["Noto Sans CJK SC"], package: "fonts-noto-cjk", directory: "/usr/share/fonts/opentype/noto",
              files: ["NotoSansCJK-*.ttc"], covers: "Chinese (simplified forms), kana, hangul",
              languages: ["zh-Hans", "zh-CN", "zh-SG", "zh"]),
        Entry(families: ["Noto Sans CJK TC"], package: "fonts-noto-cjk", directory: "/usr/share/fonts/opentype/noto",
              files: ["NotoSansCJK-*.ttc"], covers: "Chinese (traditional forms, Taiwan)", languages: ["zh-Hant", "zh-TW"]),
        Entry(families: ["Noto Sans CJK HK"], package: "fonts-noto-cjk", directory: "/usr/share/fonts/opentype/noto",
              files: ["NotoSansCJK-*.ttc"], covers: "Chinese (traditional forms, Hong Kong)", languages: ["zh-HK", "zh-MO"]),
        Entry(families: ["Noto Sans CJK JP"], package: "fonts-noto-cjk", directory: "/usr/share/fonts/opentype/noto",
              files: ["NotoSansCJK-*.ttc"], covers: "Japanese: kanji in Japanese forms, kana", languages: ["ja"]),
        Entry(families: ["Noto Sans CJK KR"], package: "fonts-noto-cjk", directory: "/usr/share/fonts/opentype/noto",
              files: ["NotoSansCJK-*.ttc"], covers: "Korean: hangul, hanja", languages: ["ko"]),
        Entry(families: ["Noto Sans Symbols", "Noto Sans Symbols2", "Noto Sans Math"], package: "fonts-noto-core",
              directory: "/usr/share/fonts/truetype/noto",
              files: ["NotoSansSymbols-*.ttf", "NotoSansSymbols2-*.ttf", "NotoSansMath-*.ttf"],
              covers: "symbols, arrows, shapes, mathematical operators"),
        Entry(families: [], package: "fonts-noto-core", directory: "/usr/share/fonts/truetype/noto",
              files: ["NotoSans*-Regular.ttf", "NotoSans*-Bold.ttf"],
              covers: "every other script of fonts-noto-core (Bengali, Tamil, Georgian, Armenian, Ethiopic, Khmer, …)"),
    ]

    /// Faces inside pinned files that are never used: the monospaced CJK faces share the CJK
    /// collections' files, and Noto Sans Display would only duplicate Noto Sans.
    static let rejectedFamilies = ["Noto Sans Mono CJK SC", "Noto Sans Mono CJK TC", "Noto Sans Mono CJK HK",
                                   "Noto Sans Mono CJK JP", "Noto Sans Mono CJK KR", "Noto Sans Display"]

    /// The Debian packages of the chain, in order, each once.
    public static var packages: [String] {
        table.reduce(into: [String]()) { if !$0.contains($1.package) { $0.append($1.package) } }
    }

    /// The folders fontconfig scans, in order, each once.
    public static var directories: [String] { directories(of: table) }

    static func directories(of entries: [Entry]) -> [String] {
        entries.reduce(into: [String]()) { if !$0.contains($1.directory) { $0.append($1.directory) } }
    }

    /// The entries in chain order for a language (a BCP 47 tag such as `ja-JP`; nil: none). The
    /// CJK entry preferred by the language moves to the front of the CJK entries.
    public static func chain(language: String?) -> [Entry] { chain(language: language, of: table) }

    /// `chain(language:)` of a chain other than the table (a benchmark's cut chain).
    static func chain(language: String?, of entries: [Entry]) -> [Entry] {
        guard let language, let preferred = cjkEntry(for: language) else { return entries }
        var result = entries
        guard let at = result.firstIndex(of: preferred), let firstCJK = result.firstIndex(where: { !$0.languages.isEmpty }) else { return entries }
        result.remove(at: at)
        result.insert(preferred, at: firstCJK)
        return result
    }

    /// The CJK entry a language prefers: the entry language whose subtags all appear in the tag,
    /// a region weighing more than a script (`zh-Hant-HK` is Hong Kong's, `zh-TW` Taiwan's).
    static func cjkEntry(for language: String) -> Entry? {
        let tag = language.replacingOccurrences(of: "_", with: "-").lowercased().split(separator: "-").map(String.init)
        guard let first = tag.first else { return nil }
        var best: (entry: Entry, score: Int)?
        for entry in table {
            for candidate in entry.languages {
                let parts = candidate.lowercased().split(separator: "-").map(String.init)
                guard parts.first == first, parts.dropFirst().allSatisfy(tag.dropFirst().contains) else { continue }
                let score = 1 + parts.dropFirst().reduce(0) { $0 + ($1.count == 2 ? 2 : 1) }
                if score > (best?.score ?? 0) { best = (entry, score) }
            }
        }
        return best?.entry
    }

    /// The family list fontconfig sorts the faces by for text in a face: the face asked for, then
    /// every named fallback in chain order. (A font description names a primary face alone where
    /// the configuration appends this same list to it; see `configuration`.)
    public static func familyList(primary family: String, language: String?) -> String {
        familyList(primary: family, language: language, of: table)
    }

    static func familyList(primary family: String, language: String?, of entries: [Entry]) -> String {
        var families = [family]
        for entry in chain(language: language, of: entries) where !entry.primary {
            families += entry.families.filter { !families.contains($0) }
        }
        return families.joined(separator: ",")
    }

    /// The private fontconfig configuration: the pinned folders, a filter that accepts only the
    /// table's files (every other file in those folders is rejected), and a cache folder.
    static func configuration(cacheDirectory: String, of entries: [Entry] = table) -> String {
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        var xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE fontconfig SYSTEM \"fonts.dtd\">\n<fontconfig>\n"
        for dir in directories(of: entries) { xml += "  <dir>\(escape(dir))</dir>\n" }
        xml += "  <selectfont>\n    <acceptfont>\n"
        for entry in entries {
            for file in entry.files { xml += "      <glob>\(escape(entry.directory + "/" + file))</glob>\n" }
        }
        xml += "    </acceptfont>\n    <rejectfont>\n      <glob>*</glob>\n"
        for family in rejectedFamilies {
            xml += "      <pattern><patelt name=\"family\"><string>\(escape(family))</string></patelt></pattern>\n"
        }
        xml += "    </rejectfont>\n  </selectfont>\n"
        // Pango asks for the family "emoji" for a run in emoji presentation (😀, ❤️, 👍🏽).
        xml += "  <alias binding=\"same\"><family>emoji</family><prefer>"
        for entry in entries where entry.color { for family in entry.families { xml += "<family>\(escape(family))</family>" } }
        xml += "</prefer></alias>\n"
        // A pattern naming one primary face alone gets the chain (in its order for no particular
        // language) after it, as strong as the face: exactly the family list `familyList` would
        // give it. Text then names the face alone (see TextEngine.familyDescription), and so does
        // the layout Pango makes of a sample text for each font's metrics: both are then one
        // pattern, and Pango matches and sorts the whole configuration once for it, not twice.
        for entry in entries where entry.primary {
            for family in entry.families {
                let fallbacks = familyList(primary: family, language: nil, of: entries).split(separator: ",").dropFirst()
                guard !fallbacks.isEmpty else { continue }
                xml += "  <match target=\"pattern\">\n"
                xml += "    <test qual=\"all\" name=\"family\" compare=\"eq\"><string>\(escape(family))</string></test>\n"
                xml += "    <edit name=\"family\" mode=\"append_last\" binding=\"strong\">"
                for fallback in fallbacks { xml += "<string>\(escape(String(fallback)))</string>" }
                xml += "</edit>\n  </match>\n"
            }
        }
        // Color emoji are bitmaps drawn for one size: scale them to the size asked for (what
        // fontconfig's own 10-scale-bitmap-fonts.conf does, which a private configuration lacks).
        xml += """
              <match target="font">
                <test name="outline" compare="eq"><bool>false</bool></test>
                <edit name="pixelsizefixupfactor" mode="assign">
                  <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
                </edit>
              </match>
              <match target="font">
                <test name="outline" compare="eq"><bool>false</bool></test>
                <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>
                <edit name="matrix" mode="assign">
                  <times><name>matrix</name><matrix><name>pixelsizefixupfactor</name><double>0</double><double>0</double><name>pixelsizefixupfactor</name></matrix></times>
                </edit>
                <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>
              </match>

            """
        // Caches are read from the system's folder and written to the user's, which keeps
        // fontconfig from warning when neither is writable.
        xml += "  <cachedir>/var/cache/fontconfig</cachedir>\n  <cachedir>\(escape(cacheDirectory))</cachedir>\n</fontconfig>\n"
        return xml
    }

    /// Whether `path` is one of the table's files (its folder and a pattern match).
    public static func isPinned(_ path: String) -> Bool {
        table.contains { entry in
            let dir = entry.directory + "/"
            guard path.hasPrefix(dir) else { return false }
            let name = String(path.dropFirst(dir.count))
            return !name.contains("/") && entry.files.contains { globMatch($0, name) }
        }
    }

    /// `*` matches any run of characters; everything else matches itself (fontconfig's globs).
    static func globMatch(_ pattern: String, _ name: String) -> Bool {
        let p = Array(pattern), s = Array(name)
        var memo: [Int: Bool] = [:]
        func match(_ i: Int, _ j: Int) -> Bool {
            let key = i * (s.count + 1) + j
            if let m = memo[key] { return m }
            let r: Bool
            if i == p.count { r = j == s.count }
            else if p[i] == "*" { r = match(i + 1, j) || (j < s.count && match(i, j + 1)) }
            else { r = j < s.count && (p[i] == "?" || p[i] == s[j]) && match(i + 1, j + 1) }
            memo[key] = r
            return r
        }
        return match(0, 0)
    }
}

extension FontPolicy {
    /// One face of the chain as the private configuration sees it.
    public struct Face: Sendable, Equatable {
        public var family: String
        /// The file of its regular face; nil when the configuration does not see the family.
        public var file: String?
        /// How many characters it has.
        public var characters: Int
    }

    /// The chain for a language with what the private configuration finds for each named family.
    public static func report(language: String?) -> [(entry: Entry, faces: [Face])] {
        let engine = TextEngine.shared
        return chain(language: language).map { entry in
            (entry, entry.families.map { family in
                let c = engine.coverage(of: family)
                return Face(family: family, file: c.file, characters: c.characters)
            })
        }
    }

    /// Every font file the private configuration sees, sorted, each once.
    public static var visibleFiles: [String] {
        Array(Set(TextEngine.shared.visibleFaces.map(\.file))).sorted()
    }

    /// Every family name the private configuration sees, sorted, each once.
    public static var visibleFamilies: [String] {
        Array(Set(TextEngine.shared.visibleFaces.flatMap(\.families))).sorted()
    }

    /// Why text cannot be drawn (a pinned font is missing), or nil.
    public static var loadError: String? { TextEngine.shared.loadError }

    /// The private fontconfig configuration as Tintype loads it.
    public static var configurationText: String { configurationText(of: table) }

    static func configurationText(of entries: [Entry]) -> String {
        let home = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"]
            ?? ((ProcessInfo.processInfo.environment["HOME"] ?? NSTemporaryDirectory()) + "/.cache")
        return configuration(cacheDirectory: home + "/tintype-fontconfig", of: entries)
    }
}
