import Foundation
import Testing
import TintypeModel
import TintypeSnapshot
@testable import TintypeLayout
@testable import TintypeRender

/// The elements VoiceOver visits, as the layout lists them: UIKit's defaults for views, bars,
/// tabs, cells and alerts, the reading order (mirrored right to left), and what is not read.
@Suite struct AccessibilityLayoutTests {
    func elements(_ json: String) throws -> [AccessibilityElement] {
        try sharedRenderer.displayList(for: scene(json)).accessibility
    }

    func labels(_ json: String) throws -> [String] { try elements(json).map { $0.info.label ?? "-" } }

    func screen(_ views: String, extra: String = "") -> String {
        ##"{ "device": "iPhone 8", \##(extra) "root": { "view": { "backgroundColor": "white", "subviews": [ \##(views) ] } } }"##
    }

    @Test func rowsReadLeftToRightThenDown() throws {
        // B's top lies above A's middle: one row, read by x. C is below: the next row.
        let json = screen(##"""
            { "label": { "frame": [200, 104, 100, 30], "text": "B" } },
            { "label": { "frame": [16, 100, 100, 30], "text": "A" } },
            { "label": { "frame": [16, 200, 100, 30], "text": "C" } },
            { "label": { "frame": [200, 116, 100, 30], "text": "D" } }
            """##)
        // D's top (116) is past A's middle (115): a row of its own, after A and B.
        #expect(try labels(json) == ["A", "B", "D", "C"])
        #expect(try labels(json.replacingOccurrences(of: #""device": "iPhone 8","#, with: #""device": "iPhone 8", "layoutDirection": "rtl","#))
            == ["B", "A", "D", "C"], "right to left, a row is read from its right")
    }

    @Test func hiddenTransparentClippedAndOffscreenViewsAreNotRead() throws {
        let json = screen(##"""
            { "label": { "frame": [16, 100, 100, 30], "text": "shown" } },
            { "label": { "frame": [16, 140, 100, 30], "text": "hidden", "hidden": true } },
            { "label": { "frame": [16, 180, 100, 30], "text": "clear", "alpha": 0 } },
            { "label": { "frame": [16, 900, 100, 30], "text": "below" } },
            { "view": { "frame": [16, 220, 100, 30], "clipsToBounds": true, "subviews": [
                { "label": { "frame": [0, 40, 100, 30], "text": "clipped" } } ] } },
            { "label": { "frame": [16, 260, 100, 30], "text": "ignored", "isAccessibilityElement": false } }
            """##)
        #expect(try labels(json) == ["shown"])
    }

    @Test func anElementHidesItsSubviewsAndReadsThem() throws {
        let json = screen(##"""
            { "view": { "frame": [0, 100, 375, 60], "isAccessibilityElement": true, "accessibilityHint": "Opens the card", "subviews": [
                { "label": { "frame": [16, 0, 100, 30], "text": "Weather" } },
                { "label": { "frame": [16, 30, 100, 30], "text": "Sunny" } } ] } }
            """##)
        let e = try elements(json)
        #expect(e.map(\.info) == [AccessibilityInfo(label: "Weather, Sunny", hint: "Opens the card")])
        #expect(e.first?.frame == Rect(x: 0, y: 100, width: 375, height: 60))
        #expect(e.first?.path == "root.subviews[0]")
    }

    @Test func controlsAndTheirParts() throws {
        let json = screen(##"""
            { "switch": { "frame": [16, 100, 51, 31], "isOn": true, "accessibilityLabel": "Wi-Fi" } },
            { "stepper": { "frame": [16, 150, 94, 29], "value": 3, "maximumValue": 3 } },
            { "segmentedControl": { "frame": [16, 200, 300, 29], "segments": ["Day", "Week"], "selectedSegmentIndex": 0 } }
            """##)
        let e = try elements(json)
        #expect(e.map { $0.info.label ?? "-" } == ["Wi-Fi", "Decrement", "Increment", "Day", "Week"])
        #expect(e[0].info == AccessibilityInfo(label: "Wi-Fi", value: "1", traits: [.button]))
        #expect(e[2].info.traits == [.button, .notEnabled], "at its maximum the stepper cannot go up")
        #expect(e[1].frame == Rect(x: 16, y: 150, width: 47, height: 29))
        #expect(e[3].frame == Rect(x: 16, y: 200, width: 150, height: 29))
        #expect(e[3].info.traits == [.button, .selected] && e[3].info.value == "1 of 2")
    }

    @Test func barsTabsAndTheirOrder() throws {
        let json = ##"""
            { "device": "iPhone 8", "root": { "tabBarController": { "selectedIndex": 1, "tabs": [
              { "title": "Home", "root": { "viewController": {} } },
              { "title": "Mail", "badgeValue": "3", "root": { "navigationController": { "stack": [
                { "title": "Inbox" },
                { "title": "Message", "rightItems": [ { "system": "compose" } ],
                  "view": { "view": { "backgroundColor": "white", "subviews": [ { "label": { "frame": [16, 100, 200, 30], "text": "Hello" } } ] } } }
              ] } } } ] } } }
            """##
        let e = try elements(json)
        #expect(e.map { $0.info.label ?? "-" } == ["Inbox", "Message", "Compose", "Hello", "Home", "Mail"])
        #expect(e[0].info.traits == [.button] && e[1].info.traits == [.header] && e[2].info.traits == [.button])
        #expect(e[4].info == AccessibilityInfo(label: "Home", hint: "Tab, 1 of 2", traits: [.button]))
        #expect(e[5].info == AccessibilityInfo(label: "Mail", value: "3", hint: "Tab, 2 of 2", traits: [.button, .selected]))
        let rtl = try labels(json.replacingOccurrences(of: #""device": "iPhone 8","#, with: #""device": "iPhone 8", "layoutDirection": "rtl","#))
        #expect(rtl == ["Inbox", "Message", "Compose", "Hello", "Home", "Mail"], "mirrored bars read from the right: the same order")
    }

    @Test func cellsAreOneElementEach() throws {
        let json = ##"""
            { "device": "iPhone 8", "root": { "tableView": { "style": "grouped", "sections": [ { "header": "Network", "footer": "Known networks join.",
              "rows": [
                { "text": "Wi-Fi", "detailText": "Home", "style": "value1", "accessoryType": "disclosureIndicator" },
                { "text": "Airplane Mode", "accessoryView": { "switch": { "isOn": false } } },
                { "text": "Home", "accessoryType": "checkmark" } ] } ] } } }
            """##
        let e = try elements(json)
        #expect(e.map(\.info) == [
            AccessibilityInfo(label: "NETWORK", traits: [.header]),
            AccessibilityInfo(label: "Wi-Fi, Home", traits: [.button]),
            AccessibilityInfo(label: "Airplane Mode", value: "0", traits: [.button]),
            AccessibilityInfo(label: "Home", traits: [.selected]),
            AccessibilityInfo(label: "Known networks join.", traits: [.staticText]),
        ])
        #expect(e[1].frame.width == 375 && e[1].path == "root.sections[0].rows[0]")
    }

    @Test func aRowsOwnPropertiesOverUIKits() throws {
        let json = ##"""
            { "device": "iPhone 8", "root": { "tableView": { "style": "grouped", "sections": [ { "rows": [
                { "text": "Wi-Fi", "detailText": "Home", "style": "value1", "accessoryType": "disclosureIndicator",
                  "accessibilityLabel": "Wireless", "accessibilityHint": "Lists the networks", "accessibilityIdentifier": "wifi" },
                { "text": "Airplane Mode", "accessoryView": { "switch": { "isOn": true } }, "accessibilityTraits": ["adjustable"] },
                { "text": "Name", "detailText": "Ann", "style": "value1", "isAccessibilityElement": false,
                  "accessoryView": { "switch": { "isOn": false } } } ] } ] } } }
            """##
        let e = try elements(json)
        #expect(e.map(\.info) == [
            AccessibilityInfo(label: "Wireless", hint: "Lists the networks", traits: [.button], identifier: "wifi"),
            AccessibilityInfo(label: "Airplane Mode", value: "1", traits: [.adjustable]),
            // Not one element: its labels and its switch are read one by one, in the row's order.
            AccessibilityInfo(label: "Name", traits: [.staticText]),
            AccessibilityInfo(label: "Ann", traits: [.staticText]),
            AccessibilityInfo(value: "0", traits: [.button]),
        ])
        #expect(e.map(\.path).suffix(3) == ["root.sections[0].rows[2].textLabel", "root.sections[0].rows[2].detailTextLabel",
                                             "root.sections[0].rows[2].accessoryView"])
        #expect(e[2].frame.minX > 0 && e[2].frame.width < 375 && e[3].frame.minX > e[2].frame.maxX)
        // Under right to left the labels are where the mirrored row shows them, read from the right.
        let rtl = try elements(json.replacingOccurrences(of: #""device": "iPhone 8","#, with: #""device": "iPhone 8", "layoutDirection": "rtl","#))
        #expect(rtl.map { $0.info.label ?? "-" }.suffix(3) == ["Name", "Ann", "-"])
        #expect(rtl[2].frame.maxX > rtl[3].frame.maxX && rtl[2].frame.maxX > 300)
    }

    @Test func aDetailButtonIsAnElementAfterItsRow() throws {
        let json = ##"""
            { "device": "iPhone 8", "root": { "tableView": { "style": "grouped", "sections": [ { "rows": [
                { "text": "Home", "accessoryType": "detailButton" },
                { "text": "Office", "detailText": "Secured", "style": "subtitle", "accessoryType": "detailDisclosureButton" },
                { "text": "Other" } ] } ] } } }
            """##
        let e = try elements(json)
        #expect(e.map { $0.info.label ?? "-" } == ["Home", "More Info", "Office, Secured", "More Info", "Other"])
        #expect(e[1].path == "root.sections[0].rows[0].detailButton" && e[1].info.traits == [.button])
        #expect(e[2].info.traits == [.button], "a detail disclosure row is a button itself")
        #expect(e[1].frame.width == 22 && e[1].frame.maxX <= 375 - 15 && abs(e[1].frame.midY - e[0].frame.midY) < 1)
        // The detail disclosure's button sits before its chevron.
        #expect(e[3].frame.maxX < 375 - 15 - 8)
        let rtl = try elements(json.replacingOccurrences(of: #""device": "iPhone 8","#, with: #""device": "iPhone 8", "layoutDirection": "rtl","#))
        #expect(rtl.map { $0.info.label ?? "-" } == ["Home", "More Info", "Office, Secured", "More Info", "Other"])
        #expect(rtl[1].frame.minX >= 15 && rtl[1].frame.maxX < 60, "mirrored to the left edge")
        // Inside a view made one element, nothing of the table is read on its own.
        let inside = try elements(##"""
            { "device": "iPhone 8", "root": { "view": { "isAccessibilityElement": true, "accessibilityLabel": "Card", "subviews": [
                { "tableView": { "frame": [0, 0, 375, 300], "rows": [ { "text": "Home", "accessoryType": "detailButton" } ] } } ] } } }
            """##)
        #expect(inside.map { $0.info.label ?? "-" } == ["Card"])
    }

    @Test func anAlertIsModal() throws {
        let json = ##"""
            { "device": "iPhone 8", "root": { "view": { "backgroundColor": "white", "subviews": [
                { "button": { "frame": [16, 100, 100, 44], "title": "Behind" } } ] } },
              "presented": { "alert": { "title": "Delete?", "message": "It goes for good.",
                "actions": [ { "title": "Delete", "style": "destructive" }, { "title": "Cancel", "style": "cancel" } ] } } }
            """##
        let e = try elements(json)
        #expect(e.map { $0.info.label ?? "-" } == ["Delete?", "It goes for good.", "Cancel", "Delete"])
        #expect(e.map(\.path) == ["presented.text[0]", "presented.text[1]", "presented.actions[1]", "presented.actions[0]"])
        #expect(e[2].info.traits == [.button])
    }

    @Test func aModalViewHidesItsSiblings() throws {
        let json = screen(##"""
            { "label": { "frame": [16, 100, 100, 30], "text": "Behind" } },
            { "view": { "frame": [0, 200, 375, 200], "accessibilityViewIsModal": true, "subviews": [
                { "label": { "frame": [16, 0, 100, 30], "text": "Sheet" } } ] } }
            """##)
        #expect(try labels(json) == ["Sheet"])
    }

    @Test func theSnapshotIsTheScreenAndALegend() throws {
        let s = try scene(screen(##"{ "button": { "frame": [16, 100, 100, 44], "title": "Go" } }"##))
        let image = try AccessibilitySnapshot.image(of: s, renderer: sharedRenderer)
        #expect(image.width == (375 + 300) * 2 && image.height == 667 * 2)
        #expect(try AccessibilitySnapshot.image(of: s, renderer: sharedRenderer).pixels == image.pixels, "the same scene gives the same pixels")
        // The screen's pixels outside the marks are the render's own.
        let plain = try sharedRenderer.render(s)
        let at = { (b: Bitmap, x: Int, y: Int) in Array(b.pixels[((y * b.width + x) * 4)..<((y * b.width + x) * 4 + 4)]) }
        #expect(at(image, 600, 1000) == at(plain, 600, 1000))
        #expect(at(image, 34, 201) != at(plain, 34, 201), "the button's outline is drawn over it")
    }
}
