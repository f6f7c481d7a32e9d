import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// Alerts and action sheets: the window dims, the alert keeps its colors, actions lay out as UIKit's.
@Suite struct AlertTests {
    func texts(_ json: String) throws -> [TextItem] {
        try sharedRenderer.displayList(for: try scene(json)).items.flatMap { item -> [TextItem] in
            switch item {
            case .text(let t): return [t]
            case .group(let g): return g.items.compactMap { if case .text(let t) = $0 { t } else { nil } }
            default: return []
            }
        }
    }

    @Test func presentingDimsTheWindowButNotTheAlert() throws {
        let found = try texts("""
        { "tintColor": "systemRed", "root": { "label": { "frame": [0, 100, 200, 30], "text": "Behind", "textColor": "tint" } },
          "presented": { "alert": { "title": "T", "actions": [ "OK" ] } } }
        """)
        #expect(found.first { $0.text == "Behind" }?.color == Color.systemRed.dimmed)
        #expect(found.first { $0.text == "OK" }?.color == .systemRed)
    }

    @Test func twoActionsSideBySideCancelFirstAndBold() throws {
        let found = try texts(#"{ "presented": { "alert": { "title": "T", "actions": [ { "title": "Delete", "style": "destructive" }, { "title": "Cancel", "style": "cancel" } ] } }, "root": { "view": {} } }"#)
        let cancel = try #require(found.first { $0.text == "Cancel" }), delete = try #require(found.first { $0.text == "Delete" })
        #expect(cancel.frame.minY == delete.frame.minY)
        #expect(cancel.frame.minX < delete.frame.minX)
        #expect(cancel.font.weight == .semibold && delete.font.weight == .regular)
        #expect(delete.color == .systemRed)
    }

    @Test func threeActionsStackWithCancelLast() throws {
        let found = try texts(#"{ "presented": { "alert": { "actions": [ { "title": "Cancel", "style": "cancel" }, "A", { "title": "B", "preferred": true } ] } }, "root": { "view": {} } }"#)
        let ys = ["A", "B", "Cancel"].compactMap { name in found.first { $0.text == name }?.frame.minY }
        #expect(ys.count == 3 && ys[0] < ys[1] && ys[1] < ys[2])
        #expect(ys[1] - ys[0] == 44)
        #expect(found.first { $0.text == "B" }?.font.weight == .semibold, "the preferred action is bold")
        #expect(found.first { $0.text == "Cancel" }?.font.weight == .regular, "with a preferred action, cancel is not bold")
    }

    @Test func actionSheetPutsCancelInItsOwnGroupAtTheBottom() throws {
        let found = try texts(#"{ "device": "iPhone 8", "presented": { "actionSheet": { "actions": [ "A", { "title": "Cancel", "style": "cancel" } ] } }, "root": { "view": {} } }"#)
        let cancel = try #require(found.first { $0.text == "Cancel" }), a = try #require(found.first { $0.text == "A" })
        #expect(cancel.frame.maxY == 667 - 10)
        #expect(cancel.frame.minY - a.frame.maxY == 8, "8 between the groups")
        #expect(cancel.font.size == 20)
    }

    @Test func presentationDecodingErrors() {
        #expect(SceneDecoder.issues(decoding: #"{ "root": { "view": {} }, "presented": { "alret": {} } }"#).first?.message.contains("did you mean \"alert\"") == true)
        #expect(SceneDecoder.issues(decoding: #"{ "root": { "view": {} }, "presented": { "alert": { "actions": [ { "title": "A", "style": "cancel" }, { "title": "B", "style": "cancel" } ] } } }"#)
            .first?.message.contains("only one action may have the cancel style") == true)
        #expect(SceneDecoder.issues(decoding: #"{ "root": { "view": {} }, "presented": { "actionSheet": { "textFields": [ {} ] } } }"#).first?.message.contains("alerts only") == true)
        #expect(SceneDecoder.issues(decoding: #"{ "root": { "view": {} }, "presented": { "alert": { "actions": [ { "style": "destructive" } ] } } }"#).first?.message.contains("needs a \"title\"") == true)
    }
}
