/// UISwitch (iOS 7 look): a 51×31 track, green when on, outlined when off, with a white knob.
///
/// Scene keys: `isOn`, `onTintColor` (the on track, default #4CD964), `thumbTintColor` (the knob,
/// default white), plus `enabled`, `highlighted` (the pressed, stretched knob), `selected`. The
/// view's own `tintColor`, when it has one, outlines the off track (default #E6E6E6), as in UIKit.
public struct Switch: Sendable, Equatable {
    public var isOn: Bool
    public var onTintColor: ColorValue?
    public var thumbTintColor: ColorValue?
    /// The switch's specific tintColor (the view's `tintColor` key): the off outline.
    public var tintColor: Color?
    public var state: ControlState
    /// How far the switch is toward on while it toggles (0 off, 1 on), set while rendering from the
    /// scene's `animations` (docs/motion.md, Controls changing); nil at rest, as `isOn` says.
    public var onProgress: Double? = nil

    public init(isOn: Bool = false, onTintColor: ColorValue? = nil, thumbTintColor: ColorValue? = nil, tintColor: Color? = nil,
                state: ControlState = ControlState()) {
        self.isOn = isOn; self.onTintColor = onTintColor; self.thumbTintColor = thumbTintColor; self.tintColor = tintColor; self.state = state
    }

    static func decode(_ r: ObjectReader) -> Switch? {
        var s = Switch(state: ControlState.decode(r))
        if let on = r.bool("isOn") { s.isOn = on }
        s.onTintColor = r.colorValue("onTintColor")
        s.thumbTintColor = r.colorValue("thumbTintColor")
        // The view decoder reads and reports `tintColor`; here it is only looked at.
        if let n = r.node("tintColor"), case .string(let text) = n.value { s.tintColor = Color(parsing: text) }
        return s
    }
}
