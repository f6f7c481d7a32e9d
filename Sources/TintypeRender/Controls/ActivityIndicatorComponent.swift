import TintypeModel

/// Placeholder: replaced by the ActivityIndicator drawing.
enum ActivityIndicatorComponent {
    static func items(_ c: ActivityIndicator, frame: Rect, env: Environment, context: ComponentContext) throws(RenderError) -> [DisplayItem] { [] }
}
