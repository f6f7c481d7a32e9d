import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// Tables laid out and drawn as UIKit does: row frames, separators (position, inset, one device
/// pixel thick), selection color, swipe button widths, editing indent, offsets under bars.
@Suite struct TableViewTests {
    // MARK: Helpers

    func list(_ json: String) throws -> DisplayList { try sharedRenderer.displayList(for: try scene(json)) }
    func bitmap(_ json: String) throws -> Bitmap { try sharedRenderer.render(try scene(json)) }

    /// The rectangles filled with `color`, in drawing order.
    func fills(_ list: DisplayList, _ color: Color) -> [Rect] {
        flat(list.items).compactMap { item in
            if case .fill(let path, .color(let c), _) = item, c == color { return endPointBounds(path) }
            return nil
        }
    }

    func rgb(_ b: Bitmap, _ x: Int, _ y: Int) -> [Int] { let p = b.rgba8(x: x, y: y); return [p.r, p.g, p.b] }

    /// The pixel rows at column `x` that have exactly the separator color.
    func separatorRows(_ b: Bitmap, x: Int, color: [Int] = [200, 199, 204]) -> [Int] {
        (0..<b.height).filter { rgb(b, x, $0) == color }
    }

    static let plainSE = #"""
    { "device": "iPhone SE", "statusBar": { "hidden": true },
      "root": { "tableView": { "contentInset": [20, 0, 0, 0], "contentInsetAdjustmentBehavior": "never", "rows": ["0", "1", "2"] } } }
    """#

    // MARK: Layout

    @Test func rowFramesInPlainAndGroupedTables() {
        let rows = [TableRow("a"), TableRow("b")]
        let lines: (String) -> Int = { _ in 1 }
        let plain = TableLayout(TableView(sections: [TableSection(header: "H", rows: rows), TableSection(rows: rows)]),
                                width: 375, cellInset: (0, 0), textLines: lines, lineHeight: 16)
        #expect(plain.cells.map(\.frame.minY) == [28, 72, 116, 160], "a 28-point band, then 44-point rows; no band without a title")
        #expect(plain.cells.allSatisfy { $0.frame.width == 375 && $0.frame.height == 44 })
        #expect(plain.headers.map(\.frame) == [Rect(x: 0, y: 0, width: 375, height: 28)])

        let grouped = TableLayout(TableView(style: .grouped, sections: [TableSection(header: "H", rows: rows), TableSection(footer: "F", rows: rows), TableSection(rows: [TableRow("c", height: 60)])]),
                                  width: 320, cellInset: (0, 0), textLines: lines, lineHeight: 16)
        // 55.5 above a titled section (the QuickTableViewController reference: rows at 119.5 under a 64 bar),
        // 35 above an untitled one; a one-line footer is 7 + 16 + 7.
        #expect(grouped.cells.map(\.frame.minY) == [55.5, 99.5, 178.5, 222.5, 266.5 + 30 + 35])
        #expect(grouped.cells.last?.frame.height == 60)
        #expect(grouped.footers.map(\.frame) == [Rect(x: 0, y: 266.5, width: 320, height: 30)])
        #expect(grouped.cells.map(\.isLast) == [false, true, false, true, true])

        let inset = TableLayout(TableView(style: .insetGrouped, sections: [TableSection(rows: rows)]),
                                width: 375, cellInset: (16, 16), textLines: lines, lineHeight: 16)
        #expect(inset.cells.map(\.frame.minX) == [16, 16] && inset.cells.map(\.frame.width) == [343, 343])
    }

    @Test func plainHeadersFloatUntilTheirSectionPushesThemUp() {
        let h = TableLayout.Supplementary(section: 0, frame: Rect(x: 0, y: 100, width: 320, height: 28), sectionMinY: 100, sectionMaxY: 300)
        #expect(TableLayout.sticky(h, visibleTop: 50).minY == 100, "below the top: where it is")
        #expect(TableLayout.sticky(h, visibleTop: 150).minY == 150, "pinned at the visible top")
        #expect(TableLayout.sticky(h, visibleTop: 290).minY == 272, "pushed up by the end of its section")
    }

    // MARK: Pixels

    @Test func plainSeparatorsMatchTheReferenceAt2x() throws {
        // reference #4: rows from y = 40 px, separators (200,199,204) at 127, 215, ... from x = 32 px.
        let b = try bitmap(Self.plainSE)
        let rows = separatorRows(b, x: 300)
        #expect(Array(rows.prefix(4)) == [127, 215, 303, 391], "one pixel each, at the bottom of each row, fillers continue")
        #expect(rgb(b, 31, 127) == [255, 255, 255] && rgb(b, 32, 127) == [200, 199, 204], "inset 16 points")
        #expect(rgb(b, 639, 127) == [200, 199, 204], "to the right edge")
    }

    @Test func separatorsAreOneDevicePixelAt3x() throws {
        let b = try bitmap(#"""
        { "device": "iPhone 8 Plus", "statusBar": { "hidden": true },
          "root": { "tableView": { "contentInsetAdjustmentBehavior": "never", "rows": ["0", "1"] } } }
        """#)
        let rows = separatorRows(b, x: 600)
        #expect(Array(rows.prefix(3)) == [131, 263, 395])
        #expect(rgb(b, 59, 131) == [255, 255, 255] && rgb(b, 60, 131) == [200, 199, 204], "inset 20 points on a wide phone")
    }

    @Test func groupedSectionsHaveFullWidthEdgesAndNoInsetSeparatorAfterTheLastRow() throws {
        let b = try bitmap(#"""
        { "device": "iPhone SE", "root": { "navigationController": { "stack": [ { "title": "T", "view": { "tableView": {
          "style": "grouped", "layoutMargin": 15, "sections": [ { "header": "Switch", "rows": ["Setting 1", "Setting 2"] } ] } } } ] } } }
        """#)
        // reference #1: edges at 239 and 414 across the whole width; the inner one at 326 from x = 30.
        #expect(separatorRows(b, x: 5) == [239, 414])
        #expect(separatorRows(b, x: 620) == [239, 326, 414])
        #expect(rgb(b, 29, 326) == [255, 255, 255] && rgb(b, 30, 326) == [200, 199, 204])
        #expect(rgb(b, 5, 300) == [255, 255, 255] && rgb(b, 5, 420) == [239, 239, 244], "white rows on #EFEFF4")
    }

    @Test func separatorStyleNoneAndCustomColorAndInsets() throws {
        let none = try bitmap(#"{ "device": "iPhone SE", "statusBar": { "hidden": true }, "root": { "tableView": { "separatorStyle": "none", "rows": ["0", "1"] } } }"#)
        #expect(separatorRows(none, x: 300).isEmpty)
        let red = try bitmap(#"""
        { "device": "iPhone SE", "statusBar": { "hidden": true }, "root": { "tableView": { "separatorColor": "#FF0000",
          "separatorInset": [0, 40, 0, 30], "rows": ["0", "1"] } } }
        """#)
        let rows = separatorRows(red, x: 300, color: [255, 0, 0])
        #expect(rows.first == 87)
        #expect(rgb(red, 79, 87) == [255, 255, 255] && rgb(red, 80, 87) == [255, 0, 0], "40 points from the cell's left edge")
        #expect(rgb(red, 579, 87) == [255, 0, 0] && rgb(red, 580, 87) == [255, 255, 255], "30 points from its right edge")
        let automatic = try list(#"""
        { "device": "iPhone SE", "statusBar": { "hidden": true }, "root": { "tableView": { "separatorColor": "#FF0000",
          "separatorInsetReference": "fromAutomaticInsets", "separatorInset": [0, 10, 0, 0], "rows": ["0", "1"] } } }
        """#)
        #expect(fills(automatic, Color(red: 1, green: 0, blue: 0)).first?.minX == 26, "10 added to the 16-point automatic inset")
    }

    @Test func selectedRowsAreGrayAndKeepTheirTextColor() throws {
        let json = #"""
        { "device": "iPhone SE", "statusBar": { "hidden": true }, "root": { "tableView": { "contentInsetAdjustmentBehavior": "never",
          "rows": ["0", { "text": "Selected", "textColor": "systemRed", "selected": true }, "2"] } } }
        """#
        let b = try bitmap(json)
        #expect(rgb(b, 600, 100) == [217, 217, 217], "#D9D9D9 over the row")
        #expect(rgb(b, 600, 87) == [255, 255, 255] && rgb(b, 600, 175) == [217, 217, 217], "no separator above or below a selected row")
        #expect(texts(try list(json)).first { $0.text == "Selected" }?.color == .systemRed)
    }

    @Test func swipeButtonsAreTheirTitlePlusThirtyWide() throws {
        let trailing = try list(#"""
        { "device": "iPhone 8", "statusBar": { "hidden": true }, "root": { "tableView": { "contentInsetAdjustmentBehavior": "never",
          "rows": [ { "text": "Row", "swiped": { "actions": [ { "title": "Delete", "style": "destructive" }, { "title": "More" } ] } } ] } } }
        """#)
        let font = ResolvedFont(system: 15, weight: .regular)
        let delete = (TextEngine.shared.size(of: "Delete", font: font).width + 30).rounded(.up)
        let more = (TextEngine.shared.size(of: "More", font: font).width + 30).rounded(.up)
        let red = fills(trailing, .systemRed), gray = fills(trailing, .systemLightGray)
        #expect(red == [Rect(x: 375 - delete, y: 0, width: delete, height: 44)], "the first action at the trailing edge")
        #expect(gray == [Rect(x: 375 - delete - more, y: 0, width: more, height: 44)])
        #expect(texts(trailing).first { $0.text == "Row" }?.frame.minX == 16 - delete - more, "the content slid aside")
        #expect(texts(trailing).first { $0.text == "Delete" }?.color == .white)

        let leading = try list(#"""
        { "device": "iPhone 8", "statusBar": { "hidden": true }, "root": { "tableView": { "contentInsetAdjustmentBehavior": "never",
          "rows": [ { "text": "Row", "swiped": { "side": "leading", "actions": [ { "title": "Pin", "backgroundColor": "#123456" } ] } } ] } } }
        """#)
        let pin = (TextEngine.shared.size(of: "Pin", font: font).width + 30).rounded(.up)
        #expect(fills(leading, Color(parsing: "#123456")!) == [Rect(x: 0, y: 0, width: pin, height: 44)])
        #expect(texts(leading).first { $0.text == "Row" }?.frame.minX == 16 + pin)
    }

    @Test func editingIndentsTheContentAndDrawsItsControls() throws {
        let l = try list(#"""
        { "device": "iPhone 8", "statusBar": { "hidden": true }, "root": { "tableView": { "editing": true, "contentInsetAdjustmentBehavior": "never",
          "rows": [ { "text": "Delete" }, { "text": "Insert", "editingStyle": "insert" }, { "text": "None", "editingStyle": "none", "accessoryType": "checkmark" } ] } } }
        """#)
        let t = texts(l)
        #expect(abs((t.first { $0.text == "Delete" }?.frame.minX ?? 0) - (16 + 38)) < 1e-9)
        #expect(abs((t.first { $0.text == "Insert" }?.frame.minX ?? 0) - (16 + 38)) < 1e-9)
        // A row without a control indents all the same (shouldIndentWhileEditing).
        #expect(abs((t.first { $0.text == "None" }?.frame.minX ?? 0) - (16 + 38)) < 1e-9)
        #expect(fills(l, .systemRed).count == 1 && fills(l, .systemGreen).count == 1)
        #expect(fills(l, .systemRed).first.map { $0.width.rounded() } == 22)
        let strokes = flat(l.items).filter { if case .stroke = $0 { true } else { false } }
        #expect(strokes.isEmpty, "accessories hide while editing")
    }

    @Test func theRestingOffsetShowsTheTopBelowTranslucentBarsAndARefreshControl() throws {
        func firstRowTop(_ extra: String) throws -> Double? {
            let l = try list(#"""
            { "device": "iPhone 8", "root": { "navigationController": { "stack": [ { "title": "T", "view": { "tableView": {
              \#(extra) "rows": [ { "text": "First", "backgroundColor": "#ABCDEF" } ] } } } ] } } }
            """#)
            return fills(l, Color(parsing: "#ABCDEF")!).first?.minY
        }
        #expect(try firstRowTop("") == 64, "just below the 64-point bar, the content under it")
        #expect(try firstRowTop(#""refreshControl": { "pulled": true },"#) == 124, "60 lower while pulled")
        #expect(try firstRowTop(#""contentOffset": [0, 30],"#) == -30, "scrolled under the bar")
        #expect(try firstRowTop(#""style": "grouped","#) == 99, "35 above an untitled first section")
    }

    @Test func tablesClipToTheirBoundsAndPlainHeadersFloat() throws {
        let l = try list(#"""
        { "device": "iPhone 8", "statusBar": { "hidden": true }, "root": { "tableView": { "frame": [0, 100, 375, 200],
          "contentInsetAdjustmentBehavior": "never", "contentOffset": [0, 60],
          "sections": [ { "header": "A", "rows": ["1", "2", "3", "4", "5"] } ] } } }
        """#)
        guard case .group(let g)? = l.items.first(where: { if case .group = $0 { true } else { false } }) else { Issue.record("no group"); return }
        #expect(g.clip.map { endPointBounds($0) } == Rect(x: 0, y: 100, width: 375, height: 200))
        #expect(fills(l, TableDrawing.plainHeaderBand) == [Rect(x: 0, y: 100, width: 375, height: 28)], "pinned at the table's top")
    }

    @Test func cellImagesAreOriginalUnlessTemplateIsAsked() throws {
        try withTemporaryDirectory { dir in
            try #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect width="24" height="24"/></svg>"#
                .write(toFile: dir + "/i.svg", atomically: true, encoding: .utf8)
            let l = try sharedRenderer.displayList(for: try scene(#"""
            { "device": "iPhone 8", "tintColor": "systemRed", "statusBar": { "hidden": true }, "root": { "tableView": { "contentInsetAdjustmentBehavior": "never",
              "rows": [ { "text": "A", "image": "i.svg" }, { "text": "B", "image": "i.svg", "imageRenderingMode": "alwaysTemplate" },
                        { "text": "C", "image": "i.svg", "style": "value2" } ] } } }
            """#, base: dir))
            let images = flat(l.items).compactMap { if case .image(let i) = $0 { i } else { nil } }
            #expect(images.map(\.templateColor) == [nil, .systemRed], "value2 shows no image")
            #expect(images.first?.frame == Rect(x: 16, y: 9, width: 24, height: 24))
            #expect(abs((texts(l).first { $0.text == "A" }?.frame.minX ?? 0) - (16 + 24 + 16)) < 1e-9, "text one margin after the image")
        }
    }

    @Test func value1DetailIsGrayAndValue2TextIsTinted() throws {
        let l = try list(#"""
        { "device": "iPhone 8", "statusBar": { "hidden": true }, "root": { "tableView": { "contentInsetAdjustmentBehavior": "never",
          "rows": [ { "style": "value1", "text": "A", "detailText": "B", "accessoryType": "disclosureIndicator" },
                    { "style": "value2", "text": "C", "detailText": "D" },
                    { "style": "value1", "text": "E", "detailText": "F", "detailTextColor": "tint" } ] } } }
        """#)
        let t = Dictionary(texts(l).map { ($0.text, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(t["B"]?.color == .systemGray && t["C"]?.color == .systemBlue && t["D"]?.color == .black && t["F"]?.color == .systemBlue)
        #expect(t["B"]?.frame.maxX == 375 - 16 - 8 - 12.5, "the detail ends 12.5 before the chevron")
        #expect(t["C"]?.frame.maxX == 16 + 90 && t["D"]?.frame.minX == 16 + 97)
    }

    @Test func groupedHeadersAreUppercaseGrayAndFootersWrap() throws {
        let long = "A longer footer wraps onto more lines, as UIKit's footers do when the text is wider than the table."
        let l = try list(#"""
        { "device": "iPhone 8", "statusBar": { "hidden": true }, "root": { "tableView": { "style": "grouped", "contentInsetAdjustmentBehavior": "never",
          "sections": [ { "header": "General", "footer": "\#(long)", "rows": ["Row"] }, { "rows": [ { "text": "Next", "backgroundColor": "#ABCDEF" } ] } ] } } }
        """#)
        let t = Dictionary(texts(l).map { ($0.text, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(t["GENERAL"]?.color == Color(rgb8: 109, 109, 114) && t["GENERAL"]?.font.size == 13)
        #expect(t[long]?.numberOfLines == 2 && t[long]?.frame.minX == 16 && t[long]?.frame.width == 343)
        // The next section starts below the two-line footer (7 + 2 lines + 7) and a 35-point gap.
        let footerLine = TextEngine.shared.size(of: "Hg", font: ResolvedFont(system: 13, weight: .regular)).height
        let next = try #require(fills(l, Color(parsing: "#ABCDEF")!).first).minY
        #expect(abs(next - (55.5 + 44 + 14 + 2 * footerLine + 35)) <= 0.25)
    }

    /// A custom content view stays inside the safe area at both sides (insetsContentViewsToSafeArea).
    @Test func customContentViewsStayInsideTheSideSafeArea() throws {
        let json = #"""
        { "root": { "viewController": { "additionalSafeAreaInsets": [0, 0, 0, 36], "view": { "tableView": { "rows": [
          { "contentView": { "view": { "subviews": [ { "label": { "layout": { "right": 0, "width": 50 }, "text": "edge", "textAlignment": "right" } } ] } } } ] } } } } }
        """#
        let items = try sharedRenderer.displayList(for: try scene(json)).items
        #expect(abs((texts(items).first { $0.text == "edge" }?.frame.maxX ?? 0) - (375 - 36)) < 1e-9)
    }
}
