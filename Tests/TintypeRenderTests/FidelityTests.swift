import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// Measurements taken on real UIKit screenshots (iOS 10, 1x alerts and sheets; iOS 10 2x tab bar
/// badges), kept as checks on the display list.
@Suite struct FidelityTests {
    /// Every fill's bounding box, groups opened, with the backdrop rectangles.
    func boxes(_ items: [DisplayItem]) -> (fills: [Rect], backdrops: [Rect], texts: [TextItem]) {
        var fills: [Rect] = [], backdrops: [Rect] = [], texts: [TextItem] = []
        for item in items {
            switch item {
            case .fill(let path, _, _):
                var xs: [Double] = [], ys: [Double] = []
                for c in path.commands {
                    switch c {
                    case .move(let p), .line(let p): xs.append(p.x); ys.append(p.y)
                    case .cubic(let a, let b, let e): xs += [a.x, b.x, e.x]; ys += [a.y, b.y, e.y]
                    case .close: break
                    }
                }
                if let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() {
                    fills.append(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
                }
            case .backdrop(let b): backdrops.append(b.rect)
            case .text(let t): texts.append(t)
            case .group(let g):
                let inner = boxes(g.items)
                fills += inner.fills; backdrops += inner.backdrops; texts += inner.texts
            default: break
            }
        }
        return (fills, backdrops, texts)
    }

    func presented(_ presentation: String) throws -> (fills: [Rect], backdrops: [Rect], texts: [TextItem]) {
        boxes(try sharedRenderer.displayList(for: try scene("""
        { "device": "iPhone 8", "scale": 1, "root": { "view": { "backgroundColor": "white" } }, "presented": \(presentation) }
        """)).items)
    }

    @Test func alertWithTitleMessageAndTwoButtonsIs124High() throws {
        // iOS 10: the box 124 high, the buttons' separator 80 under its top.
        let m = try presented(#"{ "alert": { "title": "Confirm", "message": "Delete this post?", "actions": [ { "title": "Delete", "style": "destructive" }, { "title": "Cancel", "style": "cancel" } ] } }"#)
        let box = try #require(m.backdrops.first)
        #expect(box.height == 124)
        #expect(box.minY == 272, "centered on 667 points and rounded to a pixel")
        let separator = try #require(m.fills.first { $0.height == 1 && $0.width == 270 })
        #expect(separator.minY - box.minY == 80)
        let vertical = try #require(m.fills.first { $0.width == 1 })
        #expect(vertical.minX - box.minX == 135)
    }

    @Test func alertTextFieldsStartUnderTheMessage() throws {
        // iOS 10: fields 25 high from ≈ 79.5 under the top, the separator 12 below them, 186 in all.
        let m = try presented(#"{ "alert": { "title": "Sign in", "message": "Input your ID and Password", "textFields": [ { "placeholder": "ID" }, { "placeholder": "Password", "secureTextEntry": true } ], "actions": [ { "title": "Cancel", "style": "cancel" }, "Sign in" ] } }"#)
        let box = try #require(m.backdrops.first)
        #expect(box.height == 186)
        // Each field's white reaches over its bottom border (a pixel more): 25 high and one line.
        let fields = m.fills.filter { $0.width == 238 && $0.height == 26 }
        #expect(fields.map { $0.minY - box.minY } == [80, 105])
        let separator = try #require(m.fills.first { $0.height == 1 && $0.width == 270 })
        #expect(separator.minY - box.minY == 142)
    }

    @Test func actionSheetRowsStepFiftySevenAndAHalf() throws {
        // iOS 10: a 44-point message header and four 57-point rows, each after a half-point
        // separator: a 274-point group, separators 44, 101, 159 and 216 under its top at 1x.
        let m = try presented(#"{ "actionSheet": { "message": "Which food do you like?", "actions": [ "A", "B", "C", "D", { "title": "None of them", "style": "cancel" } ] } }"#)
        let group = try #require(m.backdrops.first)
        #expect(group.height == 274 && group.minY == 667 - 10 - 57 - 8 - 274)
        let separators = m.fills.filter { $0.height == 1 && $0.width == 355 }.map { $0.minY - group.minY }
        #expect(separators == [44, 101, 159, 216])
        let message = try #require(m.texts.first { $0.text == "Which food do you like?" })
        #expect(message.font.weight == .semibold, "a message without a title is semibold")
    }

    @Test func actionSheetMessageUnderATitleStaysRegular() throws {
        let m = try presented(#"{ "actionSheet": { "title": "Food", "message": "Which?", "actions": [ "A" ] } }"#)
        #expect(m.texts.first { $0.text == "Which?" }?.font.weight == .regular)
        #expect(m.texts.first { $0.text == "Food" }?.font.weight == .semibold)
    }

    @Test func tabBadgeStartsSixAndAHalfRightOfTheImageCenter() throws {
        // iOS 10 2x screenshot: the pill's left edge 6.5 points right of the item's center.
        let list = try sharedRenderer.displayList(for: try scene("""
        { "device": "iPhone 8", "root": { "tabBarController": { "tabs": [
          { "title": "A", "badgeValue": "", "root": { "view": {} } }, { "title": "B", "root": { "view": {} } }, { "title": "C", "root": { "view": {} } } ] } } }
        """))
        let dot = try #require(boxes(list.items).fills.first { $0.width == 18 && $0.height == 18 })
        #expect(dot.minX == 375.0 / 6 + 6.5)
    }
}

/// The status bar of each era, on the display list.
@Suite struct StatusBarEraTests {
    func items(_ json: String) throws -> [DisplayItem] {
        try sharedRenderer.displayList(for: try scene(json)).items
    }

    func texts(_ items: [DisplayItem]) -> [String] {
        items.compactMap { if case .text(let t) = $0 { t.text } else { nil } }
    }

    func fillColors(_ items: [DisplayItem]) -> [Color] {
        items.compactMap { if case .fill(_, .color(let c), _) = $0 { c } else { nil } }
    }

    @Test func iOS10ShowsDotsCarrierBluetoothAndAGreenChargingBattery() throws {
        let list = try items(#"{ "device": "iPhone SE", "systemVersion": 10, "statusBar": { "carrier": "Carrier", "signal": 3, "charging": true, "batteryLevel": 0.5, "bluetooth": true }, "root": { "view": {} } }"#)
        #expect(texts(list).contains("Carrier") && texts(list).contains("50%"))
        #expect(fillColors(list).contains(.systemGreen), "a charging battery fills green")
        // Three filled dots and two rings (stroked circles, 0.5 wide).
        let rings = list.filter { if case .stroke(_, _, let style) = $0 { style.width == 0.5 } else { false } }
        #expect(rings.count == 2)
    }

    @Test func theFirstDotSitsWhereIOS10PutsIt() throws {
        // The iOS 10 2x screenshot: the first dot's ink from x 13 to 23 pixels, y 15 to 25.
        let list = try items(#"{ "device": "iPhone SE", "systemVersion": 10, "root": { "view": {} } }"#)
        let dots = FidelityTests().boxes(list).fills.filter { abs($0.width - 5.5) < 0.01 && abs($0.height - 5.5) < 0.01 }
        #expect(dots.count == 5)
        let first = try #require(dots.min { $0.minX < $1.minX })
        #expect(first.minX == 6.5 && first.minY == 7.5)
        #expect(dots.map(\.minX).sorted() == [6.5, 13.5, 20.5, 27.5, 34.5], "7 apart")
    }

    @Test func iOS11LightsBarsFromTheSignal() {
        #expect((0...5).map(StatusBarGlyphs.barsLit(signal:)) == [0, 1, 2, 3, 4, 4])
    }

    @Test func aLowBatteryIsRedUnlessCharging() throws {
        let low = try items(#"{ "statusBar": { "batteryLevel": 0.1 }, "root": { "view": {} } }"#)
        #expect(fillColors(low).contains(.systemRed))
        let charging = try items(#"{ "statusBar": { "batteryLevel": 0.1, "charging": true }, "root": { "view": {} } }"#)
        #expect(!fillColors(charging).contains(.systemRed))
    }

    @Test func aNotchedPhoneShowsNoCarrierOrPercentage() throws {
        let list = try items(#"{ "device": "iPhone X", "statusBar": { "carrier": "Carrier", "bluetooth": true }, "root": { "view": {} } }"#)
        #expect(texts(list) == ["9:41"])
    }
}
