import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// Containers laid out as UIKit does: bar heights, safe areas, large title resolution, status bar
/// forwarding, and content under translucent bars but not under opaque ones.
@Suite struct ContainerTests {
    func vc(_ title: String, _ mode: LargeTitleDisplayMode = .automatic) -> ViewController {
        ViewController(title: title, navigationItem: NavigationItem(largeTitleDisplayMode: mode))
    }

    @Test func largeTitleFollowsTheStackTheWayTheTalkDescribes() {
        func large(_ modes: [LargeTitleDisplayMode], prefers: Bool = true) -> Bool {
            NavigationController(stack: modes.enumerated().map { vc("\($0.offset)", $0.element) }, prefersLargeTitles: prefers).showsLargeTitle
        }
        #expect(large([.automatic]))
        #expect(!large([.automatic, .never]))
        #expect(!large([.automatic, .never, .automatic]), "automatic keeps what the stack shows")
        #expect(large([.automatic, .never, .automatic, .always]))
        #expect(large([.automatic, .never, .automatic, .always, .automatic]))
        #expect(!large([.always], prefers: false), "nothing is large without prefersLargeTitles")
    }

    @Test func backButtonTitleComesFromThePreviousItem() {
        var below = vc("Memories")
        #expect(NavigationController(stack: [below, vc("Detail")]).backButtonTitle == "Memories")
        below.navigationItem.backButtonTitle = "List"
        #expect(NavigationController(stack: [below, vc("Detail")]).backButtonTitle == "List")
        #expect(NavigationController(stack: [ViewController(), vc("Detail")]).backButtonTitle == "Back")
        #expect(NavigationController(stack: [vc("Only")]).backButtonTitle == nil)
    }

    func list(_ json: String) throws -> DisplayList {
        try sharedRenderer.displayList(for: try scene(json))
    }

    func backdrops(_ list: DisplayList) -> [Rect] {
        list.items.compactMap { if case .backdrop(let b) = $0 { b.rect } else { nil } }
    }

    @Test func barHeightsOnClassicAndNotchedPhones() throws {
        let nav = #"{ "navigationController": { "stack": [ { "title": "A" } ] } }"#
        #expect(backdrops(try list(#"{ "device": "iPhone 8", "root": \#(nav) }"#)) == [Rect(x: 0, y: 0, width: 375, height: 64)])
        #expect(backdrops(try list(#"{ "device": "iPhone X", "root": \#(nav) }"#)) == [Rect(x: 0, y: 0, width: 375, height: 88)])
        let large = #"{ "navigationController": { "prefersLargeTitles": true, "stack": [ { "title": "A" } ] } }"#
        #expect(backdrops(try list(#"{ "device": "iPhone 8", "root": \#(large) }"#)) == [Rect(x: 0, y: 0, width: 375, height: 116)])
        // A landscape phone: the status bar is hidden, the bar is 32 high and never large.
        #expect(backdrops(try list(#"{ "device": "iPhone 8", "orientation": "landscape", "root": \#(large) }"#)) == [Rect(x: 0, y: 0, width: 667, height: 32)])
        let tabs = #"{ "tabBarController": { "tabs": [ { "title": "A" }, { "title": "B" } ] } }"#
        #expect(backdrops(try list(#"{ "device": "iPhone 8", "root": \#(tabs) }"#)) == [Rect(x: 0, y: 618, width: 375, height: 49)])
        #expect(backdrops(try list(#"{ "device": "iPhone X", "root": \#(tabs) }"#)) == [Rect(x: 0, y: 729, width: 375, height: 83)])
        #expect(backdrops(try list(#"{ "device": "iPhone X", "orientation": "landscape", "root": \#(tabs) }"#)) == [Rect(x: 0, y: 375 - 53, width: 812, height: 53)])
    }

