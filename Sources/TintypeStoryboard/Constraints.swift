import TintypeModel

/// Interface Builder's constraints as scene constraints, each moved to its first item's view.
///
/// Interface Builder keeps a constraint in the nearest common ancestor of its items, and its
/// first item may be a layout guide (`safeArea.bottom == button.bottom + 20`). A scene keeps a
/// constraint on the view it places: the first item. A constraint whose first item is a guide is
/// turned around (`button.bottom == safeArea.bottom − 20`; ≤ and ≥ swap for a positive multiplier),
/// and iOS 7–10's top and bottom layout guides become the safe area's top and bottom.
extension Importer {
    /// A second item: a view, or a guide of a view.
    enum Item: Equatable {
        case view(String)
        case guide(String, LayoutConstraint.Guide)
    }

    struct IBConstraint {
        var node: XMLNode
        var first: String
        var firstAttribute: LayoutConstraint.Attribute
        var relation: LayoutConstraint.Relation
        var second: Item?
        var secondAttribute: LayoutConstraint.Attribute?
        var multiplier: Double
        var constant: Double
        var priority: Double
        var identifier: String
    }

    /// What an id names as a constraint item, with a guide's attribute turned into the view's.
    enum Resolved {
        case item(Item, LayoutConstraint.Attribute)
        case unsupported(String)
    }

    /// Reads every installed constraint of the document (variations applied) into `constraintsByFirst`.
    mutating func collectConstraints() {
        var byFirst: [String: [IBConstraint]] = [:]
        var items: Set<String> = []
        func walk(_ node: XMLNode, owner: String?, inCell: Bool) {
            let ownerID = node["id"] ?? owner
            if let list = node.child("constraints"), let ownerID {
                let excluded = excluded(node, "constraints")
                for element in list.children("constraint") where !excluded.contains(element["id"] ?? "") {
                    if let c = constraint(resolved(element), owner: ownerID) {
                        byFirst[c.first, default: []].append(c)
                        switch c.second {
                        case .view(let v)?: items.insert(v)
                        case .guide(let v, _)?: items.insert(v)
                        case nil: break
                        }
                    }
                }
            }
            for child in node.children where child.name != "constraints" && child.name != "variation" {
                walk(child, owner: ownerID, inCell: inCell)
            }
        }
        walk(root, owner: nil, inCell: false)
        constraintsByFirst = byFirst
        constraintItems = items
    }

    func hasConstraints(_ id: String) -> Bool { !(constraintsByFirst[id] ?? []).isEmpty }

