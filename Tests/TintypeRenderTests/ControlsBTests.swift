import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

// Layout and drawing of the page control, activity indicator, text field, search bar, picker view
// and date picker, checked on the display list (and a few pixels).

/// A display list for one control at `frame` on a plain root view (status bar hidden).
private func list(_ kind: String, _ properties: String, frame: String = "[0, 0, 375, 216]", scene extra: String = "") throws -> DisplayList {
    try sharedRenderer.displayList(for: try scene("""
        { \(extra) "statusBar": {"hidden": true}, "root": {"view": {"subviews": [
          {"\(kind)": {"frame": \(frame), \(properties)}} ] }} }
        """))
}

/// Every item, groups opened, with the alpha of the groups around it.
private func flatten(_ items: [DisplayItem], alpha: Double = 1) -> [(item: DisplayItem, alpha: Double)] {
    items.flatMap { item -> [(item: DisplayItem, alpha: Double)] in
        if case .group(let g) = item { return flatten(g.items, alpha: alpha * g.alpha) }
        return [(item, alpha)]
    }
}

private func fills(_ l: DisplayList) -> [(path: Path, color: Color)] {
    flatten(l.items).compactMap { if case .fill(let p, .color(let c), _) = $0.item { (p, c) } else { nil } }
}

private func bounds(_ path: Path) -> Rect {
    var xs: [Double] = [], ys: [Double] = []
    for c in path.commands {
        switch c {
        case .move(let p), .line(let p): xs.append(p.x); ys.append(p.y)
        case .cubic(let a, let b, let e): xs += [a.x, b.x, e.x]; ys += [a.y, b.y, e.y]
        case .close: break
        }
    }
    guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return .zero }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
}

private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

@Suite struct PageControlRenderTests {
    @Test func dotsAreSevenAcrossNineApartCentered() {
        let dots = PageControlComponent.dotFrames(count: 3, in: Rect(x: 0, y: 0, width: 100, height: 37))
        #expect(dots.map(\.width) == [7, 7, 7])
        #expect(dots.map(\.minX) == [30.5, 46.5, 62.5] as [Double])
        #expect(dots.allSatisfy { $0.midY == 18.5 })
    }

