/// The accessibility large content viewer (iOS 11): with an accessibility text size, touching and
/// holding a bar item shows its icon and title enlarged in a rounded HUD in the middle of the screen.
public struct LargeContentViewer: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        /// The icon and title of the bar button item or tab bar item with this id.
        case item(String)
        /// An icon and a title given directly.
        case custom(title: String?, image: ImageSource?)
    }
    public var content: Content
    public init(_ content: Content) { self.content = content }
}

/// A mark showing where a finger touches, for documentation images: a tap is a soft gray disc; a
/// swipe is a disc at its end with a fading trail back to where it began.
public enum TouchMark: Sendable, Equatable {
    public enum Target: Sendable, Equatable {
        case point(Point)
        /// The center of the view or bar item with this id.
        case id(String)
    }
    case tap(Target)
    case swipe(from: Point, to: Point)
}

extension LargeContentViewer {
    /// `{"item": "id"}`, or `{"title": ..., "image": ...}`.
    static func decode(_ r: ObjectReader) -> LargeContentViewer? {
        defer { r.finish() }
        if let id = r.reference("item") {
            if r.has("title") || r.has("image") {
                r.context.report(join(r.path, "item"), r.node.position, "give \"item\", or \"title\" and \"image\", not both")
            }
            return LargeContentViewer(.item(id))
        }
        let title = r.string("title"), image = r.imageSource("image")
        guard title != nil || image != nil else {
            if !r.has("image") && !r.has("item") {
                r.context.report(r.path, r.node.position, "the large content viewer needs an \"item\" (a bar item's id), or a \"title\" and an \"image\"")
            }
            return nil
        }
        return LargeContentViewer(.custom(title: title, image: image))
    }
}

extension TouchMark {
    /// `{"tap": [x, y]}`, `{"tap": "id"}` or `{"swipe": {"from": [x, y], "to": [x, y]}}`.
    static func decode(_ n: JSONNode, path: String, context: DecodeContext) -> TouchMark? {
        guard let r = ObjectReader(n, path: path, context: context, what: "a touch like {\"tap\": [x, y]}") else { return nil }
        defer { r.finish() }
        let given = ["tap", "swipe"].filter { r.has($0) }
        guard given.count == 1 else {
            context.report(path, n.position, given.isEmpty ? "a touch needs \"tap\" or \"swipe\"" : "a touch is a \"tap\" or a \"swipe\", not both")
            return nil
        }
        if let t = r.node("tap") {
            if case .string = t.value { return r.reference("tap").map { .tap(.id($0)) } }
            return r.point("tap").map { .tap(.point($0)) }
        }
        guard let s = r.object("swipe") else { return nil }
        defer { s.finish() }
        let from = s.point("from"), to = s.point("to")
        for (key, value) in [("from", from), ("to", to)] where value == nil && !s.has(key) {
            context.report(join(s.path, key), s.node.position, "a swipe needs \"from\" and \"to\" points")
        }
        guard let from, let to else { return nil }
        return .swipe(from: from, to: to)
    }
}
