/// An Auto Layout constraint on the view that holds it (NSLayoutConstraint, with that view as its
/// first item): `view.attribute relation multiplier × target.targetAttribute + constant`, at a priority.
///
/// ```swift
/// // title.leading == superview.leadingMargin; title.top == superview.safeArea.top + 20
/// View(.label(Label(text: "Title")), constraints: [
///     LayoutConstraint(.leading, to: .superview, .leadingMargin),
///     LayoutConstraint(.top, to: .superview, guide: .safeArea, constant: 20),
/// ])
/// LayoutConstraint(.width, .lessThanOrEqual, constant: 200, priority: 750)   // a size alone
/// LayoutConstraint(.width, to: .view("icon"), .height, multiplier: 2)        // a size from another view
/// ```
///
/// A view with constraints has no `frame` and no `layout`: the constraints place it, with its own
/// size where it has one (labels, images, controls) held at its hugging and compression-resistance
/// priorities, as UIKit's content-size constraints hold it.
public struct LayoutConstraint: Sendable, Equatable {
    /// NSLayoutConstraint.Attribute.
    public enum Attribute: String, Sendable, Equatable, CaseIterable {
        case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case firstBaseline, lastBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins

        /// Interface Builder's older name of `lastBaseline`.
        public static let aliases: [String: Attribute] = ["baseline": .lastBaseline]

        public var isHorizontal: Bool {
            switch self {
            case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin,
                 .leadingMargin, .trailingMargin, .centerXWithinMargins: true
            default: false
            }
        }
        public var isSize: Bool { self == .width || self == .height }
        /// Leading and trailing, which swap sides under right-to-left.
        public var isDirectional: Bool { [.leading, .trailing, .leadingMargin, .trailingMargin].contains(self) }
        public var isLeftOrRight: Bool { [.left, .right, .leftMargin, .rightMargin].contains(self) }
    }

    public enum Relation: String, Sendable, Equatable, CaseIterable {
        case equal, lessThanOrEqual, greaterThanOrEqual
        public static let aliases: [String: Relation] = ["==": .equal, "<=": .lessThanOrEqual, ">=": .greaterThanOrEqual]
        public var symbol: String {
            switch self {
            case .equal: "=="
            case .lessThanOrEqual: "<="
            case .greaterThanOrEqual: ">="
            }
        }
    }

    /// The second item.
    public enum Target: Sendable, Equatable {
        /// The superview of the view holding the constraint.
        case superview
        /// The view holding the constraint (an aspect ratio: width to its own height).
        case itself
        /// A view by its `id`, anywhere in the same view hierarchy.
        case view(String)
    }

    /// A layout guide of the second item, whose edges stand in for the item's own.
    public enum Guide: String, Sendable, Equatable, CaseIterable {
        /// safeAreaLayoutGuide: the bounds less the status bar, bars, home indicator and additional
        /// safe area insets (as the `safeArea` guide of `layout`).
        case safeArea
        /// layoutMarginsGuide: the bounds less the layout margins.
        case margins
        /// readableContentGuide: the margins narrowed to the readable width, centered.
        case readableContent
        /// A scroll view's frameLayoutGuide and contentLayoutGuide.
        case frameLayoutGuide, contentLayoutGuide
    }

    public var attribute: Attribute
    public var relation: Relation
    /// The second item; nil relates the attribute to the constant alone (sizes only).
    public var target: Target?
    public var guide: Guide?
    /// The second item's attribute (the same as `attribute` unless given).
    public var targetAttribute: Attribute?
    public var multiplier: Double
    public var constant: Double
    /// UILayoutPriority, 1…1000: below 1000 the constraint may give way, a higher priority first.
    public var priority: Double
    /// Its name in UIKit's log of a broken constraint (NSLayoutConstraint.identifier, or the id
    /// Interface Builder gave it).
    public var identifier: String?

    public init(_ attribute: Attribute, _ relation: Relation = .equal, to target: Target? = nil, guide: Guide? = nil,
                _ targetAttribute: Attribute? = nil, multiplier: Double = 1, constant: Double = 0, priority: Double = 1000,
                identifier: String? = nil) {
        self.attribute = attribute; self.relation = relation; self.target = target; self.guide = guide
        self.targetAttribute = target == nil ? nil : (targetAttribute ?? attribute)
        self.multiplier = multiplier; self.constant = constant; self.priority = priority; self.identifier = identifier
    }

    /// Why UIKit would refuse this constraint (it throws when the constraint is made), or nil.
    public var problem: String? {
        guard target != nil, let second = targetAttribute else {
            return attribute.isSize ? nil
                : "\(attribute.rawValue) is a location and needs a \"to\": UIKit refuses a location equal to a constant"
        }
        if attribute.isSize != second.isSize {
            return "\(attribute.rawValue) and \(second.rawValue) do not pair: a size relates only to a size, a location only to a location"
        }
        if !attribute.isSize && attribute.isHorizontal != second.isHorizontal {
            return "\(attribute.rawValue) and \(second.rawValue) do not pair: they lie on different axes"
        }
        if (attribute.isDirectional && second.isLeftOrRight) || (second.isDirectional && attribute.isLeftOrRight) {
            return "\(attribute.rawValue) and \(second.rawValue) do not pair: leading and trailing do not mix with left and right"
        }
        if !attribute.isSize && multiplier == 0 {
            return "a multiplier of 0 makes \(attribute.rawValue) equal to a constant, which UIKit refuses"
        }
        return nil
    }
}
