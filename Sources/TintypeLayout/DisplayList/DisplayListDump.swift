import TintypeModel

extension DisplayList {
    /// The list as stable, diff-friendly text: one line an item, groups indented, points rounded to
    /// hundredths, colors as `#RRGGBB[AA]`. It depends on the layout alone, not on Cairo's or Pango's
    /// pixels, so a layout change reads as a diff of lines (the `layout` snapshot strategy).
    ///
    /// ```
    /// canvas 375×667 @2x
    /// fill rect 0 0 375 667 #FFFFFF
    /// text "Settings" Inter Display bold 34 #000000 in 16 96 343 41 left 1 line
    /// group alpha 0.5
    ///   fill path 8 commands in 16 20 51 31 #4CD964
    /// ```
    public func dump() -> String {
        var lines = ["canvas \(Self.n(size.width))×\(Self.n(size.height)) @\(Self.n(scale))x" + (language.map { " " + $0 } ?? "")]
        Self.dump(items, indent: "", into: &lines)
        for note in notes { lines.append("note \(note)") }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func dump(_ items: [DisplayItem], indent: String, into lines: inout [String]) {
        for item in items {
            switch item {
            case .fill(let path, let paint, let rule):
                lines.append(indent + "fill " + describe(path) + " " + describe(paint) + (rule == .evenOdd ? " even-odd" : ""))
            case .stroke(let path, let paint, let style):
                var s = indent + "stroke " + describe(path) + " " + describe(paint) + " width \(n(style.width))"
                if !style.dashes.isEmpty { s += " dashes " + style.dashes.map(n).joined(separator: ",") }
                lines.append(s)
            case .text(let t):
                var s = indent + "text \(quoted(t.text)) \(t.font.family) \(t.font.weight.rawValue) \(n(t.font.size)) \(t.color) in \(describe(t.frame))"
                s += " \(t.alignment.rawValue) \(t.numberOfLines == 0 ? "any" : String(t.numberOfLines)) line\(t.numberOfLines == 1 ? "" : "s")"
                if t.direction == .rightToLeft { s += " rtl" }
                if t.lineBreakMode != .byTruncatingTail { s += " \(t.lineBreakMode.rawValue)" }
                lines.append(s)
            case .image(let i):
                var s = indent + "image \(quoted(i.source.path)) in \(describe(i.frame))"
                if let t = i.templateColor { s += " template \(t)" }
                if let c = i.capInsets { s += " caps \(n(c.top)) \(n(c.left)) \(n(c.bottom)) \(n(c.right)) \(i.resizingMode.rawValue)" }
                lines.append(s)
            case .group(let g):
                var s = indent + "group"
                if let t = g.transform, !t.isIdentity { s += " transform " + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(n).joined(separator: " ") }
                if let h = g.projection {
                    s += " projection " + [h.m11, h.m12, h.m13, h.m21, h.m22, h.m23, h.m31, h.m32, h.m33].map { format($0, places: 6) }.joined(separator: " ")
                }
                if g.alpha != 1 { s += " alpha \(n(g.alpha))" }
                if g.blendMode != .normal { s += " blend \(g.blendMode.rawValue)" }
                if let c = g.clip { s += " clip " + describe(c) }
                if let sh = g.shadow { s += " shadow \(sh.color) offset \(n(sh.offset.width)) \(n(sh.offset.height)) radius \(n(sh.radius))" }
                lines.append(s)
                dump(g.items, indent: indent + "  ", into: &lines)
            case .backdrop(let b):
                lines.append(indent + "backdrop \(describe(b.rect)) blur \(n(b.blurRadius)) saturation \(n(b.saturation))")
            case .homeIndicator(let r):
                lines.append(indent + "home indicator \(describe(r))")
            }
        }
    }

    private static func n(_ v: Double) -> String { format(v, places: 2) }

    private static func describe(_ r: Rect) -> String { "\(n(r.minX)) \(n(r.minY)) \(n(r.width)) \(n(r.height))" }

    /// A rectangle as `rect x y w h`; any other path as its command count and bounds.
    private static func describe(_ path: Path) -> String {
        if let r = path.asRect { return "rect " + describe(r) }
        return "path \(path.commands.count) commands in " + describe(path.bounds)
    }

    private static func describe(_ paint: ResolvedPaint) -> String {
        switch paint {
        case .color(let c): "\(c)"
        case .linear(let a, let b, let stops):
            "linear \(n(a.x)) \(n(a.y)) → \(n(b.x)) \(n(b.y)) " + stops.map { "\($0.color)@\(n($0.location))" }.joined(separator: " ")
        case .radial(let c, let r, let stops):
            "radial \(n(c.x)) \(n(c.y)) r \(n(r)) " + stops.map { "\($0.color)@\(n($0.location))" }.joined(separator: " ")
        }
    }
}

extension Path {
    /// The rectangle this path is, when it is one closed axis-aligned rectangle as `Path.rect` makes it.
    var asRect: Rect? {
        guard commands.count == 5, case .move(let a) = commands[0], case .line(let b) = commands[1],
              case .line(let c) = commands[2], case .line(let d) = commands[3], case .close = commands[4],
              a.y == b.y, b.x == c.x, c.y == d.y, d.x == a.x else { return nil }
        return Rect(x: min(a.x, c.x), y: min(a.y, c.y), width: abs(c.x - a.x), height: abs(c.y - a.y))
    }

    /// The box of every point the path names (control points included).
    public var bounds: Rect {
        var xs: [Double] = [], ys: [Double] = []
        for c in commands {
            switch c {
            case .move(let p), .line(let p): xs.append(p.x); ys.append(p.y)
            case .cubic(let p, let q, let r): xs += [p.x, q.x, r.x]; ys += [p.y, q.y, r.y]
            case .close: break
            }
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
