import TintypeModel

/// Rounded-rectangle paths: circular corners (CALayer) and iOS 7 continuous corners (UIBezierPath).
public enum RoundedRect {
    /// How far from the corner a continuous curve starts, in units of the radius.
    public static let continuousExtent = 1.528665

    /// The outline of `rect` with `radius` corners of `curve` on the `corners` given.
    public static func path(_ rect: Rect, radius: Double, curve: CornerCurve, corners: Corners = .all) -> Path {
        guard radius > 0, rect.width > 0, rect.height > 0, !corners.isEmpty else { return .rect(rect) }
        switch curve {
        case .circular: return circular(rect, radius: min(radius, min(rect.width, rect.height) / 2), corners: corners)
        case .continuous: return continuous(rect, radius: radius, corners: corners)
        }
    }

    /// Quarter circles, as cubic Béziers with the usual 0.5523 handle.
    static func circular(_ rect: Rect, radius r: Double, corners: Corners) -> Path {
        let k = 0.5522847498307936 * r
        // Each corner in local units: start, control 1, control 2, end, walking clockwise.
        var c: [PathCommand] = []
        let tl = corners.contains(.topLeft) ? r : 0, tr = corners.contains(.topRight) ? r : 0
        let br = corners.contains(.bottomRight) ? r : 0, bl = corners.contains(.bottomLeft) ? r : 0
        func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        c.append(.move(p(x0 + tl, y0)))
        c.append(.line(p(x1 - tr, y0)))
        if tr > 0 { c.append(.cubic(p(x1 - tr + k, y0), p(x1, y0 + tr - k), p(x1, y0 + tr))) }
        c.append(.line(p(x1, y1 - br)))
        if br > 0 { c.append(.cubic(p(x1, y1 - br + k), p(x1 - br + k, y1), p(x1 - br, y1))) }
        c.append(.line(p(x0 + bl, y1)))
        if bl > 0 { c.append(.cubic(p(x0 + bl - k, y1), p(x0, y1 - bl + k), p(x0, y1 - bl))) }
        c.append(.line(p(x0, y0 + tl)))
        if tl > 0 { c.append(.cubic(p(x0, y0 + tl - k), p(x0 + tl - k, y0), p(x0 + tl, y0))) }
        c.append(.close)
        return Path(c)
    }

    /// The continuous ("squircle") corner from docs/uikit-metrics.md: each corner is three cubics that start
    /// 1.528665 r from the corner; r is clamped so the curves of neighbouring corners never overlap.
    static func continuous(_ rect: Rect, radius: Double, corners: Corners) -> Path {
        let r = min(radius, min(rect.width, rect.height) / 2 / continuousExtent)
        // The top-right corner in units of r as (inset from the right edge, down from the top).
        let corner: [(Double, Double)] = [
            (1.528665, 0),
            (1.08849296, 0), (0.86840694, 0), (0.63149379, 0.07491139),
            (0.37282383, 0.16905956), (0.16905956, 0.37282383), (0.07491139, 0.63149379),
            (0, 0.86840694), (0, 1.08849296), (0, 1.528665),
        ]
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        // Map (inset-from-edge a, inset-from-other-edge b) of the top-right template to each corner,
        // walking clockwise: top right, bottom right, bottom left, top left.
        let maps: [(Corners, (Double, Double) -> Point)] = [
            (.topRight, { a, b in Point(x: x1 - a * r, y: y0 + b * r) }),
            (.bottomRight, { a, b in Point(x: x1 - b * r, y: y1 - a * r) }),
            (.bottomLeft, { a, b in Point(x: x0 + a * r, y: y1 - b * r) }),
            (.topLeft, { a, b in Point(x: x0 + b * r, y: y0 + a * r) }),
        ]
        var c: [PathCommand] = []
        for (i, (which, map)) in maps.enumerated() {
            if corners.contains(which) {
                let pts = corner.map { map($0.0, $0.1) }
                c.append(i == 0 ? .move(pts[0]) : .line(pts[0]))
                c.append(.cubic(pts[1], pts[2], pts[3]))
                c.append(.cubic(pts[4], pts[5], pts[6]))
                c.append(.cubic(pts[7], pts[8], pts[9]))
            } else {
                let sharp = map(0, 0)
                c.append(i == 0 ? .move(sharp) : .line(sharp))
            }
        }
        c.append(.close)
        return Path(c)
    }
}
