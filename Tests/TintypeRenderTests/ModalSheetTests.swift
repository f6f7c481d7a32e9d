import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// Modal sheets: where they go, and which of them dim the window.
@Suite struct ModalSheetTests {
    func texts(_ json: String) throws -> [TextItem] {
        try sharedRenderer.displayList(for: try scene(json)).items.compactMap { if case .text(let t) = $0 { t } else { nil } }
    }

    let behind = #"{ "label": { "frame": [0, 300, 200, 30], "text": "Behind", "textColor": "tint" } }"#

    @Test func formSheetOnIPadDimsTheWindowAndANormalIslandKeepsItsTint() throws {
        let json = #"""
        { "device": "iPad", "tintColor": "systemRed", "root": \#(behind),
          "presented": { "sheet": { "modalPresentationStyle": "formSheet", "root": { "view": { "subviews": [
            { "label": { "frame": [0, 0, 100, 30], "text": "Dimmed", "textColor": "tint" } },
            { "view": { "tintAdjustmentMode": "normal", "subviews": [ { "label": { "frame": [0, 40, 100, 30], "text": "Post", "textColor": "tint" } } ] } } ] } } } } }
        """#
        let found = try texts(json)
        #expect(found.first { $0.text == "Behind" }?.color == Color.systemRed.dimmed)
        #expect(found.first { $0.text == "Dimmed" }?.color == Color.systemRed.dimmed)
        #expect(found.first { $0.text == "Post" }?.color == .systemRed)
        // 540×620, centered on the 768×1024 screen.
        #expect(found.first { $0.text == "Dimmed" }?.frame.origin == Point(x: 114, y: 202))
    }

    @Test func onAPhoneAFormSheetIsFullScreenAndDoesNotDim() throws {
        let json = #"{ "device": "iPhone 8", "tintColor": "systemRed", "root": \#(behind), "presented": { "sheet": { "modalPresentationStyle": "formSheet", "root": { "label": { "frame": [0, 0, 100, 30], "text": "Sheet", "textColor": "tint" } } } } }"#
        let found = try texts(json)
        #expect(found.first { $0.text == "Behind" }?.color == .systemRed)
        #expect(found.first { $0.text == "Sheet" }?.frame.origin == Point(x: 0, y: 0))
    }

    @Test func sheetDecodingErrors() {
        func message(_ json: String) -> String? {
            do { _ = try SceneDecoder.decode(json); return nil } catch { return error.issues.first?.message }
        }
        #expect(message(#"{ "root": { "view": {} }, "presented": { "sheet": { "modalPresentationStyle": "custom", "root": { "view": {} } } } }"#)?.contains("needs a \"frame\"") == true)
        #expect(message(#"{ "root": { "view": {} }, "presented": { "sheet": {} } }"#)?.contains("needs a \"root\"") == true)
        #expect(message(#"{ "root": { "view": {} }, "presented": { "sheet": { "modalPresentationStyle": "popup", "root": { "view": {} } } } }"#)?.contains("expected one of") == true)
    }
}
