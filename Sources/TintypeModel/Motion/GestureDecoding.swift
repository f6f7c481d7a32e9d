/// The scene's `gestures` list (docs/motion.md, Gestures): each element one gesture,
/// `{"pan": {"view": "hud", "translation": [dx, dy]}}`, read after the root so that the views and
/// rows it names are checked against the scene.
enum GestureDecoding {
    static let names = ["pan", "swipe", "edgePan", "pinch", "rotation", "longPress", "tap", "pull"]

    static func decode(_ items: [(node: JSONNode, path: String)], scene: Scene, context: DecodeContext) -> [Gesture] {
        let gestures = items.compactMap { decodeOne($0.node, path: $0.path, context: context) }
        var checked = scene
        checked.gestures = gestures
        // An id declared nowhere is reported by the scene's reference check, with a suggestion.
        for p in checked.gestureProblems() where p.unknownID.map({ context.ids[$0] != nil }) ?? true {
            context.report(p.path, p.position, p.message)
        }
        return gestures
    }

    static func decodeOne(_ node: JSONNode, path: String, context: DecodeContext) -> Gesture? {
        guard let outer = ObjectReader(node, path: path, context: context, what: "a gesture object", schemaName: "gesture") else { return nil }
        defer { outer.finish() }
        let given = names.filter { outer.gives($0) }
        guard given.count == 1, let name = given.first else {
            context.report(path, node.position, given.isEmpty
                ? "a gesture is one of \(names.map(quoted).joined(separator: ", ")), like {\"pan\": {\"view\": \"hud\", \"translation\": [40, 0]}}"
                : "give one gesture in each element of \"gestures\", found \(given.map(quoted).joined(separator: ", "))")
            for n in names { _ = outer.node(n) }
            return nil
        }
        for n in names where n != name { _ = outer.node(n, as: .object) }
        guard let r = outer.object(name, schemaName: "gesture." + name) else {
            if let n = outer.node(name), case .object = n.value {} else if let n = outer.node(name) {
                context.report(join(path, name), n.position, "expected an object, found \(n.value.kindName)")
            }
            return nil
        }
        defer { r.finish() }
        var positions: [String: SourcePosition] = [:]
        func note(_ key: String) { if let p = r.node(key)?.position { positions[key] = p } }
        func required(_ key: String, _ example: String) -> Bool {
            guard r.has(key) else {
                context.report(r.path, r.node.position, "a \(name) needs \(quoted(key)), like \(example)")
                return false
            }
            return true
        }
        let kind: Gesture.Kind?
        switch name {
        case "pan":
            let view = r.reference("view")
            let t = r.numbers("translation", names: ["dx", "dy"])
            _ = required("view", "\"view\": \"hud\""); _ = required("translation", "\"translation\": [40, -20]")
            kind = view.flatMap { v in t.map { .pan(view: v, translation: Point(x: $0[0], y: $0[1])) } }
        case "pinch":
            let view = r.reference("view")
            let scale = r.number("scale", in: 0.01...100)
            _ = required("view", "\"view\": \"photo\""); _ = required("scale", "\"scale\": 1.5")
            kind = view.flatMap { v in scale.map { .pinch(view: v, scale: $0) } }
        case "rotation":
            let view = r.reference("view")
            let degrees = r.number("degrees", in: -3600...3600)
            _ = required("view", "\"view\": \"photo\""); _ = required("degrees", "\"degrees\": 30")
            kind = view.flatMap { v in degrees.map { .rotation(view: v, degrees: $0) } }
        case "pull":
            let view = r.reference("view")
            let d = r.number("distance", in: 0...SceneLimits.maxPoints)
            _ = required("view", "\"view\": \"table\""); _ = required("distance", "\"distance\": 120")
            kind = view.flatMap { v in d.map { .pull(view: v, distance: $0) } }
        case "edgePan":
            let p = progress(r, allowsOpen: false)
            _ = required("progress", "\"progress\": 0.3")
            let outcome = r.choice("release", Gesture.Release.Outcome.self)
            let begin = r.number("releaseTime", in: SceneLimits.time)
            if begin != nil && outcome == nil && !r.has("release") {
                context.report(join(r.path, "releaseTime"), r.node("releaseTime")?.position, "\"releaseTime\" is when the finger lifts: give \"release\" too (complete or cancel)")
            }
            if case .fraction(let v)? = p { kind = .edgePan(progress: v, release: outcome.map { Gesture.Release($0, beginTime: begin ?? 0) }) } else { kind = nil }
        case "swipe":
            let view = r.reference("view")
            let row = rowIndex(r, "row")
            let direction = r.choice("direction", Gesture.Direction.self)
            let p = progress(r, allowsOpen: true)
            _ = required("row", "\"row\": [0, 2]"); _ = required("direction", "\"direction\": \"left\"")
            _ = required("progress", "\"progress\": 0.5 (or \"open\")")
            let outcome = r.choice("release", Gesture.SwipeRelease.Outcome.self)
            let begin = r.number("releaseTime", in: SceneLimits.time)
            if begin != nil && outcome == nil && !r.has("release") {
                context.report(join(r.path, "releaseTime"), r.node("releaseTime")?.position, "\"releaseTime\" is when the finger lifts: give \"release\" too (open or close)")
            }
            if let row, let direction, let p {
                let fraction: Double? = if case .fraction(let f) = p { f } else { nil }
                let release = outcome.map { Gesture.SwipeRelease($0, beginTime: begin ?? 0) }
                kind = .swipe(view: view, row: row, direction: direction, progress: fraction, release: release)
            } else {
                kind = nil
            }
        default: // tap, longPress
            let view = r.reference("view")
            var part: Gesture.Part?
            var parts = 0
            if r.has("row") { parts += 1; if let i = rowIndex(r, "row") { part = .row(i) } }
            if r.has("segment") { parts += 1; if let i = r.integer("segment", in: 0...SceneLimits.maxListCount) { part = .segment(i) } }
            if r.has("half") { parts += 1; if let h = r.choice("half", Stepper.Half.self) { part = .half(h) } }
            _ = r.node("row"); _ = r.node("segment", as: .integer(0, SceneLimits.maxListCount)); _ = r.node("half")
            if name == "tap", let n = r.node("phase", as: .string) {
                if stringValue(n) != "down" {
                    r.report("phase", n, "a tap is drawn at its down phase (\"phase\": \"down\"), the finger on it; what it does once lifted "
                             + "is the scene's next state. Found " + (stringValue(n).isEmpty ? n.value.kindName : quoted(stringValue(n))))
                }
            }
            _ = required("view", "\"view\": \"save\"")
            if parts > 1 { context.report(r.path, r.node.position, "give one of \"row\", \"segment\" and \"half\", not several") }
            if let view, parts <= 1, parts == 0 || part != nil { kind = name == "tap" ? .tap(view: view, part: part) : .longPress(view: view, part: part) } else { kind = nil }
        }
        for key in ["view", "row", "segment", "half", "progress", "direction", "translation", "scale", "degrees", "distance", "release"] { note(key) }
        return kind.map { Gesture($0, path: path, position: node.position, keyPositions: positions) }
    }

