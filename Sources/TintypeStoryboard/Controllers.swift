import TintypeModel

/// Scenes from view controllers: each content controller in its containers, as the app shows it.
extension Importer {
    static let containerKinds: Set<String> = ["navigationController", "tabBarController", "splitViewController"]
    static let controllerKinds: Set<String> = [
        "viewController", "tableViewController", "collectionViewController", "navigationController", "tabBarController",
        "splitViewController", "pageViewController", "glkViewController", "avPlayerViewController", "hostingController",
        "viewControllerPlaceholder",
    ]

    /// A relationship: the container, the relationship's name, and the child's place among its kind.
    struct Parent { var container: String; var role: String; var index: Int; var segue: XMLNode }

    /// The segues a node holds anywhere in its subtree (a controller's own, its buttons', its cells'),
    /// in document order, without descending into other controllers.
    func segues(in node: XMLNode) -> [XMLNode] {
        var out: [XMLNode] = []
        func walk(_ n: XMLNode) {
            for c in n.children {
                if c.name == "segue" { out.append(c); continue }
                if Self.controllerKinds.contains(c.name) && c["sceneMemberID"] == "viewController" { continue }
                walk(c)
            }
        }
        walk(node)
        return out
    }

    mutating func storyboardScenes() -> [StoryboardImport.Scene] {
        var controllers: [XMLNode] = []
        for scene in root.child("scenes")?.children("scene") ?? [] {
            for o in scene.child("objects")?.children ?? [] where o["sceneMemberID"] == "viewController" || Self.controllerKinds.contains(o.name) {
                if o["id"] != nil { controllers.append(o) }
            }
        }
        // Relationships: which container holds each controller.
        var parents: [String: Parent] = [:]
        for c in controllers where Self.containerKinds.contains(c.name) {
            var counts: [String: Int] = [:]
            for seg in segues(in: c) where seg["kind"] == "relationship" {
                guard let dest = checkedDestination(seg) else { continue }
                let role = seg["relationship"] ?? ""
                let index = counts[role, default: 0]
                counts[role] = index + 1
                if dest == c["id"] {
                    error(seg, "a segue cycle: \(c.name) \(quoted(dest)) holds itself (\(role))", attribute: "destination")
                    continue
                }
                if let other = parents[dest] {
                    error(seg, "\(quoted(dest)) is already the \(other.role) of \(quoted(other.container)); a controller has one container", attribute: "destination")
                    continue
                }
                parents[dest] = Parent(container: c["id"]!, role: role, index: index, segue: seg)
            }
        }
        // A container above its own child is a cycle.
        for c in controllers {
            var seen: [String] = [c["id"]!]
            var at = c["id"]!
            while let p = parents[at] {
                if seen.contains(p.container) {
                    error(p.segue, "a segue cycle: \((seen + [p.container]).map(quoted).joined(separator: " → ")) holds itself through relationship segues",
                          attribute: "destination")
                    parents[at] = nil
                    break
                }
                seen.append(p.container)
                at = p.container
            }
        }
        // Other segues must name objects that exist.
        for c in controllers {
            for seg in segues(in: c) where seg["kind"] != "relationship" { _ = checkedDestination(seg) }
        }
        if !errors.isEmpty { return [] }
        self.relationshipParents = parents

        // Pushes: the controllers reachable from a navigation controller's root through show/push segues.
        var pushPaths: [String: (nav: String, path: [String])] = [:]
        for nav in controllers where nav.name == "navigationController" {
            guard let rootID = children(of: nav["id"]!, role: "rootViewController").first else { continue }
            var queue: [[String]] = [[rootID]]
            var visited: Set<String> = [rootID]
            while !queue.isEmpty {
                let path = queue.removeFirst()
                guard let source = nodes[path.last!] else { continue }
                for seg in segues(in: source) where ["show", "push"].contains(seg["kind"] ?? "") {
                    guard let dest = seg["destination"], let d = nodes[dest], !Self.containerKinds.contains(d.name),
                          parents[dest] == nil, !visited.contains(dest) else { continue }
                    visited.insert(dest)
                    if pushPaths[dest] == nil { pushPaths[dest] = (nav["id"]!, path + [dest]) }
                    queue.append(path + [dest])
                }
            }
        }

        var scenes: [StoryboardImport.Scene] = []
        var names: Set<String> = []
        for c in controllers where !Self.containerKinds.contains(c.name) {
            let id = c["id"]!
            if c.name == "viewControllerPlaceholder" {
                warn(c, "storyboardReference", "a reference to storyboard \(quoted(c["storyboardName"] ?? "")) is not followed; import that storyboard on its own")
                continue
            }
            var json = contentController(c)
            var at = id
            if let push = pushPaths[id] {
                json = navigation(push.nav, stack: push.path.dropLast().map { minimalController($0) } + [json])
                at = push.nav
            } else if let p = parents[id], p.role == "rootViewController" {
                json = navigation(p.container, stack: [json])
                at = p.container
            }
            while let p = parents[at], let container = nodes[p.container] {
                switch container.name {
                case "tabBarController": json = tabBar(container, selected: p.index, child: json)
                case "splitViewController": json = split(container, role: p.role, child: json)
                case "navigationController": json = navigation(p.container, stack: [json])
                default: break
                }
                at = p.container
            }
            var name = sceneFileName(c["storyboardIdentifier"] ?? id)
            if names.contains(name) { name += "-" + sceneFileName(id) }
            names.insert(name)
            var scene = JSONObject()
            scene.set("device", device.name)
            if landscapeScenes { scene.set("orientation", "landscape") }
            if !strings.isEmpty { scene.set("strings", stringsFolder) }
            scene.set("root", json)
            scenes.append(StoryboardImport.Scene(name: name, id: id, json: pruneConstraints(scene.value).text()))
        }
        return scenes
    }

