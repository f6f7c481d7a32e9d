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

    /// Size-class variations are chosen per variant from its device and orientation: regular width on
    /// an iPad, and on a Plus in landscape; compact on other phones (an iPhone X in landscape too).
    @Test func eachVariantTakesTheSizeClassesOfItsDeviceAndOrientation() throws {
        let scene = try decode(#"""
            {"storyboard": "App/Base.lproj/Main.storyboard", "scene": "TrailDetail", "locale": "de",
             "variants": {"devices": ["iPhone 8", "iPad", "iPhone 8 Plus", "iPhone X"], "orientations": ["portrait", "landscape"]}}
            """#)
        var fonts: [String: Font] = [:]
        var texts: Set<String> = []
        for v in try scene.expandVariants() {
            let label = try #require(StoryboardImportTests().find("lbl-det-001", in: v.scene.root))
            guard case .label(let l) = label.kind else { Issue.record("not a label"); return }
            fonts[v.scene.device.name + " " + v.scene.orientation.rawValue] = l.font
            texts.insert(l.text ?? "")
        }
        // widthClass=regular makes the title title1.
        #expect(fonts == [
            "iPhone 8 portrait": .style(.headline), "iPhone 8 landscape": .style(.headline),
            "iPad portrait": .style(.title1), "iPad landscape": .style(.title1),
            "iPhone 8 Plus portrait": .style(.headline), "iPhone 8 Plus landscape": .style(.title1),
            "iPhone X portrait": .style(.headline), "iPhone X landscape": .style(.headline)])
        // Each copy is in the scene's language.
        #expect(texts == ["Granitrunde"])
        #expect(SizeClasses(device: try #require(Device.named("iPhone XR")), orientation: .landscape).horizontal == "regular")
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
    @Test func aPrototypeTablesRowsComeFromTheSceneFile() throws {
        // The gallery's Hikes list: the storyboard has two prototype cells, the scene file the rows.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let scene = try SceneDecoder.load(path: repository + "/Snapshots/Gallery/Storyboard/hikes.json")
        guard case .controller(.navigation(let nav)) = scene.root.kind, case .tableView(let table) = try #require(nav.stack.first).view.kind else {
            Issue.record("not a navigation controller over a table"); return
        }
        let rows = table.sections.flatMap(\.rows)
        #expect(rows.map(\.text) == ["Mist Trail", "Angels Landing", "Skyline Trail", "Highline Trail", nil])
        // A HikeCell row keeps what its prototype says (style, accessory, the catalog's image, the detail's color).
        #expect(rows[0].style == .subtitle && rows[0].accessoryType == .disclosureIndicator && rows[0].image != nil)
        #expect(rows[0].detailText == "Yosemite Valley · 5.4 mi" && rows[0].detailTextColor != nil)
        // The summary row's label, set by its Interface Builder id, in its own copy of the prototype's content view.
        let summary = try #require(rows[4].contentView.flatMap { StoryboardImportTests().find("lbl-sm-001", in: $0) })
        guard case .label(let label) = summary.kind else { Issue.record("not a label"); return }
        #expect(label.text == "4 hikes · 28.1 mi")
        // The import's note that the rows come from code is left out: the file gives them.
        #expect(!scene.warnings.contains { $0.message.contains("prototype cell") })
        // Without the file's rows, the table shows each prototype once, as Interface Builder does.
        let folder = repository + "/Snapshots/Gallery/Storyboard"
        let bare = try SceneDecoder.decode(#"{"storyboard": "Hikes/Base.lproj/Main.storyboard", "scene": "Hikes"}"#, file: folder + "/bare.json", baseDirectory: folder)
        guard case .controller(.navigation(let n2)) = bare.root.kind, case .tableView(let t2) = try #require(n2.stack.first).view.kind else { return }
        #expect(t2.sections.flatMap(\.rows).map(\.text) == ["Title", nil])
        #expect(bare.warnings.contains { $0.message.contains("tbl-lst-001: the table shows each of its 2 prototype cells once") && $0.message.contains("\"tableData\"") })
        // Each imported warning carries its kind and the object's id, which the decoder matches on (not its text).
        let note = try #require(bare.warnings.first { $0.kind == "prototypeCells" })
        #expect(note.objectID == "tbl-lst-001" && note.file.hasSuffix("Main.storyboard") && note.position != nil)
        // The Trail scene of the same storyboard does not hold that table, so its warning is not Trail's.
        let trail = try SceneDecoder.load(path: folder + "/trail.json")
        #expect(!trail.warnings.contains { $0.message.contains("tbl-lst-001") })
    }
}
