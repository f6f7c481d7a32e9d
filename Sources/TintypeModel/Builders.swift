// Builders for every view kind and control, so a scene written in Swift reads like its file:
// `View.switch(isOn: true, frame: ...)`. Each wraps the kind's own model value; `Scene.validate()`
// then refuses what the file decoder refuses.

extension View {
    /// A plain view of `kind` (a control, a table view, ...) placed by `frame` or by `layout`.
    public static func of(_ kind: ViewKind, frame: Rect? = nil, layout: LayoutPins? = nil, id: String? = nil,
                          tintColor: Color? = nil, @ViewBuilder subviews: () -> [View] = { [] }) -> View {
        var v = View(kind, frame: frame, tintColor: tintColor, subviews: subviews())
        v.layout = layout
        v.id = id
        return v
    }

    /// A control view (`Control`), for the controls without a shorter builder below.
    public static func control(_ control: Control, frame: Rect? = nil, layout: LayoutPins? = nil, id: String? = nil) -> View {
        of(.control(control), frame: frame, layout: layout, id: id)
    }

    /// UISwitch: 51 × 31 points, green when on.
    public static func `switch`(isOn: Bool, onTintColor: ColorValue? = nil, thumbTintColor: ColorValue? = nil,
                                isEnabled: Bool = true, frame: Rect? = nil, layout: LayoutPins? = nil, id: String? = nil) -> View {
        control(.switch(Switch(isOn: isOn, onTintColor: onTintColor, thumbTintColor: thumbTintColor, state: ControlState(isEnabled: isEnabled))),
                frame: frame, layout: layout, id: id)
    }

    /// A system button with one title.
    public static func button(_ title: String, frame: Rect? = nil, layout: LayoutPins? = nil, id: String? = nil) -> View {
        control(.button(Button(title: PerState(normal: title))), frame: frame, layout: layout, id: id)
    }

    /// Any button (`Button` has every per-state title, color and image).
    public static func button(_ button: Button, frame: Rect? = nil, layout: LayoutPins? = nil, id: String? = nil) -> View {
        control(.button(button), frame: frame, layout: layout, id: id)
    }

    /// UISlider.
    public static func slider(_ slider: Slider, frame: Rect? = nil, layout: LayoutPins? = nil, id: String? = nil) -> View {
        control(.slider(slider), frame: frame, layout: layout, id: id)
    }

    /// UISegmentedControl with titled segments.
    public static func segmentedControl(_ titles: [String], selectedSegmentIndex: Int = -1, frame: Rect? = nil,
                                        layout: LayoutPins? = nil, id: String? = nil) -> View {
        control(.segmentedControl(SegmentedControl(segments: titles.map { .title($0) }, selectedSegmentIndex: selectedSegmentIndex)),
                frame: frame, layout: layout, id: id)
    }

    /// Any segmented control.
    public static func segmentedControl(_ control: SegmentedControl, frame: Rect? = nil, layout: LayoutPins? = nil, id: String? = nil) -> View {
        View.control(.segmentedControl(control), frame: frame, layout: layout, id: id)
    }

    /// UIStepper.
    public static func stepper(_ stepper: Stepper, frame: Rect? = nil, layout: LayoutPins? = nil, id: String? = nil) -> View {
        control(.stepper(stepper), frame: frame, layout: layout, id: id)
    }

    /// UIProgressView.
    public static func progressView(progress: Double, frame: Rect? = nil, layout: LayoutPins? = nil, id: String? = nil) -> View {
        control(.progressView(ProgressView(progress: progress)), frame: frame, layout: layout, id: id)
    }

    /// UIPageControl.
    public static func pageControl(numberOfPages: Int, currentPage: Int = 0, frame: Rect? = nil, layout: LayoutPins? = nil, id: String? = nil) -> View {
        control(.pageControl(PageControl(numberOfPages: numberOfPages, currentPage: currentPage)), frame: frame, layout: layout, id: id)
    }

    /// UIActivityIndicatorView.
    public static func activityIndicator(_ indicator: ActivityIndicator, frame: Rect? = nil, layout: LayoutPins? = nil, id: String? = nil) -> View {
        control(.activityIndicator(indicator), frame: frame, layout: layout, id: id)
    }

    /// UITextField.
    public static func textField(_ field: TextField, frame: Rect? = nil, layout: LayoutPins? = nil, id: String? = nil) -> View {
        control(.textField(field), frame: frame, layout: layout, id: id)
    }

    /// UISearchBar.
    public static func searchBar(_ bar: SearchBar, frame: Rect? = nil, layout: LayoutPins? = nil, id: String? = nil) -> View {
        control(.searchBar(bar), frame: frame, layout: layout, id: id)
    }

    /// UIPickerView.
    public static func pickerView(_ picker: PickerView, frame: Rect? = nil, layout: LayoutPins? = nil, id: String? = nil) -> View {
        control(.pickerView(picker), frame: frame, layout: layout, id: id)
    }

