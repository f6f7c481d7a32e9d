/// What a finger is doing at the moment a scene is drawn (`"gestures"`, docs/motion.md, Gestures).
/// Each gesture changes the scene's model before anything is laid out: a pan moves a view (or a
/// scroll view's content), a pinch and a rotation change its transform, a tap or a long press holds
/// a control, a row or a bar item down, a swipe opens a row, a pull drags a table down to its refresh
/// control, and an edge pan pops the root navigation controller interactively. Animations are then
/// evaluated on top, as the presentation layer shows a model a gesture has changed.
public struct Gesture: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// UIPanGestureRecognizer's translation: a view moves by it (as the book's HUD follows the
        /// finger); on a scroll view or table the content follows the finger, rubber-banded past the edges.
        case pan(view: String, translation: Point)
        /// A horizontal swipe on a table's row, revealing its swipe actions; nil progress is at rest, open.
        case swipe(view: String?, row: RowIndex, direction: Direction, progress: Double?, release: SwipeRelease? = nil)
        /// The navigation controller's interactive pop (the screen's left edge dragged right), 0…1,
        /// and how it ends once the finger lifts, if it does in the scene's time.
        case edgePan(progress: Double, release: Release?)
        /// UIPinchGestureRecognizer's scale, applied to the view's transform.
        case pinch(view: String, scale: Double)
        /// UIRotationGestureRecognizer's rotation in degrees (clockwise), applied to the view's transform.
        case rotation(view: String, degrees: Double)
        /// A finger held on a control, row or bar item: the held (highlighted) state.
        case longPress(view: String, part: Part?)
        /// A tap's down phase: the control, row or bar item highlighted.
        case tap(view: String, part: Part?)
        /// A table pulled down from its top by `distance` points of finger travel, its refresh control appearing.
        case pull(view: String, distance: Double)

        /// The key naming the gesture in a scene file.
        public var name: String {
            switch self {
            case .pan: "pan"
            case .swipe: "swipe"
            case .edgePan: "edgePan"
            case .pinch: "pinch"
            case .rotation: "rotation"
            case .longPress: "longPress"
            case .tap: "tap"
            case .pull: "pull"
            }
        }

        /// The id of the view the gesture acts on (nil: the root navigation controller, or the only table).
        public var view: String? {
            switch self {
            case .pan(let v, _), .pinch(let v, _), .rotation(let v, _), .longPress(let v, _), .tap(let v, _), .pull(let v, _): v
            case .swipe(let v, _, _, _, _): v
            case .edgePan: nil
            }
        }
    }

    public enum Direction: String, Sendable, Equatable, CaseIterable { case left, right }

    /// The finger lifting from a swiped row at `beginTime`: the row snaps open (every action at its
    /// own width) or closed over 0.3 s, easing out (an estimate of UIKit's snap).
    public struct SwipeRelease: Sendable, Equatable {
        public enum Outcome: String, Sendable, Equatable, CaseIterable { case open, close }
        public var outcome: Outcome
        public var beginTime: Double
        public init(_ outcome: Outcome, beginTime: Double = 0) { self.outcome = outcome; self.beginTime = beginTime }
        public static let duration = 0.3

        /// How far the snap has gone at scene time `t`, 0…1.
        public func fraction(at t: Double) -> Double {
            guard t > beginTime else { return 0 }
            return TimingFunction.easeOut.value(at: (t - beginTime) / Self.duration)
        }
    }

    /// The finger lifting from an edge pan at `beginTime` (seconds on the scene's clock): the pop
    /// completes, or cancels back, over the pop's 0.35 s times the distance left, eased in and out
    /// (UIPercentDrivenInteractiveTransition's completion curve).
    public struct Release: Sendable, Equatable {
        public enum Outcome: String, Sendable, Equatable, CaseIterable { case complete, cancel }
        public var outcome: Outcome
        public var beginTime: Double
        public init(_ outcome: Outcome, beginTime: Double = 0) { self.outcome = outcome; self.beginTime = beginTime }

        /// How long the rest of the pop takes from `progress`.
        public func duration(from progress: Double) -> Double {
            SystemAnimation(.pop).duration * (outcome == .complete ? 1 - progress : progress)
        }

        /// The pop's progress at scene time `t`, from `progress` when the finger lifted.
        public func progress(from progress: Double, at t: Double) -> Double {
            let target: Double = outcome == .complete ? 1 : 0
            let d = duration(from: progress)
            guard t > beginTime else { return progress }
            guard d > 0, t < beginTime + d else { return target }
            return progress + (target - progress) * TimingFunction.easeInEaseOut.value(at: (t - beginTime) / d)
        }
    }

    /// The part of a view a tap or long press holds.
    public enum Part: Sendable, Equatable {
        case row(RowIndex)
        case segment(Int)
        case half(Stepper.Half)
    }

    /// A row of a table: its section and its index in the section.
    public struct RowIndex: Sendable, Equatable, CustomStringConvertible {
        public var section: Int
        public var row: Int
        public init(section: Int, row: Int) { self.section = section; self.row = row }
        public var description: String { "[\(section), \(row)]" }
    }

    public var kind: Kind
    /// Where the scene gave it (`gestures[0]`), and the position of each of its keys, for errors.
    public var path: String
    public var position: SourcePosition?
    public var keyPositions: [String: SourcePosition]

    public init(_ kind: Kind, path: String = "gestures", position: SourcePosition? = nil, keyPositions: [String: SourcePosition] = [:]) {
        self.kind = kind; self.path = path; self.position = position; self.keyPositions = keyPositions
    }

    /// The path of one of its keys (`gestures[0].swipe.row`) and where the file gave it.
    func at(_ key: String?) -> (path: String, position: SourcePosition?) {
        guard let key else { return (path, position) }
        return (path + "." + kind.name + "." + key, keyPositions[key] ?? position)
    }

    /// How far a finger's travel moves content past a scroll view's edge (UIScrollView's rubber
    /// band): (1 − 1 / (x · 0.55 / d + 1)) · d for `x` points of travel and a view `d` points long,
    /// so the content moves slower the further it goes and never a whole view's length.
    public static func rubberBand(_ x: Double, dimension d: Double) -> Double {
        guard d > 0, x != 0 else { return 0 }
        let m = abs(x)
        return (1 - 1 / (m * 0.55 / d + 1)) * d * (x < 0 ? -1 : 1)
    }

    /// Full-swipe expansion: past this share of the row's width the first action covers the whole
    /// swipe (UIKit's performsFirstActionWithFullSwipe, an estimate).
    public static let fullSwipeShare = 0.6
}

