import Foundation
import TintypeModel

/// The status bar's glyphs by era, drawn by Tintype in the manner of iOS 7–11 (not Apple's artwork),
/// sized from iOS 8 and iOS 10 2x screenshots. Each strength-dependent glyph comes in two parts, the
/// lit part and the rest, which the status bar draws faint.
enum StatusBarGlyphs {
    /// iOS 7–10 signal: five 5.5-point dots, 7 apart (33.5×5.5); `lit` are filled, the rest are rings.
    static func dots(lit: Int) -> (lit: Glyph, unlit: Glyph) {
        let d = 5.5
        var filled: [Path] = [], rings: [Glyph.Stroke] = []
        for i in 0..<5 {
            let c = Point(x: Double(i) * 7 + d / 2, y: d / 2)
            if i < lit { filled.append(SystemGlyphs.circle(center: c, radius: d / 2)) }
            else { rings.append(.init(path: SystemGlyphs.circle(center: c, radius: d / 2 - 0.25), width: 0.5)) }
        }
        let size = Size(width: 4 * 7 + d, height: d)
        // The rings are drawn in full color: an empty dot is an outline, not a faint disc.
        return (Glyph(size: size, fills: filled, strokes: rings), Glyph(size: size))
    }

    /// iOS 11 signal: the four rounded bars, the first `lit` of them in full color.
    static func bars(lit: Int) -> (lit: Glyph, unlit: Glyph) {
        let heights = [4.0, 19.0 / 3, 26.0 / 3, 11]
        let paths = heights.enumerated().map { i, h in
            RoundedRect.path(Rect(x: Double(i) * 14 / 3, y: 11 - h, width: 3, height: h), radius: 1, curve: .circular)
        }
        let size = Size(width: 17, height: 11)
        return (Glyph(size: size, fills: Array(paths.prefix(lit))), Glyph(size: size, fills: Array(paths.dropFirst(lit))))
    }

    /// Signal strength 0–5 as lit bars of four: 5 lights all four, each 1.25 below one fewer.
    static func barsLit(signal: Int) -> Int { Int((Double(signal) * 4 / 5).rounded(.up)) }

    /// Wi-Fi: the wedge and two arcs fanning up (15×11 at natural size); `level` 1 lights the wedge,
    /// 2 the middle arc too, 3 everything.
    static func wifi(level: Int) -> (lit: Glyph, unlit: Glyph) {
        let c = Point(x: 7.5, y: 10.6)
        let band = 2.1
        let outer = Glyph.Stroke(path: SystemGlyphs.arcPath(center: c, radius: 9.1, from: -135, to: -45), width: band)
        let middle = Glyph.Stroke(path: SystemGlyphs.arcPath(center: c, radius: 5.7, from: -135, to: -45), width: band)
        var wedge = SystemGlyphs.arcPath(center: c, radius: 3.3, from: -135, to: -45).commands
        wedge.insert(.move(c), at: 0)
        wedge[1] = .line(SystemGlyphs.point(c, 3.3, -135))
        wedge.append(.close)
        let wedgeStroke = Glyph.Stroke(path: Path(wedge), width: 0.5)
        let size = Size(width: 15, height: 11)
        let arcs = [middle, outer]
        let litArcs = Array(arcs.prefix(max(0, level - 1))), unlitArcs = Array(arcs.dropFirst(max(0, level - 1)))
        return (Glyph(size: size, fills: level > 0 ? [Path(wedge)] : [], strokes: (level > 0 ? [wedgeStroke] : []) + litArcs),
                Glyph(size: size, fills: level > 0 ? [] : [Path(wedge)], strokes: (level > 0 ? [] : [wedgeStroke]) + unlitArcs))
    }

    /// iOS 7–10 battery: a thin outline with a nub and the charge inside, 24.5×9.5.
    static func battery10(level: Double) -> (outline: Glyph, charge: Glyph) {
        let body = Rect(x: 0.5, y: 0.5, width: 21.5, height: 8.5)
        let outline = Glyph(size: Size(width: 24.5, height: 9.5),
                            fills: [RoundedRect.path(Rect(x: 22.5, y: 3, width: 2, height: 3.5), radius: 0.75, curve: .circular)],
                            strokes: [.init(path: RoundedRect.path(body, radius: 1.5, curve: .circular), width: 1)])
        let full = Rect(x: 2, y: 2, width: 18.5, height: 5.5)
        let charge = level > 0 ? [RoundedRect.path(Rect(x: full.minX, y: full.minY, width: full.width * level, height: full.height), radius: 0.5, curve: .circular)] : []
        return (outline, Glyph(size: outline.size, fills: charge))
    }

    /// iOS 11 battery (25×12): the outline of `SystemGlyphs.battery` and its charge apart.
    static func battery11(level: Double) -> (outline: Glyph, charge: Glyph) {
        let whole = SystemGlyphs.battery(level: level)
        let empty = SystemGlyphs.battery(level: 0)
        // The charge is the one fill the empty battery lacks.
        return (empty, Glyph(size: whole.size, fills: Array(whole.fills.dropFirst(empty.fills.count))))
    }

    /// The charging bolt beside an iOS 7–10 battery, 5×9.5.
    static let bolt = Glyph(size: Size(width: 5, height: 9.5), fills: [
        SystemGlyphs.svg("M3.2 0 L0 5.4 H2.2 L1.6 9.5 L5 3.9 H2.8 Z"),
    ])

    /// The Bluetooth rune, 7.5×13.
    static let bluetooth = Glyph(size: Size(width: 7.5, height: 13), strokes: [
        .init(path: SystemGlyphs.svg("M0.9 3.6 L6.4 9.1 L3.6 11.9 V1.1 L6.4 3.9 L0.9 9.4"), width: 1.1, cap: .round, join: .miter),
    ])
}
