import TintypeModel

/// What lies under one point of a laid-out scene, as UIKit's hit test would find it: the views,
/// the table row and the scroll view a finger there would touch, or the bar (and the bar button
/// item) drawn over them. `tintype preview` turns a click or a drag at the point into a gesture on it.
public struct TouchHit: Sendable, Equatable {
    /// The topmost view under the point, of any kind.
    public var view: ViewRecord?
    /// The topmost control under the point (a button, switch, slider, segmented control, stepper...).
    public var control: ViewRecord?
    /// The topmost view with an id the scene gave it that is neither a control nor a scroll view,
    /// nor the root: what a drag moves (the book's HUD).
    public var movable: ViewRecord?
    /// The innermost scroll view or table under the point, and where its content stands.
    public var scrollView: ViewRecord?
    public var scroll: ScrollRecord?
    /// The table row under the point, and its table.
    public var row: RowRecord?
    public var table: ViewRecord?
    /// Whether the point is on a bar drawn over the content (navigation bar, toolbar, tab bar), and
    /// the id of the bar button item under it.
    public var onBar: Bool = false
    public var barItem: String?

    public init() {}
}

extension DisplayList {
    /// What a finger at `p` (absolute points) touches. Views are on top of the views laid out
    /// before them (a subview over its superview, a later sibling over an earlier one); a bar
    /// covers the content under it except the views laid out inside it (a title view, a custom item).
    /// `unnamed` are ids a tool gave views the scene left without one: those views are not moved by a drag.
    public func hit(_ p: Point, unnamed: Set<String> = []) -> TouchHit {
        var hit = TouchHit()
        guard p.x >= 0, p.y >= 0, p.x < size.width, p.y < size.height else { return hit }
        func inside(_ r: Rect) -> Bool { r.width > 0 && r.height > 0 && p.x >= r.minX && p.x < r.maxX && p.y >= r.minY && p.y < r.maxY }
        let bar = touch.bars.last { $0.item == nil && inside($0.frame) }
        if let bar {
            hit.onBar = true
            hit.barItem = touch.bars.last { $0.item != nil && inside($0.frame) }?.item
        }
        let under = views.filter { v in inside(v.visibleFrame) && (bar.map { $0.frame.contains(v.visibleFrame) } ?? true) }
        hit.view = under.last
        hit.control = under.last { $0.isInteractive }
        hit.scrollView = under.last { $0.kind == "scrollView" || $0.kind == "tableView" }
        if let s = hit.scrollView { hit.scroll = touch.scrolls.first { $0.path == s.path } }
        hit.movable = under.last { v in
            v.id.map { !unnamed.contains($0) } == true && !v.isInteractive && v.kind != "scrollView" && v.kind != "tableView" && v.path != "root"
                && !v.path.hasSuffix(".view") && !v.kind.hasSuffix("Controller")
        }
        if bar == nil, let row = touch.rows.last(where: { inside($0.visibleFrame) }) {
            hit.row = row
            hit.table = views.first { $0.path == row.table }
        }
        return hit
    }
}
