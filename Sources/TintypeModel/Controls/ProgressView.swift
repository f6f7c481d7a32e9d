/// UIProgressView (iOS 7 look): a thin bar, tinted up to the progress over a gray track. Not a
/// control: it has no enabled or highlighted state.
///
/// Scene keys: `progress` (0…1), `progressTintColor` (default the tint), `trackTintColor` (default
/// #B7B7B7; clear in the bar style), `progressViewStyle` (default, bar), `progressImage`,
/// `trackImage` (original, stretched). The bar fills the frame's height: give 2 for UIKit's.
public struct ProgressView: Sendable, Equatable {
    public enum Style: String, Sendable, Equatable, CaseIterable {
        /// Gray track.
        case `default`
        /// For a toolbar or navigation bar: no track.
        case bar
    }

    public var progress: Double
    public var progressTintColor: ColorValue?
    public var trackTintColor: ColorValue?
    public var progressViewStyle: Style
    public var progressImage: ControlImage?
    public var trackImage: ControlImage?

    public init(progress: Double = 0, progressTintColor: ColorValue? = nil, trackTintColor: ColorValue? = nil,
                progressViewStyle: Style = .default, progressImage: ControlImage? = nil, trackImage: ControlImage? = nil) {
        self.progress = progress; self.progressTintColor = progressTintColor; self.trackTintColor = trackTintColor
        self.progressViewStyle = progressViewStyle; self.progressImage = progressImage; self.trackImage = trackImage
    }

    static func decode(_ r: ObjectReader) -> ProgressView? {
        var p = ProgressView()
        if let v = r.number("progress", in: 0...1) { p.progress = v }
        p.progressTintColor = r.colorValue("progressTintColor")
        p.trackTintColor = r.colorValue("trackTintColor")
        if let s = r.choice("progressViewStyle", Style.self) { p.progressViewStyle = s }
        if let n = r.node("progressImage") { p.progressImage = ControlImage.decode(n, path: join(r.path, "progressImage"), context: r.context) }
        if let n = r.node("trackImage") { p.trackImage = ControlImage.decode(n, path: join(r.path, "trackImage"), context: r.context) }
        return p
    }
}
