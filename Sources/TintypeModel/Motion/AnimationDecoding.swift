/// The scene's `animations` list: UIView blocks (`"to"`) and Core Animation's `"basic"` and
/// `"keyframe"` animations, each naming a view by `"view"`. docs/motion.md describes every key.
enum AnimationDecoding {
    /// The key paths a Core Animation animation may name, and UIView's properties (a block's `to`).
    static let keyPaths: [(String, AnimatedProperty)] = [
        ("position", .position), ("position.x", .positionX), ("position.y", .positionY),
        ("opacity", .alpha), ("backgroundColor", .backgroundColor), ("cornerRadius", .cornerRadius),
        ("borderWidth", .borderWidth), ("bounds", .bounds), ("bounds.size", .boundsSize), ("bounds.origin", .contentOffset), ("transform", .transform),
        ("transform.scale", .scale), ("transform.scale.x", .scaleX), ("transform.scale.y", .scaleY),
        ("transform.rotation", .rotation), ("transform.rotation.z", .rotation),
        ("transform.rotation.x", .rotationX), ("transform.rotation.y", .rotationY), ("transform.translation.z", .translationZ),
        ("transform.translation", .translation), ("transform.translation.x", .translationX), ("transform.translation.y", .translationY),
    ]
    static let viewProperties: [(String, AnimatedProperty)] = [
        ("frame", .frame), ("center", .center), ("bounds", .bounds), ("alpha", .alpha), ("backgroundColor", .backgroundColor),
        ("transform", .transform), ("transform3D", .transform3D), ("cornerRadius", .cornerRadius), ("borderWidth", .borderWidth),
        ("contentOffset", .contentOffset),
    ]
    /// CALayer properties Core Animation animates that Tintype does not (yet): named in the message.
    static let otherLayerKeyPaths = ["zPosition", "anchorPoint", "shadowOpacity", "shadowRadius", "shadowOffset", "shadowColor",
                                     "borderColor", "contents", "contentsRect", "mask", "sublayerTransform", "transform.scale.z",
                                     "hidden", "masksToBounds"]

    static func decode(_ items: [(node: JSONNode, path: String)], scene: Scene, context: DecodeContext) -> [Animation] {
        items.flatMap { item -> [Animation] in
            // A group stands for the animations it holds, each on the group's time.
            if case .object(let members) = item.node.value, members.contains(where: { $0.key == "group" }) {
                return decodeGroup(item.node, path: item.path, context: context)
            }
            return decodeOne(item.node, path: item.path, scene: scene, context: context).map { [$0] } ?? []
        }
    }

    static func decodeOne(_ node: JSONNode, path: String, scene: Scene, context: DecodeContext) -> Animation? {
        guard let r = ObjectReader(node, path: path, context: context, what: "an animation object", schemaName: "animation") else { return nil }
        defer { r.finish() }
        let view = r.reference("view")
        if view == nil && !r.has("view") { context.report(path, node.position, "an animation needs \"view\": the id of the view it moves") }
        let forms = ["to", "basic", "keyframe", "transition", "rows", "control"].filter { r.gives($0) }
        guard forms.count == 1 else {
            context.report(path, node.position, forms.isEmpty
                ? "an animation needs \"to\" (a UIView block), \"basic\" or \"keyframe\" (Core Animation), \"transition\", "
                    + "\"rows\" (a table's rows inserted and deleted), or \"control\" (a switch or segmented control changing)"
                : "give one of \(forms.map(quoted).joined(separator: ", ")) in an animation, not several")
            _ = r.node("to"); _ = r.node("basic"); _ = r.node("keyframe"); _ = r.node("transition"); _ = r.node("rows"); _ = r.node("control")
            return nil
        }
        var animation: Animation?
        switch forms[0] {
        case "to": animation = block(r, context: context)
        case "transition":
            _ = ["duration", "delay", "curve", "spring", "repeat", "autoreverse"].map { r.node($0) }
            if let t = r.object("transition", schemaName: "transition") { animation = transition(t, view: view, scene: scene) }
        case "rows":
            _ = ["duration", "delay", "curve", "spring", "repeat", "autoreverse"].map { r.node($0) }
            if let t = r.object("rows", schemaName: "rowUpdate") { animation = rowUpdate(t, view: view, scene: scene) }
        case "control":
            _ = ["duration", "delay", "curve", "spring", "repeat", "autoreverse"].map { r.node($0) }
            if let c = r.object("control", schemaName: "controlChange") { animation = controlChange(c, view: view, scene: scene) }
        case "basic":
            _ = ["duration", "delay", "curve", "spring", "repeat", "autoreverse"].map { r.node($0) }
            if let b = r.object("basic", schemaName: "basicAnimation") { animation = basic(b, context: context) }
        default:
            _ = ["duration", "delay", "curve", "spring", "repeat", "autoreverse"].map { r.node($0) }
            if let k = r.object("keyframe", schemaName: "keyframeAnimation") { animation = keyframe(k, context: context) }
        }
        if forms[0] != "to" {
            let what = ["transition": "a transition", "rows": "a row update", "control": "a control change"][forms[0]] ?? "a Core Animation animation"
            for key in ["duration", "delay", "curve", "spring", "repeat", "autoreverse"] where r.gives(key) {
                context.report(join(path, key), r.node(key)?.position, "\(quoted(key)) belongs to a UIView block (with \"to\"); "
                               + "\(what) takes its timing inside \(quoted(forms[0]))")
            }
        }
        guard var a = animation, let view else { return nil }
        a.view = view
        a.source = path
        // The content offset belongs to a scroll view or a table.
        if a.tracks.contains(where: { $0.property == .contentOffset }), let found = scene.findViews(first: true, { $0.id == view }).first {
            switch found.kind {
            case .scrollView, .tableView: break
            default:
                let key = forms[0] == "to" ? "to.contentOffset" : "\(forms[0]).keyPath"
                context.report(join(path, key), node.position, "\(quoted(view)) is a \(found.kind.name), not a scroll view or table: "
                               + "only those have a content offset to animate")
                return nil
            }
        }
        return a
    }

