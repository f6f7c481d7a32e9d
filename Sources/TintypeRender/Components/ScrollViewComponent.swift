import TintypeModel

/// UIScrollView: where the content's origin lands, from the offset and the adjusted content inset.
enum ScrollViewComponent {
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
        let offset = scroll.contentOffset ?? Point(x: -inset.left, y: -inset.top)
        return Rect(x: frame.minX - offset.x, y: frame.minY - offset.y, width: frame.width, height: frame.height)
    }
}
