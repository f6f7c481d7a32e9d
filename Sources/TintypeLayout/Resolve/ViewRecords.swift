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

    public init(path: String, kind: String, id: String?, frame: Rect, clip: Rect?, isInteractive: Bool, scrolls: Bool,
                hasSystemSize: Bool = false) {
        self.path = path; self.kind = kind; self.id = id; self.frame = frame; self.clip = clip
        self.isInteractive = isInteractive; self.scrolls = scrolls; self.hasSystemSize = hasSystemSize
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

/// Collects the view records of one scene's layout (shared by every environment of the scene).
package final class ViewRecords: Sendable {
    private let records = Mutex<[ViewRecord]>([])
    package init() {}

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
