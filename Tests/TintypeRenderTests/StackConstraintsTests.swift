import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// A stack view whose arranged views hold constraints (a width, an aspect ratio, one to a view
/// outside the stack): solved together with the stack's own constraints, as UIStackView adds them
/// to UIKit's engine; frames and warnings read off the display list.
@Suite struct StackConstraintsTests {
    let renderer = Renderer(layoutWarning: { _ in })

    func list(_ json: String) throws -> DisplayList { try renderer.displayList(for: try scene(json)) }
    func frame(_ list: DisplayList, _ id: String) -> Rect? { list.views.first { $0.id == id }?.frame }
    func screen(_ subviews: String) -> String { #"{"device": "iPhone 8", "root": {"view": {"subviews": [\#(subviews)]}}}"# }

    static let pinned = #"""
        "constraints": [{"attribute": "leading", "to": "superview"}, {"attribute": "trailing", "to": "superview"},
                        {"attribute": "top", "to": "superview", "constant": 100}]
        """#

    @Test func anArrangedViewsWidthAndAspectRatioJoinTheStacksLayout() throws {
        let l = try list(screen(#"""
            {"stackView": {"id": "stack", "spacing": 10, \#(Self.pinned), "arrangedSubviews": [
              {"label": {"id": "name", "text": "Mist Trail"}},
              {"view": {"id": "fixed", "backgroundColor": "#FF0000", "constraints": [
                {"attribute": "width", "constant": 100}, {"attribute": "height", "constant": 40}]}},
              {"view": {"id": "ratio", "backgroundColor": "#0000FF", "constraints": [
                {"attribute": "width", "to": "self", "toAttribute": "height", "multiplier": 2}]}}]}}
            """#))
        #expect(l.warnings.isEmpty, "\(l.warnings)")
        let stack = try #require(frame(l, "stack")), name = try #require(frame(l, "name"))
        let fixed = try #require(frame(l, "fixed")), ratio = try #require(frame(l, "ratio"))
        // The fixed view's 40 is the row's height (the stack fills across); the ratio view is twice as wide.
        #expect(stack.minY == 100 && stack.height == 40 && stack.width == 375)
        #expect(fixed.width == 100 && fixed.height == 40 && ratio.height == 40 && ratio.width == 80)
        // The label, hugging least among views with a size of their own, takes the rest.
        #expect(name.minX == 0 && name.width == 375 - 100 - 80 - 20)
        #expect(fixed.minX == name.maxX + 10 && ratio.minX == fixed.maxX + 10 && ratio.maxX == 375)
    }

    @Test func aConstraintBetweenAnArrangedViewAndAViewOutsideTheStack() throws {
        let l = try list(screen(#"""
            {"stackView": {"id": "stack", "axis": "vertical", "alignment": "leading", "spacing": 4, "constraints": [
              {"attribute": "leading", "to": "superview", "constant": 20}, {"attribute": "top", "to": "superview", "constant": 80}],
             "arrangedSubviews": [
              {"label": {"id": "title", "text": "Half Dome", "font": "title2"}},
              {"view": {"id": "bar", "backgroundColor": "#00AA00", "constraints": [
                {"attribute": "width", "to": "superview", "multiplier": 0.5}, {"attribute": "height", "constant": 6}]}}]}},
            {"label": {"id": "badge", "text": "NEW", "constraints": [
              {"attribute": "leading", "to": "title", "toAttribute": "trailing", "constant": 8},
              {"attribute": "centerY", "to": "title"}]}}
            """#))
        #expect(l.warnings.isEmpty, "\(l.warnings)")
        let stack = try #require(frame(l, "stack")), title = try #require(frame(l, "title"))
        let bar = try #require(frame(l, "bar")), badge = try #require(frame(l, "badge"))
        // Aligned leading, the stack as wide as its widest view: the title; the bar half of that.
        #expect(stack.minX == 20 && stack.minY == 80 && title.minX == 20 && title.minY == 80)
        #expect(stack.width == title.width && abs(bar.width - title.width / 2) < 0.5 && bar.minY == title.maxY + 4)
        #expect(stack.height == title.height + 4 + 6)
        // The badge outside the stack follows the arranged title.
        #expect(badge.minX == title.maxX + 8 && abs(badge.midY - title.midY) < 0.5)
    }

    @Test func fillEquallyAStackPinnedByOneEdgeTakesItsArrangedViewsSize() throws {
        let l = try list(screen(#"""
            {"stackView": {"id": "stack", "distribution": "fillEqually", "spacing": 5, "constraints": [
              {"attribute": "leading", "to": "superview", "constant": 10}, {"attribute": "top", "to": "superview", "constant": 50}],
             "arrangedSubviews": [
              {"view": {"id": "a", "backgroundColor": "#FF0000", "constraints": [{"attribute": "width", "constant": 60}, {"attribute": "height", "constant": 30}]}},
              {"view": {"id": "b", "backgroundColor": "#00FF00"}},
              {"view": {"id": "c", "backgroundColor": "#0000FF"}}]}}
            """#))
        #expect(l.warnings.isEmpty, "\(l.warnings)")
        let stack = try #require(frame(l, "stack"))
        #expect(stack.minX == 10 && stack.width == 60 * 3 + 10 && stack.height == 30)
        for (id, x) in [("a", 10.0), ("b", 75), ("c", 140)] {
            #expect(frame(l, id) == Rect(x: x, y: 50, width: 60, height: 30), "\(id)")
        }
    }

    /// Where the arranged views' constraints ask for nothing more, the stack's constraints give the
    /// frames StackLayout gives: the first of equals stretches, a centered view keeps its own height.
    @Test(arguments: ["fill", "equalSpacing", "equalCentering", "fillProportionally"], ["center", "fill", "top", "bottom"])
    func aJoinedStackAgreesWithStackLayout(_ distribution: String, _ alignment: String) throws {
        for axis in ["horizontal", "vertical"] {
            try agree(distribution, alignment, axis)
        }
    }

    func agree(_ distribution: String, _ alignment: String, _ axis: String) throws {
        let alignment = axis == "vertical" ? ["top": "leading", "bottom": "trailing"][alignment] ?? alignment : alignment
        func frames(_ extra: String) throws -> [Rect] {
            let l = try list(screen(#"""
                {"stackView": {"id": "stack", "axis": "\#(axis)", "distribution": "\#(distribution)", "alignment": "\#(alignment)", "spacing": 8,
                 \#(Self.pinned), "arrangedSubviews": [
                  {"label": {"id": "one", "text": "One"\#(extra)}},
                  {"label": {"id": "two", "text": "Two two", "font": "title1"}},
                  {"switch": {"id": "three", "isOn": true}}]}}
                """#))
            #expect(l.warnings.isEmpty, "\(l.warnings)")
            return ["stack", "one", "two", "three"].compactMap { frame(l, $0) }
        }
        let plain = try frames("")
        // A constraint that holds anyway: the label at least 1 point tall.
        let joined = try frames(#", "constraints": [{"attribute": "height", "relation": ">=", "constant": 1}]"#)
        #expect(plain.count == 4 && joined == plain, "\(axis)\n\(plain)\n\(joined)")
    }
}
