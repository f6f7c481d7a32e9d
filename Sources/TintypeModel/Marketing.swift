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

extension Marketing {
    /// `{"caption": "...", "background": COLOR or [COLOR, ...], "captionColor": COLOR}`.
    static func decode(_ r: ObjectReader) -> Marketing? {
        defer { r.finish() }
        let caption = r.string("caption")
        if caption == nil && !r.has("caption") {
            r.context.report(join(r.path, "caption"), r.node.position, "\"marketing\" needs a \"caption\", the text over the screen")
        }
        var background: [Color]? = [.black]
        if let n = r.node("background") {
            let path = join(r.path, "background")
            switch n.value {
            case .string: background = ObjectReader.color(n, path: path, context: r.context).map { [$0] }
            case .array(let items):
                if items.count < 2 || items.count > Marketing.maxBackgroundColors {
                    r.context.report(path, n.position, "a background gradient takes 2 to \(Marketing.maxBackgroundColors) colors, found \(items.count)")
                    background = nil
                } else {
                    let colors = items.enumerated().compactMap { ObjectReader.color($0.element, path: path + "[\($0.offset)]", context: r.context) }
                    background = colors.count == items.count ? colors : nil
                }
            default:
                r.context.report(path, n.position, "expected a color or a list of colors (a gradient from top to bottom), found \(n.value.kindName)")
                background = nil
            }
        }
        let captionColor = r.color("captionColor") ?? .white
        guard let caption, let background else { return nil }
        return Marketing(caption: caption, background: background, captionColor: captionColor)
    }
}
