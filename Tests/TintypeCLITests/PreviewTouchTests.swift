import Foundation
import Testing
@testable import tintype
import TintypeLayout
import TintypeModel
import TintypeRender

/// The preview's touches on numbers: page events turned into the scene's gestures (TouchState),
/// with the hit test reading the layout of the scene as shown, and the events' parsing.
@Suite struct PreviewTouchTests {
    static let renderer = Renderer()

    /// A scene file of Snapshots/, its views named as the preview names them.
    final class Touched {
        let named: Scene
        let given: Set<String>
        var state = TouchState()
        var kinds: [Gesture.Kind] = []
        var list: DisplayList

        init(_ relative: String, json: String? = nil) throws {
            let scene = try json.map { try SceneDecoder.decode($0, file: "t.json", baseDirectory: CLITests.root + "/Snapshots/Touch") }
                ?? SceneDecoder.load(path: CLITests.root + "/" + relative)
            (named, given) = scene.namingViews(prefix: "touch-")
            state.unnamed = given
            list = try PreviewTouchTests.renderer.displayList(for: named)
        }

        /// Applies the events, then lays the scene out as they leave it (the next press's hit test reads it).
        @discardableResult
        func send(_ events: TouchEvent...) throws -> [Gesture.Kind] {
            for e in events { state.apply(e, scene: named, list: list) }
            let (scene, kinds) = state.scene(named, list: list)
            self.kinds = kinds
            list = try PreviewTouchTests.renderer.displayList(for: scene)
            return kinds
        }
    }

    static func down(_ x: Double, _ y: Double) -> TouchEvent { TouchEvent(kind: .down, x: x, y: y) }
    static func move(_ x: Double, _ y: Double) -> TouchEvent { TouchEvent(kind: .move, x: x, y: y) }
    static func up(_ x: Double, _ y: Double) -> TouchEvent { TouchEvent(kind: .up, x: x, y: y) }

    @Test func aPressHoldsTheControlUnderItUntilItLifts() throws {
        let t = try Touched("", json: #"{ "device": "iPhone 8", "root": { "view": { "subviews": [ "#
            + #"{ "button": { "id": "go", "title": "Go", "frame": [20, 100, 100, 44] } }, "#
            + #"{ "segmentedControl": { "segments": ["A", "B", "C"], "frame": [20, 200, 300, 29] } }, "#
            + #"{ "stepper": { "frame": [20, 300, 94, 29] } } ] } } }"#)
        #expect(try t.send(Self.down(60, 120)) == [.tap(view: "go", part: nil)])
        // A finger that moves a little, or far but within 70 points, keeps holding it; further, lets go.
        #expect(try t.send(Self.move(64, 123)) == [.tap(view: "go", part: nil)])
        #expect(try t.send(Self.move(180, 120)) == [.tap(view: "go", part: nil)])
        #expect(try t.send(Self.move(200, 120)) == [])
        #expect(try t.send(Self.move(60, 120)) == [.tap(view: "go", part: nil)])
        #expect(try t.send(Self.up(60, 120)) == [])
        // The segment under the finger (the third of three), the stepper's increment half; their
        // views had no id, so the preview named them, and the snippet says where to give one.
        let segmented = try #require(t.list.views.first { $0.kind == "segmentedControl" }?.id)
        #expect(t.given.contains(segmented))
        #expect(try t.send(Self.down(300, 210)) == [.tap(view: segmented, part: .segment(2))])
        let snippet = t.state.snippet(t.kinds, given: t.given, list: t.list)
        #expect(snippet.contains(#"{ "tap": { "view": "\#(segmented)", "segment": 2, "phase": "down" } }"#), "\(snippet)")
        #expect(snippet.contains(#"root.subviews[1] has no id: give it "id": "\#(segmented)""#), "\(snippet)")
        try t.send(Self.up(300, 210))
        let stepper = try #require(t.list.views.first { $0.kind == "stepper" }?.id)
        #expect(try t.send(Self.down(100, 310)) == [.tap(view: stepper, part: .half(.increment))])
        #expect(try t.send(Self.up(100, 310)) == [])
        // A press on nothing that can be held holds nothing.
        #expect(try t.send(Self.down(300, 500), Self.up(300, 500)) == [])
    }

    @Test func aPressOnARowHoldsItAndADragSideWaysSwipesIt() throws {
        let t = try Touched("Snapshots/Touch/inbox.json")
        let row1 = try #require(t.list.touch.rows.first { $0.row == 1 }).frame
        #expect(try t.send(Self.down(200, row1.midY)) == [.tap(view: "inbox", part: .row(Gesture.RowIndex(section: 0, row: 1)))])
        // Past the 10-point slop, sideways: the highlight goes, the row follows the finger (150 of 375 points: 0.4).
        let kinds = try t.send(Self.move(190, row1.midY), Self.move(50, row1.midY + 3))
        #expect(kinds == [.swipe(view: "inbox", row: Gesture.RowIndex(section: 0, row: 1), direction: .left, progress: 0.4)])
        // Lifted past a quarter of the row: it stays open.
        #expect(try t.send(Self.up(50, row1.midY)) == [.swipe(view: "inbox", row: Gesture.RowIndex(section: 0, row: 1), direction: .left, progress: nil)])
        // A press on the table closes it, and holds nothing.
        #expect(try t.send(Self.down(200, row1.midY)) == [])
        #expect(try t.send(Self.up(200, row1.midY)) == [])
        // Swiped right a little (60 points, under a quarter): open while held, closed once lifted.
        #expect(try t.send(Self.down(100, row1.midY), Self.move(160, row1.midY))
                == [.swipe(view: "inbox", row: Gesture.RowIndex(section: 0, row: 1), direction: .right, progress: 0.16)])
        #expect(try t.send(Self.up(160, row1.midY)) == [])
        // The last row has no leading actions: swiping it right is not a gesture the scene can take.
        let row3 = try #require(t.list.touch.rows.first { $0.row == 3 }).frame
        #expect(try t.send(Self.down(100, row3.midY), Self.move(200, row3.midY)) == [])
        #expect(t.state.note?.contains("leadingSwipeActions") == true, "\(t.state.note ?? "")")
    }

