import Foundation
import Testing
@testable import TintypeModel
@testable import TintypeStoryboard

/// Scene files that name a storyboard's scene (`{"storyboard": …, "scene": …}`), read by the scene
/// decoder through the importer: the scene as `tintype import` writes it, under the file's own keys.
struct StoryboardSceneTests {
    static let fixtures = StoryboardImportTests.fixtures

    init() { StoryboardImporter.registerWithSceneDecoder() }

    func decode(_ json: String) throws(SceneError) -> Scene {
        try SceneDecoder.decode(json, file: Self.fixtures + "/pointer.json", baseDirectory: Self.fixtures)
    }

    func messages(_ json: String) -> [String] {
        do { _ = try decode(json); return [] } catch { return error.issues.map(\.description) }
    }

    @Test func aSceneOfTheStoryboardUnderTheFilesOwnKeys() throws {
        let scene = try decode(#"{"storyboard": "App/Base.lproj/Main.storyboard", "scene": "TrailDetail", "device": "iPhone X", "locale": "de"}"#)
        #expect(scene.device.name == "iPhone X")
        // The storyboard counts as a file the scene reads (no output may replace it).
        #expect(scene.includedFiles.contains(Self.fixtures + "/App/Base.lproj/Main.storyboard"))
        // Its translations are there: the detail's title label in German.
        let label = try #require(StoryboardImportTests().find("lbl-det-001", in: scene.root))
        guard case .label(let l) = label.kind else { Issue.record("not a label"); return }
        #expect(l.text == "Granitrunde")
        // The import's warnings come with the scene, at the storyboard's line and column.
        #expect(scene.warnings.map(\.description).contains { $0.contains("Main.storyboard:161:29: map-det-001: MKMapView is not a class Tintype draws") })
    }

    @Test func aMatrixDecidesTheDeviceOverTheStoryboards() throws {
        let scene = try decode(#"{"storyboard": "App/Base.lproj/Main.storyboard", "scene": "Settings", "devices": ["iPhone SE", "iPad"]}"#)
        #expect(try scene.expandVariants().count == 2)
    }

    @Test func mistakesNameTheFileAndTheScene() {
        #expect(messages(#"{"storyboard": "App/Base.lproj/Main.storyboard", "scene": "Setings"}"#).first?.hasSuffix(
            "has no scene \"Setings\" (its scenes: TrailList, TrailDetail, Settings); did you mean \"Settings\"?") == true)
        #expect(messages(#"{"storyboard": "App/Base.lproj/Main.storyboard"}"#).first?.hasSuffix(
            "has 3 scenes; name one with \"scene\": TrailList, TrailDetail, Settings") == true)
        #expect(messages(#"{"storyboard": "App/Nope.storyboard", "scene": "A"}"#).first?.contains(
            "pointer.json:1:16: storyboard: no such file \"App/Nope.storyboard\"") == true)
        #expect(messages(#"{"storyboard": "/tmp/Main.storyboard", "scene": "A"}"#).first?.contains(
            "storyboard: the storyboard \"/tmp/Main.storyboard\" is not inside the scene's project") == true)
        #expect(messages(#"{"storyboard": "App/Assets.xcassets/Contents.json"}"#).first?.hasSuffix(
            "storyboard: \"App/Assets.xcassets/Contents.json\" is not a .storyboard or .xib file") == true)
    }
}
