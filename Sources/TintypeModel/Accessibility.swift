/// UIAccessibilityTraits by UIKit's names: what VoiceOver says a element is or does.
public enum AccessibilityTrait: String, Sendable, Equatable, Hashable, CaseIterable {
    case button, link, header, searchField, image, selected, playsSound, keyboardKey, staticText, summaryElement
    case notEnabled, updatesFrequently, startsMediaSession, adjustable, allowsDirectInteraction, causesPageTurn, tabBar

    /// Traits in UIKit's order (the order of `allCases`), each once.
    public static func normalized(_ traits: some Sequence<AccessibilityTrait>) -> [AccessibilityTrait] {
        let set = Set(traits)
        return allCases.filter(set.contains)
    }
}

/// A view's UIAccessibility properties as a scene sets them; nil keeps UIKit's default for the
/// view's kind (`View.accessibilityDefaults`). docs/scene-format.md, Accessibility.
public struct Accessibility: Sendable, Equatable {
    /// `isAccessibilityElement`: nil is the kind's default (a label, a control: yes; a plain view,
    /// an image view: no). An element hides its subviews from VoiceOver.
    public var isElement: Bool?
    public var label: String?
    public var value: String?
    public var hint: String?
    /// Replaces the kind's traits when given.
    public var traits: [AccessibilityTrait]?
    /// `accessibilityViewIsModal`: VoiceOver reads only this view's elements, not its siblings'
    /// (nor theirs of its ancestors).
    public var viewIsModal = false
    /// `accessibilityIdentifier`: what UI tests find the element by. VoiceOver does not read it;
    /// the accessibility snapshot's legend shows it.
    public var identifier: String?

    public init(isElement: Bool? = nil, label: String? = nil, value: String? = nil, hint: String? = nil,
                traits: [AccessibilityTrait]? = nil, viewIsModal: Bool = false, identifier: String? = nil) {
        self.isElement = isElement; self.label = label; self.value = value; self.hint = hint
        self.traits = traits.map(AccessibilityTrait.normalized); self.viewIsModal = viewIsModal; self.identifier = identifier
    }

    /// The scene keys: `isAccessibilityElement`, `accessibilityLabel`, `accessibilityValue`,
    /// `accessibilityHint`, `accessibilityTraits` (an array of trait names), `accessibilityIdentifier`
    /// and, unless `modal` is false (a table row's), `accessibilityViewIsModal`.
    static func decode(_ r: ObjectReader, modal: Bool = true) -> Accessibility {
        var a = Accessibility()
        a.isElement = r.bool("isAccessibilityElement")
        a.label = r.string("accessibilityLabel")
        a.value = r.string("accessibilityValue")
        a.hint = r.string("accessibilityHint")
        a.identifier = r.string("accessibilityIdentifier")
        if let items = r.array("accessibilityTraits") {
            var traits: [AccessibilityTrait] = []
            let names = AccessibilityTrait.allCases.map(\.rawValue)
            for (n, p) in items {
                guard case .string(let s) = n.value, let t = AccessibilityTrait(rawValue: s) else {
                    var message: String
                    if case .string(let s) = n.value {
                        message = "unknown accessibility trait \(quoted(s))"
                        if let close = Suggest.closest(to: s, in: names) { message += "; did you mean \(quoted(close))?" }
                    } else {
                        message = "expected an accessibility trait name, found \(n.value.kindName)"
                    }
                    r.context.report(p, n.position, message + " (traits: \(names.joined(separator: ", ")))")
                    continue
                }
                traits.append(t)
            }
            a.traits = AccessibilityTrait.normalized(traits)
        }
        if modal, let m = r.bool("accessibilityViewIsModal") { a.viewIsModal = m }
        return a
    }
}

/// What VoiceOver reads of one element: its label, value, hint and traits; and the identifier UI
/// tests find it by, which VoiceOver does not read.
public struct AccessibilityInfo: Sendable, Equatable {
    public var label: String?
    public var value: String?
    public var hint: String?
    public var traits: [AccessibilityTrait]
    public var identifier: String?

    public init(label: String? = nil, value: String? = nil, hint: String? = nil, traits: [AccessibilityTrait] = [], identifier: String? = nil) {
        self.label = label; self.value = value; self.hint = hint; self.traits = AccessibilityTrait.normalized(traits); self.identifier = identifier
    }