    // MARK: Transitions

    /// `{"type", "subtype", "from", "to", "duration", "beginTime", "timingFunction"}` on the view
    /// `view`, whose direct subviews `from` and `to` must be.
    static func transition(_ r: ObjectReader, view: String?, scene: Scene) -> Animation? {
        defer { r.finish() }
        var ok = true
        var kind: Transition.Kind?
        if let n = r.node("type", as: .choice(Transition.Kind.allCases.map(\.rawValue) + ["curlUp", "curlDown"])) {
            if case .string(let s) = n.value, s == "curlUp" || s == "curlDown" {
                r.report("type", n, "\(quoted(s)) (UIView's page curl) is out of scope: Tintype does not draw it; use a flip "
                         + "(flipFromLeft, flipFromRight, flipFromTop, flipFromBottom), crossDissolve, or fade, push, moveIn, reveal")
                ok = false
            } else {
                kind = ObjectReader.choice(n, path: join(r.path, "type"), Transition.Kind.self, context: r.context)
                if kind == nil { ok = false }
            }
        } else {
            r.context.report(r.path, r.node.position, "a transition needs \"type\": "
                             + Transition.Kind.allCases.map(\.rawValue).joined(separator: ", "))
            ok = false
        }
        var subtype = Transition.Subtype.fromLeft
        if let n = r.node("subtype", as: .choice(Transition.Subtype.allCases.map(\.rawValue))) {
            if let s = ObjectReader.choice(n, path: join(r.path, "subtype"), Transition.Subtype.self, context: r.context) { subtype = s } else { ok = false }
            if let kind, !kind.takesSubtype {
                r.report("subtype", n, kind.isFlip ? "a flip's direction is in its type (\(kind.rawValue)); remove \"subtype\""
                                                   : "\(quoted(kind.rawValue)) has no direction; \"subtype\" is for push, moveIn and reveal")
                ok = false
            }
        }
        // The two states: direct subviews of the view.
        let container = view.flatMap { id in scene.findViews(first: true) { $0.id == id }.first }
        var ends: [String: String] = [:]
        for key in ["from", "to"] {
            guard let n = r.node(key, as: .string) else { continue }
            guard case .string(let id) = n.value else {
                r.report(key, n, "expected the id of a subview (a string), found \(n.value.kindName)")
                ok = false
                continue
            }
            if let container, !container.subviews.contains(where: { $0.id == id }) {
                let ids = container.subviews.compactMap(\.id)
                var message = "\(quoted(id)) is not a subview of \(quoted(view ?? "")): a transition's \(quoted(key)) is one of its view's own subviews"
                if let s = Suggest.closest(to: id, in: ids) { message += "; did you mean \(quoted(s))?" }
                message += ids.isEmpty ? " (it has no subviews with ids)" : " (\(ids.map(quoted).joined(separator: ", ")))"
                r.report(key, n, message)
                ok = false
            }
            ends[key] = id
        }
        if ends.isEmpty {
            r.context.report(r.path, r.node.position, "a transition needs \"from\" (the subview shown before), \"to\" (the one shown after) or both")
            ok = false
        } else if let f = ends["from"], f == ends["to"] {
            r.report("to", r.node("to")!, "\"from\" and \"to\" name the same subview \(quoted(f)); a transition goes between two")
            ok = false
        }
        var timing = MediaTiming()
        timing.duration = r.number("duration", in: SceneLimits.time) ?? Transition.defaultDuration
        timing.beginTime = r.number("beginTime", in: SceneLimits.timeShift) ?? 0
        let function = timingFunction(r, "timingFunction")
        guard ok, let kind else { return nil }
        let t = Transition(kind, subtype: subtype, from: ends["from"], to: ends["to"])
        return Transition.animation(view: view ?? "", t, duration: timing.duration, beginTime: timing.beginTime, curve: function)
    }

