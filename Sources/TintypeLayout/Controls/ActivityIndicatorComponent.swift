import Foundation
import TintypeModel

/// UIActivityIndicatorView: 12 round-ended spokes on a gear 20 points across (37 for whiteLarge),
/// centered in the frame. The leading spoke points up at full alpha; the spokes behind it
/// (counterclockwise) fade by max(0.32, 1 − 0.68 k / 6) at k steps behind (docs/uikit-metrics.md).
struct ActivityIndicatorComponent: ViewComponent {
    let indicator: ActivityIndicator

    /// A fixed-size control hugs its size hard (UIKit's 750).
    var defaultHugging: Double { 750 }

    func measure(_ view: View, width offer: Double?, env: Environment, context: LayoutContext) throws(RenderError) -> Measured {
        let side = indicator.style == .whiteLarge ? 37.0 : 20
        return Measured(size: Size(width: side, height: side))
    }

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        try Self.items(indicator, frame: frame, env: env, context: context)
    }

    struct Gear { var diameter: Double; var halfThickness: Double; var length: Double }

    static func gear(_ style: ActivityIndicator.Style) -> Gear {
        style == .whiteLarge ? Gear(diameter: 37, halfThickness: 1.5, length: 10) : Gear(diameter: 20, halfThickness: 1, length: 5)
    }

    static func baseColor(_ style: ActivityIndicator.Style) -> Color {
        style == .gray ? Color(white: 0.5) : .white
    }

    /// The alpha of the spoke `k` steps behind the leading one.
    static func alpha(stepsBehind k: Int) -> Double { max(0.32, 1 - 0.68 * Double(k) / 6) }

    static func items(_ c: ActivityIndicator, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        guard c.isVisible else { return [] }
        let g = gear(c.style)
        let color = c.color.map(env.resolve) ?? baseColor(c.style)
        let center = Point(x: frame.midX, y: frame.midY)
        let outer = g.diameter / 2
        // A spoke pointing up: a capsule from the inner to the outer radius, ends included.
        let capsule = RoundedRect.path(Rect(x: center.x - g.halfThickness, y: center.y - outer, width: 2 * g.halfThickness, height: g.length),
                                       radius: g.halfThickness, curve: .circular)
        return (0..<12).map { i in
            // Spoke i sits i × 30° clockwise from the top; the trail runs counterclockwise from it.
            let k = (12 - i) % 12
            let spoke = rotate(capsule, by: Double(i) * .pi / 6, about: center)
            return .fill(path: spoke, paint: .color(color.withAlpha(color.alpha * alpha(stepsBehind: k))), rule: .nonZero)
        }
    }

    /// `path` turned clockwise (on screen, y down) by `angle` radians about `c`.
    static func rotate(_ path: Path, by angle: Double, about c: Point) -> Path {
        let cs = cos(angle), sn = sin(angle)
        func t(_ p: Point) -> Point {
            let dx = p.x - c.x, dy = p.y - c.y
            return Point(x: c.x + dx * cs - dy * sn, y: c.y + dx * sn + dy * cs)
        }
        return Path(path.commands.map {
            switch $0 {
            case .move(let p): .move(t(p))
            case .line(let p): .line(t(p))
            case .cubic(let a, let b, let e): .cubic(t(a), t(b), t(e))
            case .close: .close
            }
        })
    }
}
