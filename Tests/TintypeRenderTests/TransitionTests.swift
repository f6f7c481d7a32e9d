import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// Transitions between two subviews of a view at given times, read off the display list: where each
/// state is drawn and how, and which state ids and the audit see.
@Suite struct TransitionTests {
    /// A 100 × 60 box at (50, 40) with subviews "a" (red) and "b" (blue), and one transition on it.
    func list(_ transition: String, at time: Double, clips: Bool = false) throws -> DisplayList {
        try sharedRenderer.displayList(for: try scene(#"{"canvas": {"size": [200, 200]}, "scale": 1, "time": "# + "\(time)"
            + #", "root": {"view": {"subviews": [{"view": {"id": "box", "frame": [50, 40, 100, 60], "clipsToBounds": "# + "\(clips)"
            + #", "subviews": [{"view": {"id": "a", "frame": [0, 0, 100, 60], "backgroundColor": "red"}}, "#
            + #"{"view": {"id": "b", "frame": [0, 0, 100, 60], "backgroundColor": "blue"}}]}}]}}, "#
            + #""animations": [{"view": "box", "transition": "# + transition + "}]}"))
    }

    /// The groups drawing each state, in drawing order, with the color of the fill inside.
    func states(_ l: DisplayList) -> [(group: Group, color: String)] {
        func color(_ items: [DisplayItem]) -> String? {
            for item in items {
                if case .fill(_, .color(let c), _) = item { return c.blue > 0.9 ? "b" : c.red > 0.9 ? "a" : nil }
                if case .group(let g) = item, let c = color(g.items) { return c }
            }
            return nil
        }
        func walk(_ items: [DisplayItem]) -> [(Group, String)] {
            items.flatMap { item -> [(Group, String)] in
                guard case .group(let g) = item else { return [] }
                // A state: a group whose fills are of one subview only.
                let inner = walk(g.items)
                if !inner.isEmpty { return inner }
                return color(g.items).map { [(g, $0)] } ?? []
            }
        }
        return walk(l.items)
    }

    func ids(_ l: DisplayList) -> Set<String> { Set(l.views.compactMap(\.id)) }

    @Test func aPushSlidesTheNewStateInFromItsSide() throws {
        let push = #"{"type": "push", "subtype": "fromRight", "from": "a", "to": "b", "duration": 1}"#
        // Linear: a quarter in, the old state has moved 25 points left, the new is 75 points from home.
        let s = states(try list(push, at: 0.25))
        #expect(s.map(\.color) == ["a", "b"])
        #expect(s[0].group.transform == Transform2D(translationX: -25, y: 0) && s[1].group.transform == Transform2D(translationX: 75, y: 0))
        // Before it starts only "a" is there; once over only "b" (ids and the audit see the model).
        let before = ids(try list(push, at: 0)), after = ids(try list(push, at: 1)), during = ids(try list(push, at: 0.5))
        #expect(before.contains("a") && !before.contains("b"))
        #expect(after.contains("b") && !after.contains("a"))
        #expect(during.contains("b") && !during.contains("a"))
        // From the top, the new state comes down a whole height.
        let top = states(try list(#"{"type": "push", "subtype": "fromTop", "from": "a", "to": "b", "duration": 1}"#, at: 0.5))
        #expect(top[0].group.transform == Transform2D(translationX: 0, y: 30) && top[1].group.transform == Transform2D(translationX: 0, y: -30))
    }

    @Test func moveInAndRevealKeepOneStateStill() throws {
        let moveIn = states(try list(#"{"type": "moveIn", "subtype": "fromBottom", "from": "a", "to": "b", "duration": 1}"#, at: 0.75))
        #expect(moveIn.map(\.color) == ["a", "b"] && moveIn[0].group.transform == nil && moveIn[1].group.transform == Transform2D(translationX: 0, y: 15))
        // Reveal draws the new state under the old, which leaves toward the side opposite the subtype.
        let reveal = states(try list(#"{"type": "reveal", "subtype": "fromLeft", "from": "a", "to": "b", "duration": 1}"#, at: 0.5))
        #expect(reveal.map(\.color) == ["b", "a"] && reveal[0].group.transform == nil && reveal[1].group.transform == Transform2D(translationX: 50, y: 0))
        // A view that clips keeps both inside its bounds, clipped together.
        let clipped = try list(#"{"type": "push", "from": "a", "to": "b", "duration": 1}"#, at: 0.5, clips: true)
        guard case .group(let outer)? = clipped.items.last else { Issue.record("no group"); return }
        #expect(outer.clip.map(endPointBounds) == Rect(x: 50, y: 40, width: 100, height: 60))
    }

    @Test func fadesCrossAndFlipsTurnInPerspective() throws {
        let fade = states(try list(#"{"type": "fade", "from": "a", "to": "b", "duration": 1}"#, at: 0.25))
        #expect(fade.map(\.color) == ["a", "b"] && abs(fade[0].group.alpha - 0.75) < 1e-12 && abs(fade[1].group.alpha - 0.25) < 1e-12)
        // A flip eases in and out: at half time it is edge on; at a quarter (progress 0.1292) the old
        // state has turned 23.25° with its right edge toward the viewer (flipFromRight).
        let flip = #"{"type": "flipFromRight", "from": "a", "to": "b", "duration": 1}"#
        let early = states(try list(flip, at: 0.25))
        #expect(early.map(\.color) == ["a"])
        let h = try #require(early[0].group.projection)
        let angle = -180 * TimingFunction.easeInEaseOut.value(at: 0.25) * Double.pi / 180
        // The right edge's middle (150, 70) is 50 points right of the center (100, 70): it comes forward.
        let w = 1 + 50 * sin(angle) / Transition.flipPerspective
        let right = try #require(h.apply(to: Point(x: 150, y: 70)))
        #expect(abs(right.x - (100 + 50 * cos(angle) / w)) < 1e-9 && abs(right.y - 70) < 1e-9 && right.x > 145)
        // Past half time the new state shows on the back, turning toward its own place.
        let late = states(try list(flip, at: 0.75))
        #expect(late.map(\.color) == ["b"])
        let half = try #require(states(try list(flip, at: 0.5)).first?.group.projection)
        let edge = try #require(half.apply(to: Point(x: 150, y: 70)))
        #expect(abs(edge.x - 100) < 1e-6)
    }

    @Test func badTransitionsAreErrorsWithTheirPlace() {
        func first(_ t: String) -> String {
            SceneDecoder.issues(decoding: #"{"root": {"view": {"subviews": [{"view": {"id": "box", "subviews": [{"view": {"id": "a"}}, {"view": {"id": "b"}}]}}, "#
                   + #"{"view": {"id": "other"}}]}}, "animations": [{"view": "box", "transition": "# + t + "}]}", file: "scene.json", baseDirectory: nil)
                .first?.description ?? "no error"
        }
        #expect(first(#"{"type": "curlUp", "from": "a", "to": "b"}"#).hasSuffix("animations[0].transition.type: \"curlUp\" (UIView's page curl) is out of scope: "
            + "Tintype does not draw it; use a flip (flipFromLeft, flipFromRight, flipFromTop, flipFromBottom), crossDissolve, or fade, push, moveIn, reveal"))
        #expect(first(#"{"type": "curlUp", "from": "a", "to": "b"}"#).hasPrefix("scene.json:1:202: "))
        #expect(first(#"{"type": "flip", "from": "a"}"#).contains("transition.type: unknown value \"flip\""))
        #expect(first(#"{"type": "flipFromLeft", "subtype": "fromRight", "from": "a"}"#)
            .hasSuffix("transition.subtype: a flip's direction is in its type (flipFromLeft); remove \"subtype\""))
        #expect(first(#"{"type": "fade", "subtype": "fromRight", "from": "a"}"#).hasSuffix("\"fade\" has no direction; \"subtype\" is for push, moveIn and reveal"))
        #expect(first(#"{"type": "push", "subtype": "fromMiddle", "from": "a"}"#).contains("transition.subtype: unknown value \"fromMiddle\""))
        #expect(first(#"{"type": "push", "from": "other", "to": "b"}"#).hasSuffix("animations[0].transition.from: \"other\" is not a subview of \"box\": "
            + "a transition's \"from\" is one of its view's own subviews (\"a\", \"b\")"))
        #expect(first(#"{"type": "push", "to": "aa"}"#).contains("\"aa\" is not a subview of \"box\""))
        #expect(first(#"{"type": "push"}"#).hasSuffix("animations[0].transition: a transition needs \"from\" (the subview shown before), \"to\" (the one shown after) or both"))
        #expect(first(#"{"type": "push", "from": "a", "to": "a"}"#).hasSuffix("\"from\" and \"to\" name the same subview \"a\"; a transition goes between two"))
        #expect(first(#"{"from": "a"}"#).contains("animations[0].transition: a transition needs \"type\": fade, push"))
        #expect(first(#"{"type": "fade", "from": "a", "duration": -1}"#).contains("transition.duration: must not be negative, found -1"))
        #expect(first(#"{"type": "fade", "from": "a", "delay": 1}"#).contains("transition.delay: unknown property"))
    }
}
