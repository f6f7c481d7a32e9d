import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// iOS 11's self-sizing rows, read off display lists: row heights by text size, fixed heights,
/// accessories centered, value1 stacking at the accessibility sizes, rows off screen not drawn, and
/// the readable width on an iPad.
@Suite struct SelfSizingTableTests {
    func list(_ json: String) throws -> DisplayList { try sharedRenderer.displayList(for: try scene(json)) }

    /// The tops of the separators (one device pixel of the separator color), in order.
    func separators(_ list: DisplayList) -> [Rect] {
        flat(list.items).compactMap { item -> Rect? in
            guard case .fill(let path, .color(let c), _) = item, c == .separator else { return nil }
            return endPointBounds(path)
        }
    }

    func table(_ size: String, rows: String, extra: String = "", device: String = "iPhone 8") -> String {
        """
        { "device": "\(device)", "contentSizeCategory": "\(size)", "statusBar": { "hidden": true },
          "root": { "tableView": { "contentInsetAdjustmentBehavior": "never"\(extra), "rows": [\(rows)] } } }
        """
    }

    /// Each row's height from the separators under them (plain table: one under every row).
    func rowHeights(_ l: DisplayList, count: Int) -> [Double] {
        let ys = separators(l).map(\.maxY).prefix(count)
        return zip([0] + ys.dropLast(), ys).map { $1 - $0 }
    }

    @Test func rowsAre44AtTheDefaultSizeAndGrowWithTheirText() throws {
        let rows = #""One", "Two""#
        #expect(rowHeights(try list(table("L", rows: rows)), count: 2) == [44, 44])
        #expect(rowHeights(try list(table("XS", rows: rows)), count: 2) == [44, 44])
        let ax3 = rowHeights(try list(table("AX3", rows: rows)), count: 2)
        // 40-point text: its line (about 48.5) and 11 above and below, plus the separator.
        #expect(ax3[0] > 70 && ax3[0] < 73 && ax3[0] == ax3[1])
        let t = try #require(texts(try list(table("AX3", rows: rows))).first)
        #expect(t.font.size == 40 && t.frame.minY >= 8 && t.frame.maxY <= ax3[0])
    }

