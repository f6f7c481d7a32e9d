import TintypeModel

/// Placeholder: replaced by the DatePicker drawing.
enum DatePickerComponent {
    static func items(_ c: DatePicker, frame: Rect, env: Environment, context: ComponentContext) throws(RenderError) -> [DisplayItem] { [] }
}
