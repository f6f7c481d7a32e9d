import TintypeModel

/// Placeholder: replaced by the PickerView drawing.
enum PickerViewComponent {
    static func items(_ c: PickerView, frame: Rect, env: Environment, context: ComponentContext) throws(RenderError) -> [DisplayItem] { [] }
}
