/// Decoding of view controllers, bars and bar items (`viewController`, `navigationController`,
/// `tabBarController` view kinds).
extension SceneDecoder {
    static func decodeController(kind: String, _ r: ObjectReader, depth: Int) -> Controller? {
        switch kind {
        case "navigationController": NavigationController.decode(r, depth: depth).map(Controller.navigation)
        case "tabBarController": TabBarController.decode(r, depth: depth).map(Controller.tabBar)
        case "splitViewController": SplitViewController.decode(r, depth: depth).map(Controller.split)
        default: .content(ViewController.decode(r, depth: depth))
        }
    }

    /// A controller inside another: `{"viewController": {...}}`, `{"navigationController": {...}}`,
    /// `{"tabBarController": {...}}`, or a plain view kind, which becomes a view controller's view.
    static func decodeChildController(_ node: JSONNode, path: String, depth: Int, context: DecodeContext) -> Controller? {
        if case .object(let members) = node.value, members.count == 1, let m = members.first,
           ["viewController", "navigationController", "tabBarController", "splitViewController"].contains(m.key) {
            // The same object as the view kind of that name (a view may stand in for a controller).
            context.recorder?.declare(path, .view)
            guard let r = ObjectReader(m.value, path: path, context: context, what: "an object of \(m.key) properties") else { return nil }
            defer { r.finish() }
            return context.within(AppearanceContainer(kind: m.key)) { decodeController(kind: m.key, r, depth: depth + 1) }
        }
        return decodeView(node, path: path, depth: depth + 1, context: context).map { .content(ViewController(view: $0)) }
    }
}

extension ViewController {
    /// A view controller object (the contents of `{"viewController": …}`, or an entry of a stack).
    static func decode(_ r: ObjectReader, depth: Int) -> ViewController {
        var vc = ViewController()
        vc.title = r.string("title")
        if let n = r.node("view", as: .view) {
            if let v = SceneDecoder.decodeView(n, path: join(r.path, "view"), depth: depth + 1, context: r.context) { vc.view = v }
        }
        var item = NavigationItem()
        item.title = r.string("navigationTitle")
        // Bar button items and the title view are in the navigation bar (a whenContainedIn container).
        r.context.within(AppearanceContainer(kind: "navigationBar")) { NavigationItem.decodeBarContents(r, depth: depth, into: &item) }
        if let m = r.choice("largeTitleDisplayMode", LargeTitleDisplayMode.self) { item.largeTitleDisplayMode = m }
        if let s = r.object("searchBar") {
            item.searchBarPlaceholder = s.string("placeholder") ?? "Search"
            s.finish()
            if r.context.systemVersion < 11 {
                r.context.warn(join(r.path, "searchBar"), r.node("searchBar")?.position,
                               "a search field in the navigation bar needs iOS 11 (systemVersion \(r.context.systemVersion)); the bar is drawn without it")
            }
        }
        if let h = r.bool("hidesSearchBarWhenScrolling") { item.hidesSearchBarWhenScrolling = h }
        vc.navigationItem = item
        if let items = r.array("toolbarItems") {
            vc.toolbarItems = r.context.within(AppearanceContainer(kind: "toolbar")) { BarButtonItem.decodeList(items, depth: depth, context: r.context) }
        }
        vc.preferredStatusBarStyle = r.choice("preferredStatusBarStyle", StatusBar.Style.self, aliases: ["darkContent": .default])
        vc.prefersStatusBarHidden = r.bool("prefersStatusBarHidden")
        if let items = r.array("edgesForExtendedLayout") {
            var edges: RectEdges = []
            for (n, p) in items {
                if case .string("all") = n.value { edges = .all; continue }
                guard case .string(let s) = n.value, let e = RectEdges.names.first(where: { $0.0 == s })?.1 else {
                    r.context.report(p, n.position, "expected an edge (top, left, bottom, right, all), found \(describe(n))")
                    continue
                }
                edges.insert(e)
            }
            vc.edgesForExtendedLayout = edges
        }
        if let b = r.bool("extendedLayoutIncludesOpaqueBars") { vc.extendedLayoutIncludesOpaqueBars = b }
        if let i = r.insets("additionalSafeAreaInsets") { vc.additionalSafeAreaInsets = i }
        if let b = r.bool("hidesBottomBarWhenPushed") { vc.hidesBottomBarWhenPushed = b }
        if let b = r.bool("viewRespectsSystemMinimumLayoutMargins") { vc.viewRespectsSystemMinimumLayoutMargins = b }
        return vc
    }
}

