import Foundation
import Testing

/// `tintype import`: scene files and string tables written from a storyboard, read back by
/// `render`; warnings, errors, exit codes, and nothing half-written.
@Suite struct ImportCommandTests {
    let cli = CLITests()
    static let storyboard = CLITests.root + "/Tests/TintypeStoryboardTests/Fixtures/App/Base.lproj/Main.storyboard"

    @Test func writesOneSceneFilePerControllerAndTheStringTables() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try cli.run(["import", Self.storyboard, "-o", "scenes"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.out == """
            Wrote scenes/TrailList.json
            Wrote scenes/TrailDetail.json
            Wrote scenes/Settings.json
            Wrote scenes/Main-strings/ (2 string tables)
            The scenes use images outside scenes/ (from the asset catalogs near the storyboard): render or test them with --root /

            """)
        #expect(r.stderr.contains("Warning: \(Self.storyboard):161:29: map-det-001: MKMapView is not a class Tintype draws; it is shown as a labeled placeholder of its frame\n"), "\(r.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/scenes").sorted()
        #expect(files == ["Main-strings", "Settings.json", "TrailDetail.json", "TrailList.json"])
        #expect(FileManager.default.fileExists(atPath: dir + "/scenes/Main-strings/de.lproj/Localizable.strings"))
        // The scenes render as they are, in another language too, with the root that holds their
        // images (the fixture's asset catalog is far from this temporary folder); without it they
        // are refused, named at the image's place.
        let alone = try cli.run(["render", "scenes/Settings.json", "-o", "out/"], in: dir)
        #expect(alone.status == 1 && alone.stderr.contains("scenes/Settings.json:9:20: root.tabs[0].image: image file"), "\(alone.stderr)")
        let render = try cli.run(["render", "scenes/Settings.json", "scenes/TrailList.json", "--locale", "de", "-o", "out/", "--root", "/"], in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/out/Settings.png"))
    }

    @Test func aStoryboardNamedWithoutItsFolderImportsWithItsAssets() throws {
        // Foundation on Linux crashed taking the last component off "." when the asset catalogs were looked for.
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: CLITests.root + "/Tests/TintypeStoryboardTests/Fixtures/App", toPath: dir + "/App")
        let r = try cli.run(["import", "Main.storyboard", "-o", "../../scenes"], in: dir + "/App/Base.lproj")
        #expect(r.status == 0, "\(r.stderr)")
        let list = try String(contentsOfFile: dir + "/scenes/TrailList.json", encoding: .utf8)
        #expect(list.contains("\"../App/Assets.xcassets/star.imageset/star@2x.png\""), "\(list)")
    }

    @Test func renderDrawsAStoryboardsScenesDirectly() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try cli.run(["render", Self.storyboard, "-o", "out/"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.out == "Wrote out/Main.TrailList.png\nWrote out/Main.TrailDetail.png\nWrote out/Main.Settings.png\n")
        // The import's warnings, once each, with the storyboard's line and column.
        let map = "Warning: \(Self.storyboard):161:29: map-det-001: MKMapView is not a class Tintype draws"
        #expect(r.stderr.components(separatedBy: map).count == 2, "\(r.stderr)")
        // A folder named without its slash is created too, as --help says.
        let bare = try cli.run(["render", Self.storyboard, "--scene", "Settings", "-o", "bare"], in: dir)
        #expect(bare.status == 0, "\(bare.stderr)")
        #expect(bare.out == "Wrote bare/Main.Settings.png\n")
        let one = try cli.run(["render", Self.storyboard, "--scene", "Settings", "--locale", "de", "-o", "one/"], in: dir)
        #expect(one.status == 0, "\(one.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/one") == ["Main.Settings.png"])
        let nope = try cli.run(["render", Self.storyboard, "--scene", "Setings", "-o", "x/"], in: dir)
        #expect(nope.status == 64)
        #expect(nope.stderr.hasPrefix("Error: no storyboard named has a scene \"Setings\""), "\(nope.stderr)")
        let file = try cli.run(["render", Self.storyboard, "-o", "x.png"], in: dir)
        #expect(file.status == 64)
        #expect(file.stderr.hasPrefix("Error: a storyboard renders each of its scenes: -o takes a folder"), "\(file.stderr)")
    }

