/// Decoding of `{"stackView": {...}}` and of the layout properties every view has (margins,
/// priorities, semantic content attribute).
extension StackView {
    static func decode(_ r: ObjectReader, depth: Int) -> StackView {
        var s = StackView()
        if let a = r.choice("axis", Axis.self) { s.axis = a }
        if let n = r.node("spacing", as: .number(-10_000, 10_000)) {
            // Negative spacing overlaps neighbours; the layout clamps what the content cannot give.
            if let v = ObjectReader.number(n, path: join(r.path, "spacing"), in: -10_000...10_000, context: r.context) { s.spacing = v }
        }
        if let d = r.choice("distribution", Distribution.self) { s.distribution = d }
        if let a = r.choice("alignment", Alignment.self) { s.alignment = a }
        if let m = r.bool("isLayoutMarginsRelativeArrangement") { s.isLayoutMarginsRelativeArrangement = m }
        if let items = r.array("arrangedSubviews") {
            for (n, p) in items {
                guard let v = SceneDecoder.decodeView(n, path: p, depth: depth + 1, context: r.context) else { continue }
                if let f = v.frame {
                    r.context.report(join(p, "frame"), n.position,
                                     "an arranged subview is placed by its stack view; remove its frame "
                                     + "(\(format(f.x)), \(format(f.y)), \(format(f.width)), \(format(f.height))) or move it to \"subviews\"")
                }
                if let l = v.layout {
                    let edges = [("top", l.top), ("bottom", l.bottom), ("left", l.left), ("right", l.right), ("leading", l.leading),
                                 ("trailing", l.trailing), ("centerX", l.centerX), ("centerY", l.centerY)]
                    if let (name, value) = edges.first(where: { $0.1 != nil }), let value {
                        r.context.report(join(join(p, "layout"), name), n.position,
                                         "an arranged subview is placed by its stack view: its layout may give only \"width\" and \"height\", found \(name) \(format(value))")
                    }
                    if l.guide != .superview {
                        r.context.report(join(join(p, "layout"), "guide"), n.position,
                                         "an arranged subview is placed by its stack view: its layout takes no guide, found \(quoted(l.guide.rawValue))")
                    }
                }
                s.arrangedSubviews.append(v)
            }
        }
        return s
    }
}

enum ViewLayoutDecoding {
    /// UILayoutPriority's range.
    static let priorityRange: ClosedRange<Double> = 1...1000
    /// UIKit's names for common priorities.
    static let priorityNames: [String: Double] = ["required": 1000, "defaultHigh": 750, "defaultLow": 250, "fittingSizeLevel": 50]

    static func decode(_ r: ObjectReader, into view: inout View) {
        let absolute = r.node("layoutMargins", as: .numbers(["top", "left", "bottom", "right"], nonNegative: []))
        let directional = r.node("directionalLayoutMargins", as: .numbers(["top", "leading", "bottom", "trailing"], nonNegative: []))
        if let n = absolute {
            if let v = ObjectReader.numbers(n, path: join(r.path, "layoutMargins"), names: ["top", "left", "bottom", "right"], context: r.context) {
                view.layoutMargins = LayoutMargins(top: v[0], leading: v[1], bottom: v[2], trailing: v[3], isAbsolute: true)
            }
        }
        if let n = directional {
            if absolute != nil {
                r.report("directionalLayoutMargins", n, "give \"layoutMargins\" or \"directionalLayoutMargins\", not both")
            } else if let v = ObjectReader.numbers(n, path: join(r.path, "directionalLayoutMargins"), names: ["top", "leading", "bottom", "trailing"], context: r.context) {
                view.layoutMargins = LayoutMargins(top: v[0], leading: v[1], bottom: v[2], trailing: v[3])
            }
        }
        if let b = r.bool("preservesSuperviewLayoutMargins") { view.preservesSuperviewLayoutMargins = b }
        if let b = r.bool("insetsLayoutMarginsFromSafeArea") { view.insetsLayoutMarginsFromSafeArea = b }
        if let p = priorities(r, "contentHuggingPriority") { view.contentHuggingPriority = p }
        if let p = priorities(r, "contentCompressionResistancePriority") { view.contentCompressionResistancePriority = p }
        if let a = r.choice("semanticContentAttribute", SemanticContentAttribute.self) { view.semanticContentAttribute = a }
    }

    /// `251`, `"defaultHigh"`, or `{"horizontal": 251, "vertical": 750}`.
    static func priorities(_ r: ObjectReader, _ key: String) -> AxisPriorities? {
        let form = ValueForm.anyOf([.number(priorityRange.lowerBound, priorityRange.upperBound), .choice(priorityNames.keys.sorted()), .object])
        guard let n = r.node(key, as: form) else { return nil }
        let path = join(r.path, key)
        if case .object = n.value {
            guard let o = ObjectReader(n, path: path, context: r.context) else { return nil }
            defer { o.finish() }
            var p = AxisPriorities()
            if let h = o.node("horizontal") { p.horizontal = priority(h, path: join(path, "horizontal"), context: r.context) }
            if let v = o.node("vertical") { p.vertical = priority(v, path: join(path, "vertical"), context: r.context) }
            return p
        }
        let v = priority(n, path: path, context: r.context)
        return AxisPriorities(horizontal: v, vertical: v)
    }

    static func priority(_ n: JSONNode, path: String, context: DecodeContext) -> Double? {
        switch n.value {
        case .string(let s):
            if let v = priorityNames[s] { return v }
            var message = "unknown priority \(quoted(s))"
            if let near = Suggest.closest(to: s, in: priorityNames.keys.sorted()) { message += "; did you mean \(quoted(near))?" }
            context.report(path, n.position, message + " (a number from 1 to 1000, or required, defaultHigh, defaultLow, fittingSizeLevel)")
            return nil
        case .number(let v):
            guard priorityRange.contains(v) else {
                context.report(path, n.position, "a priority is from 1 to 1000, found \(format(v))")
                return nil
            }
            return v
        default:
            context.report(path, n.position, "expected a priority (a number from 1 to 1000 or a name like \"defaultHigh\"), found \(n.value.kindName)")
            return nil
        }
    }
}
