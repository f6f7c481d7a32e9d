import TintypeModel

/// Placeholder: replaced by the TableView drawing.
enum TableViewComponent {
    static func items(_ c: TableView, frame: Rect, env: Environment, context: ComponentContext) throws(RenderError) -> [DisplayItem] { [] }
}