    // MARK: Table rows

    /// `{"delete": [[section, row], ...], "insert": [...], "animation", "duration", "beginTime", "timingFunction"}`
    /// on the table `view`: positions in the scene's table, which holds every row involved.
    static func rowUpdate(_ r: ObjectReader, view: String?, scene: Scene) -> Animation? {
        defer { r.finish() }
        var ok = true
        let found = view.flatMap { id in scene.findViews(first: true) { $0.id == id }.first }
        var table: TableView?
        if let found {
            if case .tableView(let t) = found.kind { table = t } else {
                r.context.report(r.path, r.node.position, "\(quoted(view ?? "")) is a \(found.kind.name), not a tableView: "
                                 + "\"rows\" inserts and deletes a table's rows")
                ok = false
            }
        }
        var lists: [String: [RowUpdate.Position]] = [:]
        var seen: [RowUpdate.Position: String] = [:]
        for key in ["delete", "insert"] {
            guard let n = r.node(key, as: .array) else { continue }
            guard case .array(let items) = n.value else {
                r.report(key, n, "expected a list of [section, row] pairs, found \(n.value.kindName)")
                ok = false
                continue
            }
            var list: [RowUpdate.Position] = []
            for (i, item) in items.enumerated() {
                let at = "\(join(r.path, key))[\(i)]"
                guard case .array(let pair) = item.value, pair.count == 2,
                      case .number(let s) = pair[0].value, case .number(let row) = pair[1].value,
                      s == s.rounded(), row == row.rounded(), s >= 0, row >= 0, s < 1e6, row < 1e6 else {
                    let found: String = if case .array(let a) = item.value {
                        "[" + a.map { if case .number(let v) = $0.value { format(v) } else { $0.value.kindName } }.joined(separator: ", ") + "]"
                    } else { item.value.kindName }
                    r.context.report(at, item.position, "expected [section, row], two whole numbers from 0, found \(found)")
                    ok = false
                    continue
                }
                let position = RowUpdate.Position(section: Int(s), row: Int(row))
                if let table {
                    if position.section >= table.sections.count {
                        r.context.report(at, item.position, "the table has \(table.sections.count) section\(table.sections.count == 1 ? "" : "s"); "
                                         + "there is no section \(position.section)")
                        ok = false
                        continue
                    }
                    let rows = table.sections[position.section].rows.count
                    if position.row >= rows {
                        r.context.report(at, item.position, "section \(position.section) has \(rows) row\(rows == 1 ? "" : "s"); there is no row \(position.row) "
                                         + "(the scene's table holds every row involved: those deleted and those inserted)")
                        ok = false
                        continue
                    }
                }
                if let other = seen[position] {
                    r.context.report(at, item.position, "row [\(position.section), \(position.row)] is already in \(quoted(other)); "
                                     + "a row is deleted or inserted once")
                    ok = false
                    continue
                }
                seen[position] = key
                list.append(position)
            }
            lists[key] = list
        }
        if !r.has("delete") && !r.has("insert") {
            r.context.report(r.path, r.node.position, "a row update needs \"delete\" or \"insert\" (lists of [section, row])")
            ok = false
        }
        let style = r.has("animation") ? r.choice("animation", RowUpdate.Style.self) : RowUpdate.Style.automatic
        if style == nil { ok = false }
        let duration = r.number("duration", in: SceneLimits.time) ?? RowUpdate.duration
        let begin = r.number("beginTime", in: SceneLimits.timeShift) ?? 0
        let function = timingFunction(r, "timingFunction")
        guard ok, let style else { return nil }
        let update = RowUpdate(deleting: lists["delete"] ?? [], inserting: lists["insert"] ?? [], animation: style)
        return RowUpdate.animation(view: view ?? "", update, duration: duration, beginTime: begin, curve: function ?? .easeInEaseOut)
    }

    // MARK: Groups

