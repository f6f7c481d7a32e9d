import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

// Gestures in scenes (docs/motion.md, Gestures): positions and states read off the display list.

private func list(_ json: String) throws -> DisplayList {
    try sharedRenderer.displayList(for: try scene(json, base: snapshotsRoot + "/Touch"))
}

private func frame(_ l: DisplayList, _ id: String) throws -> Rect {
    try #require(l.views.first { $0.id == id }).frame
}

private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

@Suite struct GestureTests {
    static let plain = #"{ "device": "iPhone 8", "root": { "view": { "subviews": [ "#
        + #"{ "view": { "id": "hud", "frame": [100, 200, 160, 160], "backgroundColor": "black" } }, "#
        + #"{ "view": { "id": "box", "layout": { "left": 20, "top": 40, "width": 50, "height": 50 }, "backgroundColor": "red" } } ] } } }"#

    func with(_ gestures: String, _ base: String = GestureTests.plain) -> String {
        String(base.dropLast()) + #", "gestures": ["# + gestures + "] }"
    }

    @Test func aPanMovesTheViewByItsTranslation() throws {
        let l = try list(with(#"{ "pan": { "view": "hud", "translation": [-80, 150] } }, { "pan": { "view": "box", "translation": [10, 5] } }"#))
        #expect(try frame(l, "hud") == Rect(x: 20, y: 350, width: 160, height: 160))
        #expect(try frame(l, "box") == Rect(x: 30, y: 45, width: 50, height: 50), "a view placed by layout moves by its transform")
        let still = try list(GestureTests.plain)
        #expect(try frame(still, "hud") == Rect(x: 100, y: 200, width: 160, height: 160))
    }

    @Test func pinchAndRotationComposeOnTheTransform() throws {
        let l = try list(with(#"{ "pinch": { "view": "hud", "scale": 2 } }, { "rotation": { "view": "hud", "degrees": 90 } }"#))
        // Scaled about its center (180, 280) to 320 × 320, a quarter turn keeps the square.
        let f = try frame(l, "hud")
        #expect(near(f.minX, 20) && near(f.minY, 120) && near(f.width, 320) && near(f.height, 320))
        let turned = try list(with(#"{ "rotation": { "view": "box", "degrees": 45 } }"#))
        #expect(near(try frame(turned, "box").width, 50 * 2.0.squareRoot()), "the box around a square turned 45°")
    }

    @Test func aPanOnAScrollViewRubberBandsPastItsEdges() throws {
        let base = #"{ "device": "iPhone 8", "statusBar": { "hidden": true }, "root": { "scrollView": { "id": "s", "contentSize": [375, 1000], "subviews": [ "#
            + #"{ "view": { "id": "top", "frame": [0, 0, 375, 10], "backgroundColor": "red" } } ] } } }"#
        // Down from the top: all of it past the edge, so the rubber band's (1 − 1/(x·0.55/d + 1))·d.
        let down = try frame(try list(with(#"{ "pan": { "view": "s", "translation": [0, 100] } }"#, base)), "top")
        #expect(near(down.minY, Gesture.rubberBand(100, dimension: 667)))
        #expect(near(down.minY, (1 - 1 / (100 * 0.55 / 667 + 1)) * 667) && down.minY < 100 && down.minY > 50)
        // Up inside the content: the content follows the finger exactly.
        #expect(try frame(try list(with(#"{ "pan": { "view": "s", "translation": [0, -200] } }"#, base)), "top").minY == -200)
        // Past the bottom edge (offset 1000 − 667 = 333): 400 points of travel, 67 of them past it.
        let up = try frame(try list(with(#"{ "pan": { "view": "s", "translation": [0, -400] } }"#, base)), "top")
        #expect(near(up.minY, -333 - Gesture.rubberBand(67, dimension: 667)))
    }

    func texts(_ l: DisplayList) -> [(text: String, alpha: Double, frame: Rect)] { touchTexts(l) }

    @Test func aTapDownHoldsWhatTheStateWouldHold() throws {
        func pair(_ control: String, _ held: String, _ gesture: String) throws -> (DisplayList, DisplayList, DisplayList) {
            let base = #"{ "device": "iPhone 8", "root": { "view": { "subviews": [ { "# + control + #" } ] } } }"#
            let explicit = #"{ "device": "iPhone 8", "root": { "view": { "subviews": [ { "# + held + #" } ] } } }"#
            return (try list(base), try list(with(gesture, base)), try list(explicit))
        }
        let button = try pair(#""button": { "id": "b", "frame": [20, 100, 100, 44], "title": "Save" }"#,
                              #""button": { "id": "b", "frame": [20, 100, 100, 44], "title": "Save", "highlighted": true }"#,
                              #"{ "tap": { "view": "b", "phase": "down" } }"#)
        #expect(button.0.items != button.1.items, "the tap changes the drawing")
        #expect(button.1.items == button.2.items, "a tap down is the highlighted state")
        #expect(near(try #require(texts(button.1).first { $0.text == "Save" }).alpha, 0.2))
        let knob = try pair(#""switch": { "id": "w", "frame": [20, 100, 51, 31] }"#, #""switch": { "id": "w", "frame": [20, 100, 51, 31], "highlighted": true }"#,
                            #"{ "longPress": { "view": "w" } }"#)
        #expect(knob.0.items != knob.1.items && knob.1.items == knob.2.items, "a long press holds the switch: its knob widens")
        let segment = try pair(#""segmentedControl": { "id": "g", "frame": [20, 100, 200, 29], "segments": ["A", "B"], "selectedSegmentIndex": 0 }"#,
                               #""segmentedControl": { "id": "g", "frame": [20, 100, 200, 29], "segments": ["A", "B"], "selectedSegmentIndex": 0, "highlightedSegmentIndex": 1 }"#,
                               #"{ "tap": { "view": "g", "segment": 1 } }"#)
        #expect(segment.0.items != segment.1.items && segment.1.items == segment.2.items)
        let stepper = try pair(#""stepper": { "id": "p", "frame": [20, 100, 94, 29], "value": 5 }"#,
                               #""stepper": { "id": "p", "frame": [20, 100, 94, 29], "value": 5, "pressed": "increment" }"#,
                               #"{ "tap": { "view": "p", "half": "increment" } }"#)
        #expect(stepper.0.items != stepper.1.items && stepper.1.items == stepper.2.items)
    }

    @Test func aTapHoldsABarItemAndARow() throws {
        let nav = #"{ "device": "iPhone 8", "root": { "navigationController": { "stack": [ { "title": "T", "rightItems": [ { "title": "Edit", "id": "edit" } ], "#
            + #""view": { "tableView": { "id": "t", "rows": ["A", "B"] } } } ] } } }"#
        let l = try list(with(#"{ "tap": { "view": "edit" } }, { "longPress": { "view": "t", "row": [0, 1] } }"#, nav))
        #expect(near(try #require(texts(l).first { $0.text == "Edit" }).alpha, 0.2))
        let gray = touchFlatten(l.items).filter { if case .fill(_, .color(let c), _) = $0.item { c == TableDrawing.selection } else { false } }
        #expect(gray.count == 1)
        if case .fill(let path, _, _) = try #require(gray.first?.item) {
            let b = path.bounds
            let bText = try #require(texts(l).first { $0.text == "B" })
            #expect(b.minY <= bText.frame.minY && b.maxY >= bText.frame.maxY, "the held row is the second")
        }
    }

    static let inbox = #"{ "device": "iPhone 8", "statusBar": { "hidden": true }, "root": { "tableView": { "id": "t", "rows": [ "#
        + #"{ "text": "Harbour", "leadingSwipeActions": [ { "title": "Unread", "backgroundColor": "systemBlue" } ], "#
        + #""trailingSwipeActions": [ { "title": "Trash", "style": "destructive" }, { "title": "More" } ] }, "Wren" ] } } }"#

    func swipeFills(_ l: DisplayList) -> [Rect] {
        touchFlatten(l.items).compactMap {
            if case .fill(let p, .color(let c), _) = $0.item, c == .systemRed || c == TableDrawing.swipeNormal || c == .systemBlue { return p.bounds }
            return nil
        }
    }

    @Test func aSwipeSlidesTheRowAsFarAsTheFingerWent() throws {
        let still = try list(GestureTests.inbox)
        let x0 = try #require(texts(still).first { $0.text == "Harbour" }).frame.minX
        let half = try list(with(#"{ "swipe": { "view": "t", "row": [0, 0], "direction": "left", "progress": 0.2 } }"#, GestureTests.inbox))
        #expect(near(try #require(texts(half).first { $0.text == "Harbour" }).frame.minX, x0 - 75))
        let buttons = swipeFills(half)
        #expect(buttons.count == 2)
        #expect(near(buttons.reduce(0) { $0 + $1.width }, 75), "the actions share the 75 points uncovered")
        #expect(near(buttons.map(\.maxX).max()!, 375) && near(buttons.map(\.minX).min()!, 300))
        // Past the full-swipe share the first action (Trash, at the edge) covers all of it.
        let full = try list(with(#"{ "swipe": { "view": "t", "row": [0, 0], "direction": "left", "progress": 0.8 } }"#, GestureTests.inbox))
        #expect(swipeFills(full) == [Rect(x: 75, y: 0, width: 300, height: 44)])
        // Right: the leading action, from the left edge.
        let right = try list(with(#"{ "swipe": { "view": "t", "row": [0, 0], "direction": "right", "progress": 0.1 } }"#, GestureTests.inbox))
        #expect(swipeFills(right).count == 1 && near(swipeFills(right)[0].minX, 0) && near(swipeFills(right)[0].width, 37.5))
        // Open: at rest, every action at its own width (what "swiped" draws).
        let open = try list(with(#"{ "swipe": { "view": "t", "row": [0, 0], "direction": "left", "progress": "open" } }"#, GestureTests.inbox))
        #expect(swipeFills(open).count == 2 && near(swipeFills(open).map(\.maxX).max()!, 375))
    }

    @Test func aReleasedSwipeSnapsOpenOrClosed() throws {
        func released(_ outcome: String, at t: Double) throws -> [Rect] {
            swipeFills(try list(String(with(#"{ "swipe": { "view": "t", "row": [0, 0], "direction": "left", "progress": 0.1, "release": ""# + outcome
                                             + #"", "releaseTime": 0.1 } }"#, GestureTests.inbox).dropLast()) + #", "time": "# + "\(t)" + " }"))
        }
        let open = swipeFills(try list(with(#"{ "swipe": { "view": "t", "row": [0, 0], "direction": "left", "progress": "open" } }"#, GestureTests.inbox)))
        let total = open.reduce(0) { $0 + $1.width }
        #expect(near(try released("open", at: 0.05).reduce(0) { $0 + $1.width }, 37.5), "held where the finger is until it lifts")
        let f = TimingFunction.easeOut.value(at: 0.5)
        #expect(near(try released("open", at: 0.25).reduce(0) { $0 + $1.width }, 37.5 + f * (total - 37.5), 1e-6))
        #expect(try released("open", at: 0.4) == open, "snapped open: every action at its own width")
        #expect(try released("close", at: 0.4).isEmpty, "snapped closed")
    }

    @Test func aPullShowsTheRefreshControlAsFarAsItCame() throws {
        let base = #"{ "device": "iPhone 8", "root": { "navigationController": { "stack": [ { "title": "T", "view": { "tableView": { "id": "t", "#
            + #""refreshControl": {}, "rows": ["A", "B"] } } } ] } } }"#
        func spokes(_ l: DisplayList) -> Int {
            touchFlatten(l.items).filter { if case .stroke(_, .color(let c), _) = $0.item { c.withAlpha(1) == TableDrawing.refreshTint } else { false } }.count
        }
        func top(_ l: DisplayList) throws -> Double { try #require(texts(l).first { $0.text == "A" }).frame.minY }
        let rest = try list(#"{ "device": "iPhone 8", "root": { "navigationController": { "stack": [ { "title": "T", "view": { "tableView": { "#
                            + #""refreshControl": { "pulled": false }, "rows": ["A", "B"] } } } ] } } }"#)
        let pulled = try list(with(#"{ "pull": { "view": "t", "distance": 100 } }"#, base))
        let gap = Gesture.rubberBand(100, dimension: 667)
        #expect(near(try top(pulled) - (try top(rest)), gap, 0.5), "rows land on whole device pixels")
        #expect(spokes(pulled) == Int((12 * gap / 88).rounded(.up)))
        #expect(spokes(rest) == 0)
        let far = try list(with(#"{ "pull": { "view": "t", "distance": 300 } }"#, base))
        #expect(spokes(far) == 12, "pulled past the trigger, it refreshes")
    }

    @Test func anEdgePanIsThePopAtTheFingersProgress() throws {
        let nav = #"{ "device": "iPhone 8", "root": { "navigationController": { "stack": [ { "title": "A", "view": { "view": {} } }, "#
            + #"{ "title": "B", "view": { "view": {} } } ] } } }"#
        func moves(_ json: String) throws -> [Double] {
            try list(json).items.compactMap { if case .group(let g) = $0, let t = g.transform, g.clip != nil { t.tx } else { nil } }
        }
        let ltr = try moves(with(#"{ "edgePan": { "progress": 0.3 } }"#, nav))
        #expect(ltr.count == 2)
        #expect(near(ltr[0], -0.3 * 375 * 0.7), "the screen under it, coming back from 30% of the width")
        #expect(near(ltr[1], 0.3 * 375), "the top screen, moved 30% of the width")
        let rtl = try moves(with(#"{ "edgePan": { "progress": 0.7 } }"#, String(nav.dropLast()) + #", "layoutDirection": "rightToLeft" }"#))
        #expect(near(rtl[0], 0.3 * 375 * 0.3) && near(rtl[1], -0.7 * 375), "mirrored right to left")
        // The pop animation at the time its curve reaches 0.5 draws the same frame as an edge pan at 0.5.
        let pop = try moves(String(nav.dropLast()) + #", "systemAnimation": { "type": "pop" }, "time": 0.175 }"#)
        let pan = try moves(with(#"{ "edgePan": { "progress": 0.5 } }"#, nav))
        #expect(pop.count == 2 && near(pop[0], pan[0]) && near(pop[1], pan[1]))
    }

    @Test func aReleasedEdgePanCompletesOrCancelsAtTheScenesTime() throws {
        let nav = #"{ "device": "iPhone 8", "root": { "navigationController": { "stack": [ { "title": "A", "view": { "view": {} } }, "#
            + #"{ "title": "B", "view": { "view": {} } } ] } } }"#
        func top(_ json: String) throws -> Double {
            try #require(list(json).items.compactMap { if case .group(let g) = $0, let t = g.transform, g.clip != nil { t.tx } else { nil } }.last)
        }
        func at(_ t: Double, _ release: String) -> String {
            String(nav.dropLast()) + #", "time": "# + "\(t)" + #", "gestures": [ { "edgePan": { "progress": 0.4, "release": ""# + release + #"", "releaseTime": 0.1 } } ] }"#
        }
        // Before the finger lifts, where it is; then the 60% left over 0.6 × 0.35 s, eased in and out.
        #expect(near(try top(at(0.05, "complete")), 0.4 * 375))
        let half = 0.1 + 0.6 * 0.35 / 2
        #expect(near(try top(at(half, "complete")), (0.4 + 0.6 * 0.5) * 375, 1e-6))
        #expect(near(try top(at(half / 2 + 0.05, "complete")), (0.4 + 0.6 * TimingFunction.easeInEaseOut.value(at: 0.5 * (half / 2 + 0.05 - 0.1) / (half - 0.1))) * 375, 1e-6))
        // Cancelled, it goes back over 0.4 × 0.35 s.
        #expect(near(try top(at(0.1 + 0.4 * 0.35 / 2, "cancel")), 0.2 * 375, 1e-6))
        #expect(near(try top(at(1, "cancel")), 0))
        let s = try scene(at(0, "complete"))
        #expect(near(try #require(s.animationEnd), 0.1 + 0.6 * 0.35), "frames (--fps) run to the end of the release")
        #expect(s.edgePanProgress(at: 5) == 1)
    }

    @Test func badGesturesNameTheirPlace() throws {
        func issue(_ json: String) -> SceneIssue? {
            do { _ = try SceneDecoder.decode(json, file: "g.json"); return nil } catch { return error.issues.first }
        }
        let missing = try #require(issue(with(#"{ "pan": { "view": "hudd", "translation": [1, 2] } }"#)))
        #expect(missing.path == "gestures[0].pan.view" && missing.message.contains("\"hudd\"") && missing.message.contains("did you mean \"hud\""))
        #expect(missing.position?.line == 1)
        let table = #"{ "device": "iPhone 8", "root": { "tableView": { "id": "t", "rows": ["A", "B"] } } }"#
        let row = try #require(issue(with(#"{ "swipe": { "row": [0, 5], "direction": "left", "progress": 0.5 } }"#, table)))
        #expect(row.path == "gestures[0].swipe.row" && row.message.contains("row [0, 5] is outside the table (one section of 2 rows)"))
        let progress = try #require(issue(with(#"{ "swipe": { "row": [0, 1], "direction": "left", "progress": 1.5 } }"#, table)))
        #expect(progress.path == "gestures[0].swipe.progress" && progress.message.contains("1.5") && progress.message.contains("0…1"))
        let leading = try #require(issue(with(#"{ "swipe": { "row": [0, 1], "direction": "right", "progress": 0.5 } }"#, table)))
        #expect(leading.message.contains("leadingSwipeActions"))
        let label = #"{ "root": { "view": { "subviews": [ { "label": { "id": "l", "text": "Hi" } } ] } } }"#
        let tap = try #require(issue(with(#"{ "tap": { "view": "l" } }"#, label)))
        #expect(tap.path == "gestures[0].tap.view" && tap.message.contains("a label has no held state"))
        let edge = try #require(issue(with(#"{ "edgePan": { "progress": 0.3 } }"#, label)))
        #expect(edge.path == "gestures[0]" && edge.message.contains("two view controllers or more"))
        let conflict = try #require(issue(with(#"{ "pinch": { "view": "hud", "scale": 2 } }, { "pinch": { "view": "hud", "scale": 3 } }"#)))
        #expect(conflict.path == "gestures[1]" && conflict.message.contains("already has a pinch (gestures[0])"))
        let button = #"{ "root": { "view": { "subviews": [ { "button": { "id": "b", "title": "Go" } } ] } } }"#
        let held = try #require(issue(with(#"{ "tap": { "view": "b" } }, { "pan": { "view": "b", "translation": [1, 1] } }"#, button)))
        #expect(held.path == "gestures[1]" && held.message.contains("already has a tap (gestures[0])"))
        #expect(issue(with(#"{ "pan": { "view": "hud", "translation": [1, 1] } }, { "pinch": { "view": "hud", "scale": 2 } }"#)) == nil,
                "a pan and a pinch go together")
        let pull = try #require(issue(with(#"{ "pull": { "view": "t", "distance": 50 } }"#, table)))
        #expect(pull.message.contains("without a \"refreshControl\""))
        let twoDeep = #"{ "root": { "navigationController": { "stack": [ { "title": "A", "view": { "view": {} } }, { "title": "B", "view": { "view": {} } } ] } } }"#
        let lifted = try #require(issue(with(#"{ "edgePan": { "progress": 0.3, "releaseTime": 1 } }"#, twoDeep)))
        #expect(lifted.path == "gestures[0].edgePan.releaseTime" && lifted.message.contains("give \"release\" too"))
        let two = try #require(issue(with(#"{ "pan": { "view": "hud", "translation": [1, 1] }, "pinch": { "view": "hud", "scale": 2 } }"#)))
        #expect(two.path == "gestures[0]" && two.message.contains("give one gesture"))
    }

    @Test func aSceneBuiltInSwiftThrowsTheSameProblem() throws {
        var s = try scene(GestureTests.plain)
        s.gestures = [Gesture(.pinch(view: "nothing", scale: 2))]
        #expect(throws: RenderError.self) { try sharedRenderer.displayList(for: s) }
        s.gestures = [Gesture(.pinch(view: "hud", scale: 2))]
        let f = try frame(try sharedRenderer.displayList(for: s), "hud")
        #expect(near(f.width, 320))
    }
}
