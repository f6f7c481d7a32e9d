import TintypeModel

/// UIScrollView: where the content's origin lands, from the offset and the adjusted content inset.
struct ScrollViewComponent: ViewComponent {
    let scrollView: ScrollView

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] { [] }

    /// The subviews are in content coordinates, moved by the content offset; their
    /// `frameLayoutGuide` is the scroll view's frame.
    func subviewBounds(frame: Rect, env: Environment) -> (bounds: Rect, scrollFrame: Rect?) {
        (Self.contentFrame(scrollView, frame: frame, env: env), frame)
    }

    /// The safe area added to the content inset under automatic adjustment.
    static func adjustedInset(_ scroll: ScrollView, frame: Rect, env: Environment) -> EdgeInsets {
        var inset = scroll.contentInset
        if scroll.contentInsetAdjustmentBehavior == .automatic {
            let safe = env.safeAreaInsets(of: frame)
            inset.top += safe.top; inset.left += safe.left; inset.bottom += safe.bottom; inset.right += safe.right
        }
        return inset
    }

    /// A rect whose origin is the content's (0, 0) in absolute points, the size of the bounds.
    static func contentFrame(_ scroll: ScrollView, frame: Rect, env: Environment) -> Rect {
        let inset = adjustedInset(scroll, frame: frame, env: env)
        var offset = scroll.offset(resting: Point(x: -inset.left, y: -inset.top))
        // A finger on it (a pan): the content follows, rubber-banded past the edges (the far ones
        // when the content size is known).
        let upper = scroll.contentSize.map { Point(x: $0.width + inset.right - frame.width, y: $0.height + inset.bottom - frame.height) }
        offset = scroll.panned(offset, lower: Point(x: -inset.left, y: -inset.top), upper: upper, size: frame.size)
        return Rect(x: frame.minX - offset.x, y: frame.minY - offset.y, width: frame.width, height: frame.height)
    }
}
