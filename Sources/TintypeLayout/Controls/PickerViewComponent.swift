import Foundation
import TintypeModel

/// UIPickerView: each component a wheel turned to its selected row. Columns share the width
/// equally, 5 points apart, unless they give widths; the group is centered. Rows are centered
/// in their column unless the component says otherwise. The drawing is `Wheel`'s.
struct PickerViewComponent: ViewComponent {
    let picker: PickerView

    /// UIPickerView's own height; it has no width of its own.
    static let height = 216.0

    func measure(_ view: View, width offer: Double?, env: Environment, context: LayoutContext) throws(RenderError) -> Measured {
        Measured(size: Size(width: 0, height: Self.height), hasWidth: false)
    }

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        try Self.items(picker, frame: frame, env: env, context: context)
    }

    static func items(_ c: PickerView, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        let widths = columnWidths(c.components.map(\.width), total: frame.width)
        var x = frame.minX + (frame.width - widths.reduce(0, +) - Wheel.columnGap * Double(max(0, widths.count - 1))) / 2
        var columns: [Wheel.Column] = []
        for (component, width) in zip(c.components, widths) {
            let rows = component.rows, selected = component.selectedRow
            columns.append(Wheel.Column(minX: x, width: width, alignment: component.textAlignment) { offset in
                let i = selected + offset
                return rows.indices.contains(i) ? rows[i] : nil
            })
            x += width + Wheel.columnGap
        }
        return Wheel.items(columns: columns, frame: frame, rowHeight: c.rowHeight ?? Wheel.rowHeight(forHeight: frame.height),
                           textColor: env.resolve(c.textColor), enabled: true, env: env)
    }

    /// Given widths kept; the others share what is left after the gaps, equally (UIKit's default).
    static func columnWidths(_ given: [Double?], total: Double) -> [Double] {
        let gaps = Wheel.columnGap * Double(max(0, given.count - 1))
        let fixed = given.compactMap { $0 }.reduce(0, +)
        let free = given.filter { $0 == nil }.count
        let share = free > 0 ? max(0, (total - gaps - fixed) / Double(free)).rounded(.down) : 0
        return given.map { $0 ?? share }
    }
}

/// The iOS 7–13 picker wheel, from UIKit's own numbers (UIPickerView's iOS style):
/// - rows are 32 high (24 when the picker is under 216); the selected row sits flat in a band
///   between two hairlines of black at 19.8%, in the 23.5-point system font;
/// - the other rows lie on a cylinder of radius 1.05 × height / π, one row every 2π / ⌈2 × height /
///   rowHeight⌉ radians, seen in perspective (m34 = −1/900): a row at angle θ is centered
///   R sin θ from the middle, foreshortened to cos θ of its height, and drawn in the 21-point font
///   at 44.7% alpha under a mask that fades to nothing at the top and bottom edges.
/// Text cannot be squashed vertically here, so a turned row's font shrinks instead, by
/// perspective × cos^0.75 θ: nearly the height it loses (so neighbours never overlap), a little
/// less, since only its height should shrink, not its width.
enum Wheel {
    struct Column {
        var minX: Double
        var width: Double
        var alignment: TextAlignment
        /// The text `offset` rows from the selected one (0 is the selected row), nil when none.
        var row: (Int) -> String?
    }

    static let columnGap = 5.0
    /// Inset of left- or right-aligned text from its column's side.
    static let labelInset = 9.0
    static let centerFontSize = 23.5
    static let otherFontSize = 21.0
    static let otherRowAlpha = 0.447
    static let lineColor = Color(white: 0, alpha: 0.198)
    /// UIPickerView disables its columns by fading them to 40%.
    static let disabledAlpha = 0.4

    static func rowHeight(forHeight height: Double) -> Double { height < 216 ? 24 : 32 }

    /// Where a row `offset` places from the selected one lands, relative to the wheel's middle.
    struct Placement: Equatable {
        var offset: Int
        /// The row's center, down from the wheel's middle.
        var y: Double
        /// The row's drawn height (foreshortened).
        var height: Double
        /// The perspective scale (1 at the front).
        var scale: Double
        /// cos of the row's angle.
        var cosine: Double
    }