    /// The segue's destination, reported when no object has it.
    mutating func checkedDestination(_ seg: XMLNode) -> String? {
        guard let dest = seg["destination"] else {
            if seg["kind"] == "unwind" || seg["kind"] == "custom" && seg["destination"] == nil { return nil }
            error(seg, "a segue without a destination", id: seg["id"])
            return nil
        }
        guard nodes[dest] != nil else {
            error(seg, "a segue names \(quoted(dest)), which no object in the file has", attribute: "destination")
            return nil
        }
        return dest
    }

    /// The controllers a container holds in one relationship, in order.
    func children(of container: String, role: String) -> [String] {
        guard let c = nodes[container] else { return [] }
        return segues(in: c).filter { $0["kind"] == "relationship" && $0["relationship"] == role }.compactMap { $0["destination"] }
            .filter { nodes[$0] != nil && relationshipParents[$0]?.container == container }
    }

    // MARK: Controllers as JSON

    /// `{"viewController": {...}}` for a content controller, its view converted.
    mutating func contentController(_ c: XMLNode) -> JSONOut {
        noteCustomClass(c)
        var vc = controllerProperties(c)
        switch c.name {
        case "viewController", "tableViewController", "glkViewController":
            if let v = c.child("view", key: "view") ?? c.keyed("view") {
                let context = ViewContext(superview: nil, superSize: nil, controllerRoot: v["id"], placement: .fills, controller: c["id"])
                if let json = view(v, context) { vc.set("view", json) }
            }
        case "collectionViewController", "pageViewController", "avPlayerViewController", "hostingController":
            let className = ["collectionViewController": "UICollectionViewController", "pageViewController": "UIPageViewController",
                             "avPlayerViewController": "AVPlayerViewController", "hostingController": "UIHostingController"][c.name]!
            vc.set("view", placeholder(className, node: c, frame: nil, context: ViewContext(placement: .fills)))
        default:
            break
        }
        return .object([("viewController", vc.value)])
    }

    /// A controller under the top of a navigation stack: only its title and back button show.
    mutating func minimalController(_ id: String) -> JSONOut {
        guard let c = nodes[id] else { return .object([]) }
        return controllerProperties(c, minimal: true).value
    }

