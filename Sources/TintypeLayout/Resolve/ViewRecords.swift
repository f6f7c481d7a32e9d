import Synchronization
import TintypeModel

/// Where one view of the scene landed, for tools that check a layout rather than draw it (the
/// audit): its frame, the part of it its clipping ancestors leave visible, and what kind of view it is.
public struct ViewRecord: Sendable, Equatable {
    /// The view's path in the scene (`root.subviews[2]`).
    public var path: String
    /// The kind's name as scene files write it (`button`, `label`).
    public var kind: String
    public var id: String?
    /// The frame in absolute points; under view transforms, the box around its transformed corners
    /// (UIKit's `frame` of a transformed view). A transform around the whole list (a device frame) is not applied.
    public var frame: Rect
    /// The intersection of the frames of the ancestors that clip to their bounds; nil when none does.
    public var clip: Rect?
    /// Whether a person can touch it: a control other than a progress view or activity indicator.
    public var isInteractive: Bool
    /// Whether the view is a scroll view or table, or lies in one (its content moves with scrolling).
    public var scrolls: Bool
    /// A control whose size UIKit fixes whatever its frame says (a switch is 51 × 31, a stepper
    /// 94 × 29): the tap-target rule takes it as Apple's own design rather than the scene's choice.
    public var hasSystemSize: Bool
    /// The view has a `transform3D` with perspective: its content is drawn flat, then projected
    /// (its frame is the projected box; the raster records none of its texts).
    public var projected: Bool

    public init(path: String, kind: String, id: String?, frame: Rect, clip: Rect?, isInteractive: Bool, scrolls: Bool,
                hasSystemSize: Bool = false, projected: Bool = false) {
        self.path = path; self.kind = kind; self.id = id; self.frame = frame; self.clip = clip
        self.isInteractive = isInteractive; self.scrolls = scrolls; self.hasSystemSize = hasSystemSize; self.projected = projected
    }

    /// The frame as it can be seen: inside every clipping ancestor.
    public var visibleFrame: Rect {
        guard let clip else { return frame }
        return frame.intersection(clip) ?? Rect(x: frame.minX, y: frame.minY, width: 0, height: 0)
    }
}

extension Rect {
    /// The overlap of two rectangles; nil when they do not overlap (touching edges do not).
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether `other` lies wholly inside this rectangle (within a hundredth of a point).
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX - 0.01 && other.minY >= minY - 0.01 && other.maxX <= maxX + 0.01 && other.maxY <= maxY + 0.01
    }
}

/// What takes a touch besides views, for the preview's hit test (`DisplayList.hit(_:)`): the rows
/// tables drew, where each scroll view's content stands and how far it can go, and the bars drawn
/// over the content with their bar items that have ids.
public struct TouchRecords: Sendable, Equatable {
    public var rows: [RowRecord] = []
    public var scrolls: [ScrollRecord] = []
    public var bars: [BarRecord] = []
    public init(rows: [RowRecord] = [], scrolls: [ScrollRecord] = [], bars: [BarRecord] = []) {
        self.rows = rows; self.scrolls = scrolls; self.bars = bars
    }
}

/// A table's row as drawn: the table's path, the row's index and its frame in absolute points.
public struct RowRecord: Sendable, Equatable {
    public var table: String
    public var section: Int
    public var row: Int
    public var frame: Rect
    /// The table's frame, inside its clipping ancestors: the part of the row that can be seen lies in it.
    public var clip: Rect?
    public init(table: String, section: Int, row: Int, frame: Rect, clip: Rect?) {
        self.table = table; self.section = section; self.row = row; self.frame = frame; self.clip = clip
    }
    public var visibleFrame: Rect {
        guard let clip else { return frame }
        return frame.intersection(clip) ?? Rect(x: frame.minX, y: frame.minY, width: 0, height: 0)
    }
}

/// Where a scroll view's (or table's) content stands: the content offset shown (after a finger's
/// pan, rubber band included) and the offsets it rests between (the far one nil when unknown: a
/// scroll view without a content size).
public struct ScrollRecord: Sendable, Equatable {
    public var path: String
    public var offset: Point
    public var minOffset: Point
    public var maxOffset: Point?
    public init(path: String, offset: Point, minOffset: Point, maxOffset: Point?) {
        self.path = path; self.offset = offset; self.minOffset = minOffset; self.maxOffset = maxOffset
    }

    /// `offset` kept between the resting offsets, as a scroll view settles once the finger lifts.
    public func clamped(_ offset: Point) -> Point {
        func axis(_ v: Double, _ lo: Double, _ hi: Double?) -> Double { min(max(v, lo), max(lo, hi ?? .infinity)) }
        return Point(x: axis(offset.x, minOffset.x, maxOffset?.x), y: axis(offset.y, minOffset.y, maxOffset?.y))
    }
}

/// A bar drawn over the content (navigation bar, toolbar, tab bar, with the status bar area behind
/// it), or, with an id, one of its bar button items.
public struct BarRecord: Sendable, Equatable {
    public var frame: Rect
    /// The bar button item's id; nil for the bar itself.
    public var item: String?
    public init(frame: Rect, item: String? = nil) { self.frame = frame; self.item = item }
}

/// Collects the view records of one scene's layout (shared by every environment of the scene).
package final class ViewRecords: Sendable {
    private let records = Mutex<[ViewRecord]>([])
    private let touch = Mutex(TouchRecords())
    package init() {}

    /// A row drawn (a row drawn again, as a table is measured then placed, keeps its last frame).
    func addRow(_ r: RowRecord) {
        touch.withLock { t in
            if let i = t.rows.firstIndex(where: { $0.table == r.table && $0.section == r.section && $0.row == r.row }) { t.rows[i] = r } else { t.rows.append(r) }
        }
    }

    func addScroll(_ r: ScrollRecord) {
        touch.withLock { t in
            if let i = t.scrolls.firstIndex(where: { $0.path == r.path }) { t.scrolls[i] = r } else { t.scrolls.append(r) }
        }
    }

    func addBar(_ r: BarRecord) {
        touch.withLock { t in if !t.bars.contains(r) { t.bars.append(r) } }
    }

    package var touchRecords: TouchRecords { touch.withLock { $0 } }

    func add(_ record: ViewRecord) {
        // A view laid out twice (measured, then placed) is recorded where it was placed last.
        records.withLock { list in
            if let i = list.firstIndex(where: { $0.path == record.path }) { list[i] = record } else { list.append(record) }
        }
    }

    package var all: [ViewRecord] { records.withLock { $0 } }
}

extension ViewKind {
    /// Whether a person can touch a view of this kind.
    var isInteractive: Bool {
        guard case .control(let c) = self else { return false }
        switch c {
        case .progressView, .activityIndicator: return false
        default: return true
        }
    }

    var hasSystemSize: Bool {
        switch self {
        case .control(.switch), .control(.stepper): true
        default: false
        }
    }

    var scrolls: Bool {
        switch self {
        case .scrollView, .tableView, .textView: true
        default: false
        }
    }
}
