import Foundation
import TintypeModel

/// A one-color vector icon in point units at its natural UIKit size, with its origin at the top left
/// of its box. Drawn by Tintype (original line art in the iOS 7–11 manner, not Apple's artwork).
struct Glyph: Sendable, Equatable {
    /// One stroked subpath: its width in points and how its ends and corners are drawn.
    struct Stroke: Sendable, Equatable {
        var path: Path
        var width: Double
        var cap: LineCap
        var join: LineJoin

        init(path: Path, width: Double, cap: LineCap = .round, join: LineJoin = .round) {
            self.path = path; self.width = width; self.cap = cap; self.join = join
        }
    }

    /// Natural size in points; every fill and stroke (with its width) stays inside this box.
    var size: Size
    /// Filled with the color, nonzero winding rule.
    var fills: [Path]
    /// Stroked with the color, after the fills.
    var strokes: [Stroke]

    init(size: Size, fills: [Path] = [], strokes: [Stroke] = []) {
        self.size = size; self.fills = fills; self.strokes = strokes
    }

    /// The glyph's drawing at `origin`, scaled uniformly to `scale` (1 = natural size), in `color`.
    func items(at origin: Point, scale: Double = 1, color: Color) -> [DisplayItem] {
        let paint = ResolvedPaint.color(color)
        var items: [DisplayItem] = fills.map { .fill(path: $0.placed(at: origin, scale: scale), paint: paint, rule: .nonZero) }
        for s in strokes {
            let style = StrokeStyle(width: s.width * scale, cap: s.cap, join: s.join, miterLimit: 10, dashes: [], dashPhase: 0)
            items.append(.stroke(path: s.path.placed(at: origin, scale: scale), paint: paint, style: style))
        }
        return items
    }

    /// The glyph's drawing centered in `rect`, at `scale`.
    func items(centeredIn rect: Rect, scale: Double = 1, color: Color) -> [DisplayItem] {
        let origin = Point(x: rect.minX + (rect.width - size.width * scale) / 2,
                           y: rect.minY + (rect.height - size.height * scale) / 2)
        return items(at: origin, scale: scale, color: color)
    }
}

extension Path {
    /// Every point scaled about the origin by `scale`, then moved to `origin`.
    fileprivate func placed(at origin: Point, scale: Double) -> Path {
        func t(_ p: Point) -> Point { Point(x: origin.x + p.x * scale, y: origin.y + p.y * scale) }
        return Path(commands.map {
            switch $0 {
            case .move(let p): .move(t(p))
            case .line(let p): .line(t(p))
            case .cubic(let a, let b, let c): .cubic(t(a), t(b), t(c))
            case .close: .close
            }
        })
    }
}

/// The glyphs UIKit draws itself: bar button system items, the back indicator, status bar
/// indicators and the search field's magnifier and clear button.
///
/// All line art is 1.5 pt (the "+" 1.7, the back chevron 3) with round caps and joins, and sits
/// inside its natural box including the stroke's half width.
enum SystemGlyphs {
    /// The glyph of a system bar button item; nil for the items drawn as titles
    /// (done, cancel, edit, save, undo, redo).
    static func glyph(for item: SystemItem) -> Glyph? {
        switch item {
        case .done, .cancel, .edit, .save, .undo, .redo: nil
        case .add: add
        case .compose: compose
        case .reply: reply
        case .action: action
        case .organize: organize
        case .bookmarks: bookmarks
        case .search: search
        case .refresh: refresh
        case .trash: trash
        case .camera: camera
        case .play: play
        case .pause: pause
        case .rewind: rewind
        case .fastForward: fastForward
        case .stop: stop
        }
    }

    /// Line width of bar button item art.
    static let line = 1.5

    // MARK: Bar button items

    /// A thin "+", 18×18.
    static let add = Glyph(size: Size(width: 18, height: 18), strokes: [
        .init(path: svg("M9 0 V18 M0 9 H18"), width: 1.7, cap: .butt, join: .miter),
    ])

