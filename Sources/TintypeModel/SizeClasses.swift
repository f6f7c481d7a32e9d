/// UIKit's size classes (iOS 8 and later): what a storyboard's `<variation key="heightClass=compact">`
/// and the like are chosen by.
public struct SizeClasses: Sendable, Hashable {
    /// `compact` or `regular`.
    public var horizontal: String
    public var vertical: String
    /// `phone` or `pad`.
    public var idiom: String

    /// An iPad is regular both ways (full screen). A phone is compact in width and regular in height
    /// in portrait; in landscape its height is compact, and its width regular on the widest phones
    /// (414 points or more in portrait: the Plus, XR and Max models), compact on the others (the X).
    public init(device: Device, orientation: Orientation) {
        if device.isPad {
            self.init(horizontal: "regular", vertical: "regular", idiom: "pad")
        } else {
            let landscape = orientation == .landscape
            let wide = min(device.size.width, device.size.height) >= 414
            self.init(horizontal: landscape && wide ? "regular" : "compact", vertical: landscape ? "compact" : "regular", idiom: "phone")
        }
    }

    public init(horizontal: String, vertical: String, idiom: String) {
        self.horizontal = horizontal; self.vertical = vertical; self.idiom = idiom
    }
}