    @Test func textWrapsAndTheRowHoldsEveryLine() throws {
        let long = #""A default cell's text wraps when it is longer than the row, and the row grows to hold all of it""#
        let l = try list(table("L", rows: long))
        let t = try #require(texts(l).first)
        #expect(t.numberOfLines >= 2)
        let h = rowHeights(l, count: 1)[0]
        #expect(h >= Double(t.numberOfLines) * 20 + 22)
        // numberOfLines 1 keeps one truncated line and a 44-point row.
        let one = try list(table("L", rows: #"{ "text": \#(long), "numberOfLines": 1 }"#))
        #expect(rowHeights(one, count: 1) == [44])
    }

    @Test func aFixedHeightStillFixesTheRow() throws {
        #expect(rowHeights(try list(table("AX5", rows: #"{ "text": "Fixed", "height": 50 }, "Free""#)), count: 2)[0] == 50)
        #expect(rowHeights(try list(table("AX5", rows: #""A", "B""#, extra: #", "rowHeight": 60"#)), count: 2) == [60, 60])
        #expect(rowHeights(try list(table("AX5", rows: #""A", "B""#, extra: #", "estimatedRowHeight": 0"#)), count: 2) == [44, 44])
    }

    @Test func accessoriesStayCenteredAndASwitchNeedsNoFrame() throws {
        let l = try list(table("AX2", rows: #"{ "text": "Airplane Mode", "accessoryView": { "switch": {} } }"#))
        let h = rowHeights(l, count: 1)[0]
        let track = try #require(flat(l.items).compactMap { item -> Rect? in
            guard case .fill(let path, _, _) = item else { return nil }
            let r = endPointBounds(path)
            return abs(r.width - 51) < 0.01 && abs(r.height - 31) < 0.01 ? r : nil
        }.first)
        #expect(track.maxX == 375 - 16)
        #expect(abs(track.midY - (h - 0.5) / 2) <= 0.5)
    }

    @Test func value1StacksItsDetailUnderTheTextAtAccessibilitySizes() throws {
        let row = #"{ "style": "value1", "text": "Wi-Fi", "detailText": "Home", "accessoryType": "disclosureIndicator" }"#
        let side = texts(try list(table("XXXL", rows: row)))
        let text = try #require(side.first { $0.text == "Wi-Fi" }), detail = try #require(side.first { $0.text == "Home" })
        #expect(detail.frame.minX > text.frame.maxX - 200 && detail.alignment == .right)
        let stacked = texts(try list(table("AX1", rows: row)))
        let t2 = try #require(stacked.first { $0.text == "Wi-Fi" }), d2 = try #require(stacked.first { $0.text == "Home" })
        #expect(d2.frame.minX == t2.frame.minX && d2.frame.minY > t2.frame.minY + 20)
    }

    /// A value1 row whose labels do not fit together: the one that needs less than half keeps its
    /// width and the other is truncated (it once gave the detail everything, and a short title
    /// beside a long value was squeezed to a letter a line).
    @Test func value1KeepsTheShorterLabelWholeWhenBothDoNotFit() throws {
        let long = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
        let one = texts(try list(table("L", rows: #"{ "style": "value1", "text": "Accept", "detailText": "\#(long)" }"#)))
        let text = try #require(one.first { $0.text == "Accept" }), detail = try #require(one.first { $0.text == long })
        #expect(text.frame.width > 50 && text.frame.height < 25, "\(text.frame)")
        #expect(detail.frame.minX >= text.frame.maxX + 6 - 0.01 && detail.frame.maxX <= 375 - 16 + 0.01, "\(detail.frame)")
        let two = texts(try list(table("L", rows: #"{ "style": "value1", "text": "\#(long)", "detailText": "Off", "numberOfLines": 1 }"#)))
        let off = try #require(two.first { $0.text == "Off" }), title = try #require(two.first { $0.text == long })
        #expect(off.frame.width > 25 && title.frame.maxX <= off.frame.minX - 6 + 0.01, "\(off.frame) \(title.frame)")
    }

    /// A row of fixed height shows the lines of its text that fit, the last truncated, as UIKit's
    /// text label sized to its content view does; it used to draw them all, cut by the row's edges.
    @Test func aFixedHeightRowShowsTheLinesThatFit() throws {
        let words = Array(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit.", count: 8).joined(separator: " ")
        let row = #"{ "text": "\#(words)", "height": 80 }"#
        let text = try #require(texts(try list(table("L", rows: row))).first)
        #expect(text.frame.height <= 80 && text.numberOfLines == 3, "\(text.frame) \(text.numberOfLines)")
        // Rows that size themselves still show every line.
        let grown = try #require(texts(try list(table("L", rows: #"{ "text": "\#(words)" }"#))).first)
        #expect(grown.numberOfLines > 8, "\(grown.numberOfLines)")
    }

    @Test func rowsOffScreenAreNotDrawn() throws {
        let rows = (0..<2000).map { "\"Row \($0)\"" }.joined(separator: ", ")
        let l = try list(table("L", rows: rows))
        let shown = texts(l).map(\.text)
        #expect(shown.count < 20 && shown.first == "Row 0")
        let fixed = try list(table("L", rows: rows, extra: #", "rowHeight": 44"#))
        #expect(texts(fixed).map(\.text) == shown)
    }

    /// Only rows that start above the visible bottom are measured; the rest are estimated
    /// (UITableView's estimatedRowHeight), so a long self-sizing table costs what its screen does.
    @Test func rowsBelowTheScreenAreEstimatedNotMeasured() throws {
        final class Count: @unchecked Sendable { var rows = 0 }
        let count = Count()
        // A row below the screen with a height of its own is estimated all the same, as UIKit asks
        // for a row's height only when it shows the row.
        let table = TableView(sections: [TableSection(rows: (0..<200).map { i in
            var row = TableRow("Row \(i)")
            if i == 150 { row.height = 100 }
            return row
        })])
        var sizing = TableLayout.Sizing.fixed(table)
        sizing.rowHeight = { _, _, _ in count.rows += 1; return 60 }
        sizing.measuredUntil = 600
        sizing.estimatedRowHeight = 44
        let layout = try TableLayout(table, width: 375, cellInset: (0, 0), textLines: { _ in 1 }, lineHeight: 18, sizing: sizing)
        #expect(count.rows == 10)  // rows at 0, 60, ..., 540 start above 600
        #expect(layout.cells[9].frame.maxY == 600 && layout.cells[10].frame.height == 44 && layout.cells[150].frame.height == 44)
        #expect(layout.contentHeight == 600 + 190 * 44)
    }

    /// Scrolled deep into a long table, the rows on screen are measured all the same: an AX3 table
    /// shows the same rows, at the same heights, as its fixed-height twin at the measured height.
    @Test func rowsOnScreenAreMeasuredWhereverTheTableIsScrolled() throws {
        let rows = (0..<300).map { "\"Row \($0)\"" }.joined(separator: ", ")
        let top = try list(table("AX3", rows: rows))
        let h = rowHeights(top, count: 2)[0]
        #expect(h > 60)
        let offset = #", "contentOffset": [0, \#(h * 150)]"#
        let deep = try list(table("AX3", rows: rows, extra: offset))
        let twin = try list(table("AX3", rows: rows, extra: offset + #", "rowHeight": \#(h)"#))
        #expect(texts(deep).map(\.text).first == "Row 150")
        #expect(texts(deep).map(\.text) == texts(twin).map(\.text))
        #expect(separators(deep) == separators(twin))
    }

    /// value2's title column keeps one truncated line unless the row asks for more, as UIKit's does.
    @Test func aValue2TitleKeepsOneLineByDefault() throws {
        let row = #"{ "style": "value2", "text": "detailDisclosureButton", "detailText": "Detail" }"#
        let l = try list(table("L", rows: row))
        let title = try #require(texts(l).first { $0.text == "detailDisclosureButton" })
        #expect(title.numberOfLines == 1 && rowHeights(l, count: 1) == [44])
        let wrapped = try list(table("L", rows: #"{ "style": "value2", "text": "detailDisclosureButton", "detailText": "Detail", "numberOfLines": 0 }"#))
        #expect(try #require(texts(wrapped).first { $0.text == "detailDisclosureButton" }).numberOfLines >= 2)
        #expect(rowHeights(wrapped, count: 1)[0] > 44)
    }

    /// While a table edits, a row without an editing control still moves its content right with the
    /// others (shouldIndentWhileEditing), unless it says not to.
    @Test func rowsWithoutAnEditingControlStillIndentWhileEditing() throws {
        let rows = #"{ "text": "Delete" }, { "text": "None", "editingStyle": "none" }, { "text": "Flush", "editingStyle": "none", "shouldIndentWhileEditing": false }"#
        let l = try list(table("L", rows: rows, extra: #", "editing": true"#))
        let x = Dictionary(uniqueKeysWithValues: texts(l).map { ($0.text, $0.frame.minX) })
        #expect(x["None"] == x["Delete"])
        #expect(try #require(x["Flush"]) < x["Delete"]! - 30)
    }

    @Test func anIPadTableKeepsItsCellsInTheReadableWidth() throws {
        let l = try list(table("L", rows: #""Readable""#, device: "iPad"))
        let t = try #require(texts(l).first)
        // 768 wide: (768 − 672) / 2 = 48 on each side.
        #expect(t.frame.minX == 48)
        #expect(separators(l).first?.minX == 48)
        let off = try list(table("L", rows: #""Edge""#, extra: #", "cellLayoutMarginsFollowReadableWidth": false"#, device: "iPad"))
        #expect(texts(off).first?.frame.minX == 20)
    }

    @Test func rightToLeftMirrorsACellButKeepsItsImageAndTextReadable() throws {
        let json = """
        { "device": "iPhone 8", "layoutDirection": "rtl", "statusBar": { "hidden": true },
          "root": { "tableView": { "contentInsetAdjustmentBehavior": "never", "rows": [
            { "style": "value1", "text": "Wi-Fi", "detailText": "Home", "image": "Tables/assets/star.svg", "accessoryType": "disclosureIndicator" },
            "Second" ] } } }
        """
        let l = try sharedRenderer.displayList(for: try scene(json, base: snapshotsRoot))
        let image = try #require(flat(l.items).compactMap { if case .image(let i) = $0 { i } else { nil } }.first)
        #expect(image.frame.maxX == 375 - 16)
        let text = try #require(texts(l).first { $0.text == "Wi-Fi" }), detail = try #require(texts(l).first { $0.text == "Home" })
        // The text ends a margin before the image, aligned to the right; the detail sits at the left, by the chevron.
        #expect(text.frame.maxX == image.frame.minX - 16 && text.alignment == .right)
        #expect(detail.frame.minX < 60 && detail.alignment == .left)
        // The separator is inset from the right (under the text), flush with the left edge.
        let sep = try #require(separators(l).first)
        #expect(sep.minX == 0 && sep.maxX == text.frame.maxX)
    }
}