    static func stringValue(_ n: JSONNode) -> String {
        if case .string(let s) = n.value { return s }
        return ""
    }

    /// `"progress"`: a number in 0…1, or `"open"` (nil inside) where allowed.
    enum Progress { case open, fraction(Double) }

    static func progress(_ r: ObjectReader, allowsOpen: Bool) -> Progress? {
        guard let n = r.node("progress", as: allowsOpen ? .anyOf([.number(0, 1), .string]) : .number(0, 1)) else { return nil }
        switch n.value {
        case .string("open") where allowsOpen: return .open
        case .number(let v):
            guard v.isFinite, v >= 0, v <= 1 else {
                r.report("progress", n, "progress \(format(v)) is outside 0…1 (0: where the finger started, 1: all the way across)")
                return nil
            }
            return .fraction(v)
        default:
            r.report("progress", n, "expected a number from 0 to 1\(allowsOpen ? " or \"open\"" : ""), found "
                     + (stringValue(n).isEmpty ? n.value.kindName : quoted(stringValue(n))))
            return nil
        }
    }

    /// `[section, row]`: two whole numbers, not negative.
    static func rowIndex(_ r: ObjectReader, _ key: String) -> Gesture.RowIndex? {
        guard let v = r.numbers(key, names: ["section", "row"], nonNegative: ["section", "row"]) else { return nil }
        guard v.allSatisfy({ $0.rounded() == $0 && $0 <= Double(SceneLimits.maxListCount) }) else {
            r.report(key, r.node(key)!, "a row is [section, row], two whole numbers, found [\(v.map { format($0) }.joined(separator: ", "))]")
            return nil
        }
        return Gesture.RowIndex(section: Int(v[0]), row: Int(v[1]))
    }
}
