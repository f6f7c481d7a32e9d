import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// What each era draws differently (`systemVersion` 7–11, docs/eras.md), read off the display list.
@Suite struct EraTests {
    func list(_ json: String) throws -> DisplayList {
        try sharedRenderer.displayList(for: try scene(json))
    }

    /// Every solid fill's end-point box, groups opened.
    func fills(_ list: DisplayList) -> [Rect] {
        flat(list.items).compactMap { if case .fill(let p, _, _) = $0 { endPointBounds(p) } else { nil } }
    }

    /// A grouped table of a default, a subtitle and a value1 row on an iPhone SE (2x) in the era.
    func cellStyles(_ version: Int, extra: String = "", category: String = "L") throws -> DisplayList {
        try list("""
        { "device": "iPhone SE", "systemVersion": \(version), "contentSizeCategory": "\(category)", "root": { "tableView": { "style": "grouped", \(extra)
          "sections": [ { "rows": [ "Default", { "style": "subtitle", "text": "CellStyle", "detailText": ".subtitle" },
                                    { "style": "value1", "text": "Value", "detailText": ".value1" } ] } ] } } }
        """)
    }

    /// The rows' heights, read from the hairlines (half a point at 2x): the section's top edge is
    /// the first row's top, each separator and the bottom edge end at a row's bottom.
    func rowSteps(_ l: DisplayList) -> [Double] {
        let lines = fills(l).filter { $0.height == 0.5 && $0.width > 100 }
        guard let top = lines.map(\.minY).min() else { return [] }
        let ys = [top] + Set(lines.map(\.maxY).filter { $0 > top + 1 }).sorted()
        return zip(ys.dropFirst(), ys).map { $0 - $1 }
    }

    @Test func iOS10RowsAre44AndDoNotSizeThemselves() throws {
        // The QuickTableViewController iOS 10 screenshot: every row, subtitle and value1 too, 44 (88 px).
        #expect(rowSteps(try cellStyles(10)) == [44, 44, 44])
        #expect(rowSteps(try cellStyles(7)) == [44, 44, 44])
        // iOS 11 sizes the subtitle row by its two lines.
        let eleven = rowSteps(try cellStyles(11))
        #expect(eleven.count == 3 && eleven[1] > 44)
    }

    @Test func iOS8To10SizeRowsOnlyWithAnEstimate() throws {
        // At a large text size a self-sizing row grows; a 44-point row does not.
        #expect(rowSteps(try cellStyles(10, category: "XXXL")) == [44, 44, 44])
        #expect(rowSteps(try cellStyles(10, extra: #""estimatedRowHeight": 60,"#, category: "XXXL")).allSatisfy { $0 > 44 })
        #expect(rowSteps(try cellStyles(7, extra: #""estimatedRowHeight": 60,"#, category: "XXXL")) == [44, 44, 44], "iOS 7 has no self-sizing rows")
        #expect(rowSteps(try cellStyles(11, extra: #""estimatedRowHeight": 0,"#)) == [44, 44, 44])
    }

