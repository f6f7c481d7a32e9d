import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// Popovers, the iPad action sheet, split view, the large content viewer, touch marks, layout pins.
@Suite struct PopoverTests {
    func list(_ json: String) throws -> [DisplayItem] { try sharedRenderer.displayList(for: try scene(json)).items }

    let bounds = Rect(x: 10, y: 30, width: 748, height: 984)

    @Test func theArrowTakesTheFirstPermittedDirectionWithRoom() {
        // Room below a bar item: the arrow points up and its tip touches the item's bottom.
        let item = Rect(x: 700, y: 20, width: 30, height: 44)
        let below = PopoverLayout.layout(source: item, content: Size(width: 320, height: 300), bounds: bounds, permitted: .any)
        #expect(below.direction == .up)
        #expect(below.tip == Point(x: 715, y: 64))
        #expect(below.body.minY == 64 + PopoverLayout.arrowHeight)
        // The panel slides left to stay inside the bounds.
        #expect(below.body.maxX == bounds.maxX)
        // Near the bottom there is no room below: the arrow points down.
        let low = Rect(x: 700, y: 980, width: 30, height: 44)
        let above = PopoverLayout.layout(source: low, content: Size(width: 320, height: 300), bounds: bounds, permitted: .any)
        #expect(above.direction == .down)
        #expect(above.body.maxY == 980 - PopoverLayout.arrowHeight)
        // Only sideways permitted: the popover goes where there is room.
        let side = PopoverLayout.layout(source: Rect(x: 100, y: 400, width: 40, height: 40), content: Size(width: 300, height: 200),
                                        bounds: bounds, permitted: [.left, .right])
        #expect(side.direction == .left)
        #expect(side.body.minX == 140 + PopoverLayout.arrowHeight)
        #expect(side.tip == Point(x: 140, y: 420))
    }

    @Test func theArrowStaysClearOfTheRoundedCorners() {
        let corner = Rect(x: 740, y: 20, width: 18, height: 44)
        let l = PopoverLayout.layout(source: corner, content: Size(width: 320, height: 200), bounds: bounds, permitted: .up)
        #expect(l.tip.x == l.body.maxX - PopoverLayout.radius - PopoverLayout.arrowBase / 2)
    }