    /// `{"view": ID, "group": {"animations": [{"basic": {...}} | {"keyframe": {...}}, ...], "duration",
    /// "beginTime", "speed", "timeOffset", "repeatCount", "autoreverses", "fillMode"}}`: CAAnimationGroup.
    /// Each animation's own timing keys count on the group's local time; the group's `duration`
    /// (0.25 s by default, as Core Animation's) cuts them off.
    static func decodeGroup(_ node: JSONNode, path: String, context: DecodeContext) -> [Animation] {
        guard let r = ObjectReader(node, path: path, context: context, what: "an animation object", schemaName: "animation") else { return [] }
        defer { r.finish() }
        let view = r.reference("view")
        if view == nil && !r.has("view") { context.report(path, node.position, "an animation needs \"view\": the id of the view it moves") }
        for key in ["to", "basic", "keyframe", "transition", "rows", "control"] where r.gives(key) {
            context.report(join(path, key), r.node(key)?.position, "give one of \"group\" and \(quoted(key)) in an animation, not both; "
                           + "put the animation inside the group's \"animations\"")
        }
        for key in ["duration", "delay", "curve", "spring", "repeat", "autoreverse"] where r.gives(key) {
            context.report(join(path, key), r.node(key)?.position, "\(quoted(key)) belongs to a UIView block (with \"to\"); a group takes its timing inside \"group\"")
        }
        guard let g = r.object("group", schemaName: "animationGroup") else { return [] }
        defer { g.finish() }
        let timing = mediaTiming(g)
        guard let list = g.node("animations", as: .array) else {
            context.report(g.path, g.node.position, "a group needs \"animations\": a list of {\"basic\": {...}} and {\"keyframe\": {...}}")
            return []
        }
        guard case .array(let children) = list.value else {
            g.report("animations", list, "expected a list of {\"basic\": {...}} and {\"keyframe\": {...}}, found \(list.value.kindName)")
            return []
        }
        var out: [Animation] = []
        for (i, child) in children.enumerated() {
            let at = "\(join(g.path, "animations"))[\(i)]"
            guard let c = ObjectReader(child, path: at, context: context, what: "an animation of the group", schemaName: "groupedAnimation") else { continue }
            defer { c.finish() }
            let forms = ["basic", "keyframe"].filter { c.gives($0) }
            guard forms.count == 1 else {
                context.report(at, child.position, forms.isEmpty
                    ? "an animation in a group is {\"basic\": {...}} or {\"keyframe\": {...}} (Core Animation's; a group holds no UIView blocks, transitions or groups)"
                    : "give one of \"basic\" and \"keyframe\", not both")
                _ = c.node("basic"); _ = c.node("keyframe")
                continue
            }
            var animation: Animation?
            if forms[0] == "basic" {
                if let b = c.object("basic", schemaName: "basicAnimation") { animation = basic(b, context: context) }
            } else if let k = c.object("keyframe", schemaName: "keyframeAnimation") {
                animation = keyframe(k, context: context)
            }
            guard var a = animation, let view else { continue }
            a.view = view
            a.source = at
            a.groupTiming = timing
            out.append(a)
        }
        if children.isEmpty { g.report("animations", list, "a group needs at least one animation") }
        return out
    }

    // MARK: Controls

    /// `{"isOn": Bool}` on a switch or `{"selectedSegmentIndex": N}` on a segmented control, with
    /// `duration`, `beginTime` and `timingFunction`: the value the control animates to.
    static func controlChange(_ r: ObjectReader, view: String?, scene: Scene) -> Animation? {
        defer { r.finish() }
        let found = view.flatMap { id in scene.findViews(first: true) { $0.id == id }.first }
        var change: ControlChange?
        var ok = true
        let given = ["isOn", "selectedSegmentIndex"].filter { r.has($0) }
        if given.count != 1 {
            r.context.report(r.path, r.node.position, given.isEmpty
                ? "a control change needs \"isOn\" (a switch) or \"selectedSegmentIndex\" (a segmented control): the value it animates to"
                : "give \"isOn\" or \"selectedSegmentIndex\", not both")
            _ = r.node("isOn"); _ = r.node("selectedSegmentIndex")
            ok = false
        } else if given[0] == "isOn" {
            if let on = r.bool("isOn") { change = .isOn(on) } else { ok = false }
            if let found, case .control(.switch) = found.kind {} else if let found {
                r.report("isOn", r.node("isOn")!, "\(quoted(view ?? "")) is a \(found.kind.name), not a switch: \"isOn\" toggles a switch")
                ok = false
            }
        } else {
            if let i = r.integer("selectedSegmentIndex", in: -1...10_000) {
                change = .selectedSegmentIndex(i)
                if let found, case .control(.segmentedControl(let c)) = found.kind {
                    if i >= c.segments.count {
                        r.report("selectedSegmentIndex", r.node("selectedSegmentIndex")!, "the segmented control has \(c.segments.count) segments "
                                 + "(0 to \(c.segments.count - 1), or -1 for none); there is no segment \(i)")
                        ok = false
                    }
                } else if let found {
                    r.report("selectedSegmentIndex", r.node("selectedSegmentIndex")!,
                             "\(quoted(view ?? "")) is a \(found.kind.name), not a segmentedControl: \"selectedSegmentIndex\" moves a segmented control's selection")
                    ok = false
                }
            } else { ok = false }
        }
        let duration = r.number("duration", in: SceneLimits.time)
        let begin = r.number("beginTime", in: SceneLimits.timeShift) ?? 0
        let function = timingFunction(r, "timingFunction")
        guard ok, let change else { return nil }
        return ControlChange.animation(view: view ?? "", change, duration: duration, beginTime: begin, curve: function ?? .easeInEaseOut)
    }

