import Foundation
import TintypeLayout
import TintypeModel

/// One event the preview page forwards from a render: a mouse button pressed, moved or released at
/// a point, or the wheel turned, in the render's points (docs/preview.md, Touching a render).
struct TouchEvent: Equatable, Sendable {
    enum Kind: String, CaseIterable, Sendable { case down, move, up, cancel, wheel, reset }
    var kind: Kind
    var x = 0.0, y = 0.0
    /// The wheel's travel in points (positive: the content moves up and left, as a scroll down does).
    var dx = 0.0, dy = 0.0

    /// The most events one request may carry, and the largest body.
    static let maxEvents = 256
    static let maxBodyBytes = 16 * 1024
    /// The largest coordinate or wheel travel accepted, in points.
    static let maxCoordinate = 100_000.0

    /// The events of a request body: `{"events": [{"type": "down", "x": 120, "y": 300}, ...]}`.
    /// Anything else is a 400 naming what is wrong.
    static func parse(_ body: [UInt8]) throws(HTTPRequest.Problem) -> [TouchEvent] {
        func bad(_ message: String) -> HTTPRequest.Problem { HTTPRequest.Problem(status: 400, message: message) }
        guard body.count <= maxBodyBytes else {
            throw HTTPRequest.Problem(status: 413, message: "the events are larger than \(maxBodyBytes) bytes")
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)), let top = object as? [String: Any] else {
            throw bad("the body must be a JSON object: {\"events\": [{\"type\": \"down\", \"x\": 120, \"y\": 300}]}")
        }
        if let unknown = top.keys.sorted().first(where: { $0 != "events" }) { throw bad("unknown key \"\(unknown)\"; the body has \"events\"") }
        guard let list = top["events"] as? [Any] else { throw bad("\"events\" must be an array of events") }
        guard list.count <= maxEvents else { throw HTTPRequest.Problem(status: 413, message: "\(list.count) events; at most \(maxEvents) at once") }
        var out: [TouchEvent] = []
        for (i, item) in list.enumerated() {
            guard let e = item as? [String: Any] else { throw bad("events[\(i)] must be an object") }
            let names = Kind.allCases.map(\.rawValue).joined(separator: ", ")
            guard let type = e["type"] as? String, let kind = Kind(rawValue: type) else {
                throw bad("events[\(i)].type must be one of \(names)")
            }
            var event = TouchEvent(kind: kind)
            for key in e.keys.sorted() where key != "type" {
                guard ["x", "y", "dx", "dy"].contains(key) else { throw bad("events[\(i)]: unknown key \"\(key)\"") }
                // JSON's true and false are NSNumbers too, of the type "c".
                guard let n = e[key] as? NSNumber, String(cString: n.objCType) != "c", n.doubleValue.isFinite, abs(n.doubleValue) <= maxCoordinate else {
                    throw bad("events[\(i)].\(key) must be a number from -\(Int(maxCoordinate)) to \(Int(maxCoordinate))")
                }
                switch key {
                case "x": event.x = n.doubleValue
                case "y": event.y = n.doubleValue
                case "dx": event.dx = n.doubleValue
                default: event.dy = n.doubleValue
                }
            }
            if kind != .reset && kind != .cancel && (e["x"] == nil || e["y"] == nil) { throw bad("events[\(i)] (\(type)) needs \"x\" and \"y\"") }
            out.append(event)
        }
        return out
    }
}

/// The touches on one render of the preview, turned into the scene's gestures (docs/motion.md,
/// Gestures) as UIKit's recognizers would read them. What a finger leaves behind stays: a view
/// dragged stays where it was dropped, a scrolled view keeps its offset, a row swiped open stays
/// open, a completed pop stays popped. Nothing is written to the scene file.
struct TouchState: Sendable {
    /// How far a finger moves before a drag begins (a press that moves less is a tap), in points: an estimate.
    static let slop = 10.0
    /// The width of the screen edge an interactive pop starts from, in points: an estimate.
    static let edgeWidth = 20.0
    /// A swiped row left open, and a pop completed, when the finger lifts past this share of the
    /// row's or the screen's width; otherwise they close or cancel (estimates).
    static let swipeOpenShare = 0.25
    static let popCompleteShare = 0.5
    /// How far a touch may leave a held control before it lets go (UIKit's 70-point touch-inside margin).
    static let holdMargin = 70.0

    /// The ids the preview gave views the scene left without one (a drag does not move those).
    var unnamed: Set<String> = []
    /// Content offsets left by the wheel or a drag, by view id.
    var offsets: [String: Point] = [:]
    /// Translations left on views dragged by a pan, by view id.
    var moved: [String: Point] = [:]
    /// A row swiped and left open.
    var open: (table: String, row: Gesture.RowIndex, direction: Gesture.Direction)?
    var popped = false
    var stroke: Stroke?
    /// Why the last event did nothing, when the scene cannot take what it asked for.
    var note: String?

