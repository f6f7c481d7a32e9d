// Why this module: a scene becomes a drawing here, and nothing here draws. Resolve settles
// inheritance once (tint, dimming, direction, safe areas, margins); each view kind's component
// measures itself and turns its frame into display items; the display list is the boundary that
// TintypeRender's Cairo raster, SVG and PDF writers consume. No C library is linked: text and images
// are measured through `TextMeasuring` and `ImageMeasuring`, which the renderer implements with
// Pango and its image store, so layout can be tested on numbers. docs/architecture.md has the map.
import TintypeModel

/// Turns a scene into a display list: settles inheritance (tint, adjustment mode, direction),
/// computes absolute frames, and asks each component for its drawing.
///
/// The resolver names no view kind: each kind's measuring and drawing is its component's
/// (`ViewKind.component`); what the resolver adds is what every view shares.
package struct Resolver {
    let images: ImageMeasuring
    let text: TextMeasuring

    /// The scene's animations at its time (empty for a still scene).
    var motion = Motion()

    package init(images: ImageMeasuring, text: TextMeasuring) { self.images = images; self.text = text }

    var context: LayoutContext { LayoutContext(resolver: self) }

    package func displayList(for scene: Scene) throws(RenderError) -> DisplayList {
        // A scene built or changed in Swift meets the limits a decoded one was checked against
        // (SceneLimits). A decoded scene nobody changed is not walked again: the walk, by reflection,
        // costs about 160 µs a table row, which made a 10,000-row table 40 times a 10-row one.
        let problems = scene.limitsChecked ? [] : scene.limitProblems
        if let first = problems.first {
            let more = problems.count > 1 ? " (and \(problems.count - 1) more outside the limits)" : ""
            throw RenderError(path: first.path, message: first.message + more)
        }
        // Gestures change the model before anything is laid out (docs/motion.md, Gestures); the
        // animations then start from what they left.
        var scene = scene
        if !scene.gestures.isEmpty {
            do { scene = try scene.applyingGestures() } catch { throw RenderError(path: error.path, message: error.message, position: error.position) }
        }
        // The animations apply as each view they name is met (Motion), after the limit check: what
        // they interpolate between was checked.
        if motion.isEmpty && !scene.animations.isEmpty {
            var animated = self
            animated.motion = Motion(scene)
            return try animated.displayList(for: scene)
        }
        scene = try fitted(scene)
        let size = scene.screenSize
        // How dimmed the window's tints are: fully while a presentation that dims them stands, and
        // in step with the dimming layer while it comes and goes (docs/motion.md, The system's animations).
        let tintDimming = scene.presentationTintDimming
        var window = Environment(
            tint: .systemBlue, inheritedTint: .systemBlue, tintAdjustmentMode: .normal,
            scale: scene.effectiveScale, contentSizeCategory: scene.contentSizeCategory,
            layoutDirection: scene.layoutDirection, baseDirectory: scene.baseDirectory, path: "")
            .child(tintColor: scene.tintColor, mode: tintDimming > 0 ? .dimmed : scene.tintAdjustmentMode, path: "")
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
        let screen = Rect(origin: .zero, size: size)
        func drawRoot(_ window: Environment) throws(RenderError) -> [DisplayItem] {
            if let p = scene.edgePanProgress(at: scene.time), case .controller(.navigation(let nav)) = root.kind, nav.stack.count >= 2 {
                // The interactive pop: at progress p it is the pop animation's frame where the top view
                // controller has moved p of the width (the finger drives it linearly).
                return try navigationTransition(root, nav: nav, kind: .pop, progress: p, screen: screen, window: window)
            } else if let system = scene.systemAnimation, system.kind.isNavigation, case .controller(.navigation(let nav)) = root.kind, nav.stack.count >= 2 {
                return try navigationTransition(root, nav: nav, kind: system.kind, progress: system.progress(at: scene.time), screen: screen, window: window)
            }
            return try resolve(root, in: screen, parent: window, path: "root")
        }
        // A modal sheet's flipHorizontal part way: the screen turns over (docs/motion.md, The system's
        // animations), drawn once without the presentation and once with it (the one recorded).
        var flipping = false
        if let presented = scene.presented, let system = scene.systemAnimation, system.modalTransition(in: scene) == .flipHorizontal,
           case let p = system.progress(at: scene.time, in: scene), p > 0, p < 1 {
            flipping = true
            window.accessibility.modal("presented")
            let normal = window.child(tintColor: nil, mode: scene.tintAdjustmentMode == .dimmed ? .dimmed : .normal, path: "")
            let with = try drawRoot(presented.dimsTint(on: scene.device) ? window : normal) + presentation(presented, scene: scene, window: window)
            let without = try drawRoot(normal.detached())
            items += modalFlip(appearing: system.kind.isAppearing, without: without, with: with, progress: p, screen: screen)
        } else if tintDimming > 0 && tintDimming < 1 {
            // Part way: the screen drawn with its tints dimmed and drawn with them normal, cross-faded
            // ((1 − d)·normal + d·dimmed) as UIKit's tint colors animate inside the presentation's block.
            // The normal drawing is the one recorded (ids, audit, accessibility).
            let normal = window.child(tintColor: nil, mode: scene.tintAdjustmentMode == .dimmed ? .dimmed : .normal, path: "")
            let dimmed = try drawRoot(window.detached())
            items.append(.group(Group(items: [.group(Group(items: dimmed, alpha: tintDimming)),
                                              .group(Group(items: try drawRoot(normal), alpha: 1 - tintDimming, blendMode: .plusLighter))])))
        } else {
            items += try drawRoot(window)
        }
        if let presented = scene.presented, !flipping {
            // A presentation is modal to VoiceOver: what it covers is not read.
            window.accessibility.modal("presented")
            if let system = scene.systemAnimation, system.kind.isPresentation {
                // The dimming layer is the presentation's first item when it dims.
                var all = try presentation(presented, scene: scene, window: window)
                let dims = presented.dimsWindow(on: scene.device) && !all.isEmpty
                let dimming = dims ? [all.removeFirst()] : []
                let p = system.progress(at: scene.time, in: scene)
                switch system.kind {
                case .alertAppearing: items += alertAppearing(all, dimming: dimming, progress: p, screen: screen)
                case .alertDismissing: items += alertDismissing(all, dimming: dimming, progress: p)
                default:
                    let shown = system.kind.isAppearing ? p : 1 - p
                    if case .actionSheet = presented, scene.device.isPad {
                        // On an iPad the action sheet is a popover, which fades in and out where it stands.
                        if shown > 0 { items.append(.group(Group(items: all, alpha: shown))) }
                    } else if system.modalTransition(in: scene) == .crossDissolve {
                        // A cross dissolve: the sheet and its dimming fade in (out) where they stand.
                        if shown > 0 {
                            if !dimming.isEmpty { items.append(.group(Group(items: dimming, alpha: shown))) }
                            items.append(.group(Group(items: all, alpha: shown)))
                        }
                    } else {
                        items += presentationSliding(all, dimming: dimming, shown: shown, screen: screen)
                    }
                }
            } else {
                items += try presentation(presented, scene: scene, window: window)
            }
        }
        if let viewer = scene.largeContentViewer {
            items += try LargeContentViewerComponent(context: context).items(viewer, window: window, screen: Rect(origin: .zero, size: size))
        }
        if scene.canvas == nil && scene.drawsSystemOverlays { items += StatusBarComponent.items(statusBar, scene: scene, env: window, text: text) }
        items += try TouchMarks.items(scene.touches, anchors: window.anchors)
        var list = DisplayList(size: size, scale: scene.effectiveScale, items: items, notes: window.notes.all,
                               views: window.views.all, safeArea: window.safeRect, warnings: window.warnings.all)
        list.touch = window.views.touchRecords
        list.accessibility = window.accessibility.ordered(screen: screen, direction: scene.layoutDirection)
        return list
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
            throw RenderError(path: "root", message: "\"canvas\": \"fit\" takes the root view's own size, and this \(root.kind.name) has none "
                                  + "(\(format(m.size.width))×\(format(m.size.height)) points); give the root a \"frame\" or a layout \"width\" and \"height\", "
                                  + "or use {\"size\": [width, height]}", position: scene.source.viewPositions["root"])
        }
        var sized = scene
        sized.root.frame = Rect(origin: .zero, size: m.size.ceiled(scale: scene.effectiveScale))
        if let problem = sized.pixelLimitProblem { throw RenderError(path: "canvas", message: problem, position: scene.source.viewPositions["root"]) }
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
        var view = view
        let animated = !motion.animations(of: view).isEmpty
        if animated { motion.apply(to: &view) }
        guard !view.isHidden, view.alpha > 0 else { return [] }
        var env = parent.child(tintColor: view.tintColor, mode: view.tintAdjustmentMode, path: path).child(for: view)
        let component = view.kind.component
        let transformed = !view.transform.isIdentity || (view.transform3D.map { $0 != .identity } ?? false)
        if transformed { env.isTransformed = true }
        var frame = try place(view, component, in: container, parent: parent, env: env)
        if animated { frame = motion.frame(of: view, placed: frame, container: container) }
        // The transform turns about the anchor point; what is recorded is where the view shows on
        // the screen (UIKit's frame of a transformed view: the box around its corners).
        var local = view.transform(at: frame)
        // A 3D transform: affine when it has no perspective left (0° or 180° of a flip), else a projection.
        var projection: Homography?
        if view.transform3D != nil {
            let h = view.projectiveTransform(at: frame)
            if let a = h.affine { local = a } else { projection = h }
        }
        if transformed {
            env.screenTransform = local.concatenating(parent.screenTransform)
            if projection != nil || parent.screenHomography != nil {
                env.screenHomography = (projection ?? Homography(local)).concatenating(parent.screenHomography ?? Homography(parent.screenTransform))
            }
        }
        // CALayer's isDoubleSided: a layer whose back faces the viewer is not drawn, nor is what it holds.
        if !view.isDoubleSided {
            let screen = env.screenHomography ?? Homography(env.screenTransform)
            if screen.showsBack(at: Point(x: frame.midX, y: frame.midY)) { return [] }
        }
        let shown = env.screenHomography.map { $0.apply(to: frame) ?? frame } ?? (env.isTransformed ? env.screenTransform.apply(to: frame) : frame)
        env.marginsRect = margins(of: view, frame: frame, parent: parent)
        env.anchors.record(view.id, Anchors.Entry(frame: shown))
        let outline = RoundedRect.path(frame, radius: view.cornerRadius, curve: view.cornerCurve, corners: view.maskedCorners)

        if view.kind.scrolls { env.inScrollView = true }
        env.views.add(ViewRecord(path: path, kind: view.kind.name, id: view.id, frame: shown, clip: parent.clipRect,
                                 isInteractive: view.kind.isInteractive, scrolls: env.inScrollView, hasSystemSize: view.kind.hasSystemSize,
                                 projected: projection != nil))
        if env.recordAccessibility(of: view, path: path, frame: shown) { env.accessibilityHidden = true }
        var items: [DisplayItem] = []
        if let bg = view.backgroundColor {
            items.append(.fill(path: outline, paint: .color(env.resolve(bg)), rule: .nonZero))
        }
        // A text a component draws for its view (a button's title, a cell's text) names the view.
        items += Self.attributed(try component.draw(view, frame: frame, env: env, context: context), to: path)
        if view.clipsToBounds { env.clipRect = env.clipRect.map { $0.intersection(shown) ?? Rect(x: shown.minX, y: shown.minY, width: 0, height: 0) } ?? shown }
        let (bounds, scrollFrame) = component.subviewBounds(frame: frame, env: env)
        env.scrollFrame = scrollFrame
        // Constraints below this view, not yet solved with an ancestor's: one solve for the hierarchy.
        if let first = view.subviews.indices.first, env.solved[path + ".subviews[\(first)]"] == nil, ConstraintLayout.needed(view) {
            let solved = try ConstraintLayout(resolver: self).solve(view, path: path, frame: frame, bounds: bounds, env: env)
            env.solved.merge(solved) { $1 }
        }
        if case .scrollView(let scroll) = view.kind {
            // Where the content stands and the offsets it rests between, for the preview's wheel and drags;
            // the content's size is the scroll view's, or the one its subviews' constraints give it.
            let inset = ScrollViewComponent.adjustedInset(scroll, frame: frame, env: env)
            let size = scroll.contentSize ?? env.solved[path + ConstraintLayout.contentKey]?.frame.size
            let upper = size.map { Point(x: $0.width + inset.right - frame.width, y: $0.height + inset.bottom - frame.height) }
            env.views.addScroll(ScrollRecord(path: path, offset: Point(x: frame.minX - bounds.minX, y: frame.minY - bounds.minY),
                                             minOffset: Point(x: -inset.left, y: -inset.top), maxOffset: upper))
        }
        // The subviews, with one of them hidden (a transition's state).
        func subviewItems(hiding hidden: String?, env: Environment) throws(RenderError) -> [DisplayItem] {
            var out: [DisplayItem] = []
            for (i, var sub) in view.subviews.enumerated() {
                if let hidden, sub.id == hidden { sub.isHidden = true }
                out += try resolve(sub, in: bounds, parent: env, path: path + ".subviews[\(i)]")
            }
            return out
        }
        let base = items
        // The view's own drawing around its subviews: background and content, the subviews (clipped), the border.
        func layer(_ children: [DisplayItem], clipped clips: Bool = view.clipsToBounds) -> [DisplayItem] {
            var items = base
            if clips {
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
            return items
        }
        if let (transition, p) = motion.transition(of: view, at: motion.time) {
            if p <= 0 {
                items = layer(try subviewItems(hiding: transition.to, env: env))
            } else if p >= 1 {
                items = layer(try subviewItems(hiding: transition.from, env: env))
            } else {
                // The state before is drawn but not recorded: ids and the audit see the state after (the model).
                var before = env
                before.anchors = Anchors(); before.views = ViewRecords(); before.notes = LayoutNotes(); before.warnings = LayoutWarnings()
                // A layer that masks to its bounds clips the two states together, where they slide (a flip turns the bounds too).
                let clipsAll = view.clipsToBounds && !transition.kind.isFlip
                let old = layer(try subviewItems(hiding: transition.to, env: before), clipped: view.clipsToBounds && !clipsAll)
                let new = layer(try subviewItems(hiding: transition.from, env: env), clipped: view.clipsToBounds && !clipsAll)
                items = transitionItems(transition, progress: p, old: old, new: new, frame: frame)
                if clipsAll { items = [.group(Group(items: items, clip: outline))] }
            }
        } else {
            items = layer(try subviewItems(hiding: nil, env: env))
        }
        // Like masksToBounds, clipsToBounds clips away the shadow, which lies outside the bounds.
        let shadow = view.shadow.flatMap { s -> ResolvedShadow? in
            guard s.opacity > 0, !view.clipsToBounds else { return nil }
            let c = env.resolve(s.color)
            return ResolvedShadow(color: c.withAlpha(c.alpha * s.opacity), offset: s.offset, radius: s.radius)
        }
        if view.alpha < 1 || view.blendMode != .normal || shadow != nil || transformed {
            return items.isEmpty ? [] : [.group(Group(items: items, alpha: view.alpha, blendMode: view.blendMode, shadow: shadow,
                                                      transform: transformed && projection == nil ? local : nil, projection: projection))]
        }
        return items
    }

    /// The items with every text that names no view of the scene named `path`.
    static func attributed(_ items: [DisplayItem], to path: String) -> [DisplayItem] {
        guard items.contains(where: { if case .text(let t) = $0 { t.source.isEmpty } else if case .group = $0 { true } else { false } }) else { return items }
        return items.map { item in
            switch item {
            case .text(var t) where t.source.isEmpty:
                t.source = path
                return .text(t)
            case .group(var g):
                g.items = attributed(g.items, to: path)
                return .group(g)
            default: return item
            }
        }
    }

    /// Where `view` goes in a superview whose bounds are `container`: its constraints' frame, its frame, its layout pins
    /// (a view whose component sizes itself, pinned by one edge on an axis, takes its own size
    /// there), or the whole container.
    func place(_ view: View, _ component: any ViewComponent, in container: Rect, parent: Environment, env: Environment) throws(RenderError) -> Rect {
        // Placed by its constraints, solved with its hierarchy; its origin rounded to device pixels.
        if !view.constraints.isEmpty, let solved = parent.solved[env.path] {
            return solved.frame(in: container, scale: parent.scale)
        }
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
        // Auto Layout rounds what it places to device pixels, unless the view is transformed.
        let placed = pins.frame(in: g, direction: parent.layoutDirection)
        return env.isTransformed ? placed : placed.originSnapped(parent.scale)
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
