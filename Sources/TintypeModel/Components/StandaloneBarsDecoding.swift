/// Decoding of the bars placed as views: `{"navigationBar": {"items": [...], "barTintColor": …}}`,
/// `{"toolbar": {"items": [...]}}`, `{"tabBar": {"items": [...], "selectedIndex": 0}}`. The bar's
/// look is the same object a navigation or tab bar controller's bar takes, read from the view's
/// own keys (so the scene's `appearance` for the kind applies to it too).
extension NavigationBar {
    static func decode(_ r: ObjectReader, depth: Int) -> NavigationBar {
        var bar = NavigationBar(appearance: BarAppearance.decode(r, kind: .navigation, finish: false))
        // Its items' bar button items and title views are inside the navigation bar (the view
        // decoder has made it their container for whenContainedIn).
        for (n, p) in r.array("items") ?? [] {
            guard let ir = ObjectReader(n, path: p, context: r.context, what: "a navigation item object", schemaName: "navigationItem") else { continue }
            bar.items.append(NavigationItem.decode(ir, depth: depth))
            ir.finish()
        }
        return bar
    }
}

extension NavigationItem {
    /// A UINavigationItem of a standalone navigation bar: its title and what it shows in the bar.
    static func decode(_ r: ObjectReader, depth: Int) -> NavigationItem {
        var item = NavigationItem()
        item.title = r.string("title")
        decodeBarContents(r, depth: depth, into: &item)
        return item
    }

    /// What a navigation item shows in its bar, a standalone bar's and a view controller's alike:
    /// prompt, left and right items, title view, back button title, hidesBackButton. The caller
    /// reads the title (its key differs) and makes the bar the items' whenContainedIn container.
    static func decodeBarContents(_ r: ObjectReader, depth: Int, into item: inout NavigationItem) {
        item.prompt = r.string("prompt")
        if let items = r.array("leftItems") { item.leftItems = BarButtonItem.decodeList(items, depth: depth, context: r.context) }
        if let items = r.array("rightItems") { item.rightItems = BarButtonItem.decodeList(items, depth: depth, context: r.context) }
        if let n = r.node("titleView", as: .view) {
            item.titleView = SceneDecoder.decodeView(n, path: join(r.path, "titleView"), depth: depth + 1, context: r.context)
        }
        item.backButtonTitle = r.string("backButtonTitle")
        if let h = r.bool("hidesBackButton") { item.hidesBackButton = h }
    }
}

extension Toolbar {
    static func decode(_ r: ObjectReader, depth: Int) -> Toolbar {
        var bar = Toolbar(appearance: BarAppearance.decode(r, kind: .toolbar, finish: false))
        if let items = r.array("items") { bar.items = BarButtonItem.decodeList(items, depth: depth, context: r.context) }
        return bar
    }
}

extension TabBar {
    static func decode(_ r: ObjectReader) -> TabBar {
        var bar = TabBar(appearance: BarAppearance.decode(r, kind: .tabBar, finish: false))
        for (n, p) in r.array("items") ?? [] {
            guard let t = ObjectReader(n, path: p, context: r.context, what: "a tab bar item object", schemaName: "tabBarItem") else { continue }
            bar.items.append(TabBarItem.decode(t))
            t.finish()
        }
        bar.selectedIndex = r.integer("selectedIndex", in: 0...max(0, bar.items.count - 1))
        return bar
    }
}
