import TintypeModel

/// Lays out view controller containers the way UIKit does: bars at the edges (their backgrounds
/// reaching behind the status bar and the home indicator), content under translucent bars and
/// between opaque ones, and safe areas flowing from the device and the bars into the content.
struct ControllerComponent: ViewComponent {
    let controller: Controller

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        try ContainerLayout(context: context).items(controller, frame: frame, env: env)
    }
}

/// The containers' layout over a context: what `ControllerComponent` draws, and what a popover
/// draws inside its frame.
struct ContainerLayout {
    let context: LayoutContext

    /// Bars a parent container places around a child (a tab bar under a navigation controller).
    struct Surroundings {
        /// Where the bottom bar starts, and whether content may extend under it.
        var bottomBar: (top: Double, translucent: Bool)?
    }

    func items(_ controller: Controller, frame: Rect, env: Environment, around: Surroundings = Surroundings()) throws(RenderError) -> [DisplayItem] {
        switch controller {
        case .content(let vc):
            return try content(vc, frame: frame, env: env, topBar: nil, bottomBar: around.bottomBar, path: env.path)
        case .navigation(let nav):
            return try navigation(nav, frame: frame, env: env, around: around)
        case .tabBar(let tabs):
            return try tabBar(tabs, frame: frame, env: env)
        case .split(let split):
            return try self.split(split, frame: frame, env: env, around: around)
        }
    }

    /// The columns side by side (or the primary over the secondary), split by a hairline; a single
    /// collapsed stack in a compact width.
    func split(_ split: SplitViewController, frame: Rect, env: Environment, around: Surroundings) throws(RenderError) -> [DisplayItem] {
        guard env.traits.isRegularWidth else {
            return try items(split.collapsed, frame: frame, env: env, around: around)
        }
        var mode = split.preferredDisplayMode
        if mode == .automatic { mode = env.traits.screenSize.width > env.traits.screenSize.height ? .allVisible : .primaryHidden }
        let primaryWidth = min(split.primaryColumnWidth, frame.width / 2)
        let hair = 1 / env.scale
        var primaryEnv = env, secondaryEnv = env
        primaryEnv.path = env.path + ".primary"
        secondaryEnv.path = env.path + ".secondary"
        let rtl = env.layoutDirection == .rightToLeft
        let primaryFrame = Rect(x: rtl ? frame.maxX - primaryWidth : frame.minX, y: frame.minY, width: primaryWidth, height: frame.height)
        var secondaryFrame = frame
        if mode == .allVisible {
            let x = rtl ? frame.minX : primaryFrame.maxX + hair
            secondaryFrame = Rect(x: x, y: frame.minY, width: frame.width - primaryWidth - hair, height: frame.height)
        }
        var out = try items(split.secondary, frame: secondaryFrame, env: secondaryEnv, around: around)
        guard mode != .primaryHidden else { return out }
        out += try items(split.primary, frame: primaryFrame, env: primaryEnv, around: around)
        let line = Rect(x: rtl ? primaryFrame.minX - hair : primaryFrame.maxX, y: frame.minY, width: hair, height: frame.height)
        out.append(.fill(path: .rect(line), paint: .color(Self.divider), rule: .nonZero))
        return out
    }

    /// The split view's divider: the bars' hairline gray, measured ≈ (167,167,171) over white.
    static let divider = Color(rgb8: 0xA7, 0xA7, 0xAB)

    /// A content controller's view: extended under translucent bars (or opaque ones when asked),
    /// with its safe area between the bars, plus its additional safe area insets.
    func content(_ vc: ViewController, frame: Rect, env: Environment, topBar: (bottom: Double, translucent: Bool)?,
                 bottomBar: (top: Double, translucent: Bool)?, path: String, scroll: ScrollPosition? = nil) throws(RenderError) -> [DisplayItem] {
        var f = frame
        if let topBar, !Self.extendsUnderTopBar(vc, translucent: topBar.translucent) {
            f = Rect(x: f.minX, y: topBar.bottom, width: f.width, height: max(0, f.maxY - topBar.bottom))
        }
        if let bottomBar, !(vc.edgesForExtendedLayout.contains(.bottom) && (bottomBar.translucent || vc.extendedLayoutIncludesOpaqueBars)) {
            f = Rect(x: f.minX, y: f.minY, width: f.width, height: max(0, bottomBar.top - f.minY))
        }
        var inner = env
        var safe = env.safeRect
        if let topBar { safe = Rect(x: safe.minX, y: max(safe.minY, topBar.bottom), width: safe.width, height: max(0, safe.maxY - max(safe.minY, topBar.bottom))) }
        if let bottomBar { safe = Rect(x: safe.minX, y: safe.minY, width: safe.width, height: max(0, min(safe.maxY, bottomBar.top) - safe.minY)) }
        inner.safeRect = safe.inset(by: vc.additionalSafeAreaInsets)
        var view = vc.view
        view.frame = nil
        if !view.insetsLayoutMarginsFromSafeArea, view.layoutMargins == nil {
            // Its margins are the system's, from its bounds: neither the bars nor the additional
            // safe area insets move them.
            let side = env.traits.layoutMargin
            view.layoutMargins = LayoutMargins(top: 0, leading: side, bottom: 0, trailing: side)
        }
        if vc.viewRespectsSystemMinimumLayoutMargins, var m = view.layoutMargins {
            let minimum = env.traits.layoutMargin
            m.leading = max(m.leading, minimum); m.trailing = max(m.trailing, minimum)
            view.layoutMargins = m
        }
        if let scroll { view.kind = scroll.applied(to: view.kind, frame: f, env: inner) }
        return try context.layout(view, in: f, parent: inner, path: path + ".view")
    }