    /// Title, navigation item and toolbar items of a controller.
    mutating func controllerProperties(_ c: XMLNode, minimal: Bool = false) -> JSONObject {
        var vc = JSONObject()
        vc.set("title", c["title"].map { localized($0, id: c["id"], key: "title") } ?? nil)
        if let item = c.child("navigationItem") {
            let title = item["title"].map { localized($0, id: item["id"], key: "title") } ?? nil
            if vc.has("title") { vc.set("navigationTitle", title) } else { vc.set("title", title) }
            if let mode = item["largeTitleDisplayMode"], ["always", "never"].contains(mode) { vc.set("largeTitleDisplayMode", mode) }
            navigationItem(item, minimal: minimal, into: &vc)
        }
        if !minimal, let items = c.child("toolbarItems") {
            let list = items.children.compactMap { barItem($0) }
            if !list.isEmpty { vc.set("toolbarItems", .array(list)) }
        }
        if c["hidesBottomBarWhenPushed"] == "YES" { vc.set("hidesBottomBarWhenPushed", true) }
        if c["extendedLayoutIncludesOpaqueBars"] == "YES" { vc.set("extendedLayoutIncludesOpaqueBars", true) }
        if let edges = c.child("extendedEdge") {
            var list: [JSONOut] = []
            for (attr, name) in [("top", "top"), ("left", "left"), ("bottom", "bottom"), ("right", "right")] where edges[attr] == "YES" { list.append(.string(name)) }
            vc.set("edgesForExtendedLayout", .array(list))
        }
        return vc
    }

    /// A `<navigationItem>`'s prompt, back button, and (unless `minimal`) its bar button items and
    /// title view: a controller's, or an item of a navigation bar placed as a view.
    mutating func navigationItem(_ item: XMLNode, minimal: Bool = false, into vc: inout JSONObject) {
        vc.set("prompt", item["prompt"].map { localized($0, id: item["id"], key: "prompt") } ?? nil)
        if let back = item.child("barButtonItem", key: "backBarButtonItem"), let t = back["title"] { vc.set("backButtonTitle", t) }
        if let t = item["backButtonTitle"] { vc.set("backButtonTitle", t) }
        if item["hidesBackButton"] == "YES" { vc.set("hidesBackButton", true) }
        guard !minimal else { return }
        let left = barItems(item, single: "leftBarButtonItem", plural: "leftBarButtonItems")
        let right = barItems(item, single: "rightBarButtonItem", plural: "rightBarButtonItems")
        if !left.isEmpty { vc.set("leftItems", .array(left)) }
        if !right.isEmpty { vc.set("rightItems", .array(right)) }
        if let tv = item.children.first(where: { $0["key"] == "titleView" }) {
            if let v = view(tv, ViewContext(placement: .own)) { vc.set("titleView", v) }
        }
    }

    mutating func barItems(_ item: XMLNode, single: String, plural: String) -> [JSONOut] {
        if let one = item.child("barButtonItem", key: single) { return barItem(one).map { [$0] } ?? [] }
        if let many = item.children.first(where: { $0["key"] == plural }) { return many.children.compactMap { barItem($0) } }
        return []
    }

    /// A `<barButtonItem>` as a bar button item object.
    mutating func barItem(_ b: XMLNode) -> JSONOut? {
        guard b.name == "barButtonItem" else { return nil }
        var item = JSONObject()
        if let system = b["systemItem"] {
            switch system {
            case "flexibleSpace": return .object([("flexibleSpace", .bool(true))])
            case "fixedSpace":
                return .object([("fixedSpace", .number(Double(b["width"] ?? "") ?? 0))])
            case "done", "cancel", "edit", "save", "add", "compose", "reply", "action", "organize", "bookmarks", "search",
                 "refresh", "trash", "camera", "play", "pause", "rewind", "fastForward", "undo", "redo", "stop":
                item.set("system", system)
            default:
                warn(b, "barItem", "the system bar item \(quoted(system)) is not one Tintype draws; it shows as its name", attribute: "systemItem")
                item.set("title", system)
            }
        } else if let image = b["image"] {
            if let path = imagePath(image, node: b, attribute: "image") { item.set("image", path) } else if let t = b["title"] { item.set("title", t) } else { return nil }
        } else if let t = b["title"] {
            item.set("title", localized(t, id: b["id"], key: "title"))
        } else if let custom = b.children.first(where: { $0["key"] == "customView" }) {
            if let v = view(custom, ViewContext(placement: .own)) { item.set("customView", v) } else { return nil }
        } else {
            return nil
        }
        if b["style"] == "done" { item.set("style", "done") }
        if b["enabled"] == "NO" { item.set("enabled", false) }
        if let tint = color(b, "tintColor") { item.set("tintColor", tint) }
        return item.value
    }

