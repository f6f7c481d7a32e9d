// Finding and changing views anywhere in a scene's model: subviews, arranged views, a controller's
// views (every view controller of a stack, every tab), a table's header, footer, content and
// accessory views, a navigation item's title view and bar items' custom views, and what is presented.
// Gestures use it to reach the view they name before anything is laid out.

extension View {
    /// Calls `body` on this view and every view inside it, depth first; returns whether `match`
    /// held for any (and `body` ran on each that matched, unless `first`).
    @discardableResult
    mutating func modify(_ match: (View) -> Bool, first: Bool = false, _ body: (inout View) -> Void) -> Bool {
        var found = false
        if match(self) {
            body(&self)
            found = true
            if first { return true }
        }
        func each(_ views: inout [View]) {
            for i in views.indices where !(first && found) {
                if views[i].modify(match, first: first, body) { found = true }
            }
        }
        func one(_ view: inout View?) {
            guard !(first && found), var v = view else { return }
            if v.modify(match, first: first, body) { found = true }
            view = v
        }
        each(&subviews)
        switch kind {
        case .stackView(var s):
            each(&s.arrangedSubviews)
            kind = .stackView(s)
        case .tableView(var t):
            one(&t.tableHeaderView)
            one(&t.tableFooterView)
            for s in t.sections.indices {
                one(&t.sections[s].headerView)
                one(&t.sections[s].footerView)
                for r in t.sections[s].rows.indices {
                    one(&t.sections[s].rows[r].contentView)
                    one(&t.sections[s].rows[r].accessoryView)
                    one(&t.sections[s].rows[r].selectedBackgroundView)
                }
            }
            kind = .tableView(t)
        case .controller(var c):
            if c.modifyViews(match, first: first, body) { found = true }
            kind = .controller(c)
        default:
            break
        }
        return found
    }

    /// Calls `body` on every bar button item inside this view (navigation items, toolbars) with `id`.
    @discardableResult
    mutating func modifyBarItems(_ id: String, _ body: (inout BarButtonItem) -> Void) -> Bool {
        var found = false
        modify({ if case .controller = $0.kind { true } else { false } }) { v in
            guard case .controller(var c) = v.kind else { return }
            if c.modifyBarItems(id, body) { found = true }
            v.kind = .controller(c)
        }
        return found
    }
}

extension ViewController {
    mutating func modifyViews(_ match: (View) -> Bool, first: Bool, _ body: (inout View) -> Void) -> Bool {
        var found = view.modify(match, first: first, body)
        if !(first && found), var t = navigationItem.titleView {
            if t.modify(match, first: first, body) { found = true }
            navigationItem.titleView = t
        }
        return found
    }

    mutating func modifyBarItems(_ id: String, _ body: (inout BarButtonItem) -> Void) -> Bool {
        var found = false
        func each(_ items: inout [BarButtonItem]) {
            for i in items.indices where items[i].id == id {
                body(&items[i])
                found = true
            }
        }
        each(&navigationItem.leftItems)
        each(&navigationItem.rightItems)
        each(&toolbarItems)
        return found
    }
}

extension Controller {
    mutating func modifyViews(_ match: (View) -> Bool, first: Bool, _ body: (inout View) -> Void) -> Bool {
        var found = false
        switch self {
        case .content(var vc):
            found = vc.modifyViews(match, first: first, body)
            self = .content(vc)
        case .navigation(var nav):
            for i in nav.stack.indices where !(first && found) {
                if nav.stack[i].modifyViews(match, first: first, body) { found = true }
            }
            self = .navigation(nav)
        case .tabBar(var tabs):
            for i in tabs.tabs.indices where !(first && found) {
                if tabs.tabs[i].root.modifyViews(match, first: first, body) { found = true }
            }
            self = .tabBar(tabs)
        case .split(var split):
            found = split.primary.modifyViews(match, first: first, body)
            if !(first && found) && split.secondary.modifyViews(match, first: first, body) { found = true }
            self = .split(split)
        }
        return found
    }

