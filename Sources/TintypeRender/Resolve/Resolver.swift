import TintypeModel

/// Everything a component needs to lay itself out, already inherited from its ancestors.
public struct Environment: Sendable {
    /// The tint as drawn: the inherited tint, turned gray when the adjustment mode is dimmed.
    public var tint: Color
    /// The inherited tint before dimming.
    public var inheritedTint: Color
    /// The inherited adjustment mode, `normal` or `dimmed` (never `automatic`).
    public var tintAdjustmentMode: TintAdjustmentMode
    public var scale: Double
    public var contentSizeCategory: ContentSizeCategory
    public var layoutDirection: LayoutDirection
    /// The scene's locale (BCP 47), for the names and numbers controls show; nil: English (United States).
    public var locale: String? = nil
    public var baseDirectory: String?
    /// The view's path in the scene, for messages (`root.subviews[2]`).
    public var path: String
    /// The part of the screen no bar, status bar or home indicator covers, in absolute points.
    public var safeRect: Rect = .zero
    public var traits: Traits = Traits()
    /// Shared by every environment of one scene: where views and items with ids landed.
    public var anchors = Anchors()
    /// Shared by every environment of one scene: what the layout resolved on its own (`--verbose`).
    public var notes = LayoutNotes()
    /// The layout margins of the superview being laid out, in absolute points, when it sets its own
    /// (or preserves its superview's); nil: the system margins (the `margins` guide's default).
    public var marginsRect: Rect?
    /// A scroll view's frame while its subviews are laid out (their `frameLayoutGuide`).
    public var scrollFrame: Rect?

    public func resolve(_ value: ColorValue) -> Color {
        switch value {
        case .color(let c): c
        case .tint: tint
        }
    }

    /// A tint color a view or item sets for itself, as drawn here: it still turns gray while
    /// tints are dimmed (UIKit dims a view's own tintColor as well as an inherited one).
    public func adjustedTint(_ specific: Color) -> Color {
        tintAdjustmentMode == .dimmed ? specific.dimmed : specific
    }

    public func adjustedTint(_ specific: Color?) -> Color? { specific.map(adjustedTint) }

    /// The environment of a child view, with its specific tint and mode applied.
    public func child(tintColor: Color?, mode: TintAdjustmentMode, path: String) -> Environment {
        var e = self
        e.inheritedTint = tintColor ?? inheritedTint
        if mode != .automatic { e.tintAdjustmentMode = mode }
        e.tint = e.tintAdjustmentMode == .dimmed ? e.inheritedTint.dimmed : e.inheritedTint
        e.path = path
        return e
    }
}

/// What containers need to know about the device and scene.
public struct Traits: Sendable, Equatable {
    public var screenSize: Size = .zero
    public var isPad = false
    /// A phone in landscape: compact bars (32 high), no large titles.
    public var isCompactHeight = false
    /// The horizontal size class is regular (`Scene.hasRegularWidth`): split views show both columns.
    public var isRegularWidth = false
    public var statusBarHeight: Double = 0
    public var statusBarHidden = false
    public var hasHomeIndicator = false
    /// UIKit's default layout margin: 16, or 20 on wide phones (Plus and Max) and iPads.
    public var layoutMargin: Double = 16

    public init() {}
}

extension Environment {
    /// The safe area insets of a view whose frame is `frame`.
    public func safeAreaInsets(of frame: Rect) -> EdgeInsets {
        EdgeInsets(top: max(0, min(frame.height, safeRect.minY - frame.minY)),
                   left: max(0, min(frame.width, safeRect.minX - frame.minX)),
                   bottom: max(0, min(frame.height, frame.maxY - safeRect.maxY)),
                   right: max(0, min(frame.width, frame.maxX - safeRect.maxX)))
    }
}

/// A rendering failure, naming the view it happened in.
public struct RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String
    /// Where the scene file gave the value at fault (the image reference of an image that cannot
    /// be drawn); nil when the problem has no place in the file or the scene was made in Swift.
    public var position: SourcePosition?
    public init(path: String, message: String, position: SourcePosition? = nil) {
        self.path = path; self.message = message; self.position = position
    }
    /// An image that cannot be loaded or drawn, at the place the scene named it.
    init(path: String, image: ImageSource, _ error: ImageFileError) {
        self.init(path: path, message: error.message, position: image.position)
    }
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }

    /// The error as the decoder reports one, `scene.json:12:5: root.subviews[2].image: message`:
    /// the file (an included file when the value came from one), its line and column when known,
    /// the variant in brackets when there is one, then the path and message.
    public func located(in file: String, variant: String? = nil) -> String {
        var s = position?.file ?? file
        if let position { s += ":\(position.line):\(position.column)" }
        if let variant { s += " [\(variant)]" }
        return s + ": " + description
    }
}

