/// UISlider (iOS 7 look): a 2-point track, tinted up to the value, gray after it, and a white
/// 28-point thumb with a soft shadow.
///
/// Scene keys: `value`, `minimumValue`, `maximumValue`, `minimumTrackTintColor` (default the tint),
/// `maximumTrackTintColor` (default #B7B7B7), `thumbTintColor`, `minimumTrackImage`,
/// `maximumTrackImage`, `thumbImage` (each one image or an object by state; original), plus
/// `enabled`, `highlighted`, `selected`.
public struct Slider: Sendable, Equatable {
    public var value: Double
    public var minimumValue: Double
    public var maximumValue: Double
    public var minimumTrackTintColor: ColorValue?
    public var maximumTrackTintColor: ColorValue?
    public var thumbTintColor: ColorValue?
    public var minimumTrackImage: PerState<ControlImage>
    public var maximumTrackImage: PerState<ControlImage>
    public var thumbImage: PerState<ControlImage>
    public var state: ControlState

    public init(value: Double = 0, minimumValue: Double = 0, maximumValue: Double = 1, minimumTrackTintColor: ColorValue? = nil,
                maximumTrackTintColor: ColorValue? = nil, thumbTintColor: ColorValue? = nil,
                minimumTrackImage: PerState<ControlImage> = PerState(), maximumTrackImage: PerState<ControlImage> = PerState(),
                thumbImage: PerState<ControlImage> = PerState(), state: ControlState = ControlState()) {
        self.value = value; self.minimumValue = minimumValue; self.maximumValue = maximumValue
        self.minimumTrackTintColor = minimumTrackTintColor; self.maximumTrackTintColor = maximumTrackTintColor
        self.thumbTintColor = thumbTintColor; self.minimumTrackImage = minimumTrackImage
        self.maximumTrackImage = maximumTrackImage; self.thumbImage = thumbImage; self.state = state
    }

    /// Where the value lies between the minimum (0) and the maximum (1).
    public var fraction: Double {
        maximumValue > minimumValue ? min(1, max(0, (value - minimumValue) / (maximumValue - minimumValue))) : 0
    }

    static func decode(_ r: ObjectReader) -> Slider? {
        var s = Slider(state: ControlState.decode(r))
        if let v = r.number("minimumValue", in: SceneLimits.controlValue) { s.minimumValue = v }
        if let n = r.node("maximumValue"), let v = r.number("maximumValue", in: SceneLimits.controlValue) {
            if v < s.minimumValue {
                r.report("maximumValue", n, "maximumValue \(format(v)) is below minimumValue \(format(s.minimumValue))")
            } else {
                s.maximumValue = v
            }
        }
        if let v = r.number("value", between: ("minimumValue", s.minimumValue), and: ("maximumValue", s.maximumValue)) { s.value = v }
        s.minimumTrackTintColor = r.colorValue("minimumTrackTintColor")
        s.maximumTrackTintColor = r.colorValue("maximumTrackTintColor")
        s.thumbTintColor = r.colorValue("thumbTintColor")
        if let i = PerState<ControlImage>.decodeImages(r, "minimumTrackImage") { s.minimumTrackImage = i }
        if let i = PerState<ControlImage>.decodeImages(r, "maximumTrackImage") { s.maximumTrackImage = i }
        if let i = PerState<ControlImage>.decodeImages(r, "thumbImage") { s.thumbImage = i }
        return s
    }
}
