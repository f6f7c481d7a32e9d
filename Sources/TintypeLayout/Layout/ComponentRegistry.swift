import TintypeModel

extension ViewKind {
    /// The registry: each kind's component, one line a kind. The compiler's exhaustive switch
    /// makes a new kind add its line here.
    var component: any ViewComponent {
        switch self {
        case .plain: PlainViewComponent()
        case .label(let m): LabelComponent(label: m)
        case .textView(let m): TextViewComponent(textView: m)
        case .image(let m): ImageViewComponent(imageView: m)
        case .shape(let m): ShapeComponent(shape: m)
        case .scrollView(let m): ScrollViewComponent(scrollView: m)
        case .controller(let m): ControllerComponent(controller: m)
        case .tableView(let m): TableViewComponent(table: m)
        case .stackView(let m): StackViewComponent(stack: m)
        case .visualEffectView(let m): VisualEffectViewComponent(effectView: m)
        case .navigationBar(let m): NavigationBarViewComponent(bar: m)
        case .toolbar(let m): ToolbarComponent(toolbar: m)
        case .tabBar(let m): TabBarViewComponent(tabBar: m)
        case .control(.button(let m)): ButtonComponent(button: m)
        case .control(.segmentedControl(let m)): SegmentedControlComponent(control: m)
        case .control(.stepper(let m)): StepperComponent(stepper: m)
        case .control(.switch(let m)): SwitchComponent(control: m)
        case .control(.slider(let m)): SliderComponent(slider: m)
        case .control(.progressView(let m)): ProgressViewComponent(progressView: m)
        case .control(.pageControl(let m)): PageControlComponent(pageControl: m)
        case .control(.activityIndicator(let m)): ActivityIndicatorComponent(indicator: m)
        case .control(.textField(let m)): TextFieldComponent(textField: m)
        case .control(.searchBar(let m)): SearchBarComponent(searchBar: m)
        case .control(.pickerView(let m)): PickerViewComponent(picker: m)
        case .control(.datePicker(let m)): DatePickerComponent(picker: m)
        }
    }
}

/// A plain UIView: nothing of its own beyond what every view draws.
struct PlainViewComponent: ViewComponent {
    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] { [] }
}
