import Synchronization
import TintypeModel

// A navigation controller pushing or popping (docs/motion.md, The system's animations): both ends are
// drawn with their bars kept apart (BarSplit), the screens move under one bar whose height goes from
// the one end's to the other's, and the bar's titles move while the rest of its contents cross-fade.

/// The root navigation controller's bar, kept apart from its content while a push or pop draws one
/// of its ends: what the bar would have drawn, its background and its contents separately.
final class BarSplit: Sendable {
    struct Bar: @unchecked Sendable {
        var background: [DisplayItem]
        var contents: [DisplayItem]
        /// The bar's background, status bar included, in absolute points.
        var frame: Rect
        var metrics: NavigationBarComponent.Metrics
        /// The environment the bar was drawn in (its tint, traits, path).
        var env: Environment
    }

    /// The navigation controller's toolbar: its background and its items.
    struct Toolbar: @unchecked Sendable {
        var background: [DisplayItem]
        var items: [DisplayItem]
    }

    private let kept = Mutex<Bar?>(nil)
    private let keptToolbar = Mutex<Toolbar?>(nil)
    func keep(_ bar: Bar) { kept.withLock { $0 = bar } }
    func keepToolbar(_ toolbar: Toolbar) { keptToolbar.withLock { $0 = toolbar } }
    var bar: Bar? { kept.withLock { $0 } }
    var toolbar: Toolbar? { keptToolbar.withLock { $0 } }
}

extension Resolver {
    /// The root navigation controller pushing or popping its top view controller, at `p` (0…1 of
    /// the motion): the top view controller's content slides in from the right edge (out to it, for
    /// a pop) with a shadow along its left edge, the one under it moves left by a share of the width
    /// under a darkening; the bar's height goes from the one's to the other's, its titles move (a
    /// large title into the back button) and the rest of its contents cross-fade.
    func navigationTransition(_ root: View, nav: NavigationController, kind: SystemAnimation.Kind, progress p: Double,
                              screen: Rect, window: Environment) throws(RenderError) -> [DisplayItem] {
        var under = root
        var lower = nav
        lower.stack.removeLast()
        under.kind = .controller(.navigation(lower))
        // s: how much of the screen the top view controller covers.
        let s = kind == .push ? p : 1 - p
        let w = screen.width
        let underSplit = BarSplit(), overSplit = BarSplit()
        var underEnv = window, overEnv = window
        underEnv.barSplit = underSplit
        overEnv.barSplit = overSplit
        var underItems = try resolve(under, in: screen, parent: underEnv, path: "root")
        var overItems = try resolve(root, in: screen, parent: overEnv, path: "root")
        let underBar = underSplit.bar, overBar = overSplit.bar
        // The toolbar is the navigation controller's, one for both screens: it stays where it is and
        // its items cross-fade (as setToolbarItems(_:animated:) does). Shown at one end only, it
        // moves with that end's screen.
        let toolbars = (underSplit.toolbar, overSplit.toolbar)
        var fixedToolbar: [DisplayItem] = []
        switch toolbars {
        case (let u?, let o?):
            fixedToolbar = (s < 0.5 ? u : o).background
            if s < 1 { fixedToolbar.append(.group(Group(items: u.items, alpha: 1 - s))) }
            if s > 0 { fixedToolbar.append(.group(Group(items: o.items, alpha: s))) }
        case (let u?, nil): underItems += u.background + u.items
        case (nil, let o?): overItems += o.background + o.items
        case (nil, nil): break
        }

        func moved(_ items: [DisplayItem], by dx: Double) -> Group {
            Group(items: items, clip: .rect(Rect(x: screen.x - dx, y: screen.y, width: screen.width, height: screen.height)),
                  transform: Transform2D(translationX: dx, y: 0))
        }
        // Right to left the screens come from and go to the left edge: every motion is mirrored.
        let sign: Double = window.layoutDirection == .rightToLeft ? -1 : 1
        var out: [DisplayItem] = []
        // The screens move under the bar (a translucent one blurs them), each with its toolbar.
        out.append(.group(moved(underItems, by: -sign * w * SystemAnimation.parallax * s)))
        if s > 0 {
            out.append(.fill(path: .rect(screen), paint: .color(Color(white: 0, alpha: SystemAnimation.coveredDimming * s)), rule: .nonZero))
            // The covering view controller casts a soft shadow beside its leading edge.
            let dx = w * (1 - s)
            let edgeX = sign > 0 ? screen.minX + dx : screen.maxX - dx
            let edge = Rect(x: sign > 0 ? edgeX - 10 : edgeX, y: screen.y, width: 10, height: screen.height)
            let dark = Point(x: edgeX, y: 0), clear = Point(x: edgeX - sign * 10, y: 0)
            out.append(.fill(path: .rect(edge), paint: .linear(start: clear, end: dark, stops: [
                ResolvedStop(location: 0, color: Color(white: 0, alpha: 0)), ResolvedStop(location: 1, color: Color(white: 0, alpha: 0.12 * min(1, s * 4))),
            ]), rule: .nonZero))
            out.append(.group(moved(overItems, by: sign * dx)))
        }
        out += fixedToolbar
        guard let ends = underBar ?? overBar else { return out }
        let from = underBar ?? ends, to = overBar ?? ends
        out += try barInMotion(from: from, to: to, nav: nav, lower: lower, covered: s, screen: screen, sign: sign)
        return out
    }

