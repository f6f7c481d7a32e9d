import TintypeModel

/// Placeholder: replaced by the Button drawing.
enum ButtonComponent {
    static func items(_ c: Button, frame: Rect, env: Environment, context: ComponentContext) throws(RenderError) -> [DisplayItem] { [] }
}
