import Foundation
import Testing

/// `tintype test` and `tintype diff` as CI runs them.
@Suite struct TestCommandTests {
    let cli = CLITests()

    /// A folder of small scenes: name → background color.
    func suite(_ scenes: [String: String]) throws -> String {
        let dir = try cli.temporaryDirectory()
        for (name, color) in scenes {
            let path = dir + "/Snapshots/" + name + ".json"
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try #"{ "device": "iPhone SE", "scale": 1, "statusBar": { "hidden": true }, "root": { "view": { "backgroundColor": "\#(color)" } } }"#
                .write(toFile: path, atomically: true, encoding: .utf8)
        }
        return dir
    }

    func lastLine(_ r: CLITests.Run) -> String { r.out.split(separator: "\n").last.map(String.init) ?? "" }

    @Test func recordsMissingGoldensThenPasses() throws {
        let dir = try suite(["A/red": "systemRed", "A/blue": "systemBlue", "B/green": "systemGreen"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let first = try cli.run(["test", "--record", "missing"], in: dir)
        #expect(first.status == 1, "recording never passes silently")
        #expect(lastLine(first) == "0 passed, 0 failed, 0 skipped, 3 recorded")
        #expect(first.out.contains("RECORDED Snapshots/A/red.json: No golden at Snapshots/A/red.png; recorded it."))
        let second = try cli.run(["test"], in: dir)
        #expect(second.status == 0, "\(second.out)")
        #expect(lastLine(second) == "3 passed, 0 failed, 0 skipped, 0 recorded")
    }

    /// The artifacts folder is the run's bundle for `tintype review`, and a failing run says so;
    /// not when that folder lies among the scenes (its results.json would be read as a scene).
    @Test func theArtifactsFolderIsTheRunsBundleUnlessItLiesAmongTheScenes() throws {
        let dir = try suite(["A/red": "systemRed"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let outside = try cli.run(["test", "--artifacts", "art"], in: dir, environment: ["CI": "true"])
        #expect(outside.status == 1 && outside.out.contains("Review: tintype review art\n"), "\(outside.out)")
        #expect(FileManager.default.fileExists(atPath: dir + "/art/results.json"))
        let inside = try cli.run(["test", "--artifacts", "Snapshots/art"], in: dir, environment: ["CI": "true"])
        #expect(inside.status == 1 && !inside.out.contains("Review:"), "\(inside.out)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/Snapshots/art/results.json"))
        let again = try cli.run(["test", "--artifacts", "Snapshots/art"], in: dir, environment: ["CI": "true"])
        #expect(again.status == 1 && lastLine(again) == "0 passed, 1 failed, 0 skipped, 0 recorded", "the next run is not refused: \(again.out)")
    }

    /// `"accessibilitySnapshot": true` checks NAME.accessibility.png beside the golden: recorded
    /// with it, failed alone when only the accessibility changes (the entry then stands for that
    /// golden, which review approves), never stale; `render --accessibility` writes the same image.
    @Test func theAccessibilitySnapshotBesideTheGolden() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/Snapshots", withIntermediateDirectories: true)
        func write(_ label: String) throws {
            try (#"{ "device": "iPhone SE", "scale": 1, "accessibilitySnapshot": true, "root": { "view": { "subviews": [ "#
                + #"{ "button": { "frame": [16, 40, 120, 44], "title": "Go", "accessibilityLabel": "\#(label)" } } ] } } }"#)
                .write(toFile: dir + "/Snapshots/go.json", atomically: true, encoding: .utf8)
        }
        try write("Go")
        let first = try cli.run(["test", "--record", "missing"], in: dir)
        #expect(first.status == 1 && first.out.contains("No golden at Snapshots/go.accessibility.png; recorded it."), "\(first.out)")
        #expect(FileManager.default.fileExists(atPath: dir + "/Snapshots/go.png"))
        let second = try cli.run(["test"], in: dir)
        #expect(second.status == 0 && lastLine(second) == "1 passed, 0 failed, 0 skipped, 0 recorded", "\(second.out)")
        #expect(try cli.run(["test", "--stale"], in: dir).out.contains("No stale goldens."))
        // The same image from render, and render refuses to write over the golden.
        let render = try cli.run(["render", "--accessibility", "Snapshots/go.json", "-o", "a11y.png"], in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        let golden = try Data(contentsOf: URL(fileURLWithPath: dir + "/Snapshots/go.accessibility.png"))
        let rendered = try Data(contentsOf: URL(fileURLWithPath: dir + "/a11y.png"))
        #expect(rendered.count > 0 && golden.count > 0)
        let over = try cli.run(["render", "--accessibility", "Snapshots/go.json", "-o", "Snapshots/go.accessibility.png"], in: dir)
        #expect(over.status == 64, "\(over.stderr)")
        #expect(try cli.run(["render", "--accessibility", "Snapshots/go.json", "-o", "a.svg"], in: dir).stderr.contains("--accessibility writes PNG, not svg"))
        // A label no pixel of the screen shows fails the accessibility snapshot alone.
        try write("Start")
        let changed = try cli.run(["test"], in: dir)
        #expect(changed.status == 1 && lastLine(changed) == "0 passed, 1 failed, 0 skipped, 0 recorded", "\(changed.out)")
        let results = try String(contentsOfFile: dir + "/.build/tintype-artifacts/results.json", encoding: .utf8)
        #expect(results.contains(#""golden" : "Snapshots/go.accessibility.png""#) || results.contains(#""golden":"Snapshots/go.accessibility.png""#),
                "\(results.prefix(600))")
    }

    /// --layout-records text keeps `tintype layout`'s text beside each golden: recorded with it,
    /// checked with it (a change no pixel shows fails), and never written without the option.
    @Test func layoutRecordsAsTextBesideEachGolden() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/Snapshots", withIntermediateDirectories: true)
        let scene = #"{ "device": "iPhone SE", "scale": 1, "root": { "view": { "subviews": [ { "label": { "id": "title", "frame": [16, 40, 288, 30], "text": "Hi" } } ] } } }"#
        try scene.write(toFile: dir + "/Snapshots/card.json", atomically: true, encoding: .utf8)
        let plain = try cli.run(["test", "--record", "missing"], in: dir)
        #expect(plain.status == 1 && !FileManager.default.fileExists(atPath: dir + "/Snapshots/card.layout.txt"), "\(plain.out)")
        let first = try cli.run(["test", "--record", "missing", "--layout-records", "text"], in: dir)
        #expect(first.status == 1 && lastLine(first) == "0 passed, 0 failed, 0 skipped, 1 recorded", "\(first.out)")
        #expect(first.out.contains("No golden at Snapshots/card.layout.txt; recorded it."), "\(first.out)")
        let text = try String(contentsOfFile: dir + "/Snapshots/card.layout.txt", encoding: .utf8)
        let printed = try cli.run(["layout", "Snapshots/card.json"], in: dir)
        #expect(text == printed.out && text.contains("label #title root.subviews[0] frame=16,40,288,30"), "\(text)")
        let again = try cli.run(["test", "--layout-records", "text"], in: dir, environment: ["CI": "true"])
        #expect(again.status == 0, "\(again.out)")
        // A new id changes no pixel: the image passes, the text does not.
        try scene.replacingOccurrences(of: "\"title\"", with: "\"heading\"").write(toFile: dir + "/Snapshots/card.json", atomically: true, encoding: .utf8)
        let renamed = try cli.run(["test", "--layout-records", "text"], in: dir, environment: ["CI": "true"])
        #expect(renamed.status == 1 && renamed.out.contains("FAIL Snapshots/card.json: Snapshots/card.layout.txt does not match: line 3 differs"), "\(renamed.out)")
        #expect(try cli.run(["test"], in: dir, environment: ["CI": "true"]).status == 0, "without the option only the image is checked")
        #expect(try cli.run(["test", "--layout-records", "json"], in: dir).status == 64)
    }

    /// An asset catalog's Contents.json and a hidden folder's files are not scenes; --exclude leaves
    /// out a folder or a glob (each of these files failed the run as a scene that does not decode).
    @Test func assetCatalogsHiddenFoldersAndExcludedFilesAreNotScenes() throws {
        let dir = try suite(["A/red": "systemRed"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let notScenes = ["Snapshots/Assets.xcassets/Contents.json", "Snapshots/Assets.xcassets/Logo.imageset/Contents.json",
                         "Snapshots/.cache/old.json", "Snapshots/Fixtures/payload.json", "Snapshots/A/data.fixture.json"]
        for path in notScenes {
            try FileManager.default.createDirectory(atPath: dir + "/" + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try #"{ "info": { "version": 1, "author": "xcode" } }"#.write(toFile: dir + "/" + path, atomically: true, encoding: .utf8)
        }
        _ = try cli.run(["test", "--record", "missing", "--exclude", "Fixtures/", "--exclude", "*.fixture.json"], in: dir)
        let run = try cli.run(["test", "--exclude", "Fixtures", "--exclude", "*.fixture.json"], in: dir)
        #expect(run.status == 0, "\(run.out)\(run.stderr)")
        #expect(lastLine(run) == "1 passed, 0 failed, 0 skipped, 0 recorded")
        // Without --exclude, the fixtures are scenes again (and fail), the catalog and the hidden folder still not.
        let all = try cli.run(["test"], in: dir)
        #expect(all.status == 1)
        #expect(all.out.contains("Fixtures/payload.json") && all.out.contains("data.fixture.json"), "\(all.out)")
        #expect(!all.out.contains("Contents.json") && !all.out.contains(".cache"), "\(all.out)")
        let audit = try cli.run(["audit", "Snapshots", "--exclude", "Fixtures", "--exclude", "*.fixture.json"], in: dir)
        #expect(!audit.out.contains("payload.json") && !audit.stderr.contains("Contents.json"), "\(audit.out)\(audit.stderr)")
    }

    /// A golden recorded by tintype test carries its layout record: a failure says why, tintype
    /// explain compares two goldens, and tintype layout prints the record.
    @Test func failuresSayWhyAScreenChanged() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/S", withIntermediateDirectories: true)
        func scene(_ y: Int, _ text: String) -> String {
            #"{ "device": "iPhone SE", "scale": 1, "statusBar": { "hidden": true }, "root": { "view": { "backgroundColor": "white", "subviews": [ "#
                + #"{ "label": { "id": "title", "frame": [16, \#(y), 288, 30], "text": "\#(text)" } } ] } } }"#
        }
        try scene(40, "Notifications").write(toFile: dir + "/S/a.json", atomically: true, encoding: .utf8)
        _ = try cli.run(["test", "S", "--record", "missing"], in: dir)
        try FileManager.default.copyItem(atPath: dir + "/S/a.png", toPath: dir + "/old.png")
        try scene(44, "Notifications").write(toFile: dir + "/S/a.json", atomically: true, encoding: .utf8)
        let r = try cli.run(["test", "S"], in: dir)
        #expect(r.status == 1 && r.out.contains("\nWhy:\n  - label `title` (S/a.json:1:"), "\(r.out)")
        #expect(r.out.contains(") moved 4 pt down"), "\(r.out)")
        try scene(44, "Alerts").write(toFile: dir + "/S/a.json", atomically: true, encoding: .utf8)
        _ = try cli.run(["test", "S", "--record", "failed"], in: dir)
        let explained = try cli.run(["explain", "old.png", "S/a.png"], in: dir)
        #expect(explained.status == 1, "\(explained.stderr)")
        #expect(explained.out.contains("label `title` moved 4 pt down") && explained.out.contains(#"text "Notifications" → "Alerts""#), "\(explained.out)")
        let same = try cli.run(["explain", "S/a.png", "S/a.png"], in: dir)
        #expect(same.status == 0 && same.out.contains("are the same"))
        try Data([0x89, 0x50]).write(to: URL(fileURLWithPath: dir + "/bad.png"))
        let bad = try cli.run(["explain", "bad.png", "S/a.png"], in: dir)
        #expect(bad.status == 2 && bad.stderr.contains("bad.png carries no layout record"), "\(bad.stderr)")
        let layout = try cli.run(["layout", "S/a.json"], in: dir)
        #expect(layout.status == 0 && layout.out.contains("  label #title root.subviews[0] frame=16,44,288,30\n"), "\(layout.out)")
    }

    @Test func aMissingGoldenFailsOnCI() throws {
        let dir = try suite(["A/red": "systemRed"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLITests.binary)
        p.arguments = ["test"]
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        var env = ProcessInfo.processInfo.environment
        env["CI"] = "true"
        env["TINTYPE_RECORD"] = nil
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = Pipe()
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(text.contains("FAIL Snapshots/A/red.json: No golden"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/Snapshots/A/red.png"))
    }

    /// A change the tolerance allows is printed, not hidden, and --strict fails it.
    @Test func aChangeWithinTheToleranceIsPrintedAndStrictFailsIt() throws {
        let dir = try suite(["A/red": "systemRed"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try cli.run(["test", "--record", "missing"], in: dir)
        // One level off in a 20×20 square: far below the default threshold.
        try ##"{ "device": "iPhone SE", "scale": 1, "statusBar": { "hidden": true }, "root": { "view": { "backgroundColor": "systemRed", "subviews": [ { "view": { "frame": [10, 10, 20, 20], "backgroundColor": "#FF3B31" } } ] } } }"##
            .write(toFile: dir + "/Snapshots/A/red.json", atomically: true, encoding: .utf8)
        let r = try cli.run(["test"], in: dir)
        #expect(r.status == 0, "\(r.out)")
        #expect(r.out.contains("CHANGED Snapshots/A/red.json: within tolerance: 400 pixels changed (0.22%), none beyond the threshold"), "\(r.out)")
        #expect(r.out.contains("1 of the 1 passed with pixels changed within the tolerance; --strict fails on any change."), "\(r.out)")
        #expect(lastLine(r) == "1 passed, 0 failed, 0 skipped, 0 recorded")
        let strict = try cli.run(["test", "--strict"], in: dir)
        #expect(strict.status == 1, "\(strict.out)")
        #expect(strict.out.contains("FAIL Snapshots/A/red.json: Snapshots/A/red.png does not match: 400 pixels changed (0.22%), none beyond the threshold (strict: any change fails)."), "\(strict.out)")
        #expect(lastLine(strict) == "0 passed, 1 failed, 0 skipped, 0 recorded")
    }

    @Test func aChangedSceneFailsWithNumbersAndArtifacts() throws {
        let dir = try suite(["A/red": "systemRed"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try cli.run(["test", "--record", "missing"], in: dir)
        let golden = try Data(contentsOf: URL(fileURLWithPath: dir + "/Snapshots/A/red.png"))
        try #"{ "device": "iPhone SE", "scale": 1, "statusBar": { "hidden": true }, "root": { "view": { "backgroundColor": "systemRed", "subviews": [ { "view": { "frame": [10, 10, 20, 20], "backgroundColor": "black" } } ] } } }"#
            .write(toFile: dir + "/Snapshots/A/red.json", atomically: true, encoding: .utf8)
        let r = try cli.run(["test", "--artifacts", "art"], in: dir)
        #expect(r.status == 1)
        #expect(r.out.contains("FAIL Snapshots/A/red.json: Snapshots/A/red.png does not match: 400 pixels differ (0.22%), in 20×20 at (10, 10)."), "\(r.out)")
        #expect(r.out.contains("art/Snapshots/A/red.diff.png") && r.out.contains("art/Snapshots/A/red.strip.png"))
        #expect(lastLine(r) == "0 passed, 1 failed, 0 skipped, 0 recorded")
        #expect(FileManager.default.fileExists(atPath: dir + "/art/report/index.html"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/Snapshots/A/red.png")) == golden, "verifying never touches a golden")
        // --record failed writes the new render; the next run passes.
        #expect(try cli.run(["test", "--record", "failed"], in: dir).status == 1)
        #expect(try cli.run(["test"], in: dir).status == 0)
    }

    @Test func shardsAreDisjointAndCoverTheSuite() throws {
        var scenes: [String: String] = [:]
        for i in 0..<7 { scenes["G\(i % 3)/s\(i)"] = "white" }
        let dir = try suite(scenes)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try cli.run(["test", "--record", "missing"], in: dir)
        var seen: [String] = []
        for i in 1...3 {
            let r = try cli.run(["test", "--shard", "\(i)/3", "--record", "all"], in: dir)
            let names = r.out.split(separator: "\n").filter { $0.hasPrefix("RECORDED") }.map { String($0.split(separator: " ")[1].dropLast()) }
            #expect(!names.isEmpty)
            seen += names
            #expect(lastLine(r).hasSuffix("\(7 - names.count) skipped, \(names.count) recorded"))
        }
        #expect(seen.count == 7, "each scene runs in exactly one shard")
        #expect(Set(seen).count == 7)
        // The split is deterministic.
        let again = try cli.run(["test", "--shard", "1/3"], in: dir)
        #expect(lastLine(again).hasPrefix("3 passed"))
    }

    @Test func filterSelectsScenes() throws {
        let dir = try suite(["A/red": "systemRed", "A/blue": "systemBlue", "B/green": "systemGreen"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try cli.run(["test", "--filter", "A/", "--record", "missing"], in: dir)
        #expect(lastLine(r) == "0 passed, 0 failed, 1 skipped, 2 recorded")
        let glob = try cli.run(["test", "--filter", "*/gr*", "--record", "missing"], in: dir)
        #expect(lastLine(glob) == "0 passed, 0 failed, 2 skipped, 1 recorded")
    }

    @Test func staleGoldensAreListedAndPruned() throws {
        let dir = try suite(["A/red": "systemRed"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try cli.run(["test", "--record", "missing"], in: dir)
        try FileManager.default.copyItem(atPath: dir + "/Snapshots/A/red.png", toPath: dir + "/Snapshots/A/gone.png")
        // An image a scene uses is not stale.
        try FileManager.default.createDirectory(atPath: dir + "/Snapshots/A/assets", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir + "/Snapshots/A/red.png", toPath: dir + "/Snapshots/A/assets/icon.png")
        try #"{ "device": "iPhone SE", "scale": 1, "root": { "imageView": { "image": "assets/icon.png" } } }"#
            .write(toFile: dir + "/Snapshots/A/uses-icon.json", atomically: true, encoding: .utf8)
        // So is one that only a bar uses.
        try FileManager.default.copyItem(atPath: dir + "/Snapshots/A/red.png", toPath: dir + "/Snapshots/A/assets/bar@2x.png")
        try #"{ "device": "iPhone SE", "scale": 1, "root": { "navigationController": { "navigationBar": { "backgroundImage": "assets/bar@2x.png" }, "stack": [ { "title": "A" } ] } } }"#
            .write(toFile: dir + "/Snapshots/A/uses-bar.json", atomically: true, encoding: .utf8)
        let stale = try cli.run(["test", "--stale"], in: dir)
        #expect(stale.status == 0)
        #expect(stale.out.contains("Snapshots/A/gone.png"))
        #expect(!stale.out.contains("icon.png") && !stale.out.contains("red.png") && !stale.out.contains("bar@2x.png"))
        let prune = try cli.run(["test", "--prune"], in: dir)
        #expect(prune.out.contains("Removed Snapshots/A/gone.png"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/Snapshots/A/gone.png"))
        #expect(FileManager.default.fileExists(atPath: dir + "/Snapshots/A/assets/icon.png"))
        #expect(FileManager.default.fileExists(atPath: dir + "/Snapshots/A/assets/bar@2x.png"))
    }

    @Test func badSceneIsAFailureWithItsMessage() throws {
        let dir = try suite(["A/bad": "#12G"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try cli.run(["test"], in: dir)
        #expect(r.status == 1)
        #expect(r.out.contains("FAIL Snapshots/A/bad.json: Snapshots/A/bad.json:1:110: root.backgroundColor: bad color \"#12G\""), "\(r.out)")
    }

    @Test func usageErrors() throws {
        for (args, phrase) in [(["test", "--record", "sometimes"], "--record takes"), (["test", "--shard", "4/3"], "--shard takes"),
                               (["test", "nowhere"], "no such folder"), (["test", "--threshold", "2"], "--threshold takes"),
                               (["diff", "a.png"], "diff needs two PNG files")] {
            let r = try cli.run(args)
            #expect(r.status == 64, "\(args)")
            #expect(r.stderr.contains(phrase), "\(args): \(r.stderr)")
        }
    }

    @Test func diffExitCodes() throws {
        let dir = try suite(["A/red": "systemRed", "A/blue": "systemBlue"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try cli.run(["test", "--record", "missing"], in: dir)
        let same = try cli.run(["diff", "Snapshots/A/red.png", "Snapshots/A/red.png"], in: dir)
        #expect(same.status == 0 && same.out == "identical\n")
        let different = try cli.run(["diff", "Snapshots/A/red.png", "Snapshots/A/blue.png", "-o", "d.png", "--strip", "s.png"], in: dir)
        #expect(different.status == 1)
        #expect(different.out.hasPrefix("181760 pixels differ (100%)"), "\(different.out)")
        #expect(FileManager.default.fileExists(atPath: dir + "/d.png") && FileManager.default.fileExists(atPath: dir + "/s.png"))
        let loose = try cli.run(["diff", "Snapshots/A/red.png", "Snapshots/A/blue.png", "--max-ratio", "1"], in: dir)
        #expect(loose.status == 0)
        try Data("nope".utf8).write(to: URL(fileURLWithPath: dir + "/bad.png"))
        let unreadable = try cli.run(["diff", "Snapshots/A/red.png", "bad.png"], in: dir)
        #expect(unreadable.status == 2 && unreadable.stderr.contains("bad.png"))
    }

    @Test func stampAddsTheChunkOnceAndChecksStillPass() throws {
        let dir = try suite(["A/red": "systemRed"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try cli.run(["test", "--record", "missing"], in: dir)
        let recorded = try cli.run(["stamp", "Snapshots"], in: dir)
        #expect(recorded.status == 0 && recorded.out == "0 stamped, 1 already stamped\n", "recording stamps: \(recorded.out)")
        // A golden written by another tool (here: its stamp cut out) is stamped, and still passes.
        let path = dir + "/Snapshots/A/red.png"
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let type = Array("tiNT".utf8)
        let at = try #require((8..<(bytes.count - 8)).first { bytes[($0 + 4)..<($0 + 8)].elementsEqual(type) })
        bytes.removeSubrange(at..<(at + 12 + 65))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let stamped = try cli.run(["stamp", "Snapshots/A/red.png"], in: dir)
        #expect(stamped.status == 0 && stamped.out == "1 stamped, 0 already stamped\n", "\(stamped.out)")
        #expect(try cli.run(["test"], in: dir).status == 0)
        let missing = try cli.run(["stamp", "nowhere.png"], in: dir)
        #expect(missing.status == 1 && missing.stderr.contains("nowhere.png"))
        #expect(try cli.run(["stamp"], in: dir).status == 64)
    }

    /// A scene with `devices` has one golden per device, named after it.
    @Test func aSceneWithDevicesHasOneGoldenPerDevice() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/Snapshots", withIntermediateDirectories: true)
        try #"{ "devices": ["iPhone SE", "iPhone 8"], "scale": 1, "root": { "view": { "backgroundColor": "systemRed" } } }"#
            .write(toFile: dir + "/Snapshots/both.json", atomically: true, encoding: .utf8)
        let first = try cli.run(["test", "--record", "missing"], in: dir)
        #expect(lastLine(first) == "0 passed, 0 failed, 0 skipped, 2 recorded")
        #expect(FileManager.default.fileExists(atPath: dir + "/Snapshots/both.iphone-se.png"))
        #expect(FileManager.default.fileExists(atPath: dir + "/Snapshots/both.iphone-8.png"))
        #expect(try cli.run(["test"], in: dir).status == 0)
        // Both goldens belong to the scene; an old single golden does not.
        try Data(contentsOf: URL(fileURLWithPath: dir + "/Snapshots/both.iphone-8.png")).write(to: URL(fileURLWithPath: dir + "/Snapshots/both.png"))
        let stale = try cli.run(["test", "--stale"], in: dir)
        #expect(stale.out.split(separator: "\n").filter { $0.hasSuffix(".png") } == ["Snapshots/both.png"])
        // A scene that does not decode keeps its per-device goldens: --prune must not remove them.
        let good = try String(contentsOfFile: dir + "/Snapshots/both.json", encoding: .utf8)
        try (good + " oops").write(toFile: dir + "/Snapshots/both.json", atomically: true, encoding: .utf8)
        let broken = try cli.run(["test", "--stale"], in: dir)
        #expect(broken.out.split(separator: "\n").filter { $0.hasSuffix(".png") } == [], "nothing is stale beside a scene that does not decode")
        try good.write(toFile: dir + "/Snapshots/both.json", atomically: true, encoding: .utf8)
        // Render writes one PNG per device, and refuses to overwrite the goldens beside the scene.
        let out = try cli.run(["render", "Snapshots/both.json", "-o", "out/"], in: dir)
        #expect(out.status == 0 && out.out.contains("out/both.iphone-se.png") && out.out.contains("out/both.iphone-8.png"))
        let guarded = try cli.run(["render", "both.json"], in: dir + "/Snapshots")
        #expect(guarded.status == 64 && guarded.stderr.contains("both.iphone-se.png is the golden of ") && guarded.stderr.contains("Snapshots/both.json; render will not overwrite it"))
        let one = try cli.run(["render", "Snapshots/both.json", "--device", "iPhone X", "-o", "x.png"], in: dir)
        #expect(one.status == 0 && one.out == "Wrote x.png\n")
        let stdout = try cli.run(["render", "Snapshots/both.json", "-o", "-"], in: dir)
        #expect(stdout.status == 64 && stdout.stderr.contains("has 2 variants, and -o - (standard output) takes one image"))
    }

    /// A matrix: `tintype variants` lists it, `test` checks every variant (one that changes fails
    /// alone, under its own name), and a trait option picks variants.
    @Test func aMatrixIsListedCheckedAndPicked() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/Snapshots", withIntermediateDirectories: true)
        let scene = #"{ "scale": 1, "variants": { "devices": ["iPhone SE", "iPhone 8"], "layoutDirections": ["ltr", "rtl"] }, "root": { "view": { "subviews": [ { "label": { "text": "Hi", "font": "body", "layout": { "leading": 16, "top": 40 } } } ] } } }"#
        try scene.write(toFile: dir + "/Snapshots/m.json", atomically: true, encoding: .utf8)
        let list = try cli.run(["variants", "Snapshots/m.json"], in: dir)
        #expect(list.status == 0)
        #expect(list.out.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
                == ["Snapshots/m.iphone-se.ltr.png", "Snapshots/m.iphone-se.rtl.png", "Snapshots/m.iphone-8.ltr.png", "Snapshots/m.iphone-8.rtl.png"])
        #expect(list.out.contains("iPhone SE, portrait, L, RTL, automatic, @1x"))
        #expect(lastLine(try cli.run(["test", "--record", "missing"], in: dir)) == "0 passed, 0 failed, 0 skipped, 4 recorded")
        #expect(try cli.run(["test"], in: dir).status == 0)
        // Swap two goldens: exactly those two variants fail, each named by its traits.
        let a = dir + "/Snapshots/m.iphone-8.ltr.png", b = dir + "/Snapshots/m.iphone-8.rtl.png"
        let da = try Data(contentsOf: URL(fileURLWithPath: a)), db = try Data(contentsOf: URL(fileURLWithPath: b))
        try db.write(to: URL(fileURLWithPath: a)); try da.write(to: URL(fileURLWithPath: b))
        let failing = try cli.run(["test"], in: dir)
        #expect(lastLine(failing) == "2 passed, 2 failed, 0 skipped, 0 recorded")
        #expect(failing.out.contains("FAIL Snapshots/m.json [iPhone 8, LTR]: Snapshots/m.iphone-8.ltr.png does not match"))
        #expect(FileManager.default.fileExists(atPath: dir + "/.build/tintype-artifacts/Snapshots/m.iphone-8.rtl.diff.png"))
        #expect(lastLine(try cli.run(["test", "--device", "iPhone SE"], in: dir)) == "2 passed, 0 failed, 2 skipped, 0 recorded")
        #expect(lastLine(try cli.run(["test", "--direction", "rtl", "--device", "iPhone 8"], in: dir)) == "0 passed, 1 failed, 3 skipped, 0 recorded")
        // A bad matrix is one failure with the file, line:column, path and value.
        try #"{ "variants": { "devices": ["iPhone SE", "iPhone 9"] }, "root": { "view": {} } }"#.write(toFile: dir + "/Snapshots/m.json", atomically: true, encoding: .utf8)
        let bad = try cli.run(["variants", "Snapshots/m.json"], in: dir)
        #expect(bad.status == 1 && bad.stderr.contains(#"Snapshots/m.json:1:42: variants.devices[1]: unknown device "iPhone 9""#))
    }
}

extension TestCommandTests {
    /// `tintype sheet` of a storyboard: every scene captioned with its name; the README's picture,
    /// the Gallery storyboard's sheet, is what the command draws today.
    @Test func aContactSheetOfAStoryboard() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let storyboard = CLITests.root + "/Snapshots/Gallery/Storyboard/Hikes/Base.lproj/Main.storyboard"
        let golden = CLITests.root + "/Snapshots/Gallery/Storyboard/Hikes/Base.lproj/Main.sheet.png"
        let made = try cli.run(["sheet", storyboard, "-o", dir + "/sheet.png", "--scale", "1"])
        #expect(made.status == 0 && made.out.contains("(2 scenes, "), "\(made.stderr)")
        let drawn = try Data(contentsOf: URL(fileURLWithPath: dir + "/sheet.png"))
        #expect(drawn == (try Data(contentsOf: URL(fileURLWithPath: golden))),
                "the storyboard's sheet differs from \(golden) (the README shows it): re-record it with 'tintype sheet \(storyboard) -o \(golden) --scale 1 --record' and look at it")
        let one = try cli.run(["sheet", storyboard, "--scene", "Trail", "-o", dir + "/trail.png", "--scale", "1"])
        #expect(one.status == 0 && one.out.contains("(1 scene, "), "\(one.stderr)")
        let guarded = try cli.run(["sheet", storyboard, "-o", golden])
        #expect(guarded.status == 64 && guarded.stderr.contains("is the contact sheet's golden beside"))
        let grid = try cli.run(["sheet", storyboard, "-o", dir + "/x.png", "--rows", "devices"])
        #expect(grid.status == 64 && grid.stderr.contains("a storyboard's sheet shows its scenes in rows"))
        let missing = try cli.run(["sheet", storyboard, "--scene", "Nope", "-o", dir + "/x.png"])
        #expect(missing.status == 64 && missing.stderr.contains("has no scene \"Nope\""))
        try "<document><scenes></document>".write(toFile: dir + "/Bad.storyboard", atomically: true, encoding: .utf8)
        let bad = try cli.run(["sheet", "Bad.storyboard", "-o", "bad.png"], in: dir)
        #expect(bad.status == 1 && bad.stderr.contains("Bad.storyboard:1:19: malformed XML"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/bad.png"))
        let sceneOfFile = try cli.run(["sheet", "m.json", "--scene", "Trail", "-o", "x.png"], in: dir)
        #expect(sceneOfFile.status == 64 && sceneOfFile.stderr.contains("--scene picks scenes of a storyboard or xib"))
    }

    /// `tintype sheet`: the grid's size, its usage errors, and the golden it will not overwrite.
    @Test func aContactSheetOfAMatrix() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{ "variants": { "devices": ["iPhone SE", "iPhone 8"], "layoutDirections": ["ltr", "rtl"] }, "root": { "view": { "backgroundColor": "systemTeal" } } }"#
            .write(toFile: dir + "/m.json", atomically: true, encoding: .utf8)
        let made = try cli.run(["sheet", "m.json", "-o", "m.sheet.png", "--scale", "1", "--rows", "layoutDirection", "--columns", "devices"], in: dir)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.out.contains("Wrote m.sheet.png (4 variants, 2 × 2"))
        let png = try Data(contentsOf: URL(fileURLWithPath: dir + "/m.sheet.png"))
        #expect(Array(png.prefix(8)) == cli.pngSignature)
        let again = try cli.run(["sheet", "m.json", "-o", "m.sheet.png"], in: dir)
        #expect(again.status == 64 && again.stderr.contains("m.sheet.png is the contact sheet's golden beside m.json"))
        #expect(try cli.run(["sheet", "m.json", "-o", "m.sheet.png", "--scale", "1", "--record"], in: dir).status == 0)
        let unknown = try cli.run(["sheet", "m.json", "-o", "x.png", "--rows", "sizes"], in: dir)
        #expect(unknown.status == 64 && unknown.stderr.contains("--rows takes traits from devices, orientations"))
        let still = try cli.run(["sheet", "m.json", "-o", "x.png", "--rows", "orientations"], in: dir)
        #expect(still.status == 64 && still.stderr.contains("orientations does not vary in this scene (the traits that vary are devices, layoutDirections)"))
        #expect(try cli.run(["sheet", "m.json"], in: dir).stderr.contains("missing -o SHEET.png"))
        let pdf = try cli.run(["sheet", "m.json", "-o", "m.sheet.pdf", "--scale", "1"], in: dir)
        #expect(pdf.status == 0 && pdf.out.contains("Wrote m.sheet.pdf (4 variants, 2 × 2, "), "\(pdf.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/m.sheet.pdf")).prefix(5) == Data("%PDF-".utf8))
        let jpeg = try cli.run(["sheet", "m.json", "-o", "m.sheet.jpg"], in: dir)
        #expect(jpeg.status == 64 && jpeg.stderr.contains("a contact sheet is written as png, svg or pdf, by the extension of -o"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/m.sheet.jpg"))
    }

    /// A locale variant shows that locale's texts; `--locale` translates too, and a key the locale
    /// lacks is an error at the key's place, before anything renders.
    @Test func localesTranslateFromTheMatrixAndTheCommandLine() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"sourceLanguage": "en", "strings": {"Hello": {"localizations": {"de": {"stringUnit": {"value": "Hallo"}}, "ar": {"stringUnit": {"value": "مرحبا"}}}}}}"#
            .write(toFile: dir + "/L.xcstrings", atomically: true, encoding: .utf8)
        try #"{ "scale": 1, "strings": "L.xcstrings", "variants": { "locales": ["en", "de", "ar"] }, "root": { "view": { "subviews": [ { "label": { "text": { "localized": "Hello" }, "font": "largeTitle", "layout": { "leading": 16, "top": 40 } } } ] } } }"#
            .write(toFile: dir + "/m.json", atomically: true, encoding: .utf8)
        let list = try cli.run(["variants", "m.json"], in: dir)
        #expect(list.status == 0 && list.out.contains("m.ar.png  iPhone 8, portrait, L, RTL, ar, automatic, @1x"))
        #expect(try cli.run(["render", "m.json", "-o", "out/"], in: dir).status == 0)
        let pngs = try ["en", "de", "ar"].map { try Data(contentsOf: URL(fileURLWithPath: dir + "/out/m.\($0).png")) }
        #expect(Set(pngs).count == 3, "each locale draws its own text")
        // --locale picks a listed locale, or replaces it with another the catalog must have.
        let de = try cli.run(["render", "m.json", "--locale", "de", "-o", "de.png"], in: dir)
        #expect(de.status == 0, "\(de.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/de.de.png")) == pngs[1], "a picked variant keeps its name")
        let ja = try cli.run(["render", "m.json", "--locale", "ja", "-o", "ja.png"], in: dir)
        #expect(ja.status == 1 && ja.stderr.contains(#"m.json:1:158: root.subviews[0].text.localized: no "ja" translation of "Hello" in L.xcstrings"#), "\(ja.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/ja.png"))
        let unknown = try cli.run(["render", "m.json", "--locale", "xx-YY", "-o", "x.png"], in: dir)
        #expect(unknown.status == 64 && unknown.stderr.contains(#"--locale: unknown locale "xx-YY""#))
    }

    /// A theme beside the scenes that include it is not a broken scene, and the images only its
    /// appearance names are not stale.
    @Test func aThemeBesideItsScenesIsNotAScene() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let folder = dir + "/Snapshots/T"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let files = [
            "theme.json": ##"{ "device": "iPhone SE", "scale": 1, "appearance": { "navigationBar": { "barTintColor": "#0B3D5C" }, "button": { "image": "star.svg" } } }"##,
            "star.svg": "<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'><rect width='8' height='8'/></svg>",
            "a.json": #"{ "include": ["theme.json"], "root": { "navigationController": { "stack": [{ "title": "A" }] } } }"#,
        ]
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        let first = try cli.run(["test", "--record", "missing"], in: dir)
        #expect(lastLine(first) == "0 passed, 0 failed, 0 skipped, 1 recorded", "\(first.out)")
        let second = try cli.run(["test"], in: dir)
        #expect(second.status == 0 && lastLine(second) == "1 passed, 0 failed, 0 skipped, 0 recorded", "\(second.out)")
        let stale = try cli.run(["test", "--stale"], in: dir)
        #expect(stale.out.contains("No stale goldens."), "\(stale.out)")
        let render = try cli.run(["render", "Snapshots/T/a.json", "Snapshots/T/theme.json", "-o", "out/"], in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stderr.contains("Skipped Snapshots/T/theme.json: the other scenes include it"))
        #expect(FileManager.default.fileExists(atPath: dir + "/out/a.png") && !FileManager.default.fileExists(atPath: dir + "/out/theme.png"))
        // Named alone, it is what it is: a scene file without a root.
        let alone = try cli.run(["render", "Snapshots/T/theme.json", "-o", "out/"], in: dir)
        #expect(alone.status != 0 && alone.stderr.contains("missing \"root\""), "\(alone.stderr)")
    }
}