    @Test func aDragFromTheLeadingEdgePopsAndCompletesPastHalfWay() throws {
        let t = try Touched("Snapshots/Touch/moorings.json")
        let width = t.list.size.width
        #expect(try t.send(Self.down(5, 300), Self.move(5 + width * 0.3, 302)) == [.edgePan(progress: 0.3, release: nil)])
        // Lifted before half way: the pop cancels.
        #expect(try t.send(Self.up(5 + width * 0.3, 302)) == [])
        // Past half way: the pop completes and stays done; the edge does nothing more (one screen left).
        #expect(try t.send(Self.down(5, 300), Self.move(5 + width * 0.7, 300), Self.up(5 + width * 0.7, 300)) == [.edgePan(progress: 1, release: nil)])
        let after = try t.send(Self.down(5, 300), Self.move(5 + width * 0.5, 300))
        #expect(after.first == .edgePan(progress: 1, release: nil) && after.filter { if case .edgePan = $0 { true } else { false } }.count == 1)
        // Not from the edge: no pop (the table under the finger scrolls instead).
        let fresh = try Touched("Snapshots/Touch/moorings.json")
        let kinds = try fresh.send(Self.down(60, 300), Self.move(60 + width * 0.5, 300))
        #expect(!kinds.contains { if case .edgePan = $0 { true } else { false } })
    }

    @Test func aDragMovesAViewWithAnIdAndItStaysWhereItIsDropped() throws {
        let t = try Touched("Snapshots/Touch/hud.json")
        #expect(try t.send(Self.down(187, 320), Self.move(150, 250)) == [.pan(view: "hud", translation: Point(x: -37, y: -70))])
        #expect(try t.send(Self.up(150, 250)) == [.pan(view: "hud", translation: Point(x: -37, y: -70))])
        #expect(try t.list.views.first { $0.id == "hud" }?.frame == Rect(x: 70.5, y: 170, width: 160, height: 160))
        // A second drag, from where it is now, adds to the first.
        #expect(try t.send(Self.down(150, 250), Self.move(160, 260), Self.up(160, 260)) == [.pan(view: "hud", translation: Point(x: -27, y: -60))])
        // A drag on a square without an id moves nothing.
        #expect(try t.send(Self.down(30, 420), Self.move(90, 480)) == [.pan(view: "hud", translation: Point(x: -27, y: -60))])
        #expect(try t.send(Self.up(90, 480)) == [.pan(view: "hud", translation: Point(x: -27, y: -60))])
        #expect(t.state.snippet(t.kinds, given: t.given, list: t.list) == "\"gestures\": [\n  { \"pan\": { \"view\": \"hud\", \"translation\": [-27, -60] } }\n]")
    }