    /// A square open at its top right corner with a pencil leaning into it, 23×23.
    static let compose: Glyph = {
        let u = Point(x: 0.5.squareRoot(), y: -(0.5.squareRoot()))   // along the pencil, toward its end
        let n = Point(x: 0.5.squareRoot(), y: 0.5.squareRoot())      // across it
        let tip = Point(x: 8.75, y: 14.25)
        let h = 1.7
        func at(_ along: Double, _ across: Double) -> Point {
            Point(x: tip.x + along * u.x + across * n.x, y: tip.y + along * u.y + across * n.y)
        }
        let pencil = Path([.move(tip), .line(at(3.6, -h)), .line(at(17, -h)), .line(at(17, h)), .line(at(3.6, h)), .close,
                           .move(at(3.6, -h)), .line(at(3.6, h))])
        let box = svg("M12.25 4.25 H2.75 A2 2 0 0 0 0.75 6.25 V20.25 A2 2 0 0 0 2.75 22.25 H16.75 A2 2 0 0 0 18.75 20.25 V10.75")
        return Glyph(size: Size(width: 23, height: 23), strokes: [.init(path: box, width: line), .init(path: pencil, width: line)])
    }()

    /// A left-pointing arrow whose shaft sweeps down to the right, 26×21.
    static let reply = Glyph(size: Size(width: 26, height: 21), strokes: [
        .init(path: svg("M1 9.4 L10.25 1.25 V6 C18.5 6 24.5 10.75 25.25 19.75 C22.25 15.25 17.5 13.25 10.25 13.25 V17.6 Z"),
              width: line),
    ])

    /// An open-topped box with an arrow rising out of it, 20×27.
    static let action = Glyph(size: Size(width: 20, height: 27), strokes: [
        .init(path: svg("M6.25 9.75 H0.75 V26.25 H19.25 V9.75 H13.75"), width: line),
        .init(path: svg("M10 1.25 V17.25 M5.75 5.5 L10 1.25 L14.25 5.5"), width: line),
    ])

    /// A folder with a tab and a front flap line, 26×21.
    static let organize = Glyph(size: Size(width: 26, height: 21), strokes: [
        .init(path: svg("M0.75 18.75 V2.25 A1.5 1.5 0 0 1 2.25 0.75 H8.5 L10.75 3.25 H23.75 A1.5 1.5 0 0 1 25.25 4.75 V18.75 "
                        + "A1.5 1.5 0 0 1 23.75 20.25 H2.25 A1.5 1.5 0 0 1 0.75 18.75 Z"),
              width: line),
        .init(path: svg("M0.75 6.75 H25.25"), width: line),
    ])

    /// An open book seen from above, 26×21.
    static let bookmarks = Glyph(size: Size(width: 26, height: 21), strokes: [
        .init(path: svg("""
            M13 3.25 C10 1.25 5.25 0.5 0.75 1.5 V17.75 C5.25 16.75 10 17.5 13 19.5 C16 17.5 20.75 16.75 25.25 17.75 V1.5 \
            C20.75 0.5 16 1.25 13 3.25 Z M13 3.25 V19.5
            """), width: line),
    ])

    /// A magnifying glass, 21×21.
    static let search = Glyph(size: Size(width: 21, height: 21), strokes: [
        .init(path: circle(center: Point(x: 8.5, y: 8.5), radius: 7.75), width: line),
        .init(path: svg("M14.05 14.05 L20.25 20.25"), width: line),
    ])

    /// A clockwise circular arrow with its head at twelve o'clock, 21×24.
    static let refresh: Glyph = {
        let c = Point(x: 10.5, y: 13.25), r = 9.25
        let arc = arcPath(center: c, radius: r, from: -58, to: -90 + 360)
        return Glyph(size: Size(width: 21, height: 24), strokes: [
            .init(path: arc, width: line),
            .init(path: svg("M8 0.75 L11.25 4 L8 7.25"), width: line),
        ])
    }()

    /// A bin with a lid, a handle and three ribs, 20×24.
    static let trash = Glyph(size: Size(width: 20, height: 24), strokes: [
        .init(path: svg("M0.75 4.5 H19.25"), width: line),
        .init(path: svg("M6.75 4.5 V2.25 A1.5 1.5 0 0 1 8.25 0.75 H11.75 A1.5 1.5 0 0 1 13.25 2.25 V4.5"), width: line),
        .init(path: svg("M2.75 4.5 L3.7 21.75 A1.6 1.6 0 0 0 5.3 23.25 H14.7 A1.6 1.6 0 0 0 16.3 21.75 L17.25 4.5"), width: line),
        .init(path: svg("M7 8.25 V19.75 M10 8.25 V19.75 M13 8.25 V19.75"), width: line),
    ])

