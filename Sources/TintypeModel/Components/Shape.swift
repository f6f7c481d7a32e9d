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
