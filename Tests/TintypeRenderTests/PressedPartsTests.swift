import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// A pressed segment or stepper half shows a light wash of the tint; a half at its limit never does.
@Suite struct PressedPartsTests {
    func washes(_ json: String) throws -> Int {
        try sharedRenderer.displayList(for: try scene(json)).items.filter {
            if case .fill(_, .color(let c), _) = $0 { return c == Color.systemBlue.withAlpha(0.2) }
            return false
        }.count
    }

    @Test func pressedSegmentAndStepperHalf() throws {
        #expect(try washes(#"{ "root": { "segmentedControl": { "frame": [0, 0, 200, 29], "segments": ["A", "B"], "selectedSegmentIndex": 0, "highlightedSegmentIndex": 1 } } }"#) == 1)
        #expect(try washes(#"{ "root": { "segmentedControl": { "frame": [0, 0, 200, 29], "segments": ["A", "B"], "selectedSegmentIndex": 0, "highlightedSegmentIndex": 0 } } }"#) == 0,
                "a selected segment is already filled")
        #expect(try washes(#"{ "root": { "stepper": { "frame": [0, 0, 94, 29], "value": 5, "pressed": "decrement" } } }"#) == 1)
        #expect(try washes(#"{ "root": { "stepper": { "frame": [0, 0, 94, 29], "value": 0, "pressed": "decrement" } } }"#) == 0)
    }

    @Test func decodingErrors() {
        func message(_ json: String) -> String? {
            do { _ = try SceneDecoder.decode(json); return nil } catch { return error.issues.first?.message }
        }
        #expect(message(#"{ "root": { "segmentedControl": { "segments": ["A"], "highlightedSegmentIndex": 3 } } }"#)?.contains("past the last segment") == true)
        #expect(message(#"{ "root": { "stepper": { "pressed": "both" } } }"#)?.contains("decrement, increment") == true)
    }
}
