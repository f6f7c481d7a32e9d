import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

// Layout and drawing of the button, segmented control, stepper, switch, slider and progress view,
// checked on the display list and on a few pixels.

/// A scene with one control at `frame` on a white root view (status bar hidden), at 2x.
private func controlScene(_ kind: String, _ properties: String, frame: String, scene extra: String = "") throws -> Scene {
    try scene("""
        { \(extra) "device": "iPhone 8", "statusBar": {"hidden": true}, "root": {"view": {"backgroundColor": "white", "subviews": [
          {"\(kind)": {"frame": \(frame)\(properties.isEmpty ? "" : ", " + properties)}} ] }} }
        """, base: snapshotsRoot + "/Controls")
}

private func list(_ kind: String, _ properties: String = "", frame: String = "[20, 100, 300, 44]", scene extra: String = "") throws -> DisplayList {
    try sharedRenderer.displayList(for: try controlScene(kind, properties, frame: frame, scene: extra))
}

private func pixels(_ kind: String, _ properties: String = "", frame: String = "[20, 100, 300, 44]", scene extra: String = "") throws -> Bitmap {
    try sharedRenderer.render(try controlScene(kind, properties, frame: frame, scene: extra))
}

/// Every item after the window's background, groups opened, with the alpha of the groups around it.
private func flatten(_ items: [DisplayItem], alpha: Double = 1) -> [(item: DisplayItem, alpha: Double)] {
    items.flatMap { item -> [(item: DisplayItem, alpha: Double)] in
        if case .group(let g) = item { return flatten(g.items, alpha: alpha * g.alpha) }
        return [(item, alpha)]
    }
}

private func content(_ l: DisplayList) -> [(item: DisplayItem, alpha: Double)] { Array(flatten(l.items).dropFirst(2)) }

private func textsWithAlpha(_ l: DisplayList) -> [(text: TextItem, alpha: Double)] {
    content(l).compactMap { if case .text(let t) = $0.item { (t, $0.alpha) } else { nil } }
}

private func fills(_ l: DisplayList) -> [(path: Path, color: Color, alpha: Double)] {
    content(l).compactMap { if case .fill(let p, .color(let c), _) = $0.item { (p, c, $0.alpha) } else { nil } }
}

