import Foundation
import Testing
@testable import TintypeModel

/// Decoding of view controllers, bars and bar items, and their errors.
@Suite struct ControllerDecodingTests {

    @Test func aCompleteNavigationAndTabHierarchy() throws {
        let s = try SceneDecoder.decode("""
        { "root": { "tabBarController": { "selectedIndex": 1, "tabBar": { "barTintColor": "black", "unselectedItemTintColor": "gray", "translucent": false },
          "tabs": [
            { "title": "Game", "badgeValue": "2", "root": { "view": { "backgroundColor": "white" } } },
            { "title": "Messages", "renderingMode": "alwaysOriginal", "root": { "navigationController": {
                "prefersLargeTitles": true, "toolbarHidden": false,
                "navigationBar": { "barStyle": "black", "tintColor": "systemRed", "titleColor": "white", "titleFont": { "size": 18, "weight": "bold" } },
                "stack": [
                  { "title": "Messages", "backButtonTitle": "Back", "largeTitleDisplayMode": "always" },
                  { "title": "Chat", "prompt": "Typing…", "searchBar": { "placeholder": "Find" },
                    "leftItems": ["Edit"], "rightItems": [ { "system": "compose" }, { "title": "Post", "style": "done", "enabled": false } ],
                    "toolbarItems": [ { "flexibleSpace": true }, { "fixedSpace": 12 }, { "system": "trash", "tintColor": "systemRed" } ],
                    "preferredStatusBarStyle": "lightContent", "edgesForExtendedLayout": ["bottom"], "additionalSafeAreaInsets": [0, 0, 44, 0],
                    "view": { "scrollView": { "contentOffset": [0, -100], "contentInsetAdjustmentBehavior": "never" } } } ] } } } ] } } }
        """)
        guard case .controller(.tabBar(let tabs)) = s.root.kind else { Issue.record("root is \(s.root.kind)"); return }
        #expect(tabs.selectedIndex == 1 && tabs.tabs.count == 2)
        #expect(tabs.tabBar.isTranslucent == false && tabs.tabBar.barTintColor == .black)
        #expect(tabs.tabs[0].item.badgeValue == "2")
        guard case .navigation(let nav) = tabs.tabs[1].root else { Issue.record("tab 1 is not a navigation controller"); return }
        #expect(tabs.tabs[1].item.renderingMode == .alwaysOriginal)
        #expect(nav.prefersLargeTitles && !nav.isToolbarHidden && nav.navigationBar.barStyle == .black)
        #expect(nav.navigationBar.titleFont == .system(size: 18, weight: .bold))
        let chat = nav.stack[1]
        #expect(chat.navigationItem.prompt == "Typing…" && chat.navigationItem.searchBarPlaceholder == "Find")
        #expect(chat.navigationItem.leftItems == [BarButtonItem(.title("Edit"))])
        #expect(chat.navigationItem.rightItems == [BarButtonItem(.system(.compose)), BarButtonItem(.title("Post"), style: .done, isEnabled: false)])
        #expect(chat.toolbarItems == [BarButtonItem(.flexibleSpace), BarButtonItem(.fixedSpace(12)), BarButtonItem(.system(.trash), tintColor: .systemRed)])
        #expect(chat.preferredStatusBarStyle == .lightContent && chat.edgesForExtendedLayout == .bottom)
        #expect(chat.additionalSafeAreaInsets == EdgeInsets(top: 0, left: 0, bottom: 44, right: 0))
        #expect(chat.view.kind == .scrollView(ScrollView(contentOffset: Point(x: 0, y: -100), contentInsetAdjustmentBehavior: .never)))
        #expect(nav.backButtonTitle == "Back")
    }

    @Test func badBarItemsAreReportedWithTheirPaths() {
        let found = issues("""
        { "root": { "navigationController": { "stack": [ { "title": "A",
          "rightItems": [ { "system": "compse" }, { "title": "X", "system": "add" }, {}, 42 ] } ] } } }
        """)
        #expect(found.map(\.path) == ["root.stack[0].rightItems[0].system", "root.stack[0].rightItems[1]", "root.stack[0].rightItems[2]", "root.stack[0].rightItems[3]"])
        #expect(found[0].message.contains("did you mean \"compose\""))
        #expect(found[1].message.contains("takes one of"))
        #expect(found[2].message.contains("needs a \"title\""))
        #expect(found[3].message.contains("expected a bar button item"))
    }

