import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// Layout rules with something to say: impossible spacing is an error, content that does not fit
/// is a note (for --verbose), and the system's minimum margins.
@Suite struct LayoutRulesTests {
    func list(_ json: String) throws -> DisplayList { try sharedRenderer.displayList(for: try scene(json)) }

    func row(spacing: Double, width: Double = 300) -> String {
        #"""
        { "device": "iPhone SE", "root": { "view": { "subviews": [
          { "stackView": { "frame": [10, 40, \#(width), 40], "spacing": \#(spacing), "arrangedSubviews": [
            { "view": { "layout": { "width": 30, "height": 30 }, "backgroundColor": "red" } },
            { "view": { "layout": { "width": 50, "height": 30 }, "backgroundColor": "blue" } } ] } } ] } } }
        """#
    }

    @Test func negativeSpacingMayNotOverlapAViewByMoreThanItsLength() throws {
        _ = try list(row(spacing: -30))
        do {
            _ = try list(row(spacing: -31))
            Issue.record("spacing -31 over a 30-point view rendered")
        } catch let e as RenderError {
            #expect(e.path == "root.subviews[0].spacing")
            #expect(e.message == "spacing -31 overlaps arrangedSubviews[0] by more than its own width (30 points); use -30 or more")
        }
    }

    @Test func contentThatDoesNotFitIsANoteNamingWhoGivesWay() throws {
        #expect(try list(row(spacing: 8)).notes.isEmpty)
        let tight = try list(row(spacing: 8, width: 60))
        #expect(tight.notes == [LayoutNote(path: "root.subviews[0]", message: "the arranged views need 88 points and the stack is 60 wide; arrangedSubviews[1] (compression resistance 750) gives way")])
        // The notes reach the renderer's callback only when it asks for them.
        let heard = NoteBox()
        let renderer = Renderer(images: sharedRenderer.images, note: { heard.add($0) })
        _ = try renderer.displayList(for: try scene(row(spacing: 8, width: 60)))
        #expect(heard.notes.count == 1)
    }

    final class NoteBox: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [LayoutNote] = []
        func add(_ n: LayoutNote) { lock.lock(); list.append(n); lock.unlock() }
        var notes: [LayoutNote] { lock.lock(); defer { lock.unlock() }; return list }
    }

    @Test func aRootViewsMarginsRespectTheSystemMinimumUnlessToldNot() throws {
        func markerX(_ respects: Bool) throws -> Double? {
            let json = #"""
            { "device": "iPhone 8", "root": { "viewController": { "viewRespectsSystemMinimumLayoutMargins": \#(respects), "view": { "view": {
              "layoutMargins": { "top": 0, "left": 4, "bottom": 0, "right": 4 },
              "subviews": [ { "view": { "layout": { "guide": "margins", "left": 0, "top": 100, "width": 10, "height": 10 }, "backgroundColor": "#123456" } } ] } } } } }
            """#
            return try list(json).items.compactMap { item -> Double? in
                if case .fill(let path, .color(let c), _) = item, c == Color(parsing: "#123456"), case .move(let p) = path.commands.first { return p.x }
                return nil
            }.first
        }
        #expect(try markerX(true) == 16, "held to the system's 16")
        #expect(try markerX(false) == 4)
    }
}