/// A gesture that names what the scene cannot take: its file position, path and message.
public struct GestureProblem: Error, Sendable, Equatable {
    public var path: String
    public var position: SourcePosition?
    public var message: String
    /// The id that names nothing, when that is the problem (the decoder's reference check reports those).
    public var unknownID: String?
}

extension Scene {
    /// The scene as its gestures leave it (docs/motion.md, Gestures): the model each one changes,
    /// before anything is laid out. The edge pan stays in `gestures` (the resolver draws it); the
    /// rest are applied and removed. Throws the first gesture the scene cannot take.
    public func applyingGestures() throws(GestureProblem) -> Scene {
        guard !gestures.isEmpty else { return self }
        let problems = gestureProblems()
        if let first = problems.first { throw first }
        var out = self
        for g in gestures { out.apply(g) }
        out.gestures = gestures.filter { if case .edgePan = $0.kind { true } else { false } }
        // The values a gesture gives were bounded when read; what the decoder checked stays checked.
        out.limitsMark = limitsMark
        return out
    }

    /// The interactive pop's progress at scene time `t`, when an edge pan is given: the finger's,
    /// or, once it has lifted, the release's.
    public func edgePanProgress(at t: Double) -> Double? {
        for g in gestures {
            if case .edgePan(let p, let release) = g.kind { return release.map { $0.progress(from: p, at: t) } ?? p }
        }
        return nil
    }

