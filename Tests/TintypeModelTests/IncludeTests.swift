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

    func issues(loading path: String) -> [SceneIssue] {
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
        let all = issues(loading: dir + "/scene.json")
        #expect(all.count == 1)
        #expect(all.first?.file == dir + "/theme.json")
        #expect(all.first?.path == "tintColor")
        #expect(all.first?.position?.line == 2)
        #expect(all.first?.position?.column == 16)

        let malformed = try folder(["theme.json": "{\n  \"tintColor\": }", "scene.json": #"{"include": ["theme.json"], "root": {"view": {}}}"#])
        let bad = issues(loading: malformed + "/scene.json")
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
        let missing = issues(loading: dir + "/scene.json")
        #expect(missing.map(\.path) == ["include[0]"])
        #expect(missing.first?.position == SourcePosition(line: 2, column: 15))
        #expect(missing.first?.message.hasPrefix("no such file \"nope.json\"") == true)

        let cycle = issues(loading: dir + "/a.json")
        #expect(cycle.count == 1)
        #expect(cycle.first?.file == dir + "/b.json")
        #expect(cycle.first.map { [$0.position?.line, $0.position?.column] } == [2, 14])
        #expect(cycle.first?.message == "\"a.json\" includes itself, directly or through the files it includes")

        let wrong = issues(loading: dir + "/wrong.json")
        #expect(wrong.first?.path == "include")
        #expect(wrong.first?.message.hasPrefix("expected a list of scene files") == true)
    }

    static let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>"#

    /// A locale's copy of the scene resolves an included file's image paths from that file's
    /// folder, as the scene itself does.
    @Test func aLocalesCopyFindsAnIncludedFilesImages() throws {
        let dir = try folder([
            "theme/theme.json": #"{"appearance": {"navigationBar": {"backgroundImage": "bar.svg"}}}"#,
            "theme/bar.svg": Self.svg,
            "scene.json": #"{"include": ["theme/theme.json"], "variants": {"locales": ["en", "de"]}, "root": {"navigationController": {"stack": [{"title": "A"}]}}}"#,
        ])
        let scene = try SceneDecoder.load(path: dir + "/scene.json")
        #expect(scene.imageFiles == [dir + "/theme/bar.svg"])
        let german = try #require(scene.localizations["de"])
        guard case .controller(.navigation(let nav)) = german.root.kind else { Issue.record("not a navigation controller"); return }
        #expect(nav.navigationBar.backgroundImages.first?.image.resolvedPath(in: german.baseDirectory) == dir + "/theme/bar.svg")
    }

    /// Every image a scene file names is among its `imageFiles`, once, whatever names it: an image
    /// view, a bar button item, a control, the same file written two ways.
    @Test func aScenesImageFilesAreEveryImageItNames() throws {
        let dir = try folder([
            "img/a.svg": Self.svg, "img/b.svg": Self.svg, "img/c.svg": Self.svg,
            "scene.json": #"""
            {"root": {"navigationController": {"stack": [{"title": "A",
              "rightItems": [{"image": "img/b.svg"}],
              "view": {"view": {"subviews": [{"imageView": {"image": "img/a.svg"}}, {"imageView": {"image": "./img/../img/a.svg"}},
                                             {"button": {"title": "Go", "image": "img/c.svg"}}]}}}]}}}
            """#,
        ])
        let scene = try SceneDecoder.load(path: dir + "/scene.json")
        #expect(Set(scene.imageFiles) == [dir + "/img/a.svg", dir + "/img/b.svg", dir + "/img/c.svg"])
        #expect(scene.imageFiles.count == 3)
        #expect(try SceneDecoder.decode(#"{"root": {"view": {}}}"#).imageFiles.isEmpty)
    }

    @Test func pathsInAnIncludedFileStartFromItsFolder() throws {
        let dir = try folder([
            "common/theme.json": #"{"include": ["deeper/base.json"], "appearance": {"navigationBar": {"backgroundImage": "bar.svg"}, "button": {"image": "star.svg"}}}"#,
            "common/deeper/base.json": #"{"appearance": {"tabBar": {"selectionIndicatorImage": "sel.svg"}}}"#,
            "common/bar.svg": Self.svg, "common/star.svg": Self.svg, "common/deeper/sel.svg": Self.svg,
            "app/scene.json": #"{"include": ["../common/theme.json"], "root": {"navigationController": {"stack": [{"title": "A"}]}}}"#,
        ])
        // The theme beside the scene's folder is in the project the root names.
        let scene = try SceneDecoder.load(path: dir + "/app/scene.json", root: dir)
        guard case .controller(.navigation(let nav)) = scene.root.kind else { Issue.record("not a navigation controller"); return }
        #expect(nav.navigationBar.backgroundImages.map(\.image.path) == ["../common/bar.svg"])
        #expect(nav.navigationBar.backgroundImages.first?.image.resolvedPath(in: scene.baseDirectory) == dir + "/app/../common/bar.svg")
        // What the appearance names, whether or not a view uses it (no button here, no tab bar).
        #expect(Set(scene.appearanceImages.map(\.path)) == ["../common/bar.svg", "../common/star.svg", "../common/deeper/sel.svg"])
        #expect(scene.includedFiles == [dir + "/common/theme.json", dir + "/common/deeper/base.json"])
        // The scene's inputs, as commands see them without walking the scene.
        #expect(Set(scene.imageFiles) == [dir + "/common/bar.svg", dir + "/common/star.svg", dir + "/common/deeper/sel.svg"])

        // An image beside the scene but not beside the theme is missing, reported in the theme.
        let other = try folder([
            "theme/theme.json": "{\n  \"appearance\": {\"switch\": {}, \"button\": {\"image\": \"star.svg\"}}\n}",
            "star.svg": Self.svg,
            "scene.json": #"{"include": ["theme/theme.json"], "root": {"view": {}}}"#,
        ])
        let found = issues(loading: other + "/scene.json")
        #expect(found.map(\.path) == ["appearance.button.image"])
        #expect(found.first?.file == other + "/theme/theme.json")
        #expect(found.first?.position?.line == 2)
        #expect(found.first?.message.hasPrefix("image file \"theme/star.svg\" not found") == true)
    }

    @Test func aThemeTheScenesIncludeIsNotAScene() throws {
        let dir = try folder([
            "theme.json": #"{"tintColor": "systemRed"}"#,
            "base.json": #"{"include": ["theme.json"], "root": {"view": {}}}"#,
            "a.json": #"{"include": ["base.json"], "root": {"label": {"text": "A"}}}"#,
            "broken.json": #"{"tintColor": "systemRed"}"#,
            "notes.json": "not JSON",
        ])
        let all = ["a.json", "base.json", "broken.json", "notes.json", "theme.json"].map { dir + "/" + $0 }
        // base.json is included but has a root of its own: a scene. broken.json has no root and
        // nobody includes it: a broken scene, reported as one. A file that does not parse stays.
        #expect(SceneFiles.scenes(among: all) == ["a.json", "base.json", "broken.json", "notes.json"].map { dir + "/" + $0 })
        #expect(SceneFiles.isIncludedOnly(dir + "/theme.json", among: [dir + "/base.json"]))
        #expect(!SceneFiles.isIncludedOnly(dir + "/theme.json", among: [dir + "/broken.json"]))
    }
}
