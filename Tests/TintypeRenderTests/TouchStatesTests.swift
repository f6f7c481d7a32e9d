import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

// Interaction states held down (docs/scene-format.md, Interaction states), read off the display list.

/// Every item, groups opened, with the alpha of the groups around it.
func touchFlatten(_ items: [DisplayItem], alpha: Double = 1) -> [(item: DisplayItem, alpha: Double)] {
    items.flatMap { item -> [(item: DisplayItem, alpha: Double)] in
        if case .group(let g) = item { return touchFlatten(g.items, alpha: alpha * g.alpha) }
        return [(item, alpha)]
    }
}

/// The texts of a display list, with the alpha they are drawn at (their color's times their groups').
func touchTexts(_ l: DisplayList) -> [(text: String, alpha: Double, frame: Rect)] {
    touchFlatten(l.items).compactMap {
        if case .text(let t) = $0.item { return (t.text, t.color.alpha * $0.alpha, t.frame) }
        return nil
    }
}

@Suite struct TouchStatesTests {
    func navScene(_ item: String) -> String {
        #"{ "device": "iPhone 8", "root": { "navigationController": { "stack": [ { "title": "T", "rightItems": [ "# + item + #" ], "#
            + #""view": { "view": {} } } ] } } }"#
    }

    @Test func aHighlightedBarButtonItemFadesToAFifth() throws {
        let normal = try sharedRenderer.displayList(for: try scene(navScene(#"{ "title": "Edit" }"#)))
        let held = try sharedRenderer.displayList(for: try scene(navScene(#"{ "title": "Edit", "highlighted": true }"#)))
        let a = try #require(touchTexts(normal).first { $0.text == "Edit" })
        let b = try #require(touchTexts(held).first { $0.text == "Edit" })
        #expect(a.alpha == 1)
        #expect(abs(b.alpha - 0.2) < 1e-9, "held, the item's title is drawn at 20%")
        #expect(a.frame == b.frame, "pressing moves nothing")
    }

    func selectionFills(_ row: String) throws -> Int {
        let l = try sharedRenderer.displayList(for: try scene(#"{ "device": "iPhone 8", "root": { "tableView": { "rows": [ "# + row + #", "B" ] } } }"#))
        return touchFlatten(l.items).filter {
            if case .fill(_, .color(let c), _) = $0.item { return c == TableDrawing.selection }
            return false
        }.count
    }

    @Test func selectionStyles() throws {
        #expect(try selectionFills(#"{ "text": "A", "highlighted": true }"#) == 1)
        #expect(try selectionFills(#"{ "text": "A", "highlighted": true, "selectionStyle": "gray" }"#) == 1)
        #expect(try selectionFills(#"{ "text": "A", "highlighted": true, "selectionStyle": "blue" }"#) == 1, "blue draws the gray since iOS 7")
        #expect(try selectionFills(#"{ "text": "A", "highlighted": true, "selectionStyle": "none" }"#) == 0)
        #expect(try selectionFills(#"{ "text": "A", "selected": true, "selectionStyle": "none" }"#) == 0)
        #expect(try selectionFills(#"{ "text": "A" }"#) == 0)
    }

    @Test func aRowWithoutASelectionStyleKeepsItsSeparator() throws {
        func separators(_ row: String) throws -> Int {
            let l = try sharedRenderer.displayList(for: try scene(#"{ "device": "iPhone 8", "root": { "tableView": { "tableFooterView": { "view": { "frame": [0, 0, 0, 1] } }, "#
                                                                  + #""rows": [ "# + row + #", "B" ] } } }"#))
            return touchFlatten(l.items).filter {
                if case .fill(let p, .color(let c), _) = $0.item { return c == Color.separator && p.bounds.height < 1 }
                return false
            }.count
        }
        let plain = try separators(#""A""#)
        #expect(try separators(#"{ "text": "A", "highlighted": true }"#) == plain - 1, "a highlighted row hides its separator")
        #expect(try separators(#"{ "text": "A", "highlighted": true, "selectionStyle": "none" }"#) == plain)
    }
}
