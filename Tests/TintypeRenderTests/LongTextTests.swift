import CCairo
import Foundation
import Testing
@testable import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// Long text is laid out in time linear in its length. Pango (1.50) wraps each line by walking the
/// rest of the current item, and counts characters from the start of the text for each paragraph;
/// with a paragraph as one item, or all paragraphs in one layout, a 40,000-character token took over
/// a minute and 30,000 short lines 13 seconds. These tests check the causes (item lengths, layouts
/// made), not the clock.
@Suite struct LongTextTests {
    let font = ResolvedFont(system: 17, weight: .regular)

    /// A token with no break opportunity is cut into items of at most 64 characters; long text with
    /// spaces into items of about 1,024, cut at a space; ordinary text is one item, as before.
    @Test func longParagraphsAreCutIntoShortItems() {
        let engine = TextEngine.shared
        let token = String(repeating: "abcdefghij", count: 4_000)
        let tokenItems = engine.itemLengths(of: token, font: font)
        #expect(tokenItems.reduce(0, +) == 40_000)
        #expect(tokenItems.max() ?? .max <= TextEngine.maxUnbreakableItem)

        let words = String(repeating: "lorem ipsum dolor sit amet ", count: 4_000)
        let wordItems = engine.itemLengths(of: words, font: font)
        #expect(wordItems.reduce(0, +) == words.count)
        #expect(wordItems.count > 50)
        #expect(wordItems.max() ?? .max <= TextEngine.maxItem + 30)
        // Every cut falls right after a space, where a line may break anyway.
        let bytes = Array(words.utf8)
        for cut in TextEngine.itemBoundaries(words, language: nil) { #expect(bytes[cut - 1] == UInt8(ascii: " ")) }

        #expect(engine.itemLengths(of: "Draws iOS screens without iOS.", font: font) == [30])
        #expect(TextEngine.itemBoundaries(String(repeating: "x", count: 64), language: nil) == [])
    }

    /// Cuts inside a token fall between grapheme clusters: a family emoji or an accent is never split.
    @Test func cutsKeepGraphemeClustersWhole() {
        let text = String(repeating: "👩‍👩‍👧‍👦e\u{301}", count: 500)
        let cuts = TextEngine.itemBoundaries(text, language: nil)
        #expect(!cuts.isEmpty)
        let utf8 = text.utf8
        for cut in cuts {
            let index = utf8.index(utf8.startIndex, offsetBy: cut)
            #expect(index.samePosition(in: text) != nil, "cut at byte \(cut) splits a character")
        }
    }

    /// The cut token still wraps as one run of characters: every line but the last is full.
    @Test func aCutTokenWrapsIntoFullLines() {
        let engine = TextEngine.shared
        let token = String(repeating: "abcdefghij", count: 1_000)
        let total = engine.size(of: token, font: font).width
        let lineHeight = engine.size(of: "x", font: font).height
        let lines = (engine.height(of: token, font: font, width: 320, lineSpacing: 0) / lineHeight).rounded()
        #expect(lines * 320 >= total)
        #expect((lines - 1) * (320 - 20) <= total)
        #expect(lines > 100)
    }

    /// A measurement asked for again (a font's line height for every table row, a label's size
    /// while it lays out) is remembered, not laid out again; a long text is laid out each time.
    @Test func aRepeatedMeasurementIsNotLaidOutAgain() {
        let engine = TextEngine()
        let size = engine.size(of: "Hg", font: font)
        let height = engine.height(of: "Wi-Fi Assist", font: font, width: 90, lineSpacing: 0)
        let before = engine.bytesLaidOut
        for _ in 0..<3 {
            #expect(engine.size(of: "Hg", font: font) == size)
            #expect(engine.height(of: "Wi-Fi Assist", font: font, width: 90, lineSpacing: 0) == height)
        }
        #expect(engine.bytesLaidOut == before)
        // Other inputs are other measurements.
        #expect(engine.size(of: "Hg", font: ResolvedFont(system: 13, weight: .regular)) != size)
        #expect(engine.height(of: "Wi-Fi Assist", font: font, width: 40, lineSpacing: 0) > height)
        #expect(engine.size(of: "Hg", font: font, language: "ja") == size)
        #expect(engine.bytesLaidOut > before)
        let long = String(repeating: "word ", count: 100)
        let measured = engine.bytesLaidOut
        _ = engine.size(of: long, font: font)
        _ = engine.size(of: long, font: font)
        #expect(engine.bytesLaidOut - measured == 2 * long.utf8.count)
    }

    /// Drawing one line of 30,000 paragraphs lays out the few paragraphs it shows, not all of them;
    /// measuring them lays out each once.
    @Test func onlyTheShownParagraphsAreLaidOut() throws {
        let engine = TextEngine()
        let text = String(repeating: "ab\n", count: 30_000)
        let surface = try CairoSurface(width: 20, height: 20)
        let cr = try #require(cairo_create(surface.pointer))
        defer { cairo_destroy(cr) }
        let item = TextItem(text: text, font: font, color: .black, frame: Rect(x: 0, y: 0, width: 320, height: 20), alignment: .left,
                            direction: .leftToRight, numberOfLines: 0, lineBreakMode: .byTruncatingTail, lineSpacing: 0)
        let before = engine.bytesLaidOut
        try engine.draw(item, on: cr)
        #expect(engine.bytesLaidOut - before < 100)

        let measured = engine.bytesLaidOut
        let height = engine.height(of: text, font: font, width: 320, lineSpacing: 0)
        #expect(engine.bytesLaidOut - measured <= 60_000)
        // 30,000 paragraphs and the empty one after the last newline, each one line.
        #expect(abs(height - 30_001 * engine.size(of: "x", font: font).height) < 0.01)
    }

    /// Many lines with the largest line spacing: their positions passed what Int32 holds.
    @Test func manyLinesWithTheLargestSpacing() throws {
        let m = Int(SceneLimits.maxPoints)
        let s = try scene(#"""
            {"device": "iPhone SE", "root": {"view": {"subviews": [
              {"label": {"frame": [0, 0, 320, \#(m)], "text": "a\nb\nc\nd\ne", "numberOfLines": 0, "lineSpacing": \#(m)}},
              {"label": {"layout": {"top": 0, "leading": 0, "width": 50}, "text": "a b c d e f g h i j k l m n o p", "numberOfLines": 0, "lineSpacing": \#(m)}},
              {"textView": {"frame": [0, 0, 50, 500], "text": "a b c d e f g h i j k l m n o p", "lineSpacing": \#(m)}}
            ]}}}
            """#)
        _ = try sharedRenderer.render(s)
    }
}
