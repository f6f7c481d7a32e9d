import TintypeModel

/// Placeholder: replaced by the Stepper drawing.
enum StepperComponent {
    static func items(_ c: Stepper, frame: Rect, env: Environment, context: ComponentContext) throws(RenderError) -> [DisplayItem] { [] }
}
