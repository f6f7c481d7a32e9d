import Foundation
import Testing
@testable import TintypeModel

/// `"include"`: shared files merged into a scene, the scene's own keys winning, objects merged key
/// by key, and problems reported in the file that has them.
@Suite struct IncludeTests {
    /// Writes `files` (name → text) into a new folder and returns its path.
    func folder(_ files: [String: String]) throws -> String {
        let dir = NSTemporaryDirectory() + "tintype-include-" + UUID().uuidString
        for (name, text) in files {
            let path = dir + "/" + name
            try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        return dir
    }

    func issues(_ path: String) -> [SceneIssue] {
        do { _ = try SceneDecoder.load(path: path); return [] } catch { return error.issues }
    }

    @Test func theSceneWinsAndObjectsMergeKeyByKey() throws {
        let dir = try folder([
            "theme/base.json": #"{"statusBar": {"time": "9:41", "carrier": "Base"}, "backgroundColor": "systemRed"}"#,
            "theme/theme.json": #"{"include": ["base.json"], "tintColor": "systemGreen", "statusBar": {"carrier": "Theme", "style": "lightContent"}}"#,
            "scene.json": """
            {"include": ["theme/theme.json"], "tintColor": "systemBlue",
             "statusBar": {"style": "default"}, "root": {"view": {}}}
            """,
        ])
        let scene = try SceneDecoder.load(path: dir + "/scene.json")
        #expect(scene.tintColor == .systemBlue)             // the scene's own key wins
        #expect(scene.backgroundColor == .systemRed)        // from the file the theme includes
        #expect(scene.statusBar.carrier == "Theme")         // the theme wins over what it includes
        #expect(scene.statusBar.time == "9:41")             // objects merge key by key
        #expect(scene.statusBar.style == .default)
    }

    @Test func aProblemInAnIncludedFileIsReportedThere() throws {
        let dir = try folder([
            "theme.json": "{\n  \"tintColor\": \"#12G\"\n}",
            "scene.json": #"{"include": ["theme.json"], "root": {"view": {}}}"#,
        ])
        let all = issues(dir + "/scene.json")
        #expect(all.count == 1)
        #expect(all.first?.file == dir + "/theme.json")
        #expect(all.first?.path == "tintColor")
        #expect(all.first?.position?.line == 2)
        #expect(all.first?.position?.column == 16)

        let malformed = try folder(["theme.json": "{\n  \"tintColor\": }", "scene.json": #"{"include": ["theme.json"], "root": {"view": {}}}"#])
        let bad = issues(malformed + "/scene.json")
        #expect(bad.first?.file == malformed + "/theme.json")
        #expect(bad.first?.position?.line == 2)
    }

    @Test func missingFilesAndCyclesNameTheIncludeAndItsPlace() throws {
        let dir = try folder([
            "scene.json": "{\n  \"include\": [\"nope.json\"], \"root\": {\"view\": {}}}",
            "a.json": #"{"include": ["b.json"], "root": {"view": {}}}"#,
            "b.json": "{\"tintColor\": \"red\",\n \"include\": [\"a.json\"]}",
            "wrong.json": #"{"include": "theme.json", "root": {"view": {}}}"#,
        ])
        let missing = issues(dir + "/scene.json")
        #expect(missing.map(\.path) == ["include[0]"])
        #expect(missing.first?.position == SourcePosition(line: 2, column: 15))
        #expect(missing.first?.message.hasPrefix("no such file \"nope.json\"") == true)

        let cycle = issues(dir + "/a.json")
        #expect(cycle.count == 1)
        #expect(cycle.first?.file == dir + "/b.json")
        #expect(cycle.first.map { [$0.position?.line, $0.position?.column] } == [2, 14])
        #expect(cycle.first?.message == "\"a.json\" includes itself, directly or through the files it includes")

        let wrong = issues(dir + "/wrong.json")
        #expect(wrong.first?.path == "include")
        #expect(wrong.first?.message.hasPrefix("expected a list of scene files") == true)
    }
}