    @Test func aPopoverPointsAtItsBarItemAndDimsOnlyTheTint() throws {
        let items = try list(#"""
        { "device": "iPad", "root": { "navigationController": { "stack": [ { "title": "List",
            "leftItems": [ { "title": "Edit" } ], "rightItems": [ { "system": "action", "id": "share" } ] } ] } },
          "presented": { "popover": { "sourceItem": "share", "preferredContentSize": [300, 200],
            "root": { "label": { "text": "Inside", "textColor": "tint" } } } } }
        """#)
        let found = texts(items)
        #expect(found.first { $0.text == "Edit" }?.color == Color.systemBlue.dimmed)
        #expect(found.first { $0.text == "Inside" }?.color == .systemBlue)
        // No 40% black layer: popovers leave the window visible.
        #expect(!items.contains { if case .fill(_, .color(let c), _) = $0 { c == Color(white: 0, alpha: 0.4) } else { false } })
        // The content sits below the navigation bar (20 + 44) and the arrow.
        #expect(found.first { $0.text == "Inside" }?.frame.minY == 64 + PopoverLayout.arrowHeight)
    }

    @Test func anIPadActionSheetIsAPopoverWithoutItsCancelAction() throws {
        let items = try list(#"""
        { "device": "iPad", "root": { "view": { "subviews": [ { "view": { "id": "button", "frame": [100, 500, 80, 40] } } ] } },
          "presented": { "actionSheet": { "sourceView": "button", "actions": [ "Copy", { "title": "Delete", "style": "destructive" }, { "title": "Cancel", "style": "cancel" } ] } } }
        """#)
        let found = texts(items)
        #expect(found.map(\.text).contains("Copy"))
        #expect(!found.map(\.text).contains("Cancel"))
        #expect(found.first { $0.text == "Delete" }?.color == .systemRed)
        // 304 wide, below the button (there is room under it).
        #expect(found.first { $0.text == "Copy" }?.frame.minY == 540 + PopoverLayout.arrowHeight + 0)
    }

    @Test func aPopoverOnAPhoneIsFullScreen() throws {
        let found = texts(try list(#"""
        { "device": "iPhone 8", "root": { "view": { "subviews": [ { "view": { "id": "b", "frame": [10, 10, 10, 10] } } ] } },
          "presented": { "popover": { "sourceView": "b", "root": { "label": { "text": "Full" } } } } }
        """#))
        #expect(found.first { $0.text == "Full" }?.frame == Rect(x: 0, y: 0, width: 375, height: 667))
    }

    @Test func aSourceThatIsNotOnScreenIsAnError() throws {
        let s = try scene(#"""
        { "device": "iPad", "root": { "view": { "subviews": [ { "view": { "id": "gone", "hidden": true } } ] } },
          "presented": { "popover": { "sourceView": "gone", "root": { "view": {} } } } }
        """#)
        #expect(throws: RenderError(path: "presented.sourceView", message: "the view \"gone\" is not on screen")) {
            try sharedRenderer.displayList(for: s)
        }
    }

    @Test func splitViewColumnsOnIPadAndOneStackOnAPhone() throws {
        let split = #"""
        "root": { "splitViewController": {
          "primary": { "navigationController": { "stack": [ { "title": "Primary" } ] } },
          "secondary": { "viewController": { "title": "Secondary", "view": { "label": { "text": "Detail" } } } } } }
        """#
        let pad = texts(try list(#"{ "device": "iPad", "orientation": "landscape", \#(split) }"#))
        // Landscape shows both: the primary's title centered in its 320 column, the detail beside it.
        let primary = try #require(pad.first { $0.text == "Primary" })
        #expect(abs(primary.frame.midX - 160) < 1)
        #expect(pad.first { $0.text == "Detail" }?.frame.minX == 320 + 0.5)
        // Portrait hides the primary.
        #expect(!texts(try list(#"{ "device": "iPad", \#(split) }"#)).contains { $0.text == "Primary" })
        // A phone collapses the secondary onto the primary's stack: "Primary" is now the back title.
        let phone = texts(try list(#"{ "device": "iPhone 8", \#(split) }"#))
        let back = try #require(phone.first { $0.text == "Primary" })
        #expect(back.frame.minX < 60)
        #expect(phone.contains { $0.text == "Secondary" })
        // A landscape phone has a regular width only from 414 points up (Plus, XR, Max).
        let notched = texts(try list(#"{ "device": "iPhone X", "orientation": "landscape", \#(split) }"#))
        #expect(notched.contains { $0.text == "Primary" && $0.frame.minX < 120 })
        #expect(!notched.contains { $0.text == "Detail" && $0.frame.minX >= 320 })
        let plus = texts(try list(#"{ "device": "iPhone 8 Plus", "orientation": "landscape", \#(split) }"#))
        #expect(plus.contains { $0.text == "Detail" && $0.frame.minX > 320 })
    }

    @Test func largeContentViewerShowsTheItemsTitle() throws {
        let found = texts(try list(#"""
        { "root": { "tabBarController": { "tabs": [ { "title": "Home" }, { "title": "Recents", "id": "r" } ] } },
          "largeContentViewer": { "item": "r" } }
        """#))
        let hud = try #require(found.first { $0.text == "Recents" && $0.font.size == 24 })
        #expect(abs(hud.frame.midX - 187.5) < 1)
    }

    @Test func largeContentViewerNeedsABarItem() throws {
        let s = try scene(#"{ "root": { "view": { "subviews": [ { "view": { "id": "v", "frame": [0, 0, 10, 10] } } ] } }, "largeContentViewer": { "item": "v" } }"#)
        #expect(throws: RenderError(path: "largeContentViewer.item", message: "\"v\" is a view or an empty item; the viewer shows a bar item's icon and title")) {
            try sharedRenderer.displayList(for: s)
        }
    }

    @Test func anIPadActionSheetWithoutASourceFailsWhenTheDeviceIsOverridden() throws {
        var s = try scene(#"{ "root": { "view": {} }, "presented": { "actionSheet": { "actions": ["Copy"] } } }"#)
        s.device = .iPad
        #expect(throws: RenderError.self) { try sharedRenderer.displayList(for: s) }
    }

    @Test func touchMarksSitOnTheirTarget() throws {
        let items = try list(#"""
        { "root": { "view": { "subviews": [ { "view": { "id": "b", "frame": [100, 100, 40, 40] } } ] } }, "touches": [ { "tap": "b" } ] }
        """#)
        // The disc is the second to last item (the ring is last), centered on the view.
        guard case .fill(let path, _, _) = items[items.count - 2] else { Issue.record("no disc"); return }
        let xs = path.commands.compactMap { if case .move(let p) = $0 { p.x } else { nil } }
        #expect(xs.first == 120)
    }

    @Test func layoutPinsPlaceViewsAgainstTheSafeArea() throws {
        let json = #"{ "devices": ["iPhone 8", "iPhone X"], "root": { "view": { "subviews": [ { "label": { "text": "Bar", "layout": { "guide": "safeArea", "left": 0, "right": 0, "bottom": 0, "height": 50 } } } ] } } }"#
        let s = try scene(json)
        let frames = try s.expandVariants().map { v in try texts(sharedRenderer.displayList(for: v.scene).items).first { $0.text == "Bar" }?.frame }
        #expect(frames == [Rect(x: 0, y: 617, width: 375, height: 50), Rect(x: 0, y: 812 - 34 - 50, width: 375, height: 50)])
        #expect(LayoutPins(centerX: 10, width: 100, height: 40).frame(in: Rect(x: 0, y: 0, width: 300, height: 100))
                == Rect(x: 110, y: 30, width: 100, height: 40))
        #expect(LayoutPins(top: 5, right: 20).frame(in: Rect(x: 0, y: 0, width: 300, height: 100)) == Rect(x: 0, y: 5, width: 280, height: 95))
        // Leading and trailing follow the layout direction.
        let pinned = LayoutPins(leading: 10, width: 50, height: 10)
        #expect(pinned.frame(in: Rect(x: 0, y: 0, width: 300, height: 100)).minX == 10)
        #expect(pinned.frame(in: Rect(x: 0, y: 0, width: 300, height: 100), direction: .rightToLeft).minX == 240)
    }

    @Test func aLongBackTitleBecomesBackThenGoes() throws {
        func backTitle(_ previous: String, _ title: String) throws -> String? {
            let found = texts(try list(#"{ "root": { "navigationController": { "stack": [ { "title": "\#(previous)" }, { "title": "\#(title)" } ] } } }"#))
            return found.first { $0.text == previous || $0.text == "Back" }?.text
        }
        #expect(try backTitle("Trails", "Comments") == "Trails")
        #expect(try backTitle("Half Dome Cables", "Comments") == "Back")
        #expect(try backTitle("Half Dome Cables", "A Much Longer Screen Title Here") == nil)
        // An empty back title asks for the chevron alone.
        let found = texts(try list(#"{ "root": { "navigationController": { "stack": [ { "title": "A", "backButtonTitle": "" }, { "title": "B" } ] } } }"#))
        #expect(found.map(\.text).filter { $0 == "Back" || $0 == "A" } == [])
    }

    @Test func aTallBarBackgroundImageFillsANotchedStatusBar() throws {
        let json = #"{ "device": "iPhone X", "root": { "navigationController": { "navigationBar": { "backgroundImage": "assets/bar-stripes-64.svg", "translucent": false }, "stack": [ { "title": "T" } ] } } }"#
        let items = try sharedRenderer.displayList(for: try scene(json, base: snapshotsRoot + "/Bars")).items
        // No black band behind the 44-point status bar (iOS 6's look for a 44-point image).
        #expect(!items.contains { if case .fill(let p, .color(let c), _) = $0 { c == .black && p == .rect(Rect(x: 0, y: 0, width: 375, height: 44)) } else { false } })
        let image = items.compactMap { if case .image(let i) = $0 { i } else { nil } }.first
        #expect(image?.frame == Rect(x: 0, y: 0, width: 375, height: 88))
    }

    /// iOS 11's UIBarItem images: landscapeImagePhone in a landscape phone's compact bar, and
    /// largeContentSizeImage in the large content viewer, fitted to its 75-point icon box.
    @Test func landscapeAndLargeContentSizeImages() throws {
        let tabs = #"""
        "root": { "tabBarController": { "tabs": [ { "title": "Home", "id": "home", "image": "assets/house.svg",
            "landscapeImagePhone": "assets/star.svg", "largeContentSizeImage": "assets/gear.svg" } ] } }
        """#
        func images(_ json: String) throws -> [ImageItem] {
            try sharedRenderer.displayList(for: try scene(json, base: snapshotsRoot + "/Bars")).items.flatMap { item -> [ImageItem] in
                switch item {
                case .image(let i): [i]
                case .group(let g): g.items.compactMap { if case .image(let i) = $0 { i } else { nil } }
                default: []
                }
            }
        }
        #expect(try images(#"{ \#(tabs) }"#).map(\.source.path) == ["assets/house.svg"])
        #expect(try images(#"{ "orientation": "landscape", \#(tabs) }"#).map(\.source.path) == ["assets/star.svg"])
        let hud = try images(#"{ \#(tabs), "largeContentViewer": { "item": "home" } }"#)
        let large = try #require(hud.first { $0.source.path == "assets/gear.svg" })
        #expect(max(large.frame.width, large.frame.height) == LargeContentViewerComponent.iconBox)
    }

    /// A pushed controller that hidesBottomBarWhenPushed takes the tab bar away; at the root of the
    /// stack the flag does nothing, as in UIKit.
    @Test func hidesBottomBarWhenPushed() throws {
        func tabTitles(_ flags: (Bool, Bool)) throws -> [String] {
            let json = #"{ "root": { "tabBarController": { "tabs": [ { "title": "Tab", "root": { "navigationController": { "stack": [ { "title": "A", "hidesBottomBarWhenPushed": \#(flags.0) }, { "title": "B", "hidesBottomBarWhenPushed": \#(flags.1) } ] } } } ] } } }"#
            return texts(try list(json)).map(\.text).filter { $0 == "Tab" }
        }
        #expect(try tabTitles((false, false)) == ["Tab"])
        #expect(try tabTitles((false, true)) == [])
        #expect(try tabTitles((true, false)) == ["Tab"])
    }

    /// The status bar follows the split view as laid out: collapsed on a phone, its stack's black
    /// navigation bar asks for light content.
    @Test func aCollapsedSplitViewSetsTheStatusBarFromItsStack() throws {
        let json = #"""
        { "root": { "splitViewController": { "primary": { "navigationController": { "navigationBar": { "barStyle": "black" }, "stack": [ { "title": "P" } ] } },
          "secondary": { "viewController": { "title": "S" } } } } }
        """#
        #expect(texts(try list(json)).first { $0.text == "9:41" }?.color == .white)
    }

    /// A text view starts its wrapped text at the top of its container: 8 down, 5 in.
    @Test func textViewsStartAtTheTopOfTheirContainer() throws {
        let found = texts(try list(#"{ "root": { "view": { "subviews": [ { "textView": { "frame": [10, 100, 200, 300], "font": 17, "text": "Two words" } } ] } } }"#))
        let t = try #require(found.first { $0.text == "Two words" })
        #expect(t.frame.origin == Point(x: 15, y: 108))
        #expect(t.frame.width == 190 && t.frame.height < 30)
        #expect(t.numberOfLines == 0)
        #expect(try SceneDecoder.decode(#"{ "root": { "textView": { "textContainerInset": [0, 0, 0, 0] } } }"#).root.kind
                == .textView(TextView(text: "", textContainerInset: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))))
    }
}
