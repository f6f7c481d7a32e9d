import TintypeModel

/// Placeholder: replaced by the PageControl drawing.
enum PageControlComponent {
    static func items(_ c: PageControl, frame: Rect, env: Environment, context: ComponentContext) throws(RenderError) -> [DisplayItem] { [] }
}
