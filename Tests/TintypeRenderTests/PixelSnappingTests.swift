import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// View origins land on device pixels, as UIKit rounds them: a centered alert at 1x, a view
/// centered by layout pins at 3x, a centered form sheet.
@Suite struct PixelSnappingTests {
    /// Every fill's bounding box, groups opened.
    func rectFills(_ items: [DisplayItem]) -> [Rect] {
        items.flatMap { item -> [Rect] in
            switch item {
            case .fill(let path, _, _):
                var xs: [Double] = [], ys: [Double] = []
                for c in path.commands {
                    switch c {
                    case .move(let p), .line(let p): xs.append(p.x); ys.append(p.y)
                    case .cubic(let a, let b, let e): xs += [a.x, b.x, e.x]; ys += [a.y, b.y, e.y]
                    case .close: break
                    }
                }
                guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return [] }
                return [Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)]
            case .group(let g): return rectFills(g.items)
            default: return []
            }
        }
    }

    func onGrid(_ v: Double, scale: Double) -> Bool { abs(v * scale - (v * scale).rounded()) < 1e-9 }

    @Test func snappingRoundsToTheNearestDevicePixel() {
        #expect(52.5.pixelSnapped(1) == 53)
        #expect(10.2.pixelSnapped(2) == 10)
        #expect(10.3.pixelSnapped(3) == 31.0 / 3)
        #expect(Rect(x: 0.4, y: 0.6, width: 3.3, height: 2).originSnapped(2) == Rect(x: 0.5, y: 0.5, width: 3.3, height: 2))
    }

    @Test func anAlertCenteredAt1xPutsItsHairlinesOnWholePixels() throws {
        // 375 - 270 = 105: centered, the alert would start at x = 52.5.
        let list = try sharedRenderer.displayList(for: try scene("""
        { "device": "iPhone 8", "scale": 1, "root": { "view": { "backgroundColor": "white" } },
          "presented": { "alert": { "title": "Confirm", "message": "Delete this post?",
                                    "actions": [ { "title": "Delete", "style": "destructive" }, { "title": "Cancel", "style": "cancel" } ] } } }
        """))
        let hairlines = rectFills(list.items).filter { ($0.width == 270 && $0.height == 1) || ($0.width == 1 && $0.height == 44) }
        #expect(hairlines.contains { $0.width == 1 } && hairlines.contains { $0.height == 1 }, "lines over and between the buttons")
        for r in hairlines {
            #expect(onGrid(r.minX, scale: 1) && onGrid(r.minY, scale: 1), "hairline at \(r)")
        }
        let panel = try #require(list.items.compactMap { item -> Backdrop? in
            if case .group(let g) = item { return g.items.compactMap { if case .backdrop(let b) = $0 { b } else { nil } }.first }
            return nil
        }.first)
        #expect(panel.rect.minX == 53)
        #expect(onGrid(panel.rect.minY, scale: 1))
    }

    @Test func layoutPinsCenterOnDevicePixels() throws {
        // Centered in 414 points at 3x, a 101-point view would start at 156.5.
        let list = try sharedRenderer.displayList(for: try scene("""
        { "device": "iPhone 8 Plus", "root": { "view": { "subviews": [
            { "view": { "layout": { "width": 101, "height": 31, "centerY": 0.1 }, "backgroundColor": "red" } } ] } } }
        """))
        let red = try #require(rectFills(list.items).first { abs($0.width - 101) < 1e-9 })
        #expect(abs(red.minX - (156 + 2.0 / 3)) < 1e-9 && onGrid(red.minY, scale: 3))
    }

    @Test func explicitFramesStayWhereTheyAreGiven() throws {
        // A frame set by hand is not rounded (UIKit draws a half-point frame where it is asked to).
        let list = try sharedRenderer.displayList(for: try scene("""
        { "device": "iPhone 8", "scale": 1, "root": { "view": { "subviews": [
            { "view": { "frame": [10.5, 20, 30, 30], "backgroundColor": "red" } } ] } } }
        """))
        #expect(rectFills(list.items).contains { $0.minX == 10.5 })
    }
}
