import TintypeModel

/// What a control's drawing may use besides its frame and environment.
struct ComponentContext {
    let resolver: Resolver
    var images: ImageStore { resolver.images }
    var text: TextMeasuring { resolver.text }
}

/// Dispatches each control to its component (one file each in this folder).
enum ControlComponent {
    static func items(_ control: Control, frame: Rect, env: Environment, context: ComponentContext) throws(RenderError) -> [DisplayItem] {
        switch control {
        case .button(let c): try ButtonComponent.items(c, frame: frame, env: env, context: context)
        case .segmentedControl(let c): try SegmentedControlComponent.items(c, frame: frame, env: env, context: context)
        case .stepper(let c): try StepperComponent.items(c, frame: frame, env: env, context: context)
        case .switch(let c): try SwitchComponent.items(c, frame: frame, env: env, context: context)
        case .slider(let c): try SliderComponent.items(c, frame: frame, env: env, context: context)
        case .progressView(let c): try ProgressViewComponent.items(c, frame: frame, env: env, context: context)
        case .pageControl(let c): try PageControlComponent.items(c, frame: frame, env: env, context: context)
        case .activityIndicator(let c): try ActivityIndicatorComponent.items(c, frame: frame, env: env, context: context)
        case .textField(let c): try TextFieldComponent.items(c, frame: frame, env: env, context: context)
        case .searchBar(let c): try SearchBarComponent.items(c, frame: frame, env: env, context: context)
        case .pickerView(let c): try PickerViewComponent.items(c, frame: frame, env: env, context: context)
        case .datePicker(let c): try DatePickerComponent.items(c, frame: frame, env: env, context: context)
        }
    }
}
