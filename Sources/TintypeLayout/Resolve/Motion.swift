import Foundation
import TintypeModel

/// The scene's animations at its time, applied to the views they name as the resolver meets them:
/// what a view shows then (Core Animation's presentation layer) replaces its scene values.
/// Properties that move or size the view are applied once layout has placed it, so a view placed
/// by `layout` or a container animates as well as one with a `frame`.
struct Motion: Sendable {
    var time: Double = 0
    var byView: [String: [Animation]] = [:]
    /// What `tint` means for a background animated from it (the window's tint).
    var tint: Color = .systemBlue

    init() {}

    init(_ scene: Scene) {
        time = scene.time
        tint = scene.tintColor ?? .systemBlue
        for a in scene.animations { byView[a.view, default: []].append(a) }
    }

    var isEmpty: Bool { byView.isEmpty }

    func animations(of view: View) -> [Animation] {
        guard !byView.isEmpty, let id = view.id else { return [] }
        return byView[id] ?? []
    }

    /// `view` with the properties that do not move it (alpha, colors, corner radius, transform) as
    /// they are at the scene's time.
    func apply(to view: inout View) {
        for a in animations(of: view) {
            guard let p = a.progress(at: time) else { continue }
            if let update = a.rowUpdate, case .tableView(var table) = view.kind {
                // The table draws its rows part way (TableDrawing); the last update listed that has started wins.
                if table.rowUpdate == nil || p > 0 { table.rowUpdate = RowUpdateState(update: update, progress: min(1, max(0, p))) }
                view.kind = .tableView(table)
            }
            if let change = a.controlChange, case .control(let control) = view.kind {
                let q = min(1, max(0, p))
                switch (change, control) {
                case (.isOn(let on), .switch(var s)):
                    // The scene's isOn is the start; the change's the target.
                    let from = s.onProgress ?? (s.isOn ? 1 : 0), to: Double = on ? 1 : 0
                    s.onProgress = from + (to - from) * q
                    view.kind = .control(.switch(s))
                case (.selectedSegmentIndex(let i), .segmentedControl(var c)):
                    if q > 0 {
                        let from = c.selectedSegmentIndex
                        c.selectedSegmentIndex = i
                        c.selectionChange = q < 1 ? SegmentedControl.SelectionChange(from: from, progress: q) : nil
                        view.kind = .control(.segmentedControl(c))
                    }
                default: break
                }
            }
            for track in a.tracks where !track.property.isGeometric {
                apply(track, p, to: &view)
            }
            for track in a.tracks {
                guard case .path(let path) = track.values, let mode = path.rotationMode else { continue }
                let angle = path.point(at: p).angle + (mode == .autoReverse ? .pi : 0)
                view.transform = Transform2D(rotationAngle: angle).concatenating(view.transform)
            }
        }
    }

