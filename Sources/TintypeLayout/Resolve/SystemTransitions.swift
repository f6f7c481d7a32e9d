import TintypeModel

// UIKit's own animations at a moment (docs/motion.md, The system's animations). Each is drawn from
// the still renders of its two ends, moved, clipped and faded: what the display list can say
// without a component knowing it is in motion.

extension Resolver {
    /// The root navigation controller pushing or popping its top view controller, at `p` (0…1 of
    /// the motion): the top view controller's content slides in from the right edge (out to it, for
    /// a pop) with a shadow along its left edge, the one under it moves left by a share of the width
    /// under a darkening, and the bar's contents cross-fade.
    func navigationTransition(_ root: View, nav: NavigationController, kind: SystemAnimation.Kind, progress p: Double,
                              screen: Rect, window: Environment) throws(RenderError) -> [DisplayItem] {
        var under = root
        var lower = nav
        lower.stack.removeLast()
        under.kind = .controller(.navigation(lower))
        // s: how much of the screen the top view controller covers.
        let s = kind == .push ? p : 1 - p
        let w = screen.width
        let underItems = try resolve(under, in: screen, parent: window, path: "root")
        let overItems = try resolve(root, in: screen, parent: window, path: "root")
        let compact = window.traits.isCompactHeight
        let barBottom: Double
        if nav.isNavigationBarHidden && lower.isNavigationBarHidden {
            barBottom = 0
        } else {
            let top = window.traits.statusBarHidden ? 0 : window.traits.statusBarHeight
            let bars = [nav, lower].filter { !$0.isNavigationBarHidden }
                .map { NavigationBarComponent.Metrics(nav: $0, compact: compact, era: window.traits.era).total }
            barBottom = min(screen.maxY, screen.minY + top + (bars.max() ?? 0))
        }
        let content = Rect(x: screen.minX, y: barBottom, width: screen.width, height: max(0, screen.maxY - barBottom))
        let bar = Rect(x: screen.minX, y: screen.minY, width: screen.width, height: barBottom - screen.minY)
        func moved(_ items: [DisplayItem], by dx: Double) -> Group {
            Group(items: items, clip: .rect(Rect(x: content.x - dx, y: content.y, width: content.width, height: content.height)),
                  transform: Transform2D(translationX: dx, y: 0))
        }
        // Right to left the screens come from and go to the left edge: every motion is mirrored.
        let sign: Double = window.layoutDirection == .rightToLeft ? -1 : 1
        var out: [DisplayItem] = []
        out.append(.group(moved(underItems, by: -sign * w * SystemAnimation.parallax * s)))
        if s > 0 {
            out.append(.fill(path: .rect(content), paint: .color(Color(white: 0, alpha: SystemAnimation.coveredDimming * s)), rule: .nonZero))
            // The covering view controller casts a soft shadow beside its leading edge.
            let dx = w * (1 - s)
            let edgeX = sign > 0 ? content.minX + dx : content.maxX - dx
            let edge = Rect(x: sign > 0 ? edgeX - 10 : edgeX, y: content.y, width: 10, height: content.height)
            let dark = Point(x: edgeX, y: 0), clear = Point(x: edgeX - sign * 10, y: 0)
            out.append(.fill(path: .rect(edge), paint: .linear(start: clear, end: dark, stops: [
                ResolvedStop(location: 0, color: Color(white: 0, alpha: 0)), ResolvedStop(location: 1, color: Color(white: 0, alpha: 0.12 * min(1, s * 4))),
            ]), rule: .nonZero))
            out.append(.group(moved(overItems, by: sign * dx)))
        }
        if bar.height > 0 {
            // The titles move (docs/motion.md): the old title slides to the back button's place as it
            // fades, the back button's title comes from the old title's place, and the new title comes
            // in from half a screen toward the trailing side; the rest of the bars cross-fade.
            var under = underItems, over = overItems
            let oldTitle = lower.stack.last?.displayTitle, newTitle = nav.stack.last?.displayTitle
            let backTitles = [nav.backButtonTitle, "Back"].compactMap { $0 }
            let oldText = oldTitle.flatMap { t in Self.takeText(&under, in: bar) { $0.text == t && $0.font.weight != .regular } }
            let newText = newTitle.flatMap { t in Self.takeText(&over, in: bar) { $0.text == t && $0.font.weight != .regular } }
            let backText = Self.takeText(&over, in: bar) {
                backTitles.contains($0.text) && $0.font.weight == .regular && (sign > 0 ? $0.frame.midX < bar.midX : $0.frame.midX > bar.midX)
            }
            if s < 1 { out.append(.group(Group(items: under, alpha: 1 - s, clip: .rect(bar)))) }
            if s > 0 { out.append(.group(Group(items: over, alpha: s, clip: .rect(bar)))) }
            func moved(_ t: TextItem, toX x: Double, alpha: Double) {
                guard alpha > 0 else { return }
                var m = t
                m.frame.origin.x = x
                out.append(.group(Group(items: [.text(m)], alpha: alpha, clip: .rect(bar))))
            }
            if let old = oldText {
                let to = backText?.frame.minX ?? old.frame.minX - sign * w * SystemAnimation.titleTravel
                moved(old, toX: old.frame.minX + (to - old.frame.minX) * s, alpha: 1 - s)
            }
            if let back = backText {
                let from = oldText?.frame.minX ?? back.frame.minX + sign * w * SystemAnimation.titleTravel
                moved(back, toX: from + (back.frame.minX - from) * s, alpha: s)
            }
            if let new = newText { moved(new, toX: new.frame.minX + sign * w * SystemAnimation.titleTravel * (1 - s), alpha: s) }
        }
        return out
    }