    // MARK: The system's animations

    /// `{"type": "push" | "pop" | "alertAppearing" | ..., "beginTime": seconds}`, checked against what the
    /// scene holds: a push or pop needs a root navigation controller with two view controllers or
    /// more, an alert's animation a presented alert, a modal one a presented sheet, an action sheet's
    /// a presented action sheet.
    static func systemAnimation(_ r: ObjectReader, scene: Scene) -> SystemAnimation? {
        defer { r.finish() }
        let begin = r.number("beginTime", in: SceneLimits.time) ?? 0
        guard let kind = r.choice("type", SystemAnimation.Kind.self) else {
            if !r.has("type") {
                r.context.report(r.path, r.node.position, "a system animation needs \"type\": "
                                 + SystemAnimation.Kind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return nil
        }
        let at = r.node("type")?.position
        switch kind {
        case .push, .pop:
            guard case .controller(.navigation(let nav)) = scene.root.kind, nav.stack.count >= 2 else {
                r.context.report(join(r.path, "type"), at, "a \(kind.rawValue) animates the root navigation controller's top view controller: "
                                 + "make the root a navigationController with a \"stack\" of two view controllers or more")
                return nil
            }
        case .alertAppearing, .alertDismissing:
            guard case .alert? = scene.presented else {
                r.context.report(join(r.path, "type"), at, "\(quoted(kind.rawValue)) animates the presented alert: give the scene \"presented\": {\"alert\": {...}}")
                return nil
            }
        case .modalPresenting, .modalDismissing:
            switch scene.presented {
            case .sheet?: break
            case .popover? where !scene.device.isPad: break
            default:
                let iPadPopover: Bool = if case .popover? = scene.presented { true } else { false }
                r.context.report(join(r.path, "type"), at, "\(quoted(kind.rawValue)) animates the presented sheet: give the scene \"presented\": {\"sheet\": {...}}"
                                 + (iPadPopover ? " (an iPad's popover is not a modal sheet)" : ""))
                return nil
            }
        case .actionSheetAppearing, .actionSheetDismissing:
            guard case .actionSheet? = scene.presented else {
                r.context.report(join(r.path, "type"), at, "\(quoted(kind.rawValue)) animates the presented action sheet: "
                                 + "give the scene \"presented\": {\"actionSheet\": {...}}")
                return nil
            }
        }
        return SystemAnimation(kind, beginTime: begin)
    }

    // MARK: UIView blocks

    static func block(_ r: ObjectReader, context: DecodeContext) -> Animation? {
        var tracks: [Track] = []
        if let to = r.object("to", schemaName: "animatedProperties") {
            for (name, property) in viewProperties {
                guard let n = to.node(name, as: form(property.kind)) else { continue }
                if let v = value(n, kind: property.kind, property: property, name: name, path: join(to.path, name), context: context) {
                    tracks.append(Track(property: property, values: .change(from: nil, to: v, by: nil)))
                }
            }
            for key in to.keys where !viewProperties.contains(where: { $0.0 == key }) {
                var message = "\(quoted(key)) is not a property a UIView block animates (\(viewProperties.map(\.0).joined(separator: ", ")))"
                if let s = Suggest.closest(to: key, in: viewProperties.map(\.0)) { message += "; did you mean \(quoted(s))?" }
                context.report(join(to.path, key), to.node(key)?.position, message)
                _ = to.node(key)
            }
            if to.keys.isEmpty { context.report(to.path, to.node.position, "\"to\" needs at least one property to animate") }
            to.finish()
        }
        var timing = MediaTiming()
        timing.duration = r.number("duration", in: SceneLimits.time) ?? 0.25
        timing.beginTime = r.number("delay", in: SceneLimits.time) ?? 0
        var curve = AnimationCurve.timing(.easeInEaseOut)
        if let c = r.choice("curve", ViewCurve.self) { curve = .timing(c.function) }
        if let s = r.object("spring", schemaName: "spring") {
            if r.gives("curve") { context.report(join(r.path, "curve"), r.node("curve")?.position, "a spring sets its own pace; give \"curve\" or \"spring\", not both") }
            let damping = s.number("damping", in: 0...1)
            if !s.has("damping") { context.report(s.path, s.node.position, "a spring needs \"damping\": its damping ratio, from 0 to 1 (1 stops without overshoot)") }
            let velocity = s.number("initialVelocity") ?? 0
            s.finish()
            if let damping { curve = .spring(Spring(damping: damping, initialVelocity: velocity)) }
        }
        if let n = r.node("repeat", as: .anyOf([.boolean, .number(SceneLimits.repeatCount.lowerBound, SceneLimits.repeatCount.upperBound)])) {
            switch n.value {
            case .bool(let b): timing.repeatsForever = b
            default: if let c = ObjectReader.number(n, path: join(r.path, "repeat"), in: SceneLimits.repeatCount, context: context) { timing.repeatCount = c }
            }
        }
        if let b = r.bool("autoreverse") { timing.autoreverses = b }
        guard !tracks.isEmpty else { return nil }
        return Animation(view: "", tracks: tracks, timing: timing, curve: curve, isViewBlock: true)
    }

    /// UIView.AnimationCurve.
    enum ViewCurve: String, CaseIterable {
        case easeInOut, easeIn, easeOut, linear
        var function: TimingFunction {
            switch self {
            case .easeInOut: .easeInEaseOut
            case .easeIn: .easeIn
            case .easeOut: .easeOut
            case .linear: .linear
            }
        }
    }

    // MARK: Core Animation

    /// CAMediaTiming's keys inside a basic or keyframe animation.
    static func mediaTiming(_ r: ObjectReader) -> MediaTiming {
        var t = MediaTiming()
        if let d = r.number("duration", in: SceneLimits.time) { t.duration = d }
        if let b = r.number("beginTime", in: SceneLimits.timeShift) { t.beginTime = b }
        if let s = r.number("speed", in: SceneLimits.speed) { t.speed = s }
        if let o = r.number("timeOffset", in: SceneLimits.timeShift) { t.timeOffset = o }
        if let n = r.node("repeatCount", as: .anyOf([.number(SceneLimits.repeatCount.lowerBound, SceneLimits.repeatCount.upperBound), .choice(["infinity"])])) {
            if case .string("infinity") = n.value { t.repeatsForever = true } else if let c = ObjectReader.number(n, path: join(r.path, "repeatCount"),
                                                                                                             in: SceneLimits.repeatCount, context: r.context) {
                t.repeatCount = c
            }
        }
        if let a = r.bool("autoreverses") { t.autoreverses = a }
        if let f = r.choice("fillMode", MediaTiming.FillMode.self) { t.fillMode = f }
        return t
    }

    /// The key path at `keyPath`, with its property; nil after reporting.
    static func keyPath(_ r: ObjectReader) -> (property: AnimatedProperty, name: String)? {
        let names = keyPaths.map(\.0)
        guard let n = r.node("keyPath", as: .choice(names)) else {
            r.context.report(r.path, r.node.position, "a Core Animation animation needs \"keyPath\" (\(names.joined(separator: ", ")))")
            return nil
        }
        guard case .string(let s) = n.value else {
            r.report("keyPath", n, "expected a key path (a string), found \(n.value.kindName)")
            return nil
        }
        if let p = keyPaths.first(where: { $0.0 == s })?.1 { return (p, s) }
        var message = otherLayerKeyPaths.contains(s) ? "\(quoted(s)) is not a key path Tintype animates"
            : "\(quoted(s)) is not an animatable key path"
        if let best = Suggest.closest(to: s, in: names) { message += "; did you mean \(quoted(best))?" }
        r.report("keyPath", n, message + " (animatable: \(names.joined(separator: ", ")))")
        return nil
    }

    static func basic(_ r: ObjectReader, context: DecodeContext) -> Animation? {
        let named = keyPath(r), property = named?.property
        var ends: [String: AnimatedValue] = [:]
        for key in ["from", "to", "by"] {
            guard let n = r.node(key, as: property.map { form($0.kind) }) else { continue }
            if let named, let v = value(n, kind: named.property.kind, property: named.property, name: named.name, path: join(r.path, key), context: context) {
                ends[key] = v
            }
        }
        let given = ["from", "to", "by"].filter { r.has($0) }
        if given.count == 3 { context.report(r.path, r.node.position, "give two of \"from\", \"to\" and \"by\" at most (Core Animation ignores a third)") }
        if given.isEmpty { context.report(r.path, r.node.position, "a basic animation needs \"from\", \"to\" or \"by\"") }
        let timing = mediaTiming(r)
        let function = timingFunction(r, "timingFunction")
        guard let property, given.count == ends.count, (1...2).contains(given.count) else { return nil }
        return Animation(view: "", tracks: [Track(property: property, values: .change(from: ends["from"], to: ends["to"], by: ends["by"]))],
                         timing: timing, curve: .timing(function ?? .linear))
    }

    static func keyframe(_ r: ObjectReader, context: DecodeContext) -> Animation? {
        let named = keyPath(r), property = named?.property
        let mode = r.choice("calculationMode", CalculationMode.self) ?? .linear
        var ok = property != nil
        var values: [AnimatedValue] = []
        var motionPath: PathData?
        if let n = r.node("path", as: .string) {
            if case .string(let d) = n.value {
                do { motionPath = try PathData(parsing: d) } catch {
                    context.report(join(r.path, "path"), n.position, "bad path data at character \(error.offset + 1): \(error.message)")
                    ok = false
                }
                if let named, named.property != .position {
                    context.report(join(r.path, "path"), n.position, "a path moves \"position\"; this animation's keyPath is \(quoted(named.name))")
                    ok = false
                }
            } else {
                context.report(join(r.path, "path"), n.position, "expected SVG path data (a string like \"M 0 0 C 50 0 50 100 100 100\"), found \(n.value.kindName)")
                ok = false
            }
        }
        if let items = r.array("values") {
            if motionPath != nil { context.report(join(r.path, "values"), r.node("values")?.position, "give \"values\" or \"path\", not both"); ok = false }
            for (n, p) in items {
                guard let named else { break }
                if let v = value(n, kind: named.property.kind, property: named.property, name: named.name, path: p, context: context) {
                    values.append(v)
                } else {
                    ok = false
                }
            }
            if items.isEmpty { context.report(join(r.path, "values"), r.node("values")?.position, "\"values\" needs at least one value"); ok = false }
        } else if motionPath == nil && !r.has("path") {
            context.report(r.path, r.node.position, "a keyframe animation needs \"values\" or a \"path\"")
            ok = false
        }
        var rotation: MotionPath.RotationMode?
        if let n = r.node("rotationMode", as: .choice(MotionPath.RotationMode.allCases.map(\.rawValue))) {
            rotation = ObjectReader.choice(n, path: join(r.path, "rotationMode"), MotionPath.RotationMode.self, context: context)
            if motionPath == nil { context.report(join(r.path, "rotationMode"), n.position, "\"rotationMode\" turns the view along a \"path\"; give one"); ok = false }
        }
        // How many points the key times are matched against: the values, or the path's segment ends.
        let segments = motionPath.map { MotionPath(path: $0).segments.count }
        let count = segments.map { $0 + 1 } ?? values.count
        var keyTimes: [Double]?
        if let items = r.array("keyTimes") {
            let at = r.node("keyTimes")?.position
            var times: [Double] = []
            for (n, p) in items { if let t = ObjectReader.number(n, path: p, in: 0...1, context: context) { times.append(t) } else { ok = false } }
            if mode == .paced {
                context.report(join(r.path, "keyTimes"), at, "a paced animation keeps one speed and ignores \"keyTimes\"; remove them or use \"linear\"")
                ok = false
            }
            if times.count == items.count {
                let expected = mode == .discrete && motionPath == nil ? [count, count + 1] : [count]
                if !expected.contains(times.count) && count > 0 {
                    let what = segments == nil ? "\(count) values" : "\(count) points of the path (\(segments!) segments)"
                    context.report(join(r.path, "keyTimes"), at, "\(times.count) key times for \(what): give one key time per "
                                   + (segments == nil ? "value" : "point") + (expected.count == 2 ? " (or one more, for discrete)" : ""))
                    ok = false
                } else if let bad = times.indices.dropLast().first(where: { times[$0] > times[$0 + 1] }) {
                    context.report(join(r.path, "keyTimes") + "[\(bad + 1)]", items[bad + 1].node.position,
                                   "key times must not decrease: \(format(times[bad + 1])) follows \(format(times[bad]))")
                    ok = false
                } else if mode != .discrete && (times.first != 0 || times.last != 1) {
                    context.report(join(r.path, "keyTimes"), at, "key times run from 0 to 1; these run from \(format(times.first ?? 0)) to \(format(times.last ?? 0))")
                    ok = false
                }
            }
            keyTimes = times
        }
        var functions: [TimingFunction]?
        if let items = r.array("timingFunctions") {
            var fs: [TimingFunction] = []
            for (n, p) in items { if let f = timingFunction(n, path: p, context: context) { fs.append(f) } else { ok = false } }
            if fs.count == items.count, values.count > 1, fs.count != values.count - 1 {
                context.report(join(r.path, "timingFunctions"), r.node("timingFunctions")?.position,
                               "\(fs.count) timing functions for \(values.count - 1) segments: give one per segment between values")
                ok = false
            }
            functions = fs
        }
        let timing = mediaTiming(r)
        let function = timingFunction(r, "timingFunction")
        guard ok, let property else { return nil }
        let track: Track
        if let motionPath {
            track = Track(property: .position, values: .path(MotionPath(path: motionPath, mode: mode, rotationMode: rotation, keyTimes: keyTimes)))
        } else {
            track = Track(property: property, values: .keyframes(Keyframes(values: values, keyTimes: keyTimes, mode: mode, timingFunctions: functions)))
        }
        return Animation(view: "", tracks: [track], timing: timing, curve: .timing(function ?? .linear))
    }

    // MARK: Values

    static func timingFunction(_ r: ObjectReader, _ key: String) -> TimingFunction? {
        guard let n = r.node(key, as: .anyOf([.choice(TimingFunction.named.map(\.0)), .numbers(["c1x", "c1y", "c2x", "c2y"], nonNegative: [])])) else { return nil }
        return timingFunction(n, path: join(r.path, key), context: r.context)
    }

    /// A named timing function or `[c1x, c1y, c2x, c2y]` (the x's in 0…1, as Core Animation requires).
    static func timingFunction(_ n: JSONNode, path: String, context: DecodeContext) -> TimingFunction? {
        let names = TimingFunction.named.map(\.0)
        switch n.value {
        case .string(let s):
            if let f = TimingFunction.named.first(where: { $0.0 == s })?.1 { return f }
            var message = "unknown timing function \(quoted(s))"
            if let best = Suggest.closest(to: s, in: names) { message += "; did you mean \(quoted(best))?" }
            context.report(path, n.position, message + " (\(names.joined(separator: ", ")), or control points [c1x, c1y, c2x, c2y])")
            return nil
        case .array, .object:
            guard let c = ObjectReader.numbers(n, path: path, names: ["c1x", "c1y", "c2x", "c2y"], context: context) else { return nil }
            for i in [0, 2] where !(0...1).contains(c[i]) {
                context.report(path, n.position, "a control point's x must be from 0 to 1 (time runs forward), found \(format(c[i]))")
                return nil
            }
            return TimingFunction(c[0], c[1], c[2], c[3])
        default:
            context.report(path, n.position, "expected a timing function name (\(names.joined(separator: ", "))) or [c1x, c1y, c2x, c2y], found \(n.value.kindName)")
            return nil
        }
    }

    static func form(_ kind: AnimatedValue.Kind) -> ValueForm {
        switch kind {
        case .number: .number(SceneLimits.coordinate.lowerBound, SceneLimits.coordinate.upperBound)
        case .point: .numbers(["x", "y"], nonNegative: [])
        case .size: .numbers(["width", "height"], nonNegative: ["width", "height"])
        case .rect: .numbers(["x", "y", "width", "height"], nonNegative: ["width", "height"])
        case .color: .color(tint: false)
        case .transform: ViewTransformDecoding.form
        case .transform3D: .object
        }
    }

    /// A value of `kind` for `property`; nil after reporting what is wrong (naming what it takes).
    static func value(_ n: JSONNode, kind: AnimatedValue.Kind, property: AnimatedProperty, name: String, path: String,
                      context: DecodeContext) -> AnimatedValue? {
        let fits: Bool = switch (kind, n.value) {
        case (.number, .number), (.color, .string), (.transform, .array), (.transform, .object), (.transform3D, .object): true
        case (.point, .array), (.point, .object), (.size, .array), (.size, .object), (.rect, .array), (.rect, .object): true
        default: false
        }
        guard fits else {
            context.report(path, n.position, "\(quoted(name)) takes \(kind.written), found \(n.value.kindName)")
            return nil
        }
        switch kind {
        case .number:
            let range: ClosedRange<Double> = switch property {
            case .alpha: 0...1
            case .cornerRadius, .borderWidth: SceneLimits.length
            case .scale, .scaleX, .scaleY: SceneLimits.transformFactor
            default: SceneLimits.coordinate
            }
            return ObjectReader.number(n, path: path, in: range, context: context).map { .number($0) }
        case .point:
            return ObjectReader.numbers(n, path: path, names: ["x", "y"], context: context).map { .point(Point(x: $0[0], y: $0[1])) }
        case .size:
            return ObjectReader.numbers(n, path: path, names: ["width", "height"], nonNegative: ["width", "height"], context: context)
                .map { .size(Size(width: $0[0], height: $0[1])) }
        case .rect:
            return ObjectReader.numbers(n, path: path, names: ["x", "y", "width", "height"], nonNegative: ["width", "height"], context: context)
                .map { .rect(Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3])) }
        case .color:
            return ObjectReader.color(n, path: path, context: context).map { .color($0) }
        case .transform:
            return ViewTransformDecoding.transform(n, path: path, context: context).map { .transform($0) }
        case .transform3D:
            return ViewTransformDecoding.transform3D(n, path: path, context: context).map { .transform3D($0) }
        }
    }
}