    struct Stroke: Sendable {
        var start: Point
        var last: Point
        /// What the press holds down (a tap's down phase), and where it is.
        var tap: Gesture.Kind?
        var tapFrame: Rect?
        var held = true
        /// Pressed in the edge a pop starts from, with a pop possible.
        var atEdge: Bool
        var hit: TouchHit
        var drag: Drag?

        /// Whether the press holds a table's row (which a drag lets go) rather than a control or bar item.
        var holdsRow: Bool { if case .tap(_, .row?)? = tap { true } else { false } }
    }

    enum Drag: Sendable {
        case edge
        case swipe(table: String, row: Gesture.RowIndex, direction: Gesture.Direction, width: Double)
        case scroll(id: String, from: Point, record: ScrollRecord, table: Bool, pulls: Bool)
        case move(id: String)
        case none
    }

    /// Applies one event. `scene` is the scene as shown before the event (its views named) and
    /// `list` its layout, which the hit test reads.
    mutating func apply(_ e: TouchEvent, scene: Scene, list: DisplayList) {
        let p = Point(x: e.x, y: e.y)
        let rtl = scene.layoutDirection == .rightToLeft
        note = nil
        switch e.kind {
        case .reset:
            self = TouchState(unnamed: unnamed)
        case .cancel:
            stroke = nil
        case .wheel:
            stroke = nil
            let hit = list.hit(p, unnamed: unnamed)
            guard let view = hit.scrollView, let id = view.id, let record = hit.scroll else { note = "nothing under the wheel scrolls"; return }
            let isTable = view.kind == "tableView"
            if open?.table == id { open = nil }
            let current = offsets[id] ?? record.offset
            // Inside the content's edges; a scroll view without a content size has no far edge, so within the scene's limits.
            offsets[id] = Self.bounded(record.clamped(Point(x: isTable ? current.x : current.x + e.dx, y: current.y + e.dy)))
        case .down:
            let hit = list.hit(p, unnamed: unnamed)
            var s = Stroke(start: p, last: p, tap: nil, tapFrame: nil,
                           atEdge: scene.rootNavigationDepth >= 2 && !popped && (rtl ? p.x > list.size.width - Self.edgeWidth : p.x < Self.edgeWidth),
                           hit: hit, drag: nil)
            if let item = hit.barItem {
                s.tap = .tap(view: item, part: nil)
                s.tapFrame = list.touch.bars.first { $0.item == item }?.frame
            } else if let control = hit.control, let id = control.id {
                s.tap = .tap(view: id, part: Self.part(of: scene.view(withID: id), frame: control.frame, at: p, rtl: rtl))
                s.tapFrame = control.frame
            } else if let row = hit.row, let id = hit.table?.id {
                // A press on a table with an open row closes the row and selects nothing, as UIKit does.
                if open?.table == id { open = nil } else {
                    s.tap = .tap(view: id, part: .row(Gesture.RowIndex(section: row.section, row: row.row)))
                    s.tapFrame = row.visibleFrame
                }
            }
            stroke = s
        case .move:
            guard var s = stroke else { return }
            s.last = p
            let d = Point(x: p.x - s.start.x, y: p.y - s.start.y)
            if s.drag == nil && hypot(d.x, d.y) >= Self.slop {
                s.drag = drag(s, d: d, scene: scene, list: list, rtl: rtl)
                if s.holdsRow || { if case .edge? = s.drag { true } else { false } }() { s.tap = nil; s.tapFrame = nil }
            }
            if let frame = s.tapFrame {
                s.held = frame.insetBy(dx: -Self.holdMargin, dy: -Self.holdMargin).containsPoint(p)
            }
            stroke = s
        case .up:
            guard var s = stroke else { return }
            s.last = p
            settle(s, list: list, rtl: rtl)
            stroke = nil
        }
    }

    /// What a drag that has just begun moves.
    private mutating func drag(_ s: Stroke, d: Point, scene: Scene, list: DisplayList, rtl: Bool) -> Drag {
        let sideways = abs(d.x) > abs(d.y)
        let inward = rtl ? d.x < 0 : d.x > 0
        if s.atEdge && sideways && inward { return .edge }
        // A drag that begins on a held control or bar item keeps holding it (a slider's or switch's own
        // tracking is not modelled); one that begins on a row lets the row go and swipes or scrolls.
        if s.tap != nil && !s.holdsRow { return .none }
        if sideways, let row = s.hit.row, let id = s.hit.table?.id {
            if open?.table == id { open = nil }
            return .swipe(table: id, row: Gesture.RowIndex(section: row.section, row: row.row), direction: d.x < 0 ? .left : .right,
                          width: row.frame.width)
        }
        if let view = s.hit.scrollView, let id = view.id, let record = s.hit.scroll {
            if open?.table == id { open = nil }
            let isTable = view.kind == "tableView"
            var pulls = false
            if isTable, case .tableView(let t)? = scene.view(withID: id)?.kind, t.refreshControl != nil {
                pulls = (offsets[id] ?? record.offset).y <= record.minOffset.y + 0.5
            }
            return .scroll(id: id, from: offsets[id] ?? record.offset, record: record, table: isTable, pulls: pulls)
        }
        if let id = s.hit.movable?.id { return .move(id: id) }
        return .none
    }