/// Turns a scene into a display list: settles inheritance (tint, adjustment mode, direction),
/// computes absolute frames, and asks each component for its drawing.
///
/// The resolver names no view kind: each kind's measuring and drawing is its component's
/// (`ViewKind.component`); what the resolver adds is what every view shares.
public struct Resolver {
    let images: ImageMeasuring
    let text: TextMeasuring

    init(images: ImageMeasuring, text: TextMeasuring) { self.images = images; self.text = text }

    var context: LayoutContext { LayoutContext(resolver: self) }

    public func displayList(for scene: Scene) throws(RenderError) -> DisplayList {
        // A scene built or changed in Swift meets the limits a decoded one was checked against
        // (SceneLimits). A decoded scene nobody changed is not walked again: the walk, by reflection,
        // costs about 160 µs a table row, which made a 10,000-row table 40 times a 10-row one.
        let problems = scene.limitsChecked ? [] : scene.limitProblems
        if let first = problems.first {
            let more = problems.count > 1 ? " (and \(problems.count - 1) more outside the limits)" : ""
            throw RenderError(path: first.path, message: first.message + more)
        }
        let scene = try fitted(scene)
        let size = scene.screenSize
        var window = Environment(
            tint: .systemBlue, inheritedTint: .systemBlue, tintAdjustmentMode: .normal,
            scale: scene.effectiveScale, contentSizeCategory: scene.contentSizeCategory,
            layoutDirection: scene.layoutDirection, baseDirectory: scene.baseDirectory, path: "")
            .child(tintColor: scene.tintColor, mode: scene.presented?.dimsTint(on: scene.device) == true ? .dimmed : scene.tintAdjustmentMode, path: "")
        var statusBar = StatusBarComponent.resolve(scene)
        var root = scene.root
        if scene.canvas != nil {
            // A view on a canvas has no status bar, home indicator or safe area; the canvas is its
            // window. "fit" draws the root at the canvas's origin.
            statusBar.hidden = true
            if scene.canvas == .fit { root.frame?.origin = .zero }
        }
        window.locale = scene.locale
        window.traits = StatusBarComponent.traits(scene, statusBar: statusBar)
        if scene.canvas != nil {
            window.traits.hasHomeIndicator = false
            window.safeRect = Rect(origin: .zero, size: size)
        } else {
            window.safeRect = Rect(origin: .zero, size: size).inset(by: StatusBarComponent.safeArea(scene, statusBar: statusBar))
        }
        var items: [DisplayItem] = [.fill(path: .rect(Rect(origin: .zero, size: size)), paint: .color(scene.backgroundColor), rule: .nonZero)]
        items += try resolve(root, in: Rect(origin: .zero, size: size), parent: window, path: "root")
        if let presented = scene.presented {
            items += try presentation(presented, scene: scene, window: window)
        }
        if let viewer = scene.largeContentViewer {
            items += try LargeContentViewerComponent(context: context).items(viewer, window: window, screen: Rect(origin: .zero, size: size))
        }
        if scene.canvas == nil && scene.drawsSystemOverlays { items += StatusBarComponent.items(statusBar, scene: scene, env: window, text: text) }
        items += try TouchMarks.items(scene.touches, anchors: window.anchors)
        return DisplayList(size: size, scale: scene.effectiveScale, items: items, notes: window.notes.all)
    }

    /// The scene with a `"fit"` canvas sized: a root without a frame takes the size it measures
    /// (a label its text, a stack view its arranged views, at the scene's text size), rounded up to
    /// whole device pixels. Every other scene comes back as it is.
    func fitted(_ scene: Scene) throws(RenderError) -> Scene {
        guard scene.canvas == .fit, scene.root.frame == nil else { return scene }
        var window = Environment(
            tint: .systemBlue, inheritedTint: .systemBlue, tintAdjustmentMode: .normal,
            scale: scene.effectiveScale, contentSizeCategory: scene.contentSizeCategory,
            layoutDirection: scene.layoutDirection, baseDirectory: scene.baseDirectory, path: "")
            .child(tintColor: scene.tintColor, mode: scene.tintAdjustmentMode, path: "")
        window.locale = scene.locale
        let root = scene.root
        let env = window.child(tintColor: root.tintColor, mode: root.tintAdjustmentMode, path: "root").child(for: root)
        let m = try context.measure(root, width: nil, env: env)
        guard m.hasWidth, m.hasHeight, m.size.width > 0, m.size.height > 0 else {
            throw RenderError(path: "root", message: "\"canvas\": \"fit\" takes the root view's own size, and this \(root.kind.name) has none (\(format(m.size.width))×\(format(m.size.height)) points); give the root a \"frame\" or a layout \"width\" and \"height\", or use {\"size\": [width, height]}")
        }
        var sized = scene
        sized.root.frame = Rect(origin: .zero, size: m.size.ceiled(scale: scene.effectiveScale))
        if let problem = sized.pixelLimitProblem { throw RenderError(path: "canvas", message: problem) }
        return sized
    }

