/// An App Store screenshot's marketing frame: a caption in a band at the top, and the screen scaled
/// down into the rest of the image, on a background. The image keeps the screen's pixel size, so
/// it is still a size the store accepts. `tintype screenshots` draws it; `render` draws the screen
/// alone.
///
/// ```json
/// "marketing": {"caption": "Every trail you walked, in one diary", "background": ["#1D3B6E", "#6B3F8F"]}
/// ```
public struct Marketing: Sendable, Equatable {
    /// The caption, on at most two lines (a longer one is cut with an ellipsis). It may be
    /// `{"localized": KEY}`, so each locale's screenshots carry its own caption.
    public var caption: String
    /// The background: one color, or several spread evenly from top to bottom as a gradient.
    public var background: [Color]
    public var captionColor: Color

    /// The most colors a background gradient may have.
    public static let maxBackgroundColors = 16

    public init(caption: String, background: [Color] = [.black], captionColor: Color = .white) {
        self.caption = caption; self.background = background; self.captionColor = captionColor
    }
}
