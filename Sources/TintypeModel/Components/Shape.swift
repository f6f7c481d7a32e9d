/// A vector shape (CAShapeLayer): SVG path data in the view's coordinates, filled and stroked.
public struct Shape: Sendable, Equatable {
    public var path: PathData
    /// Nil draws no fill.
    public var fill: Paint?
    /// Nil draws no stroke.
    public var stroke: Paint?
    public var lineWidth: Length
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var miterLimit: Double
    public var lineDashPattern: [Double]
    public var lineDashPhase: Double
    public var fillRule: FillRule

    public init(path: PathData, fill: Paint? = .color(.black), stroke: Paint? = nil, lineWidth: Length = .points(1),
                lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
                lineDashPattern: [Double] = [], lineDashPhase: Double = 0, fillRule: FillRule = .nonZero) {
        self.path = path; self.fill = fill; self.stroke = stroke; self.lineWidth = lineWidth
        self.lineCap = lineCap; self.lineJoin = lineJoin; self.miterLimit = miterLimit
        self.lineDashPattern = lineDashPattern; self.lineDashPhase = lineDashPhase; self.fillRule = fillRule
    }
}

/// What fills or strokes a shape: a color (or the tint), or a gradient.
public enum Paint: Sendable, Equatable {
    case color(ColorValue)
    case linearGradient(LinearGradient)
    case radialGradient(RadialGradient)
}

public struct GradientStop: Sendable, Equatable {
    /// Position along the gradient, 0...1.
    public var location: Double
    public var color: ColorValue
    public init(location: Double, color: ColorValue) { self.location = location; self.color = color }
}

/// A gradient between two points in the view's coordinates (CAGradientLayer's axial type).
public struct LinearGradient: Sendable, Equatable {
    public var start: Point
    public var end: Point
    public var stops: [GradientStop]
    public init(start: Point, end: Point, stops: [GradientStop]) { self.start = start; self.end = end; self.stops = stops }
}

/// A gradient from a center outwards to a radius, in the view's coordinates.
public struct RadialGradient: Sendable, Equatable {
    public var center: Point
    public var radius: Double
    public var stops: [GradientStop]
    public init(center: Point, radius: Double, stops: [GradientStop]) { self.center = center; self.radius = radius; self.stops = stops }
}

public enum LineCap: String, Sendable, Equatable, CaseIterable { case butt, round, square }
public enum LineJoin: String, Sendable, Equatable, CaseIterable { case miter, round, bevel }
public enum FillRule: String, Sendable, Equatable, CaseIterable { case nonZero, evenOdd }

extension View {
    /// A shape view from SVG path data; throws when the path data does not parse.
    public static func shape(_ d: String, fill: Paint? = .color(.black), stroke: Paint? = nil,
                             lineWidth: Length = .points(1), frame: Rect? = nil) throws(PathDataError) -> View {
        View(.shape(Shape(path: try PathData(parsing: d), fill: fill, stroke: stroke, lineWidth: lineWidth)), frame: frame)
    }
}

extension Shape {
    static func decode(_ r: ObjectReader) -> Shape? {
        var shape = Shape(path: PathData(commands: []))
        if let n = r.node("path", as: .string) {
            if case .string(let d) = n.value {
                do { shape.path = try PathData(parsing: d) } catch {
                    r.report("path", n, "bad path data: \(error)")
                }
            } else {
                r.report("path", n, "expected SVG path data (a string like \"M0 0 L10 10 Z\"), found \(n.value.kindName)")
            }
        }
        if let n = r.node("fill", keepNull: true, as: paintForm) { shape.fill = decodePaint(n, path: join(r.path, "fill"), context: r.context) }
        if let n = r.node("stroke", keepNull: true, as: paintForm) { shape.stroke = decodePaint(n, path: join(r.path, "stroke"), context: r.context) }
        if let w = r.lengthOrHairline("lineWidth") { shape.lineWidth = w }
        if let c = r.choice("lineCap", LineCap.self) { shape.lineCap = c }
        if let j = r.choice("lineJoin", LineJoin.self) { shape.lineJoin = j }
        if let m = r.number("miterLimit", in: 1...1000) { shape.miterLimit = m }
        if let items = r.array("lineDashPattern") {
            shape.lineDashPattern = items.compactMap { ObjectReader.number($0.node, path: $0.path, in: SceneLimits.length, context: r.context) }
        }
        if let p = r.number("lineDashPhase") { shape.lineDashPhase = p }
        if let f = r.choice("fillRule", FillRule.self) { shape.fillRule = f }
        return shape
    }

