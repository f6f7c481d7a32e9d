import TintypeModel

/// Touch marks for documentation images: a tap is a gray disc 44 across with a light ring; a
/// swipe adds a trail that widens and darkens from where the finger started.
enum TouchMarks {
    static let radius = 22.0
    static let disc = Color(white: 0.45, alpha: 0.45)
    static let ring = Color(white: 1, alpha: 0.75)

    static func items(_ touches: [TouchMark], anchors: Anchors) throws(RenderError) -> [DisplayItem] {
        var out: [DisplayItem] = []
        for (i, touch) in touches.enumerated() {
            switch touch {
            case .tap(let target):
                let center: Point
                switch target {
                case .point(let p): center = p
                case .id(let id):
                    guard let e = anchors[id] else { throw RenderError(path: "touches[\(i)].tap", message: "nothing with the id \(quoted(id)) is on screen") }
                    center = Point(x: e.frame.midX, y: e.frame.midY)
                }
                out += mark(at: center)
            case .swipe(let from, let to):
                out += trail(from: from, to: to) + mark(at: to)
            }
        }
        return out
    }

    static func mark(at c: Point) -> [DisplayItem] {
        let r = Rect(x: c.x - radius, y: c.y - radius, width: 2 * radius, height: 2 * radius)
        return [.fill(path: RoundedRect.path(r, radius: radius, curve: .circular), paint: .color(disc), rule: .nonZero),
                .stroke(path: RoundedRect.path(r.insetBy(dx: 1, dy: 1), radius: radius - 1, curve: .circular), paint: .color(ring),
                        style: StrokeStyle(width: 2, cap: .butt, join: .round, miterLimit: 10, dashes: [], dashPhase: 0))]
    }

    /// A quadrilateral 4 wide at the start and the disc's width at the end, fading in.
    static func trail(from a: Point, to b: Point) -> [DisplayItem] {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > radius else { return [] }
        let nx = -dy / length, ny = dx / length
        let w0 = 2.0, w1 = radius * 0.8
        // The trail stops at the disc's edge, so that the translucent disc does not double it.
        let end = Point(x: b.x - dx / length * (radius - 1), y: b.y - dy / length * (radius - 1))
        let path = Path([.move(Point(x: a.x + nx * w0, y: a.y + ny * w0)), .line(Point(x: end.x + nx * w1, y: end.y + ny * w1)),
                         .line(Point(x: end.x - nx * w1, y: end.y - ny * w1)), .line(Point(x: a.x - nx * w0, y: a.y - ny * w0)), .close])
        let paint = ResolvedPaint.linear(start: a, end: end, stops: [ResolvedStop(location: 0, color: Color(white: 0.45, alpha: 0)),
                                                                   ResolvedStop(location: 1, color: Color(white: 0.45, alpha: 0.35))])
        return [.fill(path: path, paint: paint, rule: .nonZero)]
    }
}
