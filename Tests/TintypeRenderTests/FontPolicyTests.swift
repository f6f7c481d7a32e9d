import CCairo
import Foundation
import Testing
import TintypeModel
@_spi(Benchmarks) @testable import TintypeRender

@Suite struct FontPolicyTests {
    @Test func thePrivateConfigurationSeesOnlyThePinnedFiles() {
        let files = FontPolicy.visibleFiles
        #expect(!files.isEmpty)
        #expect(files.filter { !FontPolicy.isPinned($0) } == [])
        // fonts-dejavu-core is installed by Scripts/setup for Chromium: renders must never see it.
        #expect(FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu"))
        #expect(!FontPolicy.visibleFamilies.contains { $0.hasPrefix("DejaVu") })
        // Faces inside pinned collections that the policy does not use are rejected too.
        #expect(!FontPolicy.visibleFamilies.contains("Noto Sans Mono CJK JP"))
        #expect(!FontPolicy.visibleFamilies.contains { $0.hasPrefix("Noto Serif") })
        // Every named family of the chain is there.
        for entry in FontPolicy.table {
            for family in entry.families { #expect(FontPolicy.visibleFamilies.contains(family), "\(family)") }
        }
        #expect(FontPolicy.loadError == nil)
    }

    /// Pango's font map calls FcInit on a thread of its own; with no current configuration that
    /// loads the machine's whole one, which a render then waits for. The engine's own
    /// configuration is current instead, so the machine's fonts (DejaVu here) are not in it.
    @Test func fontconfigsCurrentConfigurationIsThePrivateOne() {
        _ = TextEngine.shared.size(of: "Hg", font: ResolvedFont(system: 17, weight: .regular))
        let current = TextEngine.faces(in: FcConfigGetCurrent())
        #expect(!current.isEmpty)
        #expect(current.filter { !FontPolicy.isPinned($0.file) }.map(\.file) == [])
        #expect(!current.contains { $0.families.contains { $0.hasPrefix("DejaVu") } })
    }

    /// Text names a primary face alone and the configuration appends the chain to it, so that the
    /// layouts Pango makes for font metrics share the text's pattern. Fontconfig must then sort the
    /// faces exactly as for the whole family list, in every language the face is named alone in.
    @Test func aPrimaryFaceNamedAloneSortsAsItsWholeFamilyList() throws {
        let engine = TextEngine.shared
        _ = engine.size(of: "Hg", font: ResolvedFont(system: 17, weight: .regular))
        let config = try #require(FcConfigGetCurrent())
        func sorted(_ families: String, language: String, weight: Int32) -> [String] {
            let pattern = FcPatternCreate()
            defer { FcPatternDestroy(pattern) }
            for family in families.split(separator: ",") { FcPatternAddString(pattern, FC_FAMILY, String(family)) }
            FcPatternAddString(pattern, FC_LANG, language)
            FcPatternAddInteger(pattern, FC_WEIGHT, weight)
            FcPatternAddDouble(pattern, FC_PIXEL_SIZE, 34)
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultMatch
            guard let set = FcFontSort(config, pattern, 1, nil, &result) else { return [] }
            defer { FcFontSetDestroy(set) }
            return (0..<Int(set.pointee.nfont)).map { i in
                var file: UnsafeMutablePointer<FcChar8>?
                var index: Int32 = 0
                FcPatternGetString(set.pointee.fonts[i], FC_FILE, 0, &file)
                FcPatternGetInteger(set.pointee.fonts[i], FC_INDEX, 0, &index)
                return (file.map { String(cString: $0) } ?? "?") + "#\(index)"
            }
        }
        var alone = 0
        for family in ["Inter", "Inter Display"] {
            for language in ["en", "de-DE", "ar", "he", "hi", "th", "ru", "zh-Hans", "ja", "ko", "zh-Hant-HK"] {
                let names = engine.familyList(family, language: language)
                #expect(names == family || names == FontPolicy.familyList(primary: family, language: language), "\(family) \(language)")
                guard names == family else { continue }
                alone += 1
                let whole = FontPolicy.familyList(primary: family, language: language)
                for weight in [FC_WEIGHT_REGULAR, FC_WEIGHT_SEMIBOLD, FC_WEIGHT_BOLD] {
                    let a = sorted(family, language: language, weight: weight), b = sorted(whole, language: language, weight: weight)
                    #expect(a.count > 100 && a == b, "\(family) \(language) \(weight)")
                }
            }
            // A language that puts another CJK face first keeps its whole list in the description.
            #expect(engine.familyList(family, language: "ja") == FontPolicy.familyList(primary: family, language: "ja"))
            #expect(engine.familyList(family, language: "ja") != family)
        }
        #expect(alone == 16)
        // A family outside the primary entry is never named alone.
        #expect(engine.familyList("Noto Sans", language: "en") == FontPolicy.familyList(primary: "Noto Sans", language: "en"))
    }

    @Test func theConfigurationIsGeneratedFromTheTableInItsOrder() {
        let xml = FontPolicy.configuration(cacheDirectory: "/tmp/cache")
        var last = xml.startIndex
        for entry in FontPolicy.table {
            for file in entry.files {
                let glob = "<glob>\(entry.directory)/\(file)</glob>"
                guard let r = xml.range(of: glob) else { Issue.record("missing \(glob)"); continue }
                #expect(r.lowerBound >= last, "\(glob) out of order")
                last = r.lowerBound
            }
        }
        #expect(xml.contains("<family>emoji</family><prefer><family>Noto Color Emoji</family></prefer>"))
    }

    @Test func aCutChainHoldsOnlyItsFaces() throws {
        // The benchmarks' peer: Inter alone, in its configuration and in every family list.
        let inter = FontPolicy.table.filter(\.primary)
        let xml = FontPolicy.configuration(cacheDirectory: "/tmp/cache", of: inter)
        #expect(xml.contains("<glob>/usr/share/fonts/opentype/inter/Inter-*.otf</glob>"))
        #expect(!xml.contains("/noto/") && !xml.contains("Noto Color Emoji"))
        #expect(FontPolicy.familyList(primary: "Inter", language: "ja", of: inter) == "Inter")
        // Latin text draws the same pixels either way; an emoji does not (it has no face there).
        let latin = try scene(#"{"scale": 1, "root": {"label": {"frame": [0, 20, 320, 40], "text": "Straße, déjà vu, Kraków"}}}"#)
        let emoji = try scene(#"{"scale": 1, "root": {"label": {"frame": [0, 20, 320, 40], "text": "Trail 🏔"}}}"#)
        let cut = Renderer(fontChain: inter, warn: { _ in })
        #expect(try cut.render(latin) == sharedRenderer.render(latin))
        #expect(try cut.render(emoji) != sharedRenderer.render(emoji))
    }

    /// Text the primary face covers goes to a configuration of the primary entry alone, where
    /// fontconfig matches and sorts 36 faces for each new font instead of the chain's 238. It must
    /// measure and draw exactly as through the whole chain.
    @Test func textThePrimaryFaceCoversIsTheSameWithoutTheChain() throws {
        let engine = TextEngine.shared
        for text in ["Straße, déjà vu, Kraków", "Ελληνικά Кириллица", "0123456789 ©®™ “quotes” — …", "two\nlines\r\nand\u{2029}three"] {
            #expect(engine.usesPrimaryOnly(text, family: "Inter"), "\(text)")
            #expect(engine.usesPrimaryOnly(text, family: "Inter Display"), "\(text)")
        }
        #expect(engine.usesPrimaryOnly("Hello", family: "Inter", ellipsis: true))
        // A character the face lacks, an emoji, a line separator: the whole chain.
        for text in ["Hello 日本", "OK 😀", "⌚", "a\u{2028}b", "1\u{FE0F}\u{20E3}", "Trail 🏔", "مرحبا"] {
            #expect(!engine.usesPrimaryOnly(text, family: "Inter"), "\(text)")
        }
        #expect(!engine.usesPrimaryOnly("Hello", family: "Noto Sans"))

        let whole = TextEngine(primaryOnly: false)
        #expect(!whole.usesPrimaryOnly("Hello", family: "Inter"))
        let texts = ["Straße, déjà vu, Kraków.", "Half Dome cables at dawn, the granite switchbacks", "Ærø smørrebrød — «señor» ¿qué?",
                     "Ελληνικά и кириллица", "12:41 · 100% · #7", "two\nlines"]
        for size in [10.0, 13, 17, 20, 34] {
            for weight in [FontWeight.regular, .semibold, .bold] {
                let font = ResolvedFont(system: size, weight: weight)
                for language in [nil, "de", "ja", "ar"] {
                    for text in texts {
                        #expect(engine.size(of: text, font: font, language: language) == whole.size(of: text, font: font, language: language))
                        #expect(engine.height(of: text, font: font, width: 90, lineSpacing: 2, language: language)
                                == whole.height(of: text, font: font, width: 90, lineSpacing: 2, language: language))
                    }
                }
            }
        }
        // Drawn at 2x and 3x, in a scene's language, truncated or wrapped: the same pixels.
        let wholeRenderer = Renderer(textEngine: whole)
        for (scale, locale) in [(2, "en"), (3, "ja-JP"), (2, "ar")] {
            let labels = texts.enumerated().map { i, text in
                #"{"label": {"frame": [10, \#(20 + 40 * i), 150, 36], "text": "\#(text.replacingOccurrences(of: "\n", with: "\\n"))", "#
                    + #""font": "\#(["body", "headline", "caption1"][i % 3])", "numberOfLines": \#(i % 3), "lineBreakMode": "\#(["byTruncatingTail", "byWordWrapping", "byTruncatingMiddle"][i % 3])"}}"#
            }
            let s = try scene(#"{"scale": \#(scale), "locale": "\#(locale)", "root": {"view": {"frame": [0, 0, 170, 280], "subviews": [\#(labels.joined(separator: ","))]}}}"#)
            #expect(try wholeRenderer.render(s) == sharedRenderer.render(s), "\(scale)x \(locale)")
        }
    }

    @Test func theCJKFacePreferredByTheLanguageComesFirst() {
        func cjk(_ language: String?) -> [String] {
            FontPolicy.familyList(primary: "Inter", language: language).split(separator: ",").map(String.init).filter { $0.contains("CJK") }
        }
        #expect(cjk(nil) == ["Noto Sans CJK SC", "Noto Sans CJK TC", "Noto Sans CJK HK", "Noto Sans CJK JP", "Noto Sans CJK KR"])
        #expect(cjk("ja-JP").first == "Noto Sans CJK JP")
        #expect(cjk("ko").first == "Noto Sans CJK KR")
        #expect(cjk("zh-Hant").first == "Noto Sans CJK TC")
        #expect(cjk("zh-TW").first == "Noto Sans CJK TC")
        #expect(cjk("zh-Hant-HK").first == "Noto Sans CJK HK")
        #expect(cjk("zh-Hans-CN").first == "Noto Sans CJK SC")
        #expect(cjk("de-DE") == cjk(nil))
        let list = FontPolicy.familyList(primary: "Inter Display", language: "ja")
        #expect(list.hasPrefix("Inter Display,Noto Color Emoji,Noto Sans Arabic,"))
        #expect(!list.contains("Inter,"))
    }

    @Test func emojiAndCJKLinesKeepTheSystemFontsLineHeight() {
        let font = ResolvedFont(system: 17, weight: .regular)
        let latin = TextEngine.shared.size(of: "Hg", font: font).height
        #expect(latin > 0)
        for text in ["日本語", "😀👍🏽", "مرحبا", "สวัสดี", "नमस्ते"] {
            #expect(TextEngine.shared.size(of: text, font: font).height == latin, "\(text)")
        }
        let three = TextEngine.shared.height(of: "Hg\n日本 😀\nHg", font: font, width: 300, lineSpacing: 0)
        #expect(three == 3 * latin)
    }

    @Test func emojiAreDrawnInColorAndScriptsWithoutBoxes() throws {
        let log = WarningLog()
        let renderer = Renderer(warn: log.add)
        let s = try scene("""
            {"device": "iPhone 8", "scale": 1, "statusBar": {"hidden": true}, "root": {"view": {"subviews": [
              {"label": {"frame": [0, 0, 100, 40], "text": "😀", "font": 30}},
              {"label": {"frame": [0, 40, 375, 30], "text": "日本語 مرحبا שלום नमस्ते สวัสดี"}}]}}}
            """)
        let bitmap = try renderer.render(s)
        var colorful = 0
        for y in 0..<40 { for x in 0..<100 {
            let p = bitmap.rgba8(x: x, y: y)
            if abs(p.r - p.b) > 60 { colorful += 1 }
        } }
        #expect(colorful > 100)
        #expect(log.warnings.isEmpty)
    }

    @Test func aCharacterNoFontHasIsABoxAndAWarning() throws {
        let log = WarningLog()
        let renderer = Renderer(warn: log.add)
        // Tangut: only fonts-noto-core's serif face has it, which the policy leaves out.
        let s = try scene("""
            {"device": "iPhone 8", "scale": 1, "root": {"view": {"subviews": [
              {"label": {"frame": [0, 40, 375, 30], "text": "A \\uD81C\\uDC00 B"}}]}}}
            """)
        let bitmap = try renderer.render(s)
        let warnings = log.warnings
        #expect(warnings == [RenderWarning(path: "root.subviews[0]", character: "\u{17000}", text: "A \u{17000} B")])
        #expect(warnings.first?.description == "root.subviews[0]: no pinned font has U+17000 \"\u{17000}\" (in \"A \u{17000} B\"); it is drawn as an empty box")
        // The box's outline is drawn: dark pixels between the A and the B.
        var dark = 0
        for y in 40..<70 { for x in 0..<375 where bitmap.rgba8(x: x, y: y).r < 128 { dark += 1 } }
        #expect(dark > 0)
    }

    /// Text wholly outside its clip is not laid out or drawn (a push draws each screen once clipped to
    /// the content and once to the bar): a box nobody sees is no warning, and the pixels are the same.
    @Test func textClippedAwayIsNotDrawnOrWarnedAbout() throws {
        let log = WarningLog()
        let renderer = Renderer(warn: log.add)
        func s(_ labelY: Int) throws -> Scene {
            try scene(#"{"device": "iPhone 8", "scale": 1, "root": {"view": {"subviews": [{"view": {"frame": [0, 40, 375, 100], "clipsToBounds": true, "#
                      + #""backgroundColor": "white", "subviews": [{"label": {"frame": [0, \#(labelY), 375, 30], "text": "A \uD81C\uDC00 B"}}]}}]}}}"#)
        }
        let hidden = try renderer.render(try s(160))
        #expect(log.warnings.isEmpty)
        let empty = try renderer.render(try scene(#"{"device": "iPhone 8", "scale": 1, "root": {"view": {"subviews": [{"view": "#
                                                   + #"{"frame": [0, 40, 375, 100], "clipsToBounds": true, "backgroundColor": "white"}}]}}}"#))
        #expect(hidden.pixels == empty.pixels)
        // Half in the clip, it is drawn and warned about.
        _ = try renderer.render(try s(85))
        #expect(log.warnings.map(\.path) == ["root.subviews[0].subviews[0]"])
    }
}

/// Collects a renderer's warnings.
final class WarningLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [RenderWarning] = []
    var warnings: [RenderWarning] { lock.lock(); defer { lock.unlock() }; return list }
    func add(_ w: RenderWarning) { lock.lock(); list.append(w); lock.unlock() }
}
