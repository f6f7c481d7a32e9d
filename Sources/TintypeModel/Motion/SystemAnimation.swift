/// One of UIKit's own animations, drawn at the scene's time (docs/motion.md, The system's animations):
/// a navigation controller pushing or popping its top view controller, an alert appearing or going,
/// a modal sheet presented or dismissed, an action sheet sliding up or down.
public struct SystemAnimation: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// The root navigation controller's top view controller slides in over the one below it.
        case push
        /// The top view controller slides out, uncovering the one below it.
        case pop
        /// The presented alert grows in from 1.2 times its size while it and the dimming fade in.
        case alertAppearing
        /// The presented alert going (dismissed by a tap on an action): it and the dimming fade out, at its size.
        case alertDismissing
        /// The presented sheet (`"presented": {"sheet": ...}`) slides up from below the screen's bottom
        /// edge to its place (UIModalTransitionStyle.coverVertical); a dimming it has fades in.
        case modalPresenting
        /// The presented sheet slides back down off the screen; a dimming it has fades out.
        case modalDismissing
        /// The presented action sheet slides up from below the bottom edge while the dimming fades in
        /// (on an iPad, where it is a popover, it fades in).
        case actionSheetAppearing
        /// The presented action sheet slides down off the screen while the dimming fades out.
        case actionSheetDismissing

        /// An alert's appearing or going: it animates the presentation, not the navigation controller.
        public var isAlert: Bool { self == .alertAppearing || self == .alertDismissing }
        /// It animates the scene's `presented` controller coming or going.
        public var isPresentation: Bool { !isNavigation }
        /// It moves the root navigation controller's view controllers.
        public var isNavigation: Bool { self == .push || self == .pop }
        /// The presentation comes in (its dimming and the window's dimmed tints grow with it).
        public var isAppearing: Bool { self == .alertAppearing || self == .modalPresenting || self == .actionSheetAppearing }
    }

    public var kind: Kind
    /// Seconds on the scene's clock when it starts.
    public var beginTime: Double

    public init(_ kind: Kind, beginTime: Double = 0) { self.kind = kind; self.beginTime = beginTime }

    /// How long UIKit's animation lasts, in seconds.
    public var duration: Double {
        switch kind {
        case .push, .pop: 0.35
        case .alertAppearing: 0.3
        case .alertDismissing: 0.2
        case .modalPresenting, .modalDismissing: Self.modalDuration
        case .actionSheetAppearing, .actionSheetDismissing: Self.actionSheetDuration
        }
    }

    /// Its pacing.
    public var curve: TimingFunction {
        switch kind {
        case .push, .pop: .easeInEaseOut
        case .alertAppearing: .easeOut
        case .alertDismissing: .easeIn
        case .modalPresenting, .modalDismissing, .actionSheetAppearing, .actionSheetDismissing: .default
        }
    }

    /// How far along it is at scene time `t`: 0 before it starts, 1 once it is over.
    public func progress(at t: Double) -> Double {
        guard duration > 0 else { return 1 }
        return curve.value(at: (t - beginTime) / duration)
    }

    /// The modal transition style a modal animation of `scene` shows: its presented sheet's (a phone's
    /// popover adapts to a full-screen sheet, which covers vertically); nil for the other kinds.
    public func modalTransition(in scene: Scene) -> ModalSheet.TransitionStyle? {
        guard kind == .modalPresenting || kind == .modalDismissing else { return nil }
        if case .sheet(let sheet)? = scene.presented { return sheet.transitionStyle }
        return .coverVertical
    }

    /// How long it lasts in `scene`: a modal sheet's coming or going takes its transition style's time.
    public func duration(in scene: Scene) -> Double {
        switch modalTransition(in: scene) {
        case .flipHorizontal?: Self.flipDuration
        case .crossDissolve?: Self.dissolveDuration
        default: duration
        }
    }

    /// Its pacing in `scene`: a flip and a cross dissolve ease in and out.
    public func curve(in scene: Scene) -> TimingFunction {
        switch modalTransition(in: scene) {
        case .flipHorizontal?, .crossDissolve?: .easeInEaseOut
        default: curve
        }
    }

    /// How far along it is at scene time `t` in `scene`: 0 before it starts, 1 once it is over.
    public func progress(at t: Double, in scene: Scene) -> Double {
        let d = duration(in: scene)
        guard d > 0 else { return 1 }
        return curve(in: scene).value(at: (t - beginTime) / d)
    }

    /// How far the view controller underneath moves left as the top one covers it, as a share of the width.
    public static let parallax = 0.3
    /// The dimming over the covered view controller when fully covered (black at this alpha).
    public static let coveredDimming = 0.1
    /// How far a navigation bar's title travels while a push or pop moves it, as a share of the
    /// screen's width (an estimate): the new title comes in from this far toward the trailing side.
    public static let titleTravel = 0.5
    /// The scale an alert starts from.
    public static let alertStartScale = 1.2
    /// A modal sheet's coming or going, in seconds (an estimate of UIKit's coverVertical).
    public static let modalDuration = 0.5
    /// An action sheet's coming or going, in seconds (an estimate).
    public static let actionSheetDuration = 0.4
    /// A modal sheet's flipHorizontal, in seconds (an estimate: UIKit does not publish it).
    public static let flipDuration = 0.75
    /// A modal sheet's crossDissolve, in seconds (an estimate).
    public static let dissolveDuration = 0.4
}

extension Scene {
    /// How far the window's tints are dimmed at the scene's time (0 normal, 1 dimmed): 1 while a
    /// presentation that dims them stands, and in step with its dimming layer while a system animation
    /// brings it in or takes it away, so that once it has gone the tints are normal again. UIKit sets
    /// the window's tintAdjustmentMode inside the presentation's animation block (dimmed as it comes,
    /// automatic as it goes), so tint colors change over the animation rather than at an end.
    public var presentationTintDimming: Double {
        guard let presented, presented.dimsTint(on: device) else { return 0 }
        guard let system = systemAnimation, system.kind.isPresentation else { return 1 }
        let p = system.progress(at: time, in: self)
        return system.kind.isAppearing ? p : 1 - p
    }
}