    /// Takes out of `items` (opening groups that are not transformed) the first text drawn in `rect`
    /// that `match` accepts.
    static func takeText(_ items: inout [DisplayItem], in rect: Rect, where match: (TextItem) -> Bool) -> TextItem? {
        for i in items.indices {
            switch items[i] {
            case .text(let t) where t.frame.midY >= rect.minY && t.frame.midY <= rect.maxY && match(t):
                items.remove(at: i)
                return t
            case .group(var g) where g.transform == nil && g.projection == nil:
                if let t = takeText(&g.items, in: rect, where: match) {
                    items[i] = .group(g)
                    return t
                }
            default:
                continue
            }
        }
        return nil
    }

    /// An alert appearing, at `p`: the dimming fades in, and the alert fades in as it shrinks from
    /// 1.2 times its size to its own about the screen's center.
    func alertAppearing(_ items: [DisplayItem], dimming: [DisplayItem], progress p: Double, screen: Rect) -> [DisplayItem] {
        let scale = SystemAnimation.alertStartScale + (1 - SystemAnimation.alertStartScale) * p
        var out: [DisplayItem] = []
        if !dimming.isEmpty, p > 0 { out.append(.group(Group(items: dimming, alpha: p))) }
        if p > 0 {
            out.append(.group(Group(items: items, alpha: p, transform: Transform2D(scaleX: scale, y: scale).about(Point(x: screen.midX, y: screen.midY)))))
        }
        return out
    }

    /// An alert going, at `p`: it and the dimming fade out together, the alert at its own size.
    func alertDismissing(_ items: [DisplayItem], dimming: [DisplayItem], progress p: Double) -> [DisplayItem] {
        guard p < 1 else { return [] }
        var out: [DisplayItem] = []
        if !dimming.isEmpty { out.append(.group(Group(items: dimming, alpha: 1 - p))) }
        out.append(.group(Group(items: items, alpha: 1 - p)))
        return out
    }

