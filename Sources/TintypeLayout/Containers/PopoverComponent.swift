import TintypeModel

/// UIPopoverPresentationController on iPad, iOS 7–12 look: a light panel with 13-point continuous
/// corners and a soft shadow, its 13-high arrow (36 at the base, rounded tip) touching the source.
/// The arrow takes the first permitted direction (up, down, left, right) whose side has room for
/// the content; the panel stays 10 points inside the safe area and slides along to stay on screen.
struct PopoverLayout: Equatable {
    static let arrowHeight = 13.0, arrowBase = 36.0, radius = 13.0, margin = 10.0
    static let defaultWidth = 320.0

    /// Where the content goes.
    var body: Rect
    /// The side the arrow sticks out of (one direction).
    var direction: ArrowDirections
    var tip: Point

    /// The panel moved onto the device pixel grid (as UIKit places it), the arrow's tip with it
    /// along the edge it sticks out of.
    func snapped(_ scale: Double) -> PopoverLayout {
        let b = body.originSnapped(scale)
        return PopoverLayout(body: b, direction: direction, tip: Point(x: tip.x + b.minX - body.minX, y: tip.y + b.minY - body.minY))
    }

    /// - Parameters:
    ///   - source: the rectangle the arrow points at, in screen points.
    ///   - content: the preferred content size; a nil height takes all the room the side has.
    ///   - bounds: where the popover may go (the safe area, inset by the margin).
    static func layout(source: Rect, content: Size?, bounds: Rect, permitted: ArrowDirections) -> PopoverLayout {
        let a = arrowHeight
        let room: [(ArrowDirections, Double)] = [
            (.up, bounds.maxY - source.maxY - a), (.down, source.minY - a - bounds.minY),
            (.left, bounds.maxX - source.maxX - a), (.right, source.minX - a - bounds.minX),
        ]
        let width = min(content?.width ?? defaultWidth, bounds.width)
        let wanted = content.map { $0.height } ?? 0
        func needed(_ d: ArrowDirections) -> Double { d == .up || d == .down ? wanted : width }
        let candidates = room.filter { permitted.contains($0.0) }
        let (direction, space) = candidates.first { $0.1 >= needed($0.0) && $0.1 > 0 }
            ?? candidates.max { $0.1 < $1.1 } ?? room[0]
        let vertical = direction == .up || direction == .down
        var w = vertical ? width : min(width, max(0, space))
        var h = content?.height ?? (vertical ? max(0, space) : bounds.height)
        if vertical { h = min(h, max(0, space)) } else { h = min(h, bounds.height) }
        w = max(w, 2 * radius + arrowBase); h = max(h, 2 * radius + (vertical ? 0 : arrowBase))

        func slide(_ center: Double, _ length: Double, _ lo: Double, _ hi: Double) -> Double {
            min(max(center - length / 2, lo), max(lo, hi - length))
        }
        let body: Rect
        let tip: Point
        let inset = radius + arrowBase / 2
        switch direction {
        case .up, .down:
            let x = slide(source.midX, w, bounds.minX, bounds.maxX)
            let y = direction == .up ? source.maxY + a : source.minY - a - h
            body = Rect(x: x, y: y, width: w, height: h)
            tip = Point(x: min(max(source.midX, body.minX + inset), body.maxX - inset), y: direction == .up ? source.maxY : source.minY)
        default:
            let y = slide(source.midY, h, bounds.minY, bounds.maxY)
            let x = direction == .left ? source.maxX + a : source.minX - a - w
            body = Rect(x: x, y: y, width: w, height: h)
            tip = Point(x: direction == .left ? source.maxX : source.minX, y: min(max(source.midY, body.minY + inset), body.maxY - inset))
        }
        return PopoverLayout(body: body, direction: direction, tip: tip)
    }