    /// Every gesture the scene cannot take: a view id that names nothing (or a view of a kind the
    /// gesture cannot act on), a row outside its table, an edge pan without a navigation controller
    /// two deep at the root, and two gestures on one view that cannot happen together.
    public func gestureProblems() -> [GestureProblem] {
        var problems: [GestureProblem] = []
        func problem(_ g: Gesture, _ key: String?, _ message: String, unknown: String? = nil) {
            let at = g.at(key)
            problems.append(GestureProblem(path: at.path, position: at.position, message: message, unknownID: unknown))
        }
        var claimed: [String: (kinds: [String], gesture: Gesture)] = [:]
        for g in gestures {
            let kind = g.kind
            // What the gesture acts on, for the conflict check: a view id, a row's table, the root navigation controller.
            var target: String?
            switch kind {
            case .edgePan:
                target = "the root navigation controller"
                guard case .controller(.navigation(let nav)) = root.kind, nav.stack.count >= 2 else {
                    problem(g, nil, "an edge pan pops the root navigation controller's top view controller: the scene's root must be a "
                            + "\"navigationController\" with two view controllers or more in its \"stack\"")
                    continue
                }
                if let s = systemAnimation, s.kind.isNavigation {
                    problem(g, nil, "an edge pan and the systemAnimation \(quoted(s.kind.rawValue)) both move the navigation controller; give one")
                    continue
                }
            case .swipe(let id, let index, _, _, _):
                let tables = id.map { i in findViews { $0.id == i } } ?? findViews { if case .tableView = $0.kind { true } else { false } }
                guard let table = tables.first else {
                    if let id {
                        problem(g, "view", "no view has the id \(quoted(id))", unknown: id)
                    } else {
                        problem(g, nil, "a swipe acts on a table's row, and the scene has no tableView")
                    }
                    continue
                }
                guard id != nil || tables.count == 1 else {
                    problem(g, nil, "the scene has \(tables.count) tables: name the one swiped with \"view\" (its id)")
                    continue
                }
                guard case .tableView(let t) = table.kind else {
                    problem(g, "view", "a swipe acts on a table's row, and \(quoted(id ?? "")) is a \(table.kind.name)")
                    continue
                }
                guard let row = t.row(at: index) else {
                    problem(g, "row", "row \(index) is outside the table (\(t.shapeDescription))")
                    continue
                }
                if case .swipe(_, _, let direction, _, _) = kind {
                    let side: SwipeState.Side = (direction == .left) != (layoutDirection == .rightToLeft) ? .trailing : .leading
                    if row.swipeActions(side).isEmpty {
                        problem(g, "direction", "swiping \(direction.rawValue) uncovers the row's leading actions, and row \(index) has no \"leadingSwipeActions\"")
                        continue
                    }
                }
                target = id ?? "the table"
            case .pan(let id, _), .pinch(let id, _), .rotation(let id, _):
                guard !findViews(first: true, { $0.id == id }).isEmpty else {
                    problem(g, "view", "no view has the id \(quoted(id))", unknown: id)
                    continue
                }
                target = id
            case .pull(let id, _):
                guard let v = findViews(first: true, { $0.id == id }).first else {
                    problem(g, "view", "no view has the id \(quoted(id))", unknown: id)
                    continue
                }
                guard case .tableView(let t) = v.kind, t.refreshControl != nil else {
                    problem(g, "view", "a pull drags a table down to its refresh control, and \(quoted(id)) is a \(v.kind.name)"
                            + (v.kind.name == "tableView" ? " without a \"refreshControl\"" : "") + "; a pan moves any view or scroll view")
                    continue
                }
                target = id
            case .tap(let id, let part), .longPress(let id, let part):
                target = id
                if findViews(first: true, { $0.id == id }).isEmpty {
                    if hasBarItem(id) {
                        if part != nil { problem(g, nil, "a bar button item has no parts: remove \"row\", \"segment\" and \"half\"") }
                        break
                    }
                    problem(g, "view", "no view or bar item has the id \(quoted(id))", unknown: id)
                    continue
                }
                let v = findViews(first: true, { $0.id == id })[0]
                if let message = Self.holdProblem(v, part: part) { problem(g, part == nil ? "view" : Self.partKey(part!), message) }
            }
            guard let target else { continue }
            let name = kind.name
            if let earlier = claimed[target] {
                let composable: Set<String> = ["pan", "pinch", "rotation"]
                let together = earlier.kinds + [name]
                let scrolls = findViews(first: true, { $0.id == target }).first.map { v in
                    switch v.kind { case .scrollView, .tableView: true; default: false }
                } ?? false
                if Set(together).count < together.count || !Set(together).isSubset(of: composable) || (scrolls && together.count > 1) {
                    problem(g, nil, "\(quoted(target)) already has a \(earlier.kinds.joined(separator: " and a ")) (\(earlier.gesture.path)); "
                            + "a \(name) cannot happen on it at the same time (only a pan, a pinch and a rotation of a view that does not scroll go together)")
                    continue
                }
                claimed[target]!.kinds.append(name)
            } else {
                claimed[target] = ([name], g)
            }
        }
        return problems
    }

