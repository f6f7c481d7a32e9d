/// UIScrollView: subviews in content coordinates, shown through the bounds at a content offset.
/// With automatic adjustment, the safe area (status bar, bars, home indicator) is added to the
/// content inset, and the default offset shows the top of the content just below the top bars.
public struct ScrollView: Sendable, Equatable {
    /// Nil means the resting offset: (−adjusted inset left, −adjusted inset top).
    public var contentOffset: Point?
    public var contentInset: EdgeInsets
    public var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior
    /// UIScrollView's contentSize; nil leaves the far edges open (a pan past them is not rubber-banded).
    public var contentSize: Size?
    /// A pan gesture's translation (docs/motion.md, Gestures): the content follows the finger from
    /// the offset, rubber-banded past the edges. Zero when no finger is on it.
    public var pan = Point(x: 0, y: 0)
    /// Animations of `contentOffset` at the scene's time (docs/motion.md, A large title collapsing),
    /// each a track at its progress, applied in order from the offset: the scene's, or the resting
    /// one when it gives none (known only once layout has the adjusted inset).
    public var offsetChanges: [OffsetChange] = []
    /// Set once a navigation controller has placed the scroll view under its adapting bar: the
    /// offset it was given already includes the animations.
    public var offsetSettled = false

    /// A `contentOffset` track and how far along it is.
    public struct OffsetChange: Sendable, Equatable {
        public var track: Track
        public var progress: Double
        public init(track: Track, progress: Double) { self.track = track; self.progress = progress }
    }

    /// The offset shown before a finger's pan: the scene's (`resting` when it gives none), moved
    /// by the animations of it at the scene's time.
    public func offset(resting: Point) -> Point {
        var o = contentOffset ?? resting
        for c in offsetChanges {
            if case .point(let q) = c.track.value(at: c.progress, model: .point(o)) { o = q }
        }
        return o
    }

    /// The offset a pan leaves from `offset`: moved against the translation, and past `lower` (the
    /// top and left edges) or `upper` (the far edges, when known) moved by UIScrollView's rubber band
    /// only, for a view `size` big.
    public func panned(_ offset: Point, lower: Point, upper: Point?, size: Size) -> Point {
        guard pan != Point(x: 0, y: 0) else { return offset }
        func axis(_ start: Double, _ travel: Double, _ lo: Double, _ hi: Double?, _ d: Double) -> Double {
            guard travel != 0 else { return start }
            let hi = max(lo, hi ?? .infinity)
            // The finger moves the content freely inside the edges; past one, by the rubber band.
            let free = start - travel
            if free < lo { return lo - Gesture.rubberBand(lo - free, dimension: d) }
            if free > hi { return hi + Gesture.rubberBand(free - hi, dimension: d) }
            return free
        }
        return Point(x: axis(offset.x, pan.x, lower.x, upper?.x, size.width), y: axis(offset.y, pan.y, lower.y, upper?.y, size.height))
    }

    public init(contentOffset: Point? = nil, contentInset: EdgeInsets = .zero,
                contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic) {
        self.contentOffset = contentOffset; self.contentInset = contentInset
        self.contentInsetAdjustmentBehavior = contentInsetAdjustmentBehavior
    }
}

public enum ContentInsetAdjustmentBehavior: String, Sendable, Equatable, CaseIterable {
    case automatic, never
}