    /// `null` (none), a color string, `{"linearGradient": {...}}` or `{"radialGradient": {...}}`.
    /// A paint's forms, for the JSON Schema.
    static var paintForm: ValueForm { ValueForm.anyOf([.color(tint: true), .null, .oneKey(prefix: "gradient", keys: ["linearGradient", "radialGradient"])]) }

    static func decodePaint(_ n: JSONNode, path: String, context: DecodeContext) -> Paint? {
        context.recorder?.declare(path, paintForm)
        switch n.value {
        case .null: return nil
        case .string: return ObjectReader.colorValue(n, path: path, context: context).map(Paint.color)
        case .object(let members):
            guard members.count == 1, let m = members.first, ["linearGradient", "radialGradient"].contains(m.key) else {
                context.report(path, n.position, "expected a color, null, or an object with one key, \"linearGradient\" or \"radialGradient\"")
                return nil
            }
            let p = join(path, m.key)
            guard let g = ObjectReader(m.value, path: p, context: context, schemaName: "gradient." + m.key) else { return nil }
            defer { g.finish() }
            let stops = decodeStops(g)
            if m.key == "linearGradient" {
                guard let start = g.point("start"), let end = g.point("end") else {
                    if !g.has("start") || !g.has("end") { context.report(p, m.value.position, "a linear gradient needs \"start\" and \"end\" points") }
                    return nil
                }
                return stops.map { .linearGradient(LinearGradient(start: start, end: end, stops: $0)) }
            }
            guard let center = g.point("center"), let radius = g.length("radius") else {
                if !g.has("center") || !g.has("radius") { context.report(p, m.value.position, "a radial gradient needs a \"center\" and a \"radius\"") }
                return nil
            }
            return stops.map { .radialGradient(RadialGradient(center: center, radius: radius, stops: $0)) }
        default:
            context.report(path, n.position, "expected a color or a gradient, found \(n.value.kindName)")
            return nil
        }
    }

    /// Stops as colors spread evenly (`["red", "blue"]`) or as `{"location": 0.2, "color": "red"}`.
    static func decodeStops(_ g: ObjectReader) -> [GradientStop]? {
        guard let items = g.array("stops") else {
            if !g.has("stops") { g.context.report(join(g.path, "stops"), g.node.position, "a gradient needs \"stops\"") }
            return nil
        }
        guard items.count >= 2 else {
            g.context.report(join(g.path, "stops"), g.node.position, "a gradient needs at least 2 stops, found \(items.count)")
            return nil
        }
        var stops: [GradientStop] = []
        for (i, item) in items.enumerated() {
            if case .object = item.node.value, let s = ObjectReader(item.node, path: item.path, context: g.context) {
                let loc = s.number("location", in: 0...1), color = s.colorValue("color")
                if let loc, let color {
                    stops.append(GradientStop(location: loc, color: color))
                } else if !s.has("location") || !s.has("color") {
                    g.context.report(item.path, item.node.position, "a stop needs a \"location\" (0...1) and a \"color\"")
                }
                s.finish()
            } else if let color = ObjectReader.colorValue(item.node, path: item.path, context: g.context) {
                stops.append(GradientStop(location: Double(i) / Double(items.count - 1), color: color))
            }
        }
        return stops.count == items.count ? stops : nil
    }
}
