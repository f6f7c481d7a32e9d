/// UIStepper: a "−" and a "+" half in a tinted, rounded border; the half that would step past a
/// limit is disabled (unless the stepper wraps).
///
/// Scene keys: `value`, `minimumValue`, `maximumValue`, `stepValue`, `wraps`, `incrementImage`,
/// `decrementImage` (template by default), plus `enabled`, `highlighted`, `selected`.
public struct Stepper: Sendable, Equatable {
    public var value: Double
    public var minimumValue: Double
    public var maximumValue: Double
    public var stepValue: Double
    /// Stepping past a limit wraps around, so neither half is ever disabled.
    public var wraps: Bool
    public var incrementImage: ControlImage?
    public var decrementImage: ControlImage?
    public var state: ControlState
    /// The half being pressed (`"pressed": "decrement"` or `"increment"`), if any.
    public var pressed: Half?

    public enum Half: String, Sendable, Equatable, CaseIterable { case decrement, increment }

    public init(value: Double = 0, minimumValue: Double = 0, maximumValue: Double = 100, stepValue: Double = 1, wraps: Bool = false,
                incrementImage: ControlImage? = nil, decrementImage: ControlImage? = nil, state: ControlState = ControlState()) {
        self.value = value; self.minimumValue = minimumValue; self.maximumValue = maximumValue; self.stepValue = stepValue
        self.wraps = wraps; self.incrementImage = incrementImage; self.decrementImage = decrementImage; self.state = state
    }

    /// Whether the "−" half can step (UIKit disables it at the minimum).
    public var canDecrement: Bool { wraps || value > minimumValue }
    /// Whether the "+" half can step (UIKit disables it at the maximum).
    public var canIncrement: Bool { wraps || value < maximumValue }

    static func decode(_ r: ObjectReader) -> Stepper? {
        var s = Stepper(state: ControlState.decode(r))
        s.pressed = r.choice("pressed", Half.self)
        if let v = r.number("minimumValue", in: SceneLimits.controlValue) { s.minimumValue = v }
        if let n = r.node("maximumValue"), let v = r.number("maximumValue", in: SceneLimits.controlValue) {
            if v <= s.minimumValue {
                r.report("maximumValue", n, "maximumValue \(format(v)) must be greater than minimumValue \(format(s.minimumValue))")
            } else {
                s.maximumValue = v
            }
        }
        if let n = r.node("stepValue"), let v = r.number("stepValue", in: SceneLimits.controlValue) {
            if v <= 0 { r.report("stepValue", n, "stepValue must be greater than 0, found \(format(v))") } else { s.stepValue = v }
        }
        if let v = r.number("value", between: ("minimumValue", s.minimumValue), and: ("maximumValue", s.maximumValue)) { s.value = v }
        if let w = r.bool("wraps") { s.wraps = w }
        if let n = r.node("incrementImage") { s.incrementImage = ControlImage.decode(n, path: join(r.path, "incrementImage"), context: r.context) }
        if let n = r.node("decrementImage") { s.decrementImage = ControlImage.decode(n, path: join(r.path, "decrementImage"), context: r.context) }
        return s
    }
}
