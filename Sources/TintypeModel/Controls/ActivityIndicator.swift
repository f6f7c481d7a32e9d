/// UIActivityIndicatorView: the iOS 7 "gear" of 12 spokes, centered in the view, caught at one
/// moment of its spin (the brightest spoke at 12 o'clock, the trail fading counterclockwise).
///
/// Scene keys: `activityIndicatorViewStyle` (`white`, `whiteLarge`, `gray`), `color` (a color or
/// `"tint"`; replaces the style's color), `isAnimating`, `hidesWhenStopped`. It is a plain view in
/// UIKit, not a control, so it has no enabled or highlighted state.
public struct ActivityIndicator: Sendable, Equatable {
    public enum Style: String, Sendable, Equatable, CaseIterable {
        /// 20-point white gear.
        case white
        /// 37-point white gear.
        case whiteLarge
        /// 20-point gray gear.
        case gray
    }

    public var style: Style
    /// Overrides the style's color (UIActivityIndicatorView.color).
    public var color: ColorValue?
    /// Defaults to true here (UIKit's default is false), since a scene shows an indicator to see it.
    public var isAnimating: Bool
    /// With `isAnimating` false, draws nothing (UIKit's default, true); else the gear stands still.
    public var hidesWhenStopped: Bool

    public init(style: Style = .white, color: ColorValue? = nil, isAnimating: Bool = true, hidesWhenStopped: Bool = true) {
        self.style = style; self.color = color; self.isAnimating = isAnimating; self.hidesWhenStopped = hidesWhenStopped
    }

    /// Whether anything is drawn.
    public var isVisible: Bool { isAnimating || !hidesWhenStopped }

    static func decode(_ r: ObjectReader) -> ActivityIndicator? {
        var a = ActivityIndicator()
        if let s = r.choice("activityIndicatorViewStyle", Style.self) { a.style = s }
        a.color = r.colorValue("color")
        if let b = r.bool("isAnimating") { a.isAnimating = b }
        if let b = r.bool("hidesWhenStopped") { a.hidesWhenStopped = b }
        return a
    }
}
