import TintypeModel

/// A view's answer to "how big would you be, offered this width?", as UIKit's `sizeThatFits(_:)`
/// and `intrinsicContentSize` give it: each kind's component (`ViewComponent.measure`) works it
/// out as a pure function of the view, its environment (content size category, direction) and
/// the text and image measurers; nothing is drawn.
///
/// Containers that size their children (stack views, a cell's accessory view, a bar's custom view)
/// ask through `LayoutContext.measure` for a child that gives no `frame`. An answer without a width
/// or height (`hasWidth`, `hasHeight` false) means the view has none of its own
/// (UIView.noIntrinsicMetric): a plain view, a slider's length, a table.
struct Measured: Equatable {
    var size: Size
    var hasWidth = true
    var hasHeight = true
    /// The first and last text baselines below the top, for baseline alignment.
    var firstBaseline: Double?
    var lastBaseline: Double?

    static let none = Measured(size: .zero, hasWidth: false, hasHeight: false)
}

/// Measuring helpers shared by the components, and `size(_:width:env:)`, which asks a view's
/// component and applies what the view fixes itself (a frame, a layout width or height).
struct Measure {
    let context: LayoutContext
    var text: TextMeasuring { context.text }

    /// Inter's ascender over its em (2728 of 2816 units): a line's baseline below its top.
    static let ascent = 2728.0 / 2816

    /// The size `view` asks for when offered `width` (nil: as wide as it likes). A frame, or a
    /// layout's width and height, fix those.
    func size(_ view: View, width offer: Double?, env: Environment) throws(RenderError) -> Measured {
        var m = try view.kind.component.measure(view, width: view.layout?.width ?? offer, env: env, context: context)
        if let w = view.layout?.width { m.size.width = w; m.hasWidth = true }
        if let h = view.layout?.height { m.size.height = h; m.hasHeight = true }
        if let f = view.frame { m.size = f.size; m.hasWidth = true; m.hasHeight = true }
        return m
    }

    func font(_ f: Font, env: Environment) -> ResolvedFont {
        ResolvedFont(system: f.pointSize(category: env.contentSizeCategory), weight: f.weight)
    }

    func lineHeight(_ font: ResolvedFont) -> Double { text.size(of: "Hg", font: font).height }

    /// Text that wraps at `width` (nil: one line per paragraph) and shows at most `lines` lines.
    func textSize(_ s: String, font: ResolvedFont, width: Double?, lines: Int, lineSpacing: Double, scale: Double) -> Measured {
        guard !s.isEmpty else { return Measured(size: .zero) }
        let lh = lineHeight(font)
        let oneLine = text.size(of: s, font: font).width
        let ascent = Self.ascent * font.size
        // One line, or wide enough for it all: the text's own width.
        guard lines != 1, let width, oneLine > width else {
            let paragraphs = lines == 1 ? 1 : max(1, s.split(separator: "\n", omittingEmptySubsequences: false).count)
            let w = lines == 1 ? oneLine : s.split(separator: "\n", omittingEmptySubsequences: false).map { text.size(of: String($0), font: font).width }.max() ?? 0
            let shown = lines == 0 ? paragraphs : min(lines, paragraphs)
            let h = Double(shown) * lh + Double(shown - 1) * lineSpacing
            let size = Size(width: lines == 1 ? min(oneLine, width ?? oneLine) : min(w, width ?? w), height: h)
            return Measured(size: size.ceiled(scale: scale), firstBaseline: ascent, lastBaseline: h - lh + ascent)
        }
        var h = text.height(of: s, font: font, width: width, lineSpacing: lineSpacing)
        if lines > 0 { h = min(h, Double(lines) * lh + Double(lines - 1) * lineSpacing) }
        let shown = max(1, ((h + lineSpacing) / (lh + lineSpacing)).rounded())
        return Measured(size: Size(width: width, height: h).ceiled(scale: scale), firstBaseline: ascent,
                        lastBaseline: (shown - 1) * (lh + lineSpacing) + ascent)
    }
}

extension Size {
    /// Rounded up to whole device pixels, as UIKit's text sizes are.
    func ceiled(scale: Double) -> Size {
        Size(width: (width * scale - 1e-9).rounded(.up) / scale, height: (height * scale - 1e-9).rounded(.up) / scale)
    }
}
