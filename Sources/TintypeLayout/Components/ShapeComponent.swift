import TintypeModel

/// CAShapeLayer: the path in the view's coordinates, filled, then stroked.
struct ShapeComponent: ViewComponent {
    let shape: Shape

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        Self.items(shape, frame: frame, env: env)
    }

    static func items(_ shape: Shape, frame: Rect, env: Environment) -> [DisplayItem] {
        let path = Path(shape.path.commands).translated(by: frame.minX, frame.minY)
        var items: [DisplayItem] = []
        if let fill = shape.fill {
            items.append(.fill(path: path, paint: paint(fill, origin: frame.origin, env: env), rule: shape.fillRule))
        }
        if let stroke = shape.stroke {
            let style = StrokeStyle(width: shape.lineWidth.points(scale: env.scale), cap: shape.lineCap, join: shape.lineJoin,
                                    miterLimit: shape.miterLimit, dashes: shape.lineDashPattern, dashPhase: shape.lineDashPhase)
            if style.width > 0 { items.append(.stroke(path: path, paint: paint(stroke, origin: frame.origin, env: env), style: style)) }
        }
        return items
    }

    static func paint(_ paint: Paint, origin: Point, env: Environment) -> ResolvedPaint {
        func at(_ p: Point) -> Point { Point(x: origin.x + p.x, y: origin.y + p.y) }
        func stops(_ s: [GradientStop]) -> [ResolvedStop] { s.map { ResolvedStop(location: $0.location, color: env.resolve($0.color)) } }
        switch paint {
        case .color(let c): return .color(env.resolve(c))
        case .linearGradient(let g): return .linear(start: at(g.start), end: at(g.end), stops: stops(g.stops))
        case .radialGradient(let g): return .radial(center: at(g.center), radius: g.radius, stops: stops(g.stops))
        }
    }
}