    /// What the window presents, over the root: the dimming layer (when the presentation dims)
    /// and the alert, sheet or popover, in its own colors.
    func presentation(_ presented: Presentation, scene: Scene, window: Environment) throws(RenderError) -> [DisplayItem] {
        let screen = Rect(origin: .zero, size: scene.screenSize)
        var items: [DisplayItem] = []
        if presented.dimsWindow(on: scene.device) {
            // Presenting dims the window: its tints turn gray (above) and a black layer covers it.
            items.append(.fill(path: .rect(screen), paint: .color(Color(white: 0, alpha: 0.4)), rule: .nonZero))
        }
        switch presented {
        case .alert(let a), .actionSheet(let a):
            // The alert keeps its own colors.
            var own = window.child(tintColor: nil, mode: .normal, path: "presented")
            if let t = a.tintColor { own = own.child(tintColor: t, mode: .normal, path: "presented") }
            let alerts = AlertComponent(text: text)
            if case .actionSheet = presented, scene.device.isPad {
                guard let source = a.popoverSource else {
                    throw RenderError(path: "presented", message: "on an iPad an action sheet is a popover: give it a \"sourceItem\", \"sourceView\" or \"sourceRect\"")
                }
                items += try PopoverComponent.actionSheet(a, source: source, alerts: alerts, env: own, screen: screen)
            } else {
                items += alerts.items(presented, screen: screen, env: own)
            }
        case .sheet(let sheet):
            items += try resolve(sheet.root, in: ModalSheetLayout.frame(sheet, scene: scene), parent: window, path: "presented.root")
        case .popover(let popover):
            if scene.device.isPad {
                items += try PopoverComponent(context: context).items(popover, window: window, screen: screen)
            } else {
                // In a compact width a popover adapts to a full-screen presentation.
                items += try resolve(popover.root, in: screen, parent: window, path: "presented.root")
            }
        }
        return items
    }

    /// The drawing of `view`, whose superview's bounds are at `container` in absolute points.
    func resolve(_ view: View, in container: Rect, parent: Environment, path: String) throws(RenderError) -> [DisplayItem] {
        guard !view.isHidden, view.alpha > 0 else { return [] }
        var env = parent.child(tintColor: view.tintColor, mode: view.tintAdjustmentMode, path: path).child(for: view)
        let component = view.kind.component
        let frame = try place(view, component, in: container, parent: parent, env: env)
        env.marginsRect = margins(of: view, frame: frame, parent: parent)
        env.anchors.record(view.id, Anchors.Entry(frame: frame))
        let outline = RoundedRect.path(frame, radius: view.cornerRadius, curve: view.cornerCurve, corners: view.maskedCorners)

        var items: [DisplayItem] = []
        if let bg = view.backgroundColor {
            items.append(.fill(path: outline, paint: .color(env.resolve(bg)), rule: .nonZero))
        }
        items += try component.draw(view, frame: frame, env: env, context: context)
        var children: [DisplayItem] = []
        let (bounds, scrollFrame) = component.subviewBounds(frame: frame, env: env)
        env.scrollFrame = scrollFrame
        for (i, sub) in view.subviews.enumerated() {
            children += try resolve(sub, in: bounds, parent: env, path: path + ".subviews[\(i)]")
        }
        if view.clipsToBounds {
            // Content and subviews are clipped; the background is already inside the outline.
            let clipped = items.dropFirst(view.backgroundColor == nil ? 0 : 1) + children
            items = Array(items.prefix(view.backgroundColor == nil ? 0 : 1))
            if !clipped.isEmpty { items.append(.group(Group(items: Array(clipped), clip: outline))) }
        } else {
            items += children
        }
        if let border = view.border {
            let w = min(border.width.points(scale: env.scale), min(frame.width, frame.height) / 2)
            if w > 0 {
                let inner = RoundedRect.path(frame.insetBy(dx: w, dy: w), radius: max(0, view.cornerRadius - w),
                                             curve: view.cornerCurve, corners: view.maskedCorners)
                items.append(.fill(path: Path(outline.commands + inner.commands), paint: .color(env.resolve(border.color)), rule: .evenOdd))
            }
        }
        // Like masksToBounds, clipsToBounds clips away the shadow, which lies outside the bounds.
        let shadow = view.shadow.flatMap { s -> ResolvedShadow? in
            guard s.opacity > 0, !view.clipsToBounds else { return nil }
            let c = env.resolve(s.color)
            return ResolvedShadow(color: c.withAlpha(c.alpha * s.opacity), offset: s.offset, radius: s.radius)
        }
        if view.alpha < 1 || view.blendMode != .normal || shadow != nil {
            return items.isEmpty ? [] : [.group(Group(items: items, alpha: view.alpha, blendMode: view.blendMode, shadow: shadow))]
        }
        return items
    }