    /// The element with the scene's own properties over these defaults.
    public func overridden(by a: Accessibility) -> AccessibilityInfo {
        AccessibilityInfo(label: a.label ?? label, value: a.value ?? value, hint: a.hint ?? hint, traits: a.traits ?? traits,
                          identifier: a.identifier ?? identifier)
    }

    /// Whether VoiceOver has anything to read (an identifier alone is not read).
    public var isEmpty: Bool { (label ?? "").isEmpty && (value ?? "").isEmpty && (hint ?? "").isEmpty }
}

/// How UIKit exposes a view of each kind to VoiceOver when the scene sets nothing.
public enum AccessibilityRole: Sendable, Equatable {
    /// Not an element: VoiceOver reads its subviews (a plain view, a stack view, an image view).
    case container
    /// One element over the view's frame.
    case element(AccessibilityInfo)
    /// Several elements, each over a part of the frame in unit coordinates (a segmented
    /// control's segments, a stepper's halves, a picker's wheels).
    case parts([(info: AccessibilityInfo, unit: Rect)])
    /// Elements the layout knows (a table's cells, a controller's bars and its content).
    case laidOut

    public static func == (a: AccessibilityRole, b: AccessibilityRole) -> Bool {
        switch (a, b) {
        case (.container, .container), (.laidOut, .laidOut): true
        case (.element(let x), .element(let y)): x == y
        case (.parts(let x), .parts(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.info == $1.info && $0.unit == $1.unit }
        default: false
        }
    }
}

extension View {
    /// UIKit's accessibility for this view's kind, before the scene's own properties: a label's
    /// text as its label with `staticText`; a button's title (or its image's name) with `button`;
    /// a switch `button` with the value "1" or "0"; a slider `adjustable` with its percentage; ….
    /// `notEnabled` and `selected` follow the control's state.
    public var accessibilityDefaults: AccessibilityRole {
        switch kind {
        case .plain, .shape, .scrollView, .stackView, .visualEffectView: return .container
        case .controller, .tableView, .navigationBar, .toolbar, .tabBar: return .laidOut
        case .image: return .container
        case .label(let l):
            return l.text.isEmpty ? .container : .element(AccessibilityInfo(label: l.text, traits: [.staticText]))
        case .textView(let t):
            return .element(AccessibilityInfo(label: t.text.isEmpty ? nil : t.text, traits: [.staticText]))
        case .control(let c): return c.accessibilityDefaults
        }
    }

    /// The info of this view as an element when the scene makes it one (`isAccessibilityElement`
    /// true): its kind's, or for a view that is not an element by itself, its subviews' labels
    /// joined as a cell joins its texts (`image` for an image view).
    public var accessibilityAsElement: AccessibilityInfo {
        switch accessibilityDefaults {
        case .element(let info): return info.overridden(by: accessibility)
        case .parts(let parts):
            let joined = parts.compactMap(\.info.label).filter { !$0.isEmpty }.joined(separator: ", ")
            return AccessibilityInfo(label: joined.isEmpty ? nil : joined, traits: parts.first?.info.traits ?? []).overridden(by: accessibility)
        case .container, .laidOut:
            var info = AccessibilityInfo(label: subviewLabels.isEmpty ? nil : subviewLabels.joined(separator: ", "))
            if case .image = kind { info.traits = [.image] }
            return info.overridden(by: accessibility)
        }
    }

    /// The views VoiceOver finds inside this one: a stack view's arranged views, then the subviews.
    public var accessibilityChildren: [View] {
        if case .stackView(let s) = kind { return s.arrangedSubviews + subviews }
        return subviews
    }

