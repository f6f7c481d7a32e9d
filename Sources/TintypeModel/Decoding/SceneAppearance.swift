// Why appearance is applied while decoding: UIKit's appearance proxies set a property on every
// instance of a kind that does not set it itself, which is exactly what a default for a missing key
// is. So the scene's `appearance` values are checked once, where they are written, by each kind's
// own decoder (restricted to the properties UIKit's proxies set), and an object of that kind then
// reads them for the keys it does not give (`ObjectReader`'s defaults). No component, resolve step
// or renderer knows that appearance exists, and a value from a theme is reported where it is written.

/// A container around the object being decoded, for `whenContainedIn`: its kind and its id.
struct AppearanceContainer: Equatable {
    var kind: String
    var id: String?
}

/// One appearance: the values for one kind, and the containers it applies inside (none for the
/// plain default).
struct AppearanceRule {
    enum Container: Equatable {
        case kind(String)
        case id(String)

        func matches(_ c: AppearanceContainer) -> Bool {
            switch self {
            case .kind(let k): c.kind == k
            case .id(let id): c.id == id
            }
        }
    }

    var kind: String
    /// Innermost first, as UIKit's `appearance(whenContainedInInstancesOf:)` lists them.
    var containers: [Container]
    /// The values that decoded without a problem (a bad one is reported once, at the appearance).
    var members: [JSONMember]
    /// The rule's place in the file: of two rules alike in every other way, the later one wins.
    var order: Int
}

/// The scene's `"appearance"`: UIAppearance proxies for a scene file.
///
/// ```json
/// "appearance": {
///   "navigationBar": {"barTintColor": "#0B3D5C", "tintColor": "white", "titleColor": "white"},
///   "switch": {"onTintColor": "#0B3D5C"},
///   "whenContainedIn": [
///     {"containers": ["popover"], "navigationBar": {"barTintColor": "white", "tintColor": "#0B3D5C"}}
///   ]
/// }
/// ```
///
/// Precedence is UIKit's: a property the instance sets wins over any appearance (`null` on the
/// instance turns an appearance's value off); a `whenContainedIn` rule wins over the plain default;
/// of two matching rules, the one whose outermost container is further out wins (UIKit: "the
/// outermost appearance proxy wins"), then the one with more containers, then the later one.
enum SceneAppearance {
    /// A kind an appearance may style: the properties its proxy sets (keys of the kind's own
    /// objects), keys that are one property under two names, and the kind's decoder, which checks
    /// the values as it would on an instance.
    struct Kind: Sendable {
        var name: String
        var keys: [String]
        var aliases: [[String]] = []
        var decode: @Sendable (ObjectReader) -> Void
    }

    /// The kinds, with the properties their UIKit proxies set (UI_APPEARANCE_SELECTOR) that the
    /// model draws.
    static let kinds: [Kind] = [
        bar("navigationBar", .navigation, ["barStyle", "barTintColor", "tintColor", "translucent", "backgroundImage", "shadowImage",
                                          "titleColor", "titleFont", "largeTitleColor", "backIndicatorImage",
                                          "backIndicatorTransitionMaskImage", "backButtonBackgroundImage"]),
        bar("tabBar", .tabBar, ["barStyle", "barTintColor", "tintColor", "translucent", "backgroundImage", "shadowImage",
                                "unselectedItemTintColor", "selectionIndicatorImage"]),
        bar("toolbar", .toolbar, ["barStyle", "barTintColor", "tintColor", "translucent", "backgroundImage", "shadowImage"]),
        view("searchBar", ["barTintColor", "tintColor"]),
        view("segmentedControl", ["tintColor", "backgroundImage", "backgroundImages", "dividerImage", "titleTextAttributes"],
             aliases: [["backgroundImage", "backgroundImages"]]),
        view("switch", ["onTintColor", "thumbTintColor", "tintColor"]),
        view("button", ["tintColor", "titleColor", "image", "backgroundImage", "contentEdgeInsets"]),
        view("label", ["textColor", "font"]),
        view("slider", ["minimumTrackTintColor", "maximumTrackTintColor", "thumbTintColor", "tintColor"]),
        view("stepper", ["tintColor"]),
        view("progressView", ["progressTintColor", "trackTintColor", "tintColor"]),
        view("pageControl", ["pageIndicatorTintColor", "currentPageIndicatorTintColor"]),
        view("activityIndicator", ["color"]),
    ]