    /// `{"navigationController": {...}}` around a stack.
    mutating func navigation(_ id: String, stack: [JSONOut]) -> JSONOut {
        let nav = nodes[id]!
        var o = JSONObject()
        // A stack entry is a view controller object, without the {"viewController": …} wrapper.
        o.set("stack", .array(stack.map { $0["viewController"] ?? $0 }))
        if let bar = nav.child("navigationBar", key: "navigationBar") {
            var b = JSONObject()
            barAppearance(bar, into: &b)
            if let c = color(bar, "tintColor") { b.set("tintColor", c) }
            if !b.isEmpty { o.set("navigationBar", b.value) }
            if bar["prefersLargeTitles"] == "YES" || nav["prefersLargeTitles"] == "YES" { o.set("prefersLargeTitles", true) }
        }
        if nav["navigationBarHidden"] == "YES" { o.set("navigationBarHidden", true) }
        if nav["toolbarHidden"] == "NO" { o.set("toolbarHidden", false) }
        if let tint = color(nav.child("view", key: "view") ?? nav, "tintColor") { o.set("tintColor", tint) }
        return .object([("navigationController", o.value)])
    }

    /// A bar's look (a navigation bar, toolbar or tab bar, a container's or one placed as a view):
    /// its style (the black styles of iOS 6 are black), translucency, bar tint color, a navigation
    /// bar's title color, a tab bar's unselected item color. The tint color is the caller's: a
    /// container's bar object takes it, a bar placed as a view has it as a view.
    mutating func barAppearance(_ bar: XMLNode, into b: inout JSONObject) {
        if ["black", "blackTranslucent", "blackOpaque"].contains(bar["barStyle"] ?? "") { b.set("barStyle", "black") }
        if bar["translucent"] == "NO" { b.set("translucent", false) }
        if let c = color(bar, "barTintColor") { b.set("barTintColor", c) }
        if bar.name == "navigationBar", let attrs = bar.children.first(where: { $0["key"] == "titleTextAttributes" }), let c = color(attrs, "textColor") {
            b.set("titleColor", c)
        }
        if bar.name == "tabBar", let c = color(bar, "unselectedItemTintColor") { b.set("unselectedItemTintColor", c) }
        for (element, name) in [("navigationBarAppearance", "UINavigationBarAppearance"), ("toolbarAppearance", "UIToolbarAppearance"),
                                ("tabBarAppearance", "UITabBarAppearance")] where bar.children.contains(where: { $0.name == element }) {
            warn(bar, "barAppearance", "a \(name) (iOS 13) is not read; the bar keeps its iOS 11 look")
        }
    }

    /// `{"tabBarController": {...}}` with `child` as the selected tab.
    mutating func tabBar(_ tab: XMLNode, selected: Int, child: JSONOut) -> JSONOut {
        var tabs: [JSONOut] = []
        for (n, id) in children(of: tab["id"]!, role: "viewControllers").enumerated() {
            var t = JSONObject()
            let c = nodes[id]!
            if let item = c.child("tabBarItem", key: "tabBarItem") ?? rootOfNavigation(c)?.child("tabBarItem", key: "tabBarItem") {
                tabBarItem(item, into: &t)
            } else {
                t.set("title", c["title"] ?? c.child("navigationItem")?["title"])
            }
            t.set("root", n == selected ? child : .object([("viewController", .object([]))]))
            tabs.append(t.value)
        }
        var o = JSONObject()
        o.set("tabs", .array(tabs))
        if selected > 0 { o.set("selectedIndex", Double(selected)) }
        if let bar = tab.child("tabBar", key: "tabBar") {
            var b = JSONObject()
            barAppearance(bar, into: &b)
            if let c = color(bar, "tintColor") { b.set("tintColor", c) }
            if let c = color(bar, "selectedImageTintColor") { b.set("tintColor", c) }
            if !b.isEmpty { o.set("tabBar", b.value) }
        }
        noteCustomClass(tab)
        return .object([("tabBarController", o.value)])
    }

