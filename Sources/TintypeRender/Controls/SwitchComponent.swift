import TintypeModel

/// Placeholder: replaced by the Switch drawing.
enum SwitchComponent {
    static func items(_ c: Switch, frame: Rect, env: Environment, context: ComponentContext) throws(RenderError) -> [DisplayItem] { [] }
}
