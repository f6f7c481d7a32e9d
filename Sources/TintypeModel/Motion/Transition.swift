/// A transition between two states of a view (docs/motion.md, Transitions): CATransition's `fade`,
/// `push`, `moveIn` and `reveal`, or UIView's `transition(with:)` flips and cross dissolve.
///
/// The two states are named by two of the view's direct subviews: `from` shows before the
/// transition and `to` after it (as UIView's `transition(from:to:)` swaps them, or the subviews a
/// `transition(with:)` block adds and removes). Before it starts `to` is hidden; once it is over
/// `from` is. The view itself (background, border, other subviews) is in both states.
public struct Transition: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// CATransition's fade: the old state fades out as the new fades in.
        case fade
        /// The new state slides in as the old slides out, both the view's width (or height) apart.
        case push
        /// The new state slides in over the old, which stays.
        case moveIn
        /// The old state slides out, uncovering the new, which stays.
        case reveal
        /// UIView's flips: the view turns half a turn in perspective, the old state on its front
        /// and the new on its back. flipFromLeft turns the left edge toward the viewer.
        case flipFromLeft, flipFromRight, flipFromTop, flipFromBottom
        /// UIView's cross dissolve (CATransition's fade).
        case crossDissolve

        public var isFlip: Bool { [.flipFromLeft, .flipFromRight, .flipFromTop, .flipFromBottom].contains(self) }
        /// Whether a `subtype` (a direction) applies.
        public var takesSubtype: Bool { [.push, .moveIn, .reveal].contains(self) }
    }

    /// CATransition's subtype: the side the motion comes from.
    public enum Subtype: String, Sendable, Equatable, CaseIterable {
        case fromLeft, fromRight, fromTop, fromBottom
    }

    public var kind: Kind
    public var subtype: Subtype
    /// The id of the subview shown before (nil: none goes away).
    public var from: String?
    /// The id of the subview shown after (nil: none comes).
    public var to: String?

    public init(_ kind: Kind, subtype: Subtype = .fromLeft, from: String? = nil, to: String? = nil) {
        self.kind = kind; self.subtype = subtype; self.from = from; self.to = to
    }

    /// The perspective of UIView's flips: the viewer's distance in points (an estimate; UIKit does not publish it).
    public static let flipPerspective = 1000.0
    /// How long a transition lasts without `duration` (Core Animation's default duration).
    public static let defaultDuration = 0.25

    /// A UIView transition between two subviews of `view`, as an animation of the scene.
    public static func animation(view: String, _ transition: Transition, duration: Double = Transition.defaultDuration,
                                 beginTime: Double = 0, curve: TimingFunction? = nil) -> Animation {
        var timing = MediaTiming()
        timing.duration = duration
        timing.beginTime = beginTime
        let pace = curve ?? (transition.kind.takesSubtype || transition.kind == .fade ? .linear : .easeInEaseOut)
        var a = Animation(view: view, tracks: [], timing: timing, curve: .timing(pace), isViewBlock: true)
        a.transition = transition
        return a
    }
}
