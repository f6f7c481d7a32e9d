import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// The navigation bar in motion (docs/motion.md, A large title collapsing; The system's animations),
/// read off the display list: where the titles are, what clips them and how opaque they are.
@Suite struct NavigationBarMotionTests {
    /// A text drawn, with the alpha of the groups around it and the innermost clip's rect.
    struct Drawn { var text: TextItem; var alpha: Double; var clip: Rect?; var dx: Double }

    static func drawn(_ items: [DisplayItem], alpha: Double = 1, clip: Rect? = nil, dx: Double = 0) -> [Drawn] {
        items.flatMap { item -> [Drawn] in
            switch item {
            case .text(let t): return [Drawn(text: t, alpha: alpha, clip: clip, dx: dx)]
            case .group(let g):
                let c = g.clip.map { b in Rect(x: b.bounds.minX + dx, y: b.bounds.minY, width: b.bounds.width, height: b.bounds.height) } ?? clip
                return drawn(g.items, alpha: alpha * g.alpha, clip: c, dx: dx + (g.transform?.tx ?? 0))
            default: return []
            }
        }
    }

    // MARK: A large title collapsing

    /// Mailboxes under a large title on an iPhone 8 (the bar open: 20 + 44 + 52 = 116), its table's
    /// offset given (`offset`) or animated (`animation`), at `time`.
    func mailboxes(offset: Double? = nil, animation: String = "", time: Double = 0) throws -> DisplayList {
        let given = offset.map { #""contentOffset": [0, \#($0)], "# } ?? ""
        let animations = animation.isEmpty ? "" : #""animations": [\#(animation)], "#
        return try sharedRenderer.displayList(for: try scene(#"{"device": "iPhone 8", "time": \#(time), \#(animations)"root": {"navigationController": {"#
            + #""prefersLargeTitles": true, "stack": [{"title": "Mailboxes", "view": {"tableView": {"id": "t", \#(given)"rows": ["Inbox", "VIP"]}}}]}}}"#))
    }

    func large(_ l: DisplayList) -> Drawn? { Self.drawn(l.items).first { $0.text.text == "Mailboxes" && $0.text.font.size == 34 } }
    func inline(_ l: DisplayList) -> Drawn? { Self.drawn(l.items).first { $0.text.text == "Mailboxes" && $0.text.font.size == 17 } }
    func inbox(_ l: DisplayList) -> Double? { texts(l).first { $0.text == "Inbox" }?.frame.minY }

    @Test func theInlineTitleFadesInOverTheLast12PointsOfTheCollapse() throws {
        // Scrolled s points up from the open bar (offset −116 + s): the large title's area is 52 − s,
        // cut at the row's bottom (64); the inline title shows (12 − area) / 12 of itself.
        for (s, alpha) in [(0.0, 0.0), (30, 0), (40, 0), (43, 0.25), (46, 0.5), (49, 0.75), (52, 1), (70, 1)] {
            let l = try mailboxes(offset: -116 + s)
            let area = max(0, 52 - s)
            if area > 0 {
                let big = try #require(large(l), "s = \(s)")
                #expect(abs(big.text.frame.minY + 0.96875 * 34 - (64 + area - 12)) < 0.5, "s = \(s): the baseline 12 above the area's bottom")
                if s > 0 { #expect(big.clip == Rect(x: 0, y: 64, width: 375, height: area), "s = \(s): \(String(describing: big.clip))") }
            } else {
                #expect(large(l) == nil, "s = \(s)")
            }
            if alpha == 0 {
                #expect(inline(l) == nil, "s = \(s)")
            } else {
                let small = try #require(inline(l), "s = \(s)")
                #expect(abs(small.alpha - alpha) < 1e-9, "s = \(s): \(small.alpha)")
            }
        }
    }

    @Test func anAnimatedContentOffsetCollapsesTheLargeTitleOverTime() throws {
        // From the resting −116 to −40, linear over 0.5 s: s = 152·t points scrolled.
        let block = #"{"view": "t", "to": {"contentOffset": [0, -40]}, "duration": 0.5, "curve": "linear"}"#
        let restY = try #require(inbox(try mailboxes(animation: block, time: 0)))
        for t in [0.0, 0.15, 0.25, 0.3, 0.5, 0.7] {
            let s = 152 * min(t, 0.5)
            let l = try mailboxes(animation: block, time: t)
            let still = try mailboxes(offset: -116 + s)
            #expect(abs(try #require(inbox(l)) - (restY - s)) < 0.5, "t = \(t): the rows move up with the offset")
            #expect(large(l)?.clip == large(still)?.clip && inline(l)?.alpha == inline(still)?.alpha, "t = \(t): as the still offset draws it")
        }
        #expect(abs(try #require(inline(try mailboxes(animation: block, time: 0.3))).alpha - (12 - (52 - 45.6)) / 12) < 1e-9)
        // A basic animation of the layer's bounds.origin does the same.
        let basic = #"{"view": "t", "basic": {"keyPath": "bounds.origin", "to": [0, -40], "duration": 0.5}}"#
        #expect(inbox(try mailboxes(animation: basic, time: 0.25)) == inbox(try mailboxes(animation: block, time: 0.25)))
    }

    @Test func aContentOffsetAnimationMovesAScrollViewsContent() throws {
        let l = try sharedRenderer.displayList(for: try scene(#"{"canvas": {"size": [200, 200]}, "scale": 1, "time": 0.5, "root": {"view": {"subviews": ["#
            + #"{"scrollView": {"id": "s", "frame": [0, 0, 200, 200], "contentSize": [200, 600], "subviews": [{"label": {"id": "l", "text": "x", "frame": [0, 100, 50, 20]}}]}}]}}, "#
            + #""animations": [{"view": "s", "to": {"contentOffset": [0, 60]}, "duration": 1, "curve": "linear"}]}"#))
        #expect(l.views.first { $0.id == "l" }?.frame.minY == 70)
    }

    @Test func aContentOffsetAnimationNeedsAScrollView() {
        let issues = SceneDecoder.issues(decoding: #"{"root": {"view": {"subviews": [{"label": {"id": "c", "text": "x"}}]}}, "#
            + #""animations": [{"view": "c", "to": {"contentOffset": [0, 10]}}]}"#).map(\.description)
        #expect(issues.first?.hasSuffix(#"animations[0].to.contentOffset: "c" is a label, not a scroll view or table: only those have a content offset to animate"#) == true,
                "\(issues)")
    }
}

/// A push or pop between a large title and a small one (docs/motion.md, The system's animations).
@Suite struct LargeTitlePushTests {
    /// "Mailboxes" under a large title, and over it "Inbox" (`mode`: its largeTitleDisplayMode), on an
    /// iPhone 8 (`direction`), `kind` at `time`.
    func list(_ kind: String = "push", mode: String = "never", time: Double, direction: String = "leftToRight") throws -> DisplayList {
        try sharedRenderer.displayList(for: try scene(#"{"device": "iPhone 8", "time": \#(time), "layoutDirection": "\#(direction)", "#
            + #""systemAnimation": {"type": "\#(kind)"}, "root": {"navigationController": {"prefersLargeTitles": true, "stack": ["#
            + #"{"title": "Mailboxes", "view": {"tableView": {"rows": ["Inbox", "VIP"]}}}, "#
            + #"{"title": "Inbox", "largeTitleDisplayMode": "\#(mode)", "view": {"tableView": {"rows": ["Wren", "Osprey"]}}}]}}}"#))
    }

    /// The top-level groups holding one title text each, with their alpha and transform.
    func titles(_ l: DisplayList) -> [(text: TextItem, alpha: Double, transform: Transform2D?)] {
        l.items.compactMap {
            guard case .group(let g) = $0, g.items.count == 1, case .text(let t) = g.items[0] else { return nil }
            return (t, g.alpha, g.transform)
        }
    }

    func barBottom(_ l: DisplayList) -> Double? {
        l.items.compactMap { if case .backdrop(let b) = $0, b.rect.minY == 0 { b.rect.maxY } else { nil } }.first
    }

    // easeInOut at ¼, ½ and ¾ of 0.35 s.
    let quarters = [(0.0875, 0.1291619310), (0.175, 0.5), (0.2625, 0.8708380690)]

    @Test func theBarsBottomMovesFromTheLargeTitlesToTheSmallOnes() throws {
        #expect(try barBottom(list(time: 0)) == 116)
        for (t, s) in quarters {
            #expect(abs(try #require(barBottom(list(time: t))) - (116 - 52 * s)) < 1e-6, "t = \(t)")
            #expect(abs(try #require(barBottom(list("pop", time: t))) - (64 + 52 * s)) < 1e-6, "pop, t = \(t)")
        }
        #expect(try barBottom(list(time: 0.35)) == 64)
    }

    @Test func theLargeTitleShrinksIntoTheBackButton() throws {
        let start = try list(time: 0), end = try list(time: 0.35)
        let large = try #require(texts(start).first { $0.text == "Mailboxes" && $0.font.size == 34 })
        let back = try #require(texts(end).first { $0.text == "Mailboxes" && $0.font.weight == .regular })
        for direction in ["leftToRight", "rightToLeft"] {
            let rtl = direction == "rightToLeft"
            let start = try list(time: 0, direction: direction), end = try list(time: 0.35, direction: direction)
            let large = try #require(texts(start).first { $0.text == "Mailboxes" && $0.font.size == 34 })
            let back = try #require(texts(end).first { $0.text == "Mailboxes" && $0.font.weight == .regular })
            // Where each text's first glyph starts on its line, and the line's middle.
            let a0 = Point(x: rtl ? large.frame.maxX : large.frame.minX, y: large.frame.midY)
            let a1 = Point(x: rtl ? back.frame.maxX - 1 : back.frame.minX, y: back.frame.midY)
            for (t, s) in quarters {
                let drawn = titles(try list(time: t, direction: direction)).filter { $0.text.text == "Mailboxes" }
                let big = try #require(drawn.first { $0.text.font.size == 34 }), small = try #require(drawn.first { $0.text.font.size == 17 })
                let k = 1 + (0.5 - 1) * s
                let at = Point(x: a0.x + (a1.x - a0.x) * s, y: a0.y + (a1.y - a0.y) * s)
                let bigT = try #require(big.transform), smallT = try #require(small.transform)
                #expect(abs(bigT.a - k) < 1e-6 && abs(smallT.a - 2 * k) < 1e-6, "\(direction) t = \(t): both at the same size")
                #expect(abs(bigT.apply(to: a0).x - at.x) < 1e-6 && abs(bigT.apply(to: a0).y - at.y) < 1e-6, "\(direction) t = \(t)")
                #expect(abs(smallT.apply(to: a1).x - at.x) < 1e-6 && abs(smallT.apply(to: a1).y - at.y) < 1e-6, "\(direction) t = \(t)")
                #expect(abs(big.alpha - (1 - s)) < 1e-6 && abs(small.alpha - s) < 1e-6)
            }
        }
        // The ends are the still screens: nothing moving is left.
        #expect(titles(try list(time: 0.35)).allSatisfy { $0.text.font.size != 34 })
        #expect(large.frame.minY > back.frame.minY)
    }

    @Test func aNewLargeTitleComesWithItsScreen() throws {
        let end = try list(mode: "always", time: 0.35)
        let place = try #require(texts(end).first { $0.text == "Inbox" && $0.font.size == 34 })
        #expect(try barBottom(list(mode: "always", time: 0.175)) == 116, "large to large: the bar keeps its height")
        for (t, s) in quarters {
            let new = try #require(titles(try list(mode: "always", time: t)).first { $0.text.text == "Inbox" && $0.text.font.size == 34 })
            #expect(abs(new.text.frame.minX - (place.frame.minX + 375 * (1 - s))) < 1e-6 && abs(new.alpha - s) < 1e-6, "t = \(t)")
        }
    }
}

/// The navigation controller's toolbar in a push: it stays, its items cross-fade.
@Suite struct ToolbarPushTests {
    func list(time: Double) throws -> DisplayList {
        try sharedRenderer.displayList(for: try scene(#"{"device": "iPhone 8", "time": \#(time), "systemAnimation": {"type": "push"}, "#
            + #""root": {"navigationController": {"toolbarHidden": false, "stack": ["#
            + #"{"title": "A", "toolbarItems": ["Refresh"], "view": {"view": {"backgroundColor": "white"}}}, "#
            + #"{"title": "B", "toolbarItems": ["Archive"], "view": {"view": {"backgroundColor": "white"}}}]}}}"#))
    }

    @Test func theToolbarStaysWhileItsItemsCrossFade() throws {
        for (t, s) in [(0.0875, 0.1291619310), (0.175, 0.5), (0.2625, 0.8708380690)] {
            let drawn = NavigationBarMotionTests.drawn(try list(time: t).items)
            let old = try #require(drawn.first { $0.text.text == "Refresh" }), new = try #require(drawn.first { $0.text.text == "Archive" })
            #expect(old.dx == 0 && new.dx == 0, "t = \(t): the items do not move with the screens")
            #expect(abs(old.alpha - (1 - s)) < 1e-6 && abs(new.alpha - s) < 1e-6, "t = \(t)")
            // One toolbar background, at the bottom (above no home indicator on an iPhone 8), not moved.
            let backdrops = try list(time: t).items.compactMap { if case .backdrop(let b) = $0 { b.rect } else { nil } }
            #expect(backdrops.contains { $0.minY == 667 - 44 && $0.maxY == 667 }, "t = \(t): \(backdrops)")
        }
    }
}