    /// The panel and its arrow as one outline, both walked clockwise so that they add up.
    var outline: Path {
        let bodyPath = RoundedRect.path(body, radius: Self.radius, curve: .continuous)
        // The arrow in its own frame: u along the base, v outward; (u, v) keeps the clockwise walk.
        let (u, v): (Point, Point) = switch direction {
        case .up: (Point(x: 1, y: 0), Point(x: 0, y: -1))
        case .down: (Point(x: -1, y: 0), Point(x: 0, y: 1))
        case .left: (Point(x: 0, y: -1), Point(x: -1, y: 0))
        default: (Point(x: 0, y: 1), Point(x: 1, y: 0))
        }
        let h = Self.arrowHeight, b = Self.arrowBase / 2
        func p(_ along: Double, _ out: Double) -> Point {
            Point(x: tip.x + along * u.x + (out - h) * v.x, y: tip.y + along * u.y + (out - h) * v.y)
        }
        // The sides bow in a little toward the base and meet in a rounded tip; the base reaches 1
        // point into the panel so that no seam shows.
        let round = 3.0, side = (b * b + h * h).squareRoot()
        let (da, dh) = (round * b / side, round * h / side)
        let arrow: [PathCommand] = [
            .move(p(-b, -1)),
            .line(p(-b, 0)),
            .cubic(p(-b + b * 0.35, 0), p(-da - 1.2, h - dh - 1.2), p(-da, h - dh)),
            .cubic(p(-da * 0.35, h - dh * 0.35), p(da * 0.35, h - dh * 0.35), p(da, h - dh)),
            .cubic(p(da + 1.2, h - dh - 1.2), p(b - b * 0.35, 0), p(b, 0)),
            .line(p(b, -1)),
            .close,
        ]
        return Path(bodyPath.commands + arrow)
    }
}

struct PopoverComponent {
    let context: LayoutContext

    static let panel = Color(rgb8: 248, 248, 248)
    static let shadow = ResolvedShadow(color: Color(white: 0, alpha: 0.12), offset: Size(width: 0, height: 0), radius: 12)

    /// Where the source is on screen.
    static func sourceRect(_ source: PopoverSource, anchors: Anchors, screen: Rect, path: String) throws(RenderError) -> Rect {
        switch source.anchor {
        case .screen:
            return source.rect ?? screen
        case .item(let id):
            guard let e = anchors[id] else { throw RenderError(path: path + ".sourceItem", message: "the bar item \(quoted(id)) is not on screen") }
            return e.frame
        case .view(let id):
            guard let e = anchors[id] else { throw RenderError(path: path + ".sourceView", message: "the view \(quoted(id)) is not on screen") }
            guard let r = source.rect else { return e.frame }
            return Rect(x: e.frame.minX + r.minX, y: e.frame.minY + r.minY, width: r.width, height: r.height)
        }
    }

    static func bounds(_ env: Environment) -> Rect {
        env.safeRect.insetBy(dx: PopoverLayout.margin, dy: PopoverLayout.margin)
    }

    /// A popover showing `popover.root` (in its own colors: presenting dims only what is beneath).
    func items(_ popover: Popover, window: Environment, screen: Rect) throws(RenderError) -> [DisplayItem] {
        let source = try Self.sourceRect(popover.source, anchors: window.anchors, screen: screen, path: "presented")
        let layout = PopoverLayout.layout(source: source, content: popover.preferredContentSize, bounds: Self.bounds(window),
                                          permitted: popover.source.permittedArrowDirections).snapped(window.scale)
        var env = window.child(tintColor: nil, mode: .normal, path: "presented")
        env.safeRect = layout.body
        // A popover's content has a compact width, so its margins are a phone's 16, not the iPad's 20.
        env.traits.isRegularWidth = false
        env.traits.layoutMargin = 16
        let content = try context.layout(popover.root, in: layout.body, parent: env, path: "presented.root")
        return Self.chrome(layout, background: popover.backgroundColor ?? Self.panel, content: content)
    }

    /// The panel with its arrow and shadow, and the content clipped to the panel's rounded body.
    static func chrome(_ layout: PopoverLayout, background: Color, content: [DisplayItem]) -> [DisplayItem] {
        let bodyOutline = RoundedRect.path(layout.body, radius: PopoverLayout.radius, curve: .continuous)
        var inside: [DisplayItem] = [.fill(path: layout.outline, paint: .color(background), rule: .nonZero)]
        if !content.isEmpty { inside.append(.group(Group(items: content, clip: bodyOutline))) }
        return [.group(Group(items: inside, shadow: shadow))]
    }

    /// An iPad action sheet: its actions (no cancel: tapping outside cancels) in a 304-wide popover.
    static func actionSheet(_ a: AlertController, source: PopoverSource, alerts: AlertComponent, env: Environment, screen: Rect) throws(RenderError) -> [DisplayItem] {
        let width = 304.0
        let rect = try sourceRect(source, anchors: env.anchors, screen: screen, path: "presented")
        let measured = alerts.sheetGroup(a, width: width)
        let layout = PopoverLayout.layout(source: rect, content: Size(width: width, height: measured.height), bounds: bounds(env),
                                          permitted: source.permittedArrowDirections).snapped(env.scale)
        return chrome(layout, background: panel, content: alerts.sheetGroupItems(a, measured, in: layout.body, env: env))
    }
}
