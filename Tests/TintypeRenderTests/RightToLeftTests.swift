import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// Right to left in the parts that mirror as iOS lays them out: the status bar, text fields and
/// alerts (tables, bars, stack views and the other controls have their own suites).
@Suite struct RightToLeftTests {
    func list(_ json: String) throws -> DisplayList { try sharedRenderer.displayList(for: try scene(json)) }

    @Test func theStatusBarIsMirroredButItsTimeStaysCentered() throws {
        func frames(_ direction: String, device: String) throws -> [String: Rect] {
            let l = try list(#"{ "device": "\#(device)", "systemVersion": \#(device == "iPhone X" ? 11 : 10), "layoutDirection": "\#(direction)", "statusBar": { "carrier": "Carrier" }, "root": { "view": {} } }"#)
            return Dictionary(texts(l).map { ($0.text, $0.frame) }, uniquingKeysWith: { a, _ in a })
        }
        let ltr = try frames("leftToRight", device: "iPhone 8"), rtl = try frames("rightToLeft", device: "iPhone 8")
        let carrier = try #require(ltr["Carrier"]), mirrored = try #require(rtl["Carrier"])
        #expect(abs(mirrored.minX - (375 - carrier.maxX)) < 1e-9, "the carrier moves to the right")
        let percent = try #require(ltr["100%"]), percentRTL = try #require(rtl["100%"])
        #expect(percent.minX > 300 && percentRTL.maxX < 75, "the battery's percentage moves to the left")
        #expect(ltr["9:41"] == rtl["9:41"])
        // A notched phone: the time moves into the right ear.
        let x = try #require(try frames("leftToRight", device: "iPhone X")["9:41"]), xr = try #require(try frames("rightToLeft", device: "iPhone X")["9:41"])
        #expect(x.maxX < 120 && xr.minX > 255)
    }

    @Test func aTextFieldsLeadingViewAndClearButtonSwapSides() {
        let frame = Rect(x: 10, y: 20, width: 200, height: 30)
        let f = TextField(borderStyle: .roundedRect, text: "abc", clearButtonMode: .always, leftView: View(frame: Rect(x: 0, y: 0, width: 24, height: 16)))
        let ltr = TextFieldComponent.layout(f, frame: frame), rtl = TextFieldComponent.layout(f, frame: frame, direction: .rightToLeft)
        #expect(ltr.leftView?.minX == 10 && rtl.leftView?.maxX == 210, "the leading view is on the right")
        #expect(rtl.clearButton == Rect(x: 10 + 5, y: 25.5, width: 19, height: 19), "the clear button is on the left")
        #expect(rtl.text.maxX == 210 - 24 && abs(rtl.text.minX - (2 * 110 - ltr.text.maxX)) < 1e-9)
    }

    @Test func theCaretIsAtTheLeftEndOfRightToLeftText() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 30)
        // The caret's leftmost point.
        func x(_ item: DisplayItem) -> Double? {
            guard case .fill(let p, _, _) = item else { return nil }
            return p.commands.compactMap { c -> Double? in
                switch c {
                case .move(let q), .line(let q): q.x
                case .cubic(let a, let b, let q): min(a.x, b.x, q.x)
                case .close: nil
                }
            }.min()
        }
        let ltr = x(TextFieldComponent.caret(after: 40, in: rect, alignment: .left, fontSize: 17, color: .black))
        let rtl = x(TextFieldComponent.caret(after: 40, in: rect, alignment: .right, fontSize: 17, color: .black, direction: .rightToLeft))
        #expect(abs((ltr ?? 0) - 41) < 1e-6, "2 after the text's right end, 2 wide")
        #expect(abs((rtl ?? 0) - (100 - 40 - 2 - 1)) < 1e-6, "2 before the text's left end")
    }

    @Test func anAlertsCancelActionIsOnTheLeadingSide() throws {
        func cancelX(_ direction: String) throws -> Double? {
            let l = try list(#"""
            { "layoutDirection": "\#(direction)", "root": { "view": {} }, "presented": { "alert": { "title": "T", "actions": [ { "title": "No", "style": "cancel" }, "Yes" ] } } }
            """#)
            return texts(l).first { $0.text == "No" }?.frame.midX
        }
        let ltr = try #require(try cancelX("leftToRight")), rtl = try #require(try cancelX("rightToLeft"))
        #expect(ltr < 187.5 && rtl > 187.5)
        #expect(abs((ltr + rtl) / 2 - 187.5) < 1)
    }
}