    /// A camera body with a raised viewfinder, a lens and a flash dot, 26×20.
    static let camera = Glyph(size: Size(width: 26, height: 20), fills: [
        circle(center: Point(x: 4.5, y: 7.5), radius: 0.9),
    ], strokes: [
        .init(path: svg("""
            M3.25 4.25 H8 L9.5 0.75 H16.5 L18 4.25 H22.75 A2.5 2.5 0 0 1 25.25 6.75 V16.75 A2.5 2.5 0 0 1 22.75 19.25 \
            H3.25 A2.5 2.5 0 0 1 0.75 16.75 V6.75 A2.5 2.5 0 0 1 3.25 4.25 Z
            """), width: line),
        .init(path: circle(center: Point(x: 13, y: 11.5), radius: 4.5), width: line),
    ])

    /// A solid right-pointing triangle, 17×20.
    static let play = Glyph(size: Size(width: 17, height: 20), fills: [svg("M0 0 L17 10 L0 20 Z")])

    /// Two solid bars, 15×20.
    static let pause = Glyph(size: Size(width: 15, height: 20), fills: [svg("M0 0 H5 V20 H0 Z M10 0 H15 V20 H10 Z")])

    /// Two solid left-pointing triangles, 26×16.
    static let rewind = Glyph(size: Size(width: 26, height: 16), fills: [svg("M13 0 V16 L0 8 Z M26 0 V16 L13 8 Z")])

    /// Two solid right-pointing triangles, 26×16.
    static let fastForward = Glyph(size: Size(width: 26, height: 16), fills: [svg("M0 0 L13 8 L0 16 Z M13 0 L26 8 L13 16 Z")])

    /// A solid square, 18×18.
    /// A thin "×" (UIBarButtonSystemItemStop since iOS 7), 18×18.
    static let stop = Glyph(size: Size(width: 18, height: 18), strokes: [
        .init(path: svg("M1 1 L17 17 M17 1 L1 17"), width: 1.7, cap: .round, join: .round),
    ])

    // MARK: Navigation bar

    /// The back indicator: a "<" 3 pt thick with round ends, 13×21. Drawn left of the back title.
    static let backChevron = Glyph(size: Size(width: 13, height: 21), strokes: [
        .init(path: svg("M11.5 1.5 L2.5 10.5 L11.5 19.5"), width: 3),
    ])

    // MARK: Status bar (iOS 11 look; the same glyphs serve the iPhone X layout)

    /// Full cellular signal: four ascending rounded bars, 17×11.
    static let cellularSignal: Glyph = {
        let heights = [4.0, 19.0 / 3, 26.0 / 3, 11]
        let bars = heights.enumerated().map { i, h in
            RoundedRect.path(Rect(x: Double(i) * 14 / 3, y: 11 - h, width: 3, height: h), radius: 1, curve: .circular)
        }
        return Glyph(size: Size(width: 17, height: 11), fills: bars)
    }()

    /// Full wifi: two arcs and a wedge fanning up from one point, 15×11.
    static let wifi: Glyph = {
        let c = Point(x: 7.5, y: 10.6)
        let band = 2.1
        // Arcs span 45° either side of straight up; the outer arc's round ends just touch the sides.
        let outer = arcPath(center: c, radius: 9.1, from: -135, to: -45)
        let middle = arcPath(center: c, radius: 5.7, from: -135, to: -45)
        var wedge = arcPath(center: c, radius: 3.3, from: -135, to: -45).commands
        wedge.insert(.move(c), at: 0)
        wedge[1] = .line(point(c, 3.3, -135))
        wedge.append(.close)
        return Glyph(size: Size(width: 15, height: 11), strokes: [
            .init(path: outer, width: band), .init(path: middle, width: band),
            .init(path: Path(wedge), width: 0.5),
        ]).withFills([Path(wedge)])
    }()

    /// The battery: a rounded outline with a nub on the right and the charge filled inside it with
    /// 1 pt of padding, 25×12. `level` runs from 0 (empty) to 1 (full) and is clamped.
    static func battery(level: Double) -> Glyph {
        let body = Rect(x: 0.5, y: 0.5, width: 22, height: 11)
        let outline = RoundedRect.path(body, radius: 2.5, curve: .circular)
        let nub = svg("M23.75 4 H24 A1 1 0 0 1 25 5 V7 A1 1 0 0 1 24 8 H23.75 Z")
        var fills = [nub]
        let level = level.isNaN ? 0 : min(1, max(0, level))
        let full = Rect(x: 2, y: 2, width: 19, height: 8)
        if level > 0 {
            let r = Rect(x: full.minX, y: full.minY, width: full.width * level, height: full.height)
            fills.append(RoundedRect.path(r, radius: 1.5, curve: .circular))
        }
        return Glyph(size: Size(width: 25, height: 12), fills: fills, strokes: [.init(path: outline, width: 1)])
    }