    /// Where `view` goes in a superview whose bounds are `container`: its frame, its layout pins
    /// (a view whose component sizes itself, pinned by one edge on an axis, takes its own size
    /// there), or the whole container.
    func place(_ view: View, _ component: any ViewComponent, in container: Rect, parent: Environment, env: Environment) throws(RenderError) -> Rect {
        if let f = view.frame {
            return Rect(x: container.minX + f.x, y: container.minY + f.y, width: f.width, height: f.height)
        }
        guard var pins = view.layout else { return container }
        let g = guide(pins.guide, container: container, env: parent)
        if component.sizesItselfBetweenOnePin {
            let rtl = parent.layoutDirection == .rightToLeft
            let start = pins.left ?? (rtl ? pins.trailing : pins.leading), end = pins.right ?? (rtl ? pins.leading : pins.trailing)
            if pins.width == nil, (start == nil) != (end == nil) {
                let own = try component.measure(view, width: nil, env: env, context: context).size.width
                pins.width = min(own, max(0, g.width - (start ?? end ?? 0)))
            }
            if pins.height == nil, (pins.top == nil) != (pins.bottom == nil) {
                let width = pins.frame(in: g, direction: parent.layoutDirection).width
                pins.height = try component.measure(view, width: width, env: env, context: context).size.height
            }
        }
        // Auto Layout rounds what it places to device pixels.
        return pins.frame(in: g, direction: parent.layoutDirection).originSnapped(parent.scale)
    }

    /// The margins `view` (at `frame`) gives its subviews, in absolute points: its own layout
    /// margins, from the safe area unless `insetsLayoutMarginsFromSafeArea` is off, and no closer
    /// to the edges than the superview's where `preservesSuperviewLayoutMargins`. Nil when the view
    /// sets neither (its subviews' `margins` guide is then the system one).
    func margins(of view: View, frame: Rect, parent: Environment) -> Rect? {
        guard view.layoutMargins != nil || view.preservesSuperviewLayoutMargins else { return nil }
        let own = (view.layoutMargins ?? .default).insets(view.semanticContentAttribute.direction(inherited: parent.layoutDirection))
        var base = frame
        if view.insetsLayoutMarginsFromSafeArea { base = frame.inset(by: parent.safeAreaInsets(of: frame)) }
        var r = base.inset(by: own)
        if view.preservesSuperviewLayoutMargins {
            let sup = guide(.margins, container: frame, env: parent)
            let x0 = max(r.minX, sup.minX), x1 = min(r.maxX, sup.maxX)
            let y0 = max(r.minY, sup.minY), y1 = min(r.maxY, sup.maxY)
            r = Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
        }
        return r
    }

    /// The readable content width at a content size category (UIKit's readableContentGuide, ≈):
    /// it grows with the text so that lines keep about the same number of characters.
    static func readableWidth(_ c: ContentSizeCategory) -> Double {
        [560, 600, 632, 672, 744, 824, 896, 1000, 1100, 1200, 1300, 1400][ContentSizeCategory.allCases.firstIndex(of: c) ?? 3]
    }

    /// A layout guide of a superview whose bounds are `container`, in absolute points.
    func guide(_ guide: LayoutPins.Guide, container: Rect, env: Environment) -> Rect {
        switch guide {
        case .superview, .contentLayoutGuide: return container
        case .frameLayoutGuide: return env.scrollFrame ?? container
        case .readableContent:
            let m = self.guide(.margins, container: container, env: env)
            let w = min(m.width, Self.readableWidth(env.contentSizeCategory))
            return Rect(x: m.minX + (m.width - w) / 2, y: m.minY, width: w, height: m.height)
        case .safeArea, .margins: break
        }
        if guide == .margins, let m = env.marginsRect { return m }
        let s = env.safeRect
        let x0 = max(container.minX, s.minX), y0 = max(container.minY, s.minY)
        let x1 = min(container.maxX, s.maxX), y1 = min(container.maxY, s.maxY)
        let safe = Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
        guard guide == .margins else { return safe }
        let m = min(env.traits.layoutMargin, safe.width / 2)
        return Rect(x: safe.minX + m, y: safe.minY, width: safe.width - 2 * m, height: safe.height)
    }
}