    @Test func cellTextStartsAtFifteenBeforeIOS11() throws {
        func textX(_ l: DisplayList) -> Double? { texts(l).first { $0.text == "Default" }?.frame.minX }
        #expect(textX(try cellStyles(10)) == 15)
        #expect(textX(try cellStyles(11)) == 16)
        // A wide phone: 20 from iOS 8 on.
        let plus = try list(#"{ "device": "iPhone 8 Plus", "systemVersion": 10, "root": { "tableView": { "rows": [ "Default" ] } } }"#)
        #expect(textX(plus) == 20)
        // The table's own margin wins in every era.
        #expect(textX(try cellStyles(10, extra: #""layoutMargin": 16,"#)) == 16)
    }

    @Test func iOS10HeadersKeepTheirHeightAtLargerTextSizes() throws {
        func firstRowTop(_ version: Int) throws -> Double? {
            let l = try list("""
            { "device": "iPhone SE", "systemVersion": \(version), "contentSizeCategory": "XXXL", "statusBar": { "hidden": true },
              "root": { "tableView": { "style": "grouped", "rowHeight": 44, "sections": [ { "header": "Switch", "rows": [ "A" ] } ] } } }
            """)
            return fills(l).filter { $0.height == 0.5 && $0.width == 320 }.map(\.minY).min()
        }
        #expect(try firstRowTop(10) == 55.5, "the iOS 10 screenshot's titled header, whatever the text size")
        #expect(try #require(try firstRowTop(11)) > 55.5, "iOS 11's header grows with its text")
    }

    @Test func searchBarLookFollowsTheEra() throws {
        func fieldHeight(_ version: Int, look: String = "") throws -> Double? {
            let l = try list("""
            { "device": "iPhone SE", "systemVersion": \(version), "root": { "view": { "subviews": [ { "searchBar": { "frame": [0, 20, 320, 56], "placeholder": "Search" \(look) } } ] } } }
            """)
            return fills(l).first { $0.width == 304 }?.height
        }
        #expect(try fieldHeight(10) == 28)
        #expect(try fieldHeight(11) == 36)
        #expect(try fieldHeight(10, look: #", "look": "iOS11""#) == 36, "a look given wins")
    }

    @Test func tabBarStacksItemsBeforeIOS11() throws {
        // A landscape phone: iOS 11's compact 32-point bar with the title beside the image; iOS 10's 49 with it below.
        func tabTitle(_ version: Int) throws -> TextItem? {
            let l = try list("""
            { "device": "iPhone 8", "orientation": "landscape", "systemVersion": \(version), "root": { "tabBarController": { "tabs": [
              { "title": "One", "root": { "view": {} } }, { "title": "Two", "root": { "view": {} } } ] } } }
            """)
            return texts(l).first { $0.text == "One" }
        }
        let ten = try #require(try tabTitle(10)), eleven = try #require(try tabTitle(11))
        #expect(ten.frame.minY == 375 - 49 + 36.5 && ten.font.size == 10 && ten.alignment == .center)
        #expect(eleven.frame.minY == 375 - 32 && eleven.font.size == 13 && eleven.alignment == .left)
        #expect(TabBarComponent.height({ var t = Traits(); t.isPad = true; t.era = Era(10); return t }()) == 49)
        #expect(TabBarComponent.height({ var t = Traits(); t.isPad = true; return t }()) == 50)
    }

    @Test func largeTitlesAndNavigationSearchNeedIOS11() throws {
        let json = """
        { "device": "iPhone SE", "systemVersion": 10, "root": { "navigationController": { "prefersLargeTitles": true,
          "stack": [ { "title": "Inbox", "searchBar": { "placeholder": "Find" }, "view": { "view": {} } } ] } } }
        """
        let s = try scene(json)
        #expect(s.warnings.map(\.path) == ["root.stack[0].searchBar", "root.prefersLargeTitles"])
        let l = try sharedRenderer.displayList(for: s)
        let title = try #require(texts(l).first { $0.text == "Inbox" })
        #expect(title.font.size == 17, "the title stays in the 44-point bar")
        #expect(!texts(l).contains { $0.text == "Find" })
        #expect(try scene(json.replacingOccurrences(of: "\"systemVersion\": 10", with: "\"systemVersion\": 11")).warnings.isEmpty)
    }

    @Test func navigationTitleIsMediumOnIOS7And8() throws {
        func weight(_ version: Int) throws -> FontWeight? {
            texts(try list(#"{ "device": "iPhone SE", "systemVersion": \#(version), "root": { "navigationController": { "stack": [ { "title": "Settings", "view": { "view": {} } } ] } } }"#))
                .first { $0.text == "Settings" }?.font.weight
        }
        #expect(try weight(7) == .medium && weight(8) == .medium)
        #expect(try weight(9) == .semibold && weight(11) == .semibold)
    }
}