    private func apply(_ track: Track, _ p: Double, to view: inout View) {
        func number(_ model: Double) -> Double {
            if case .number(let v) = track.value(at: p, model: .number(model)) { return v }
            return model
        }
        func parts(_ change: (inout Transform2D.Parts) -> Void) {
            var parts = view.transform.parts
            change(&parts)
            view.transform = Transform2D(parts: parts)
        }
        // A view with a 3D transform has its parts animated there (Core Animation's key paths
        // reach the layer's CATransform3D); one without gets one for a rotation about x or y.
        func parts3D(_ change: (inout Transform3D) -> Void) {
            var t = view.transform3D ?? .identity
            change(&t)
            view.transform3D = t
        }
        let in3D = view.transform3D != nil
        switch track.property {
        case .alpha: view.alpha = min(1, max(0, number(view.alpha)))
        case .cornerRadius: view.cornerRadius = max(0, number(view.cornerRadius))
        case .borderWidth:
            let width = max(0, number(view.border.map { $0.width.points(scale: 1) } ?? 0))
            view.border = Border(width: .points(width), color: view.border?.color ?? .black)
        case .backgroundColor:
            let model: Color = switch view.backgroundColor {
            case .color(let c)?: c
            case .tint?: tint
            case nil: Color(red: 0, green: 0, blue: 0, alpha: 0)
            }
            if case .color(let c) = track.value(at: p, model: .color(model)) { view.backgroundColor = .color(c) }
        case .transform:
            if case .transform(let t) = track.value(at: p, model: .transform(view.transform)) { view.transform = t }
        case .transform3D:
            if case .transform3D(let t) = track.value(at: p, model: .transform3D(view.transform3D ?? .identity)) { view.transform3D = t }
        case .rotationX: parts3D { $0.rotation.x = number($0.rotation.x) }
        case .rotationY: parts3D { $0.rotation.y = number($0.rotation.y) }
        case .translationZ: parts3D { $0.translation.z = number($0.translation.z) }
        case .scale where in3D:
            parts3D {
                let v = number($0.scale.x)
                $0.scale = Vector3(x: v, y: $0.scale.x == 0 ? v : v * $0.scale.y / $0.scale.x, z: $0.scale.z)
            }
        case .scaleX where in3D: parts3D { $0.scale.x = number($0.scale.x) }
        case .scaleY where in3D: parts3D { $0.scale.y = number($0.scale.y) }
        case .rotation where in3D: parts3D { $0.rotation.z = number($0.rotation.z) }
        case .translationX where in3D: parts3D { $0.translation.x = number($0.translation.x) }
        case .translationY where in3D: parts3D { $0.translation.y = number($0.translation.y) }
        case .translation where in3D:
            parts3D {
                if case .point(let q) = track.value(at: p, model: .point(Point(x: $0.translation.x, y: $0.translation.y))) {
                    $0.translation.x = q.x; $0.translation.y = q.y
                }
            }
        case .scale:
            let s = view.transform.parts.scale
            let v = number(s.width)
            parts { $0.scale = Size(width: v, height: s.width == 0 ? v : v * s.height / s.width) }
        case .scaleX: parts { $0.scale.width = number($0.scale.width) }
        case .scaleY: parts { $0.scale.height = number($0.scale.height) }
        case .rotation: parts { $0.rotation = number($0.rotation) }
        case .translationX: parts { $0.translation.x = number($0.translation.x) }
        case .translationY: parts { $0.translation.y = number($0.translation.y) }
        case .translation:
            parts {
                if case .point(let q) = track.value(at: p, model: .point($0.translation)) { $0.translation = q }
            }
        case .contentOffset:
            // Kept with the scroll view: its resting offset is known only once it is laid out. A
            // navigation controller that has placed its top scroll view already (under a large
            // title) has settled the offset, animations included.
            let change = ScrollView.OffsetChange(track: track, progress: p)
            switch view.kind {
            case .scrollView(var s) where !s.offsetSettled: s.offsetChanges.append(change); view.kind = .scrollView(s)
            case .tableView(var t) where !t.scroll.offsetSettled: t.scroll.offsetChanges.append(change); view.kind = .tableView(t)
            default: break
            }
        case .frame, .center, .bounds, .position, .positionX, .positionY, .boundsSize:
            break
        }
    }

    /// The transition of `view` at scene time `t` and how far along it is (0: the state before, 1:
    /// after): the last listed that has started, else the first.
    func transition(of view: View, at t: Double) -> (Transition, Double)? {
        var found: (Transition, Double)?
        for a in animations(of: view) {
            guard let transition = a.transition, let p = a.progress(at: t) else { continue }
            if found == nil || p > 0 { found = (transition, min(1, max(0, p))) }
        }
        return found
    }

    /// Where `view`, placed by layout at `placed` (absolute points) inside a superview whose
    /// bounds are at `container`, is at the scene's time. Values are in the superview's points.
    func frame(of view: View, placed: Rect, container: Rect) -> Rect {
        var frame = placed
        for a in animations(of: view) {
            guard let p = a.progress(at: time) else { continue }
            for track in a.tracks where track.property.isGeometric {
                let relative = Rect(x: frame.x - container.x, y: frame.y - container.y, width: frame.width, height: frame.height)
                let anchor = view.anchorPoint
                let position = Point(x: relative.x + anchor.x * relative.width, y: relative.y + anchor.y * relative.height)
                func place(at pos: Point, size: Size) {
                    frame = Rect(x: container.x + pos.x - anchor.x * size.width, y: container.y + pos.y - anchor.y * size.height,
                                 width: max(0, size.width), height: max(0, size.height))
                }
                switch track.property {
                case .frame:
                    if case .rect(let r) = track.value(at: p, model: .rect(relative)) {
                        frame = Rect(x: container.x + r.x, y: container.y + r.y, width: max(0, r.width), height: max(0, r.height))
                    }
                case .center, .position:
                    if case .point(let q) = track.value(at: p, model: .point(position)) { place(at: q, size: relative.size) }
                case .positionX:
                    if case .number(let x) = track.value(at: p, model: .number(position.x)) { place(at: Point(x: x, y: position.y), size: relative.size) }
                case .positionY:
                    if case .number(let y) = track.value(at: p, model: .number(position.y)) { place(at: Point(x: position.x, y: y), size: relative.size) }
                case .bounds:
                    let model = Rect(origin: .zero, size: relative.size)
                    if case .rect(let r) = track.value(at: p, model: .rect(model)) { place(at: position, size: r.size) }
                case .boundsSize:
                    if case .size(let s) = track.value(at: p, model: .size(relative.size)) { place(at: position, size: s) }
                default:
                    break
                }
            }
        }
        return frame
    }
}