    /// A `<tabBarItem>`'s title (a system item's, with a warning: its glyph is not drawn), images and badge.
    mutating func tabBarItem(_ item: XMLNode, into t: inout JSONObject) {
        if let system = item["systemItem"] {
            let titles = ["more": "More", "favorites": "Favorites", "featured": "Featured", "topRated": "Top Rated",
                          "recents": "Recents", "contacts": "Contacts", "history": "History", "bookmarks": "Bookmarks",
                          "search": "Search", "downloads": "Downloads", "mostRecent": "Most Recent", "mostViewed": "Most Viewed"]
            t.set("title", titles[system] ?? system)
            warn(item, "tabBarItem", "the system tab bar item \(quoted(system)) shows its title without UIKit's glyph", attribute: "systemItem")
        } else {
            t.set("title", item["title"].map { localized($0, id: item["id"], key: "title") } ?? nil)
        }
        if let image = item["image"], let path = imagePath(image, node: item, attribute: "image") { t.set("image", path) }
        if let image = item["selectedImage"], let path = imagePath(image, node: item, attribute: "selectedImage") { t.set("selectedImage", path) }
        if let badge = item["badgeValue"] { t.set("badgeValue", badge) }
    }

    /// The root controller of a navigation controller, whose tab bar item a tab shows when the
    /// navigation controller has none of its own.
    func rootOfNavigation(_ c: XMLNode) -> XMLNode? {
        guard c.name == "navigationController", let id = children(of: c["id"]!, role: "rootViewController").first else { return nil }
        return nodes[id]
    }

    /// `{"splitViewController": {...}}` with `child` in its column and the other column as designed.
    mutating func split(_ s: XMLNode, role: String, child: JSONOut) -> JSONOut {
        let isPrimary = role == "masterViewController"
        let otherRole = isPrimary ? "detailViewController" : "masterViewController"
        var other: JSONOut = .object([("viewController", .object([]))])
        if let otherID = children(of: s["id"]!, role: otherRole).first, let o = nodes[otherID] {
            if o.name == "navigationController", let rootID = children(of: otherID, role: "rootViewController").first, let r = nodes[rootID] {
                other = navigation(otherID, stack: [contentController(r)])
            } else if !Self.containerKinds.contains(o.name) {
                other = contentController(o)
            }
        }
        var o = JSONObject()
        o.set("primary", isPrimary ? child : other)
        o.set("secondary", isPrimary ? other : child)
        // In a compact width the split shows one column: the one this scene is about.
        if isPrimary { o.set("collapsesToPrimary", true) }
        return .object([("splitViewController", o.value)])
    }

    /// A controller's custom class needs no warning: no code of the app runs for any scene, and a
    /// controller draws nothing of its own (its views do, and their classes are reported).
    func noteCustomClass(_ c: XMLNode) {}

    // MARK: Xibs

    mutating func xibScenes() -> [StoryboardImport.Scene] {
        var scenes: [StoryboardImport.Scene] = []
        var names: Set<String> = []
        let launch = root["launchScreen"] == "YES"
        for o in root.child("objects")?.children ?? [] {
            guard let id = o["id"], o.name != "placeholder", o.name != "customObject" else { continue }
            var scene = JSONObject()
            scene.set("device", device.name)
            let frame = rect(o, "frame")
            let screenSized = frame.map { f in
                Device.catalog.contains { ($0.size.width == f.width && $0.size.height == f.height) || ($0.size.width == f.height && $0.size.height == f.width) }
            } ?? false
            var rootJSON: JSONOut?
            if o.name == "tableViewCell" {
                if let row = cell(o, tableStyle: "plain") {
                    var table = JSONObject()
                    table.set("rows", .array([row]))
                    rootJSON = .object([("tableView", table.value)])
                }
            } else if Self.controllerKinds.contains(o.name) {
                rootJSON = contentController(o)
            } else {
                rootJSON = view(o, ViewContext(controllerRoot: id, placement: .fills))
            }
            guard let rootJSON else { continue }
            if !(launch || screenSized), let f = frame {
                scene.set("canvas", .object([("size", .array([.number(f.width), .number(f.height)]))]))
            }
            if !strings.isEmpty { scene.set("strings", stringsFolder) }
            scene.set("root", rootJSON)
            let json = pruneConstraints(scene.value)
            var name = sceneFileName(id)
            if names.contains(name) { name += "-\(scenes.count)" }
            names.insert(name)
            scenes.append(StoryboardImport.Scene(name: name, id: id, json: json.text()))
        }
        return scenes
    }
}