func describe(_ n: JSONNode) -> String {
    if case .string(let s) = n.value { return quoted(s) }
    return n.value.kindName
}

extension NavigationController {
    static func decode(_ r: ObjectReader, depth: Int) -> NavigationController? {
        var nav = NavigationController(stack: [])
        if let items = r.array("stack") {
            for (n, p) in items {
                guard let vr = ObjectReader(n, path: p, context: r.context, what: "a view controller object") else { continue }
                nav.stack.append(r.context.within(AppearanceContainer(kind: "viewController")) { ViewController.decode(vr, depth: depth + 1) })
                vr.finish()
            }
        }
        if nav.stack.isEmpty {
            r.context.report(join(r.path, "stack"), r.node.position, "a navigation controller needs a \"stack\" of at least one view controller")
        }
        if let a = r.object("navigationBar", appearance: "navigationBar") { nav.navigationBar = BarAppearance.decode(a, kind: .navigation) }
        if let a = r.object("toolbar", appearance: "toolbar") { nav.toolbar = BarAppearance.decode(a, kind: .toolbar) }
        if let b = r.bool("prefersLargeTitles") {
            nav.prefersLargeTitles = b
            if b, r.context.systemVersion < 11 {
                r.context.warn(join(r.path, "prefersLargeTitles"), r.node("prefersLargeTitles")?.position,
                               "large titles need iOS 11 (systemVersion \(r.context.systemVersion)); the title is drawn in the bar")
            }
        }
        if let b = r.bool("navigationBarHidden") { nav.isNavigationBarHidden = b }
        if let b = r.bool("toolbarHidden") { nav.isToolbarHidden = b }
        return nav
    }
}

extension TabBarController {
    static func decode(_ r: ObjectReader, depth: Int) -> TabBarController? {
        var tabs = TabBarController(tabs: [])
        if let items = r.array("tabs") {
            for (n, p) in items {
                guard let t = ObjectReader(n, path: p, context: r.context, what: "a tab object") else { continue }
                let item = TabBarItem.decode(t)
                var root = Controller.content(ViewController())
                if let rn = t.node("root", as: .view) {
                    if let c = SceneDecoder.decodeChildController(rn, path: join(p, "root"), depth: depth, context: r.context) { root = c }
                }
                tabs.tabs.append(Tab(item: item, root: root))
                t.finish()
            }
        }
        if tabs.tabs.isEmpty {
            r.context.report(join(r.path, "tabs"), r.node.position, "a tab bar controller needs \"tabs\"")
        }
        if let i = r.integer("selectedIndex", in: 0...max(0, tabs.tabs.count - 1)) { tabs.selectedIndex = i }
        if let a = r.object("tabBar", appearance: "tabBar") { tabs.tabBar = BarAppearance.decode(a, kind: .tabBar) }
        return tabs
    }
}

extension TabBarItem {
    /// A tab bar item's keys from a tab object (or a standalone tab bar's item), which the caller finishes.
    static func decode(_ t: ObjectReader) -> TabBarItem {
        var item = TabBarItem()
        item.title = t.string("title")
        item.image = t.imageSource("image")
        item.selectedImage = t.imageSource("selectedImage")
        if let m = t.choice("renderingMode", RenderingMode.self) { item.renderingMode = m }
        item.badgeValue = t.string("badgeValue")
        item.badgeColor = t.color("badgeColor")
        item.id = t.id()
        item.landscapeImagePhone = t.imageSource("landscapeImagePhone")
        item.largeContentSizeImage = t.imageSource("largeContentSizeImage")
        return item
    }
}

extension SplitViewController {
    static func decode(_ r: ObjectReader, depth: Int) -> SplitViewController? {
        var columns: [Controller] = []
        for key in ["primary", "secondary"] {
            guard let n = r.node(key) else {
                r.context.report(join(r.path, key), r.node.position, "a split view controller needs a \"primary\" and a \"secondary\" controller")
                continue
            }
            if let c = SceneDecoder.decodeChildController(n, path: join(r.path, key), depth: depth, context: r.context) { columns.append(c) }
        }
        var split = columns.count == 2 ? SplitViewController(primary: columns[0], secondary: columns[1]) : nil
        if let m = r.choice("preferredDisplayMode", SplitViewController.DisplayMode.self) { split?.preferredDisplayMode = m }
        if let w = r.number("primaryColumnWidth", in: 1...2000) { split?.primaryColumnWidth = w }
        if let b = r.bool("collapsesToPrimary") { split?.collapsesToPrimary = b }
        return split
    }
}

