import TintypeModel

/// UITextField on iOS 7–11:
/// - borders: `none` (nothing), `line` (1 point black), `bezel` (1 point gray, darker along the
///   top), `roundedRect` (white, corner 5, a one-pixel #CCCCCC border; a disabled one is filled white 0.98, UIKit's disabled text field background);
/// - text inset 7 from a rounded rect's sides (4 for line and bezel, 0 for none), centered vertically;
/// - the placeholder in #C7C7CD while there is no text;
/// - the clear button (a 14-point gray disc with an x, in a 19-point box 5 from the trailing side)
///   over some text, as `clearButtonMode` says; the side views at the field's edges at their own size;
/// - `isEditing`: a 2-point tint caret after the text, as tall as the font's line.
/// Side views and the clear button keep their physical sides in right-to-left layouts.
struct TextFieldComponent: ViewComponent {
    let textField: TextField

    /// A rounded-rect field's least height.
    static let height = 30.0

    /// As wide as its text (or placeholder) with the border's room; a rounded-rect field is at
    /// least 30 high and 4 points taller than its line above and below.
    func measure(_ view: View, width offer: Double?, env: Environment, context: LayoutContext) throws(RenderError) -> Measured {
        let t = textField, m = context.measuring
        let f = m.font(t.font, env: env)
        let shown = t.text.isEmpty ? (t.placeholder ?? "") : t.displayText
        let lh = m.lineHeight(f)
        let h = t.borderStyle == .roundedRect ? max(Self.height, lh.rounded(.up) + 8) : lh.rounded(.up)
        let w = context.text.size(of: shown, font: f).width + (t.borderStyle == .none ? 0 : 14)
        return Measured(size: Size(width: w.rounded(.up), height: h), firstBaseline: (h - lh) / 2 + Measure.ascent * f.size)
    }

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        try Self.items(textField, frame: frame, env: env, context: context)
    }

    static let placeholderColor = Color(rgb8: 0xC7, 0xC7, 0xCD)
    static let roundedBorderColor = Color(rgb8: 0xCC, 0xCC, 0xCC)
    static let roundedDisabledFill = Color(white: 0.98)
    static let clearButtonColor = Color(rgb8: 0x8E, 0x8E, 0x93, alpha: 0.75)
    static let cornerRadius = 5.0
    static let clearButtonBox = 19.0

    static func padding(_ style: TextField.BorderStyle) -> Double {
        switch style {
        case .none: 0
        case .line, .bezel: 4
        case .roundedRect: 7
        }
    }

    /// Where the parts go, in absolute points.
    struct Layout: Equatable {
        var text: Rect
        var leftView: Rect?
        var rightView: Rect?
        var clearButton: Rect?
    }

    static func sideSize(_ view: View, field: Rect) -> Size {
        view.frame?.size ?? Size(width: field.height, height: field.height)
    }

    /// Right to left, the field is laid out mirrored: the left view on the right (it is the
    /// leading view), the right view and the clear button on the left.
    static func layout(_ c: TextField, frame: Rect, direction: LayoutDirection = .leftToRight) -> Layout {
        let l = ltrLayout(c, frame: frame)
        guard direction == .rightToLeft else { return l }
        func flip(_ r: Rect) -> Rect { Rect(x: 2 * frame.midX - r.maxX, y: r.minY, width: r.width, height: r.height) }
        return Layout(text: flip(l.text), leftView: l.leftView.map(flip), rightView: l.rightView.map(flip), clearButton: l.clearButton.map(flip))
    }

    static func ltrLayout(_ c: TextField, frame: Rect) -> Layout {
        let pad = padding(c.borderStyle)
        var left = frame.minX + pad, right = frame.maxX - pad
        var out = Layout(text: .zero)
        if let v = c.leftView, c.leftViewMode.shows(editing: c.isEditing) {
            let s = sideSize(v, field: frame)
            let r = Rect(x: frame.minX, y: frame.midY - s.height / 2, width: s.width, height: s.height)
            out.leftView = r
            left = max(left, r.maxX)
        }
        var trailing = frame.maxX - (c.borderStyle == .none ? 0 : 5)
        if let v = c.rightView, c.rightViewMode.shows(editing: c.isEditing) {
            let s = sideSize(v, field: frame)
            let r = Rect(x: frame.maxX - s.width, y: frame.midY - s.height / 2, width: s.width, height: s.height)
            out.rightView = r
            right = min(right, r.minX)
            trailing = r.minX
        }
        if c.showsClearButton {
            let r = Rect(x: trailing - clearButtonBox, y: frame.midY - clearButtonBox / 2, width: clearButtonBox, height: clearButtonBox)
            out.clearButton = r
            right = min(right, r.minX)
        }
        out.text = Rect(x: left, y: frame.minY, width: max(0, right - left), height: frame.height)
        return out
    }

    static func items(_ c: TextField, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        var out = border(c, frame: frame, scale: env.scale)
        let l = layout(c, frame: frame, direction: env.layoutDirection)
        if let r = l.leftView, let v = c.leftView {
            var view = v
            view.frame = nil
            out += try context.layout(view, in: r, parent: env, path: env.path + ".leftView")
        }
        if let r = l.rightView, let v = c.rightView {
            var view = v
            view.frame = nil
            out += try context.layout(view, in: r, parent: env, path: env.path + ".rightView")
        }
        let font = ResolvedFont(system: c.font.pointSize(category: env.contentSizeCategory), weight: c.font.weight)
        let shown = c.displayText
        // While editing, right-aligned text moves over to make room for the caret after it.
        let aligned = effectiveAlignment(c.textAlignment, env.layoutDirection)
        var textRect = l.text
        // (Right to left the caret is at the text's left end, so the room is kept there.)
        let rtl = env.layoutDirection == .rightToLeft
        if c.isEditing, !shown.isEmpty, aligned == (rtl ? .left : .right) {
            if rtl { textRect.origin.x += caretRoom }
            textRect.size.width = max(0, textRect.width - caretRoom)
        }
        if !shown.isEmpty {
            out.append(.line(shown, font: font, color: env.resolve(c.textColor), frame: textRect, alignment: c.textAlignment, direction: env.layoutDirection,
                             lineBreakMode: c.isEditing ? .byClipping : .byTruncatingTail))
        } else if let placeholder = c.placeholder, !placeholder.isEmpty {
            out.append(.line(placeholder, font: font, color: placeholderColor, frame: textRect, alignment: c.textAlignment, direction: env.layoutDirection))
        }
        if let r = l.clearButton {
            out += SystemGlyphs.clearButton.items(centeredIn: r, color: clearButtonColor)
        }
        if c.isEditing {
            let width = shown.isEmpty ? 0 : context.text.size(of: shown, font: font).width
            out.append(caret(after: width, in: textRect, alignment: aligned, fontSize: font.size, color: env.tint, direction: env.layoutDirection))
        }
        return out
    }

    static func effectiveAlignment(_ a: TextAlignment, _ d: LayoutDirection) -> TextAlignment {
        a == .natural ? (d == .rightToLeft ? .right : .left) : a
    }

    /// Room kept for the caret after right-aligned text.
    static let caretRoom = 3.0

    static func border(_ c: TextField, frame: Rect, scale: Double) -> [DisplayItem] {
        func ring(_ outer: Rect, _ w: Double, _ color: Color) -> DisplayItem {
            .fill(path: Path(Path.rect(outer).commands + Path.rect(outer.insetBy(dx: w, dy: w)).commands), paint: .color(color), rule: .evenOdd)
        }
        switch c.borderStyle {
        case .none:
            return []
        case .line:
            return [ring(frame, 1, .black)]
        case .bezel:
            return [ring(frame, 1, Color(white: 0.6)),
                    .fill(path: .rect(Rect(x: frame.minX, y: frame.minY, width: frame.width, height: 1)), paint: .color(Color(white: 0.35)), rule: .nonZero),
                    .fill(path: .rect(Rect(x: frame.minX + 1, y: frame.minY + 1, width: max(0, frame.width - 2), height: 1)),
                          paint: .color(Color(white: 0, alpha: 0.08)), rule: .nonZero)]
        case .roundedRect:
            let px = 1 / scale
            let outer = RoundedRect.path(frame, radius: cornerRadius, curve: .circular)
            let inner = RoundedRect.path(frame.insetBy(dx: px, dy: px), radius: cornerRadius - px, curve: .circular)
            return [.fill(path: outer, paint: .color(c.state.isEnabled ? .white : roundedDisabledFill), rule: .nonZero),
                    .fill(path: Path(outer.commands + inner.commands), paint: .color(roundedBorderColor), rule: .evenOdd)]
        }
    }

    /// The insertion point: 2 wide with round ends, about as tall as the font's line (1.2 × its
    /// size), centered 2 points past the end of text `width` wide laid out in `rect` (at the
    /// leading edge when there is no text).
    /// Right to left the end of the text is its left end, and the caret goes there.
    static func caret(after width: Double, in rect: Rect, alignment: TextAlignment, fontSize: Double, color: Color,
                      direction: LayoutDirection = .leftToRight) -> DisplayItem {
        let shown = min(width, rect.width)
        let gap = shown > 0 ? 2.0 : 0
        let x: Double
        if direction == .rightToLeft {
            x = switch alignment {
            case .center: rect.midX - shown / 2 - gap
            case .left: shown > 0 ? rect.minX - gap : rect.minX + 1
            default: rect.maxX - shown - gap
            }
        } else {
            x = switch alignment {
            case .center: rect.midX + shown / 2 + gap
            case .right: shown > 0 ? rect.maxX + gap : rect.maxX - 1
            default: rect.minX + shown + gap
            }
        }
        let height = (fontSize * 1.2).rounded()
        let r = Rect(x: x - 1, y: rect.midY - height / 2, width: 2, height: height)
        return .fill(path: RoundedRect.path(r, radius: 1, curve: .circular), paint: .color(color), rule: .nonZero)
    }
}
