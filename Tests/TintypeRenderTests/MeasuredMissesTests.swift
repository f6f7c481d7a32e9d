import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// The misses measured against real UIKit screenshots in the third fidelity round, and the review
/// items of the round before, each kept as a check on the display list.
@Suite struct MeasuredMissesTests {
    func items(_ json: String) throws -> [DisplayItem] {
        flat(try sharedRenderer.displayList(for: try scene(json)).items)
    }

    /// Solid fills with their end-point boxes and colors.
    func fills(_ items: [DisplayItem]) -> [(rect: Rect, color: Color)] {
        items.compactMap { if case .fill(let p, .color(let c), _) = $0 { (endPointBounds(p), c) } else { nil } }
    }

    func text(_ items: [DisplayItem], _ s: String) -> TextItem? {
        items.lazy.compactMap { if case .text(let t) = $0, t.text == s { t } else { nil } }.first
    }

    // MARK: Alerts and action sheets (iOS 10 screenshots at 1x)

    static let signIn = #"""
    { "device": "iPhone 8", "scale": 1, "root": { "view": { "backgroundColor": "white" } },
      "presented": { "alert": { "title": "Sign in", "message": "Input your ID and Password",
        "textFields": [ { "placeholder": "ID" }, { "placeholder": "Password", "secureTextEntry": true } ],
        "actions": [ { "title": "Cancel", "style": "cancel" }, "Sign in" ] } } }
    """#

    @Test func theFirstAlertFieldShowsATintCaret() throws {
        let list = try items(Self.signIn)
        // The box is 270 wide, centered: its left edge at 52.5 → 53 on the pixel grid; fields 16 in.
        let field = 53.0 + 16
        let caret = try #require(fills(list).first { $0.color == .systemBlue && $0.rect.width == 1 })
        #expect(caret.rect.minX == field + 5.5 && caret.rect.height == 15, "the screenshot's caret at x 34–35 in a field from 29")
        #expect(text(list, "ID")?.frame.minX == field + 8, "the focused field's placeholder after its caret")
        #expect(text(list, "Password")?.frame.minX == field + 5)
    }

    @Test func alertFieldBordersAreTranslucentSoTheSharedOneIsDarker() throws {
        let list = try items(Self.signIn)
        let strokes = list.compactMap { if case .stroke(_, .color(let c), _) = $0 { c } else { nil } }
        #expect(strokes.filter { $0 == AlertComponent.fieldBorder }.count == 2)
        // Over white the border reads 214, the screenshot's gray; two of them 180.
        let once = 255 * (1 - AlertComponent.fieldBorder.alpha)
        #expect(abs(once - 214) < 1)
        #expect(abs(255 * (1 - AlertComponent.fieldBorder.alpha) * (1 - AlertComponent.fieldBorder.alpha) - 180) < 1)
        // The white fills come before every border.
        let lastFill = list.lastIndex { if case .fill(_, .color(let c), _) = $0 { c == .white } else { false } }
        let firstStroke = list.firstIndex { if case .stroke = $0 { true } else { false } }
        #expect(try #require(lastFill) < #require(firstStroke))
    }

    @Test func anActionSheetMessageIsTheMeasuredGray() throws {
        let list = try items(#"""
        { "device": "iPhone 8", "scale": 1, "root": { "view": {} },
          "presented": { "actionSheet": { "message": "Which food do you like?", "actions": [ "A", { "title": "None", "style": "cancel" } ] } } }
        """#)
        let message = try #require(text(list, "Which food do you like?"))
        #expect(message.color == Color(rgb8: 123, 123, 123))
    }

    // MARK: Controls

    @Test func aThreeXKnobsContactRingIsHalfAPixelSoft() throws {
        func ringExtent(_ scale: Int) throws -> Double? {
            let list = try items(#"{ "device": "iPhone 8 Plus", "scale": \#(scale), "canvas": "fit", "root": { "switch": { "isOn": true, "onTintColor": "blue", "thumbTintColor": "lightGray" } } }"#)
            let radii = list.compactMap { if case .fill(_, .radial(_, let r, _), _) = $0 { r } else { nil } }
            return radii.min()
        }
        // The ring's gradient reaches 4σ past the knob's edge: ½ point at 2x, ⅙ at 3x.
        #expect(try ringExtent(2) == 14 + 2)
        let three = try #require(try ringExtent(3))
        #expect(abs(three - (83.0 / 6 + 4.0 / 6)) < 1e-9)
    }

    @Test func theStepperPlusBarRidesHalfAPointHigh() throws {
        let list = try items(#"{ "device": "iPhone 8", "canvas": { "size": [120, 40] }, "root": { "view": { "subviews": [ { "stepper": { "frame": [10, 5, 94, 29], "value": 1 } } ] } } }"#)
        // The plus is one fill of two rectangles: the horizontal bar, then the vertical one.
        let plus = try #require(list.compactMap { item -> [Rect]? in
            guard case .fill(let p, _, _) = item else { return nil }
            let rects = p.commands.split { if case .close = $0 { true } else { false } }
                .map { endPointBounds(Path(Array($0))) }
            return rects.count == 2 && rects[1].height == StepperComponent.glyphLength ? rects : nil
        }.first)
        let (h, v) = (plus[0], plus[1])
        #expect(h.midY - v.midY == StepperComponent.plusRise && StepperComponent.plusRise == 0.5)
    }

    // MARK: Tables and margins

    @Test func landscapeIPhoneXRowsStartAtTheSafeAreaAndMargin() throws {
        let list = try items(#"""
        { "device": "iPhone X", "orientation": "landscape", "root": { "tableView": { "style": "grouped",
          "sections": [ { "header": "Section", "footer": "Footer", "rows": [ "Row" ] } ] } } }
        """#)
        // 44 of safe area and 16 of margin: a compact width does not center the readable width.
        #expect(text(list, "Row")?.frame.minX == 60)
        #expect(text(list, "SECTION")?.frame.minX == 60)
        #expect(text(list, "Footer")?.frame.minX == 60)
        // An iPad (regular width) still keeps rows in the readable width.
        let pad = try items(#"{ "device": "iPad", "orientation": "landscape", "root": { "tableView": { "rows": [ "Row" ] } } }"#)
        #expect(try #require(text(pad, "Row")?.frame.minX) > 100)
    }

    @Test func aControllerViewNotInsetFromTheSafeAreaIgnoresAdditionalInsets() throws {
        func markerX(_ insets: Bool) throws -> Double? {
            let list = try items(#"""
            { "device": "iPhone 8", "root": { "viewController": { "additionalSafeAreaInsets": [0, 30, 0, 0], "view": { "view": {
              "insetsLayoutMarginsFromSafeArea": \#(insets),
              "subviews": [ { "view": { "layout": { "guide": "margins", "left": 0, "top": 100, "width": 10, "height": 10 }, "backgroundColor": "#123456" } } ] } } } } }
            """#)
            return fills(list).first { $0.color == Color(parsing: "#123456") }?.rect.minX
        }
        #expect(try markerX(true) == 46, "30 of additional safe area, then 16")
        #expect(try markerX(false) == 16)
    }

    @Test func popoverContentHasCompactMargins() throws {
        let list = try items(#"""
        { "device": "iPad", "root": { "view": { "subviews": [ { "view": { "id": "b", "frame": [100, 500, 80, 40] } } ] } },
          "presented": { "popover": { "sourceView": "b", "preferredContentSize": [320, 200], "root": { "tableView": { "rows": [ "Inside" ] } } } } }
        """#)
        let row = try #require(text(list, "Inside"))
        let panel = try #require(fills(list).first { $0.rect.width == 320 && $0.color == .white })
        #expect(row.frame.minX - panel.rect.minX == 16, "compact width: 16, not the iPad's 20")
    }

    @Test func aSwipedRowsSeparatorSlidesWithIt() throws {
        let list = try items(#"""
        { "device": "iPhone 8", "statusBar": { "hidden": true }, "root": { "tableView": { "rows": [
          { "text": "Swiped", "swiped": { "side": "trailing", "actions": [ { "title": "Delete", "style": "destructive" } ] } }, "Next" ] } } }
        """#)
        let separator = try #require(fills(list).first { $0.rect.height == 0.5 && abs($0.rect.maxY - 44) < 0.01 })
        let text = try #require(self.text(list, "Swiped"))
        // The separator starts where the text does, both moved left by the Delete button.
        #expect(separator.rect.minX == text.frame.minX && separator.rect.minX < 16)
    }

    @Test func aPlainSectionsLastRowHasNoSeparatorBeforeTheNextSection() throws {
        let list = try items(#"""
        { "device": "iPhone 8", "statusBar": { "hidden": true }, "root": { "tableView": { "sections": [
          { "header": "A", "rows": [ "a1", "a2" ] }, { "header": "B", "rows": [ "b1" ] } ] } } }
        """#)
        let hairlines = fills(list).filter { $0.rect.height == 0.5 }.map(\.rect.maxY)
        // Band 28, rows 44: a1 ends at 72 (separator), a2 at 116 (none, B's band follows), b1 at 188 (one, and the fillers).
        #expect(hairlines.contains { abs($0 - 72) < 0.01 })
        #expect(!hairlines.contains { abs($0 - 116) < 0.01 })
        #expect(hairlines.contains { abs($0 - 188) < 0.01 })
    }
    // MARK: Tab bars

    @Test func unselectedTabImagesAreLighterThanTheirTitles() throws {
        func drawn(_ bar: String) throws -> (images: [Color?], titles: [Color]) {
            let list = flat(try sharedRenderer.displayList(for: try scene(#"""
            { "device": "iPhone 8", "root": { "tabBarController": { \#(bar) "tabs": [
              { "title": "Home", "image": "assets/house.svg" }, { "title": "Find", "image": "assets/pin.svg" } ] } } }
            """#, base: snapshotsRoot + "/Bars")).items)
            let images = list.compactMap { if case .image(let i) = $0 { i.templateColor } else { nil } }
            let titles = list.compactMap { if case .text(let t) = $0, ["Home", "Find"].contains(t.text) { t.color } else { nil } }
            return (images, titles)
        }
        // The iOS 12 screenshot of a translucent tab bar: unselected icons read 161 over the bar's 249,
        // their titles no lighter than 146 (the darkest stem pixel 137).
        let plain = try drawn("")
        #expect(plain.images == [.systemBlue, Color(rgb8: 161, 161, 161)])
        #expect(plain.titles == [.systemBlue, Color(rgb8: 146, 146, 146)])
        // unselectedItemTintColor colors both.
        let custom = try drawn(#""tabBar": { "unselectedItemTintColor": "red" },"#)
        #expect(custom.images.last == Color(rgb8: 255, 0, 0) && custom.titles.last == Color(rgb8: 255, 0, 0))
    }
}
