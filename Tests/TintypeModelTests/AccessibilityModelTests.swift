import Foundation
import Testing
import TintypeModel

/// A view's accessibility properties in a scene file, the errors for bad ones, and UIKit's
/// defaults for each kind.
@Suite struct AccessibilityModelTests {
    /// Snapshots/Bars, whose assets the image cases name.
    static let bars = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        + "/Snapshots/Bars"

    func view(_ kind: String, _ props: String) throws -> View {
        try SceneDecoder.decode(##"{"root": {"view": {"subviews": [{""## + kind + ##"": {"frame": [0, 0, 100, 50]"## + props + "}}]}}}",
                                baseDirectory: Self.bars).root.subviews[0]
    }

    func info(_ kind: String, _ props: String = "") throws -> AccessibilityInfo? {
        let v = try view(kind, props)
        guard case .element(let i) = v.accessibilityDefaults else { return nil }
        return i.overridden(by: v.accessibility)
    }

    @Test func theSceneSetsEveryProperty() throws {
        let v = try view("view", #", "isAccessibilityElement": true, "accessibilityLabel": "Map", "accessibilityValue": "3 pins", "#
            + #""accessibilityHint": "Opens the map", "accessibilityTraits": ["selected", "button"], "accessibilityViewIsModal": true"#)
        #expect(v.accessibility == Accessibility(isElement: true, label: "Map", value: "3 pins", hint: "Opens the map", traits: [.button, .selected],
                                                 viewIsModal: true))
        // Traits come in UIKit's order whatever the file's.
        #expect(v.accessibility.traits == [.button, .selected])
        #expect(try view("view", "").accessibility == Accessibility())
    }

    @Test func wrongTypesAreErrorsWithTheirPlace() {
        func first(_ props: String) -> String {
            issues(##"{"root": {"view": {"subviews": [{"view": {"## + props + "}}]}}}").first?.description ?? "no error"
        }
        #expect(first(#""accessibilityLabel": 5"#) == "scene.json:1:65: root.subviews[0].accessibilityLabel: expected a string, found a number")
        #expect(first(#""isAccessibilityElement": "yes""#)
            == "scene.json:1:69: root.subviews[0].isAccessibilityElement: expected true or false, found a string")
        #expect(first(#""accessibilityTraits": "button""#) == "scene.json:1:66: root.subviews[0].accessibilityTraits: expected an array, found a string")
        #expect(first(#""accessibilityTraits": ["buton"]"#).hasPrefix(
            "scene.json:1:67: root.subviews[0].accessibilityTraits[0]: unknown accessibility trait \"buton\"; did you mean \"button\"? (traits: button, link,"))
        #expect(first(#""accessibilityTraits": [1]"#).hasPrefix(
            "scene.json:1:67: root.subviews[0].accessibilityTraits[0]: expected an accessibility trait name, found a number"))
        #expect(first(#""accessibilityHint": null, "accessibilityValue": ["a"]"#)
            == "scene.json:1:92: root.subviews[0].accessibilityValue: expected a string, found an array")
    }

    @Test func labelsAndButtonsReadTheirTexts() throws {
        #expect(try info("label", #", "text": "Wi-Fi""#) == AccessibilityInfo(label: "Wi-Fi", traits: [.staticText]))
        #expect(try info("label", #", "text": """#) == nil)
        #expect(try info("button", #", "title": "Done""#) == AccessibilityInfo(label: "Done", traits: [.button]))
        #expect(try info("button", #", "title": "Done", "enabled": false, "selected": true"#)
            == AccessibilityInfo(label: "Done", traits: [.button, .selected, .notEnabled]))
        #expect(try info("button", #", "buttonType": "infoLight""#)?.label == "More Info")
        #expect(try info("button", #", "image": "assets/bar-teal-64@2x.png""#)?.label == "bar-teal-64")
        // The scene's own label and traits win.
        #expect(try info("button", #", "title": "+", "accessibilityLabel": "Add", "accessibilityTraits": ["link"]"#)
            == AccessibilityInfo(label: "Add", traits: [.link]))
    }

    @Test func controlsGiveTheirValues() throws {
        #expect(try info("switch", #", "isOn": true"#) == AccessibilityInfo(value: "1", traits: [.button]))
        #expect(try info("switch", "") == AccessibilityInfo(value: "0", traits: [.button]))
        #expect(try info("slider", #", "value": 0.25"#) == AccessibilityInfo(value: "25%", traits: [.adjustable]))
        #expect(try info("slider", #", "value": 5, "minimumValue": 0, "maximumValue": 8"#)?.value == "63%")
        #expect(try info("pageControl", #", "numberOfPages": 4, "currentPage": 1"#) == AccessibilityInfo(value: "page 2 of 4", traits: [.adjustable]))
        #expect(try info("progressView", #", "progress": 0.5"#) == AccessibilityInfo(label: "Progress", value: "50%", traits: [.updatesFrequently]))
        #expect(try info("textField", #", "placeholder": "Name", "text": "Ann""#) == AccessibilityInfo(label: "Name", value: "Ann"))
        #expect(try info("textField", #", "text": "abc", "secureTextEntry": true"#)?.value == "•••")
        #expect(try info("datePicker", #", "datePickerMode": "date", "date": "2017-06-05""#)?.value == "June 5, 2017")
        #expect(try view("imageView", #", "image": "assets/clock.svg""#).accessibilityDefaults == .container)
    }

    @Test func segmentsAndStepperHalvesArePartsOfTheFrame() throws {
        let seg = try view("segmentedControl", #", "segments": ["One", "Two", "Three"], "selectedSegmentIndex": 1"#)
        guard case .parts(let parts) = seg.accessibilityDefaults else { Issue.record("not parts"); return }
        #expect(parts.map(\.info) == [AccessibilityInfo(label: "One", value: "1 of 3", traits: [.button]),
                                      AccessibilityInfo(label: "Two", value: "2 of 3", traits: [.button, .selected]),
                                      AccessibilityInfo(label: "Three", value: "3 of 3", traits: [.button])])
        #expect(abs(parts[1].unit.minX - 1.0 / 3) < 1e-9 && abs(parts[1].unit.width - 1.0 / 3) < 1e-9)
        let stepper = try view("stepper", #", "value": 0"#)
        guard case .parts(let halves) = stepper.accessibilityDefaults else { Issue.record("not parts"); return }
        #expect(halves.map(\.info.label) == ["Decrement", "Increment"])
        #expect(halves[0].info.traits == [.button, .notEnabled], "at its minimum the stepper cannot go down")
    }

    @Test func aViewMadeOneElementJoinsItsSubviewsLabels() throws {
        let v = try SceneDecoder.decode(#"""
        {"root": {"view": {"isAccessibilityElement": true, "subviews": [
          {"label": {"text": "Battery"}}, {"label": {"text": "hidden", "hidden": true}},
          {"stackView": {"arrangedSubviews": [{"switch": {"isOn": true}}, {"label": {"text": "82%"}}]}}]}}}
        """#).root
        #expect(v.accessibility.isElement == true)
        #expect(v.accessibilityAsElement == AccessibilityInfo(label: "Battery, 1, 82%"))
    }

    func row(_ props: String) throws -> TableRow {
        let s = try SceneDecoder.decode(##"{"root": {"tableView": {"sections": [{"rows": [{"text": "Wi-Fi""## + props + "}]}]}}}")
        guard case .tableView(let t) = s.root.kind else { Issue.record("root is \(s.root.kind)"); return TableRow() }
        return t.sections[0].rows[0]
    }

    @Test func aRowTakesItsOwnAccessibility() throws {
        let r = try row(#", "detailText": "Home", "accessibilityLabel": "Wireless", "accessibilityValue": "Home network", "#
            + #""accessibilityHint": "Shows the networks", "accessibilityTraits": ["header", "button"], "accessibilityIdentifier": "wifiRow""#)
        #expect(r.accessibility == Accessibility(label: "Wireless", value: "Home network", hint: "Shows the networks", traits: [.button, .header],
                                                 identifier: "wifiRow"))
        #expect(r.accessibilityInfo == AccessibilityInfo(label: "Wireless", value: "Home network", hint: "Shows the networks", traits: [.button, .header],
                                                         identifier: "wifiRow"))
        // What the row leaves out is UIKit's for a cell.
        #expect(try row(#", "detailText": "Home", "accessoryType": "disclosureIndicator", "accessibilityHint": "Opens""#).accessibilityInfo
            == AccessibilityInfo(label: "Wi-Fi, Home", hint: "Opens", traits: [.button]))
        #expect(try row(#", "isAccessibilityElement": false"#).accessibility.isElement == false)
        #expect(try row("").accessibility == Accessibility())
        // A view takes an identifier too.
        #expect(try view("view", #", "accessibilityIdentifier": "map""#).accessibility.identifier == "map")
    }

    @Test func aRowsWrongAccessibilityIsAnErrorWithItsPlace() {
        func first(_ props: String) -> String {
            issues(##"{"root": {"tableView": {"sections": [{"rows": [{"text": "A", "## + props + "}]}]}}}").first?.description ?? "no error"
        }
        #expect(first(#""accessibilityLabel": 5"#) == "scene.json:1:84: root.sections[0].rows[0].accessibilityLabel: expected a string, found a number")
        #expect(first(#""isAccessibilityElement": "no""#)
            == "scene.json:1:88: root.sections[0].rows[0].isAccessibilityElement: expected true or false, found a string")
        #expect(first(#""accessibilityTraits": ["buton"]"#).hasPrefix(
            "scene.json:1:86: root.sections[0].rows[0].accessibilityTraits[0]: unknown accessibility trait \"buton\"; did you mean \"button\"?"))
        #expect(first(#""accessibilityIdentifier": true"#)
            == "scene.json:1:89: root.sections[0].rows[0].accessibilityIdentifier: expected a string, found a boolean")
        // A row is no modal view.
        #expect(first(#""accessibilityViewIsModal": true"#).contains("root.sections[0].rows[0].accessibilityViewIsModal: unknown"))
    }
}