    /// Whether a controller's view reaches under its top bar (UIKit's edgesForExtendedLayout).
    static func extendsUnderTopBar(_ vc: ViewController, translucent: Bool) -> Bool {
        vc.edgesForExtendedLayout.contains(.top) && (translucent || vc.extendedLayoutIncludesOpaqueBars)
    }

    /// Where a navigation controller puts its top controller's scroll view when the bar adapts to
    /// the scrolling: the content's (0, 0) lands at `contentTop`, in absolute points, and a pulled
    /// refresh control is drawn by the bar (hoisted) rather than by the table.
    struct ScrollPosition {
        var contentTop: Double
        var hoistsRefresh: Bool

        func applied(to kind: ViewKind, frame: Rect, env: Environment) -> ViewKind {
            switch kind {
            case .tableView(var t):
                t.scroll.contentOffset = Point(x: t.scroll.contentOffset?.x ?? -t.scroll.contentInset.left, y: frame.minY - contentTop)
                // A finger's pan is in the offset already (`navigation`).
                t.scroll.pan.y = 0
                t.scroll.offsetChanges = []
                t.scroll.offsetSettled = true
                if hoistsRefresh { t.refreshControl?.isPulled = false }
                return .tableView(t)
            case .scrollView(var s):
                let x = s.contentOffset?.x ?? -ScrollViewComponent.adjustedInset(s, frame: frame, env: env).left
                s.contentOffset = Point(x: x, y: frame.minY - contentTop)
                s.pan.y = 0
                s.offsetChanges = []
                s.offsetSettled = true
                return .scrollView(s)
            default:
                return kind
            }
        }
    }

    /// The scroll view a navigation bar follows: the top controller's view, when it is a table or
    /// a scroll view (with the table's refresh control).
    static func observedScroll(_ view: View) -> (scroll: ScrollView, refresh: RefreshControl?)? {
        switch view.kind {
        case .tableView(let t): (t.scroll, t.refreshControl)
        case .scrollView(let s): (s, nil)
        default: nil
        }
    }

    func navigation(_ nav: NavigationController, frame: Rect, env splitEnv: Environment, around: Surroundings) throws(RenderError) -> [DisplayItem] {
        guard let top = nav.stack.last else { return [] }
        // A push or pop keeps this (root) controller's bar apart from its content; controllers inside draw theirs.
        let split = splitEnv.barSplit
        var env = splitEnv
        env.barSplit = nil
        let topPath = env.path + ".stack[\(nav.stack.count - 1)]"
        let bars = NavigationBarComponent(context: context)
        let open = NavigationBarComponent.Metrics(nav: nav, compact: env.traits.isCompactHeight, era: env.traits.era)
        let safeTop = max(0, env.safeRect.minY - frame.minY)
        let topTranslucent = try isTranslucent(nav.navigationBar, edge: .top, attached: safeTop > 0, env: env)

        // iOS 11's large title and search bar follow the top controller's scroll view: how far it
        // has scrolled from the fully open bar decides the bar's height, and the content follows.
        var metrics = open
        var scroll: ScrollPosition?
        var hoisted: NavigationBarComponent.HoistedRefresh?
        if !nav.isNavigationBarHidden, open.adapts, let observed = Self.observedScroll(context.animated(top.view)) {
            let openBottom = frame.minY + safeTop + open.total
            let frameTop = Self.extendsUnderTopBar(top, translucent: topTranslucent) ? frame.minY : openBottom
            let automatic = observed.scroll.contentInsetAdjustmentBehavior == .automatic
            let openOffset = -(observed.scroll.contentInset.top + (automatic ? max(0, openBottom - frameTop) : 0))
            let pulled = observed.refresh?.isPulled == true
            // The offset given (or the resting one), moved by animations of it at the scene's time.
            let resting = openOffset + (pulled ? -TableLayout.Metrics.refreshHeight : open.restingScroll)
            var scrolled = observed.scroll.offset(resting: Point(x: 0, y: resting)).y - openOffset
            // A finger on the scroll view moves it from there; past the fully open bar, by the rubber band.
            var vertical = observed.scroll
            vertical.pan.x = 0
            scrolled = vertical.panned(Point(x: 0, y: openOffset + scrolled), lower: Point(x: 0, y: openOffset), upper: nil, size: frame.size).y - openOffset
            metrics = open.scrolled(by: scrolled)
            let hoists = pulled && open.fullLargeTitle > 0
            scroll = ScrollPosition(contentTop: frameTop - openOffset - scrolled, hoistsRefresh: hoists)
            if hoists, let rc = observed.refresh {
                let color = env.adjustedTint(rc.tintColor) ?? TableDrawing.refreshTint
                hoisted = NavigationBarComponent.HoistedRefresh(color: color, title: rc.title)
            }
        }
        let bar = Rect(x: frame.minX, y: frame.minY + safeTop, width: frame.width, height: metrics.total)
        let background = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: safeTop + metrics.total)