    /// One `<constraint>` element, owned by `owner`, as a constraint on its first item's view.
    mutating func constraint(_ e: XMLNode, owner: String) -> IBConstraint? {
        if e["placeholder"] == "YES" || e["active"] == "NO" { return nil }
        guard let firstAttributeName = e["firstAttribute"] else { return nil }
        let firstID = e["firstItem"] ?? owner
        guard nodes[firstID] != nil else {
            error(e, "a constraint names \(quoted(firstID)) as its first item, which no object in the file has", attribute: "firstItem")
            return nil
        }
        if let s = e["secondItem"], nodes[s] == nil {
            error(e, "a constraint names \(quoted(s)) as its second item, which no object in the file has", attribute: "secondItem")
            return nil
        }
        guard let firstAttribute = attribute(firstAttributeName) else {
            warn(e, "constraint", "the constraint attribute \(quoted(firstAttributeName)) is not one Tintype reads; the constraint is left out", attribute: "firstAttribute")
            return nil
        }
        var relation = LayoutConstraint.Relation(rawValue: e["relation"] ?? "equal") ?? .equal
        var multiplier = 1.0
        if let m = e["multiplier"] {
            let parts = m.split(whereSeparator: { $0 == ":" || $0 == "/" }).compactMap { Double($0) }
            if parts.count == 2, parts[1] != 0 { multiplier = parts[0] / parts[1] }
            else if parts.count == 1 { multiplier = parts[0] }
            else { warn(e, "constraint", "the multiplier \(quoted(m)) is not a number; 1 is used", attribute: "multiplier") }
        }
        var constant = number(e["constant"]) ?? 0
        let priority = min(max(number(e["priority"]) ?? 1000, 1), 1000)

        guard case .item(var first, var a) = resolve(firstID, firstAttribute) else {
            if case .unsupported(let why) = resolve(firstID, firstAttribute) { warn(e, "constraint", why + "; the constraint is left out") }
            return nil
        }
        var second: Item?
        var b: LayoutConstraint.Attribute?
        if let s = e["secondItem"], let name = e["secondAttribute"] {
            guard let attr = attribute(name) else {
                warn(e, "constraint", "the constraint attribute \(quoted(name)) is not one Tintype reads; the constraint is left out", attribute: "secondAttribute")
                return nil
            }
            switch resolve(s, attr) {
            case .item(let item, let resolvedAttribute): second = item; b = resolvedAttribute
            case .unsupported(let why): warn(e, "constraint", why + "; the constraint is left out"); return nil
            }
        }
        // A guide first, or a scroll view first with a view of its content second (IB writes
        // `scroll.bottom == content.bottom` in the scroll view): turn the constraint around so that
        // the view it places is first. A scroll view's content is laid out apart from the views
        // around the scroll view, so a constraint held by the scroll view could not reach it.
        if case .guide = first {
            guard let s = second, case .view = s, let bb = b, multiplier != 0 else {
                warn(e, "constraint", "a constraint between two layout guides (or a guide and a constant) has no view to hold it; it is left out")
                return nil
            }
            (first, second) = (s, first)
            (a, b) = (bb, a)
            constant = -constant / multiplier
            if multiplier > 0 { relation = Self.flipped(relation) }
            multiplier = 1 / multiplier
        }
        if case .view(let f) = first, nodes[f]?.name == "scrollView", case .view(let s)? = second, isDescendant(s, of: f),
           let bb = b, multiplier != 0 {
            (first, second) = (.view(s), .view(f))
            (a, b) = (bb, a)
            constant = -constant / multiplier
            if multiplier > 0 { relation = Self.flipped(relation) }
            multiplier = 1 / multiplier
        }
        guard case .view(let firstView) = first else { return nil }
        return IBConstraint(node: e, first: firstView, firstAttribute: a, relation: relation, second: second, secondAttribute: b,
                            multiplier: multiplier, constant: constant, priority: priority, identifier: e["identifier"] ?? e["id"] ?? "")
    }

    /// Whether the object `id` lies inside the object `ancestor` (at any depth).
    func isDescendant(_ id: String, of ancestor: String) -> Bool {
        var at = parents[id]
        var steps = 0
        while let p = at, steps < 512 {
            if p == ancestor { return true }
            at = parents[p]
            steps += 1
        }
        return false
    }

    static func flipped(_ r: LayoutConstraint.Relation) -> LayoutConstraint.Relation {
        switch r {
        case .equal: .equal
        case .lessThanOrEqual: .greaterThanOrEqual
        case .greaterThanOrEqual: .lessThanOrEqual
        }
    }

    func attribute(_ name: String) -> LayoutConstraint.Attribute? {
        LayoutConstraint.Attribute(rawValue: name) ?? LayoutConstraint.Attribute.aliases[name]
    }

    /// An item id with its attribute: a view, a view's safe area or scroll guide, or a controller's
    /// top or bottom layout guide (the safe area's top or bottom, or the root view's).
    func resolve(_ id: String, _ attribute: LayoutConstraint.Attribute) -> Resolved {
        guard let n = nodes[id] else { return .unsupported("no object has the id \(quoted(id))") }
        switch n.name {
        case "viewLayoutGuide":
            guard let owner = parents[id] else { return .unsupported("a layout guide outside a view") }
            switch n["key"] {
            case "safeArea": return .item(.guide(owner, .safeArea), attribute)
            case "contentLayoutGuide": return .item(.guide(owner, .contentLayoutGuide), attribute)
            case "frameLayoutGuide": return .item(.guide(owner, .frameLayoutGuide), attribute)
            default: return .unsupported("the layout guide \(quoted(n["key"] ?? "?")) is not one a scene has")
            }
        case "viewControllerLayoutGuide":
            guard let controller = parents[id], let c = nodes[controller], let rootView = c.keyed("view")?["id"] else {
                return .unsupported("a controller's layout guide without a root view")
            }
            switch (n["type"], attribute) {
            case ("top", .bottom): return .item(.guide(rootView, .safeArea), .top)
            case ("top", .top): return .item(.view(rootView), .top)
            case ("bottom", .top): return .item(.guide(rootView, .safeArea), .bottom)
            case ("bottom", .bottom): return .item(.view(rootView), .bottom)
            default: return .unsupported("the \(n["type"] ?? "?") layout guide's \(attribute.rawValue) is not one a scene has")
            }
        case "layoutGuide":
            return .unsupported("a custom UILayoutGuide (\(quoted(n["key"] ?? id))) is not something a scene holds")
        default:
            return .item(.view(id), attribute)
        }
    }

