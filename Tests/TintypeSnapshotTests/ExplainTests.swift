import Foundation
import Testing
import TintypeModel
@testable import TintypeRender
@testable import TintypeSnapshot

/// Layout records: carried inside goldens, and a failure that says in words why a screen changed.
@Suite struct ExplainTests {
    let renderer = Renderer(warn: { _ in })

    /// A small screen; each test changes one thing in it.
    static let base = ##"""
    { "device": "iPhone SE", "scale": 1, "tintColor": "#007AFF",
      "root": { "view": { "backgroundColor": "white", "subviews": [
        { "label": { "id": "title", "frame": [16, 40, 288, 30], "text": "Notifications", "font": { "size": 17 } } },
        { "switch": { "id": "notifications", "frame": [255, 90, 51, 31], "isOn": true } },
        { "view": { "id": "card", "frame": [16, 140, 288, 100], "backgroundColor": "#888888" } }
      ] } } }
    """##

    func record(_ json: String) throws -> LayoutRecord {
        let scene = try SceneDecoder.decode(json, file: "screen.json")
        return LayoutRecord(scene: scene, list: try renderer.displayList(for: scene))
    }

    func explain(_ change: (String) -> String) throws -> [String] {
        LayoutRecord.explain(from: try record(Self.base), to: try record(change(Self.base)), file: "screen.json")
    }

    @Test func eachKindOfChangeIsNamedWithItsView() throws {
        #expect(try explain { $0 }.isEmpty, "the same scene: no change")
        let moved = try explain { $0.replacingOccurrences(of: "[16, 40, 288, 30]", with: "[16, 44, 288, 30]") }
        #expect(moved == ["label `title` (screen.json:3:5) moved 4 pt down"], "the text moved with its label, said once: \(moved)")
        let text = try explain { $0.replacingOccurrences(of: "\"Notifications\"", with: "\"Benachrichtigungen\"") }
        #expect(text.contains { $0.hasPrefix("text \"Notifications\" → \"Benachrichtigungen\" (label `title`") }, "\(text)")
        let font = try explain { $0.replacingOccurrences(of: "\"size\": 17", with: "\"size\": 15") }
        #expect(font.contains { $0.hasPrefix("text \"Notifications\" (label `title`") && $0.hasSuffix("font 17 → 15 pt") }, "\(font)")
        let background = try explain { $0.replacingOccurrences(of: "#888888", with: "#FF3B30") }
        #expect(background.contains { $0.hasPrefix("view `card`") && $0.hasSuffix("background #888888 → #FF3B30") }, "\(background)")
        let tint = try explain { $0.replacingOccurrences(of: "\"isOn\": true", with: "\"isOn\": true, \"tintColor\": \"#FF3B30\"") }
        #expect(tint.contains { $0.hasPrefix("switch `notifications`") && $0.hasSuffix("tint inherited → #FF3B30") }, "\(tint)")
        let added = try explain {
            $0.replacingOccurrences(of: "\"backgroundColor\": \"#888888\" } }", with: "\"backgroundColor\": \"#888888\" } }, { \"label\": { \"id\": \"footer\", \"frame\": [16, 260, 288, 20], \"text\": \"Off\" } }")
        }
        #expect(added.first?.hasPrefix("label `footer` (screen.json:5:") == true && added.first?.hasSuffix(") added") == true, "\(added)")
        #expect(added.contains { $0.hasPrefix("text \"Off\" added") }, "\(added)")
        let removed = try explain { $0.replacingOccurrences(of: #",\s*\{ "view": \{ "id": "card"[^\n]*\} \}"#, with: "", options: .regularExpression) }
        #expect(removed == ["view `card` (screen.json:5:5) removed"], "where the golden's scene wrote it: \(removed)")
        let trait = try explain { $0.replacingOccurrences(of: "\"iPhone SE\"", with: "\"iPhone 8\"") }
        #expect(trait.first == "trait device iPhone SE → iPhone 8", "\(trait)")
    }

    /// The most important changes come first, and a long list is cut with a count.
    @Test func changesAreOrderedAndCounted() throws {
        let many = try explain { base in
            base.replacingOccurrences(of: "[16, 140, 288, 100]", with: "[20, 150, 288, 100]")
                .replacingOccurrences(of: "\"Notifications\"", with: "\"Alerts\"")
                .replacingOccurrences(of: "\"iPhone SE\"", with: "\"iPhone 8\"")
        }
        #expect(many.first?.hasPrefix("trait device") == true, "\(many)")
        let textLine = try #require(many.firstIndex { $0.hasPrefix("text ") }), moveLine = try #require(many.firstIndex { $0.contains("moved") })
        #expect(textLine < moveLine, "\(many)")
        var old = try record(Self.base), new = old
        new.views = (0..<30).map { LayoutRecord.ViewEntry(path: "root.subviews[\($0)]", kind: "view", id: nil, frame: [0, 0, 1, 1]) }
        old.views = []
        let cut = LayoutRecord.explain(from: old, to: new)
        #expect(cut.count == LayoutRecord.maxExplanationLines && cut.last == "… and 19 more changes", "\(cut)")
    }

    /// The record rides in the golden: a failure against a recorded golden explains itself; a
    /// difference the records do not show says the drawing changed with the layout intact; a
    /// golden recorded without a record still verifies, and fails without inventing a reason.
    @Test func aFailureAgainstARecordedGoldenSaysWhy() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = GoldenStore(artifactsDirectory: dir + "/artifacts")
        let strategy = Snapshotting<Scene, RecordedImage>.recordedImage(renderer: renderer)
        let golden = dir + "/screen.png"
        let base = try SceneDecoder.decode(Self.base, file: "screen.json")
        #expect(store.verify(try strategy.snapshot(base), as: strategy.diffing, golden: golden, name: "screen", mode: .missing).status == .recorded)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: golden)))
        #expect(try LayoutRecordChunk.record(in: bytes, file: golden) == (try record(Self.base)))
        #expect(GoldenStamp.valid(in: bytes) != nil, "the golden is stamped after its record")
        #expect(try Bitmap(png: bytes) == (try renderer.render(base)), "the record changes no pixel")
        #expect(store.verify(try strategy.snapshot(base), as: strategy.diffing, golden: golden, name: "screen", mode: .never).status == .passed)

        let moved = try SceneDecoder.decode(Self.base.replacingOccurrences(of: "[16, 40, 288, 30]", with: "[16, 44, 288, 30]"), file: "screen.json")
        let r = store.verify(try strategy.snapshot(moved), as: strategy.diffing, golden: golden, name: "screen", mode: .never)
        #expect(r.status == .failed && r.message.contains("\nWhy:\n  - label `title` (screen.json:3:5) moved 4 pt down"), "\(r.message)")

        // A corner radius is not in the record: the pixels differ, the layout does not.
        let rounded = try SceneDecoder.decode(Self.base.replacingOccurrences(of: "\"backgroundColor\": \"#888888\"", with: "\"backgroundColor\": \"#888888\", \"cornerRadius\": 12"), file: "screen.json")
        let same = store.verify(try strategy.snapshot(rounded), as: strategy.diffing, golden: golden, name: "screen", mode: .never)
        #expect(same.status == .failed && same.message.contains("Why: the layout is the same"), "\(same.message)")

        // A golden without a record: verifies, and a failure says nothing of why.
        let plain = dir + "/plain.png"
        #expect(store.verify(try renderer.render(base), golden: plain, name: "plain", mode: .missing).status == .recorded)
        #expect(try LayoutRecordChunk.record(in: Array(try Data(contentsOf: URL(fileURLWithPath: plain))), file: plain) == nil)
        #expect(store.verify(try strategy.snapshot(base), as: strategy.diffing, golden: plain, name: "plain", mode: .never).status == .passed)
        let unexplained = store.verify(try strategy.snapshot(moved), as: strategy.diffing, golden: plain, name: "plain", mode: .never)
        #expect(unexplained.status == .failed && !unexplained.message.contains("Why"), "\(unexplained.message)")
    }

    /// A record that does not parse is named as such, not taken for a change.
    @Test func aDamagedRecordIsAClearError() throws {
        let png = try renderer.render(try SceneDecoder.decode(Self.base, file: "screen.json")).pngData()
        var broken = LayoutRecord(traits: [:], views: [], texts: [], images: [])
        broken.format = 7
        let withBroken = try LayoutRecordChunk.inserting(broken, into: png)
        #expect(throws: SnapshotError.self) { try LayoutRecordChunk.record(in: withBroken, file: "g.png") }
        do { _ = try LayoutRecordChunk.record(in: withBroken, file: "g.png") } catch {
            #expect(error.message.contains("g.png: layout record format 7"), "\(error.message)")
        }
        // Inserting twice keeps one record.
        let twice = try LayoutRecordChunk.inserting(try record(Self.base), into: withBroken)
        #expect(try LayoutRecordChunk.record(in: twice, file: "g.png") == (try record(Self.base)))
    }

    @Test func theTreeIsStableText() throws {
        let tree = try record(Self.base).tree()
        #expect(tree.hasPrefix("traits contentSize=L device=iPhone SE direction=LTR"), "\(tree)")
        #expect(tree.contains("\nview root frame=0,0,320,568 background=#FFFFFF\n  label #title root.subviews[0] frame=16,40,288,30\n"), "\(tree)")
        #expect(tree.contains("\n    text \"Notifications\" Inter regular 17 #000000 frame=16,40,288,30\n"), "\(tree)")
        #expect(tree.contains("\n  view #card root.subviews[2] frame=16,140,288,100 background=#888888\n"), "\(tree)")
        #expect(tree == (try record(Self.base)).tree())
    }
}
