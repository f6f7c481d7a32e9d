/// The UIKit controls a scene can show. Each has its model and decoding in its own file here, and
/// its component (measuring and drawing) in `TintypeRender/Controls/`. A new control is a case
/// here, a line in `kinds`, its model and component files, and its line in the component registry
/// (docs/architecture.md).
public indirect enum Control: Sendable, Equatable {
    case button(Button)
    case segmentedControl(SegmentedControl)
    case stepper(Stepper)
    case `switch`(Switch)
    case slider(Slider)
    case progressView(ProgressView)
    case pageControl(PageControl)
    case activityIndicator(ActivityIndicator)
    case textField(TextField)
    case searchBar(SearchBar)
    case pickerView(PickerView)
    case datePicker(DatePicker)

    /// The key naming the control in a scene file.
    public var name: String {
        switch self {
        case .button: "button"
        case .segmentedControl: "segmentedControl"
        case .stepper: "stepper"
        case .switch: "switch"
        case .slider: "slider"
        case .progressView: "progressView"
        case .pageControl: "pageControl"
        case .activityIndicator: "activityIndicator"
        case .textField: "textField"
        case .searchBar: "searchBar"
        case .pickerView: "pickerView"
        case .datePicker: "datePicker"
        }
    }

    /// The decoders of every control kind, by name.
    static let kinds: [(name: String, decode: @Sendable (ObjectReader) -> Control?)] = [
        ("button", { Button.decode($0).map(Control.button) }),
        ("segmentedControl", { SegmentedControl.decode($0).map(Control.segmentedControl) }),
        ("stepper", { Stepper.decode($0).map(Control.stepper) }),
        ("switch", { Switch.decode($0).map(Control.switch) }),
        ("slider", { Slider.decode($0).map(Control.slider) }),
        ("progressView", { ProgressView.decode($0).map(Control.progressView) }),
        ("pageControl", { PageControl.decode($0).map(Control.pageControl) }),
        ("activityIndicator", { ActivityIndicator.decode($0).map(Control.activityIndicator) }),
        ("textField", { TextField.decode($0).map(Control.textField) }),
        ("searchBar", { SearchBar.decode($0).map(Control.searchBar) }),
        ("pickerView", { PickerView.decode($0).map(Control.pickerView) }),
        ("datePicker", { DatePicker.decode($0).map(Control.datePicker) }),
    ]
}

/// UIControl.State as a scene names it: what every control shares.
public struct ControlState: Sendable, Equatable {
    public var isEnabled: Bool
    public var isHighlighted: Bool
    public var isSelected: Bool
    public init(isEnabled: Bool = true, isHighlighted: Bool = false, isSelected: Bool = false) {
        self.isEnabled = isEnabled; self.isHighlighted = isHighlighted; self.isSelected = isSelected
    }

    /// Reads `enabled`, `highlighted` and `selected`.
    static func decode(_ r: ObjectReader) -> ControlState {
        ControlState(isEnabled: r.bool("enabled") ?? true, isHighlighted: r.bool("highlighted") ?? false, isSelected: r.bool("selected") ?? false)
    }
}
