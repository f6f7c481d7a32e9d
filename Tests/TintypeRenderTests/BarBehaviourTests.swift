import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// The bar behaviours of the iOS 7 and iOS 11 talks: large titles and search bars that follow the
/// scrolling, the refresh control hoisted into the bar, title views and custom bar items, a bar's
/// own tint adjustment mode, and resizable bar images.
@Suite struct BarBehaviourTests {
    func list(_ json: String) throws -> DisplayList { try sharedRenderer.displayList(for: try scene(json)) }

    func barHeight(_ list: DisplayList) -> Double? { list.items.compactMap { if case .backdrop(let b) = $0 { b.rect.height } else { nil } }.first }

    @Test func scrollingCollapsesTheSearchBarFirstThenTheLargeTitle() {
        let nav = NavigationController(stack: [ViewController(title: "A", navigationItem: NavigationItem(searchBarPlaceholder: "Search"))], prefersLargeTitles: true)
        let open = NavigationBarComponent.Metrics(nav: nav, compact: false)
        #expect(open.total == 44 + 52 + 52)
        #expect(open.restingScroll == 52, "a hiding search bar starts tucked away")
        func parts(_ s: Double) -> [Double] { let m = open.scrolled(by: s); return [m.largeTitle, m.search] }
        #expect(parts(0) == [52, 52])
        #expect(parts(30) == [52, 22])
        #expect(parts(52) == [52, 0])
        #expect(parts(78) == [26, 0])
        #expect(parts(500) == [0, 0])
        #expect(parts(-60) == [112, 52], "pulled down, the large title's area stretches")
        #expect(open.scrolled(by: -60).stretch == 60)
        // The inline title fades in over the large title's last 12 points.
        #expect(open.scrolled(by: 104).inlineTitleAlpha == 1 && open.scrolled(by: 98).inlineTitleAlpha == 0.5 && !open.scrolled(by: 92).showsInlineTitle)

        var pinned = nav
        pinned.stack[0].navigationItem.hidesSearchBarWhenScrolling = false
        let p = NavigationBarComponent.Metrics(nav: pinned, compact: false)
        #expect(p.restingScroll == 0)
        #expect(p.scrolled(by: 500).total == 44 + 52, "the pinned search bar stays under the collapsed title")

        // Without a large title nothing stretches: a pulled table draws its own refresh control.
        let small = NavigationBarComponent.Metrics(nav: NavigationController(stack: [ViewController(title: "A")]), compact: false)
        #expect(!small.adapts && small.scrolled(by: -60).total == 44)
    }

