import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

// The preview's hit test (DisplayList.hit): what a finger at a point touches, read off the layout's
// records, on numbers.

private func list(_ json: String, base: String = snapshotsRoot + "/Touch") throws -> DisplayList {
    try sharedRenderer.displayList(for: try scene(json, base: base))
}

private func file(_ relative: String) throws -> DisplayList {
    try sharedRenderer.displayList(for: try SceneDecoder.load(path: snapshotsRoot + "/" + relative))
}

@Suite struct HitTestTests {
    @Test func aPointFindsTheTopmostViewAndTheViewADragMoves() throws {
        let l = try file("Touch/hud.json")
        // Inside the HUD's label: the label is on top, the HUD (which has an id) is what moves.
        let label = l.hit(Point(x: 187, y: 300))
        let hud = try #require(label.movable)
        #expect(label.view?.kind == "label" && label.view?.path.hasPrefix(hud.path) == true)
        #expect(label.movable?.id == "hud" && label.control == nil && label.row == nil && !label.onBar)
        // Beside the HUD, on the blue square: no id, nothing to move.
        let square = l.hit(Point(x: 30, y: 200))
        #expect(square.view?.frame == Rect(x: 20, y: 190, width: 105, height: 105) && square.movable == nil)
        // On the navigation bar (64 points with the status bar): the bar covers the content.
        let bar = l.hit(Point(x: 187, y: 40))
        #expect(bar.onBar && bar.movable == nil && bar.row == nil)
        // Off the screen: nothing.
        #expect(l.hit(Point(x: -1, y: 300)) == TouchHit() && l.hit(Point(x: 375, y: 300)) == TouchHit())
    }

    @Test func aPointInATableFindsItsRowAndTheScrollPosition() throws {
        let l = try file("Touch/inbox.json")
        // iPhone 8, plain table under a 64-point bar; subtitle rows 44 high at the default size... read their frames.
        let rows = l.touch.rows.filter { $0.table == l.views.first { $0.id == "inbox" }?.path }
        #expect(rows.map(\.row) == [0, 1, 2, 3] && rows.allSatisfy { $0.section == 0 })
        #expect(rows[0].frame.minY == 64 && rows[1].frame.minY == rows[0].frame.maxY)
        let second = l.hit(Point(x: 200, y: rows[1].frame.midY))
        #expect(second.row?.row == 1 && second.table?.id == "inbox" && second.scrollView?.id == "inbox")
        #expect(second.control == nil && second.movable == nil)
        // The table rests at -64 (under the bar), and can go no further than its four rows allow: not at all.
        let scroll = try #require(second.scroll)
        #expect(scroll.offset == Point(x: 0, y: -64) && scroll.minOffset == Point(x: 0, y: -64) && scroll.maxOffset == Point(x: 0, y: -64))
        // Below the last row: the table, no row.
        let below = l.hit(Point(x: 200, y: rows[3].frame.maxY + 10))
        #expect(below.row == nil && below.scrollView?.id == "inbox")
    }

    @Test func aControlInARowIsTheControlAndTheRowStill() throws {
        let settings = try sharedRenderer.displayList(for: try SceneDecoder.load(path: repositoryRoot + "/Benchmarks/Scenes/settings.json"))
        let row = try #require(settings.touch.rows.first { $0.section == 0 && $0.row == 1 })
        // The switch at the row's right end: the switch is the control, and the row is under it.
        let knob = settings.hit(Point(x: 375 - 16 - 20, y: row.frame.midY))
        #expect(knob.control?.kind == "switch" && knob.row?.row == 1 && knob.row?.section == 0)
        // The row's text: no control.
        let text = settings.hit(Point(x: 40, y: row.frame.midY))
        #expect(text.control == nil && text.row?.row == 1)
        // The tab bar at the bottom covers the table's last rows.
        let tab = settings.hit(Point(x: 187, y: 667 - 20))
        #expect(tab.onBar && tab.row == nil)
    }

    @Test func aScrollViewsRecordFollowsItsPanAndKnowsItsEdges() throws {
        let scene = #"{ "device": "iPhone 8", "root": { "view": { "subviews": [ { "scrollView": { "id": "s", "frame": [0, 100, 375, 300], "#
            + #""contentInsetAdjustmentBehavior": "never", "contentSize": [375, 1000], "subviews": [ "#
            + #"{ "button": { "id": "b", "title": "Go", "frame": [20, 20, 100, 44] } } ] } } ] } }"#
        let still = try list(scene + " }")
        let s = try #require(still.touch.scrolls.first)
        #expect(s.offset == Point(x: 0, y: 0) && s.minOffset == Point(x: 0, y: 0) && s.maxOffset == Point(x: 0, y: 700))
        #expect(s.clamped(Point(x: -5, y: 900)) == Point(x: 0, y: 700) && s.clamped(Point(x: 0, y: -3)) == Point(x: 0, y: 0))
        let button = still.hit(Point(x: 30, y: 130))
        #expect(button.control?.id == "b" && button.scrollView?.id == "s")
        // Panned up by 50: the content offset is 50, and the button is 50 higher.
        let panned = try list(scene + #", "gestures": [ { "pan": { "view": "s", "translation": [0, -50] } } ] }"#)
        #expect(panned.touch.scrolls.first?.offset == Point(x: 0, y: 50))
        #expect(panned.hit(Point(x: 30, y: 130)).control == nil && panned.hit(Point(x: 30, y: 80)).control?.id == "b")
    }

    @Test func aBarButtonItemWithAnIdIsFoundOnItsBar() throws {
        let l = try list(#"{ "device": "iPhone 8", "root": { "navigationController": { "stack": [ { "title": "T", "#
            + #""rightItems": [ { "id": "edit", "system": "edit" } ], "view": { "view": {} } } ] } } }"#)
        let item = try #require(l.touch.bars.first { $0.item == "edit" })
        #expect(item.frame.maxX <= 375 && item.frame.minY >= 20)
        let hit = l.hit(Point(x: item.frame.midX, y: item.frame.midY))
        #expect(hit.onBar && hit.barItem == "edit")
        #expect(l.hit(Point(x: 30, y: item.frame.midY)).barItem == nil)
    }
}