    /// The bar part way between `from` (the lower view controller's) and `to` (the top one's), `s` of
    /// the way: one background whose bottom moves from the one's to the other's, the contents
    /// cross-faded, the titles moving (docs/motion.md).
    private func barInMotion(from: BarSplit.Bar, to: BarSplit.Bar, nav: NavigationController, lower: NavigationController,
                             covered s: Double, screen: Rect, sign: Double) throws(RenderError) -> [DisplayItem] {
        let w = screen.width
        let bottom = from.frame.maxY + (to.frame.maxY - from.frame.maxY) * s
        let background = Rect(x: from.frame.minX, y: from.frame.minY, width: from.frame.width, height: bottom - from.frame.minY)
        // The bar's own rows start below the status bar, the same at both ends.
        let barTop = to.frame.maxY - to.metrics.total
        let bar = Rect(x: background.minX, y: barTop, width: background.width, height: max(0, bottom - barTop))
        var out = try BarBackground.items(nav.navigationBar, edge: .top, bar: bar, background: background,
                                          env: s < 0.5 ? from.env : to.env, context: context)
        let clip = Path.rect(background)
        var under = from.contents, over = to.contents
        let oldTitle = lower.stack.last?.displayTitle, newTitle = nav.stack.last?.displayTitle
        let backTitles = [nav.backButtonTitle, "Back"].compactMap { $0 }
        let isLarge: (TextItem) -> Bool = { $0.font.size == NavigationBarComponent.largeTitleSize }
        let oldLarge = oldTitle.flatMap { t in Self.takeText(&under, in: from.frame) { $0.text == t && isLarge($0) } }
        let oldInline = oldLarge != nil ? nil : oldTitle.flatMap { t in Self.takeText(&under, in: from.frame) { $0.text == t && $0.font.weight != .regular } }
        let newLarge = newTitle.flatMap { t in Self.takeText(&over, in: to.frame) { $0.text == t && isLarge($0) } }
        let newInline = newTitle.flatMap { t in Self.takeText(&over, in: to.frame) { $0.text == t && $0.font.weight != .regular && !isLarge($0) } }
        let backText = Self.takeText(&over, in: to.frame) {
            backTitles.contains($0.text) && $0.font.weight == .regular && (sign > 0 ? $0.frame.midX < to.frame.midX : $0.frame.midX > to.frame.midX)
        }
        if s < 1 { out.append(.group(Group(items: under, alpha: 1 - s, clip: clip))) }
        if s > 0 { out.append(.group(Group(items: over, alpha: s, clip: clip))) }

        func place(_ t: TextItem, alpha: Double, transform: Transform2D? = nil, x: Double? = nil) {
            guard alpha > 0 else { return }
            var m = t
            if let x { m.frame.origin.x = x }
            out.append(.group(Group(items: [.text(m)], alpha: alpha, clip: clip, transform: transform)))
        }
        // Where a text's first glyph starts on its line (its leading edge) and its line's middle.
        func anchor(_ t: TextItem) -> Point {
            let leading = sign > 0 ? t.frame.minX : (t.alignment == .right ? t.frame.maxX : t.frame.maxX - 1)
            return Point(x: leading, y: t.frame.midY)
        }
        // `t` scaled by k about its anchor, which moves to `at`.
        func scaled(_ t: TextItem, by k: Double, to at: Point) -> Transform2D {
            let a = anchor(t)
            return Transform2D(a: k, b: 0, c: 0, d: k, tx: at.x - k * a.x, ty: at.y - k * a.y)
        }
        func mix(_ a: Point, _ b: Point) -> Point { Point(x: a.x + (b.x - a.x) * s, y: a.y + (b.y - a.y) * s) }

        if let large = oldLarge {
            // The large title shrinks into the back button: it moves and scales to the back title's
            // place and size as it fades out, and the back title comes from it, as large, fading in.
            let start = anchor(large)
            let row = bar.minY + to.metrics.prompt + to.metrics.row / 2
            let end = backText.map(anchor) ?? Point(x: start.x - sign * w * SystemAnimation.titleTravel, y: row)
            let ratio = (backText?.font.size ?? 17) / large.font.size
            place(large, alpha: 1 - s, transform: scaled(large, by: 1 + (ratio - 1) * s, to: mix(start, end)))
            if let back = backText { place(back, alpha: s, transform: scaled(back, by: 1 / ratio + (1 - 1 / ratio) * s, to: mix(start, end))) }
        } else {
            if let old = oldInline {
                let to = backText?.frame.minX ?? old.frame.minX - sign * w * SystemAnimation.titleTravel
                place(old, alpha: 1 - s, x: old.frame.minX + (to - old.frame.minX) * s)
            }
            if let back = backText {
                let from = oldInline?.frame.minX ?? back.frame.minX + sign * w * SystemAnimation.titleTravel
                place(back, alpha: s, x: from + (back.frame.minX - from) * s)
            }
        }
        // The new inline title comes in from half a screen toward the trailing side; a new large title
        // comes with its screen's content.
        if let new = newInline { place(new, alpha: s, x: new.frame.minX + sign * w * SystemAnimation.titleTravel * (1 - s)) }
        if let new = newLarge { place(new, alpha: s, x: new.frame.minX + sign * w * (1 - s)) }
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
}
