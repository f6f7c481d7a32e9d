import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// CALayer's 3D transform (`transform3D`): read off the display list (the view's group carries the
/// projection about its anchor point) and off pixels (the projection is drawn through it).
@Suite struct Transform3DTests {
    func scene3D(_ subviews: String, scale: Int = 1, time: Double = 0, animations: String = "") throws -> Scene {
        try scene(#"{"canvas": {"size": [200, 200]}, "scale": "# + "\(scale), \"time\": \(time)" + #", "root": {"view": {"backgroundColor": "white", "subviews": ["#
                  + subviews + "]}}" + (animations.isEmpty ? "" : #", "animations": ["# + animations + "]") + "}")
    }

    func list(_ subviews: String, time: Double = 0, animations: String = "") throws -> DisplayList {
        try sharedRenderer.displayList(for: try scene3D(subviews, time: time, animations: animations))
    }

    /// The groups of a list with a transform or a projection, outermost first.
    func groups(_ items: [DisplayItem]) -> [Group] {
        items.flatMap { item -> [Group] in
            if case .group(let g) = item { (g.transform == nil && g.projection == nil ? [] : [g]) + groups(g.items) } else { [] }
        }
    }

    func near(_ a: Point?, _ x: Double, _ y: Double, _ tol: Double = 1e-6) -> Bool {
        guard let a else { return false }
        return abs(a.x - x) < tol && abs(a.y - y) < tol
    }

    let card = #"{"view": {"id": "card", "frame": [50, 50, 100, 100], "backgroundColor": "red", "transform3D": {"perspective": 500, "rotateY": ROT}}}"#

    @Test func aTurnAboutYWithPerspectiveIsAProjection() throws {
        let l = try list(card.replacingOccurrences(of: "ROT", with: "60"))
        let h = try #require(groups(l.items).first?.projection)
        // About the center (100, 100): the left edge (x = −50 from it) comes to z = 50·sin 60° = 43.3,
        // W = 1 − 43.3/500; x' = −50·cos 60° = −25. So (50, 50) lands at (100 − 25/W, 100 − 50/W).
        let wl = 1 - 50 * sin(Double.pi / 3) / 500, wr = 1 + 50 * sin(Double.pi / 3) / 500
        #expect(near(h.apply(to: Point(x: 50, y: 50)), 100 - 25 / wl, 100 - 50 / wl))
        #expect(near(h.apply(to: Point(x: 150, y: 150)), 100 + 25 / wr, 100 + 50 / wr))
        #expect(near(h.apply(to: Point(x: 100, y: 100)), 100, 100))
        // The near (left) edge is taller than the far one; what is recorded is the box around the corners.
        let shown = try #require(l.views.first { $0.id == "card" }).frame
        #expect(abs(shown.minX - (100 - 25 / wl)) < 1e-6 && abs(shown.minY - (100 - 50 / wl)) < 1e-6 && abs(shown.maxX - (100 + 25 / wr)) < 1e-6)
    }

    @Test func edgeOnAt90DegreesAndAMirrorAt180() throws {
        let edge = try #require(groups(try list(card.replacingOccurrences(of: "ROT", with: "90")).items).first?.projection)
        for corner in [Point(x: 50, y: 50), Point(x: 150, y: 50), Point(x: 150, y: 150)] {
            #expect(abs(try #require(edge.apply(to: corner)).x - 100) < 1e-9)
        }
        // Half a turn has no perspective left: the group is affine, the mirror about the anchor.
        let g = try #require(groups(try list(card.replacingOccurrences(of: "ROT", with: "180")).items).first)
        #expect(g.projection == nil)
        let t = try #require(g.transform)
        #expect(abs(t.a + 1) < 1e-12 && abs(t.b) < 1e-12 && abs(t.c) < 1e-12 && abs(t.d - 1) < 1e-12 && abs(t.tx - 200) < 1e-9 && abs(t.ty) < 1e-9)
        // It draws what scaling by [−1, 1] draws, pixel for pixel (text included).
        let text = #", "subviews": [{"label": {"frame": [0, 30, 100, 40], "text": "Ace", "font": "title1"}}]"#
        let flipped = try sharedRenderer.render(try scene3D(#"{"view": {"frame": [50, 50, 100, 100], "backgroundColor": "yellow", "#
                                                            + #""transform3D": {"perspective": 500, "rotateY": 180}"# + text + "}}", scale: 2))
        let mirrored = try sharedRenderer.render(try scene3D(#"{"view": {"frame": [50, 50, 100, 100], "backgroundColor": "yellow", "#
                                                             + #""transform": {"scale": [-1, 1]}"# + text + "}}", scale: 2))
        #expect(flipped.pixels == mirrored.pixels)
    }

    @Test func aLayerThatIsNotDoubleSidedHidesItsBack() throws {
        let one = #"{"view": {"id": "face", "frame": [50, 50, 100, 100], "backgroundColor": "red", "isDoubleSided": false, "#
            + #""transform3D": {"perspective": 500, "rotateY": ROT}, "subviews": [{"view": {"id": "inside", "frame": [10, 10, 20, 20]}}]}}"#
        for (angle, shows) in [(0, true), (45, true), (89, true), (91, false), (135, false), (180, false), (-100, false), (300, true)] {
            let l = try list(one.replacingOccurrences(of: "ROT", with: "\(angle)"))
            #expect(l.views.contains { $0.id == "face" } == shows, "\(angle)°")
            #expect(l.views.contains { $0.id == "inside" } == shows, "\(angle)°")
        }
        // Double-sided (the default), the back shows, mirrored.
        let l = try list(card.replacingOccurrences(of: "ROT", with: "135"))
        #expect(l.views.contains { $0.id == "card" })
    }

    @Test func rotationKeyPathsTurnTheLayerInTime() throws {
        let face = #"{"view": {"id": "card", "frame": [50, 50, 100, 100], "backgroundColor": "red", "transform3D": {"perspective": 500}}}"#
        let spin = #"{"view": "card", "basic": {"keyPath": "transform.rotation.y", "from": 0, "to": 3.141592653589793, "duration": 1}}"#
        // A quarter of a linear second: 45°; the perspective stays.
        let h = try #require(groups(try list(face, time: 0.25, animations: spin).items).first?.projection)
        let w = 1 - 50 * sin(Double.pi / 4) / 500
        #expect(near(h.apply(to: Point(x: 50, y: 100)), 100 - 50 * cos(Double.pi / 4) / w, 100))
        // About x, in a UIView block to a whole 3D transform.
        let block = #"{"view": "card", "to": {"transform3D": {"perspective": 500, "rotateX": 90}}, "duration": 1, "curve": "linear"}"#
        let hx = try #require(groups(try list(face, time: 0.5, animations: block).items).first?.projection)
        let wx = 1 - 50 * sin(Double.pi / 4) / 500
        #expect(near(hx.apply(to: Point(x: 100, y: 150)), 100, 100 + 50 * cos(Double.pi / 4) / wx))
    }

    @Test func theProjectionIsDrawnThroughItsMap() throws {
        let s = try scene3D(card.replacingOccurrences(of: "ROT", with: "60"), scale: 2)
        let bitmap = try sharedRenderer.render(s)
        func red(_ x: Double, _ y: Double) -> Bool {
            let c = bitmap.rgba8(x: Int(x * 2), y: Int(y * 2))
            return c.r > 200 && c.g < 60 && c.b < 60
        }
        let wl = 1 - 50 * sin(Double.pi / 3) / 500, wr = 1 + 50 * sin(Double.pi / 3) / 500
        // Inside, just within the near edge's top and the far edge's; outside, past either.
        #expect(red(100 - 25 / wl + 1, 100 - 50 / wl + 2))
        #expect(red(100 + 25 / wr - 1, 100 - 50 / wr + 2))
        #expect(!red(100 + 25 / wr - 1, 100 - 50 / wl + 1))
        #expect(!red(100 - 25 / wl - 1, 100))
        #expect(!red(100 + 25 / wr + 1, 100))
        // A vector output embeds the same projection as an image.
        let svg = String(decoding: try sharedRenderer.render(s, as: .svg), as: UTF8.self)
        #expect(svg.contains("<image"))
    }
}
