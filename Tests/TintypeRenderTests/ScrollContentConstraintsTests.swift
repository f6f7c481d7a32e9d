import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// A scroll view's content placed by constraints: edge constraints to the scroll view (or its
/// `contentLayoutGuide`) are to its content, whose size they decide as UIKit's contentSize; width,
/// height and center constraints (or the `frameLayoutGuide`) are to its frame.
@Suite struct ScrollContentConstraintsTests {
    let renderer = Renderer(layoutWarning: { _ in })

    func list(_ json: String) throws -> DisplayList { try renderer.displayList(for: try scene(json)) }
    func frame(_ list: DisplayList, _ id: String) -> Rect? { list.views.first { $0.id == id }?.frame }

    func screen(_ content: String) -> String {
        #"""
        {"device": "iPhone 8", "root": {"view": {"subviews": [
          {"scrollView": {"id": "scroll", "frame": [0, 100, 375, 300], "contentInsetAdjustmentBehavior": "never", "subviews": [\#(content)]}}]}}}
        """#
    }

    @Test func contentPinnedToTheEdgesDecidesTheContentSize() throws {
        let l = try list(screen(#"""
            {"view": {"id": "content", "constraints": [
              {"attribute": "top", "to": "superview"}, {"attribute": "bottom", "to": "superview"},
              {"attribute": "leading", "to": "superview"}, {"attribute": "trailing", "to": "superview"},
              {"attribute": "width", "to": "superview"}],
             "subviews": [
              {"view": {"id": "tall", "backgroundColor": "#3366FF", "constraints": [
                {"attribute": "top", "to": "superview", "constant": 20}, {"attribute": "bottom", "to": "superview", "constant": -20},
                {"attribute": "leading", "to": "superview", "constant": 16}, {"attribute": "trailing", "to": "superview", "constant": -16},
                {"attribute": "height", "constant": 800}]}}]}},
            {"label": {"id": "centered", "text": "Middle", "constraints": [
              {"attribute": "centerX", "to": "superview"}, {"attribute": "top", "to": "superview", "constant": 4}]}}
            """#))
        #expect(l.warnings.isEmpty, "\(l.warnings)")
        let content = try #require(frame(l, "content")), tall = try #require(frame(l, "tall")), label = try #require(frame(l, "centered"))
        // 840 tall: the content, not squeezed into the 300-point frame; as wide as the frame.
        #expect(content == Rect(x: 0, y: 100, width: 375, height: 840))
        #expect(tall == Rect(x: 16, y: 120, width: 343, height: 800))
        // centerX is the frame's.
        #expect(abs(label.midX - 187.5) < 0.5 && label.minY == 104)
        // The preview scrolls to the content's end.
        let record = try #require(l.touch.scrolls.first)
        #expect(record.maxOffset == Point(x: 0, y: 540))
    }

    @Test func theContentAndFrameLayoutGuides() throws {
        let l = try list(screen(#"""
            {"stackView": {"id": "column", "axis": "vertical", "spacing": 10, "constraints": [
              {"attribute": "top", "to": "superview", "guide": "contentLayoutGuide", "constant": 10},
              {"attribute": "bottom", "to": "superview", "guide": "contentLayoutGuide", "constant": -10},
              {"attribute": "leading", "to": "superview", "guide": "contentLayoutGuide"},
              {"attribute": "trailing", "to": "superview", "guide": "contentLayoutGuide"},
              {"attribute": "width", "to": "superview", "guide": "frameLayoutGuide"}],
             "arrangedSubviews": [
              {"view": {"id": "a", "backgroundColor": "#FF0000", "layout": {"height": 250}}},
              {"view": {"id": "b", "backgroundColor": "#00AA00", "layout": {"height": 250}}}]}}
            """#))
        #expect(l.warnings.isEmpty, "\(l.warnings)")
        let column = try #require(frame(l, "column"))
        #expect(column == Rect(x: 0, y: 110, width: 375, height: 510))
        #expect(l.touch.scrolls.first?.maxOffset == Point(x: 0, y: 530 - 300))
    }

    @Test func aGivenContentSizeHoldsAndFramedViewsKeepTheBounds() throws {
        let l = try list(#"""
            {"device": "iPhone 8", "root": {"view": {"subviews": [
              {"scrollView": {"frame": [0, 100, 375, 300], "contentSize": [375, 1000], "contentInsetAdjustmentBehavior": "never", "subviews": [
                {"view": {"id": "footer", "constraints": [
                  {"attribute": "bottom", "to": "superview"}, {"attribute": "leading", "to": "superview"},
                  {"attribute": "width", "constant": 100}, {"attribute": "height", "constant": 40}]}},
                {"view": {"id": "pinned", "layout": {"right": 0, "bottom": 0, "width": 50, "height": 50}}}]}}]}}}
            """#)
        #expect(l.warnings.isEmpty, "\(l.warnings)")
        // Its bottom is the content's, 1000 down; a view placed by layout pins keeps to the bounds, as before.
        #expect(frame(l, "footer") == Rect(x: 0, y: 100 + 1000 - 40, width: 100, height: 40))
        #expect(frame(l, "pinned") == Rect(x: 325, y: 350, width: 50, height: 50))
    }
}
