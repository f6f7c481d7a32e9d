import TintypeModel

/// Mirrors drawings for right-to-left layouts (the back chevron points the other way): paths and
/// clips are flipped, images and text only moved (their artwork and reading order stay), text
/// aligned to the left is aligned to the right and the other way round, shadows cast the other way.
/// Mirroring twice gives back what was drawn.
enum Mirroring {
    static func horizontally(_ items: [DisplayItem], around x: Double) -> [DisplayItem] {
        func flip(_ r: Rect) -> Rect { Rect(x: 2 * x - r.maxX, y: r.minY, width: r.width, height: r.height) }
        func flip(_ paint: ResolvedPaint) -> ResolvedPaint {
            switch paint {
            case .color: paint
            case .linear(let s, let e, let stops): .linear(start: flip(s), end: flip(e), stops: stops)
            case .radial(let c, let r, let stops): .radial(center: flip(c), radius: r, stops: stops)
            }
        }
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
            case .fill(let path, let paint, let rule): return .fill(path: flip(path), paint: flip(paint), rule: rule)
            case .stroke(let path, let paint, let style): return .stroke(path: flip(path), paint: flip(paint), style: style)
            case .image(var image):
                image.frame = flip(image.frame)
                return .image(image)
            case .text(var t):
                t.frame = flip(t.frame)
                switch t.alignment {
                case .left: t.alignment = .right
                case .right: t.alignment = .left
                case .natural, .center: break
                }
                return .text(t)
            case .group(var g):
                g.items = horizontally(g.items, around: x)
                g.clip = g.clip.map(flip)
                if var s = g.shadow { s.offset.width = -s.offset.width; g.shadow = s }
                // The items are mirrored in their own coordinates, so the transform is conjugated
                // by the mirror (F·T·F) to land them where the mirrored original would be.
                if let t = g.transform {
                    g.transform = Transform2D(a: t.a, b: -t.b, c: -t.c, d: t.d,
                                                  tx: 2 * x - 2 * t.a * x - t.tx, ty: 2 * t.b * x + t.ty)
                }
                if let h = g.projection {
                    let f = Homography(Transform2D(a: -1, b: 0, c: 0, d: 1, tx: 2 * x, ty: 0))
                    g.projection = f.concatenating(h).concatenating(f)
                }
                return .group(g)
            case .backdrop(var b):
                b.rect = flip(b.rect)
                return .backdrop(b)
            case .homeIndicator(let r): return .homeIndicator(flip(r))
            }
        }
    }
}
