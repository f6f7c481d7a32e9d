import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// The stack view's arrangement as numbers (no text, no pixels), then frames read off display lists.
@Suite struct StackLayoutTests {
    typealias Item = StackLayout.Item

    func frames(_ layout: StackLayout, _ items: [Item], _ w: Double, _ h: Double) -> [Rect] {
        layout.frames(items, size: Size(width: w, height: h))
    }

    @Test func fillGivesTheExtraToTheViewThatHugsLeast() {
        let l = StackLayout(axis: .horizontal, spacing: 10)
        let f = frames(l, [Item(length: 50, cross: 20, hugging: 251), Item(length: 30, cross: 20, hugging: 250), Item(length: 40, cross: 20, hugging: 251)], 300, 40)
        #expect(f.map(\.width) == [50, 300 - 50 - 40 - 20, 40])
        #expect(f.map(\.minX) == [0, 60, 260])
        // alignment fill: every view is as tall as the stack.
        #expect(f.allSatisfy { $0.height == 40 && $0.minY == 0 })
    }

    @Test func fillTiesStretchTheFirstAndAViewWithoutALengthBeforeAnyOther() {
        let l = StackLayout(axis: .horizontal)
        #expect(frames(l, [Item(length: 10), Item(length: 10)], 100, 10).map(\.width) == [90, 10])
        #expect(frames(l, [Item(length: 10, hugging: 1), Item(length: nil)], 100, 10).map(\.width) == [10, 90])
    }

    @Test func fillShrinksTheLowestCompressionResistanceFirstAndTheLastOnTies() {
        let l = StackLayout(axis: .horizontal)
        let f = frames(l, [Item(length: 100, compression: 751), Item(length: 100), Item(length: 100)], 250, 10)
        #expect(f.map(\.width) == [100, 100, 50])
        let g = frames(l, [Item(length: 100, compression: 751), Item(length: 100), Item(length: 100)], 50, 10)
        #expect(g.map(\.width) == [50, 0, 0])
    }

    @Test func fillEquallyAndProportionally() {
        let eq = frames(StackLayout(axis: .horizontal, distribution: .fillEqually, spacing: 10), [Item(length: 5), Item(length: 50), Item(length: nil)], 320, 10)
        #expect(eq.map(\.width) == [100, 100, 100])
        #expect(eq.map(\.minX) == [0, 110, 220])
        let prop = frames(StackLayout(axis: .horizontal, distribution: .fillProportionally), [Item(length: 10), Item(length: 20), Item(length: 30)], 120, 10)
        #expect(prop.map(\.width) == [20, 40, 60])
    }

    @Test func equalSpacingAndEqualCentering() {
        let items = [Item(length: 20), Item(length: 60), Item(length: 40)]
        let sp = frames(StackLayout(axis: .horizontal, distribution: .equalSpacing), items, 200, 10)
        #expect(sp.map(\.minX) == [0, 60, 160])
        let ce = frames(StackLayout(axis: .horizontal, distribution: .equalCentering), items, 200, 10)
        // Centers 10, 95, 180: evenly 85 apart.
        #expect(ce.map(\.midX) == [10, 95, 180])
        // Too tight to center: spaced by `spacing` instead.
        let tight = frames(StackLayout(axis: .horizontal, distribution: .equalCentering, spacing: 30), items, 150, 10)
        #expect(tight.map(\.minX) == [0, 50, 140])
    }

    @Test func crossAlignments() {
        let items = [Item(length: 10, cross: 40), Item(length: 10, cross: 20)]
        func ys(_ a: StackView.Alignment) -> [Double] { frames(StackLayout(axis: .horizontal, alignment: a), items, 100, 50).map(\.minY) }
        #expect(ys(.top) == [0, 0])
        #expect(ys(.center) == [5, 15])
        #expect(ys(.bottom) == [10, 30])
        let baseline = [Item(length: 10, cross: 40, firstBaseline: 32, lastBaseline: 32), Item(length: 10, cross: 20, firstBaseline: 15, lastBaseline: 15)]
        #expect(frames(StackLayout(axis: .horizontal, alignment: .firstBaseline), baseline, 100, 50).map(\.minY) == [0, 17])
        // Vertical stacks: leading and trailing follow the layout direction.
        let v = [Item(length: 10, cross: 30)]
        #expect(frames(StackLayout(axis: .vertical, alignment: .leading), v, 100, 10)[0].minX == 0)
        #expect(frames(StackLayout(axis: .vertical, alignment: .trailing), v, 100, 10)[0].minX == 70)
        #expect(frames(StackLayout(axis: .vertical, alignment: .leading, direction: .rightToLeft), v, 100, 10)[0].minX == 70)
        // Baselines make no sense down a column: the views fill, as UIKit does.
        #expect(frames(StackLayout(axis: .vertical, alignment: .firstBaseline), v, 100, 10)[0].width == 100)
    }

    @Test func rightToLeftRunsAHorizontalStackFromTheRight() {
        let l = StackLayout(axis: .horizontal, spacing: 10, direction: .rightToLeft)
        let f = frames(l, [Item(length: 20, hugging: 251), Item(length: 30, hugging: 251)], 100, 10)
        // Widths 60 (the first stretches) and 30, from the right edge.
        #expect(f.map(\.minX) == [40, 0])
    }