    @Test func scrollViewsGetTheBarsAsTheirAdjustedInset() throws {
        // A 10-point marker at content y = 0 lands just below the bars; on an iPhone X with a
        // navigation bar and a tab bar that is 88 points down.
        let json = #"""
        { "device": "iPhone X", "root": { "tabBarController": { "tabs": [ { "title": "A", "root": { "navigationController": { "stack": [
          { "title": "List", "view": { "scrollView": { "subviews": [ { "view": { "frame": [0, 0, 10, 10], "backgroundColor": "#123456" } } ] } } } ] } } } ] } } }
        """#
        let fills = try list(json).items.compactMap { item -> Rect? in
            if case .fill(let path, .color(let c), _) = item, c == Color(parsing: "#123456") {
                if case .move(let p) = path.commands.first { return Rect(x: p.x, y: p.y, width: 10, height: 10) }
            }
            return nil
        }
        #expect(fills.first?.origin == Point(x: 0, y: 88))
    }

    @Test func contentExtendsUnderTranslucentBarsOnly() throws {
        func contentTop(_ translucent: Bool, includesOpaque: Bool = false) throws -> Double? {
            let json = #"""
            { "device": "iPhone 8", "root": { "navigationController": { "navigationBar": { "translucent": \#(translucent) }, "stack": [
              { "title": "A", "extendedLayoutIncludesOpaqueBars": \#(includesOpaque), "view": { "view": { "backgroundColor": "#ABCDEF" } } } ] } } }
            """#
            return try list(json).items.compactMap { item -> Double? in
                if case .fill(let path, .color(let c), _) = item, c == Color(parsing: "#ABCDEF"), case .move(let p) = path.commands.first { return p.y }
                return nil
            }.first
        }
        #expect(try contentTop(true) == 0)
        #expect(try contentTop(false) == 64)
        #expect(try contentTop(false, includesOpaque: true) == 0)
    }

    @Test func statusBarStyleComesFromTheControllerUnderIt() throws {
        func style(_ json: String) throws -> StatusBar.Style {
            StatusBarComponent.resolve(try scene(json)).style
        }
        #expect(try style(#"{ "root": { "view": {} } }"#) == .default)
        #expect(try style(#"{ "statusBar": { "style": "lightContent" }, "root": { "view": {} } }"#) == .lightContent)
        #expect(try style(#"{ "root": { "viewController": { "preferredStatusBarStyle": "lightContent" } } }"#) == .lightContent)
        #expect(try style(#"{ "root": { "navigationController": { "stack": [ { "title": "A" }, { "title": "B", "preferredStatusBarStyle": "lightContent" } ] } } }"#) == .lightContent)
        #expect(try style(#"{ "root": { "navigationController": { "navigationBar": { "barStyle": "black" }, "stack": [ { "title": "A" } ] } } }"#) == .lightContent)
        let tabs = #"{ "root": { "tabBarController": { "selectedIndex": 1, "tabs": [ { "title": "A" }, { "title": "B", "root": { "viewController": { "preferredStatusBarStyle": "lightContent" } } } ] } } }"#
        #expect(try style(tabs) == .lightContent)
    }

    @Test func rightToLeftPutsTheBackButtonOnTheRight() throws {
        func backTitleX(_ direction: String) throws -> Double? {
            let json = #"{ "layoutDirection": "\#(direction)", "root": { "navigationController": { "stack": [ { "title": "Memories" }, { "title": "Detail" } ] } } }"#
            return try list(json).items.compactMap { item -> Double? in
                if case .text(let t) = item, t.text == "Memories" { return t.frame.minX }
                return nil
            }.first
        }
        let ltr = try #require(try backTitleX("leftToRight")), rtl = try #require(try backTitleX("rightToLeft"))
        #expect(ltr < 60)
        #expect(rtl > 250, "the title ends just left of the mirrored chevron")
    }

    @Test func textMeasurementDoesNotDependOnWhatDrewBefore() throws {
        let font = ResolvedFont(system: 17, weight: .regular)
        let before = TextEngine.shared.size(of: "Measure me", font: font)
        _ = try Renderer().render(try scene(#"{ "device": "iPhone X", "root": { "label": { "text": "Drawn at 3x" } } }"#))
        #expect(TextEngine.shared.size(of: "Measure me", font: font) == before)
        #expect(before.width > 60 && before.width < 110)
    }

    /// An SVG without transparency makes a bar opaque, as an opaque PNG does; one with holes does not.
    @Test func svgBarImagesAreOpaqueWhenTheyCoverEveryPixel() throws {
        try withTemporaryDirectory { dir in
            let full = #"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="44"><rect width="40" height="44" fill="navy"/></svg>"#
            let holed = #"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="44"><rect width="40" height="40" fill="navy"/></svg>"#
            try full.write(toFile: dir + "/full.svg", atomically: true, encoding: .utf8)
            try holed.write(toFile: dir + "/holed.svg", atomically: true, encoding: .utf8)
            let store = ImageStore()
            #expect(try store.image(ImageSource("full.svg"), at: dir + "/full.svg").isOpaque)
            #expect(try !store.image(ImageSource("holed.svg"), at: dir + "/holed.svg").isOpaque)
        }
    }
}
