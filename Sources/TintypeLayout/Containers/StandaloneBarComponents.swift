import TintypeModel

// Bars placed as views (a UINavigationBar, UIToolbar or UITabBar in a view of its own, not a
// container's): each draws what its container's bar draws, through the same code (BarBackground,
// BarItems, NavigationBarComponent, TabBarComponent), at its frame. The bar's own row is its
// height (UIKit's sizeThatFits); a taller frame is background: above a navigation bar's row, as a
// bar attached to the status bar extends upward, and below a toolbar's or tab bar's, as a bottom
// bar extends over the home indicator.

/// UINavigationBar as a view: 44 high (32 in a compact height), 30 more with a prompt. Its items
/// are a stack: the last is shown, the one below it gives the back button its title.
struct NavigationBarViewComponent: ViewComponent {
    let bar: NavigationBar

    var controller: NavigationController {
        NavigationController(stack: bar.items.map { ViewController(navigationItem: $0) }, navigationBar: bar.appearance)
    }

    func metrics(_ env: Environment) -> NavigationBarComponent.Metrics {
        NavigationBarComponent.Metrics(nav: controller, compact: env.traits.isCompactHeight, era: env.traits.era)
    }

    func measure(_ view: View, width offer: Double?, env: Environment, context: LayoutContext) throws(RenderError) -> Measured {
        Measured(size: Size(width: 0, height: metrics(env).total), hasWidth: false)
    }

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        let m = metrics(env)
        let row = frame.height > m.total ? Rect(x: frame.minX, y: frame.maxY - m.total, width: frame.width, height: m.total) : frame
        return try NavigationBarComponent(context: context).items(controller, metrics: m, bar: row, background: frame, env: env, itemsKey: "items")
    }
}

/// UIToolbar as a view: 44 high (32 in a compact height), its items spread across it.
struct ToolbarComponent: ViewComponent {
    let toolbar: Toolbar

    static func height(_ traits: Traits) -> Double { traits.isCompactHeight ? 32 : 44 }

    func measure(_ view: View, width offer: Double?, env: Environment, context: LayoutContext) throws(RenderError) -> Measured {
        Measured(size: Size(width: 0, height: Self.height(env.traits)), hasWidth: false)
    }

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        let bar = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: min(frame.height, Self.height(env.traits)))
        return try Self.items(toolbar.appearance, items: toolbar.items, bar: bar, background: frame, backgroundEnv: env, env: env,
                              itemsPath: env.path + ".items", context: context)
    }

    /// A toolbar's background (by `backgroundEnv`, whose path names its images) and its items
    /// spread across `bar` inside the safe area, in the bar's tint: a navigation controller's
    /// toolbar and a standalone one alike.
    static func items(_ a: BarAppearance, items: [BarButtonItem], bar: Rect, background: Rect, backgroundEnv: Environment, env: Environment,
                      itemsPath: String, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        var out = try BarBackground.items(a, edge: .bottom, bar: bar, background: background, env: backgroundEnv, context: context)
        let barEnv = env.child(tintColor: a.tintColor, mode: a.tintAdjustmentMode ?? .automatic, path: env.path)
        let layout = BarItems(context: context, env: barEnv)
        let safe = env.safeAreaInsets(of: bar)
        let row = Rect(x: bar.minX + safe.left, y: bar.minY, width: bar.width - safe.left - safe.right, height: bar.height)
        let ordered = env.layoutDirection == .rightToLeft ? Array(items.reversed()) : items
        out += try layout.spread(ordered, in: row, margin: env.traits.layoutMargin, path: itemsPath)
        return out
    }
}

/// UITabBar as a view: 49 high (iOS 11: 32 on a landscape phone, 50 on iPad), its items as a tab
/// bar controller's, none selected unless the scene selects one.
struct TabBarViewComponent: ViewComponent {
    let tabBar: TabBar

    func measure(_ view: View, width offer: Double?, env: Environment, context: LayoutContext) throws(RenderError) -> Measured {
        Measured(size: Size(width: 0, height: TabBarComponent.height(env.traits)), hasWidth: false)
    }

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        let tabs = TabBarController(tabs: tabBar.items.map { Tab(item: $0, root: .content(ViewController())) },
                                    selectedIndex: tabBar.selectedIndex ?? -1, tabBar: tabBar.appearance)
        let bar = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: min(frame.height, TabBarComponent.height(env.traits)))
        return try TabBarComponent(context: context).items(tabs, bar: bar, background: frame, env: env, itemsKey: "items")
    }
}