    /// UIDatePicker.
    public static func datePicker(_ picker: DatePicker, frame: Rect? = nil, layout: LayoutPins? = nil, id: String? = nil) -> View {
        control(.datePicker(picker), frame: frame, layout: layout, id: id)
    }

    /// UITextView.
    public static func textView(_ textView: TextView, frame: Rect? = nil, layout: LayoutPins? = nil, id: String? = nil) -> View {
        of(.textView(textView), frame: frame, layout: layout, id: id)
    }

    /// UIScrollView holding `subviews`.
    public static func scrollView(_ scrollView: ScrollView = ScrollView(), frame: Rect? = nil, layout: LayoutPins? = nil,
                                  @ViewBuilder subviews: () -> [View]) -> View {
        of(.scrollView(scrollView), frame: frame, layout: layout, subviews: subviews)
    }

    /// UIStackView arranging `arranged` along `axis` (see `StackView` for distribution and alignment).
    public static func stackView(_ axis: StackView.Axis, spacing: Double = 0, distribution: StackView.Distribution = .fill,
                                 alignment: StackView.Alignment = .fill, frame: Rect? = nil, layout: LayoutPins? = nil,
                                 id: String? = nil, @ViewBuilder arranged: () -> [View]) -> View {
        var v = stack(axis, spacing: spacing, distribution: distribution, alignment: alignment, frame: frame, arranged())
        v.layout = layout
        v.id = id
        return v
    }

    /// UIVisualEffectView blurring what is under it with `effect`; `content` is its content view's subviews.
    public static func visualEffectView(_ effect: BlurEffectStyle = .light, frame: Rect? = nil, layout: LayoutPins? = nil,
                                        @ViewBuilder content: () -> [View] = { [] }) -> View {
        of(.visualEffectView(VisualEffectView(effect: effect)), frame: frame, layout: layout, subviews: content)
    }

    /// A table view placed by `layout`.
    public static func tableView(_ table: TableView, layout: LayoutPins, id: String? = nil) -> View {
        of(.tableView(table), layout: layout, id: id)
    }
}

extension Scene {
    /// The problems the file decoder would refuse in a scene made in Swift: negative or non-finite
    /// sizes and positions, numbers that are not finite, views nested deeper than the limit, a
    /// matrix that is wrong (`Variants.check`), and anything outside `SceneLimits` (`limitProblems`:
    /// a coordinate past a million points, a string or list too long, a scale or pixel size too
    /// large). Each names its path (`root.subviews[1].frame`).
    public func validate() throws(SceneError) {
        var issues: [SceneIssue] = []
        func report(_ path: String, _ message: String) { issues.append(SceneIssue(file: "<swift>", path: path, position: nil, message: message)) }
        func walk(_ value: Any, _ path: String, depth: Int) {
            if let r = value as? Rect {
                if ![r.x, r.y, r.width, r.height].allSatisfy(\.isFinite) { report(path, "a frame's numbers must be finite, found \(r)") }
                else if r.width < 0 || r.height < 0 { report(path, "a frame cannot have a negative size, found width \(format(r.width)) and height \(format(r.height))") }
                return
            }
            if let s = value as? Size {
                if !(s.width.isFinite && s.height.isFinite) || s.width < 0 || s.height < 0 {
                    report(path, "expected a size of finite numbers at least 0, found \(format(s.width)) × \(format(s.height))")
                }
                return
            }
            if let d = value as? Double {
                if !d.isFinite { report(path, "expected a finite number, found \(d)") }
                return
            }
            if value is String || value is Bool || value is Int || value is Device { return }
            if let v = value as? View, depth > SceneLimits.maxViewDepth {
                _ = v
                report(path, "views nest more than \(SceneLimits.maxViewDepth) deep")
                return
            }
            let mirror = Mirror(reflecting: value)
            let isView = value is View
            for (i, child) in mirror.children.enumerated() {
                let label = child.label ?? "[\(i)]"
                let sub: String
                switch mirror.displayStyle {
                case .collection?: sub = path + "[\(i)]"
                case .optional?, .enum?: sub = path
                default: sub = label == "kind" ? path : (path.isEmpty ? label : path + "." + label)
                }
                walk(child.value, sub, depth: depth + (isView ? 1 : 0))
            }
        }
        walk(root, "root", depth: 0)
        if let presented { walk(presented, "presented", depth: 0) }
        do { try variants.check() } catch { report(error.path, error.message) }
        // The limits the decoder checks a file against; a place already reported above (a frame
        // that is not finite, say) is not reported again by its parts.
        let reported = issues.map(\.path)
        for (path, message) in limitProblems where !reported.contains(where: { path == $0 || path.hasPrefix($0 + ".") || path.hasPrefix($0 + "[") }) {
            report(path, message)
        }
        if !issues.isEmpty { throw SceneError(issues: issues) }
    }
}
