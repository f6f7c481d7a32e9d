import TintypeModel

/// Placeholder: replaced by the ProgressView drawing.
enum ProgressViewComponent {
    static func items(_ c: ProgressView, frame: Rect, env: Environment, context: ComponentContext) throws(RenderError) -> [DisplayItem] { [] }
}
