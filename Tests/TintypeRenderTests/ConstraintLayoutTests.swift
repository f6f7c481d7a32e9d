import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// Views placed by `constraints`, solved as UIKit's engine solves them: frames and warnings read
/// off the display list.
@Suite struct ConstraintLayoutTests {
    let renderer = Renderer(layoutWarning: { _ in })

    func list(_ json: String) throws -> DisplayList { try renderer.displayList(for: try scene(json)) }

    func frame(_ list: DisplayList, _ id: String) -> Rect? { list.views.first { $0.id == id }?.frame }

    /// A scene of one plain root (white) holding `subviews`, on `device`.
    func screen(_ subviews: String, device: String = "iPhone 8", extra: String = "") -> String {
        #"{"device": "\#(device)"\#(extra), "root": {"view": {"subviews": [\#(subviews)]}}}"#
    }

    @Test func edgesToTheMarginsAndTheSafeAreaAndASuperviewSizedByItsContent() throws {
        let l = try list(screen(#"""
            {"view": {"id": "card", "constraints": [
              {"attribute": "leading", "to": "superview", "toAttribute": "leadingMargin"},
              {"attribute": "trailing", "to": "superview", "toAttribute": "trailingMargin"},
              {"attribute": "top", "to": "superview", "guide": "safeArea", "constant": 20}],
             "subviews": [
              {"label": {"id": "title", "text": "Trail Diary", "font": "title2", "constraints": [
                {"attribute": "leading", "to": "superview", "toAttribute": "leadingMargin"},
                {"attribute": "top", "to": "superview", "toAttribute": "topMargin"}]}},
              {"label": {"id": "body", "numberOfLines": 0, "text": "A label that wraps over a few lines, so that the card grows with it as Auto Layout grows it.",
                "constraints": [
                {"attribute": "leading", "to": "title"},
                {"attribute": "trailing", "to": "superview", "toAttribute": "trailingMargin"},
                {"attribute": "top", "to": "title", "toAttribute": "bottom", "constant": 8},
                {"attribute": "bottom", "to": "superview", "toAttribute": "bottomMargin"}]}}]}}
            """#))
        #expect(l.warnings.isEmpty)
        let card = try #require(frame(l, "card")), title = try #require(frame(l, "title")), body = try #require(frame(l, "body"))
        // The root is a controller's view: 16-point system margins; 20 below the 20-point status bar.
        #expect(card.minX == 16 && card.width == 343 && card.minY == 40)
        // Inside the card, UIView's own margins: 8 on every side.
        #expect(title.minX == 24 && title.minY == 48)
        #expect(body.minX == 24 && body.width == 343 - 16 && body.minY == title.maxY + 8)
        // The body wraps at the width it got (more than one line), and the card ends 8 below it.
        #expect(body.height > title.height * 1.5)
        #expect(abs(card.maxY - (body.maxY + 8)) < 1e-9)
    }

    @Test func originsAreRoundedToDevicePixelsAsUIKitRoundsThem() throws {
        for (scale, x) in [(1.0, 138.0), (2, 137.5), (3, 413.0 / 3)] {
            let l = try list(screen(#"""
                {"view": {"id": "box", "constraints": [
                  {"attribute": "centerX", "to": "superview"}, {"attribute": "top", "to": "superview", "constant": 100.2},
                  {"attribute": "width", "constant": 100}, {"attribute": "height", "constant": 30}]}}
                """#, extra: #", "scale": \#(scale)"#))
            let box = try #require(frame(l, "box"))
            #expect(box.minX == x && box.width == 100)
            #expect(box.minY == (100.2 * scale).rounded() / scale)
        }
    }

    @Test func aHigherPriorityWinsAndARequiredOneAlwaysHolds() throws {
        let l = try list(screen(#"""
            {"view": {"id": "a", "constraints": [
              {"attribute": "leading", "to": "superview"}, {"attribute": "top", "to": "superview"}, {"attribute": "height", "constant": 10},
              {"attribute": "width", "constant": 200, "priority": 500},
              {"attribute": "width", "constant": 300, "priority": 501},
              {"attribute": "width", "relation": "<=", "constant": 250}]}}
            """#))
        #expect(frame(l, "a")?.width == 250)
        #expect(l.warnings.isEmpty)
    }

    @Test func multipliersConstantsAndAnAspectRatio() throws {
        let l = try list(screen(#"""
            {"view": {"id": "half", "constraints": [
              {"attribute": "leading", "to": "superview"}, {"attribute": "top", "to": "superview", "constant": 10},
              {"attribute": "width", "to": "superview", "multiplier": 0.5, "constant": -10},
              {"attribute": "height", "to": "self", "toAttribute": "width", "multiplier": 0.25}]}},
            {"view": {"id": "right", "constraints": [
              {"attribute": "leading", "to": "half", "toAttribute": "trailing", "constant": 8},
              {"attribute": "centerY", "to": "half"},
              {"attribute": "width", "to": "half", "multiplier": 0.5}, {"attribute": "height", "to": "half"}]}}
            """#))
        let half = try #require(frame(l, "half")), right = try #require(frame(l, "right"))
        #expect(half == Rect(x: 0, y: 10, width: 177.5, height: 177.5 / 4))
        #expect(right == Rect(x: 185.5, y: 10, width: 88.75, height: 177.5 / 4))
    }

    @Test func huggingAndCompressionResistanceDecideWhichLabelGivesWay() throws {
        // Two labels in a row between the margins: the one that hugs least stretches.
        func row(_ a: String, _ b: String, hugB: Double = 250, resistB: Double = 750) throws -> (Rect, Rect) {
            let l = try list(screen(#"""
                {"label": {"id": "a", "text": "\#(a)", "constraints": [
                  {"attribute": "leading", "to": "superview", "toAttribute": "leadingMargin"}, {"attribute": "top", "to": "superview", "constant": 40}]}},
                {"label": {"id": "b", "text": "\#(b)", "contentHuggingPriority": \#(hugB), "contentCompressionResistancePriority": \#(resistB),
                  "constraints": [
                  {"attribute": "leading", "to": "a", "toAttribute": "trailing", "constant": 8},
                  {"attribute": "trailing", "to": "superview", "toAttribute": "trailingMargin"},
                  {"attribute": "firstBaseline", "to": "a"}]}}
                """#))
            #expect(l.warnings.isEmpty)
            return (try #require(frame(l, "a")), try #require(frame(l, "b")))
        }
        let (a, b) = try row("Name", "Value")
        #expect(a.minX == 16 && b.minX == a.maxX + 8 && b.maxX == 359)
        #expect(b.width > a.width * 3)
        let (a2, b2) = try row("Name", "Value", hugB: 252)
        #expect(a2.width > b2.width * 3 && abs(b2.maxX - 359) < 1e-9)
        // Too long for both: the lower compression resistance is cut.
        let long = String(repeating: "word ", count: 20)
        let (a3, b3) = try row(long, long, resistB: 749)
        #expect(a3.width > b3.width)
        let (a4, b4) = try row(long, long, resistB: 751)
        #expect(b4.width > a4.width)
    }

    @Test func baselinesAlignTextOfDifferentSizes() throws {
        let l = try list(screen(#"""
            {"label": {"id": "big", "text": "Big", "font": 34, "constraints": [
              {"attribute": "leading", "to": "superview", "constant": 20}, {"attribute": "top", "to": "superview", "constant": 100}]}},
            {"label": {"id": "small", "text": "small", "font": 12, "constraints": [
              {"attribute": "leading", "to": "big", "toAttribute": "trailing", "constant": 4},
              {"attribute": "lastBaseline", "to": "big"}]}}
            """#))
        let big = try #require(frame(l, "big")), small = try #require(frame(l, "small"))
        let ascent = 2728.0 / 2816
        #expect(abs((big.minY + 34 * ascent) - (small.minY + 12 * ascent)) < 0.5)
    }

    @Test func leadingAndTrailingFollowTheLayoutDirection() throws {
        let subviews = #"""
            {"view": {"id": "box", "constraints": [
              {"attribute": "leading", "to": "superview", "constant": 20}, {"attribute": "top", "to": "superview", "constant": 20},
              {"attribute": "width", "constant": 100}, {"attribute": "height", "constant": 10}]}},
            {"view": {"id": "ltr", "semanticContentAttribute": "forceLeftToRight", "constraints": [
              {"attribute": "leading", "to": "superview", "constant": 20}, {"attribute": "top", "to": "superview", "constant": 40},
              {"attribute": "width", "constant": 100}, {"attribute": "height", "constant": 10}]}}
            """#
        let rtl = try list(screen(subviews, extra: #", "layoutDirection": "rightToLeft""#))
        #expect(frame(rtl, "box")?.minX == 255.0)   // 375 - 20 - 100
        #expect(frame(rtl, "ltr")?.minX == 20)
        let ltr = try list(screen(subviews))
        #expect(frame(ltr, "box")?.minX == 20)
    }

    @Test func theSafeAreaOfAnIPhoneX() throws {
        let l = try list(screen(#"""
            {"view": {"id": "bar", "constraints": [
              {"attribute": "leading", "to": "superview"}, {"attribute": "trailing", "to": "superview"},
              {"attribute": "bottom", "to": "superview", "guide": "safeArea"}, {"attribute": "height", "constant": 49}]}},
            {"view": {"id": "top", "constraints": [
              {"attribute": "leading", "to": "superview", "guide": "safeArea"}, {"attribute": "trailing", "to": "superview", "guide": "safeArea"},
              {"attribute": "top", "to": "superview", "guide": "safeArea"}, {"attribute": "height", "constant": 10}]}}
            """#, device: "iPhone X"))
        #expect(frame(l, "bar") == Rect(x: 0, y: 812 - 34 - 49, width: 375, height: 49))
        #expect(frame(l, "top") == Rect(x: 0, y: 44, width: 375, height: 10))
    }

    @Test func viewsWithFramesAndPinsTakePartAndNestedViewsFollowTheirSolvedSuperview() throws {
        let l = try list(screen(#"""
            {"view": {"id": "fixed", "frame": [10, 100, 50, 50]}},
            {"view": {"id": "pinned", "layout": {"guide": "superview", "right": 10, "top": 100, "width": 40, "height": 40}}},
            {"view": {"id": "between", "constraints": [
              {"attribute": "leading", "to": "fixed", "toAttribute": "trailing", "constant": 5},
              {"attribute": "trailing", "to": "pinned", "toAttribute": "leading", "constant": -5},
              {"attribute": "top", "to": "fixed", "toAttribute": "bottom"}, {"attribute": "height", "constant": 20}],
             "subviews": [{"view": {"id": "inner", "frame": [2, 3, 4, 5]}}]}}
            """#))
        #expect(frame(l, "between") == Rect(x: 65, y: 150, width: 375 - 10 - 40 - 5 - 65, height: 20))
        #expect(frame(l, "inner") == Rect(x: 67, y: 153, width: 4, height: 5))
    }

    @Test func anUnsatisfiableSetBreaksAConstraintAndSaysSoAsUIKitLogsIt() throws {
        let l = try list(screen(#"""
            {"view": {"id": "box", "constraints": [
              {"attribute": "leading", "to": "superview", "constant": 20}, {"attribute": "top", "to": "superview", "constant": 40},
              {"attribute": "width", "constant": 100, "identifier": "box-width"},
              {"attribute": "trailing", "to": "superview", "constant": -20, "identifier": "box-trailing"},
              {"attribute": "height", "constant": 50}]}}
            """#))
        // The constraint added last among those that conflict is the one broken; the rest hold.
        #expect(frame(l, "box") == Rect(x: 20, y: 40, width: 100, height: 50))
        #expect(l.warnings.count == 1)
        let w = try #require(l.warnings.first)
        #expect(w.kind == .unsatisfiable && w.path == "root.subviews[0]")
        #expect(w.message.hasPrefix("Unable to simultaneously satisfy constraints."))
        #expect(w.message.contains("\"<NSLayoutConstraint:box-width UIView:box.width == 100   (active)>\""))
        #expect(w.message.hasSuffix("Will attempt to recover by breaking constraint \n"
                                    + "<NSLayoutConstraint:box-trailing UIView:box.trailing == UIView:root.trailing - 20   (active)>"))
    }

    @Test func anAmbiguousViewIsNamedAndRestsAtItsSuperviewsOrigin() throws {
        let l = try list(screen(#"""
            {"view": {"id": "holder", "frame": [40, 60, 200, 200], "subviews": [
              {"view": {"id": "loose", "constraints": [{"attribute": "width", "constant": 30}, {"attribute": "height", "constant": 30}]}}]}}
            """#))
        #expect(frame(l, "loose") == Rect(x: 40, y: 60, width: 30, height: 30))
        #expect(l.warnings.map(\.kind) == [.ambiguous])
        #expect(l.warnings.first?.path == "root.subviews[0].subviews[0]")
        #expect(l.warnings.first?.message.hasPrefix("UIView:loose has an ambiguous layout: its x, y are not determined") == true)
    }

    @Test func aConstraintToAViewLaidOutElsewhereIsLeftOutWithAWarning() throws {
        let l = try list(screen(#"""
            {"view": {"id": "box", "constraints": [
              {"attribute": "leading", "to": "inner"}, {"attribute": "top", "to": "superview"},
              {"attribute": "width", "constant": 10}, {"attribute": "height", "constant": 10}]}},
            {"scrollView": {"frame": [0, 100, 375, 300], "subviews": [{"view": {"id": "inner", "frame": [30, 0, 10, 10]}}]}}
            """#))
        #expect(l.warnings.map(\.kind).contains(.leftOut))
        #expect(l.warnings.first { $0.kind == .leftOut }?.message.contains("\"inner\"") == true)
    }

    @Test func theRootsOwnConstraintsPlaceTheViewsBelowIt() throws {
        // Interface Builder keeps `view.bottom == panel.bottom` in the controller's view, which the
        // import leaves with the view as the first item: the root is fixed, so they place the panel.
        let l = try list(#"""
            {"device": "iPhone 8", "root": {"view": {"constraints": [
               {"attribute": "bottom", "to": "panel", "constant": 10}, {"attribute": "trailing", "to": "panel", "constant": 20},
               {"attribute": "width", "constant": 999}],
             "subviews": [{"view": {"id": "panel", "constraints": [
               {"attribute": "leading", "to": "superview", "constant": 20}, {"attribute": "height", "constant": 100}]}}]}}}
            """#)
        // The root's size is its container's: its constraint to a constant is not added.
        #expect(frame(l, "panel") == Rect(x: 20, y: 667 - 10 - 100, width: 375 - 40, height: 100))
        #expect(l.warnings.isEmpty)
    }

    @Test func theSameSceneGivesTheSameFramesEveryTime() throws {
        let json = screen(#"""
            {"label": {"id": "a", "text": "One", "constraints": [{"attribute": "centerX", "to": "superview", "multiplier": 0.7},
              {"attribute": "centerY", "to": "superview", "multiplier": 0.9}]}},
            {"label": {"id": "b", "text": "Two", "constraints": [{"attribute": "leading", "to": "a", "toAttribute": "trailing", "constant": 3.3},
              {"attribute": "firstBaseline", "to": "a"}]}}
            """#, extra: #", "scale": 3"#)
        let first = try list(json)
        for _ in 0..<3 { #expect(try list(json) == first) }
    }
}