    func mailboxes(_ item: String = "", table: String = "") -> String {
        #"""
        { "device": "iPhone 8", "root": { "navigationController": { "prefersLargeTitles": true, "stack": [
          { "title": "Mailboxes", "searchBar": {} \#(item), "view": { "tableView": { \#(table) "rows": ["Inbox", "VIP", "Sent"] } } } ] } } }
        """#
    }

    @Test func theBarFollowsTheTablesOffset() throws {
        func firstRowTop(_ l: DisplayList) -> Double? { texts(l).first { $0.text == "Inbox" }.map { $0.frame.minY } }
        // At rest: search tucked away, bar 20 + 44 + 52; the first row right under it.
        let rest = try list(mailboxes())
        #expect(barHeight(rest) == 116)
        let restRow = try #require(firstRowTop(rest))
        #expect(restRow >= 116 && restRow < 116 + 44)
        // Pinned search: the fully open bar.
        let pinned = try list(mailboxes(#", "hidesSearchBarWhenScrolling": false"#))
        #expect(barHeight(pinned) == 168)
        #expect(firstRowTop(pinned) == restRow + 52)
        // Scrolled 78 from the open bar (168 − 78 = 90 from the screen's top): 26 of large title left.
        let half = try list(mailboxes(table: #""contentOffset": [0, -90],"#))
        #expect(abs(try #require(barHeight(half)) - (20 + 44 + 26)) < 1e-9)
        #expect(abs(try #require(firstRowTop(half)) - (restRow - 26)) < 1e-9)
        #expect(!texts(half).contains { $0.text == "Mailboxes" && $0.font.size == 17 }, "no inline title while some large title shows")
        // Scrolled far: a 64-point bar with the inline title.
        let far = try list(mailboxes(table: #""contentOffset": [0, 200],"#))
        #expect(barHeight(far) == 64)
        let inline = try #require(texts(far).first { $0.text == "Mailboxes" })
        #expect(inline.font.size == 17 && inline.frame.minY == 20)
        #expect(try barHeight(list(mailboxes(#", "hidesSearchBarWhenScrolling": false"#, table: #""contentOffset": [0, 200],"#))) == 116)
    }

    @Test func aRefreshControlUnderALargeTitleIsHoistedIntoTheBar() throws {
        let json = #"""
        { "device": "iPhone 8", "root": { "navigationController": { "prefersLargeTitles": true, "stack": [
          { "title": "Inbox", "view": { "tableView": { "refreshControl": { "pulled": true, "title": "Checking…" }, "rows": ["First"] } } } ] } } }
        """#
        let l = try list(json)
        #expect(abs(try #require(barHeight(l)) - (116 + 60)) < 1e-9)
        let large = try #require(texts(l).first { $0.text == "Inbox" })
        let caption = try #require(texts(l).first { $0.text == "Checking…" })
        #expect(caption.frame.maxY <= large.frame.minY + 8, "the refresh control sits above the large title")
        #expect(caption.frame.minY > 64, "below the bar's row")
        let first = try #require(texts(l).first { $0.text == "First" })
        #expect(first.frame.minY >= 176, "rows start under the stretched bar")
    }

    @Test func titleViewsAndCustomViewsAreSizedByTheirContent() throws {
        let json = #"""
        { "device": "iPhone 8", "root": { "navigationController": { "navigationBar": { "tintColor": "systemPurple" }, "stack": [
          { "title": "Recents", "titleView": { "segmentedControl": { "segments": ["All", "Missed"], "selectedSegmentIndex": 0 } },
            "rightItems": [ { "customView": { "label": { "text": "Busy" } } } ] } ] } } }
        """#
        let l = try list(json)
        let all = try #require(texts(l).first { $0.text == "All" }), missed = try #require(texts(l).first { $0.text == "Missed" })
        // Centered on the bar: the two equal segments meet at the middle.
        #expect(abs((all.frame.maxX + missed.frame.minX) / 2 - 187.5) < 2)
        #expect(!texts(l).contains { $0.text == "Recents" }, "the title view replaces the title")
        let busy = try #require(texts(l).first { $0.text == "Busy" })
        #expect(busy.frame.maxX <= 375 - 16 + 0.5 && busy.frame.maxX > 375 - 16 - 2, "on the trailing margin")
        // Custom views inherit the bar's tint (the selected segment's fill is purple).
        let purple = try #require(Color(parsing: "systemPurple"))
        #expect(flat(l.items).contains { if case .fill(_, .color(let c), _) = $0 { c == purple } else { false } })
    }

    @Test func aCustomViewWithoutASizeIsAnError() throws {
        let json = #"{ "root": { "navigationController": { "stack": [ { "rightItems": [ { "customView": { "view": {} } } ] } ] } } }"#
        do {
            _ = try list(json)
            Issue.record("rendered a bar item of no size")
        } catch let error as RenderError {
            #expect(error.path == "root.stack[0].rightItems[0].customView")
            #expect(error.message.contains("no intrinsic size"))
        }
    }

    @Test func aBarsOwnTintAdjustmentModeKeepsItInColorOverADimmedWindow() throws {
        func selectedTitleColor(_ mode: String) throws -> Color? {
            let json = #"""
            { "tintColor": "#FF9500", "tintAdjustmentMode": "dimmed", "root": { "tabBarController": { "tabBar": { "tintAdjustmentMode": "\#(mode)" },
              "tabs": [ { "title": "Home" }, { "title": "Find" } ] } } }
            """#
            return try texts(list(json)).first { $0.text == "Home" }?.color
        }
        #expect(try selectedTitleColor("normal") == Color(parsing: "#FF9500"))
        #expect(try selectedTitleColor("automatic") != Color(parsing: "#FF9500"))
    }

    @Test func aBackButtonBackgroundImageReplacesTheChevron() throws {
        try withTemporaryDirectory { dir in
            try Data("<svg xmlns='http://www.w3.org/2000/svg' width='30' height='30'><rect width='30' height='30' fill='red'/></svg>".utf8)
                .write(to: URL(fileURLWithPath: dir + "/back.svg"))
            func items(_ bar: String) throws -> [DisplayItem] {
                let json = #"{ "root": { "navigationController": { "navigationBar": { \#(bar) }, "stack": [ { "title": "Albums" }, { "title": "Vacation" } ] } } }"#
                return flat(try sharedRenderer.displayList(for: try scene(json, base: dir)).items)
            }
            let plain = try items("")
            let custom = try items(#""backButtonBackgroundImage": { "image": "back.svg", "capInsets": [0, 14, 0, 8] }"#)
            let images = custom.compactMap { if case .image(let i) = $0, i.origin.hasSuffix("backButtonBackgroundImage") { i } else { nil } }
            let image = try #require(images.first)
            let title = try #require(custom.compactMap { if case .text(let t) = $0, t.text == "Albums" { t } else { nil } }.first)
            #expect(image.capInsets == EdgeInsets(top: 0, left: 14, bottom: 0, right: 8))
            #expect(image.frame.height == 30 && image.frame.minX < title.frame.minX && image.frame.maxX > title.frame.minX + 40)
            // The chevron is gone: the plain bar draws one more path than the custom one, which
            // draws its image instead.
            func paths(_ items: [DisplayItem]) -> Int { items.filter { if case .fill = $0 { true } else if case .stroke = $0 { true } else { false } }.count }
            #expect(paths(custom) < paths(plain))
        }
    }
}
