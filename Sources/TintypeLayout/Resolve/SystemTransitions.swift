import TintypeModel

// UIKit's own animations at a moment (docs/motion.md, The system's animations). Each is drawn from
// the still renders of its two ends, moved, clipped and faded: what the display list can say
// without a component knowing it is in motion.

extension Resolver {
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
