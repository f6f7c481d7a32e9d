import TintypeModel

/// Placeholder: replaced by the Slider drawing.
enum SliderComponent {
    static func items(_ c: Slider, frame: Rect, env: Environment, context: ComponentContext) throws(RenderError) -> [DisplayItem] { [] }
}
