import Foundation
import Testing
@testable import TintypeModel

// Decoding of the button, segmented control, stepper, switch, slider and progress view: every
// property's value, the defaults, and each kind of error with its path.

/// The issues decoding `json` reports; empty when it decodes.

/// The one issue decoding a root `{"<kind>": {<properties>}}` reports.
private func onlyIssue(_ kind: String, _ properties: String, base: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> SceneIssue {
    let all = issues(#"{"root": {"\#(kind)": {\#(properties)}}}"#, base: base)
    #expect(all.count == 1, "expected one issue, got:\n\(all.map(\.description).joined(separator: "\n"))", sourceLocation: sourceLocation)
    return try #require(all.first, sourceLocation: sourceLocation)
}

/// The control a root `{"<kind>": {<properties>}}` decodes to.
private func control(_ kind: String, _ properties: String, base: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> Control {
    let scene = try SceneDecoder.decode(#"{"root": {"\#(kind)": {\#(properties)}}}"#, file: "scene.json", baseDirectory: base)
    guard case .control(let c) = scene.root.kind else {
        Issue.record("root is not a control", sourceLocation: sourceLocation)
        throw CancellationError()
    }
    return c
}

/// A folder holding `star.svg`, `bg.svg` and `icon@2x.png` for image properties.
private let assets: String = {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tintype-controls-a-\(ProcessInfo.processInfo.processIdentifier)").path
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#
    FileManager.default.createFile(atPath: dir + "/star.svg", contents: Data(svg.utf8))
    FileManager.default.createFile(atPath: dir + "/bg.svg", contents: Data(svg.utf8))
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
                        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89]
    FileManager.default.createFile(atPath: dir + "/icon@2x.png", contents: Data(png))
    return dir
}()

@Suite struct ControlsADecodingTests {
    // MARK: Button

    @Test func buttonReadsEveryProperty() throws {
        let c = try control("button", """
            "frame": [0, 0, 100, 44], "buttonType": "custom",
            "title": {"normal": "Play", "selected": "Pause"},
            "titleColor": {"normal": "white", "highlighted": "tint", "disabled": "#8E8E93"},
            "image": "icon@2x.png",
            "backgroundImage": {"normal": {"image": "bg.svg", "capInsets": [4, 5, 6, 7], "resizingMode": "tile"}, "highlighted": "bg.svg"},
            "font": {"size": 17, "weight": "semibold"},
            "contentEdgeInsets": 8, "titleEdgeInsets": [0, -20, 0, 20], "imageEdgeInsets": {"top": 1, "left": 2, "bottom": 3, "right": -4},
            "contentHorizontalAlignment": "leading", "contentVerticalAlignment": "top",
            "adjustsImageWhenHighlighted": false, "adjustsImageWhenDisabled": false,
            "enabled": false, "highlighted": true, "selected": true
            """, base: assets)
        let expected = Button(
            buttonType: .custom, title: PerState(normal: "Play", selected: "Pause"),
            titleColor: PerState(normal: .white, highlighted: .tint, disabled: .color(Color(rgb8: 0x8E, 0x8E, 0x93))),
            image: .all(ControlImage("icon@2x.png")),
            backgroundImage: PerState(normal: ControlImage("bg.svg", capInsets: EdgeInsets(top: 4, left: 5, bottom: 6, right: 7), resizingMode: .tile),
                                      highlighted: ControlImage("bg.svg")),
            font: .system(size: 17, weight: .semibold),
            contentEdgeInsets: EdgeInsets(top: 8, left: 8, bottom: 8, right: 8),
            titleEdgeInsets: EdgeInsets(top: 0, left: -20, bottom: 0, right: 20),
            imageEdgeInsets: EdgeInsets(top: 1, left: 2, bottom: 3, right: -4),
            contentHorizontalAlignment: .leading, contentVerticalAlignment: .top,
            adjustsImageWhenHighlighted: false, adjustsImageWhenDisabled: false,
            state: ControlState(isEnabled: false, isHighlighted: true, isSelected: true))
        #expect(c == .button(expected))
        #expect(c.name == "button")
    }

    @Test func buttonDefaultsFollowUIKit() throws {
        let c = try control("button", #""title": "OK""#)
        #expect(c == .button(Button(title: .all("OK"))))
        guard case .button(let b) = c else { return }
        #expect(b.buttonType == .system && b.font == nil && b.state == ControlState())
    }

    @Test func stateValuesFallBackToNormal() {
        let titles = PerState(normal: "n", highlighted: "h", selected: "s", disabled: "d")
        #expect(titles.value(for: ControlState()) == "n")
        #expect(titles.value(for: ControlState(isHighlighted: true)) == "h")
        #expect(titles.value(for: ControlState(isSelected: true)) == "s")
        #expect(titles.value(for: ControlState(isEnabled: false, isHighlighted: true)) == "d")
        let sparse = PerState(normal: "n", selected: "s")
        #expect(sparse.value(for: ControlState(isHighlighted: true)) == "n")
        #expect(sparse.value(for: ControlState(isHighlighted: true, isSelected: true)) == "s", "highlighted while selected falls back to selected")
        #expect(sparse.value(for: ControlState(isEnabled: false)) == "n")
        #expect(PerState<String>().value(for: ControlState()) == nil)
    }

    @Test func unknownButtonTypeIsSuggested() throws {
        let issue = try onlyIssue("button", #""buttonType": "sytem""#)
        #expect(issue.path == "root.buttonType")
        #expect(issue.message.hasPrefix(#"unknown value "sytem"; did you mean "system"?"#))
        #expect(issue.message.contains("contactAdd"))
    }

    @Test func unknownStateIsSuggested() throws {
        let issue = try onlyIssue("button", #""title": {"nromal": "OK"}"#)
        #expect(issue.path == "root.title.nromal")
        #expect(issue.message == #"unknown property "nromal"; did you mean "normal"?"#)
    }

    @Test func badStateValuesNameTheirPath() throws {
        let color = try onlyIssue("button", #""titleColor": {"highlighted": "bleu"}"#)
        #expect(color.path == "root.titleColor.highlighted")
        #expect(color.message.hasPrefix(#"bad color "bleu""#))
        let title = try onlyIssue("button", #""title": 12"#)
        #expect(title.path == "root.title")
        #expect(title.message == "expected a string, found a number")
        let empty = try onlyIssue("button", #""title": {}"#)
        #expect(empty.message.contains("found an empty object"))
    }

    @Test func badImagesNameTheirPath() throws {
        let missing = try onlyIssue("button", #""image": {"selected": "nope.png"}"#, base: assets)
        #expect(missing.path == "root.image.selected")
        #expect(missing.message.hasPrefix(#"image file "nope.png" not found"#))
        let kind = try onlyIssue("button", #""backgroundImage": "bg.gif""#, base: assets)
        #expect(kind.path == "root.backgroundImage")
        #expect(kind.message.hasPrefix("unsupported image"))
        let noImage = try onlyIssue("button", #""image": {"normal": {"capInsets": 4}}"#, base: assets)
        #expect(noImage.path == "root.image.normal")
        #expect(noImage.message == #"an image object needs an "image" (a .png or .svg path)"#)
        let mode = try onlyIssue("button", #""image": {"image": "star.svg", "renderingMode": "template"}"#, base: assets)
        #expect(mode.path == "root.image.renderingMode")
        #expect(mode.message.hasPrefix(#"unknown value "template""#))
    }

    @Test func insetsMayBeNegativeButMustBeNumbers() throws {
        let short = try onlyIssue("button", #""titleEdgeInsets": [0, -8, 0]"#)
        #expect(short.path == "root.titleEdgeInsets")
        #expect(short.message == "expected 4 numbers [top, left, bottom, right], found 3")
        let text = try onlyIssue("button", #""contentEdgeInsets": {"top": "a", "left": 0, "bottom": 0, "right": 0}"#)
        #expect(text.path == "root.contentEdgeInsets.top")
    }

    // MARK: Segmented control

    @Test func segmentedReadsEveryProperty() throws {
        let c = try control("segmentedControl", """
            "segments": ["One", {"title": "Two", "enabled": false, "width": 60}, {"image": "star.svg", "renderingMode": "alwaysOriginal"}, {"image": "icon@2x.png"}],
            "selectedSegmentIndex": 3, "enabled": false,
            "backgroundImages": {"normal": {"image": "bg.svg", "capInsets": 4}, "selected": "bg.svg"},
            "dividerImage": "star.svg",
            "titleTextAttributes": {"normal": {"foregroundColor": "black", "font": 15}, "selected": {"font": {"size": 15, "weight": "bold"}}}
            """, base: assets)
        let expected = SegmentedControl(
            segments: [.title("One"), SegmentedControl.Segment(.title("Two"), isEnabled: false, width: 60),
                       SegmentedControl.Segment(.image(ControlImage("star.svg", renderingMode: .alwaysOriginal))),
                       SegmentedControl.Segment(.image(ControlImage("icon@2x.png")))],
            selectedSegmentIndex: 3,
            backgroundImage: PerState(normal: ControlImage("bg.svg", capInsets: EdgeInsets(top: 4, left: 4, bottom: 4, right: 4)), selected: ControlImage("bg.svg")),
            dividerImage: ControlImage("star.svg"),
            titleTextAttributes: PerState(normal: .init(foregroundColor: .black, font: .system(size: 15)),
                                          selected: .init(font: .system(size: 15, weight: .bold))),
            state: ControlState(isEnabled: false))
        #expect(c == .segmentedControl(expected))
        #expect(try control("segmentedControl", "") == .segmentedControl(SegmentedControl()), "no segments, none selected")
        #expect(try control("segmentedControl", #""backgroundImage": "bg.svg""#, base: assets)
                == .segmentedControl(SegmentedControl(backgroundImage: .all(ControlImage("bg.svg")))))
    }

    @Test func selectedSegmentIndexMustBeASegment() throws {
        let past = try onlyIssue("segmentedControl", #""segments": ["A", "B"], "selectedSegmentIndex": 2"#)
        #expect(past.path == "root.selectedSegmentIndex")
        #expect(past.message == "selectedSegmentIndex 2 is past the last segment; there are 2 segments, so it must be from -1 (none) to 1")
        let none = try onlyIssue("segmentedControl", #""selectedSegmentIndex": 0"#)
        #expect(none.message == "selectedSegmentIndex 0 is past the last segment; there are no segments, so it must be -1 (none)")
        let negative = try onlyIssue("segmentedControl", #""segments": ["A"], "selectedSegmentIndex": -2"#)
        #expect(negative.message.hasPrefix("expected a whole number from -1"))
        let fraction = try onlyIssue("segmentedControl", #""segments": ["A"], "selectedSegmentIndex": 0.5"#)
        #expect(fraction.path == "root.selectedSegmentIndex")
    }

    @Test func badSegmentsNameTheirPath() throws {
        let both = try onlyIssue("segmentedControl", #""segments": ["A", {"title": "B", "image": "star.svg"}]"#, base: assets)
        #expect(both.path == "root.segments[1]")
        #expect(both.message == #"a segment shows a "title" or an "image", not both"#)
        let neither = try onlyIssue("segmentedControl", #""segments": [{"enabled": false}]"#)
        #expect(neither.path == "root.segments[0]")
        #expect(neither.message == #"a segment needs a "title" or an "image""#)
        let number = try onlyIssue("segmentedControl", #""segments": [3]"#)
        #expect(number.message.hasPrefix("expected a segment"))
        // A misspelled title: the missing title is reported on the segment, the typo on its key.
        let typo = issues(#"{"root": {"segmentedControl": {"segments": [{"titel": "A"}]}}}"#)
        #expect(Set(typo.map(\.path)) == ["root.segments[0]", "root.segments[0].titel"])
        #expect(typo.contains { $0.message == #"unknown property "titel"; did you mean "title"?"# })
        let missing = try onlyIssue("segmentedControl", #""segments": [{"image": "gone.svg"}]"#, base: assets)
        #expect(missing.path == "root.segments[0].image")
        let width = try onlyIssue("segmentedControl", #""segments": [{"title": "A", "width": -1}]"#)
        #expect(width.path == "root.segments[0].width")
        let both2 = try onlyIssue("segmentedControl", #""backgroundImage": "bg.svg", "backgroundImages": "bg.svg""#, base: assets)
        #expect(both2.path == "root.backgroundImages")
        let attribute = try onlyIssue("segmentedControl", #""titleTextAttributes": {"normal": {"color": "red"}}"#)
        #expect(attribute.path == "root.titleTextAttributes.normal.color")
        #expect(attribute.message.hasPrefix(#"unknown property "color""#))
    }

    // MARK: Stepper

    @Test func stepperReadsEveryProperty() throws {
        let c = try control("stepper", """
            "value": 10, "minimumValue": -5, "maximumValue": 10, "stepValue": 2.5, "wraps": true,
            "incrementImage": "star.svg", "decrementImage": {"image": "star.svg", "renderingMode": "alwaysOriginal"}, "enabled": false
            """, base: assets)
        #expect(c == .stepper(Stepper(value: 10, minimumValue: -5, maximumValue: 10, stepValue: 2.5, wraps: true,
                                      incrementImage: ControlImage("star.svg"),
                                      decrementImage: ControlImage("star.svg", renderingMode: .alwaysOriginal),
                                      state: ControlState(isEnabled: false))))
        #expect(try control("stepper", "") == .stepper(Stepper(value: 0, minimumValue: 0, maximumValue: 100, stepValue: 1)))
    }

    @Test func stepperEndsAtTheirLimits() {
        #expect(!Stepper(value: 0).canDecrement && Stepper(value: 0).canIncrement)
        #expect(Stepper(value: 100).canDecrement && !Stepper(value: 100).canIncrement)
        #expect(Stepper(value: 50).canDecrement && Stepper(value: 50).canIncrement)
        #expect(Stepper(value: 0, wraps: true).canDecrement)
    }

    @Test func stepperValuesAreChecked() throws {
        let outside = try onlyIssue("stepper", #""value": 12, "maximumValue": 10"#)
        #expect(outside.path == "root.value")
        #expect(outside.message == "value 12 is outside minimumValue…maximumValue (0…10)")
        let inverted = try onlyIssue("stepper", #""minimumValue": 5, "maximumValue": 5"#)
        #expect(inverted.path == "root.maximumValue")
        #expect(inverted.message == "maximumValue 5 must be greater than minimumValue 5")
        let step = try onlyIssue("stepper", #""stepValue": 0"#)
        #expect(step.path == "root.stepValue")
        #expect(step.message == "stepValue must be greater than 0, found 0")
        let text = try onlyIssue("stepper", #""value": "1""#)
        #expect(text.message == "expected a number, found a string")
    }

    // MARK: Switch

    @Test func switchReadsEveryProperty() throws {
        let c = try control("switch", #""isOn": true, "onTintColor": "blue", "thumbTintColor": "tint", "tintColor": "systemRed", "highlighted": true"#)
        #expect(c == .switch(Switch(isOn: true, onTintColor: .color(Color(red: 0, green: 0, blue: 1)), thumbTintColor: .tint,
                                    tintColor: .systemRed, state: ControlState(isHighlighted: true))))
        #expect(try control("switch", "") == .switch(Switch()))
    }

    @Test func switchErrorsNameTheirPath() throws {
        let on = try onlyIssue("switch", #""isOn": "yes""#)
        #expect(on.path == "root.isOn")
        #expect(on.message == "expected true or false, found a string")
        let typo = try onlyIssue("switch", #""on": true"#)
        #expect(typo.path == "root.on")
        #expect(typo.message == #"unknown property "on"; did you mean "isOn"?"#)
        // A bad tintColor is reported once, by the view decoder.
        let tint = try onlyIssue("switch", #""tintColor": "rouge""#)
        #expect(tint.path == "root.tintColor")
    }

    // MARK: Slider

    @Test func sliderReadsEveryProperty() throws {
        let c = try control("slider", """
            "value": 5, "minimumValue": 0, "maximumValue": 10, "minimumTrackTintColor": "systemGreen",
            "maximumTrackTintColor": "#FF000080", "thumbTintColor": "tint",
            "minimumTrackImage": {"image": "bg.svg", "capInsets": [0, 3, 0, 3]}, "maximumTrackImage": "bg.svg",
            "thumbImage": {"normal": "star.svg", "highlighted": "icon@2x.png"}
            """, base: assets)
        let expected = Slider(value: 5, minimumValue: 0, maximumValue: 10, minimumTrackTintColor: .color(.systemGreen),
                              maximumTrackTintColor: .color(Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255)), thumbTintColor: .tint,
                              minimumTrackImage: .all(ControlImage("bg.svg", capInsets: EdgeInsets(top: 0, left: 3, bottom: 0, right: 3))),
                              maximumTrackImage: .all(ControlImage("bg.svg")),
                              thumbImage: PerState(normal: ControlImage("star.svg"), highlighted: ControlImage("icon@2x.png")))
        #expect(c == .slider(expected))
        #expect(expected.fraction == 0.5)
        #expect(try control("slider", "") == .slider(Slider(value: 0, minimumValue: 0, maximumValue: 1)))
        #expect(Slider(value: 1, minimumValue: 1, maximumValue: 1).fraction == 0, "an empty range puts the thumb at the start")
    }

    @Test func sliderValueMustBeInRange() throws {
        let above = try onlyIssue("slider", #""value": 1.5"#)
        #expect(above.path == "root.value")
        #expect(above.message == "value 1.5 is outside minimumValue…maximumValue (0…1)")
        let below = try onlyIssue("slider", #""value": -3, "minimumValue": -2, "maximumValue": 2"#)
        #expect(below.message == "value -3 is outside minimumValue…maximumValue (-2…2)")
        let inverted = try onlyIssue("slider", #""minimumValue": 3, "maximumValue": 1"#)
        #expect(inverted.path == "root.maximumValue")
        #expect(inverted.message == "maximumValue 1 is below minimumValue 3")
        let color = try onlyIssue("slider", #""minimumTrackTintColor": 3"#)
        #expect(color.path == "root.minimumTrackTintColor")
    }

    // MARK: Progress view

    @Test func progressViewReadsEveryProperty() throws {
        let c = try control("progressView", """
            "progress": 0.25, "progressTintColor": "systemPink", "trackTintColor": "clear", "progressViewStyle": "bar",
            "progressImage": {"image": "bg.svg", "capInsets": [0, 2, 0, 2]}, "trackImage": "bg.svg"
            """, base: assets)
        #expect(c == .progressView(ProgressView(progress: 0.25, progressTintColor: .color(.systemPink), trackTintColor: .clear,
                                                progressViewStyle: .bar,
                                                progressImage: ControlImage("bg.svg", capInsets: EdgeInsets(top: 0, left: 2, bottom: 0, right: 2)),
                                                trackImage: ControlImage("bg.svg"))))
        #expect(try control("progressView", "") == .progressView(ProgressView()))
    }

    @Test func progressViewErrorsNameTheirPath() throws {
        let over = try onlyIssue("progressView", #""progress": 1.5"#)
        #expect(over.path == "root.progress")
        #expect(over.message == "must be from 0 to 1, found 1.5")
        let style = try onlyIssue("progressView", #""progressViewStyle": "bars""#)
        #expect(style.message.hasPrefix(#"unknown value "bars"; did you mean "bar"?"#))
        // Not a UIControl: no enabled state.
        let enabled = try onlyIssue("progressView", #""enabled": false"#)
        #expect(enabled.path == "root.enabled")
        #expect(enabled.message.hasPrefix(#"unknown property "enabled""#))
    }

    @Test func everyErrorIsReportedInOneRun() {
        let all = issues("""
            {"root": {"view": {"subviews": [
              {"button": {"buttonType": "round"}},
              {"slider": {"value": 4}},
              {"stepper": {"stepValue": -1}},
              {"segmentedControl": {"segments": ["A"], "selectedSegmentIndex": 1}}
            ]}}}
            """)
        #expect(all.map(\.path) == ["root.subviews[0].buttonType", "root.subviews[1].value", "root.subviews[2].stepValue",
                                    "root.subviews[3].selectedSegmentIndex"])
    }
}