    /// The scene constraints of view `id`, written from where it stands (its superview is `"superview"`).
    mutating func constraintsJSON(for id: String, context: ViewContext, node: XMLNode) -> [JSONOut]? {
        guard let list = constraintsByFirst[id], !list.isEmpty else { return nil }
        var out: [JSONOut] = []
        for c in list {
            var model = LayoutConstraint(c.firstAttribute, c.relation, multiplier: c.multiplier, constant: c.constant, priority: c.priority)
            var o = JSONObject()
            o.set("attribute", c.firstAttribute.rawValue)
            if c.relation != .equal { o.set("relation", c.relation.rawValue) }
            if let second = c.second, let b = c.secondAttribute {
                let (view, guide): (String, LayoutConstraint.Guide?) = switch second {
                case .view(let v): (v, nil)
                case .guide(let v, let g): (v, g)
                }
                let target = view == id ? "self" : view == context.superview ? "superview" : view
                o.set("to", target)
                if let guide { o.set("guide", guide.rawValue) }
                if b != c.firstAttribute { o.set("toAttribute", b.rawValue) }
                if c.multiplier != 1 { o.set("multiplier", c.multiplier) }
                model = LayoutConstraint(c.firstAttribute, c.relation, to: target == "self" ? .itself : target == "superview" ? .superview : .view(target),
                                         guide: guide, b, multiplier: c.multiplier, constant: c.constant, priority: c.priority)
            }
            if c.constant != 0 { o.set("constant", c.constant) }
            if c.priority != 1000 { o.set("priority", c.priority) }
            if !c.identifier.isEmpty { o.set("identifier", c.identifier) }
            if let problem = model.problem {
                warn(c.node, "constraint", "UIKit refuses this constraint: \(problem); it is left out")
                continue
            }
            if c.multiplier < -1000 || c.multiplier > 1000 || abs(c.constant) > SceneLimits.maxPoints {
                warn(c.node, "constraint", "the constraint's numbers are beyond a scene's limits; it is left out")
                continue
            }
            out.append(o.value)
        }
        return out
    }

    /// Drops the constraints of a scene whose second item is a view the scene does not have (one
    /// inside a placeholder, left out by a variation, or in another controller), with a warning each.
    mutating func pruneConstraints(_ scene: JSONOut) -> JSONOut {
        var ids: Set<String> = []
        func collect(_ j: JSONOut) {
            switch j {
            case .object(let members):
                for (k, v) in members {
                    if k == "id", case .string(let s) = v { ids.insert(s) }
                    collect(v)
                }
            case .array(let items): items.forEach(collect)
            default: break
            }
        }
        collect(scene)
        func prune(_ j: JSONOut) -> JSONOut {
            switch j {
            case .object(let members):
                var out: [(String, JSONOut)] = []
                for (k, v) in members {
                    if k == "constraints", case .array(let list) = v {
                        let kept = list.filter { c in
                            guard case .string(let to)? = c["to"], to != "self", to != "superview", !ids.contains(to) else { return true }
                            var identifier = ""
                            if case .string(let s)? = c["identifier"] { identifier = s }
                            warn(nodes[identifier], "constraint", "a constraint to \(quoted(to)), which this scene does not draw, is left out", id: identifier)
                            return false
                        }
                        if !kept.isEmpty { out.append((k, .array(kept))) }
                        continue
                    }
                    out.append((k, prune(v)))
                }
                return .object(out)
            case .array(let items): return .array(items.map(prune))
            default: return j
            }
        }
        return prune(scene)
    }
}
