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
        return try LayoutRecord.rendering(scene, with: renderer).record
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

    /// One property changed at a time, each of those the first test leaves out: a size, a text's
    /// color, a text that no longer fits (by its string, or by its font alone) and fits again.
    @Test func eachPropertyAloneIsExplained() throws {
        let resized = try explain { $0.replacingOccurrences(of: "[16, 140, 288, 100]", with: "[16, 140, 300, 120]") }
        #expect(resized == ["view `card` (screen.json:5:5) resized 288×100 → 300×120"], "\(resized)")
        let color = try explain { $0.replacingOccurrences(of: "\"size\": 17 }", with: "\"size\": 17 }, \"textColor\": \"#FF3B30\"") }
        #expect(color == ["text \"Notifications\" (label `title` (screen.json:3:5)): color #000000 → #FF3B30"], "\(color)")
        let longer = { (base: String) in
            base.replacingOccurrences(of: "\"Notifications\"", with: "\"Notifications for every app on this phone, all day long\"")
        }
        let long = try explain(longer)
        #expect(long == ["text \"Notifications\" → \"Notifications for every app on this phone, all day long\" (label `title` (screen.json:3:5)), now truncated"],
                "\(long)")
        let big = try explain { $0.replacingOccurrences(of: "\"size\": 17", with: "\"size\": 60") }
        #expect(big.contains("text \"Notifications\" (label `title` (screen.json:3:5)) now truncated"), "\(big)")
        let back = LayoutRecord.explain(from: try record(longer(Self.base)), to: try record(Self.base), file: "screen.json")
        #expect(back.first?.hasSuffix("(label `title` (screen.json:3:5))") == true && back.contains { $0.hasSuffix("no longer truncated") }, "\(back)")
        // The tree marks it too, as `tintype layout` prints it.
        #expect(try record(longer(Self.base)).tree().contains(" truncated\n"))
        #expect(!(try record(Self.base)).tree().contains("truncated"))
    }

    /// Images: another file, one added or removed, a template's tint.
    @Test func imagesAreExplained() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (name, fill) in [("a", "#ff0000"), ("b", "#00ff00")] {
            let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='20' height='20'><rect width='20' height='20' fill='\(fill)'/></svg>"
            try Data(svg.utf8).write(to: URL(fileURLWithPath: dir + "/\(name).svg"))
        }
        let scene = #"{ "device": "iPhone SE", "scale": 1, "root": { "view": { "subviews": [ IMAGES ] } } }"#
        func record(_ images: String) throws -> LayoutRecord {
            try Data(scene.replacingOccurrences(of: "IMAGES", with: images).utf8).write(to: URL(fileURLWithPath: dir + "/screen.json"))
            let s = try SceneDecoder.load(path: dir + "/screen.json")
            return LayoutRecord(scene: s, list: try renderer.displayList(for: s))
        }
        let a = #"{ "imageView": { "id": "icon", "frame": [10, 10, 20, 20], "image": "a.svg", "renderingMode": "alwaysTemplate" } }"#
        let base = try record(a)
        let swapped = LayoutRecord.explain(from: base, to: try record(a.replacingOccurrences(of: "a.svg", with: "b.svg")))
        #expect(swapped.contains { $0.hasPrefix("image \"") && $0.contains("b.svg") && $0.hasSuffix("(imageView `icon`) added") }, "\(swapped)")
        #expect(swapped.contains { $0.contains("a.svg") && $0.hasSuffix("removed") }, "\(swapped)")
        let tinted = LayoutRecord.explain(from: base, to: try record(a.replacingOccurrences(of: "\"alwaysTemplate\"", with: "\"alwaysTemplate\", \"tintColor\": \"#FF3B30\"")))
        #expect(tinted.contains { $0.contains("a.svg") && $0.hasSuffix("tint #007AFF → #FF3B30") }, "\(tinted)")
        let moved = LayoutRecord.explain(from: base, to: try record(a.replacingOccurrences(of: "[10, 10, 20, 20]", with: "[10, 30, 20, 20]")))
        #expect(moved.first == "imageView `icon` moved 20 pt down", "\(moved)")
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