    // MARK: Search bar

    /// The search field's magnifier, 14×14 (drawn gray by the search bar).
    static let searchMagnifier = Glyph(size: Size(width: 14, height: 14), strokes: [
        .init(path: circle(center: Point(x: 5.75, y: 5.75), radius: 5), width: 1.5),
        .init(path: svg("M9.4 9.4 L13.25 13.25"), width: 1.5),
    ])

    /// The search field's clear button: a solid disc with an "x" cut out of it, 14×14.
    static let clearButton: Glyph = {
        let c = Point(x: 7, y: 7)
        // A plus sign, turned 45°, wound against the disc so the nonzero rule leaves it empty.
        let a = 3.5, t = 0.7
        let plus: [(Double, Double)] = [(t, -a), (t, -t), (a, -t), (a, t), (t, t), (t, a),
                                        (-t, a), (-t, t), (-a, t), (-a, -t), (-t, -t), (-t, -a)]
        let s = 0.5.squareRoot()
        var points = plus.map { x, y in Point(x: c.x + (x - y) * s, y: c.y + (x + y) * s) }
        let disc = circle(center: c, radius: 7)
        if signedArea(points) * signedArea(flatten(disc)) > 0 { points.reverse() }
        var cross: [PathCommand] = [.move(points[0])]
        cross += points.dropFirst().map { .line($0) }
        cross.append(.close)
        return Glyph(size: Size(width: 14, height: 14), fills: [Path(disc.commands + cross)])
    }()

    // MARK: Helpers

    /// SVG path data authored in this file; it always parses.
    static func svg(_ d: String) -> Path {
        do { return Path(try PathData(parsing: d).commands) } catch {
            preconditionFailure("glyph path does not parse: \(error)")
        }
    }

    static func point(_ c: Point, _ r: Double, _ degrees: Double) -> Point {
        let a = degrees * .pi / 180
        return Point(x: c.x + r * cos(a), y: c.y + r * sin(a))
    }

    /// A circular arc from `from` to `to` degrees (0 = +x, increasing clockwise on screen), as
    /// cubics of at most 45° each so their control points hug the curve.
    static func arcPath(center c: Point, radius r: Double, from a0: Double, to a1: Double) -> Path {
        let count = max(1, Int((abs(a1 - a0) / 45).rounded(.up)))
        let step = (a1 - a0) / Double(count)
        let k = 4 / 3 * tan(step * .pi / 180 / 4)
        var commands: [PathCommand] = [.move(point(c, r, a0))]
        for i in 0..<count {
            let s = (a0 + Double(i) * step) * .pi / 180, e = (a0 + Double(i + 1) * step) * .pi / 180
            let p0 = Point(x: c.x + r * cos(s), y: c.y + r * sin(s))
            let p3 = Point(x: c.x + r * cos(e), y: c.y + r * sin(e))
            let c1 = Point(x: p0.x - k * r * sin(s), y: p0.y + k * r * cos(s))
            let c2 = Point(x: p3.x + k * r * sin(e), y: p3.y - k * r * cos(e))
            commands.append(.cubic(c1, c2, p3))
        }
        return Path(commands)
    }

    static func circle(center: Point, radius: Double) -> Path {
        var p = arcPath(center: center, radius: radius, from: 0, to: 360)
        p.commands.append(.close)
        return p
    }

    /// The points of a path with its curves sampled, for bounds and winding.
    static func flatten(_ path: Path, samples: Int = 16) -> [Point] {
        var out: [Point] = []
        var current = Point.zero
        for c in path.commands {
            switch c {
            case .move(let p), .line(let p):
                out.append(p); current = p
            case .cubic(let a, let b, let p):
                for i in 1...samples {
                    let t = Double(i) / Double(samples), u = 1 - t
                    let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
                    out.append(Point(x: w0 * current.x + w1 * a.x + w2 * b.x + w3 * p.x,
                                     y: w0 * current.y + w1 * a.y + w2 * b.y + w3 * p.y))
                }
                current = p
            case .close:
                break
            }
        }
        return out
    }

    static func signedArea(_ points: [Point]) -> Double {
        guard points.count > 2 else { return 0 }
        var sum = 0.0
        for i in points.indices {
            let p = points[i], q = points[(i + 1) % points.count]
            sum += p.x * q.y - q.x * p.y
        }
        return sum / 2
    }
}

extension Glyph {
    fileprivate func withFills(_ extra: [Path]) -> Glyph {
        Glyph(size: size, fills: fills + extra, strokes: strokes)
    }
}