    /// A presented sheet or action sheet `shown` of the way up (0…1): it slides up from below the
    /// screen's bottom edge to its place (or back down, as `shown` falls), with its dimming faded in step.
    func presentationSliding(_ items: [DisplayItem], dimming: [DisplayItem], shown s: Double, screen: Rect) -> [DisplayItem] {
        guard s > 0 else { return [] }
        var out: [DisplayItem] = []
        if !dimming.isEmpty { out.append(.group(Group(items: dimming, alpha: s))) }
        let dy = (screen.maxY - (Self.top(of: items) ?? screen.minY)) * (1 - s)
        out.append(.group(Group(items: items, transform: dy == 0 ? nil : Transform2D(translationX: 0, y: dy))))
        return out
    }

    /// The highest point `items` draw at (a group by its clip when it has one), transforms left aside.
    static func top(of items: [DisplayItem]) -> Double? {
        var y: Double?
        func see(_ v: Double) { y = min(y ?? v, v) }
        for item in items {
            switch item {
            case .fill(let path, _, _): see(path.bounds.minY)
            case .stroke(let path, _, _): see(path.bounds.minY)
            case .text(let t): see(t.frame.minY)
            case .image(let i): see(i.frame.minY)
            case .group(let g):
                if let c = g.clip { see(c.bounds.minY) } else if let t = top(of: g.items) { see(t) }
            case .backdrop(let b): see(b.rect.minY)
            case .homeIndicator(let r): see(r.minY)
            }
        }
        return y
    }

    /// A view's transition at `p` (0…1 of the motion) between its drawing before (`old`) and after
    /// (`new`), within its frame (docs/motion.md, Transitions).
    func transitionItems(_ t: Transition, progress p: Double, old: [DisplayItem], new: [DisplayItem], frame: Rect) -> [DisplayItem] {
        func moved(_ items: [DisplayItem], _ dx: Double, _ dy: Double) -> DisplayItem {
            .group(Group(items: items, transform: dx == 0 && dy == 0 ? nil : Transform2D(translationX: dx, y: dy)))
        }
        // Where the new state comes from: a whole width or height away on the subtype's side.
        let (dx, dy): (Double, Double) = switch t.subtype {
        case .fromRight: (frame.width, 0)
        case .fromLeft: (-frame.width, 0)
        case .fromTop: (0, -frame.height)
        case .fromBottom: (0, frame.height)
        }
        switch t.kind {
        case .fade, .crossDissolve:
            // A true cross dissolve, (1 − p)·old + p·new: the two add inside one group, which then goes over what is under it.
            return [.group(Group(items: [.group(Group(items: old, alpha: 1 - p)), .group(Group(items: new, alpha: p, blendMode: .plusLighter))]))]
        case .push:
            return [moved(old, -dx * p, -dy * p), moved(new, dx * (1 - p), dy * (1 - p))]
        case .moveIn:
            return [moved(old, 0, 0), moved(new, dx * (1 - p), dy * (1 - p))]
        case .reveal:
            return [moved(new, 0, 0), moved(old, -dx * p, -dy * p)]
        case .flipFromLeft, .flipFromRight, .flipFromTop, .flipFromBottom:
            // Half a turn about the view's center: the old state on the front for the first half,
            // the new on the back (half a turn behind) for the second.
            let sign: Double = t.kind == .flipFromLeft || t.kind == .flipFromBottom ? 1 : -1
            let aboutY = t.kind == .flipFromLeft || t.kind == .flipFromRight
            let front = p <= 0.5
            let angle = sign * 180 * (front ? p : p - 1)
            let turn = Transform3D(perspective: Transition.flipPerspective, rotateX: aboutY ? 0 : angle, rotateY: aboutY ? angle : 0)
            let h = turn.homography.about(Point(x: frame.midX, y: frame.midY))
            let items = front ? old : new
            if let a = h.affine { return [.group(Group(items: items, transform: a.isIdentity ? nil : a))] }
            return [.group(Group(items: items, projection: h))]
        }
    }
}