    /// The labels of the visible subviews, depth first, as UIKit joins them for a cell or a view
    /// made one element: each element's label (and value), a container's subviews' in turn.
    public var subviewLabels: [String] {
        var out: [String] = []
        for s in accessibilityChildren where !s.isHidden && s.alpha > 0 {
            if s.accessibility.isElement == false { continue }
            switch s.accessibilityDefaults {
            case .element, .parts:
                let info = s.accessibilityAsElement
                out += [info.label, info.value].compactMap { $0 }.filter { !$0.isEmpty }
            case .container, .laidOut:
                if s.accessibility.isElement == true {
                    if let l = s.accessibilityAsElement.label, !l.isEmpty { out.append(l) }
                } else {
                    out += s.subviewLabels
                }
            }
        }
        return out
    }
}

/// "50%" as UIKit writes a fraction for VoiceOver.
func accessibilityPercent(_ fraction: Double) -> String { "\(Int((max(0, min(1, fraction)) * 100).rounded()))%" }

extension Control {
    var state: ControlState? {
        switch self {
        case .button(let b): b.state
        case .segmentedControl(let s): s.state
        case .stepper(let s): s.state
        case .switch(let s): s.state
        case .slider(let s): s.state
        case .pageControl(let p): p.state
        case .textField(let t): t.state
        case .datePicker(let d): d.state
        case .searchBar(let s): ControlState(isEnabled: s.isEnabled)
        case .progressView, .activityIndicator, .pickerView: nil
        }
    }

    var accessibilityDefaults: AccessibilityRole {
        let disabled: [AccessibilityTrait] = state?.isEnabled == false ? [.notEnabled] : []
        switch self {
        case .button(let b):
            var traits: [AccessibilityTrait] = [.button] + disabled
            if b.state.isSelected { traits.append(.selected) }
            let title = b.title.value(for: b.state) ?? b.title.normal
            let label: String? = if let title, !title.isEmpty { title } else {
                switch b.buttonType {
                case .detailDisclosure, .infoLight, .infoDark: "More Info"
                case .contactAdd: "Add"
                case .system, .custom: (b.image.value(for: b.state) ?? b.image.normal).map { imageName($0.source.path) }
                }
            }
            return .element(AccessibilityInfo(label: label, traits: traits))
        case .switch(let s):
            return .element(AccessibilityInfo(value: s.isOn ? "1" : "0", traits: [.button] + disabled))
        case .slider(let s):
            return .element(AccessibilityInfo(value: accessibilityPercent(s.fraction), traits: [.adjustable] + disabled))
        case .stepper(let s):
            // UIStepper's two halves are buttons of their own.
            let value = format(s.value)
            let dec = AccessibilityInfo(label: "Decrement", value: value, traits: [.button] + (s.canDecrement ? disabled : [.notEnabled]))
            let inc = AccessibilityInfo(label: "Increment", value: value, traits: [.button] + (s.canIncrement ? disabled : [.notEnabled]))
            return .parts([(dec, Rect(x: 0, y: 0, width: 0.5, height: 1)), (inc, Rect(x: 0.5, y: 0, width: 0.5, height: 1))])
        case .segmentedControl(let s):
            // Each segment is a button, "1 of 3" as its value; fixed widths are shared as UIKit shares them.
            guard !s.segments.isEmpty else { return .container }
            let total = s.segments.compactMap(\.width).reduce(0, +)
            let free = s.segments.filter { $0.width == nil }.count
            var units: [Double] = s.segments.map { $0.width ?? 0 }
            let weights = free == 0 ? units : units.map { $0 == 0 ? max(1, total / Double(max(1, s.segments.count - free))) : $0 }
            let sum = max(weights.reduce(0, +), 0.0001)
            units = weights.map { $0 / sum }
            var x = 0.0
            var parts: [(info: AccessibilityInfo, unit: Rect)] = []
            for (i, seg) in s.segments.enumerated() {
                let label: String? = switch seg.content {
                case .title(let t): t
                case .image(let img): imageName(img.source.path)
                }
                var traits: [AccessibilityTrait] = [.button] + disabled
                if !seg.isEnabled { traits.append(.notEnabled) }
                if i == s.selectedSegmentIndex { traits.append(.selected) }
                parts.append((AccessibilityInfo(label: label, value: "\(i + 1) of \(s.segments.count)", traits: traits),
                              Rect(x: x, y: 0, width: units[i], height: 1)))
                x += units[i]
            }
            return .parts(parts)
        case .progressView(let p):
            return .element(AccessibilityInfo(label: "Progress", value: accessibilityPercent(p.progress), traits: [.updatesFrequently]))
        case .activityIndicator(let a):
            return a.isVisible ? .element(AccessibilityInfo(label: "In progress", traits: [.updatesFrequently])) : .container
        case .pageControl(let p):
            guard p.numberOfPages > 1 || !p.hidesForSinglePage else { return .container }
            return .element(AccessibilityInfo(value: "page \(min(p.currentPage, max(0, p.numberOfPages - 1)) + 1) of \(p.numberOfPages)",
                                              traits: [.adjustable] + disabled))
        case .textField(let t):
            // The placeholder is the label; the text (dots when secure) the value.
            let value = t.text.isEmpty ? nil : t.isSecureTextEntry ? String(repeating: "•", count: t.text.count) : t.text
            return .element(AccessibilityInfo(label: t.placeholder, value: value, traits: disabled))
        case .searchBar(let s):
            return .element(AccessibilityInfo(label: s.placeholder ?? "Search", value: s.text.isEmpty ? nil : s.text,
                                              traits: [.searchField] + disabled))
        case .pickerView(let p):
            // Each wheel is adjustable, its value the selected row and where it is among the rows.
            guard !p.components.isEmpty else { return .container }
            let n = Double(p.components.count)
            return .parts(p.components.enumerated().map { i, c in
                let row = min(max(0, c.selectedRow), max(0, c.rows.count - 1))
                let value = c.rows.isEmpty ? nil : "\(c.rows[row]), \(row + 1) of \(c.rows.count)"
                return (AccessibilityInfo(value: value, traits: [.adjustable]), Rect(x: Double(i) / n, y: 0, width: 1 / n, height: 1))
            })
        case .datePicker(let d):
            return .element(AccessibilityInfo(value: d.accessibilityValue, traits: [.adjustable] + disabled))
        }
    }
}

extension DatePicker {
    /// The date as VoiceOver reads the picker's value (in English: "June 5, 2026, 9:41 AM").
    var accessibilityValue: String {
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        let day = "\(months[max(0, min(11, date.month - 1))]) \(date.day), \(date.year)"
        let h = date.hour % 12 == 0 ? 12 : date.hour % 12
        let time = "\(h):\(date.minute < 10 ? "0" : "")\(date.minute) \(date.hour < 12 ? "AM" : "PM")"
        switch mode {
        case .date: return day
        case .time: return time
        case .dateAndTime: return day + ", " + time
        case .countDownTimer:
            let total = Int(countDownDuration) / 60
            return "\(total / 60) hours, \(total % 60) minutes"
        }
    }
}

/// An image file's name as UIKit takes it for a label: the file name without folder, scale or extension.
public func imageName(_ path: String) -> String {
    var name = Substring(path.split(separator: "/").last ?? Substring(path))
    if let dot = name.lastIndex(of: ".") { name = name[..<dot] }
    if let at = name.range(of: "@", options: .backwards) { name = name[..<at.lowerBound] }
    return String(name)
}

extension TableRow {
    /// A cell as one element, as UIKit's cells are, with the row's own accessibility properties
    /// (`accessibility`) over UIKit's defaults (`accessibilityDefaults`).
    public var accessibilityInfo: AccessibilityInfo { accessibilityDefaults.overridden(by: accessibility) }

