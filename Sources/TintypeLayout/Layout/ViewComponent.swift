import TintypeModel

/// One view kind's layout: how big it would be, and what it draws at a frame. Each kind has one
/// conforming type in its own file (`LabelComponent`, `SwitchComponent`, …), made from the kind's
/// model by the one registry, `ViewKind.component` (ComponentRegistry.swift).
///
/// The resolver does what every view shares: placing the view, its background, border, clipping,
/// alpha and shadow, and its subviews. Everything a kind adds goes through this protocol, so the
/// resolver names no kind. docs/architecture.md has the recipe for adding one.
protocol ViewComponent {
    /// "How big would you be, offered this width?" (UIKit's `sizeThatFits(_:)`; offered nil, its
    /// `intrinsicContentSize`). `Measured.none`, the default, is a kind with no size of its own (a
    /// plain view, a table). `view` is the view of this kind; a frame or layout size on it is
    /// applied by `Measure.size`, not here.
    func measure(_ view: View, width offer: Double?, env: Environment, context: LayoutContext) throws(RenderError) -> Measured

    /// What the kind draws at `frame` (absolute points), over the view's background and under its
    /// subviews, which the resolver adds.
    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem]

    /// Where the view's subviews are laid out: its bounds at `frame`, or for a scroll view its content,
    /// moved by the offset. `scrollFrame` is the frame their `frameLayoutGuide` pins to, when there is one.
    func subviewBounds(frame: Rect, env: Environment) -> (bounds: Rect, scrollFrame: Rect?)

    /// How hard the view keeps from growing past its own size when it does not say (UIKit's
    /// `contentHuggingPriority`): 250, the default; 251 for labels and image views; 750 for
    /// fixed-size controls.
    var defaultHugging: Double { get }

    /// Whether, pinned by one edge of an axis and given no size there, the view takes its own
    /// measured size on that axis rather than stretching to the guide's far edge. Stack views do.
    var sizesItselfBetweenOnePin: Bool { get }
}

extension ViewComponent {
    func measure(_ view: View, width offer: Double?, env: Environment, context: LayoutContext) throws(RenderError) -> Measured { .none }
    func subviewBounds(frame: Rect, env: Environment) -> (bounds: Rect, scrollFrame: Rect?) { (frame, nil) }
    var defaultHugging: Double { 250 }
    var sizesItselfBetweenOnePin: Bool { false }
}

/// What a component may use besides its model, frame and environment: text and image measuring,
/// and laying out views it holds (a cell's content view, a bar's custom view, a stack's arranged
/// views), which come back as display items.
struct LayoutContext {
    let text: TextMeasuring
    let images: ImageMeasuring
    private let resolver: Resolver

    init(resolver: Resolver) {
        self.resolver = resolver
        text = resolver.text
        images = resolver.images
    }

    /// `view` laid out and drawn in a superview whose bounds are `container` (absolute points),
    /// with everything it inherits from `parent`.
    func layout(_ view: View, in container: Rect, parent: Environment, path: String) throws(RenderError) -> [DisplayItem] {
        try resolver.resolve(view, in: container, parent: parent, path: path)
    }

    /// `view` as the scene's animations show it at the scene's time (what the resolver does as it
    /// meets the view), for a container that reads a subview's values before laying it out.
    func animated(_ view: View) -> View {
        var v = view
        if !resolver.motion.animations(of: v).isEmpty { resolver.motion.apply(to: &v) }
        return v
    }

    /// The size `view` asks for when offered `width` (nil: as wide as it likes).
    func measure(_ view: View, width: Double?, env: Environment) throws(RenderError) -> Measured {
        try Measure(context: self).size(view, width: width, env: env)
    }

    /// Measuring helpers (text sizes, line heights, fonts) over this context.
    var measuring: Measure { Measure(context: self) }

    /// The file an image of the scene names, resolved against the scene's folder.
    func file(of image: ImageSource, env: Environment) -> String {
        images.resolvedPath(image, baseDirectory: env.baseDirectory)
    }

    /// The image's size in points; a missing or broken file is an error at `path`, placed where
    /// the scene named the image.
    func size(of image: ImageSource, env: Environment, path: String) throws(RenderError) -> Size {
        do { return try images.size(of: image, at: file(of: image, env: env)) } catch {
            throw RenderError(path: path, image: image, error)
        }
    }

    /// Whether every pixel of the image is opaque; a missing or broken file is an error at `path`.
    func isOpaque(_ image: ImageSource, env: Environment, path: String) throws(RenderError) -> Bool {
        do { return try images.isOpaque(image, at: file(of: image, env: env)) } catch {
            throw RenderError(path: path, image: image, error)
        }
    }
}