    @Test func aSceneFileNamingAStoryboardIsTestedAgainstItsGoldens() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: CLITests.root + "/Tests/TintypeStoryboardTests/Fixtures/App", toPath: dir + "/App")
        try FileManager.default.createDirectory(atPath: dir + "/suite", withIntermediateDirectories: true)
        try #"{"storyboard": "../App/Base.lproj/Main.storyboard", "scene": "Settings", "devices": ["iPhone SE", "iPhone X"]}"#
            .write(toFile: dir + "/suite/settings.json", atomically: true, encoding: .utf8)
        // The storyboard is outside the folder tested: it must lie in the project, which --root widens.
        let outside = try cli.run(["test", "suite"], in: dir)
        #expect(outside.status == 1)
        #expect((outside.out + outside.stderr).contains("storyboard: the storyboard \"../App/Base.lproj/Main.storyboard\" is not inside the scene's project"), "\(outside.out)")
        let record = try cli.run(["test", "suite", "--root", ".", "--record", "missing"], in: dir)
        #expect(record.out.contains("0 passed, 0 failed, 0 skipped, 2 recorded"), "\(record.out)\(record.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/suite/settings.iphone-x.png"))
        let verify = try cli.run(["test", "suite", "--root", "."], in: dir)
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.out.contains("2 passed, 0 failed"), "\(verify.out)")
        // A change in the storyboard is a failure of its golden.
        let path = dir + "/App/Base.lproj/Main.storyboard"
        let changed = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "text=\"Units\"", with: "text=\"Unit system\"")
        try changed.write(toFile: path, atomically: true, encoding: .utf8)
        let failed = try cli.run(["test", "suite", "--root", "."], in: dir)
        #expect(failed.status == 1, "\(failed.out)")
    }

    @Test func aStoryboardIsTestedSceneBySceneAgainstGoldensBesideIt() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: CLITests.root + "/Tests/TintypeStoryboardTests/Fixtures/App", toPath: dir + "/App")
        let storyboard = "App/Base.lproj/Main.storyboard"
        // Without a golden, CI fails; --record writes one per scene, named as `tintype render` names them.
        let missing = try cli.run(["test", storyboard, "--record", "never"], in: dir)
        #expect(missing.status == 1 && missing.out.contains("0 passed, 3 failed"), "\(missing.out)\(missing.stderr)")
        let record = try cli.run(["test", storyboard, "--record", "missing"], in: dir)
        #expect(record.out.contains("0 passed, 0 failed, 0 skipped, 3 recorded"), "\(record.out)\(record.stderr)")
        let goldens = try FileManager.default.contentsOfDirectory(atPath: dir + "/App/Base.lproj").filter { $0.hasSuffix(".png") }.sorted()
        #expect(goldens == ["Main.Settings.png", "Main.TrailDetail.png", "Main.TrailList.png"])
        let render = try cli.run(["render", storyboard, "-o", "out/"], in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/out/Main.Settings.png")).count > 0)
        let verify = try cli.run(["test", storyboard, "--record", "never"], in: dir)
        #expect(verify.status == 0 && verify.out.contains("3 passed, 0 failed"), "\(verify.out)\(verify.stderr)")
        // The import's warnings are said once, with the storyboard's line and column.
        #expect(verify.stderr.components(separatedBy: "161:29: map-det-001: MKMapView").count == 2, "\(verify.stderr)")
        // A folder holding it checks the same goldens, and none of them is stale.
        let folder = try cli.run(["test", "App", "--record", "never"], in: dir)
        #expect(folder.status == 0 && folder.out.contains("3 passed, 0 failed"), "\(folder.out)\(folder.stderr)")
        let stale = try cli.run(["test", "App", "--stale"], in: dir)
        #expect(stale.out == "No stale goldens.\n", "\(stale.out)\(stale.stderr)")
        let staleOne = try cli.run(["test", storyboard, "--stale"], in: dir)
        #expect(staleOne.out == "No stale goldens.\n", "\(staleOne.out)\(staleOne.stderr)")
        // A change in the storyboard fails the golden of the scene it shows in.
        let path = dir + "/" + storyboard
        let original = try String(contentsOfFile: path, encoding: .utf8)
        try original.replacingOccurrences(of: "text=\"Units\"", with: "text=\"Unit system\"").write(toFile: path, atomically: true, encoding: .utf8)
        let failed = try cli.run(["test", storyboard, "--record", "never"], in: dir)
        #expect(failed.status == 1 && failed.out.contains("2 passed, 1 failed"), "\(failed.out)")
        #expect(failed.out.contains("Main.Settings"), "\(failed.out)")
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        // A scene file of the run that names the storyboard says which of its scenes are checked.
        try #"{"storyboard": "Base.lproj/Main.storyboard", "scene": "Settings"}"#.write(toFile: dir + "/App/settings.json", atomically: true, encoding: .utf8)
        let pointed = try cli.run(["test", "App", "--record", "missing"], in: dir)
        #expect(pointed.out.contains("0 passed, 0 failed, 0 skipped, 1 recorded"), "\(pointed.out)\(pointed.stderr)")
        // A storyboard that cannot be read fails with its file, line and column.
        try "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\">\n  <scenes>\n</document>\n"
            .write(toFile: dir + "/Broken.storyboard", atomically: true, encoding: .utf8)
        let broken = try cli.run(["test", "Broken.storyboard"], in: dir)
        #expect(broken.status == 1, "\(broken.out)")
        #expect((broken.out + broken.stderr).contains("Broken.storyboard:3:1: malformed XML: </document> closes <scenes>"), "\(broken.out)\(broken.stderr)")
        let none = try cli.run(["test", "Nope.storyboard"], in: dir)
        #expect(none.status == 64 && none.stderr.hasPrefix("Error: no such file \"Nope.storyboard\""), "\(none.stderr)")
    }

    @Test func sceneFilesAlreadyThereAreLeftAloneUnlessForced() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/scenes", withIntermediateDirectories: true)
        try "mine".write(toFile: dir + "/scenes/Settings.json", atomically: true, encoding: .utf8)
        let r = try cli.run(["import", Self.storyboard, "-o", "scenes"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.contains("Error: scenes/Settings.json already exists; nothing was written\nPass --force to write over them, or choose another -o."), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/scenes") == ["Settings.json"])
        #expect(try String(contentsOfFile: dir + "/scenes/Settings.json", encoding: .utf8) == "mine")
        let forced = try cli.run(["import", Self.storyboard, "-o", "scenes", "--force"], in: dir)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: dir + "/scenes/Settings.json", encoding: .utf8).hasPrefix("{"))
    }

    @Test func aFileThatCannotBeReadIsAnErrorAndNothingIsWritten() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\">\n  <scenes>\n</document>\n"
            .write(toFile: dir + "/Broken.storyboard", atomically: true, encoding: .utf8)
        let r = try cli.run(["import", "Broken.storyboard", Self.storyboard, "-o", "scenes"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("Error: Broken.storyboard:3:1: malformed XML: </document> closes <scenes> (opened at line 2, column 3)\n"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/scenes"))
    }

    @Test(arguments: [
        (["import", "Main.storyboard"], "Error: missing -o DIR (the folder to write the scene files into)"),
        (["import", "-o", "x"], "Error: missing storyboard or xib"),
        (["import", "scene.json", "-o", "x"], "Error: \"scene.json\" is not a .storyboard or .xib file"),
        (["import", "Main.storyboard", "-o", "x", "--device", "iPhone 9"], "Error: unknown device \"iPhone 9\"; did you mean \"iPhone 8\"? (see 'tintype devices')"),
        (["import", "Main.storyboard", "-o", "-"], "Error: -o takes a folder; scene files cannot go to standard output"),
    ])
    func badUsage(_ args: [String], _ message: String) throws {
        let r = try cli.run(args)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix(message + "\nUsage: tintype import FILE.storyboard|FILE.xib... [-o DIR] [--device NAME] [--force]\n"), "\(r.stderr)")
    }
}
