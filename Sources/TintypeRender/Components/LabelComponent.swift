import TintypeModel

/// UILabel: one text item in the view's bounds; the raster lays it out with Pango.
enum LabelComponent {
    static func items(_ label: Label, frame: Rect, env: Environment) -> [DisplayItem] {
        guard !label.text.isEmpty else { return [] }
        let font = ResolvedFont(system: label.font.pointSize(category: env.contentSizeCategory), weight: label.font.weight)
        return [.text(TextItem(
            text: label.text, font: font, color: env.resolve(label.textColor), frame: frame,
            alignment: label.textAlignment, direction: env.layoutDirection, numberOfLines: label.numberOfLines,
            lineBreakMode: label.lineBreakMode, lineSpacing: label.lineSpacing, source: env.path))]
    }
}
