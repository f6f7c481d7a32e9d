import TintypeModel

/// Everything a component needs to lay itself out, already inherited from its ancestors.
package struct Environment: Sendable {
    /// The tint as drawn: the inherited tint, turned gray when the adjustment mode is dimmed.
    package var tint: Color
    /// The inherited tint before dimming.
    package var inheritedTint: Color
    /// The inherited adjustment mode, `normal` or `dimmed` (never `automatic`).
    package var tintAdjustmentMode: TintAdjustmentMode
    package var scale: Double
    package var contentSizeCategory: ContentSizeCategory
    package var layoutDirection: LayoutDirection
    /// The scene's locale (BCP 47), for the names and numbers controls show; nil: English (United States).
    package var locale: String? = nil
    package var baseDirectory: String?
    /// The view's path in the scene, for messages (`root.subviews[2]`).
    package var path: String
    /// The part of the screen no bar, status bar or home indicator covers, in absolute points.
    package var safeRect: Rect = .zero
    package var traits: Traits = Traits()
    /// Shared by every environment of one scene: where views and items with ids landed.
    var anchors = Anchors()
    /// Shared by every environment of one scene: what the layout resolved on its own (`--verbose`).
    package var notes = LayoutNotes()
    /// Shared by every environment of one scene: where each view landed (for the audit).
    package var views = ViewRecords()
    /// Shared by every environment of one scene: the elements VoiceOver reads (`DisplayList.accessibility`).
    package var accessibility = AccessibilityRecords()
    /// Inside an accessibility element (a cell, a view made one element): nothing below is recorded as one.
    package var accessibilityHidden = false
    /// Shared by every environment of one scene: constraints broken or ambiguous.
    package var warnings = LayoutWarnings()
    /// Frames Auto Layout solved for the views below this one, by path (see `ConstraintLayout`).
    var solved: [String: ConstraintLayout.Placement] = [:]
    /// The intersection of the frames of the ancestors that clip to their bounds; nil: none does.
    package var clipRect: Rect?
    /// The view lies in a scroll view, table or text view.
    package var inScrollView = false
    /// The layout margins of the superview being laid out, in absolute points, when it sets its own
    /// (or preserves its superview's); nil: the system margins (the `margins` guide's default).
    package var marginsRect: Rect?
    /// A scroll view's frame while its subviews are laid out (their `frameLayoutGuide`).
    package var scrollFrame: Rect?
    /// What the transforms of the view and its ancestors do to its absolute points on the screen
    /// (identity when none has one): where recorded frames and clips really land.
    package var screenTransform: Transform2D = .identity
    /// The view or an ancestor has a transform: layout no longer rounds origins to device pixels,
    /// as UIKit does not snap a transformed layer.
    package var isTransformed = false
    /// What the transforms do on the screen when one of them has perspective (a `transform3D` that
    /// is more than affine); nil while `screenTransform` says it all.
    package var screenHomography: Homography?
    /// Set while a push or pop draws one end of itself: the root navigation controller hands its
    /// bar to this instead of drawing it (NavigationTransition); nil everywhere else.
    var barSplit: BarSplit?

    package func resolve(_ value: ColorValue) -> Color {
        switch value {
        case .color(let c): c
        case .tint: tint
        }
    }

    /// A tint color a view or item sets for itself, as drawn here: it still turns gray while
    /// tints are dimmed (UIKit dims a view's own tintColor as well as an inherited one).
    package func adjustedTint(_ specific: Color) -> Color {
        tintAdjustmentMode == .dimmed ? specific.dimmed : specific
    }

    package func adjustedTint(_ specific: Color?) -> Color? { specific.map(adjustedTint) }

    /// The same environment with collectors of its own: what is laid out with it is drawn but not
    /// recorded (ids, notes, views, accessibility, warnings), for a second drawing of the same views.
    func detached() -> Environment {
        var e = self
        e.anchors = Anchors(); e.notes = LayoutNotes(); e.views = ViewRecords()
        e.accessibility = AccessibilityRecords(); e.warnings = LayoutWarnings()
        return e
    }

    /// The environment of a child view, with its specific tint and mode applied.
    package func child(tintColor: Color?, mode: TintAdjustmentMode, path: String) -> Environment {
        var e = self
        e.inheritedTint = tintColor ?? inheritedTint
        if mode != .automatic { e.tintAdjustmentMode = mode }
        e.tint = e.tintAdjustmentMode == .dimmed ? e.inheritedTint.dimmed : e.inheritedTint
        e.path = path
        return e
    }
}

/// What containers need to know about the device and scene.
package struct Traits: Sendable, Equatable {
    package var screenSize: Size = .zero
    package var isPad = false
    /// A phone in landscape: compact bars (32 high), no large titles.
    package var isCompactHeight = false
    /// The horizontal size class is regular (`Scene.hasRegularWidth`): split views show both columns.
    package var isRegularWidth = false
    package var statusBarHeight: Double = 0
    package var statusBarHidden = false
    package var hasHomeIndicator = false
    /// UIKit's default layout margin: 16, or 20 on wide phones (Plus and Max) and iPads.
    package var layoutMargin: Double = 16
    /// The scene's iOS version (`systemVersion`): what UIKit draws differently by era.
    package var era = Era()

    package init() {}
}

extension Environment {
    /// The safe area insets of a view whose frame is `frame`.
    package func safeAreaInsets(of frame: Rect) -> EdgeInsets {
        EdgeInsets(top: max(0, min(frame.height, safeRect.minY - frame.minY)),
                   left: max(0, min(frame.width, safeRect.minX - frame.minX)),
                   bottom: max(0, min(frame.height, frame.maxY - safeRect.maxY)),
                   right: max(0, min(frame.width, frame.maxX - safeRect.maxX)))
    }
}
