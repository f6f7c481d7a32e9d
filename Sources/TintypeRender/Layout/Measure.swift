import TintypeModel

/// "How big would you be, offered this width?": every view kind's answer, as UIKit's
/// `sizeThatFits(_:)` and `intrinsicContentSize` give it. A pure function of the view, its
/// environment (content size category, direction) and the text measurer; nothing is drawn.
///
/// Containers that size their children (stack views, a cell's accessory view, a bar's custom view)
/// ask here for a child that gives no `frame`. An answer without a width or height (`hasWidth`,
/// `hasHeight` false) means the view has none of its own (UIView.noIntrinsicMetric): a plain view,
/// a slider's length, a table. The numbers are UIKit's (a switch is 51×31, a stepper 94×29, a
/// segmented control and a text field 29 and 30 high, a system button's title 6 points from its top
/// and bottom).
struct Measured: Equatable {
    var size: Size
    var hasWidth = true
    var hasHeight = true
    /// The first and last text baselines below the top, for baseline alignment.
    var firstBaseline: Double?
    var lastBaseline: Double?

    static let none = Measured(size: .zero, hasWidth: false, hasHeight: false)
}

struct Measure {
    let context: ComponentContext
    var text: TextMeasuring { context.text }

    /// Inter's ascender over its em (2728 of 2816 units): a line's baseline below its top.
    static let ascent = 2728.0 / 2816

    static let switchSize = Size(width: 51, height: 31)
    static let stepperSize = Size(width: 94, height: 29)
    static let segmentedHeight = 29.0
    static let sliderHeight = 31.0
    static let progressHeight = 2.0
    static let pageControlHeight = 37.0
    static let textFieldHeight = 30.0
    static let searchBarHeight = 56.0
    static let pickerHeight = 216.0
    static let datePickerWidth = 320.0
    /// Above and below a system button's title (its intrinsic height is the line + 12: 30 at 15 points).
    static let buttonTitlePadding = 6.0

