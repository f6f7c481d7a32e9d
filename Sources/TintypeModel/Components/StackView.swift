/// UIStackView: arranged subviews in a row or a column, sized from their own sizes and priorities.
///
/// ```swift
/// let row = View(.stackView(StackView(axis: .horizontal, spacing: 8, alignment: .center, arrangedSubviews: [
///     .label("Wi-Fi"), View(.control(.switch(Switch(isOn: true)))),
/// ])))
/// ```
///
/// Arranged subviews give no `frame`: the stack places them. A `layout` with only `width` and/or
/// `height` fixes that size (a required size constraint); hidden ones take no space.
public struct StackView: Sendable, Equatable {
    public enum Axis: String, Sendable, Equatable, CaseIterable { case horizontal, vertical }

    /// UIStackView.Distribution: how the arranged views share the stack's length.
    public enum Distribution: String, Sendable, Equatable, CaseIterable {
        /// Own sizes; the lowest hugging priority stretches, the lowest compression resistance shrinks.
        case fill
        /// Every view the same length.
        case fillEqually
        /// Lengths in proportion to the views' own lengths.
        case fillProportionally
        /// Own lengths, the leftover split evenly between them.
        case equalSpacing
        /// Own lengths, centers evenly apart.
        case equalCentering
    }

    /// UIStackView.Alignment: where the views sit across the axis.
    public enum Alignment: String, Sendable, Equatable, CaseIterable {
        case fill
        /// Left (or right under right-to-left) in a vertical stack; top in a horizontal one.
        case leading
        case top
        case center
        case trailing
        case bottom
        /// Horizontal stacks: first lines' baselines lined up (a vertical stack fills instead, as UIKit does).
        case firstBaseline
        case lastBaseline
    }

    public var axis: Axis
    /// Space between neighbours; negative overlaps them (down to the smallest view's length).
    public var spacing: Double
    public var distribution: Distribution
    public var alignment: Alignment
    /// The views are laid out inside the stack's layout margins rather than its bounds.
    public var isLayoutMarginsRelativeArrangement: Bool
    public var arrangedSubviews: [View]

    public init(axis: Axis = .horizontal, spacing: Double = 0, distribution: Distribution = .fill, alignment: Alignment = .fill,
                isLayoutMarginsRelativeArrangement: Bool = false, arrangedSubviews: [View] = []) {
        self.axis = axis; self.spacing = spacing; self.distribution = distribution; self.alignment = alignment
        self.isLayoutMarginsRelativeArrangement = isLayoutMarginsRelativeArrangement
        self.arrangedSubviews = arrangedSubviews
    }
}

/// A priority per axis (UILayoutPriority, 1…1000), as contentHuggingPriority(for:) and
/// contentCompressionResistancePriority(for:) give them.
public struct AxisPriorities: Sendable, Equatable {
    public var horizontal: Double?
    public var vertical: Double?
    public init(horizontal: Double? = nil, vertical: Double? = nil) { self.horizontal = horizontal; self.vertical = vertical }
    public func value(_ axis: StackView.Axis) -> Double? { axis == .horizontal ? horizontal : vertical }
}

/// Layout margins given by leading and trailing (NSDirectionalEdgeInsets) or by left and right.
public struct LayoutMargins: Sendable, Equatable {
    public var top: Double, bottom: Double
    public var leading: Double, trailing: Double
    /// Given as left and right: they do not swap under right-to-left.
    public var isAbsolute: Bool
    public init(top: Double = 8, leading: Double = 8, bottom: Double = 8, trailing: Double = 8, isAbsolute: Bool = false) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing; self.isAbsolute = isAbsolute
    }
    /// UIView's default margins: 8 on every side.
    public static let `default` = LayoutMargins()

    public func insets(_ direction: LayoutDirection) -> EdgeInsets {
        let flip = direction == .rightToLeft && !isAbsolute
        return EdgeInsets(top: top, left: flip ? trailing : leading, bottom: bottom, right: flip ? leading : trailing)
    }
}

/// UIView.semanticContentAttribute: a subtree that keeps one direction whatever the language.
public enum SemanticContentAttribute: String, Sendable, Equatable, CaseIterable {
    /// Follows the scene's layout direction.
    case unspecified
    /// Media controls: always left to right.
    case playback
    /// Sliders, keypads and such: always left to right.
    case spatial
    case forceLeftToRight
    case forceRightToLeft

    /// The direction of a view with this attribute inside a superview laid out in `inherited`.
    public func direction(inherited: LayoutDirection) -> LayoutDirection {
        switch self {
        case .unspecified: inherited
        case .playback, .spatial, .forceLeftToRight: .leftToRight
        case .forceRightToLeft: .rightToLeft
        }
    }
}

extension View {
    /// A stack view of `arranged` views.
    public static func stack(_ axis: StackView.Axis, spacing: Double = 0, distribution: StackView.Distribution = .fill,
                             alignment: StackView.Alignment = .fill, frame: Rect? = nil, _ arranged: [View]) -> View {
        View(.stackView(StackView(axis: axis, spacing: spacing, distribution: distribution, alignment: alignment, arrangedSubviews: arranged)), frame: frame)
    }
}