        // The toolbar sits above the home indicator (and above a tab bar around us).
        var bottomBar = around.bottomBar
        var toolbar: (bar: Rect, background: Rect)?
        if !nav.isToolbarHidden {
            let limit = around.bottomBar?.top ?? frame.maxY
            let safeBottom = around.bottomBar == nil ? max(0, limit - env.safeRect.maxY) : 0
            let h: Double = env.traits.isCompactHeight ? 32 : 44
            let t = Rect(x: frame.minX, y: limit - safeBottom - h, width: frame.width, height: h)
            toolbar = (t, Rect(x: t.minX, y: t.minY, width: t.width, height: limit - t.minY))
            bottomBar = (t.minY, try isTranslucent(nav.toolbar, edge: .bottom, attached: false, env: env) && (around.bottomBar?.translucent ?? true))
        }

        var out = try content(top, frame: frame, env: env, topBar: nav.isNavigationBarHidden ? nil : (bar.maxY, topTranslucent),
                              bottomBar: bottomBar, path: topPath, scroll: scroll)
        var barEnv = env
        barEnv.path = env.path
        if !nav.isNavigationBarHidden {
            env.views.addBar(BarRecord(frame: background))
            let parts = try bars.parts(nav, metrics: metrics, refresh: hoisted, bar: bar, background: background, env: barEnv)
            if let split {
                split.keep(BarSplit.Bar(background: parts.background, contents: parts.contents, frame: background, metrics: metrics, env: barEnv))
            } else {
                out += parts.background + parts.contents
            }
        }
        if let toolbar {
            env.views.addBar(BarRecord(frame: toolbar.background))
            var toolEnv = env
            toolEnv.path = env.path + ".toolbar"
            let all = try ToolbarComponent.items(nav.toolbar, items: top.toolbarItems, bar: toolbar.bar, background: toolbar.background,
                                                 backgroundEnv: toolEnv, env: env, itemsPath: topPath + ".toolbarItems", context: context)
            if let split {
                // The toolbar's background comes first in what it draws.
                let background = try BarBackground.items(nav.toolbar, edge: .bottom, bar: toolbar.bar, background: toolbar.background, env: toolEnv, context: context)
                split.keepToolbar(BarSplit.Toolbar(background: Array(all.prefix(background.count)), items: Array(all.dropFirst(background.count))))
            } else {
                out += all
            }
        }
        return out
    }

    func tabBar(_ tabs: TabBarController, frame: Rect, env: Environment) throws(RenderError) -> [DisplayItem] {
        let safeBottom = max(0, frame.maxY - env.safeRect.maxY)
        let h = TabBarComponent.height(env.traits)
        let bar = Rect(x: frame.minX, y: frame.maxY - safeBottom - h, width: frame.width, height: h)
        let background = Rect(x: bar.minX, y: bar.minY, width: bar.width, height: h + safeBottom)
        let translucent = try isTranslucent(tabs.tabBar, edge: .bottom, attached: false, env: env)
        var out: [DisplayItem] = []
        let shown = tabs.showsTabBar
        if let tab = tabs.selectedTab {
            var child = env
            child.path = env.path + ".tabs[\(tabs.selectedIndex)].root"
            out += try items(tab.root, frame: frame, env: child, around: Surroundings(bottomBar: shown ? (bar.minY, translucent) : nil))
        }
        guard shown else { return out }
        var barEnv = env
        barEnv.path = env.path + ".tabBar"
        env.views.addBar(BarRecord(frame: background))
        out += try TabBarComponent(context: context).items(tabs, bar: bar, background: background, env: barEnv)
        return out
    }

    /// Whether a bar at this position is translucent, from its appearance and background image.
    private func isTranslucent(_ a: BarAppearance, edge: BarBackground.Edge, attached: Bool, env: Environment) throws(RenderError) -> Bool {
        let source = BarBackground.backgroundImage(a, edge: edge, attached: attached)?.image
        return try BarBackground.isTranslucent(a, image: source, env: env, context: context, path: env.path + ".backgroundImage")
    }
}
