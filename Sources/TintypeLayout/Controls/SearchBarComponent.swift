import TintypeModel

/// UISearchBar in its two looks, laid out from the top of its frame (prompt, search row, scope bar);
/// the background fills the whole frame.
/// - iOS 7–10: a 44-point row; the field 28 high, 8 from the sides, corner 5; text and placeholder
///   14 points; while empty and idle the magnifier and placeholder are centered together.
/// - iOS 11: a 56-point row; the field 36 high, corner 10 (continuous), text 17 points, everything
///   left aligned (the navigation bar's `SearchField`).
/// - Styles: `default` and `prominent` draw a #C9C9CE bar (or `barTintColor`) with a hairline at its
///   foot behind a white field; `minimal` draws no bar and a translucent gray field.
/// - A prompt adds 30 points on top (13 points, centered); a scope bar adds 44 below: an iOS 7
///   segmented control 29 high, 8 from the sides, in the tint.
/// - Cancel: "Cancel" in 17 points, tint colored, 8 from the trailing side.
/// - Disabled: the field's contents, Cancel and the scope bar are drawn at 40%.
struct SearchBarComponent: ViewComponent {
    let searchBar: SearchBar

    func measure(_ view: View, width offer: Double?, env: Environment, context: LayoutContext) throws(RenderError) -> Measured {
        // The look's row (56 from iOS 11, 44 before) and the prompt's 30 above it; no width of its own.
        let row = Self.metrics(env.traits.era.searchBarLook(searchBar.look)).row
        return Measured(size: Size(width: 0, height: row + (searchBar.prompt == nil ? 0 : Self.promptHeight)), hasWidth: false)
    }

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        var s = searchBar
        s.look = env.traits.era.searchBarLook(s.look)
        return try Self.items(s, frame: frame, env: env, context: context)
    }

    struct Metrics {
        var row: Double
        var field: Double
        var radius: Double
        var curve: CornerCurve
        var fontSize: Double
        var glassScale: Double
        /// From the field's leading side to the magnifier, and from the magnifier to the text.
        var glassInset: Double
        var glassGap: Double
    }

    static let iOS7 = Metrics(row: 44, field: 28, radius: 5, curve: .circular, fontSize: 14, glassScale: 13.0 / 14,
                              glassInset: 7, glassGap: 5)
    static let iOS11 = Metrics(row: 56, field: 36, radius: 10, curve: .continuous, fontSize: 17, glassScale: 1,
                               glassInset: 8, glassGap: 6)

    /// A look's numbers (nil, a look not yet resolved by the era, is iOS 11's).
    static func metrics(_ look: SearchBar.Look?) -> Metrics { look == .iOS7 ? iOS7 : iOS11 }

    static let barColor = Color(rgb8: 0xC9, 0xC9, 0xCE)
    static let hairlineColor = Color(white: 0, alpha: 0.3)
    static let grayText = Color.systemGray
    static let margin = 8.0
    static let promptHeight = 30.0
    static let scopeHeight = 44.0
    static let scopeControlHeight = 29.0
    static let disabledAlpha = 0.4

    static func minimalFieldColor(_ look: SearchBar.Look?) -> Color {
        Color(rgb8: 142, 142, 147, alpha: look == .iOS7 ? 0.2 : 0.12)
    }

    struct Layout: Equatable {
        var prompt: Rect?
        var row: Rect
        var field: Rect
        var cancel: Rect?
        var scope: Rect?
    }

    static func layout(_ s: SearchBar, frame: Rect, cancelWidth: Double) -> Layout {
        let m = metrics(s.look)
        var y = frame.minY
        var out = Layout(row: .zero, field: .zero)
        if s.prompt != nil {
            out.prompt = Rect(x: frame.minX, y: y, width: frame.width, height: promptHeight)
            y += promptHeight
        }
        out.row = Rect(x: frame.minX, y: y, width: frame.width, height: m.row)
        var fieldRight = frame.maxX - margin
        if s.showsCancelButton {
            let c = Rect(x: frame.maxX - margin - cancelWidth, y: y, width: cancelWidth, height: m.row)
            out.cancel = c
            fieldRight = c.minX - margin
        }
        out.field = Rect(x: frame.minX + margin, y: y + (m.row - m.field) / 2, width: max(0, fieldRight - frame.minX - margin), height: m.field)
        y += m.row
        if s.showsScopeBar {
            out.scope = Rect(x: frame.minX + margin, y: y + (scopeHeight - scopeControlHeight) / 2,
                             width: max(0, frame.width - 2 * margin), height: scopeControlHeight)
        }
        return out
    }

    static func items(_ s: SearchBar, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        let m = metrics(s.look)
        let cancelFont = ResolvedFont(system: 17, weight: .regular)
        let cancelWidth = s.showsCancelButton ? context.text.size(of: "Cancel", font: cancelFont).width.rounded(.up) : 0
        let l = layout(s, frame: frame, cancelWidth: cancelWidth)
        var out: [DisplayItem] = []
        let minimal = s.searchBarStyle == .minimal
        if !minimal {
            out.append(.fill(path: .rect(frame), paint: .color(s.barTintColor ?? barColor), rule: .nonZero))
            let px = 1 / env.scale
            out.append(.fill(path: .rect(Rect(x: frame.minX, y: frame.maxY - px, width: frame.width, height: px)),
                             paint: .color(hairlineColor), rule: .nonZero))
        }
        if let r = l.prompt, let prompt = s.prompt {
            out.append(.line(prompt, font: ResolvedFont(system: 13, weight: .regular), color: .black, frame: r.insetBy(dx: margin, dy: 0),
                             alignment: .center, direction: env.layoutDirection))
        }

        // The field. iOS 11's idle, empty, minimal field is exactly the navigation bar's.
        var faded: [DisplayItem] = []
        if s.look == .iOS11, minimal, s.text.isEmpty, !s.isEditing, s.isEnabled, let placeholder = s.placeholder {
            out += SearchField.items(placeholder: placeholder, frame: l.field, black: false, text: context.text, direction: env.layoutDirection)
        } else {
            out.append(.fill(path: RoundedRect.path(l.field, radius: m.radius, curve: m.curve),
                             paint: .color(minimal ? minimalFieldColor(s.look) : .white), rule: .nonZero))
            faded += fieldContents(s, field: l.field, metrics: m, env: env, text: context.text)
        }

        if let r = l.cancel {
            faded.append(.line("Cancel", font: cancelFont, color: env.tint, frame: Rect(x: r.minX, y: r.minY, width: r.width + 1, height: r.height), lineBreakMode: .byClipping))
        }
        if let r = l.scope {
            faded += scopeBar(s.scopeButtonTitles, selected: s.selectedScopeButtonIndex, in: r, tint: env.tint, scale: env.scale)
        }
        if s.isEnabled {
            out += faded
        } else if !faded.isEmpty {
            out.append(.group(Group(items: faded, alpha: disabledAlpha)))
        }
        return out
    }

    /// Magnifier, text or placeholder, clear button and caret.
    static func fieldContents(_ s: SearchBar, field: Rect, metrics m: Metrics, env: Environment, text measure: TextMeasuring) -> [DisplayItem] {
        var out: [DisplayItem] = []
        let glass = SystemGlyphs.searchMagnifier
        let glassSize = glass.size.width * m.glassScale
        let font = ResolvedFont(system: m.fontSize, weight: .regular)
        let empty = s.text.isEmpty
        let shown = empty ? (s.placeholder ?? "") : s.text
        let color = empty ? grayText : .black
        let clear = !empty ? Rect(x: field.maxX - m.glassInset - glassSize, y: field.midY - glassSize / 2, width: glassSize, height: glassSize) : nil
        let textRight = (clear?.minX ?? field.maxX) - (clear == nil ? m.glassInset : 4)

        var glassX = field.minX + m.glassInset
        var textX = glassX + glassSize + m.glassGap
        if s.look == .iOS7, empty, !s.isEditing {
            // Centered together while idle.
            let w = shown.isEmpty ? 0 : measure.size(of: shown, font: font).width
            let group = glassSize + (shown.isEmpty ? 0 : m.glassGap + w)
            glassX = max(field.minX + m.glassInset, field.midX - group / 2)
            textX = glassX + glassSize + m.glassGap
        }
        out += glass.items(at: Point(x: glassX, y: field.midY - glassSize / 2), scale: m.glassScale, color: grayText)
        let textRect = Rect(x: textX, y: field.minY, width: max(0, textRight - textX), height: field.height)
        if !shown.isEmpty {
            out.append(.line(shown, font: font, color: color, frame: textRect, lineBreakMode: s.isEditing ? .byClipping : .byTruncatingTail))
        }
        if let clear {
            out += SystemGlyphs.clearButton.items(at: clear.origin, scale: m.glassScale, color: grayText)
        }
        if s.isEditing {
            let w = empty ? 0 : measure.size(of: s.text, font: font).width
            out.append(TextFieldComponent.caret(after: w, in: textRect, alignment: .left, fontSize: m.fontSize, color: env.tint))
        }
        return out
    }

    /// The scope bar: an iOS 7 segmented control, 1-point tint border and dividers, corner 4, the
    /// selected segment filled with the tint under a white title, titles 13 points.
    static func scopeBar(_ titles: [String], selected: Int, in r: Rect, tint: Color, scale: Double) -> [DisplayItem] {
        guard !titles.isEmpty, r.width > 2 else { return [] }
        let outline = RoundedRect.path(r, radius: 4, curve: .circular)
        let inner = RoundedRect.path(r.insetBy(dx: 1, dy: 1), radius: 3, curve: .circular)
        let w = r.width / Double(titles.count)
        func snap(_ x: Double) -> Double { (x * scale).rounded() / scale }
        var out: [DisplayItem] = []
        let selectedRect = Rect(x: snap(r.minX + w * Double(selected)), y: r.minY,
                                width: snap(r.minX + w * Double(selected + 1)) - snap(r.minX + w * Double(selected)), height: r.height)
        out.append(.group(Group(items: [.fill(path: .rect(selectedRect), paint: .color(tint), rule: .nonZero)], clip: outline)))
        out.append(.fill(path: Path(outline.commands + inner.commands), paint: .color(tint), rule: .evenOdd))
        for i in 1..<max(1, titles.count) {
            let x = snap(r.minX + w * Double(i))
            out.append(.fill(path: .rect(Rect(x: x - 0.5, y: r.minY, width: 1, height: r.height)), paint: .color(tint), rule: .nonZero))
        }
        let font = ResolvedFont(system: 13, weight: .regular)
        for (i, title) in titles.enumerated() {
            let seg = Rect(x: r.minX + w * Double(i) + 4, y: r.minY, width: max(0, w - 8), height: r.height)
            out.append(.line(title, font: font, color: i == selected ? .white : tint, frame: seg, alignment: .center))
        }
        return out
    }
}
