import TintypeModel

/// UIProgressView (iOS 7–11): a square-ended bar filling the frame (2 high in UIKit's default
/// frame): the track (#B7B7B7, clear in the bar style, or trackTintColor / trackImage) and over it
/// the progress from the leading edge (the tint, or progressTintColor / progressImage).
struct ProgressViewComponent: ViewComponent {
    let progressView: ProgressView

    /// UIProgressView's own height (the default bar style); it has no width of its own.
    static let height = 2.0

    func measure(_ view: View, width offer: Double?, env: Environment, context: LayoutContext) throws(RenderError) -> Measured {
        Measured(size: Size(width: 0, height: Self.height), hasWidth: false)
    }

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        try Self.items(progressView, frame: frame, env: env, context: context)
    }

    static func items(_ c: ProgressView, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        var out: [DisplayItem] = []
        if let image = c.trackImage {
            out += try ControlDrawing.image(image, frame: frame, templateByDefault: false, tint: env.tint, env: env, context: context, key: "trackImage")
        } else {
            let track = c.trackTintColor.map(env.resolve) ?? (c.progressViewStyle == .bar ? .clear : ControlDrawing.trackGray)
            if track.alpha > 0 { out.append(.fill(path: .rect(frame), paint: .color(track), rule: .nonZero)) }
        }
        let filled = progressFrame(c, frame: frame)
        if filled.width > 0 {
            if let image = c.progressImage {
                out += try ControlDrawing.image(image, frame: filled, templateByDefault: false, tint: env.tint, env: env, context: context, key: "progressImage")
            } else {
                out.append(.fill(path: .rect(filled), paint: .color(c.progressTintColor.map(env.resolve) ?? env.tint), rule: .nonZero))
            }
        }
        return env.layoutDirection == .rightToLeft ? Mirroring.horizontally(out, around: frame.midX) : out
    }

    /// The progress part, left to right.
    static func progressFrame(_ c: ProgressView, frame: Rect) -> Rect {
        Rect(x: frame.minX, y: frame.minY, width: frame.width * min(1, max(0, c.progress)), height: frame.height)
    }
}
