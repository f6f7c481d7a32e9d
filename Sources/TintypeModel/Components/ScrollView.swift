/// UIScrollView: subviews in content coordinates, shown through the bounds at a content offset.
/// With automatic adjustment, the safe area (status bar, bars, home indicator) is added to the
/// content inset, and the default offset shows the top of the content just below the top bars.
public struct ScrollView: Sendable, Equatable {
    /// Nil means the resting offset: (−adjusted inset left, −adjusted inset top).
    public var contentOffset: Point?
    public var contentInset: EdgeInsets
    public var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior

    public init(contentOffset: Point? = nil, contentInset: EdgeInsets = .zero,
                contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic) {
        self.contentOffset = contentOffset; self.contentInset = contentInset
        self.contentInsetAdjustmentBehavior = contentInsetAdjustmentBehavior
    }
}

public enum ContentInsetAdjustmentBehavior: String, Sendable, Equatable, CaseIterable {
    case automatic, never
}