    /// What a `whenContainedIn` rule may name besides ids: every view kind (the bars that hold bar
    /// button items among them), and the two presentations that hold a controller.
    static var containerKinds: [String] { SceneDecoder.kinds.map(\.name) + ["popover", "sheet"] }

    private static func bar(_ name: String, _ kind: BarAppearance.Kind, _ keys: [String]) -> Kind {
        Kind(name: name, keys: keys) { r in _ = BarAppearance.decode(r, kind: kind) }  // it finishes the reader
    }

    private static func view(_ name: String, _ keys: [String], aliases: [[String]] = []) -> Kind {
        Kind(name: name, keys: keys, aliases: aliases) { r in
            _ = SceneDecoder.kinds.first { $0.name == name }?.decode(r, 0)
            _ = r.color("tintColor")  // a view's own key, read by the view decoder on an instance
            r.finish()
        }
    }

    // MARK: Reading

    /// The rules of the scene's `"appearance"` object, each value checked; problems are reported.
    static func decode(_ n: JSONNode, context: DecodeContext) -> [AppearanceRule] {
        guard let r = ObjectReader(n, path: "appearance", context: context, what: "an object of appearances by kind", schemaName: "appearance") else { return [] }
        var rules: [AppearanceRule] = []
        context.appearanceImages = []
        decodeKinds(r, containers: [], into: &rules)
        if let items = r.array("whenContainedIn") {
            for (item, p) in items {
                guard let w = ObjectReader(item, path: p, context: context, what: "an object with \"containers\" and appearances by kind",
                                           schemaName: "appearance.whenContainedIn") else { continue }
                let containers = decodeContainers(w)
                var found: [AppearanceRule] = []
                decodeKinds(w, containers: containers ?? [], into: &found)
                if found.isEmpty && w.keys.allSatisfy({ $0 == "containers" }) {
                    context.report(p, item.position, "a whenContainedIn rule needs the appearance of a kind, like \"navigationBar\": {...}")
                }
                reportUnknownKinds(w, besides: ["containers"])
                // A rule whose containers are wrong would apply in the wrong places: it applies nowhere.
                if containers != nil { rules += found }
            }
        }
        reportUnknownKinds(r, besides: ["whenContainedIn"])
        for i in rules.indices { rules[i].order = i }
        return rules
    }

    private static func decodeKinds(_ r: ObjectReader, containers: [AppearanceRule.Container], into rules: inout [AppearanceRule]) {
        for kind in kinds {
            guard let n = r.node(kind.name, as: .object) else { continue }
            let path = join(r.path, kind.name)
            let before = r.context.issues.count
            guard let k = ObjectReader(n, path: path, context: r.context, what: "an object of \(kind.name) appearance properties",
                                       schemaName: "appearance." + kind.name, restriction: (Set(kind.keys), kind.name)) else { continue }
            kind.decode(k)
            guard case .object(let members) = n.value else { continue }
            let problems = r.context.issues[before...].map(\.path)
            let good = members.filter { m in
                let p = join(path, m.key)
                return kind.keys.contains(m.key) && !problems.contains { $0 == p || $0.hasPrefix(p + ".") || $0.hasPrefix(p + "[") }
            }
            rules.append(AppearanceRule(kind: kind.name, containers: containers, members: good, order: rules.count))
        }
    }

    /// `["popover"]` or `["navigationBar", {"id": "settings"}]`: kinds or ids, innermost first;
    /// nil after reporting a problem.
    private static func decodeContainers(_ w: ObjectReader) -> [AppearanceRule.Container]? {
        let context = w.context
        guard let items = w.array("containers") else {
            if !w.has("containers") {
                context.report(w.path, w.node.position, "a whenContainedIn rule needs \"containers\": the kinds or ids it applies inside, innermost first, like [\"popover\"]")
            }
            return nil
        }
        guard !items.isEmpty else {
            context.report(join(w.path, "containers"), w.node.position, "\"containers\" needs at least one kind or id")
            return nil
        }
        let names = containerKinds
        var out: [AppearanceRule.Container] = []
        var ok = true
        for (n, p) in items {
            context.recorder?.declare(p, .anyOf([.choice(names), .object]))
            switch n.value {
            case .string(let s) where names.contains(s):
                out.append(.kind(s))
            case .string(let s):
                var message = "unknown container \(quoted(s))"
                if let best = Suggest.closest(to: s, in: names) { message += "; did you mean \(quoted(best))?" }
                context.report(p, n.position, message + " (a container is a view kind, navigationBar, toolbar, popover, sheet, or {\"id\": ...})")
                ok = false
            case .object:
                guard let c = ObjectReader(n, path: p, context: context, what: "a container {\"id\": ...}", schemaName: "appearance.container") else { ok = false; continue }
                // A theme is shared by scenes that need not all have the view: an id named in an
                // included file may match nothing. In the scene's own file it must be one of its ids.
                var id: String?
                if n.position.file == nil { id = c.reference("id") } else if let v = c.node("id", as: .string) {
                    if case .string(let s) = v.value { id = s } else { c.report("id", v, "expected an id (a string), found \(v.value.kindName)") }
                }
                if let id { out.append(.id(id)) } else {
                    if !c.has("id") { context.report(p, n.position, "a container object names a view by its \"id\"") }
                    ok = false
                }
                c.finish()
            default:
                context.report(p, n.position, "expected a container kind like \"popover\" or {\"id\": ...}, found \(n.value.kindName)")
                ok = false
            }
        }
        return ok ? out : nil
    }

