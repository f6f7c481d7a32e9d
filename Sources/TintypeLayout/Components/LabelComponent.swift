import TintypeModel

/// UILabel: one text item in the view's bounds; the raster lays it out with Pango.
struct LabelComponent: ViewComponent {
    let label: Label

    var defaultHugging: Double { 251 }

    func measure(_ view: View, width offer: Double?, env: Environment, context: LayoutContext) throws(RenderError) -> Measured {
        var wrapAt = offer
        if let p = label.preferredMaxLayoutWidth { wrapAt = min(offer ?? p, p) }
        let m = context.measuring
        var sized = env
        sized.contentSizeCategory = label.category(env.contentSizeCategory)
        return m.textSize(label.text, font: m.font(label.font, env: sized), width: wrapAt, lines: label.numberOfLines,
                          lineSpacing: label.lineSpacing, scale: env.scale)
    }

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        Self.items(label, frame: frame, env: env)
    }

    static func items(_ label: Label, frame: Rect, env: Environment) -> [DisplayItem] {
        guard !label.text.isEmpty else { return [] }
        let font = ResolvedFont(system: label.font.pointSize(category: label.category(env.contentSizeCategory)), weight: label.font.weight)
        return [.text(TextItem(
            text: label.text, font: font, color: env.resolve(label.textColor), frame: frame,
            alignment: label.textAlignment, direction: env.layoutDirection, numberOfLines: label.numberOfLines,
            lineBreakMode: label.lineBreakMode, lineSpacing: label.lineSpacing, source: env.path))]
    }
}
