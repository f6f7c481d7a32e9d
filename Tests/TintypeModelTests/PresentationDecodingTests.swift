import Testing
@testable import TintypeModel

/// Decoding of popovers, split views, ids, the large content viewer, touch marks, layout pins and
/// device lists, and their errors.
@Suite struct PresentationDecodingTests {

    func firstMessage(_ json: String) -> String? { issues(json).first.map { "\($0.path): \($0.message)" } }

    @Test func aPopoverWithItsSourceAndDirections() throws {
        let s = try SceneDecoder.decode(#"""
        { "device": "iPad", "root": { "view": { "subviews": [ { "view": { "id": "anchor", "frame": [0, 0, 10, 10] } } ] } },
          "presented": { "popover": { "sourceView": "anchor", "sourceRect": [2, 2, 4, 4], "permittedArrowDirections": ["up", "down"],
            "preferredContentSize": [300, 200], "backgroundColor": "white", "root": { "view": {} } } } }
        """#)
        guard case .popover(let p)? = s.presented else { Issue.record("not a popover"); return }
        #expect(p.source == PopoverSource(anchor: .view("anchor"), rect: Rect(x: 2, y: 2, width: 4, height: 4), permittedArrowDirections: [.up, .down]))
        #expect(p.preferredContentSize == Size(width: 300, height: 200))
        #expect(s.root.subviews[0].id == "anchor")
    }

    @Test func popoverAndIdErrorsNameThePathAndTheValue() {
        #expect(firstMessage(#"{ "root": { "view": {} }, "presented": { "popover": { "root": { "view": {} } } } }"#)
                == "presented: a popover needs a \"sourceItem\", a \"sourceView\" or a \"sourceRect\" for its arrow")
        #expect(firstMessage(#"{ "root": { "view": { "id": "share" } }, "presented": { "popover": { "sourceItem": "shares", "root": { "view": {} } } } }"#)
                == "presented.sourceItem: no view or bar item has the id \"shares\"; did you mean \"share\"?")
        #expect(firstMessage(#"{ "root": { "view": { "id": "a", "subviews": [ { "view": { "id": "a" } } ] } } }"#)
                == "root.subviews[0]: the id \"a\" is already used by root")
        #expect(firstMessage(#"{ "root": { "view": {} }, "presented": { "popover": { "sourceRect": [0, 0, 1, 1], "permittedArrowDirections": ["sideways"], "root": { "view": {} } } } }"#)?
                .hasPrefix("presented.permittedArrowDirections[0]: expected an arrow direction") == true)
        #expect(firstMessage(#"{ "device": "iPad", "root": { "view": {} }, "presented": { "actionSheet": { "actions": ["Copy"] } } }"#)
                == "presented: on an iPad an action sheet is a popover: give it a \"sourceItem\", \"sourceView\" or \"sourceRect\"")
    }

    @Test func barItemsAndTabsTakeIds() throws {
        let s = try SceneDecoder.decode(#"""
        { "root": { "tabBarController": { "tabs": [ { "title": "A", "id": "tab-a", "root": { "navigationController": { "stack": [
            { "title": "T", "rightItems": [ { "system": "add", "id": "add" } ] } ] } } } ] } },
          "largeContentViewer": { "item": "tab-a" }, "touches": [ { "tap": "add" }, { "tap": [10, 20] }, { "swipe": { "from": [300, 100], "to": [100, 100] } } ] }
        """#)
        #expect(s.largeContentViewer == LargeContentViewer(.item("tab-a")))
        #expect(s.touches == [.tap(.id("add")), .tap(.point(Point(x: 10, y: 20))), .swipe(from: Point(x: 300, y: 100), to: Point(x: 100, y: 100))])
        #expect(firstMessage(#"{ "root": { "view": {} }, "touches": [ { "tap": [1, 2], "swipe": {} } ] }"#) == "touches[0]: a touch is a \"tap\" or a \"swipe\", not both")
        #expect(firstMessage(#"{ "root": { "view": {} }, "touches": [ { "swipe": { "from": [1, 2] } } ] }"#) == "touches[0].swipe.to: a swipe needs \"from\" and \"to\" points")
        #expect(firstMessage(#"{ "root": { "view": {} }, "largeContentViewer": {} }"#)?.contains("needs an \"item\"") == true)
    }

    @Test func splitViewControllers() throws {
        let s = try SceneDecoder.decode(#"""
        { "root": { "splitViewController": { "preferredDisplayMode": "allVisible", "primaryColumnWidth": 300, "collapsesToPrimary": true,
            "primary": { "navigationController": { "stack": [ { "title": "P" } ] } }, "secondary": { "view": {} } } } }
        """#)
        guard case .controller(.split(let split)) = s.root.kind else { Issue.record("not a split view"); return }
        #expect(split.preferredDisplayMode == .allVisible && split.primaryColumnWidth == 300 && split.collapsesToPrimary)
        #expect(split.collapsed == split.primary)
        #expect(firstMessage(#"{ "root": { "splitViewController": { "primary": { "view": {} } } } }"#)
                == "root.secondary: a split view controller needs a \"primary\" and a \"secondary\" controller")
        // By default the secondary is pushed onto the primary's stack.
        let stacked = SplitViewController(primary: .navigation(NavigationController(stack: [ViewController(title: "P")])),
                                          secondary: .content(ViewController(title: "S")))
        guard case .navigation(let nav) = stacked.collapsed else { Issue.record("not collapsed into a stack"); return }
        #expect(nav.stack.map(\.title) == ["P", "S"])
    }

    @Test func layoutPinsAndTheirErrors() throws {
        let s = try SceneDecoder.decode(#"{ "root": { "view": { "layout": { "guide": "safeArea", "left": 0, "right": 0, "bottom": 0, "height": 50 } } } }"#)
        #expect(s.root.layout == LayoutPins(guide: .safeArea, bottom: 0, left: 0, right: 0, height: 50))
        #expect(firstMessage(#"{ "root": { "view": { "layout": { "left": 0, "right": 0, "width": 10 } } } }"#)
                == "root.layout: left, right and width together over-constrain the horizontal axis; give two of them")
        #expect(firstMessage(#"{ "root": { "view": { "frame": [0, 0, 1, 1], "layout": { "top": 0 } } } }"#) == "root.layout: give \"frame\" or \"layout\", not both")
        #expect(firstMessage(#"{ "root": { "view": { "layout": { "centerX": 10 } } } }"#) == "root.layout.centerX: centerX needs a width to center")
        #expect(firstMessage(#"{ "root": { "view": { "layout": { "left": 0, "trailing": 0 } } } }"#) == "root.layout: give left and right, or leading and trailing, not both kinds")
        #expect(firstMessage(#"{ "root": { "view": { "layout": { "leading": 0, "trailing": 0, "width": 5 } } } }"#)
                == "root.layout: leading, trailing and width together over-constrain the horizontal axis; give two of them")
        #expect(firstMessage(#"{ "root": { "view": { "layout": { "guide": "safe" } } } }"#)?.hasSuffix("expected one of superview, safeArea, margins, readableContent, frameLayoutGuide, contentLayoutGuide") == true)
    }

    @Test func deviceListsMakeOneVariantPerDevice() throws {
        let s = try SceneDecoder.decode(#"{ "devices": ["iPhone 8", "iPhone X"], "root": { "view": {} } }"#)
        #expect(s.device == .iPhone8)
        let renders = try s.expandVariants()
        #expect(renders.map(\.suffix) == [".iphone-8", ".iphone-x"])
        #expect(renders.map(\.scene.device) == [.iPhone8, .iPhoneX])
        #expect(renders.allSatisfy { $0.scene.devices.isEmpty })
        #expect(try SceneDecoder.decode(#"{ "root": { "view": {} } }"#).expandVariants().map(\.suffix) == [nil])
        #expect(Device.iPadPro12_9.slug == "ipad-pro-12.9")
        #expect(firstMessage(#"{ "device": "iPad", "devices": ["iPhone 8"], "root": { "view": {} } }"#) == "devices: give \"device\" or \"devices\", not both")
        #expect(firstMessage(#"{ "devices": ["iPhone 8", "iPhone 7"], "root": { "view": {} } }"#) == "devices[1]: \"iPhone 8\" is listed twice")
        #expect(firstMessage(#"{ "devices": ["iPhone Y"], "root": { "view": {} } }"#)?.hasPrefix("devices[0]: unknown device \"iPhone Y\"") == true)
        #expect(firstMessage(#"{ "devices": ["iPhone 8", "iPad Pro 12.9"], "scale": 8, "root": { "view": {} } }"#)?.hasPrefix("scale: on the iPad Pro 12.9, output of") == true)
    }
}
