/// UIVisualEffectView with a UIBlurEffect (iOS 8–11): what is already drawn under the view,
/// blurred, saturated and washed with the style's tint. Its subviews are the effect view's
/// `contentView`, drawn sharp over the blur.
public struct VisualEffectView: Sendable, Equatable {
    public var effect: BlurEffectStyle

    /// Light, the style Interface Builder's "Visual Effect View with Blur" starts with.
    public init(effect: BlurEffectStyle = .light) { self.effect = effect }

    static func decode(_ r: ObjectReader) -> VisualEffectView {
        var v = VisualEffectView()
        if let e = r.choice("effect", BlurEffectStyle.self) { v.effect = e }
        return v
    }
}

/// UIBlurEffect.Style, and `none` for a view whose effect is nil (it draws nothing of its own).
/// `regular` and `prominent` (iOS 10) are drawn as light and extra light, their look under the
/// light user interface style that iOS 10 and 11 have.
public enum BlurEffectStyle: String, Sendable, Equatable, CaseIterable {
    case extraLight, light, dark, regular, prominent, none
}
