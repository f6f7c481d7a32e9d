import Foundation
import Testing
@testable import TintypeModel
import TintypeStoryboard

/// The JSON Schema of scene files (docs/scene.schema.json): generated from the decoder, committed,
/// built into tintype (SchemaCommandTests), in agreement with the decoder key for key, and checked by an independent
/// validator (SchemaValidator.swift) against every scene in Snapshots/.
@Suite struct SchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let committedPath = root + "/docs/scene.schema.json"

    static func committed() throws -> String { try String(contentsOfFile: committedPath, encoding: .utf8) }

    /// Every scene file under Snapshots/ (its .json files but the themes they include), sorted.
    static func scenes() -> [(path: String, bytes: [UInt8])] {
        let folder = root + "/Snapshots"
        let files = (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".json") }.sorted()
        return SceneFiles.scenes(among: files.map { folder + "/" + $0 }).compactMap { f in FileManager.default.contents(atPath: f).map { (f, Array($0)) } }
    }

    static let generated: SceneSchema.Generated = {
        // As the command line does: scenes that name a storyboard are read through its importer.
        StoryboardImporter.registerWithSceneDecoder()
        return SceneSchema.generate(scenes: scenes(), root: root + "/Snapshots")
    }()

    static func validator() throws -> SchemaValidator { try SchemaValidator(schema: TestJSON.parse(committed())) }

    @Test func theCommittedSchemaIsWhatTheDecoderGeneratesNow() throws {
        let g = Self.generated
        #expect(g.problems.isEmpty, "every scene in Snapshots decodes: \(g.problems)")
        #expect(g.json == (try Self.committed()), "docs/scene.schema.json is out of date: run Scripts/schema")
    }

    /// Key for key, by definition: what the decoder asks for is in the committed schema, and
    /// what the schema allows the decoder asks for. The message lists the keys that differ.
    @Test func theSchemaAndTheDecoderKnowTheSameKeys() throws {
        let decoder = Self.generated.keys
        let schema = try #require(SceneSchema.keys(ofSchema: try Self.committed()))
        var drift: [String] = []
        for name in Set(decoder.keys).union(schema.keys).sorted() {
            let d = decoder[name] ?? [], s = schema[name] ?? []
            for k in d.subtracting(s).sorted() { drift.append("\(name).\(k): read by the decoder, missing from the schema") }
            for k in s.subtracting(d).sorted() { drift.append("\(name).\(k): in the schema, never read by the decoder") }
        }
        #expect(drift.isEmpty, Comment(rawValue: "run Scripts/schema:\n" + drift.joined(separator: "\n")))
        // The recorder sees what the decoder asks for: well-known keys are there.
        #expect(decoder["view.label"]?.isSuperset(of: ["text", "font", "frame", "subviews", "backgroundColor"]) == true)
        #expect(decoder["scene"]?.isSuperset(of: ["$schema", "device", "root", "variants", "statusBar"]) == true)
    }

    /// The other way round, asked of the decoder itself: every key the schema lists for a view kind
    /// or the scene is one the decoder accepts there (given as null, which every reader treats as
    /// absent), and a key that is not listed is reported as unknown.
    @Test func theDecoderAcceptsEveryKeyTheSchemaListsAndNoOther() throws {
        let schema = try #require(SceneSchema.keys(ofSchema: try Self.committed()))
        func unknown(_ json: String) -> [String] {
            do { _ = try SceneDecoder.decode(json, file: "probe.json"); return [] } catch {
                return error.issues.filter { $0.message.hasPrefix("unknown property") }.map(\.description)
            }
        }
        func quoted(_ s: String) -> String { "\"" + s + "\"" }
        var problems: [String] = []
        for kind in SceneDecoder.kinds.map(\.name) {
            let keys = try #require(schema["view." + kind], "the schema has no definition of \(kind)")
            for key in keys.sorted() {
                let found = unknown("{\"root\": {\(quoted(kind)): {\(quoted(key)): null}}}")
                if !found.isEmpty { problems.append("\(kind).\(key): \(found)") }
            }
            #expect(!unknown("{\"root\": {\(quoted(kind)): {\"notAKey\": null}}}").isEmpty, "\(kind) reports an unknown key")
        }
        for key in try #require(schema["scene"]).sorted() where key != "root" {
            let found = unknown("{\(quoted(key)): null, \"root\": {\"view\": {}}}")
            if !found.isEmpty { problems.append("scene.\(key): \(found)") }
        }
        #expect(problems.isEmpty, Comment(rawValue: problems.joined(separator: "\n")))
    }

    @Test func everyViewKindOfTheDecoderIsInTheSchema() throws {
        let schema = try TestJSON.parse(try Self.committed())
        guard case .object(let kinds)? = schema["definitions"]?["view"]?["properties"] else { Issue.record("no view definition"); return }
        #expect(kinds.map(\.0).sorted() == SceneDecoder.kinds.map(\.name).sorted())
    }

    /// The independent validator accepts every scene in Snapshots/ as it is on disk (comments and all).
    @Test func everySceneInSnapshotsValidates() throws {
        let validator = try Self.validator()
        let scenes = Self.scenes()
        #expect(scenes.count > 100)
        var bad: [String] = []
        for scene in scenes {
            let json = try TestJSON.parse(String(decoding: scene.bytes, as: UTF8.self))
            bad += validator.errors(json).map { scene.path.replacingOccurrences(of: Self.root + "/", with: "") + ": " + $0 }
        }
        #expect(bad.isEmpty, "\(bad.prefix(30).joined(separator: "\n"))")
    }

    /// Scenes the decoder refuses, refused by the schema too (so the test above can fail), each at
    /// the place the decoder names.
    @Test(arguments: [
        (#"{"root": {"view": {"backgroundColour": "white"}}}"#, "/root/view/backgroundColour"),
        (#"{"root": {"label": {"text": "Hi", "hidden": "yes"}}}"#, "/root/label/hidden"),
        (#"{"root": {"lable": {}}}"#, "/root"),
        (#"{"root": {"view": {}, "label": {}}}"#, "/root"),
        (#"{"root": {"view": {"alpha": 2}}}"#, "/root/view/alpha"),
        (#"{"root": {"label": {"textAlignment": "centre"}}}"#, "/root/label/textAlignment"),
        (#"{"root": {"view": {"frame": [0, 0, 10]}}}"#, "/root/view/frame"),
        (#"{"device": "iPhone 99", "root": {"view": {}}}"#, "/device"),
        (#"{"root": {"view": {"subviews": [{"label": {"font": {"weigth": "bold"}}}]}}}"#, "/root/view/subviews/0/label/font"),
        (#"{"root": {"tableView": {"sections": [{"rows": [{"titel": "A"}]}]}}}"#, "/root/tableView/sections/0/rows/0/titel"),
        (#"{"$schema": 3, "root": {"view": {}}}"#, "/$schema"),
        (#"{"root": {"view": {}}, "statusBar": {"signal": 2.5}}"#, "/statusBar/signal"),
        (#"{"root": {"shape": {"fill": {"linearGradient": {"start": [0, 0], "end": [0, 9], "stops": ["red", "blue"], "angle": 9}}}}}"#, "/root/shape/fill"),
        (#"{"root": {"button": {"title": {"normal": "A", "pressed": "B"}}}}"#, "/root/button/title"),
    ])
    func aSceneTheDecoderRefusesTheSchemaRefuses(scene: String, at: String) throws {
        #expect(throws: SceneError.self) { try SceneDecoder.decode(scene, file: "bad.json") }
        let errors = try Self.validator().errors(TestJSON.parse(scene))
        #expect(errors.contains { $0.hasPrefix(at + ":") || $0.hasPrefix(at + "/") }, "\(errors)")
    }

    @Test func aSceneMayNameTheSchema() throws {
        let scene = #"{"$schema": "../../docs/scene.schema.json", "device": "iPhone SE", "root": {"view": {"backgroundColor": "white"}}}"#
        _ = try SceneDecoder.decode(scene, file: "named.json")
        #expect(try Self.validator().errors(TestJSON.parse(scene)).isEmpty)
    }

    @Test func theValidatorRefusesKeywordsItDoesNotImplement() throws {
        let schema = try TestJSON.parse(#"{"type": "object", "properties": {"a": {"type": "string", "pattern": "^x"}}}"#)
        #expect(throws: SchemaValidator.Unsupported.self) { try SchemaValidator(schema: schema) }
    }

    @Test func generatingIsDeterministic() {
        // `generated` first: it registers the storyboard importer, without which a scene naming a
        // storyboard does not decode (run alone, this test used to generate before it, and failed).
        let first = Self.generated
        let again = SceneSchema.generate(scenes: Array(Self.scenes().reversed()), root: Self.root + "/Snapshots")
        #expect(again.json == first.json)
    }
}