    /// The size `view` asks for when offered `width` (nil: as wide as it likes). A frame, or a
    /// layout's width and height, fix those.
    func size(_ view: View, width offer: Double?, env: Environment) throws(RenderError) -> Measured {
        var m = try intrinsic(view, width: view.layout?.width ?? offer, env: env)
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

    private func intrinsic(_ view: View, width offer: Double?, env: Environment) throws(RenderError) -> Measured {
        switch view.kind {
        case .plain, .shape, .scrollView, .controller, .tableView:
            return .none
        case .label(let l):
            var wrapAt = offer
            if let p = l.preferredMaxLayoutWidth { wrapAt = min(offer ?? p, p) }
            return textSize(l.text, font: font(l.font, env: env), width: wrapAt, lines: l.numberOfLines, lineSpacing: l.lineSpacing, scale: env.scale)
        case .textView(let v):
            // Not scrolling: as tall as its text at the width offered; no width of its own.
            guard let offer else { return .none }
            let inset = v.textContainerInset, pad = TextView.lineFragmentPadding
            let w = max(0, offer - inset.left - inset.right - 2 * pad)
            let h = v.text.isEmpty ? lineHeight(font(v.font, env: env)) : text.height(of: v.text, font: font(v.font, env: env), width: w, lineSpacing: v.lineSpacing)
            return Measured(size: Size(width: offer, height: (h + inset.top + inset.bottom).rounded(.up)), hasWidth: false)
        case .image(let i):
            let file = context.images.resolvedPath(i.image, baseDirectory: env.baseDirectory)
            do { return Measured(size: try context.images.size(of: i.image, at: file)) } catch {
                throw RenderError(path: env.path + ".image", image: i.image, error)
            }
        case .control(let c):
            return try control(c, offer: offer, env: env)
        case .stackView(let s):
            return try StackViewComponent(stack: s, view: view, env: env, context: context).fittingSize(width: offer)
        }
    }

    private func control(_ control: Control, offer: Double?, env: Environment) throws(RenderError) -> Measured {
        switch control {
        case .switch: return Measured(size: Self.switchSize)
        case .stepper: return Measured(size: Self.stepperSize)
        case .slider: return Measured(size: Size(width: 0, height: Self.sliderHeight), hasWidth: false)
        case .progressView: return Measured(size: Size(width: 0, height: Self.progressHeight), hasWidth: false)
        case .activityIndicator(let a):
            let side = a.style == .whiteLarge ? 37.0 : 20
            return Measured(size: Size(width: side, height: side))
        case .pageControl(let p):
            // Dots 7 wide, 9 apart, with room around them as UIPageControl's size(forNumberOfPages:).
            let n = Double(max(1, p.numberOfPages))
            return Measured(size: Size(width: n * 7 + (n - 1) * 9 + 16, height: Self.pageControlHeight))
        case .segmentedControl(let s):
            // Equal segments, each as wide as the widest title with its margins.
            let f = ResolvedFont(system: SegmentedControlComponent.titleSize, weight: .regular)
            var widest = 0.0
            for (i, seg) in s.segments.enumerated() {
                if let w = seg.width, w > 0 { widest = max(widest, w); continue }
                switch seg.content {
                case .title(let t): widest = max(widest, text.size(of: t, font: f).width + 2 * (SegmentedControlComponent.titleMargin + 5))
                case .image(let image):
                    widest = max(widest, try ControlDrawing.imageSize(image, env: env, context: context, key: "segments[\(i)].image").width + 2 * SegmentedControlComponent.titleMargin)
                }
            }
            return Measured(size: Size(width: (widest * Double(s.segments.count)).rounded(.up), height: Self.segmentedHeight))
        case .textField(let t):
            let f = font(t.font, env: env)
            let shown = t.text.isEmpty ? (t.placeholder ?? "") : t.displayText
            let lh = lineHeight(f)
            let h = t.borderStyle == .roundedRect ? max(Self.textFieldHeight, lh.rounded(.up) + 8) : lh.rounded(.up)
            let w = text.size(of: shown, font: f).width + (t.borderStyle == .none ? 0 : 14)
            return Measured(size: Size(width: w.rounded(.up), height: h), firstBaseline: (h - lh) / 2 + Self.ascent * f.size)
        case .searchBar(let s):
            return Measured(size: Size(width: 0, height: Self.searchBarHeight + (s.prompt == nil ? 0 : 30)), hasWidth: false)
        case .pickerView:
            return Measured(size: Size(width: 0, height: Self.pickerHeight), hasWidth: false)
        case .datePicker:
            return Measured(size: Size(width: Self.datePickerWidth, height: Self.pickerHeight))
        case .button(let b):
            return try button(b, env: env)
        }
    }

    /// Title and image side by side, plus the content insets; a title adds 6 above and below.
    private func button(_ b: Button, env: Environment) throws(RenderError) -> Measured {
        let state = b.state
        let f = ControlDrawing.font(b.font, defaultSize: ButtonComponent.defaultFontSize, env: env)
        let title = b.title.value(for: state).flatMap { $0.isEmpty ? nil : $0 }
        var image = Size.zero
        if let i = b.image.value(for: state) { image = try ControlDrawing.imageSize(i, env: env, context: context, key: "image") }
        else if let g = ButtonComponent.glyph(for: b.buttonType) { image = g.size }
        let lh = lineHeight(f)
        let tw = title.map { text.size(of: $0, font: f).width.rounded(.up) } ?? 0
        let th = title == nil ? 0 : lh + 2 * Self.buttonTitlePadding
        let insets = b.contentEdgeInsets
        let h = (max(image.height, th) + insets.top + insets.bottom).rounded(.up)
        let w = (image.width + tw + insets.left + insets.right).rounded(.up)
        let baseline = title == nil ? nil : insets.top + (h - insets.top - insets.bottom - lh) / 2 + Self.ascent * f.size
        return Measured(size: Size(width: w, height: h), firstBaseline: baseline, lastBaseline: baseline)
    }
}

extension Size {
    /// Rounded up to whole device pixels, as UIKit's text sizes are.
    func ceiled(scale: Double) -> Size {
        Size(width: (width * scale - 1e-9).rounded(.up) / scale, height: (height * scale - 1e-9).rounded(.up) / scale)
    }
}
