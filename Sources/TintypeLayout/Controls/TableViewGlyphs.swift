import Foundation
import TintypeModel

/// The line art a table draws itself: accessories, editing controls, the reorder grip and the
/// refresh spinner. Tintype's own drawings in the iOS 7–11 manner, sized from the reference
/// screenshots of iOS tables: the chevron's ink is 8×13, the checkmark's 13×10.
enum TableGlyphs {
    /// The disclosure chevron, 8×13 (#C7C7CC in a cell).
    static let chevron = Glyph(size: Size(width: 8, height: 13), strokes: [
        .init(path: SystemGlyphs.svg("M1.05 0.95 L6.75 6.5 L1.05 12.05"), width: 1.9, cap: .butt, join: .miter),
    ])

    /// The checkmark, 14×11: its ink is 13×10 with 1 point of room on the right.
    static let checkmark = Glyph(size: Size(width: 14, height: 11), strokes: [
        .init(path: SystemGlyphs.svg("M1.1 6.1 L4.45 9.55 L12.0 1.7"), width: 1.9, cap: .round, join: .round),
    ])

    /// The detail ("info") button: a 22-point ring with an "i".
    static let info: Glyph = {
        let ring = SystemGlyphs.circle(center: Point(x: 11, y: 11), radius: 10.5)
        let dot = SystemGlyphs.circle(center: Point(x: 11, y: 6.7), radius: 1.15)
        let stem = SystemGlyphs.svg("M9.3 9.4 H11.8 V16.1 H13 V17 H9 V16.1 H10.2 V10.3 H9.3 Z")
        return Glyph(size: Size(width: 22, height: 22), fills: [dot, stem], strokes: [.init(path: ring, width: 1, cap: .butt, join: .miter)])
    }()

    /// The reorder grip: three 1-point lines, 18 wide, 4.5 apart.
    static let reorder = Glyph(size: Size(width: 18, height: 10), fills: [
        SystemGlyphs.svg("M0 0 H18 V1 H0 Z M0 4.5 H18 V5.5 H0 Z M0 9 H18 V10 H0 Z"),
    ])

    static let controlDiameter = 22.0

    /// The editing control's disc (red for delete, green for insert) with its white mark: a bar, a
    /// vertical bar when the delete confirmation shows, or a plus.
    static func editingControl(_ style: EditingStyle, confirming: Bool, center c: Point) -> [DisplayItem] {
        guard style != .none else { return [] }
        let r = controlDiameter / 2
        let disc = SystemGlyphs.circle(center: c, radius: r)
        let color: Color = style == .delete ? .systemRed : .systemGreen
        var items: [DisplayItem] = [.fill(path: disc, paint: .color(color), rule: .nonZero)]
        let horizontal = Path.rect(Rect(x: c.x - 6, y: c.y - 1, width: 12, height: 2))
        let vertical = Path.rect(Rect(x: c.x - 1, y: c.y - 6, width: 2, height: 12))
        switch (style, confirming) {
        case (.insert, _):
            items.append(.fill(path: Path(horizontal.commands + vertical.commands), paint: .color(.white), rule: .nonZero))
        case (_, true):
            items.append(.fill(path: vertical, paint: .color(.white), rule: .nonZero))
        default:
            items.append(.fill(path: horizontal, paint: .color(.white), rule: .nonZero))
        }
        return items
    }

    /// The refresh control's spinner: 12 spokes (the 20-point gear of docs/uikit-metrics.md, Controls),
    /// the brightest at the top and the ones behind it (counterclockwise) fading, as a refreshing
    /// control shows them.
    static func spinner(center c: Point, color: Color) -> [DisplayItem] { spinner(center: c, color: color, pulledSpokes: nil) }

    /// While a finger pulls the control down (`pulledSpokes`): that many spokes, clockwise from the
    /// top, all alike, as iOS 7–11 show them appearing one by one before the control refreshes.
    static func spinner(center c: Point, color: Color, pulledSpokes: Int?) -> [DisplayItem] {
        if let n = pulledSpokes {
            return (0..<max(0, min(12, n))).map { k in
                let angle = (-90 + Double(k) * 30) * Double.pi / 180
                let (dx, dy) = (cos(angle), sin(angle))
                let inner = Point(x: c.x + dx * 6, y: c.y + dy * 6), outer = Point(x: c.x + dx * 9, y: c.y + dy * 9)
                return .stroke(path: Path([.move(inner), .line(outer)]), paint: .color(color),
                               style: StrokeStyle(width: 2, cap: .round, join: .round, miterLimit: 10, dashes: [], dashPhase: 0))
            }
        }
        var items: [DisplayItem] = []
        for k in 0..<12 {
            let angle = (-90 - Double(k) * 30) * Double.pi / 180
            let (dx, dy) = (cos(angle), sin(angle))
            let inner = Point(x: c.x + dx * 6, y: c.y + dy * 6), outer = Point(x: c.x + dx * 9, y: c.y + dy * 9)
            let alpha = max(0.32, 1 - 0.68 * Double(k) / 6)
            items.append(.stroke(path: Path([.move(inner), .line(outer)]), paint: .color(color.withAlpha(color.alpha * alpha)),
                                 style: StrokeStyle(width: 2, cap: .round, join: .round, miterLimit: 10, dashes: [], dashPhase: 0)))
        }
        return items
    }
}
