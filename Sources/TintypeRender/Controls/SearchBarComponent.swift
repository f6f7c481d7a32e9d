import TintypeModel

/// Placeholder: replaced by the SearchBar drawing.
enum SearchBarComponent {
    static func items(_ c: SearchBar, frame: Rect, env: Environment, context: ComponentContext) throws(RenderError) -> [DisplayItem] { [] }
}