    /// UIKit's accessibility for a cell: its texts joined (the text, the detail text, then its
    /// content view's and its accessory view's labels); a switch in the accessory gives its value
    /// and `button`; a disclosure accessory makes it a `button`, a checkmark `selected`.
    public var accessibilityDefaults: AccessibilityInfo {
        var labels = [text, detailText].compactMap { $0 }.filter { !$0.isEmpty }
        if let c = contentView { labels += c.subviewLabels }
        var value: String?
        var traits: [AccessibilityTrait] = []
        if let a = accessoryView, !a.isHidden, a.alpha > 0 {
            if case .control(.switch) = a.kind, case .element(let info) = a.accessibilityDefaults {
                value = info.value
                traits += info.traits
            } else if case .element = a.accessibilityDefaults {
                let info = a.accessibilityAsElement
                labels += [info.label, info.value].compactMap { $0 }.filter { !$0.isEmpty }
            } else {
                labels += a.subviewLabels
            }
        }
        switch accessoryType {
        case .disclosureIndicator, .detailDisclosureButton: traits.append(.button)
        case .checkmark: traits.append(.selected)
        case .none, .detailButton: break
        }
        if isSelected { traits.append(.selected) }
        return AccessibilityInfo(label: labels.isEmpty ? nil : labels.joined(separator: ", "), value: value, traits: traits)
    }
}