    @Test func negativeSpacingNeverOverlapsMoreThanTheShortestView() {
        let l = StackLayout(axis: .horizontal, spacing: -50)
        #expect(l.effectiveSpacing([20, 40]) == -20)
        #expect(l.fittingSize([Item(length: 20), Item(length: 40)]).width == 40)
    }

    @Test func fittingSizeAddsLengthsAndSpacingAndTakesTheLargestCross() {
        let l = StackLayout(axis: .vertical, spacing: 8)
        #expect(l.fittingSize([Item(length: 20, cross: 100), Item(length: 30, cross: 50), Item(length: nil, cross: nil)]) == Size(width: 100, height: 66))
        let eq = StackLayout(axis: .horizontal, distribution: .fillEqually, spacing: 4)
        #expect(eq.fittingSize([Item(length: 10, cross: 5), Item(length: 30, cross: 5)]) == Size(width: 64, height: 5))
    }

    // MARK: Frames read off display lists

    func fills(_ list: DisplayList) -> [(Color, Rect)] {
        return flat(list.items).compactMap { item in
            guard case .fill(let path, .color(let c), _) = item else { return nil }
            return (c, endPointBounds(path))
        }
    }

    func rect(_ list: DisplayList, _ color: Color) -> Rect? { fills(list).first { $0.0 == color }?.1 }

    @Test func aStackPinnedByItsTopTakesItsOwnHeightAndPlacesControlsAtTheirUIKitSizes() throws {
        let list = try sharedRenderer.displayList(for: try scene("""
        { "device": "iPhone 8", "root": { "view": { "subviews": [
          { "stackView": { "layout": { "top": 100, "left": 16, "right": 16 }, "alignment": "center", "spacing": 8, "backgroundColor": "#010203",
            "arrangedSubviews": [ { "label": { "text": "Wi-Fi", "backgroundColor": "#040506" } }, { "switch": { "isOn": true } } ] } }
        ] } } }
        """))
        let stack = try #require(rect(list, Color(rgb8: 1, 2, 3)))
        #expect(stack == Rect(x: 16, y: 100, width: 343, height: 31))
        let label = try #require(rect(list, Color(rgb8: 4, 5, 6)))
        #expect(label.minX == 16 && label.maxX == 359 - 51 - 8)
        // The label is centered on the switch's height, its own height a whole number of device pixels.
        #expect(abs(label.midY - stack.midY) <= 0.25)
        #expect((label.height * 2).rounded() == label.height * 2)
        let track = try #require(rect(list, Color(rgb8: 75, 214, 98)) ?? rect(list, .systemGreen))
        #expect(track.maxX == 359 && track.width == 51)
    }

    @Test func rightToLeftMirrorsAStackAndForceLeftToRightKeepsASubtree() throws {
        func labelX(_ dir: String, attribute: String?) throws -> (Double, Double) {
            let attr = attribute.map { ", \"semanticContentAttribute\": \"\($0)\"" } ?? ""
            let list = try sharedRenderer.displayList(for: try scene("""
            { "device": "iPhone 8", "layoutDirection": "\(dir)", "root": { "view": { "subviews": [
              { "stackView": { "frame": [0, 0, 375, 40], "spacing": 10\(attr), "arrangedSubviews": [
                { "view": { "backgroundColor": "#0A0000", "layout": { "width": 40 } } },
                { "view": { "backgroundColor": "#0B0000", "contentHuggingPriority": 1 } } ] } }
            ] } } }
            """))
            return (try #require(rect(list, Color(rgb8: 10, 0, 0))).minX, try #require(rect(list, Color(rgb8: 11, 0, 0))).minX)
        }
        #expect(try labelX("ltr", attribute: nil) == (0, 50))
        #expect(try labelX("rtl", attribute: nil) == (335, 0))
        #expect(try labelX("rtl", attribute: "forceLeftToRight") == (0, 50))
        #expect(try labelX("ltr", attribute: "forceRightToLeft") == (335, 0))
    }

    @Test func badStackInputIsReportedWithPathsAndValues() {
        let found = SceneDecoder.issues(decoding: """
        { "root": { "stackView": { "axis": "vertcal", "arrangedSubviews": [
            { "view": { "frame": [0, 0, 10, 10] } },
            { "label": { "text": "x", "contentHuggingPriority": 1001 } },
            { "label": { "text": "y", "contentCompressionResistancePriority": { "horizontal": "defaultHi" } } },
            { "view": { "layout": { "top": 4, "height": 10 } } },
            { "view": { "layout": { "guide": "readableContnt" } } }
        ] } } }
        """, file: "t.json")
        let byPath = Dictionary(found.map { ($0.path, $0.description) }, uniquingKeysWith: { a, b in a + " | " + b })
        #expect(byPath["root.axis"]?.contains("did you mean \"vertical\"") == true)
        #expect(byPath["root.arrangedSubviews[0].frame"]?.contains("placed by its stack view") == true)
        #expect(byPath["root.arrangedSubviews[0].frame"]?.contains("t.json:2:") == true)
        #expect(byPath["root.arrangedSubviews[1].contentHuggingPriority"]?.contains("from 1 to 1000, found 1001") == true)
        #expect(byPath["root.arrangedSubviews[2].contentCompressionResistancePriority.horizontal"]?.contains("did you mean \"defaultHigh\"") == true)
        #expect(byPath["root.arrangedSubviews[3].layout.top"]?.contains("found top 4") == true)
        #expect(byPath["root.arrangedSubviews[4].layout.guide"]?.contains("did you mean \"readableContent\"") == true)
    }
}