    /// The finger lifts: what the gesture leaves behind.
    private mutating func settle(_ s: Stroke, list: DisplayList, rtl: Bool) {
        let d = Point(x: s.last.x - s.start.x, y: s.last.y - s.start.y)
        switch s.drag {
        case .edge?:
            if Self.edgeProgress(d, width: list.size.width, rtl: rtl) >= Self.popCompleteShare { popped = true }
        case .swipe(let table, let row, let direction, let width)?:
            if Self.swipeProgress(d, direction: direction, width: width) >= Self.swipeOpenShare { open = (table, row, direction) }
        case .scroll(let id, let from, let record, let table, _)?:
            // The content settles inside its edges (the rubber band lets go).
            offsets[id] = Self.bounded(record.clamped(Point(x: table ? from.x : from.x - d.x, y: from.y - d.y)))
        case .move(let id)?:
            let t = moved[id] ?? Point(x: 0, y: 0)
            moved[id] = Self.bounded(Point(x: t.x + d.x, y: t.y + d.y))
        case .none?, nil:
            break
        }
    }

    static func edgeProgress(_ d: Point, width: Double, rtl: Bool) -> Double {
        min(1, max(0, (rtl ? -d.x : d.x) / max(1, width)))
    }

    static func swipeProgress(_ d: Point, direction: Gesture.Direction, width: Double) -> Double {
        min(1, max(0, (direction == .left ? -d.x : d.x) / max(1, width)))
    }

    static func bounded(_ p: Point) -> Point {
        let m = SceneLimits.maxPoints
        return Point(x: min(m, max(-m, p.x)), y: min(m, max(-m, p.y)))
    }

    /// The part of a control a press at `p` holds: a segmented control's segment, a stepper's half.
    static func part(of view: View?, frame: Rect, at p: Point, rtl: Bool) -> Gesture.Part? {
        guard let view else { return nil }
        let share = frame.width > 0 ? min(0.999, max(0, (p.x - frame.minX) / frame.width)) : 0
        let along = rtl ? 0.999 - share : share
        switch view.kind {
        case .control(.segmentedControl(let s)): return .segment(min(s.segments.count - 1, Int(along * Double(s.segments.count))))
        case .control(.stepper): return .half(along < 0.5 ? .decrement : .increment)
        default: return nil
        }
    }

    /// The gestures the touches amount to now, in order: what earlier touches left, then the finger's.
    func gestures(list: DisplayList, rtl: Bool) -> (left: [Gesture.Kind], finger: Gesture.Kind?) {
        var left: [Gesture.Kind] = []
        for id in moved.keys.sorted() {
            var t = moved[id]!
            if let s = stroke, case .move(id)? = s.drag { t = Self.bounded(Point(x: t.x + s.last.x - s.start.x, y: t.y + s.last.y - s.start.y)) }
            left.append(.pan(view: id, translation: t))
        }
        if let open { left.append(.swipe(view: open.table, row: open.row, direction: open.direction, progress: nil)) }
        if popped { left.append(.edgePan(progress: 1, release: nil)) }
        guard let s = stroke else { return (left, nil) }
        let d = Point(x: s.last.x - s.start.x, y: s.last.y - s.start.y)
        switch s.drag {
        case .edge?:
            return (left, .edgePan(progress: Self.edgeProgress(d, width: list.size.width, rtl: rtl), release: nil))
        case .swipe(let table, let row, let direction, let width)?:
            let progress = Self.swipeProgress(d, direction: direction, width: width)
            return (left, progress > 0 ? .swipe(view: table, row: row, direction: direction, progress: progress) : nil)
        case .scroll(let id, _, let record, let table, let pulls)?:
            // Pulled down from the top of a table with a refresh control: a pull; else the content follows the finger.
            if pulls && d.y > 0 { return (left, .pull(view: id, distance: d.y)) }
            _ = record
            return (left, .pan(view: id, translation: Point(x: table ? 0 : d.x, y: d.y)))
        case .move(let id)? where moved[id] == nil:
            return (left, .pan(view: id, translation: Self.bounded(d)))
        default:
            return (left, s.held ? s.tap : nil)
        }
    }

