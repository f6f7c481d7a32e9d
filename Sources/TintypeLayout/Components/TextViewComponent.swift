import TintypeModel

/// UITextView: the text wrapped from the top of the text container, clipped to the bounds.
struct TextViewComponent: ViewComponent {
    let textView: TextView

    /// Not scrolling: as tall as its text at the width offered; no width of its own.
    func measure(_ view: View, width offer: Double?, env: Environment, context: LayoutContext) throws(RenderError) -> Measured {
        guard let offer else { return .none }
        let v = textView, m = context.measuring
        let inset = v.textContainerInset, pad = TextView.lineFragmentPadding
        let w = max(0, offer - inset.left - inset.right - 2 * pad)
        let font = m.font(v.font, env: env)
        let h = v.text.isEmpty ? m.lineHeight(font) : context.text.height(of: v.text, font: font, width: w, lineSpacing: v.lineSpacing)
        return Measured(size: Size(width: offer, height: (h + inset.top + inset.bottom).rounded(.up)), hasWidth: false)
    }

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        Self.items(textView, frame: frame, env: env, text: context.text)
    }

    static func items(_ v: TextView, frame: Rect, env: Environment, text: TextMeasuring) -> [DisplayItem] {
        guard !v.text.isEmpty else { return [] }
        let font = ResolvedFont(system: v.font.pointSize(category: env.contentSizeCategory), weight: v.font.weight)
        let pad = TextView.lineFragmentPadding, inset = v.textContainerInset
        let width = max(0, frame.width - inset.left - inset.right - 2 * pad)
        // The frame is as tall as the wrapped text, so the text starts at the container's top.
        let height = text.height(of: v.text, font: font, width: width, lineSpacing: v.lineSpacing)
        let item = TextItem(text: v.text, font: font, color: env.resolve(v.textColor),
                            frame: Rect(x: frame.minX + inset.left + pad, y: frame.minY + inset.top, width: width, height: height),
                            alignment: v.textAlignment, direction: env.layoutDirection, numberOfLines: 0,
                            lineBreakMode: .byWordWrapping, lineSpacing: v.lineSpacing, source: env.path)
        return [.group(Group(items: [.text(item)], clip: .rect(frame)))]
    }
}