    static func partKey(_ part: Gesture.Part) -> String {
        switch part {
        case .row: "row"
        case .segment: "segment"
        case .half: "half"
        }
    }

    /// Why a tap or a long press cannot hold `view` (at `part`), or nil when it can.
    static func holdProblem(_ view: View, part: Gesture.Part?) -> String? {
        switch (view.kind, part) {
        case (.control(.button), nil), (.control(.switch), nil), (.control(.slider), nil): return nil
        case (.control(.segmentedControl(let s)), .segment(let i)?):
            return i < s.segments.count ? nil : "segment \(i) is past the last segment (\(s.segments.count) segments)"
        case (.control(.segmentedControl), _): return "a segmented control is held at one segment: give \"segment\" (its index)"
        case (.control(.stepper), .half?): return nil
        case (.control(.stepper), _): return "a stepper is held at one half: give \"half\": \"decrement\" or \"increment\""
        case (.tableView(let t), .row(let index)?):
            return t.row(at: index) == nil ? "row \(index) is outside the table (\(t.shapeDescription))" : nil
        case (.tableView, _): return "a table is held at one row: give \"row\": [section, row]"
        case (.control(let c), _) where part == nil:
            return "a \(c.name) has no held state (UIKit draws it the same while touched)"
        default:
            return part == nil ? "a \(view.kind.name) has no held state: a tap or long press holds a button, switch, slider, "
                + "segmented control (\"segment\"), stepper (\"half\"), a table's row (\"row\") or a bar button item"
                : "only a table takes \"row\", a segmented control \"segment\" and a stepper \"half\"; this is a \(view.kind.name)"
        }
    }