    /// The rows that face the viewer, nearest first within each side.
    static func placements(height: Double, rowHeight h: Double) -> [Placement] {
        guard height > 0, h > 0 else { return [] }
        let step = 2 * Double.pi / (2 * height / h).rounded(.up)
        let radius = height * 1.05 / Double.pi
        var out: [Placement] = [Placement(offset: 0, y: 0, height: h, scale: 1, cosine: 1)]
        var k = 1
        while Double(k) * step < Double.pi / 2 - 0.01 {
            let theta = Double(k) * step
            let z = radius * (cos(theta) - 1)
            let s = 1 / (1 - z / 900)
            for sign in [-1.0, 1.0] {
                out.append(Placement(offset: Int(sign) * k, y: sign * radius * sin(theta) * s, height: h * cos(theta) * s,
                                     scale: s, cosine: cos(theta)))
            }
            k += 1
        }
        return out
    }

    /// The mask over the turned rows: 0.8 near the band, 0.71 two-fifths of the way out, 0 at the edge.
    static func maskAlpha(distance: Double, halfHeight: Double) -> Double {
        let t = min(1, abs(distance) / max(1, halfHeight))
        if t <= 0.1 { return 0.8 }
        if t <= 0.4 { return 0.8 - (t - 0.1) / 0.3 * 0.09 }
        return 0.71 * (1 - (t - 0.4) / 0.6)
    }

    /// The wheel's drawing: lines, then every column's rows, then `overlay` (fixed labels), all
    /// clipped to the frame, faded when disabled.
    static func items(columns: [Column], frame: Rect, rowHeight h: Double, textColor: Color, enabled: Bool,
                      env: Environment, overlay: [DisplayItem] = []) -> [DisplayItem] {
        let midY = frame.midY
        let midX = frame.midX
        var rows: [DisplayItem] = []
        // Only rows that can reach the screen are drawn: a wheel a million points tall faces tens
        // of thousands of rows, nearly all far off screen (frames here are in screen coordinates;
        // a screen's height of margin either side keeps rows that a transform might still bring in).
        let screenHeight = env.traits.screenSize.height
        for p in placements(height: frame.height, rowHeight: h) {
            if screenHeight > 0, midY + p.y + h < -screenHeight || midY + p.y - h > 2 * screenHeight { continue }
            let center = p.offset == 0
            let size = center ? centerFontSize : otherFontSize * p.scale * pow(p.cosine, 0.75)
            let alpha = center ? 1 : otherRowAlpha * maskAlpha(distance: p.y, halfHeight: frame.height / 2)
            guard alpha > 0.004 else { continue }
            let font = ResolvedFont(system: size, weight: .regular)
            let color = textColor.withAlpha(textColor.alpha * alpha)
            let lineHeight = size * 1.25
            for column in columns {
                guard let text = column.row(p.offset), !text.isEmpty else { continue }
                // Perspective draws a turned row toward the wheel's middle, horizontally too.
                let x0 = midX + (column.minX - midX) * p.scale
                let w = column.width * p.scale
                let inset = column.alignment == .center ? 0 : labelInset * p.scale
                let box = Rect(x: x0 + inset, y: midY + p.y - lineHeight / 2, width: max(0, w - 2 * inset), height: lineHeight)
                rows.append(.line(text, font: font, color: color, frame: box, alignment: column.alignment, direction: env.layoutDirection))
            }
        }
        rows += overlay
        var out: [DisplayItem] = []
        // The hairlines: half a point, rounded to whole device pixels (one pixel at least).
        let line = max(1, (0.5 * env.scale).rounded()) / env.scale
        let top = ((midY - h / 2) * env.scale).rounded() / env.scale
        let bottom = ((midY + h / 2) * env.scale).rounded() / env.scale
        out.append(.fill(path: .rect(Rect(x: frame.minX, y: top - line, width: frame.width, height: line)), paint: .color(lineColor), rule: .nonZero))
        out.append(.fill(path: .rect(Rect(x: frame.minX, y: bottom, width: frame.width, height: line)), paint: .color(lineColor), rule: .nonZero))
        if !rows.isEmpty {
            out.append(.group(Group(items: rows, alpha: enabled ? 1 : disabledAlpha, clip: .rect(frame))))
        }
        return out
    }
}