extension BarButtonItem {
    /// `"Edit"`, `{"title": "Edit", "style": "done"}`, `{"system": "compose"}`, `{"image": "star.svg"}`,
    /// `{"flexibleSpace": true}`, `{"fixedSpace": 20}` or `{"customView": {"switch": {}}}`; any object
    /// may add `tintColor` and `enabled`.
    static func decodeList(_ items: [(node: JSONNode, path: String)], depth: Int = 0, context: DecodeContext) -> [BarButtonItem] {
        items.compactMap { decode($0.node, path: $0.path, depth: depth, context: context) }
    }

    static func decode(_ n: JSONNode, path: String, depth: Int = 0, context: DecodeContext) -> BarButtonItem? {
        if case .string(let title) = n.value { return BarButtonItem(.title(title)) }
        guard let r = ObjectReader(n, path: path, context: context, what: "a bar button item (a title or an object)", schemaName: "barButtonItem") else { return nil }
        defer { r.finish() }
        var content: Content?
        var given: [String] = []
        if let t = r.string("title") { content = .title(t); given.append("title") }
        if let s = r.choice("system", SystemItem.self) { content = .system(s); given.append("system") }
        let mode = r.choice("renderingMode", RenderingMode.self) ?? .automatic
        if let img = r.imageSource("image") { content = .image(img, mode); given.append("image") }
        if r.bool("flexibleSpace") == true { content = .flexibleSpace; given.append("flexibleSpace") }
        if let w = r.length("fixedSpace") { content = .fixedSpace(w); given.append("fixedSpace") }
        if let v = r.node("customView", as: .view) {
            given.append("customView")
            if let view = SceneDecoder.decodeView(v, path: join(path, "customView"), depth: depth + 1, context: context) { content = .customView(view) }
        }
        if given.count > 1 {
            context.report(path, n.position, "a bar button item takes one of title, system, image, flexibleSpace, fixedSpace, customView; found \(given.joined(separator: ", "))")
        }
        guard let content else {
            // A key that is there but bad has been reported already.
            let present = ["title", "system", "image", "flexibleSpace", "fixedSpace", "customView"].filter { r.has($0) }
            if present.isEmpty {
                context.report(path, n.position, "a bar button item needs a \"title\", \"system\", \"image\", \"flexibleSpace\", \"fixedSpace\" or \"customView\"")
            }
            return nil
        }
        var item = BarButtonItem(content)
        if let s = r.choice("style", Style.self) { item.style = s }
        item.tintColor = r.color("tintColor")
        if let e = r.bool("enabled") { item.isEnabled = e }
        if let h = r.bool("highlighted") { item.isHighlighted = h }
        item.id = r.id()
        item.landscapeImagePhone = r.imageSource("landscapeImagePhone")
        item.largeContentSizeImage = r.imageSource("largeContentSizeImage")
        if item.landscapeImagePhone != nil, case .image = content {} else if item.landscapeImagePhone != nil {
            context.report(join(path, "landscapeImagePhone"), n.position, "only an image item takes a landscapeImagePhone")
        }
        return item
    }
}

extension BarAppearance {
    enum Kind { case navigation, toolbar, tabBar }

