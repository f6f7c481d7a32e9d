import TintypeModel

/// Placeholder: replaced by the TextField drawing.
enum TextFieldComponent {
    static func items(_ c: TextField, frame: Rect, env: Environment, context: ComponentContext) throws(RenderError) -> [DisplayItem] { [] }
}