    @Test func currentPageIsWhiteOthersFaint() throws {
        let l = try list("pageControl", #""numberOfPages": 4, "currentPage": 2"#, frame: "[0, 0, 375, 37]")
        let dots = fills(l).dropFirst()  // the window's background first
        #expect(dots.map(\.color) == [Color(white: 1, alpha: 0.2), Color(white: 1, alpha: 0.2), .white, Color(white: 1, alpha: 0.2)])
    }

    @Test func colorsMayBeTintAndDimWithTheWindow() throws {
        let props = #""numberOfPages": 2, "currentPage": 0, "currentPageIndicatorTintColor": "tint", "pageIndicatorTintColor": "systemGray""#
        let normal = try list("pageControl", props, frame: "[0, 0, 375, 37]", scene: #""tintColor": "systemRed","#)
        #expect(fills(normal).dropFirst().map(\.color) == [.systemRed, .systemGray])
        let dimmed = try list("pageControl", props, frame: "[0, 0, 375, 37]", scene: #""tintColor": "systemRed", "tintAdjustmentMode": "dimmed","#)
        #expect(fills(dimmed).dropFirst().map(\.color) == [Color.systemRed.dimmed, .systemGray])
    }

    @Test func singlePageHidesOnlyWhenAsked() throws {
        #expect(fills(try list("pageControl", #""numberOfPages": 1"#)).count == 2)
        #expect(fills(try list("pageControl", #""numberOfPages": 1, "hidesForSinglePage": true"#)).count == 1)
        #expect(fills(try list("pageControl", #""numberOfPages": 0"#)).count == 1)
    }

    @Test func rightToLeftStartsAtTheRight() throws {
        let l = try list("pageControl", #""numberOfPages": 3, "currentPage": 0"#, frame: "[0, 0, 375, 37]", scene: #""layoutDirection": "rtl","#)
        #expect(fills(l).dropFirst().map(\.color).last == .white)
    }
}

@Suite struct ActivityIndicatorRenderTests {
    @Test func twelveSpokesFadingBehindTheLeader() throws {
        let l = try list("activityIndicator", #""activityIndicatorViewStyle": "gray""#, frame: "[0, 0, 100, 100]")
        let spokes = Array(fills(l).dropFirst())
        #expect(spokes.count == 12)
        // Spoke 0 points up at full alpha; spoke 11 (just counterclockwise) is one step behind.
        #expect(spokes[0].color == Color(white: 0.5))
        #expect(near(spokes[11].color.alpha, 1 - 0.68 / 6))
        #expect(near(spokes[6].color.alpha, 0.32))
        #expect(near(spokes[1].color.alpha, 0.32), "more than six steps behind stays at 0.32")
        let up = bounds(spokes[0].path)
        #expect(near(up.minY, 40) && near(up.height, 5) && near(up.width, 2), "20-point gear: spokes 5 long, 2 wide")
        #expect(near(up.midX, 50))
    }

    @Test func largeGearAndCustomColor() throws {
        let l = try list("activityIndicator", #""activityIndicatorViewStyle": "whiteLarge", "color": "tint""#, frame: "[0, 0, 100, 100]",
                         scene: #""tintColor": "systemGreen","#)
        let spokes = Array(fills(l).dropFirst())
        let up = bounds(spokes[0].path)
        #expect(near(up.minY, 50 - 18.5) && near(up.height, 10) && near(up.width, 3))
        #expect(spokes[0].color == .systemGreen)
        let right = bounds(spokes[3].path)
        #expect(near(right.maxX, 68.5, 1e-9) && near(right.height, 3, 1e-9), "spoke 3 points right")
    }

    @Test func stoppedHidesUnlessTold() throws {
        #expect(fills(try list("activityIndicator", #""isAnimating": false"#)).count == 1)
        #expect(fills(try list("activityIndicator", #""isAnimating": false, "hidesWhenStopped": false"#)).count == 13)
    }
}

@Suite struct TextFieldRenderTests {
    let frame = Rect(x: 10, y: 20, width: 200, height: 30)

    @Test func layoutInsetsTextAndPlacesTheClearButton() {
        var f = TextField(borderStyle: .roundedRect, text: "abc", clearButtonMode: .always)
        var l = TextFieldComponent.layout(f, frame: frame)
        #expect(l.clearButton == Rect(x: 210 - 5 - 19, y: 25.5, width: 19, height: 19))
        #expect(l.text == Rect(x: 17, y: 20, width: 186 - 17, height: 30))
        f.clearButtonMode = .never
        f.borderStyle = .none
        l = TextFieldComponent.layout(f, frame: frame)
        #expect(l.clearButton == nil)
        #expect(l.text == frame)
    }

    @Test func sideViewsTakeTheirSizeAndEdges() {
        let f = TextField(borderStyle: .roundedRect, text: "abc", clearButtonMode: .always,
                          leftView: View(frame: Rect(x: 99, y: 99, width: 24, height: 16)), rightView: View(), rightViewMode: .unlessEditing)
        let l = TextFieldComponent.layout(f, frame: frame)
        #expect(l.leftView == Rect(x: 10, y: 27, width: 24, height: 16), "the frame's origin is ignored")
        #expect(l.rightView == Rect(x: 180, y: 20, width: 30, height: 30), "no frame: a square of the field's height")
        #expect(l.clearButton?.maxX == 180, "the clear button sits before the right view")
        #expect(l.text.minX == 34)
        var editing = f
        editing.isEditing = true
        #expect(TextFieldComponent.layout(editing, frame: frame).rightView == nil, "unlessEditing")
    }

    @Test func placeholderTextAndSecureDots() throws {
        let empty = try list("textField", #""borderStyle": "roundedRect", "placeholder": "Email""#, frame: "[0, 0, 300, 30]")
        #expect(texts(empty).map(\.text) == ["Email"])
        #expect(texts(empty).first?.color == Color(rgb8: 0xC7, 0xC7, 0xCD))
        #expect(texts(empty).first?.font == ResolvedFont(system: 17, weight: .regular))
        let secure = try list("textField", #""placeholder": "P", "text": "abcd", "secureTextEntry": true"#, frame: "[0, 0, 300, 30]")
        #expect(texts(secure).map(\.text) == ["\u{2022}\u{2022}\u{2022}\u{2022}"])
    }

    @Test func roundedRectBorderIsOnePixelAndDisabledFillsGray() throws {
        let enabled = fills(try list("textField", #""borderStyle": "roundedRect""#, frame: "[0, 0, 300, 30]"))
        #expect(enabled[1].color == .white)
        #expect(enabled[2].color == Color(rgb8: 0xCC, 0xCC, 0xCC))
        let disabled = fills(try list("textField", #""borderStyle": "roundedRect", "enabled": false"#, frame: "[0, 0, 300, 30]"))
        #expect(disabled[1].color == Color(white: 0.98))
    }

    @Test func caretIsTintColoredAfterTheTextAndDims() throws {
        let props = #""borderStyle": "roundedRect", "text": "Hi", "isEditing": true"#
        let l = try list("textField", props, frame: "[0, 0, 300, 30]", scene: #""tintColor": "systemOrange","#)
        let caret = try #require(fills(l).last)
        #expect(caret.color == .systemOrange)
        let r = bounds(caret.path)
        let width = TextEngine.shared.size(of: "Hi", font: ResolvedFont(system: 17, weight: .regular)).width
        #expect(near(r.midX, 7 + width + 2, 1e-9) && near(r.width, 2, 1e-9) && near(r.height, 20, 1e-9))
        let dimmed = try list("textField", props, frame: "[0, 0, 300, 30]", scene: #""tintColor": "systemOrange", "tintAdjustmentMode": "dimmed","#)
        #expect(fills(dimmed).last?.color == Color.systemOrange.dimmed)
    }

    @Test func rightAlignedTextMakesRoomForTheCaret() throws {
        let l = try list("textField", #""text": "42", "textAlignment": "right", "isEditing": true"#, frame: "[0, 0, 300, 30]")
        #expect(texts(l).first?.frame.maxX == 297)
        #expect(near(bounds(fills(l).last!.path).midX, 299))
    }

    @Test func sideViewsAreResolvedWithTheirOwnPathAndTint() throws {
        let l = try list("textField", #""tintColor": "systemPink", "leftView": {"view": {"frame": [0, 0, 20, 10], "backgroundColor": "tint"}}"#,
                         frame: "[0, 0, 300, 30]")
        let side = try #require(fills(l).last)
        #expect(side.color == .systemPink)
        #expect(bounds(side.path) == Rect(x: 0, y: 10, width: 20, height: 10))
    }
}

@Suite struct SearchBarRenderTests {
    let frame = Rect(x: 0, y: 0, width: 375, height: 200)

    @Test func layoutHeightsPerLook() {
        let seven = SearchBarComponent.layout(SearchBar(look: .iOS7, prompt: "P", scopeButtonTitles: ["A"]), frame: frame, cancelWidth: 0)
        #expect(seven.prompt == Rect(x: 0, y: 0, width: 375, height: 30))
        #expect(seven.row == Rect(x: 0, y: 30, width: 375, height: 44))
        #expect(seven.field == Rect(x: 8, y: 38, width: 359, height: 28))
        #expect(seven.scope == Rect(x: 8, y: 74 + 7.5, width: 359, height: 29))
        let eleven = SearchBarComponent.layout(SearchBar(look: .iOS11, showsCancelButton: true), frame: frame, cancelWidth: 50)
        #expect(eleven.row.height == 56)
        #expect(eleven.field == Rect(x: 8, y: 10, width: 375 - 8 - 8 - 50 - 8, height: 36))
        #expect(eleven.cancel == Rect(x: 375 - 8 - 50, y: 0, width: 50, height: 56))
        #expect(eleven.scope == nil && eleven.prompt == nil)
    }

    @Test func iOS7PlaceholderIsCenteredUntilEditing() throws {
        let idle = try list("searchBar", #""look": "iOS7", "placeholder": "Search""#, frame: "[0, 0, 375, 44]")
        let placeholder = try #require(texts(idle).first)
        let width = TextEngine.shared.size(of: "Search", font: ResolvedFont(system: 14, weight: .regular)).width
        let glass = 13.0, gap = 5.0
        #expect(near(placeholder.frame.minX, 187.5 - (glass + gap + width) / 2 + glass + gap, 1e-9))
        #expect(placeholder.color == .systemGray && placeholder.font.size == 14)
        let editing = try list("searchBar", #""look": "iOS7", "placeholder": "Search", "isEditing": true"#, frame: "[0, 0, 375, 44]")
        #expect(texts(editing).first?.frame.minX == 8 + 7 + glass + gap)
    }

    @Test func iOS11MinimalIdleFieldIsTheNavigationBarsSearchField() throws {
        let l = try list("searchBar", #""searchBarStyle": "minimal", "placeholder": "Search""#, frame: "[0, 0, 375, 56]")
        let field = Rect(x: 8, y: 10, width: 359, height: 36)
        // The bar's own drawing, its placeholder named after the search bar (as every text a component draws is).
        let expected = Resolver.attributed(SearchField.items(placeholder: "Search", frame: field, black: false, text: TextEngine.shared), to: "root.subviews[0]")
        #expect(Array(l.items.dropFirst().prefix(expected.count)) == expected)
    }

    @Test func prominentDrawsTheBarAndAWhiteField() throws {
        let l = try list("searchBar", ##""placeholder": "Search", "barTintColor": "#123456""##, frame: "[0, 0, 375, 56]")
        let colors = fills(l).map(\.color)
        #expect(colors[1] == Color(rgb8: 0x12, 0x34, 0x56))
        #expect(colors[2] == Color(white: 0, alpha: 0.3), "the hairline")
        #expect(colors[3] == .white)
        #expect(fills(try list("searchBar", "", frame: "[0, 0, 375, 56]"))[1].color == Color(rgb8: 0xC9, 0xC9, 0xCE))
    }

    @Test func cancelAndScopeFollowTheTintAndDim() throws {
        let props = #""showsCancelButton": true, "scopeButtonTitles": ["A", "B"], "selectedScopeButtonIndex": 1"#
        let l = try list("searchBar", props, frame: "[0, 0, 375, 100]", scene: #""tintColor": "systemRed","#)
        let t = texts(l)
        #expect(t.first { $0.text == "Cancel" }?.color == .systemRed)
        #expect(t.first { $0.text == "A" }?.color == .systemRed)
        #expect(t.first { $0.text == "B" }?.color == .white, "the selected segment's title is white on the tint")
        let dimmed = try list("searchBar", props, frame: "[0, 0, 375, 100]", scene: #""tintColor": "systemRed", "tintAdjustmentMode": "dimmed","#)
        #expect(texts(dimmed).first { $0.text == "Cancel" }?.color == Color.systemRed.dimmed)
    }

    @Test func disabledFadesTheContents() throws {
        let l = try list("searchBar", #""text": "abc", "showsCancelButton": true, "enabled": false"#, frame: "[0, 0, 375, 56]")
        let faded = flatten(l.items).filter { if case .text = $0.item { true } else { false } }
        #expect(faded.count == 2 && faded.allSatisfy { $0.alpha == 0.4 })
    }

    @Test func textShowsTheClearButtonAndTheCaretFollowsIt() throws {
        let l = try list("searchBar", #""text": "abc", "isEditing": true"#, frame: "[0, 0, 375, 56]", scene: #""tintColor": "systemTeal","#)
        #expect(texts(l).map(\.text) == ["abc"])
        #expect(texts(l).first?.color == .black && texts(l).first?.font.size == 17)
        #expect(fills(l).last?.color == .systemTeal, "the caret comes last")
    }
}

@Suite struct WheelRenderTests {
    @Test func placementsFollowUIKitsCylinder() {
        let p = Wheel.placements(height: 216, rowHeight: 32)
        #expect(p.map(\.offset).sorted() == [-3, -2, -1, 0, 1, 2, 3])
        let radius = 216 * 1.05 / Double.pi, step = 2 * Double.pi / 14
        let one = p.first { $0.offset == 1 }!
        let s = 1 / (1 + radius * (1 - cos(step)) / 900)
        #expect(near(one.y, radius * sin(step) * s) && near(one.scale, s) && near(one.height, 32 * cos(step) * s))
        #expect(near(p.first { $0.offset == -1 }!.y, -one.y), "symmetric")
        #expect(p.allSatisfy { abs($0.y) < 108 }, "every row inside the picker")
        #expect(Wheel.rowHeight(forHeight: 162) == 24 && Wheel.rowHeight(forHeight: 216) == 32)
    }

    @Test func maskFadesToNothingAtTheEdge() {
        #expect(Wheel.maskAlpha(distance: 0, halfHeight: 108) == 0.8)
        #expect(near(Wheel.maskAlpha(distance: 0.4 * 108, halfHeight: 108), 0.71))
        #expect(Wheel.maskAlpha(distance: 108, halfHeight: 108) == 0)
    }

    @Test func pickerViewRowsShrinkAndFadeAwayFromTheBand() throws {
        let l = try list("pickerView", #""components": [{"rows": ["a", "b", "c", "d", "e", "f", "g"], "selectedRow": 3}]"#)
        let t = texts(l)
        #expect(t.map(\.text) == ["d", "c", "e", "b", "f", "a", "g"])
        #expect(t[0].font.size == 23.5 && t[0].color == .black)
        #expect(near(t[0].frame.midY, 108))
        #expect(t[1].font.size < 21 && t[3].font.size < t[1].font.size && t[5].font.size < t[3].font.size)
        #expect(t[1].color.alpha < 0.447 && t[3].color.alpha < t[1].color.alpha)
        #expect(t[1].frame.midY < 108 && t[2].frame.midY > 108)
        // Two hairlines of black at 19.8% bound the band.
        let lines = fills(l).filter { $0.color == Color(white: 0, alpha: 0.198) }.map { bounds($0.path) }
        #expect(lines == [Rect(x: 0, y: 91.5, width: 375, height: 0.5), Rect(x: 0, y: 124, width: 375, height: 0.5)])
    }

    @Test func pickerViewRowsStopAtTheEndsAndColumnsShareTheWidth() throws {
        let l = try list("pickerView", #""components": [["a", "b"], {"rows": ["x"], "width": 100}]"#)
        #expect(Set(texts(l).map(\.text)) == ["a", "b", "x"])
        #expect(PickerViewComponent.columnWidths([nil, 100, nil], total: 375) == [132, 100, 132])
    }

    @Test func picksTheGivenTextColorAndClipsToTheFrame() throws {
        let l = try list("pickerView", #""components": [["a"]], "textColor": "tint""#, scene: #""tintColor": "systemRed","#)
        #expect(texts(l).first?.color == .systemRed)
        let group = l.items.compactMap { if case .group(let g) = $0 { g } else { nil } }.first
        #expect(group?.clip == .rect(Rect(x: 0, y: 0, width: 375, height: 216)))
    }
}

@Suite struct DatePickerRenderTests {
    func rows(_ properties: String, frame: String = "[0, 0, 375, 216]") throws -> [String] {
        texts(try list("datePicker", properties, frame: frame)).map(\.text)
    }

    @Test func timeModeShowsTwelveHourClockAndMeridiem() throws {
        let t = try rows(#""mode": "time", "date": "2017-06-05 12:05""#)
        #expect(Array(t.prefix(3)) == ["12", "05", "PM"])
        #expect(t.contains("11") && t.contains("1") && t.contains("04") && t.contains("AM"))
        let interval = try rows(#""mode": "time", "date": "00:50", "minuteInterval": 15"#)
        #expect(Array(interval.prefix(3)) == ["12", "45", "AM"], "the minute rounds down to the interval")
        #expect(interval.contains("00") && interval.contains("30"), "minutes wrap around")
    }

    @Test func dateModeWrapsMonthsAndDaysButNotYears() throws {
        let t = try rows(#""mode": "date", "date": "2017-01-31""#)
        #expect(Array(t.prefix(3)) == ["January", "31", "2017"])
        #expect(t.contains("December") && t.contains("February"))
        #expect(t.contains("1") && t.contains("30"), "day 31 sits between 30 and 1")
        #expect(t.contains("2016") && t.contains("2018"))
    }

    @Test func dateAndTimeNamesDaysAndToday() throws {
        let t = try rows(#""mode": "dateAndTime", "date": "2017-06-05 21:07", "today": "2017-06-05""#)
        #expect(Array(t.prefix(4)) == ["Today", "9", "07", "PM"])
        #expect(t.contains("Sun Jun 4") && t.contains("Tue Jun 6"))
        let noToday = try rows(#""mode": "dateAndTime", "date": "2017-06-05 21:07""#)
        #expect(noToday.first == "Mon Jun 5")
    }

    @Test func countdownShowsFixedLabels() throws {
        let l = try list("datePicker", #""mode": "countDownTimer", "countDownDuration": 3900"#)
        let t = texts(l)
        #expect(Array(t.map(\.text).prefix(2)) == ["1", "5"])
        let labels = t.filter { $0.font.weight == .semibold }
        #expect(labels.map(\.text) == ["hour", "min"])
        #expect(labels.allSatisfy { near($0.frame.midY, 108) })
        let plural = try rows(#""mode": "countDownTimer", "countDownDuration": 7200"#)
        #expect(plural.contains("hours"))
    }

    @Test func disabledFadesTheWheelsTo40Percent() throws {
        let l = try list("datePicker", #""enabled": false"#)
        let rows = flatten(l.items).filter { if case .text = $0.item { true } else { false } }
        #expect(!rows.isEmpty && rows.allSatisfy { $0.alpha == 0.4 })
    }

    @Test func rendersTheSameBytesTwice() throws {
        let s = try scene(#"{"root": {"datePicker": {"mode": "dateAndTime", "date": "2017-06-05 21:07"}}}"#)
        #expect(try sharedRenderer.render(s) == sharedRenderer.render(s))
    }
}

@Suite struct ControlsBPixelTests {
    @Test func dimmedCaretIsGrayOnScreen() throws {
        let s = try scene("""
            {"scale": 1, "tintAdjustmentMode": "dimmed", "statusBar": {"hidden": true}, "root": {"view": {"subviews": [
              {"textField": {"frame": [0, 0, 200, 30], "isEditing": true}} ]}}}
            """)
        let bitmap = try sharedRenderer.render(s)
        // The caret, 2 wide, centered at x = 0 (no text, no border): its right column at x = 0.
        let c = bitmap.rgba8(x: 0, y: 15)
        let gray = Int((Color.systemBlue.dimmed.red * 255).rounded())
        #expect(c.r == c.g && c.g == c.b && abs(c.r - gray) <= 1)
    }

    @Test func pageControlDotsLandOnPixels() throws {
        let s = try scene("""
            {"scale": 2, "backgroundColor": "black", "statusBar": {"hidden": true}, "root": {"view": {"subviews": [
              {"pageControl": {"frame": [0, 0, 100, 37], "numberOfPages": 3, "currentPage": 1}} ]}}}
            """)
        let bitmap = try sharedRenderer.render(s)
        let center = bitmap.rgba8(x: 100, y: 37)
        #expect(center.r == 255 && center.g == 255 && center.b == 255 && center.a == 255, "the middle dot's center is white")
        let faint = bitmap.rgba8(x: 2 * (50 - 16), y: 37)
        #expect(abs(faint.r - 51) <= 1, "the others are white at 20% over black")
    }
}