private func images(_ l: DisplayList) -> [(image: ImageItem, alpha: Double)] {
    content(l).compactMap { if case .image(let i) = $0.item { (i, $0.alpha) } else { nil } }
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
private func near(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-6) -> Bool {
    near(a.minX, b.minX, tolerance) && near(a.minY, b.minY, tolerance) && near(a.width, b.width, tolerance) && near(a.height, b.height, tolerance)
}

/// The pixel at a point (in points) of a 2x bitmap, as 8-bit channels.
private func pixel(_ b: Bitmap, _ x: Double, _ y: Double) -> (r: Int, g: Int, b: Int, a: Int) {
    b.rgba8(x: Int(x * 2), y: Int(y * 2))
}

private let white = Color.white

@Suite struct ControlsATests {
    // MARK: Switch

    @Test func switchIsFiftyOneByThirtyOneAtTheFrameOrigin() throws {
        let l = try list("switch", #""isOn": true"#, frame: "[20, 100, 200, 80]")
        let track = try #require(fills(l).first)
        #expect(near(bounds(track.path), Rect(x: 20, y: 100, width: 51, height: 31)), "UIKit ignores the frame's size")
        #expect(track.color == .systemGreen)
    }

    @Test func knobIsLeftWhenOffRightWhenOn() {
        let track = Rect(x: 0, y: 0, width: 51, height: 31)
        #expect(SwitchComponent.knobFrame(Switch(isOn: false), track: track) == Rect(x: 1.5, y: 1.5, width: 28, height: 28))
        #expect(SwitchComponent.knobFrame(Switch(isOn: true), track: track) == Rect(x: 21.5, y: 1.5, width: 28, height: 28))
        #expect(SwitchComponent.knobFrame(Switch(isOn: true), track: track, direction: .rightToLeft).minX == 1.5, "mirrored right to left")
        let pressed = SwitchComponent.knobFrame(Switch(isOn: true, state: ControlState(isHighlighted: true)), track: track)
        #expect(pressed == Rect(x: 14.5, y: 1.5, width: 35, height: 28), "pressed, the knob stretches toward the middle")
    }

    @Test func knobIsWhiteWithShadowsUnderIt() throws {
        let l = try list("switch", "", frame: "[20, 100, 51, 31]")
        let all = content(l)
        // Three radial shadows, then the knob.
        let radial = all.filter { if case .fill(_, .radial, _) = $0.item { true } else { false } }
        #expect(radial.count == 3)
        guard case .fill(let knob, .color(let c), _) = try #require(all.last?.item) else { Issue.record("no knob"); return }
        #expect(c == .white)
        #expect(near(bounds(knob), Rect(x: 21.5, y: 101.5, width: 28, height: 28)))
    }

    @Test func switchPixels() throws {
        let on = try pixels("switch", #""isOn": true"#, frame: "[20, 100, 51, 31]")
        let green = pixel(on, 26, 115.5)
        #expect(green.r == 0x4C && green.g == 0xD9 && green.b == 0x64, "the on track is #4CD964")
        let knob = pixel(on, 55.5, 110)
        #expect(knob.r == 255 && knob.g == 255 && knob.b == 255, "the knob is on the right")
        let off = try pixels("switch", "", frame: "[20, 100, 51, 31]")
        // Right of the knob (its faint halo reaches a few levels there).
        let border = pixel(off, 54, 100.5)
        #expect(abs(border.r - 0xE6) <= 3 && border.r == border.g && border.g == border.b, "the off outline is #E6E6E6, got \(border)")
        let inside = pixel(off, 62, 115.5)
        #expect(inside.r >= 248 && inside.r == inside.b, "the off track is clear (white shows through), got \(inside)")
        let knobOff = pixel(off, 35.5, 110)
        #expect(knobOff.r == 255 && knobOff.g == 255 && knobOff.b == 255, "the knob is on the left")
    }

    @Test func offOutlineIsOneAndAHalfPointsThick() throws {
        // iOS 10 and 11 screenshots: three device pixels at 2x, then the clear track.
        let off = try pixels("switch", "", frame: "[20, 100, 51, 31]")
        let third = pixel(off, 54, 101.25), fourth = pixel(off, 54, 101.75)
        #expect(abs(third.r - 0xE6) <= 3, "the third pixel row is outline, got \(third)")
        #expect(fourth.r >= 248, "the fourth pixel row is clear, got \(fourth)")
    }

    @Test func knobIsEightyThreePixelsAcrossAt3x() {
        // Measured on an iOS 11 3x screenshot: 83 pixels, centered in the 31-point track.
        let track = Rect(x: 0, y: 0, width: 51, height: 31)
        let knob = SwitchComponent.knobFrame(Switch(isOn: true), track: track, scale: 3)
        #expect(abs(knob.height * 3 - 83) < 1e-9 && abs(knob.midY - 15.5) < 1e-9)
        #expect(SwitchComponent.knobFrame(Switch(isOn: true), track: track, scale: 2).height == 28, "28 at 2x")
    }

    @Test func shadowProfileIsABlurredDisc() {
        // Deep inside the disc the blur changes nothing, at the edge it is half, far out nothing.
        #expect(near(SwitchComponent.blurredDisc(at: 0, radius: 14, sigma: 1.5), 1, 1e-6))
        #expect(near(SwitchComponent.blurredDisc(at: 14, radius: 14, sigma: 0.5), 0.5, 0.01))
        #expect(SwitchComponent.blurredDisc(at: 30, radius: 14, sigma: 1.5) < 1e-6)
        #expect(near(SwitchComponent.i0e(19.99), SwitchComponent.i0e(20.01), 1e-4), "the series and the expansion meet")
    }

    @Test func switchColorsAreItsOwnNotTheTint() throws {
        let dimmed = try list("switch", #""isOn": true"#, frame: "[0, 0, 51, 31]", scene: #""tintAdjustmentMode": "dimmed","#)
        #expect(fills(dimmed).first?.color == .systemGreen, "a dimmed window leaves the green alone")
        let custom = try list("switch", #""isOn": true, "onTintColor": "tint""#, frame: "[0, 0, 51, 31]", scene: #""tintColor": "systemRed","#)
        #expect(fills(custom).first?.color == .systemRed)
        let outline = try list("switch", #""tintColor": "systemRed""#, frame: "[0, 0, 51, 31]", scene: #""tintAdjustmentMode": "dimmed","#)
        #expect(fills(outline).first?.color == Color.systemRed.dimmed, "a specific tintColor outlines the off track, and dims")
        let thumb = try list("switch", #""thumbTintColor": "lightGray""#, frame: "[0, 0, 51, 31]")
        #expect(fills(thumb).last?.color == Color(white: 2.0 / 3))
    }

    @Test func disabledSwitchIsAtHalfAlpha() throws {
        let l = try list("switch", #""isOn": true, "enabled": false"#, frame: "[0, 0, 51, 31]")
        #expect(content(l).allSatisfy { $0.alpha == 0.5 })
    }

    // MARK: Slider

    @Test func sliderTrackAndThumb() throws {
        let l = try list("slider", #""value": 0.5"#, frame: "[20, 100, 300, 31]")
        let f = fills(l)
        // Maximum track, minimum track up to the thumb, then the knob.
        #expect(f[0].color == ControlDrawing.trackGray)
        #expect(near(bounds(f[0].path), Rect(x: 20, y: 114.5, width: 300, height: 2)))
        #expect(f[1].color == .systemBlue, "the minimum side is the tint")
        #expect(near(bounds(f[1].path), Rect(x: 20, y: 114.5, width: 150, height: 2)))
        #expect(near(bounds(f.last!.path), Rect(x: 156, y: 100.5, width: 28, height: 28)), "the thumb rides 1 point above the track's center")
    }

    @Test func sliderThumbTravelsInsideTheFrame() {
        let frame = Rect(x: 0, y: 0, width: 200, height: 31)
        #expect(SliderComponent.thumbCenterX(Slider(value: 0), frame: frame, thumbWidth: 28) == 14)
        #expect(SliderComponent.thumbCenterX(Slider(value: 1), frame: frame, thumbWidth: 28) == 186)
        #expect(SliderComponent.thumbCenterX(Slider(value: 25, minimumValue: 0, maximumValue: 100), frame: frame, thumbWidth: 28) == 57)
        #expect(SliderComponent.thumbCenterX(Slider(value: 0), frame: frame, thumbWidth: 28, direction: .rightToLeft) == 186)
    }

    @Test func sliderColorsAndStates() throws {
        let tinted = try list("slider", #""value": 0.3, "minimumTrackTintColor": "systemGreen", "maximumTrackTintColor": "red", "thumbTintColor": "systemYellow""#)
        #expect(fills(tinted).map(\.color) == [Color(red: 1, green: 0, blue: 0), .systemGreen, .systemYellow])
        let dimmed = try list("slider", #""value": 0.3"#, scene: #""tintAdjustmentMode": "dimmed","#)
        #expect(fills(dimmed)[1].color == Color.systemBlue.dimmed)
        let disabled = try list("slider", #""value": 0.3, "enabled": false"#)
        #expect(content(disabled).allSatisfy { $0.alpha == 0.5 })
        let rtl = try list("slider", #""value": 0.25"#, frame: "[0, 0, 228, 31]", scene: #""layoutDirection": "rightToLeft","#)
        #expect(near(bounds(fills(rtl)[1].path), Rect(x: 164, y: 14.5, width: 64, height: 2)), "right to left, the minimum side is on the right")
    }

    @Test func sliderImagesReplaceTheParts() throws {
        let l = try list("slider", """
            "value": 0.5, "minimumTrackImage": {"image": "assets/slider-track-min.svg", "capInsets": [0, 3, 0, 3]},
            "maximumTrackImage": "assets/slider-track-max.svg", "thumbImage": "assets/slider-thumb.svg"
            """, frame: "[0, 0, 222, 31]")
        let i = images(l)
        #expect(i.count == 3)
        #expect(i.allSatisfy { $0.image.templateColor == nil }, "slider images are drawn as they are")
        #expect(near(i[0].image.frame, Rect(x: 111, y: 12.5, width: 111, height: 6)), "the maximum side keeps its image's height")
        #expect(i[1].image.capInsets == EdgeInsets(top: 0, left: 3, bottom: 0, right: 3))
        #expect(near(i[2].image.frame, Rect(x: 100, y: 4.5, width: 22, height: 22)), "the thumb image at its own size")
        #expect(fills(l).isEmpty, "no default track or knob")
    }

    // MARK: Progress view

    @Test func progressViewTrackAndProgress() throws {
        let l = try list("progressView", #""progress": 0.25"#, frame: "[20, 100, 200, 2]")
        let f = fills(l)
        #expect(f.map(\.color) == [ControlDrawing.trackGray, .systemBlue])
        #expect(near(bounds(f[1].path), Rect(x: 20, y: 100, width: 50, height: 2)))
        let bar = try list("progressView", #""progress": 0.5, "progressViewStyle": "bar""#, frame: "[0, 0, 200, 2]")
        #expect(fills(bar).map(\.color) == [.systemBlue], "the bar style has no track")
        let dimmed = try list("progressView", #""progress": 0.5, "progressTintColor": "systemPink""#, scene: #""tintAdjustmentMode": "dimmed","#)
        #expect(fills(dimmed).last?.color == .systemPink, "a fixed progress color does not dim")
        let empty = try list("progressView", #""progress": 0"#)
        #expect(fills(empty).count == 1)
        let rtl = try list("progressView", #""progress": 0.25"#, frame: "[0, 0, 200, 2]", scene: #""layoutDirection": "rightToLeft","#)
        #expect(near(bounds(fills(rtl)[1].path), Rect(x: 150, y: 0, width: 50, height: 2)))
    }

    // MARK: Segmented control

    @Test func selectedSegmentIsFilledWithTheTint() throws {
        let l = try list("segmentedControl", #""segments": ["A", "B", "C"], "selectedSegmentIndex": 1"#, frame: "[10, 100, 300, 29]")
        let f = fills(l)
        #expect(f[0].color == .systemBlue)
        #expect(near(bounds(f[0].path), Rect(x: 110, y: 100, width: 100, height: 29)))
        // No divider next to the selected segment; then the border.
        #expect(f.count == 2)
        #expect(near(bounds(f[1].path), Rect(x: 10, y: 100, width: 300, height: 29)))
        let t = textsWithAlpha(l)
        #expect(t.map(\.text.text) == ["A", "B", "C"])
        #expect(t.map(\.text.color) == [.systemBlue, .white, .systemBlue])
        #expect(t.allSatisfy { $0.text.font.size == 13 && $0.text.alignment == .center })
    }

    @Test func dividersSplitUnselectedSegments() throws {
        let l = try list("segmentedControl", #""segments": ["A", "B", "C", "D"], "selectedSegmentIndex": -1"#, frame: "[0, 0, 400, 29]")
        let dividers = fills(l).dropLast()
        #expect(dividers.map { bounds($0.path) } == [100, 200, 300].map { Rect(x: $0 - 0.5, y: 0, width: 1, height: 29) })
        #expect(dividers.allSatisfy { $0.color == .systemBlue })
    }

    @Test func segmentWidthsAndOrder() {
        let c = SegmentedControl(segments: [SegmentedControl.Segment(.title("A"), width: 60), .title("B"), .title("C")])
        let frame = Rect(x: 0, y: 0, width: 300, height: 29)
        #expect(SegmentedControlComponent.segmentFrames(c, frame: frame, direction: .leftToRight).map(\.minX) == [0, 60, 180])
        #expect(SegmentedControlComponent.segmentFrames(c, frame: frame, direction: .leftToRight).map(\.width) == [60, 120, 120])
        #expect(SegmentedControlComponent.segmentFrames(c, frame: frame, direction: .rightToLeft).map(\.minX) == [240, 120, 0])
    }

    @Test func segmentedStatesAndTint() throws {
        let dimmed = try list("segmentedControl", #""segments": ["A", "B"], "selectedSegmentIndex": 0"#, scene: #""tintAdjustmentMode": "dimmed","#)
        #expect(fills(dimmed).allSatisfy { $0.color == Color.systemBlue.dimmed }, "dimmed, the tint turns gray")
        let part = try list("segmentedControl", #""segments": ["A", {"title": "B", "enabled": false}], "selectedSegmentIndex": 0"#)
        #expect(textsWithAlpha(part)[1].text.color == Color.systemBlue.withAlpha(0.25))
        let given = try list("segmentedControl", #""segments": ["A", {"title": "B", "enabled": false}], "titleTextAttributes": {"disabled": {"foregroundColor": "systemRed"}}"#)
        #expect(textsWithAlpha(given)[1].text.color == .systemRed, "a disabled color the scene gives is used as is")
        let disabled = try list("segmentedControl", #""segments": ["A", "B"], "selectedSegmentIndex": 0, "enabled": false"#)
        #expect(content(disabled).allSatisfy { $0.alpha == 0.5 })
        let green = try list("segmentedControl", #""segments": ["A", "B"], "selectedSegmentIndex": 0, "tintColor": "green""#)
        #expect(fills(green)[0].color == Color(red: 0, green: 1, blue: 0))
    }

    @Test func segmentImagesAreTemplatesByDefault() throws {
        let l = try list("segmentedControl", """
            "segments": [{"image": "assets/segmented-list.svg"}, {"image": "assets/segmented-flag.svg", "renderingMode": "alwaysOriginal"}],
            "selectedSegmentIndex": 0
            """, frame: "[0, 0, 200, 29]")
        let i = images(l)
        #expect(i[0].image.templateColor == .white, "the selected segment's template image is white")
        #expect(i[1].image.templateColor == nil, "alwaysOriginal keeps its colors")
        #expect(near(i[1].image.frame, Rect(x: 139, y: 6.5, width: 22, height: 16)), "centered at its own size")
    }

    @Test func backgroundImagesReplaceBorderAndFill() throws {
        let l = try list("segmentedControl", """
            "segments": ["A", "B"], "selectedSegmentIndex": 1, "dividerImage": "assets/segmented-divider.svg",
            "backgroundImage": {"normal": {"image": "assets/segmented-bg-normal.svg", "capInsets": 6}, "selected": "assets/segmented-bg-selected.svg"}
            """, frame: "[0, 0, 200, 30]")
        #expect(fills(l).isEmpty)
        let i = images(l)
        #expect(i.map(\.image.source.path) == ["assets/segmented-bg-normal.svg", "assets/segmented-bg-selected.svg", "assets/segmented-divider.svg"])
        #expect(near(i[0].image.frame, Rect(x: 0, y: 0, width: 106, height: 30)), "an inner side hides the cap")
        #expect(near(i[2].image.frame, Rect(x: 99, y: 0, width: 2, height: 30)), "the divider centered on the boundary")
        #expect(i.allSatisfy { $0.image.templateColor == nil })
    }

    // MARK: Stepper

    @Test func stepperIsNinetyFourByTwentyNine() throws {
        let l = try list("stepper", #""value": 50"#, frame: "[20, 100, 300, 60]")
        let f = fills(l)
        #expect(near(bounds(f[0].path), Rect(x: 20, y: 100, width: 94, height: 29)))
        #expect(near(bounds(f[1].path), Rect(x: 66.5, y: 100, width: 1, height: 29)), "the divider in the middle")
        #expect(near(bounds(f[2].path).width, 15) && near(bounds(f[2].path).height, 1.5), "the minus")
        #expect(near(bounds(f[3].path).width, 15) && near(bounds(f[3].path).height, 15), "the plus")
        #expect(f.allSatisfy { $0.color == .systemBlue })
    }

    @Test func stepperEndAtItsLimitFades() throws {
        let low = try list("stepper", #""value": 0"#)
        #expect(fills(low).map(\.color) == [.systemBlue, .systemBlue, Color.systemBlue.withAlpha(0.25), .systemBlue])
        let high = try list("stepper", #""value": 10, "maximumValue": 10"#)
        #expect(fills(high).map(\.color)[2...] == [.systemBlue, Color.systemBlue.withAlpha(0.25)])
        let wraps = try list("stepper", #""value": 0, "wraps": true"#)
        #expect(fills(wraps).allSatisfy { $0.color == .systemBlue })
        let disabled = try list("stepper", #""value": 0, "enabled": false"#)
        #expect(content(disabled).allSatisfy { $0.alpha == 0.5 })
        #expect(fills(disabled).allSatisfy { $0.color == .systemBlue })
        let dimmed = try list("stepper", #""value": 5"#, scene: #""tintAdjustmentMode": "dimmed","#)
        #expect(fills(dimmed).allSatisfy { $0.color == Color.systemBlue.dimmed })
    }

    @Test func stepperPixelsAreCrispAt2x() throws {
        let b = try pixels("stepper", #""value": 5"#, frame: "[20, 100, 94, 29]")
        let border = pixel(b, 60, 100.25)
        #expect(border.r == 0 && border.g == 122 && border.b == 255)
        let minus = pixel(b, 43.5, 114.25)
        #expect(minus.r == 0 && minus.g == 122 && minus.b == 255)
    }

    // MARK: Button

    @Test func systemButtonTitleIsTintedAndCentered() throws {
        let l = try list("button", #""title": "Click me!""#, frame: "[0, 0, 94, 48]")
        let t = try #require(textsWithAlpha(l).first)
        #expect(t.text.color == .systemBlue)
        #expect(t.text.font == ResolvedFont(system: 15, weight: .regular))
        let width = TextEngine.shared.size(of: "Click me!", font: t.text.font).width
        #expect(near(t.text.frame.midX, 47 + 0.5, 0.01) && near(t.text.frame.width, width + 1, 1e-9))
        #expect(near(t.text.frame.midY, 24))
    }

    @Test func systemButtonStates() throws {
        let highlighted = try list("button", #""title": "A", "highlighted": true"#)
        #expect(textsWithAlpha(highlighted).map(\.alpha) == [0.2], "highlighted fades to 20%")
        let disabled = try list("button", #""title": "A", "enabled": false"#)
        #expect(textsWithAlpha(disabled).map(\.text.color) == [.systemGray])
        let selected = try list("button", #""title": "A", "selected": true"#)
        #expect(textsWithAlpha(selected).map(\.text.color) == [.white])
        let fill = try #require(fills(selected).first)
        #expect(fill.color == .systemBlue)
        let title = textsWithAlpha(selected)[0].text.frame
        #expect(near(bounds(fill.path), Rect(x: title.minX - 4, y: title.minY - 2, width: title.width - 1 + 8, height: title.height + 4)))
        let dimmed = try list("button", #""title": "A""#, scene: #""tintAdjustmentMode": "dimmed","#)
        #expect(textsWithAlpha(dimmed).map(\.text.color) == [Color.systemBlue.dimmed])
        let fixed = try list("button", #""title": "A", "titleColor": {"normal": "systemGreen", "disabled": "black"}"#, scene: #""tintAdjustmentMode": "dimmed","#)
        #expect(textsWithAlpha(fixed).map(\.text.color) == [.systemGreen], "a fixed title color does not dim")
    }

    @Test func layoutFollowsUIKitInsets() {
        let frame = Rect(x: 0, y: 0, width: 200, height: 44)
        let plain = ButtonComponent.layout(Button(), frame: frame, imageSize: Size(width: 20, height: 20), textWidth: 60, lineHeight: 18, direction: .leftToRight)
        #expect(plain.imageFrame == Rect(x: 60, y: 12, width: 20, height: 20))
        #expect(plain.titleFrame == Rect(x: 80, y: 13, width: 60, height: 18))
        // The classic "image on the right": title left by the image's width, image right by the title's.
        let swapped = ButtonComponent.layout(Button(titleEdgeInsets: EdgeInsets(left: -20, right: 20), imageEdgeInsets: EdgeInsets(left: 60, right: -60)),
                                             frame: frame, imageSize: Size(width: 20, height: 20), textWidth: 60, lineHeight: 18, direction: .leftToRight)
        #expect(swapped.titleFrame?.minX == 60 && swapped.imageFrame?.minX == 120)
        let left = ButtonComponent.layout(Button(contentEdgeInsets: EdgeInsets(left: 10), titleEdgeInsets: EdgeInsets(left: 8), contentHorizontalAlignment: .left),
                                          frame: frame, imageSize: nil, textWidth: 60, lineHeight: 18, direction: .leftToRight)
        #expect(left.titleFrame?.minX == 18)
        let truncated = ButtonComponent.layout(Button(), frame: frame, imageSize: nil, textWidth: 500, lineHeight: 18, direction: .leftToRight)
        #expect(truncated.titleTruncated && truncated.titleFrame == Rect(x: 0, y: 13, width: 200, height: 18))
        let rtl = ButtonComponent.layout(Button(), frame: frame, imageSize: Size(width: 20, height: 20), textWidth: 60, lineHeight: 18, direction: .rightToLeft)
        #expect(rtl.titleFrame?.minX == 60 && rtl.imageFrame?.minX == 120, "right to left, the image follows the title")
    }

    @Test func buttonImagesByType() throws {
        let system = try list("button", #""image": "assets/button-star.svg""#)
        #expect(images(system).first?.image.templateColor == .systemBlue, "a system button's image is a template")
        let original = try list("button", #""image": {"image": "assets/button-star.svg", "renderingMode": "alwaysOriginal"}"#)
        #expect(images(original).first?.image.templateColor == nil)
        let custom = try list("button", #""buttonType": "custom", "image": "assets/button-check@2x.png""#)
        #expect(images(custom).map(\.image.templateColor) == [nil], "a custom button's image is original")
        let darkened = try list("button", #""buttonType": "custom", "image": "assets/button-check@2x.png", "highlighted": true"#)
        #expect(images(darkened).map(\.image.templateColor) == [nil, ButtonComponent.highlightDarkening], "highlighted, the image is darkened")
        let own = try list("button", #""buttonType": "custom", "image": {"normal": "assets/button-check@2x.png", "highlighted": "assets/button-star.svg"}, "highlighted": true"#)
        #expect(images(own).map(\.image.source.path) == ["assets/button-star.svg"], "its own highlighted image is not darkened")
        let systemHighlighted = try list("button", #""image": {"image": "assets/button-check@2x.png", "renderingMode": "alwaysOriginal"}, "highlighted": true"#)
        #expect(images(systemHighlighted).map(\.alpha) == [0.2], "a system button fades its original image, without darkening it")
        let lighter = try list("button", #""buttonType": "custom", "image": "assets/button-check@2x.png", "enabled": false"#)
        #expect(images(lighter).map(\.alpha) == [0.5])
        let bg = try list("button", #""buttonType": "custom", "title": "Go", "backgroundImage": {"image": "assets/button-bg-normal.svg", "capInsets": 10}"#)
        let b = try #require(images(bg).first?.image)
        #expect(b.frame == Rect(x: 20, y: 100, width: 300, height: 44) && b.capInsets == EdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
        #expect(b.templateColor == nil, "background images are original")
        #expect(textsWithAlpha(bg).map(\.text.color) == [.white], "a custom button's title is white")
    }

    @Test func infoAndContactAddButtonsDrawTheirGlyph() throws {
        for type in ["infoLight", "infoDark", "detailDisclosure", "contactAdd"] {
            let l = try list("button", #""buttonType": "\#(type)""#, frame: "[0, 0, 44, 44]")
            let strokes = content(l).compactMap { if case .stroke(let p, .color(let c), _) = $0.item { (p, c) } else { nil } }
            #expect(!strokes.isEmpty && strokes.allSatisfy { $0.1 == .systemBlue }, "\(type) draws in the tint")
            #expect(near(bounds(strokes[0].0), Rect(x: 11.5, y: 11.5, width: 21, height: 21), 1e-6), "a 22-point circle centered")
        }
        let disabled = try list("button", #""buttonType": "contactAdd", "enabled": false"#)
        #expect(content(disabled).allSatisfy {
            if case .stroke(_, .color(let c), _) = $0.item { return c == .systemGray }
            return true
        })
    }

    @Test func buttonPixels() throws {
        let b = try pixels("button", #""title": "Selected", "selected": true"#, frame: "[20, 100, 120, 44]")
        // The rounded rect's middle, left of the title, is the tint.
        let fill = try list("button", #""title": "Selected", "selected": true"#, frame: "[20, 100, 120, 44]")
        let rect = bounds(try #require(fills(fill).first).path)
        let p = pixel(b, rect.minX + 2, rect.midY)
        #expect(p.r == 0 && p.g == 122 && p.b == 255)
    }
}