    private static func reportUnknownKinds(_ r: ObjectReader, besides: Set<String>) {
        guard case .object(let members) = r.node.value else { return }
        let names = kinds.map(\.name)
        for m in members where !names.contains(m.key) && !besides.contains(m.key) {
            var message = "unknown appearance kind \(quoted(m.key))"
            if let s = Suggest.closest(to: m.key, in: names + besides.sorted()) { message += "; did you mean \(quoted(s))?" }
            r.context.report(join(r.path, m.key), m.keyPosition, message + " (kinds: \(names.joined(separator: ", ")))")
        }
    }

    // MARK: Applying

    /// The appearance values an object of `kind` reads for the keys it does not give, from the rules
    /// that match where it is (`context.containers`), the stronger rule's value winning key by key.
    static func defaults(for kind: String, over node: JSONNode?, context: DecodeContext) -> [JSONMember] {
        guard let description = kinds.first(where: { $0.name == kind }) else { return [] }
        var matched: [(rank: [Int], members: [JSONMember])] = []
        for rule in context.appearance where rule.kind == kind {
            guard let outermost = match(rule.containers, in: context.containers) else { continue }
            let rank = rule.containers.isEmpty ? [0, 0, 0, rule.order] : [1, -outermost, rule.containers.count, rule.order]
            matched.append((rank, rule.members))
        }
        guard !matched.isEmpty else { return [] }
        // Keys that name one property: giving either replaces both.
        func same(_ key: String) -> [String] { description.aliases.first { $0.contains(key) } ?? [key] }
        var out: [JSONMember] = []
        for rule in matched.sorted(by: { $0.rank.lexicographicallyPrecedes($1.rank) }) {
            for m in rule.members {
                let names = same(m.key)
                out.removeAll { names.contains($0.key) }
                out.append(m)
            }
        }
        if let node, case .object(let own) = node.value {
            let given = Set(own.flatMap { same($0.key) })
            out.removeAll { given.contains($0.key) }
        }
        return out
    }

    /// The index in `chain` (outermost first) of the outermost container `containers` (innermost
    /// first) matched, each matched further out than the one before; nil when one is not there.
    /// The plain default matches everywhere.
    static func match(_ containers: [AppearanceRule.Container], in chain: [AppearanceContainer]) -> Int? {
        var index = chain.count
        for c in containers {
            var i = index - 1
            while i >= 0 && !c.matches(chain[i]) { i -= 1 }
            guard i >= 0 else { return nil }
            index = i
        }
        return index
    }
}

extension DecodeContext {
    /// Runs `body` with `container` around what it decodes.
    func within<T>(_ container: AppearanceContainer, _ body: () -> T) -> T {
        containers.append(container)
        defer { containers.removeLast() }
        return body()
    }
}

extension ObjectReader {
    /// The object at `key`, reading the scene's appearance for `kind` where it gives no value;
    /// with no object there, an object of the appearance's values alone (nil when it has none).
    func object(_ key: String, appearance kind: String) -> ObjectReader? {
        let n = node(key, as: .object)
        let defaults = SceneAppearance.defaults(for: kind, over: n, context: context)
        if let n { return ObjectReader(n, path: join(path, key), context: context, defaults: defaults) }
        guard !defaults.isEmpty else { return nil }
        return ObjectReader(JSONNode(value: .object([]), position: node.position), path: join(path, key), context: context,
                            recorded: false, defaults: defaults)
    }
}