    @Test func theWheelAndADragScrollATableAndItSettlesInsideItsEdges() throws {
        // The settings screen: 14 rows in a grouped table taller than the screen, no ids at all.
        let t = try Touched("Benchmarks/Scenes/settings.json")
        let table = try #require(t.list.views.first { $0.kind == "tableView" })
        let id = try #require(table.id)
        let record = try #require(t.list.touch.scrolls.first { $0.path == table.path })
        let maxY = try #require(record.maxOffset?.y)
        #expect(record.offset.y == record.minOffset.y && maxY > record.minOffset.y + 100)
        try t.send(TouchEvent(kind: .wheel, x: 187, y: 300, dx: 30, dy: 100))
        #expect(t.state.offsets[id] == Point(x: record.offset.x, y: record.offset.y + 100), "a table does not scroll sideways")
        #expect(t.list.touch.scrolls.first { $0.path == table.path }?.offset.y == record.offset.y + 100)
        // Past the end, the wheel stops at the far edge; past the top, at the resting offset.
        try t.send(TouchEvent(kind: .wheel, x: 187, y: 300, dy: 100_000))
        #expect(t.state.offsets[id]?.y == maxY)
        try t.send(TouchEvent(kind: .wheel, x: 187, y: 300, dy: -100_000))
        #expect(t.state.offsets[id]?.y == record.minOffset.y)
        // A drag up by 200 points: the content follows the finger (a pan), and keeps the offset once lifted.
        #expect(try t.send(Self.down(100, 500), Self.move(100, 300)) == [.pan(view: id, translation: Point(x: 0, y: -200))])
        #expect(try t.send(Self.up(100, 300)) == [])
        #expect(t.state.offsets[id]?.y == record.minOffset.y + 200)
        // Dragged down past the top: rubber-banded while held, back at the top once lifted.
        try t.send(Self.down(100, 300), Self.move(100, 700))
        let shown = try #require(t.list.touch.scrolls.first { $0.path == table.path }?.offset.y)
        #expect(shown < record.minOffset.y && shown > record.minOffset.y - 200)
        try t.send(Self.up(100, 700))
        #expect(t.state.offsets[id]?.y == record.minOffset.y)
        let snippet = t.state.snippet(t.kinds, given: t.given, list: t.list)
        #expect(snippet.contains("// the view \"\(id)\": \"contentOffset\": [0, \(format(record.minOffset.y))]"), "\(snippet)")
        // A row swiped on the screen's only table: the snippet needs no view for it.
        let row = try #require(t.list.touch.rows.first { $0.frame.minY > 100 && $0.frame.maxY < 500 })
        try t.send(Self.down(300, row.frame.midY), Self.move(200, row.frame.midY))
        let swiped = t.state.snippet(t.kinds, given: t.given, list: t.list)
        #expect(swiped.contains(#"  { "swipe": { "row": [\#(row.section), \#(row.row)], "direction": "left", "progress": "#), "\(swiped)")
    }

    @Test func aDragDownFromTheTopOfATableWithARefreshControlPullsIt() throws {
        let t = try Touched("Snapshots/Touch/inbox.json", json: #"{ "device": "iPhone 8", "root": { "navigationController": { "stack": [ { "title": "M", "#
            + #""view": { "tableView": { "id": "m", "refreshControl": {}, "rows": [ "A", "B", "C" ] } } } ] } } }"#)
        #expect(try t.send(Self.down(100, 200), Self.move(100, 300)) == [.pull(view: "m", distance: 100)])
        #expect(try t.send(Self.up(100, 300)) == [])
    }

    @Test func resetForgetsEveryTouch() throws {
        let t = try Touched("Snapshots/Touch/hud.json")
        try t.send(Self.down(187, 320), Self.move(150, 250), Self.up(150, 250))
        #expect(try t.send(TouchEvent(kind: .reset)) == [] && t.state.moved.isEmpty)
    }

    @Test func eventsAreReadStrictlyAndBounded() throws {
        func parse(_ s: String) -> Result<[TouchEvent], HTTPRequest.Problem> {
            do { return .success(try TouchEvent.parse(Array(s.utf8))) } catch { return .failure(error) }
        }
        #expect(try parse(#"{"events": [{"type": "down", "x": 1.5, "y": 2}, {"type": "wheel", "x": 0, "y": 0, "dy": -3}, {"type": "reset"}]}"#).get()
                == [TouchEvent(kind: .down, x: 1.5, y: 2), TouchEvent(kind: .wheel, dy: -3), TouchEvent(kind: .reset)])
        let refused: [(String, Int, String)] = [
            ("", 400, "must be a JSON object"),
            ("[1]", 400, "must be a JSON object"),
            (#"{"events": 3}"#, 400, "\"events\" must be an array"),
            (#"{"events": [], "more": 1}"#, 400, "unknown key \"more\""),
            (#"{"events": [{"type": "drag", "x": 1, "y": 1}]}"#, 400, "events[0].type must be one of down, move, up, cancel, wheel, reset"),
            (#"{"events": [{"type": "down", "x": 1}]}"#, 400, "needs \"x\" and \"y\""),
            (#"{"events": [{"type": "down", "x": true, "y": 1}]}"#, 400, "events[0].x must be a number"),
            (#"{"events": [{"type": "down", "x": "1", "y": 1}]}"#, 400, "events[0].x must be a number"),
            (#"{"events": [{"type": "down", "x": 1e300, "y": 1}]}"#, 400, "events[0].x must be a number from -100000 to 100000"),
            (#"{"events": [{"type": "down", "x": 1, "y": 1, "z": 1}]}"#, 400, "unknown key \"z\""),
            ("{\"events\": [" + Array(repeating: #"{"type": "reset"}"#, count: 257).joined(separator: ",") + "]}", 413, "at most 256"),
            (String(repeating: " ", count: 16 * 1024 + 1), 413, "larger than 16384 bytes"),
        ]
        for (body, status, message) in refused {
            guard case .failure(let problem) = parse(body) else { Issue.record("accepted: \(body.prefix(80))"); continue }
            #expect(problem.status == status && problem.message.contains(message), "\(body.prefix(80)): \(problem)")
        }
    }
}