    /// The scene as the touches leave it: `named` (the scene with every view named) with the
    /// offsets set and the gestures given. A gesture the scene cannot take is left out and said in `note`.
    mutating func scene(_ named: Scene, list: DisplayList) -> (scene: Scene, gestures: [Gesture.Kind]) {
        var scene = named
        for id in offsets.keys.sorted() { scene = scene.settingContentOffset(offsets[id]!, ofView: id) }
        let (left, finger) = gestures(list: list, rtl: named.layoutDirection == .rightToLeft)
        var kinds = left + (finger.map { [$0] } ?? [])
        guard !kinds.isEmpty else { return (scene, []) }
        var trial = scene
        trial.gestures = kinds.enumerated().map { Gesture($1, path: "gestures[\($0)]") }
        if let problem = trial.gestureProblems().first {
            note = problem.message
            // What the finger asks for cannot be: what earlier touches left stays.
            kinds = left
            trial.gestures = kinds.enumerated().map { Gesture($1, path: "gestures[\($0)]") }
            if !trial.gestureProblems().isEmpty { kinds = [] }
        }
        scene.gestures = kinds.enumerated().map { Gesture($1, path: "gestures[\($0)]") }
        return (scene, kinds)
    }

    /// The touches as a scene file says them, to paste: the gestures, each view's content offset,
    /// and where the views named for the preview are (an id the scene must give them first).
    func snippet(_ kinds: [Gesture.Kind], given: Set<String>, list: DisplayList) -> String {
        var lines: [String] = []
        var named = Set<String>()
        if !kinds.isEmpty {
            lines.append("\"gestures\": [")
            let oneTable = list.views.filter { $0.kind == "tableView" }.count == 1
            for (i, k) in kinds.enumerated() {
                var k = k
                // A swipe on the scene's only table needs no view: one the preview named is left out.
                if case .swipe(let v?, let row, let direction, let progress, let release) = k, oneTable, given.contains(v) {
                    k = .swipe(view: nil, row: row, direction: direction, progress: progress, release: release)
                }
                lines.append("  " + Self.json(k) + (i < kinds.count - 1 ? "," : ""))
                if let v = k.view { named.insert(v) }
            }
            lines.append("]")
        }
        for id in offsets.keys.sorted() {
            let o = offsets[id]!
            lines.append("// the view \"\(id)\": \"contentOffset\": [\(format(o.x, places: 2)), \(format(o.y, places: 2))]")
            named.insert(id)
        }
        for id in named.intersection(given).sorted() {
            let path = list.views.first { $0.id == id }?.path ?? "?"
            lines.append("// \(path) has no id: give it \"id\": \"\(id)\" (or a name of your own) for this to apply")
        }
        return lines.joined(separator: "\n")
    }

    /// One gesture as a scene file writes it.
    static func json(_ k: Gesture.Kind) -> String {
        func n(_ v: Double) -> String { format(v, places: 3) }
        func s(_ v: String) -> String {
            let data = (try? JSONSerialization.data(withJSONObject: [v], options: [])) ?? Data("[\"\"]".utf8)
            return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
        }
        func part(_ p: Gesture.Part?) -> String {
            switch p {
            case .row(let r)?: ", \"row\": [\(r.section), \(r.row)]"
            case .segment(let i)?: ", \"segment\": \(i)"
            case .half(let h)?: ", \"half\": \"\(h.rawValue)\""
            case nil: ""
            }
        }
        switch k {
        case .pan(let v, let t): return "{ \"pan\": { \"view\": \(s(v)), \"translation\": [\(n(t.x)), \(n(t.y))] } }"
        case .swipe(let v, let r, let d, let p, _):
            let view = v.map { "\"view\": \(s($0)), " } ?? ""
            return "{ \"swipe\": { \(view)\"row\": [\(r.section), \(r.row)], \"direction\": \"\(d.rawValue)\", \"progress\": \(p.map(n) ?? "\"open\"") } }"
        case .edgePan(let p, _): return "{ \"edgePan\": { \"progress\": \(n(p)) } }"
        case .pinch(let v, let sc): return "{ \"pinch\": { \"view\": \(s(v)), \"scale\": \(n(sc)) } }"
        case .rotation(let v, let a): return "{ \"rotation\": { \"view\": \(s(v)), \"degrees\": \(n(a)) } }"
        case .longPress(let v, let p): return "{ \"longPress\": { \"view\": \(s(v))\(part(p)) } }"
        case .tap(let v, let p): return "{ \"tap\": { \"view\": \(s(v))\(part(p)), \"phase\": \"down\" } }"
        case .pull(let v, let d): return "{ \"pull\": { \"view\": \(s(v)), \"distance\": \(n(d)) } }"
        }
    }
}

extension Rect {
    func containsPoint(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
}