    mutating func apply(_ g: Gesture) {
        switch g.kind {
        case .edgePan: return
        case .pan(let id, let t):
            modifyViews({ $0.id == id }) { v in
                switch v.kind {
                case .scrollView(var s):
                    s.pan = Point(x: s.pan.x + t.x, y: s.pan.y + t.y); v.kind = .scrollView(s)
                case .tableView(var table):
                    table.scroll.pan = Point(x: table.scroll.pan.x + t.x, y: table.scroll.pan.y + t.y); v.kind = .tableView(table)
                default:
                    // The book's HUD: `view.center` follows the translation. A view placed by a frame
                    // moves its frame; one placed by layout or constraints moves by its transform.
                    if var f = v.frame, v.transform.isIdentity {
                        f.origin = Point(x: f.origin.x + t.x, y: f.origin.y + t.y)
                        v.frame = f
                    } else {
                        v.transform = v.transform.concatenating(Transform2D(translationX: t.x, y: t.y))
                    }
                }
            }
        case .pinch(let id, let s):
            // `view.transform = view.transform.scaledBy(x: s, y: s)`, as a pinch handler does.
            modifyViews({ $0.id == id }) { $0.transform = Transform2D(scaleX: s, y: s).concatenating($0.transform) }
        case .rotation(let id, let degrees):
            modifyViews({ $0.id == id }) { $0.transform = Transform2D(rotationAngle: degrees * Double.pi / 180).concatenating($0.transform) }
        case .tap(let id, let part), .longPress(let id, let part):
            let found = modifyViews({ $0.id == id }) { v in Self.hold(&v, part: part) }
            if !found { modifyBarItems(id) { $0.isHighlighted = true } }
        case .swipe(let id, let index, let direction, let progress, let release):
            let rtl = layoutDirection == .rightToLeft
            let settled = release.map { $0.fraction(at: time) } ?? 0
            modifyViews({ v in id.map { v.id == $0 } ?? { if case .tableView = v.kind { true } else { false } }() }) { v in
                guard case .tableView(var t) = v.kind else { return }
                var row = t.sections[index.section].rows[index.row]
                // Swiping left slides the content left, uncovering the right edge: trailing, or leading right to left.
                let side: SwipeState.Side = (direction == .left) != rtl ? .trailing : .leading
                row.swiped = SwipeState(side: side, actions: row.swipeActions(side), progress: progress)
                if let release, progress != nil {
                    row.swiped?.settlesOpen = release.outcome == .open
                    row.swiped?.settled = settled
                }
                t.sections[index.section].rows[index.row] = row
                v.kind = .tableView(t)
            }
        case .pull(let id, let distance):
            modifyViews({ $0.id == id }) { v in
                guard case .tableView(var t) = v.kind else { return }
                t.scroll.pan.y += distance
                t.refreshControl?.isPulled = false
                t.refreshControl?.isBeingPulled = true
                v.kind = .tableView(t)
            }
        }
    }

    /// Holds a control, a segment, a stepper's half or a table's row down.
    static func hold(_ v: inout View, part: Gesture.Part?) {
        switch (v.kind, part) {
        case (.control(.button(var b)), _): b.state.isHighlighted = true; v.kind = .control(.button(b))
        case (.control(.switch(var s)), _): s.state.isHighlighted = true; v.kind = .control(.switch(s))
        case (.control(.slider(var s)), _): s.state.isHighlighted = true; v.kind = .control(.slider(s))
        case (.control(.segmentedControl(var s)), .segment(let i)?): s.highlightedSegmentIndex = i; v.kind = .control(.segmentedControl(s))
        case (.control(.stepper(var s)), .half(let h)?): s.pressed = h; v.kind = .control(.stepper(s))
        case (.tableView(var t), .row(let i)?): t.sections[i.section].rows[i.row].isHighlighted = true; v.kind = .tableView(t)
        default: break
        }
    }
}

extension TableView {
    /// The row at `index`, if the table has it.
    public func row(at index: Gesture.RowIndex) -> TableRow? {
        guard sections.indices.contains(index.section), sections[index.section].rows.indices.contains(index.row) else { return nil }
        return sections[index.section].rows[index.row]
    }

    /// "2 sections: 4 rows, 1 row", for messages.
    var shapeDescription: String {
        let counts = sections.map { $0.rows.count == 1 ? "1 row" : "\($0.rows.count) rows" }
        return sections.count == 1 ? "one section of \(counts[0])" : "\(sections.count) sections: \(counts.joined(separator: ", "))"
    }
}

extension TableRow {
    /// The actions a swipe uncovers on `side`: the row's own, else (trailing) UIKit's Delete, which a
    /// table whose data source commits deletions shows.
    public func swipeActions(_ side: SwipeState.Side) -> [SwipeAction] {
        switch side {
        case .leading: leadingSwipeActions
        case .trailing: trailingSwipeActions.isEmpty ? [SwipeAction(title: "Delete", style: .destructive)] : trailingSwipeActions
        }
    }
}