    @Test func backIndicatorWithoutItsMaskIsIgnoredWithAWarning() throws {
        let dir = NSTemporaryDirectory() + "tintype-ctl-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='13' height='21'/>".utf8).write(to: URL(fileURLWithPath: dir + "/back.svg"))
        // UIKit ignores one without the other and draws its chevron: so does Tintype, and says so.
        let scene = try SceneDecoder.decode("""
        { "root": { "navigationController": { "navigationBar": { "backIndicatorImage": "back.svg" }, "stack": [ { "title": "A" } ] } } }
        """, file: "s.json", baseDirectory: dir)
        guard case .controller(.navigation(let nav)) = scene.root.kind else { Issue.record("no navigation controller"); return }
        #expect(nav.navigationBar.backIndicatorImage == nil)
        #expect(scene.warnings.count == 1)
        #expect(scene.warnings.first?.path == "root.navigationBar.backIndicatorImage")
        #expect(scene.warnings.first?.description.hasPrefix("s.json:1:") == true)
        #expect(scene.warnings.first?.message.contains("ignored without backIndicatorTransitionMaskImage") == true)
        // Both together are used, without a warning.
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='13' height='21'/>".utf8).write(to: URL(fileURLWithPath: dir + "/mask.svg"))
        let both = try SceneDecoder.decode("""
        { "root": { "navigationController": { "navigationBar": { "backIndicatorImage": "back.svg", "backIndicatorTransitionMaskImage": "mask.svg" }, "stack": [ { "title": "A" } ] } } }
        """, file: "s.json", baseDirectory: dir)
        #expect(both.warnings.isEmpty)
        guard case .controller(.navigation(let nav2)) = both.root.kind else { Issue.record("no navigation controller"); return }
        #expect(nav2.navigationBar.backIndicatorImage != nil)
    }

    @Test func titleViewCustomViewsAndTheSearchBarsScrolling() throws {
        let scene = try SceneDecoder.decode("""
        { "root": { "navigationController": {
            "navigationBar": { "tintAdjustmentMode": "normal" },
            "stack": [ { "title": "A", "searchBar": {}, "hidesSearchBarWhenScrolling": false,
              "titleView": { "segmentedControl": { "segments": ["All", "Missed"] } },
              "rightItems": [ { "customView": { "switch": { "isOn": true } } } ] } ] } } }
        """, file: "s.json")
        guard case .controller(.navigation(let nav)) = scene.root.kind, let item = nav.stack.first?.navigationItem else { Issue.record("no navigation controller"); return }
        #expect(nav.navigationBar.tintAdjustmentMode == .normal)
        #expect(!item.hidesSearchBarWhenScrolling)
        #expect(NavigationItem().hidesSearchBarWhenScrolling, "on by default, as in UIKit")
        if case .control(.segmentedControl)? = item.titleView?.kind {} else { Issue.record("titleView: \(String(describing: item.titleView?.kind))") }
        if case .customView(let v)? = item.rightItems.first?.content, case .control(.switch) = v.kind {} else {
            Issue.record("customView: \(String(describing: item.rightItems.first?.content))")
        }
        // One content per item, and the view inside is checked like any other.
        let two = issues(#"{ "root": { "navigationController": { "stack": [ { "rightItems": [ { "title": "A", "customView": { "view": {} } } ] } ] } } }"#)
        #expect(two.first?.message.contains("takes one of title, system, image, flexibleSpace, fixedSpace, customView") == true)
        let bad = issues(#"{ "root": { "navigationController": { "stack": [ { "titleView": { "label": { "txt": "A" } } } ] } } }"#)
        #expect(bad.first?.path == "root.stack[0].titleView.txt")
    }

    @Test func resizableBarImages() throws {
        try withDirectory { dir in
            try Data("<svg xmlns='http://www.w3.org/2000/svg' width='24' height='64'/>".utf8).write(to: URL(fileURLWithPath: dir + "/bar.svg"))
            let scene = try SceneDecoder.decode("""
            { "root": { "navigationController": { "navigationBar": {
                "backgroundImage": { "image": "bar.svg", "capInsets": [0, 8, 0, 8], "resizingMode": "tile" },
                "backButtonBackgroundImage": { "image": "bar.svg", "capInsets": 4 } }, "stack": [ { "title": "A" } ] } } }
            """, file: "s.json", baseDirectory: dir)
            guard case .controller(.navigation(let nav)) = scene.root.kind else { Issue.record("no navigation controller"); return }
            #expect(nav.navigationBar.backgroundImages.first?.capInsets == EdgeInsets(top: 0, left: 8, bottom: 0, right: 8))
            #expect(nav.navigationBar.backgroundImages.first?.resizingMode == .tile)
            #expect(nav.navigationBar.backButtonBackgroundImage?.capInsets == EdgeInsets(top: 4, left: 4, bottom: 4, right: 4))
            let position = try? SceneDecoder.decode("""
            { "root": { "navigationController": { "navigationBar": { "backButtonBackgroundImage": { "image": "bar.svg", "barPosition": "top" } }, "stack": [ {} ] } } }
            """, file: "s.json", baseDirectory: dir)
            #expect(position == nil, "a back button background takes no bar position")
        }
    }

    func withDirectory(_ body: (String) throws -> Void) throws {
        let dir = NSTemporaryDirectory() + "tintype-ctl-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try body(dir)
    }

    @Test func containerShapeErrors() {
        #expect(issues(#"{ "root": { "navigationController": { "stack": [] } } }"#).first?.message.contains("at least one view controller") == true)
        #expect(issues(#"{ "root": { "tabBarController": { "tabs": [] } } }"#).first?.message.contains("needs \"tabs\"") == true)
        let index = issues(#"{ "root": { "tabBarController": { "selectedIndex": 3, "tabs": [ { "title": "A" } ] } } }"#)
        #expect(index.first?.path == "root.selectedIndex" && index.first?.message.contains("from 0 to 0") == true)
        let mode = issues(#"{ "root": { "navigationController": { "stack": [ { "largeTitleDisplayMode": "sometimes" } ] } } }"#)
        #expect(mode.first?.path == "root.stack[0].largeTitleDisplayMode")
        let missing = issues(#"{ "root": { "tabBarController": { "tabs": [ { "title": "A", "image": "nope.svg" } ] } } }"#)
        #expect(missing.first?.path == "root.tabs[0].image" && missing.first?.message.contains("not found") == true)
        let edge = issues(#"{ "root": { "viewController": { "edgesForExtendedLayout": ["top", "middle"] } } }"#)
        #expect(edge.first?.path == "root.edgesForExtendedLayout[1]")
        let unknown = issues(#"{ "root": { "navigationController": { "stack": [ { "titel": "A" } ] } } }"#)
        #expect(unknown.first?.message.contains("did you mean \"title\"") == true)
    }
}