    mutating func modifyBarItems(_ id: String, _ body: (inout BarButtonItem) -> Void) -> Bool {
        var found = false
        switch self {
        case .content(var vc):
            found = vc.modifyBarItems(id, body)
            self = .content(vc)
        case .navigation(var nav):
            for i in nav.stack.indices where nav.stack[i].modifyBarItems(id, body) { found = true }
            self = .navigation(nav)
        case .tabBar(var tabs):
            for i in tabs.tabs.indices where tabs.tabs[i].root.modifyBarItems(id, body) { found = true }
            self = .tabBar(tabs)
        case .split(var split):
            found = split.primary.modifyBarItems(id, body)
            if split.secondary.modifyBarItems(id, body) { found = true }
            self = .split(split)
        }
        return found
    }
}

extension Scene {
    /// Calls `body` on every view of the scene (the root's and what is presented) that `match` holds for.
    @discardableResult
    mutating func modifyViews(_ match: (View) -> Bool, first: Bool = false, _ body: (inout View) -> Void) -> Bool {
        var found = root.modify(match, first: first, body)
        if first && found { return true }
        switch presented {
        case .sheet(var sheet)?:
            if sheet.root.modify(match, first: first, body) { found = true }
            presented = .sheet(sheet)
        case .popover(var popover)?:
            if popover.root.modify(match, first: first, body) { found = true }
            presented = .popover(popover)
        default:
            break
        }
        return found
    }

    /// The views `match` holds for, in the order of the hierarchy (only the first with `first`).
    func findViews(first: Bool = false, _ match: (View) -> Bool) -> [View] {
        var copy = self
        var out: [View] = []
        copy.modifyViews(match, first: first) { out.append($0) }
        return out
    }

    @discardableResult
    mutating func modifyBarItems(_ id: String, _ body: (inout BarButtonItem) -> Void) -> Bool {
        root.modifyBarItems(id, body)
    }

    func hasBarItem(_ id: String) -> Bool {
        var copy = self
        return copy.modifyBarItems(id) { _ in }
    }
}

extension Scene {
    /// The first view with this id, wherever it is (subviews, controllers, table parts, what is presented).
    public func view(withID id: String) -> View? { findViews(first: true) { $0.id == id }.first }

    /// The scene with an id on every view that has none: `prefix` and a number, in the order of the
    /// hierarchy, skipping ids the scene already uses. A tool can then name in a gesture a view the
    /// scene left unnamed (`tintype preview`'s touches); an id changes nothing drawn. Also returns the
    /// ids given.
    public func namingViews(prefix: String) -> (scene: Scene, given: Set<String>) {
        var used = Set<String>()
        _ = findViews { v in if let id = v.id { used.insert(id) }; return false }
        var out = self, given = Set<String>(), n = 0
        out.modifyViews({ $0.id == nil }) { v in
            var id: String
            repeat { n += 1; id = prefix + String(n) } while used.contains(id)
            v.id = id
            given.insert(id)
        }
        return (out, given)
    }

    /// The scene with the scroll view's or table's content offset set, as its "contentOffset" key sets it.
    public func settingContentOffset(_ offset: Point, ofView id: String) -> Scene {
        var out = self
        out.modifyViews({ $0.id == id }, first: true) { v in
            switch v.kind {
            case .scrollView(var s): s.contentOffset = offset; v.kind = .scrollView(s)
            case .tableView(var t): t.scroll.contentOffset = offset; v.kind = .tableView(t)
            default: break
            }
        }
        return out
    }

    /// How many view controllers the root navigation controller holds (0 when the root is not one):
    /// an edge pan pops when it is two or more.
    public var rootNavigationDepth: Int {
        if case .controller(.navigation(let nav)) = root.kind { nav.stack.count } else { 0 }
    }
}
