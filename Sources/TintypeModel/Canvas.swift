/// A component canvas: the scene draws its root view alone instead of a device screen, as
/// swift-snapshot-testing's `.image(size:)` does for a view. There is no status bar, no home
/// indicator and no safe area; the window's traits (tint, dimming, text size, layout direction,
/// the device's size classes) are still in force. The window's `backgroundColor` fills the canvas;
/// `"clear"` leaves it transparent.
///
/// ```json
/// "canvas": {"size": [51, 31]}      a 51×31-point canvas; the root fills it unless it has a frame
/// "canvas": "fit"                   the root view's own size, drawn at the origin: its frame's,
///                                   else what it measures (a label its text, a stack view its
///                                   arranged views, a switch 51×31), sized by the renderer
/// ```
public enum Canvas: Sendable, Equatable {
    /// A canvas of this size in points.
    case size(Size)
    /// The root view's stated size.
    case fit

    /// The canvas's size in points for `root`. A `fit` canvas whose root has no frame is zero here:
    /// its size is measured when the scene is rendered (the renderer sets the root's frame).
    public func size(root: View) -> Size {
        switch self {
        case .size(let s): s
        case .fit: root.frame?.size ?? .zero
        }
    }

    /// Decodes `"fit"` or `{"size": [w, h]}`; nil after reporting what is wrong.
    static func decode(_ n: JSONNode, path: String, context: DecodeContext) -> Canvas? {
        if case .string(let s) = n.value {
            if s == "fit" { return .fit }
            var message = "unknown canvas \(quoted(s)); use \"fit\" or {\"size\": [width, height]}"
            if Suggest.closest(to: s, in: ["fit"]) != nil { message = "unknown canvas \(quoted(s)); did you mean \"fit\"?" }
            context.report(path, n.position, message)
            return nil
        }
        guard let r = ObjectReader(n, path: path, context: context, what: "\"fit\" or a canvas like {\"size\": [51, 31]}") else { return nil }
        defer { r.finish() }
        guard r.has("size") else {
            context.report(path, n.position, "a canvas needs a \"size\": [width, height] in points (or use \"fit\")")
            return nil
        }
        guard let size = r.size("size") else { return nil }
        guard size.width > 0, size.height > 0 else {
            context.report(join(path, "size"), n.position, "a canvas needs a width and a height above 0, found [\(size.width), \(size.height)]")
            return nil
        }
        return .size(size)
    }
}
