/// Decoding of a view's `"constraints": [...]`: Auto Layout constraints with the view as first item.
extension LayoutConstraint {
    /// Every key a constraint object may have.
    static let keys = ["attribute", "relation", "to", "guide", "toAttribute", "multiplier", "constant", "priority", "identifier"]

    /// Reads `constraints` into `view` (after its frame and layout), reporting a view that gives
    /// both a frame or a layout and constraints.
    static func decode(_ r: ObjectReader, into view: inout View) {
        guard let items = r.array("constraints") else { return }
        var out: [LayoutConstraint] = []
        for (n, p) in items {
            guard let o = ObjectReader(n, path: p, context: r.context, what: "a constraint object like {\"attribute\": \"leading\", \"to\": \"superview\"}",
                                       schemaName: "constraint") else { continue }
            if let c = decode(o) { out.append(c) }
            o.finish()
        }
        if !out.isEmpty {
            for key in ["frame", "layout"] where r.has(key) {
                r.context.report(join(r.path, key), r.node(key)?.position,
                                 "a view placed by \"constraints\" takes no \"\(key)\"; remove one of them")
            }
        }
        view.constraints = out
    }

    static func decode(_ r: ObjectReader) -> LayoutConstraint? {
        let attribute = r.choice("attribute", Attribute.self, aliases: Attribute.aliases)
        if attribute == nil && !r.has("attribute") {
            r.context.report(r.path, r.node.position, "a constraint needs an \"attribute\" (like \"leading\", \"top\" or \"width\")")
        }
        let relation = r.choice("relation", Relation.self, aliases: Relation.aliases) ?? .equal
        var target: Target?
        if let n = r.node("to", as: .string) {
            switch n.value {
            case .string("superview"): target = .superview
            case .string("self"): target = .itself
            case .string:
                if let id = r.reference("to") { target = .view(id) }
            default:
                r.report("to", n, "expected \"superview\", \"self\" or a view's id, found \(n.value.kindName)")
            }
        }
        let guide = r.choice("guide", Guide.self)
        let targetAttribute = r.choice("toAttribute", Attribute.self, aliases: Attribute.aliases)
        let multiplier = r.number("multiplier", in: SceneLimits.multiplier)
        let constant = r.number("constant")
        var priority: Double?
        if let n = r.node("priority", as: .anyOf([.number(ViewLayoutDecoding.priorityRange.lowerBound, ViewLayoutDecoding.priorityRange.upperBound),
                                                 .choice(ViewLayoutDecoding.priorityNames.keys.sorted())])) {
            priority = ViewLayoutDecoding.priority(n, path: join(r.path, "priority"), context: r.context)
        }
        let identifier = r.node("identifier", as: .string).flatMap { n -> String? in
            guard case .string(let s) = n.value else { r.report("identifier", n, "expected a string, found \(n.value.kindName)"); return nil }
            return s
        }
        guard let attribute else { return nil }
        if target == nil {
            for key in ["guide", "toAttribute"] where r.has(key) {
                r.report(key, r.node(key)!, "\"\(key)\" belongs to the second item; give \"to\" (\"superview\", \"self\" or a view's id)")
            }
            if let n = r.node("multiplier"), multiplier != nil, multiplier != 1 {
                r.report("multiplier", n, "a multiplier scales the second item; without \"to\" there is nothing to scale")
            }
        }
        if let guide, let second = targetAttribute ?? (target == nil ? nil : attribute),
           [.leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin, .centerXWithinMargins, .centerYWithinMargins].contains(second) {
            let plain = second.rawValue.replacingOccurrences(of: "WithinMargins", with: "").replacingOccurrences(of: "Margin", with: "")
            r.report("guide", r.node("guide")!,
                     "a layout guide has no margins: relate to the \(guide.rawValue) guide's \(plain), or to the view's \(second.rawValue) without a guide")
        }
        var c = LayoutConstraint(attribute, relation, to: target, guide: target == nil ? nil : guide, targetAttribute,
                                 multiplier: multiplier ?? 1, constant: constant ?? 0, priority: priority ?? 1000, identifier: identifier)
        if target == nil { c.multiplier = 1 }
        if let problem = c.problem {
            let key = target == nil ? "attribute" : (r.has("toAttribute") ? "toAttribute" : (c.multiplier == 0 ? "multiplier" : "attribute"))
            r.context.report(join(r.path, key), r.node(key)?.position ?? r.node.position, problem)
            return nil
        }
        return c
    }
}
