import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// A view's transform and anchor point, read off the display list: the view's group carries the
/// transform about its anchor, and what is recorded (ids, the audit's frames) is where it shows.
@Suite struct ViewTransformTests {
    func list(_ subviews: String, scale: Int = 2) throws -> DisplayList {
        try sharedRenderer.displayList(for: try scene(#"{"canvas": {"size": [200, 200]}, "scale": "# + "\(scale)" + #", "root": {"view": {"subviews": ["#
                                                     + subviews + "]}}}"))
    }

    /// The transformed groups of a list, outermost first.
    func groups(_ items: [DisplayItem]) -> [Group] {
        items.flatMap { item -> [Group] in if case .group(let g) = item { (g.transform == nil ? [] : [g]) + groups(g.items) } else { [] } }
    }

    func near(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    @Test func aRotationTurnsAboutTheCenter() throws {
        let l = try list(#"{"view": {"id": "box", "frame": [20, 40, 100, 50], "backgroundColor": "red", "transform": {"rotate": 90}}}"#)
        let g = try #require(groups(l.items).first?.transform)
        // The center (70, 65) stays; the top left corner turns to the top right of a 50 × 100 box.
        #expect(near(g.apply(to: Point(x: 70, y: 65)), Point(x: 70, y: 65)))
        #expect(near(g.apply(to: Point(x: 20, y: 40)), Point(x: 95, y: 15)))
        let box = try #require(l.views.first { $0.id == "box" })
        #expect(abs(box.frame.minX - 45) < 1e-9 && abs(box.frame.minY - 15) < 1e-9 && abs(box.frame.width - 50) < 1e-9 && abs(box.frame.height - 100) < 1e-9)
    }

    @Test func theAnchorPointIsThePivotAndTheFrameStays() throws {
        let l = try list(#"{"view": {"frame": [20, 40, 100, 50], "backgroundColor": "red", "anchorPoint": [0, 0], "transform": {"scale": 2}}}"#)
        let g = try #require(groups(l.items).first)
        #expect(near(try #require(g.transform).apply(to: Point(x: 20, y: 40)), Point(x: 20, y: 40)))
        #expect(near(try #require(g.transform).apply(to: Point(x: 120, y: 90)), Point(x: 220, y: 140)))
        // The items inside stay in the view's own points: the fill is the untransformed frame.
        guard case .fill(let path, _, _)? = g.items.first else { Issue.record("no fill"); return }
        #expect(endPointBounds(path) == Rect(x: 20, y: 40, width: 100, height: 50))
        // Without a transform the anchor point changes nothing.
        let plain = try list(#"{"view": {"frame": [20, 40, 100, 50], "backgroundColor": "red", "anchorPoint": [0, 0]}}"#)
        #expect(groups(plain.items).isEmpty)
    }

    @Test func nestedTransformsCompose() throws {
        let l = try list(#"{"view": {"frame": [0, 0, 100, 100], "transform": {"translate": [50, 0]}, "subviews": ["#
                         + #"{"view": {"id": "inner", "frame": [10, 10, 20, 20], "backgroundColor": "blue", "transform": {"scale": 0.5}}}]}}"#)
        let gs = groups(l.items)
        #expect(gs.count == 2)
        // The inner view shrinks about its own center (20, 20), then the outer moves it 50 right.
        let inner = try #require(l.views.first { $0.id == "inner" })
        #expect(inner.frame == Rect(x: 65, y: 15, width: 10, height: 10))
    }

    @Test func aTransformedViewIsNotSnappedToPixels() throws {
        // Centered, a 101-point-wide view starts at 49.5: at 1x layout rounds it to 50 unless transformed.
        let still = try list(#"{"view": {"id": "v", "layout": {"centerX": 0, "width": 101, "top": 0, "height": 10}}}"#, scale: 1)
        #expect(still.views.first { $0.id == "v" }?.frame.minX == 50)
        let moved = try list(#"{"view": {"id": "v", "layout": {"centerX": 0, "width": 101, "top": 0, "height": 10}, "transform": {"translate": [0, 0.25]}}}"#, scale: 1)
        #expect(moved.views.first { $0.id == "v" }?.frame.minX == 49.5)
    }

    @Test func theTransformedViewDrawsWhereItShows() throws {
        let s = try scene(#"{"canvas": {"size": [100, 100]}, "scale": 1, "root": {"view": {"backgroundColor": "white", "subviews": ["#
                          + #"{"view": {"frame": [0, 0, 40, 20], "backgroundColor": "red", "transform": {"translate": [50, 60], "rotate": 90}}}]}}}"#)
        let b = try sharedRenderer.render(s)
        func red(_ x: Int, _ y: Int) -> Bool { let p = b.rgba8(x: x, y: y); return p.r > 200 && p.g < 50 }
        // Turned about (20, 10) it covers x 10…30, y −10…30; moved, x 60…80, y 50…90.
        #expect(red(70, 55) && red(70, 85) && !red(55, 70) && !red(85, 70) && !red(20, 10))
    }

    @Test func textStretchesWithAScaleThatDiffersPerAxis() throws {
        // Pango crowded the letters together under such a matrix; the ink must be twice as wide.
        func inkWidth(_ transform: String) throws -> Int {
            let s = try scene(#"{"canvas": {"size": [300, 60]}, "scale": 1, "root": {"view": {"backgroundColor": "white", "subviews": ["#
                              + #"{"label": {"frame": [100, 10, 100, 40], "text": "Hello", "font": "headline", "transform": "# + transform + "}}]}}}")
            let b = try sharedRenderer.render(s)
            var xs: [Int] = []
            for y in 0..<60 { for x in 0..<300 where b.rgba8(x: x, y: y).r < 128 { xs.append(x) } }
            return (xs.max() ?? 0) - (xs.min() ?? 0)
        }
        let plain = try inkWidth(#"{"scale": 1}"#), wide = try inkWidth(#"{"scale": [2, 1]}"#)
        #expect(plain > 30 && abs(Double(wide) / Double(plain) - 2) < 0.1, "\(plain) → \(wide)")
    }
}
