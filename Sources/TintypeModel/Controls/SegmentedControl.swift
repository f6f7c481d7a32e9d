/// UISegmentedControl (iOS 7 look): segments of titles or images in a tinted, rounded border; the
/// selected segment filled with the tint.
///
/// Scene keys: `segments` (a list of titles, or objects `{"title": …}` / `{"image": …,
/// "renderingMode": …}` with optional `"enabled": false` and `"width"`), `selectedSegmentIndex`
/// (-1 for none), `backgroundImage` (alias `backgroundImages`; one image or an object by state,
/// original by default), `dividerImage`, `titleTextAttributes` (by state: `{"normal":
/// {"foregroundColor": …, "font": …}, "selected": {…}}`), plus `enabled`.
public struct SegmentedControl: Sendable, Equatable {
    public struct Segment: Sendable, Equatable {
        public enum Content: Sendable, Equatable {
            case title(String)
            /// Template by default (tinted); `alwaysOriginal` keeps its colors.
            case image(ControlImage)
        }
        public var content: Content
        public var isEnabled: Bool
        /// A fixed width (UIKit's setWidth(_:forSegmentAt:)); nil shares what fixed widths leave.
        public var width: Double?

        public init(_ content: Content, isEnabled: Bool = true, width: Double? = nil) {
            self.content = content; self.isEnabled = isEnabled; self.width = width
        }
        public static func title(_ s: String) -> Segment { Segment(.title(s)) }
    }

    /// NSAttributedString attributes a scene may give for the segment titles.
    public struct TitleAttributes: Sendable, Equatable {
        public var foregroundColor: ColorValue?
        public var font: Font?
        public init(foregroundColor: ColorValue? = nil, font: Font? = nil) { self.foregroundColor = foregroundColor; self.font = font }
    }

    public var segments: [Segment]
    /// The selected segment, or -1 (UISegmentedControlNoSegment).
    public var selectedSegmentIndex: Int
    /// The segment being pressed (`highlightedSegmentIndex`), if any.
    public var highlightedSegmentIndex: Int?
    public var backgroundImage: PerState<ControlImage>
    public var dividerImage: ControlImage?
    public var titleTextAttributes: PerState<TitleAttributes>
    public var state: ControlState
    /// While the selection changes: the segment selected before and how far the change is (0…1),
    /// set while rendering from the scene's `animations`; nil at rest.
    public var selectionChange: SelectionChange? = nil

    public struct SelectionChange: Sendable, Equatable {
        public var from: Int
        public var progress: Double
        public init(from: Int, progress: Double) { self.from = from; self.progress = progress }
    }

    public init(segments: [Segment] = [], selectedSegmentIndex: Int = -1, backgroundImage: PerState<ControlImage> = PerState(),
                dividerImage: ControlImage? = nil, titleTextAttributes: PerState<TitleAttributes> = PerState(),
                state: ControlState = ControlState()) {
        self.segments = segments; self.selectedSegmentIndex = selectedSegmentIndex; self.backgroundImage = backgroundImage
        self.dividerImage = dividerImage; self.titleTextAttributes = titleTextAttributes; self.state = state
    }

    static func decode(_ r: ObjectReader) -> SegmentedControl? {
        var c = SegmentedControl(state: ControlState.decode(r))
        if let items = r.array("segments") {
            c.segments = items.compactMap { decodeSegment($0.node, path: $0.path, context: r.context) }
        }
        if let n = r.node("selectedSegmentIndex") {
            let last = c.segments.count - 1
            if let i = r.integer("selectedSegmentIndex", in: -1...SceneLimits.maxListCount) {
                if i > last {
                    let why = c.segments.isEmpty ? "there are no segments, so it must be -1 (none)"
                        : "there are \(c.segments.count) segments, so it must be from -1 (none) to \(last)"
                    r.report("selectedSegmentIndex", n, "selectedSegmentIndex \(i) is past the last segment; \(why)")
                } else {
                    c.selectedSegmentIndex = i
                }
            }
        }
        if let n = r.node("highlightedSegmentIndex"), let i = r.integer("highlightedSegmentIndex", in: 0...SceneLimits.maxListCount) {
            if i >= c.segments.count {
                r.report("highlightedSegmentIndex", n, "highlightedSegmentIndex \(i) is past the last segment (\(c.segments.count) segments)")
            } else {
                c.highlightedSegmentIndex = i
            }
        }
        let plural = r.has("backgroundImages")
        if plural, r.has("backgroundImage"), let n = r.node("backgroundImages") {
            r.report("backgroundImages", n, "give either \"backgroundImage\" or \"backgroundImages\", not both")
        }
        if let b = PerState<ControlImage>.decodeImages(r, plural ? "backgroundImages" : "backgroundImage") { c.backgroundImage = b }
        if let n = r.node("dividerImage") { c.dividerImage = ControlImage.decode(n, path: join(r.path, "dividerImage"), context: r.context) }
        if let a = PerState<TitleAttributes>.decode(r, "titleTextAttributes", form: .object, { n, p, ctx in
            guard let o = ObjectReader(n, path: p, context: ctx, what: "an object of text attributes (foregroundColor, font)") else { return nil }
            defer { o.finish() }
            var attrs = TitleAttributes(foregroundColor: o.colorValue("foregroundColor"))
            if let f = o.node("font", as: .font) { attrs.font = Label.decodeFont(f, path: join(p, "font"), context: ctx) }
            return attrs
        }) {
            c.titleTextAttributes = a
        }
        return c
    }

    static func decodeSegment(_ n: JSONNode, path: String, context: DecodeContext) -> Segment? {
        if case .string(let s) = n.value { return .title(s) }
        guard let r = ObjectReader(n, path: path, context: context, what: "a segment (a title or an object with \"title\" or \"image\")") else { return nil }
        defer { r.finish() }
        let enabled = r.bool("enabled") ?? true
        let width = r.length("width")
        let mode = r.choice("renderingMode", RenderingMode.self)
        let title = r.string("title")
        let hasImage = r.has("image")
        if title != nil, hasImage {
            context.report(path, n.position, "a segment shows a \"title\" or an \"image\", not both")
            return nil
        }
        if let title {
            if let m = r.node("renderingMode"), mode != nil { r.report("renderingMode", m, "renderingMode applies to an image segment") }
            return Segment(.title(title), isEnabled: enabled, width: width == 0 ? nil : width)
        }
        guard hasImage else {
            if !r.has("title") { context.report(path, n.position, "a segment needs a \"title\" or an \"image\"") }
            return nil
        }
        guard let source = r.imageSource("image") else { return nil }
        return Segment(.image(ControlImage(source: source, renderingMode: mode ?? .automatic)), isEnabled: enabled, width: width == 0 ? nil : width)
    }
}
