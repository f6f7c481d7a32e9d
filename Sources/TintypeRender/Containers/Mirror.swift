import TintypeModel

/// Mirrors drawings for right-to-left layouts (the back chevron points the other way).
enum Mirror {
    static func horizontally(_ items: [DisplayItem], around x: Double) -> [DisplayItem] {
        func flip(_ p: Point) -> Point { Point(x: 2 * x - p.x, y: p.y) }
        func flip(_ path: Path) -> Path {
            Path(path.commands.map {
                switch $0 {
                case .move(let p): .move(flip(p))
                case .line(let p): .line(flip(p))
                case .cubic(let a, let b, let c): .cubic(flip(a), flip(b), flip(c))
                case .close: .close
                }
            })
        }
        return items.map { item -> DisplayItem in
            switch item {
            case .fill(let path, let paint, let rule): return .fill(path: flip(path), paint: paint, rule: rule)
            case .stroke(let path, let paint, let style): return .stroke(path: flip(path), paint: paint, style: style)
            case .image(var image):
                image.frame = Rect(x: 2 * x - image.frame.maxX, y: image.frame.minY, width: image.frame.width, height: image.frame.height)
                return .image(image)
            case .group(var g):
                g.items = horizontally(g.items, around: x)
                return .group(g)
            default: return item
            }
        }
    }
}