    /// A bar's look from `r`; `finish` reports the keys it left unread (a bar placed as a view
    /// leaves its view's keys to the view decoder, which finishes the reader).
    static func decode(_ r: ObjectReader, kind: Kind, finish: Bool = true) -> BarAppearance {
        defer { if finish { r.finish() } }
        var a = BarAppearance()
        if let s = r.choice("barStyle", BarStyle.self) { a.barStyle = s }
        a.barTintColor = r.color("barTintColor")
        a.tintColor = r.color("tintColor")
        if let t = r.bool("translucent") { a.isTranslucent = t }
        if let n = r.node("backgroundImage") {
            let p = join(r.path, "backgroundImage")
            switch n.value {
            case .string, .object:
                if let b = BackgroundImage.decode(n, path: p, context: r.context, positions: true) { a.backgroundImages = [b] }
            case .array(let items):
                for (i, item) in items.enumerated() {
                    if let b = BackgroundImage.decode(item, path: p + "[\(i)]", context: r.context, positions: true) { a.backgroundImages.append(b) }
                }
            default:
                r.context.report(p, n.position, "expected an image path, an object with \"image\" (and \"barPosition\", \"capInsets\", \"resizingMode\"), or a list of them")
            }
        }
        if let m = r.choice("tintAdjustmentMode", TintAdjustmentMode.self) { a.tintAdjustmentMode = m }
        a.shadowImage = r.imageSource("shadowImage")
        switch kind {
        case .navigation:
            a.titleColor = r.color("titleColor")
            if let n = r.node("titleFont", as: .font) { a.titleFont = Label.decodeFont(n, path: join(r.path, "titleFont"), context: r.context) }
            a.largeTitleColor = r.color("largeTitleColor")
            a.backIndicatorImage = r.imageSource("backIndicatorImage")
            a.backIndicatorTransitionMaskImage = r.imageSource("backIndicatorTransitionMaskImage")
            // UIKit uses the two only together; one alone is ignored and the system chevron drawn.
            for (given, missing) in [("backIndicatorImage", "backIndicatorTransitionMaskImage"), ("backIndicatorTransitionMaskImage", "backIndicatorImage")]
            // Said once: where the bar gives it, or at the appearance that does (not at every bar using it).
            where r.has(given) && !r.has(missing) && r.gives(given) {
                r.context.warn(join(r.path, given), r.node(given)?.position,
                               "\(given) is ignored without \(missing) (UIKit uses the two only together); the system chevron is drawn")
                a.backIndicatorImage = nil; a.backIndicatorTransitionMaskImage = nil
            }
            if let n = r.node("backButtonBackgroundImage") {
                a.backButtonBackgroundImage = BackgroundImage.decode(n, path: join(r.path, "backButtonBackgroundImage"), context: r.context, positions: false)
            }
        case .tabBar:
            a.unselectedItemTintColor = r.color("unselectedItemTintColor")
            a.selectionIndicatorImage = r.imageSource("selectionIndicatorImage")
        case .toolbar:
            break
        }
        return a
    }
}

extension DecodeContext {
    /// An image path, checked like an image view's.
    func imageSource(_ n: JSONNode, path: String) -> ImageSource? {
        guard case .string(let s) = n.value else {
            report(path, n.position, "expected an image path (.png or .svg), found \(n.value.kindName)")
            return nil
        }
        let source = ImageSource(relativePath(s, at: n.position), position: n.position)
        appearanceImages?.append(source)
        noteImage(source)
        if let problem = ImageFileCheck.problem(with: source, baseDirectory: baseDirectory, project: project) {
            report(path, n.position, problem)
            return nil
        }
        return source
    }
}

extension ObjectReader {
    func imageSource(_ key: String) -> ImageSource? {
        guard let n = node(key, as: .string) else { return nil }
        return context.imageSource(n, path: join(path, key))
    }
}

extension ScrollView {
    /// A table computes its content size; a scroll view may give one (`contentSizes`).
    static func decode(_ r: ObjectReader, contentSizes: Bool = false) -> ScrollView {
        var s = ScrollView()
        if contentSizes { s.contentSize = r.size("contentSize") }
        s.contentOffset = r.point("contentOffset")
        if let i = r.numbers("contentInset", names: ["top", "left", "bottom", "right"]) {
            s.contentInset = EdgeInsets(top: i[0], left: i[1], bottom: i[2], right: i[3])
        }
        if let b = r.choice("contentInsetAdjustmentBehavior", ContentInsetAdjustmentBehavior.self) { s.contentInsetAdjustmentBehavior = b }
        return s
    }
}

extension BackgroundImage {
    /// `"bar.png"` or `{"image": "bar.png", "barPosition": "topAttached", "capInsets": [0, 8, 0, 8],
    /// "resizingMode": "stretch"}` (a back button background takes no bar position).
    static func decode(_ n: JSONNode, path: String, context: DecodeContext, positions: Bool) -> BackgroundImage? {
        if case .string = n.value { return context.imageSource(n, path: path).map { BackgroundImage(image: $0) } }
        guard let b = ObjectReader(n, path: path, context: context, what: "an image path or an object with \"image\"") else { return nil }
        defer { b.finish() }
        let position = positions ? b.choice("barPosition", BarPosition.self) : nil
        let caps = b.insets("capInsets")
        let mode = b.choice("resizingMode", ResizingMode.self)
        guard let img = b.imageSource("image") else {
            if !b.has("image") { context.report(path, n.position, "a background image needs an \"image\"") }
            return nil
        }
        return BackgroundImage(image: img, barPosition: position ?? .any, capInsets: caps, resizingMode: mode ?? .stretch)
    }
}
