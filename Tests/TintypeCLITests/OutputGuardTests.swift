import Foundation
import Testing

/// Every output of every command passes one guard: no command writes over, or deletes, the current
/// folder or one above it, the home folder, its own inputs, a scene, a golden, a catalog or a file
/// Tintype did not write. Each case here lost files before the guard (issue 35, "Files lost").
@Suite struct OutputGuardTests {
    let cli = CLITests()

    let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
          <rect width="64" height="64" fill="#ff0000"/>
        </svg>
        """
    let plain = #"{"root": {"view": {"backgroundColor": "systemBlue"}}}"#

    @discardableResult
    func write(_ path: String, _ text: String) throws -> String {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
    func text(_ path: String) -> String? { FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } }
    func listing(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

    /// A project folder: a source file, an icon source, a launch scene and a store scene. It sits
    /// in a folder of its own (with a file of its own), so that a command run in it that deletes
    /// `..` can lose nothing but test files.
    func project() throws -> String {
        let outer = try cli.temporaryDirectory()
        try write(outer + "/canary.txt", "above")
        let dir = outer + "/app"
        try write(dir + "/src/main.swift", "print(\"mine\")\n")
        try write(dir + "/icon.svg", svg)
        try write(dir + "/launch.json", plain)
        try write(dir + "/store/home.json", plain)
        return dir
    }

    func remove(_ project: String) { try? FileManager.default.removeItem(atPath: (project as NSString).deletingLastPathComponent) }

    func intact(_ dir: String) {
        #expect(text(dir + "/src/main.swift") == "print(\"mine\")\n", "the project's source is gone")
        #expect(text(dir + "/icon.svg") == svg, "the icon source is gone")
        #expect(exists(dir + "/launch.json") && exists(dir + "/store/home.json"), "a scene is gone")
        #expect(text(dir + "/../canary.txt") == "above", "the folder above the project is gone")
    }

    /// The audit baseline a run writes (missing, or --update-audit-baseline) passes the guard: never
    /// over a scene, a golden or a file that is not a baseline; a baseline it only reads is not
    /// checked (another format's is the loader's error, with its place).
    @Test func theAuditBaselineNeverReplacesAnInputOrAGolden() throws {
        let dir = try project()
        defer { try? FileManager.default.removeItem(atPath: (dir as NSString).deletingLastPathComponent) }
        try write(dir + "/notes.txt", "mine\n")
        let png = try cli.run(["render", "launch.json", "-o", "launch.png"], in: dir)
        #expect(png.status == 0, "\(png.stderr)")
        for (args, what) in [(["audit", "launch.json", "--audit-baseline", "launch.json", "--update-audit-baseline"], "is the scene launch.json"),
                             (["audit", "launch.json", "--audit-baseline", "launch.png", "--update-audit-baseline"], "launch.png is the golden of "),
                             (["audit", "launch.json", "--audit-baseline", "notes.txt", "--update-audit-baseline"], "exists and is not an audit baseline"),
                             (["test", "store", "--audit-baseline", "store/home.json", "--update-audit-baseline"], "is the scene store/home.json")] {
            let r = try cli.run(args, in: dir)
            #expect(r.status == 64 && r.stderr.contains(what), "\(args): \(r.stderr)")
        }
        #expect(text(dir + "/launch.json") == plain && text(dir + "/notes.txt") == "mine\n" && text(dir + "/store/home.json") == plain)
        // A missing baseline is written; written again with --update-audit-baseline.
        #expect(try cli.run(["audit", "launch.json", "--audit-baseline", "base.json"], in: dir).status != 64)
        #expect(text(dir + "/base.json")?.contains("\"tintypeAuditBaseline\"") == true)
        #expect(try cli.run(["audit", "launch.json", "--audit-baseline", "base.json", "--update-audit-baseline"], in: dir).status != 64)
        // Read, not written: another format's baseline is the loader's error (exit 1), not the guard's.
        try write(dir + "/old.json", #"{"tintypeAuditBaseline": 99, "findings": []}"#)
        let old = try cli.run(["audit", "launch.json", "--audit-baseline", "old.json"], in: dir)
        #expect(old.status == 1 && old.stderr.contains("format 99"), "\(old.stderr)")
    }

    @Test func forceNeverDeletesTheCurrentFolderOrOneAboveIt() throws {
        let dir = try project()
        defer { remove(dir) }
        for out in [".", "..", dir, "./", "src/.."] {
            for args in [["icon", "icon.svg", "-o", out, "--force"], ["launch-images", "launch.json", "-o", out, "--force"],
                         ["screenshots", "store", "-o", out, "--force", "--sizes", "4"]] {
                let r = try cli.run(args, in: dir)
                #expect(r.status == 64, "\(args): \(r.stderr)")
                #expect(r.stderr.contains("the current folder") || r.stderr.contains("a folder above the current folder"), "\(args): \(r.stderr)")
                intact(dir)
            }
        }
    }

    @Test func forceNeverDeletesTheHomeFolderOrAFolderTintypeDidNotWrite() throws {
        let dir = try project()
        defer { remove(dir) }
        let home = dir + "/home"
        try write(home + "/Documents/thesis.txt", "years of work")
        let r = try cli.run(["screenshots", "store", "-o", home, "--force", "--sizes", "4"], in: dir, environment: ["HOME": home])
        #expect(r.status == 64 && r.stderr.contains("the home folder"), "\(r.stderr)")
        #expect(text(home + "/Documents/thesis.txt") == "years of work")
        // Any other folder of someone's files: --force replaces only a folder Tintype wrote.
        let other = dir + "/papers"
        try write(other + "/Documents/thesis.txt", "years of work")
        for args in [["screenshots", "store", "-o", other, "--force", "--sizes", "4"], ["icon", "icon.svg", "-o", other, "--force"],
                     ["launch-images", "launch.json", "-o", other, "--force"]] {
            let f = try cli.run(args, in: dir)
            #expect(f.status == 64 && f.stderr.contains("was not written by Tintype"), "\(args): \(f.stderr)")
            #expect(text(other + "/Documents/thesis.txt") == "years of work")
        }
    }

    @Test func anOutputFolderNeverHoldsTheRunsInputs() throws {
        let dir = try project()
        defer { remove(dir) }
        let art = dir + "/art"
        try write(art + "/icon.svg", svg)
        let icon = try cli.run(["icon", art + "/icon.svg", "-o", art, "--force"])
        #expect(icon.status == 64 && icon.stderr.contains("holds the icon's source"), "\(icon.stderr)")
        #expect(text(art + "/icon.svg") == svg)
        let launch = try cli.run(["launch-images", dir + "/store/home.json", "-o", dir + "/store", "--force"])
        #expect(launch.status == 64 && launch.stderr.contains("holds the scene"), "\(launch.stderr)")
        let shots = try cli.run(["screenshots", dir + "/store", "-o", dir + "/store", "--force", "--sizes", "4"])
        #expect(shots.status == 64 && shots.stderr.contains("an output folder never holds the run's inputs"), "\(shots.stderr)")
        // An image the scene uses counts too.
        try write(dir + "/pics/logo.svg", svg)
        try write(dir + "/pics/uses.json", #"{"root": {"imageView": {"image": "logo.svg"}}}"#)
        let used = try cli.run(["launch-images", dir + "/pics/uses.json", "-o", dir + "/pics", "--force"])
        #expect(used.status == 64, "\(used.stderr)")
        intact(dir)
        #expect(exists(dir + "/pics/logo.svg") && exists(dir + "/store/home.json"))
    }

    @Test func aFolderNamedLikeAnOutputFileIsNeverDeleted() throws {
        let dir = try project()
        defer { remove(dir) }
        let out = dir + "/AppIcon.appiconset"
        try write(out + "/Icon-40.png/mine.txt", "keep")
        for force in [false, true] {
            let r = try cli.run(["icon", dir + "/icon.svg", "-o", out] + (force ? ["--force"] : []))
            #expect(r.status == 64 && r.stderr.contains("Icon-40.png/mine.txt"), "\(r.stderr)")
            #expect(text(out + "/Icon-40.png/mine.txt") == "keep")
        }
    }

    @Test func thePreviewNeverReplacesTheSource() throws {
        let dir = try project()
        defer { remove(dir) }
        try FileManager.default.createDirectory(atPath: dir + "/art", withIntermediateDirectories: true)
        let png = dir + "/art/icon.png"
        // A 1024-pixel PNG source, made by the tool itself.
        try write(dir + "/art/big.json", #"{"canvas": {"size": [1024, 1024]}, "root": {"view": {"backgroundColor": "red"}}}"#)
        #expect(try cli.run(["render", dir + "/art/big.json", "-o", png]).status == 0)
        let before = FileManager.default.contents(atPath: png)
        let r = try cli.run(["icon", "art/icon.png", "-o", "set", "--preview", "art/icon.png"], in: dir)
        #expect(r.status == 64 && r.stderr.contains("is the icon's source"), "\(r.stderr)")
        #expect(FileManager.default.contents(atPath: png) == before)
        #expect(!exists(dir + "/set"))
    }

    @Test func forceReplacesAFolderTintypeWroteAndKeepsFilesItDidNot() throws {
        let dir = try project()
        defer { remove(dir) }
        let out = dir + "/shots"
        #expect(try cli.run(["screenshots", dir + "/store", "-o", out, "--sizes", "4"]).status == 0)
        #expect(exists(out + "/.tintype-output"))
        // Tintype wrote every file there: --force replaces it (other sizes now).
        let again = try cli.run(["screenshots", dir + "/store", "-o", out, "--sizes", "4.7"])
        #expect(again.status == 64 && again.stderr.contains("--force"), "\(again.stderr)")
        #expect(try cli.run(["screenshots", dir + "/store", "-o", out, "--sizes", "4.7", "--force"]).status == 0)
        #expect(exists(out + "/4.7-inch/home.png") && !exists(out + "/4-inch"))
        // A file someone put there is never deleted, not even with --force.
        try write(out + "/4.7-inch/notes.txt", "mine")
        let kept = try cli.run(["screenshots", dir + "/store", "-o", out, "--sizes", "4", "--force"])
        #expect(kept.status == 64 && kept.stderr.contains("4.7-inch/notes.txt") && kept.stderr.contains("never deleted"), "\(kept.stderr)")
        #expect(text(out + "/4.7-inch/notes.txt") == "mine")
    }

    @Test func foldersLeftByAKilledRunAreRemovedByTheNext() throws {
        let dir = try project()
        defer { remove(dir) }
        // What a run killed while writing leaves: its temporary folder, and the previous set moved aside.
        // Process ids above the kernel's limit (2^22) belong to no process.
        let dead = 4_194_399
        let out = dir + "/AppIcon.appiconset"
        #expect(try cli.run(["icon", dir + "/icon.svg", "-o", out]).status == 0)
        let temp = dir + "/.AppIcon.appiconset.tmp-\(dead)", old = dir + "/.AppIcon.appiconset.old-\(dead + 1)"
        try FileManager.default.copyItem(atPath: out, toPath: temp)
        try FileManager.default.removeItem(atPath: temp + "/Icon-20.png")
        try FileManager.default.moveItem(atPath: out, toPath: old)
        #expect(try cli.run(["icon", dir + "/icon.svg", "-o", out]).status == 0)
        #expect(listing(dir).filter { $0.hasPrefix(".") } == [], "\(listing(dir))")
        #expect(exists(out + "/Icon-20.png"))
        // A folder of that name holding someone's file is not Tintype's and stays.
        let theirs = dir + "/.AppIcon.appiconset.tmp-\(dead)"
        try write(theirs + "/mine.txt", "keep")
        #expect(try cli.run(["icon", dir + "/icon.svg", "-o", out]).status == 0)
        #expect(text(theirs + "/mine.txt") == "keep")
    }

    @Test func anEmptyPathIsAUsageError() throws {
        let dir = try project()
        defer { remove(dir) }
        for args in [["render", "launch.json", "-o", ""], ["render", "launch.json", "--output="], ["icon", "icon.svg", "-o", ""],
                     ["test", "store", "--junit", ""], ["diff", "a.png", "b.png", "--strip", ""]] {
            let r = try cli.run(args, in: dir)
            #expect(r.status == 64 && r.stderr.contains("takes a path, found an empty one"), "\(args): \(r.stderr)")
        }
        #expect(!exists(dir + "/.png"))
    }

    /// A folder of scenes with their goldens recorded, and two PNGs that differ.
    func recorded() throws -> String {
        let dir = try project()
        try write(dir + "/S/a.json", #"{"device": "iPhone SE", "scale": 1, "root": {"view": {"backgroundColor": "red"}}}"#)
        try write(dir + "/S/b.json", #"{"device": "iPhone SE", "scale": 1, "root": {"view": {"backgroundColor": "blue"}}}"#)
        _ = try cli.run(["test", "S", "--record", "missing"], in: dir)
        #expect(exists(dir + "/S/a.png") && exists(dir + "/S/b.png"))
        try FileManager.default.copyItem(atPath: dir + "/S/a.png", toPath: dir + "/x.png")
        try FileManager.default.copyItem(atPath: dir + "/S/b.png", toPath: dir + "/y.png")
        return dir
    }

    @Test func reportsAndDiffsNeverReplaceAGoldenOrAScene() throws {
        let dir = try recorded()
        defer { remove(dir) }
        let golden = FileManager.default.contents(atPath: dir + "/S/a.png"), scene = text(dir + "/S/a.json")
        _ = try cli.run(["test", "S", "--bundle", "B"], in: dir)
        #expect(exists(dir + "/B/results.json"))
        for args in [["test", "S", "--junit", "S/a.png"], ["test", "S", "--json", "S/a.json"], ["test", "S", "--junit", "S/a.json"],
                     ["report", "merge", "B", "--junit", "S/a.json"], ["report", "merge", "B", "--junit", "S/a.png", "-o", "R"],
                     ["diff", "x.png", "y.png", "-o", "S/a.json"], ["diff", "x.png", "y.png", "-o", "S/a.png"],
                     ["diff", "x.png", "y.png", "--strip", "S/a.png"]] {
            let r = try cli.run(args, in: dir)
            #expect(r.status == 64, "\(args): \(r.stderr)")
            #expect(r.stderr.contains("is the golden of") || r.stderr.contains("is a scene file"), "\(args): \(r.stderr)")
            #expect(FileManager.default.contents(atPath: dir + "/S/a.png") == golden && text(dir + "/S/a.json") == scene, "\(args)")
        }
    }

    @Test func aReportUnderAFileSaysSo() throws {
        let dir = try recorded()
        defer { remove(dir) }
        for args in [["test", "S", "--junit", "x.png/junit.xml"], ["test", "S", "--json", "x.png/sub/r.json"],
                     ["diff", "x.png", "y.png", "-o", "x.png/d.png"], ["test", "S", "--artifacts", "x.png/art"]] {
            let r = try cli.run(args, in: dir)
            #expect(r.status == 64, "\(args): \(r.stderr)")
            #expect(r.stderr.contains("x.png is a file, not a folder"), "\(args): \(r.stderr)")
            #expect(!r.stderr.contains("NSCocoaErrorDomain"), "\(args): \(r.stderr)")
        }
    }

    @Test func diffOfAFolderSaysSo() throws {
        let dir = try recorded()
        defer { remove(dir) }
        let r = try cli.run(["diff", "S", "x.png"], in: dir)
        #expect(r.status == 2 && r.stderr.contains("S is a folder, not a PNG file"), "\(r.stderr)")
        #expect(!r.stderr.contains("bad signature"))
    }

    @Test func testRefusesGoldenCollisionsAsRenderDoes() throws {
        let dir = try project()
        defer { remove(dir) }
        try write(dir + "/S/a.json", #"{"devices": ["iPhone SE", "iPhone X"], "scale": 1, "root": {"view": {"backgroundColor": "red"}}}"#)
        try write(dir + "/S/a.iphone-se.json", #"{"device": "iPhone SE", "scale": 1, "root": {"view": {"backgroundColor": "blue"}}}"#)
        let render = try cli.run(["render", "S/a.json", "S/a.iphone-se.json", "-o", "out/"], in: dir)
        #expect(render.status == 64, "\(render.stderr)")
        for mode in ["missing", "failed", "all"] {
            let r = try cli.run(["test", "S", "--record", mode], in: dir)
            #expect(r.status == 64, "\(mode): \(r.stderr)")
            #expect(r.stderr.contains("S/a.json [iPhone SE]") && r.stderr.contains("S/a.iphone-se.json") && r.stderr.contains("a.iphone-se.png"), "\(r.stderr)")
            #expect(!exists(dir + "/S/a.iphone-se.png") && !exists(dir + "/S/a.iphone-x.png"))
        }
    }

    @Test func reportMergeNeverReplacesSomeonesImagesFolder() throws {
        let dir = try recorded()
        defer { remove(dir) }
        try write(dir + "/S/c.json", #"{"device": "iPhone SE", "scale": 1, "root": {"view": {"backgroundColor": "green"}}}"#)
        try FileManager.default.copyItem(atPath: dir + "/S/a.png", toPath: dir + "/S/c.png")
        _ = try cli.run(["test", "S", "--bundle", "B"], in: dir)
        try write(dir + "/site/images/team-photo.jpg", "a photo")
        let r = try cli.run(["report", "merge", "B", "-o", "site"], in: dir)
        #expect(r.status == 64 && r.stderr.contains("team-photo.jpg"), "\(r.stderr)")
        #expect(text(dir + "/site/images/team-photo.jpg") == "a photo")
        // In the current folder, not at all.
        try write(dir + "/images/team-photo.jpg", "a photo")
        let here = try cli.run(["report", "merge", "B", "-o", "."], in: dir)
        #expect(here.status == 64, "\(here.stderr)")
        #expect(text(dir + "/images/team-photo.jpg") == "a photo")
        // A report folder Tintype wrote is replaced, images and all.
        #expect(try cli.run(["report", "merge", "B", "-o", "report"], in: dir).status == 1)
        #expect(exists(dir + "/report/images/.tintype-output"))
        #expect(try cli.run(["report", "merge", "B", "-o", "report"], in: dir).status == 1)
        // The report never goes inside the bundles it reads (it would be read as one next time).
        let inside = try cli.run(["report", "merge", "B", "-o", "B/report"], in: dir)
        #expect(inside.status == 64, "\(inside.stderr)")
    }

    /// `original` (a results.json) with `change` applied to its failed entries.
    func forge(_ original: String, _ change: (inout [String: Any]) -> Void) throws -> String {
        var doc = try #require(try JSONSerialization.jsonObject(with: Data(original.utf8)) as? [String: Any])
        var entries = try #require(doc["entries"] as? [[String: Any]])
        for i in entries.indices where entries[i]["status"] as? String == "failed" { change(&entries[i]) }
        doc["entries"] = entries
        return String(decoding: try JSONSerialization.data(withJSONObject: doc), as: UTF8.self)
    }

    /// Everything the report folder holds, as text.
    func reportText(_ dir: String) -> [String] {
        (FileManager.default.enumerator(atPath: dir)?.compactMap { $0 as? String } ?? [])
            .compactMap { FileManager.default.contents(atPath: dir + "/" + $0) }.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func reportMergeReadsOnlyFilesInsideItsBundles() throws {
        let dir = try recorded()
        defer { remove(dir) }
        try write(dir + "/S/c.json", #"{"device": "iPhone SE", "scale": 1, "root": {"view": {"backgroundColor": "green"}}}"#)
        try FileManager.default.copyItem(atPath: dir + "/S/a.png", toPath: dir + "/S/c.png")
        _ = try cli.run(["test", "S", "--bundle", "B"], in: dir)
        let original = try #require(text(dir + "/B/results.json"))
        #expect(original.contains("\"actual\" : \"artifacts/"), "\(original)")
        try write(dir + "/secret.txt", "top secret\n")
        try FileManager.default.createSymbolicLink(atPath: dir + "/B/artifacts/link.png", withDestinationPath: dir + "/secret.txt")
        // A link to a folder two levels down elsewhere: `out/../../secret.txt` reads as if inside
        // the bundle, but the file system walks the link before each `..`.
        try FileManager.default.createDirectory(atPath: dir + "/deep/er", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/B/artifacts/out", withDestinationPath: dir + "/deep/er")
        #expect(text(dir + "/B/artifacts/out/../../secret.txt") == "top secret\n")
        let depth = String(repeating: "../", count: dir.split(separator: "/").count + 2)
        for target in ["/etc/passwd", "\(depth)etc/passwd", "/proc/self/environ", "../secret.txt", "artifacts/../../secret.txt", "artifacts/link.png",
                       "artifacts/out/../../secret.txt"] {
            for field in ["actual", "strip", "expected"] {
                try write(dir + "/B/results.json", try forge(original) { $0[field] = target })
                try? FileManager.default.removeItem(atPath: dir + "/R")
                let r = try cli.run(["report", "merge", "B", "-o", "R"], in: dir)
                #expect(r.status == 1, "\(field) \(target): \(r.stderr)")
                #expect(r.stderr.contains("report merge reads only files inside its bundles"), "\(field) \(target): \(r.stderr)")
                for leaked in ["root:", "top secret", "PATH=", "HOME="] {
                    #expect(!r.stderr.contains(leaked) && !r.out.contains(leaked), "\(field) \(target)")
                }
                #expect(!reportText(dir + "/R").contains { $0.contains("root:") || $0.contains("top secret") || $0.contains("PATH=") },
                        "\(field) \(target) leaked into the report")
            }
        }
        // A recorded golden is shown from the bundle only: one named outside it is not read.
        for golden in ["secret.txt", dir + "/secret.txt", "/etc/passwd"] {
            try write(dir + "/B/results.json", try forge(original) { entry in
                entry["status"] = "recorded"
                entry["golden"] = golden
                for key in ["actual", "strip", "expected", "diff"] { entry.removeValue(forKey: key) }
            })
            try? FileManager.default.removeItem(atPath: dir + "/R")
            let r = try cli.run(["report", "merge", "B", "-o", "R"], in: dir)
            #expect(r.status == 1 && r.out.contains("1 recorded"), "\(golden): \(r.out) \(r.stderr)")
            #expect(!reportText(dir + "/R").contains { $0.contains("top secret") || $0.contains("root:") }, "\(golden) was copied into the report")
        }
    }

    @Test func pruneRemovesOnlyGoldensOfScenesThatAreGone() throws {
        let dir = try recorded()
        defer { remove(dir) }
        // A scene that uses an SVG, which uses a PNG texture; an icon source and a diagram beside the
        // scenes; the golden of a scene that was deleted.
        #expect(try cli.run(["render", "S/a.json", "-o", "S/texture.png"], in: dir).status == 0)
        try write(dir + "/S/logo.svg", #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="8" height="8"><image xlink:href="texture.png" width="8" height="8"/></svg>"#)
        try write(dir + "/S/uses-logo.json", #"{"device": "iPhone SE", "scale": 1, "root": {"imageView": {"image": "logo.svg"}}}"#)
        #expect(try cli.run(["render", "S/a.json", "-o", "S/icon.png"], in: dir).status == 0)
        #expect(try cli.run(["render", "S/b.json", "-o", "S/diagram.png"], in: dir).status == 0)
        try write(dir + "/S/diagram.svg", svg)
        // A stamped golden only an SVG uses is used too.
        try FileManager.default.copyItem(atPath: dir + "/S/a.png", toPath: dir + "/S/stamped-texture.png")
        try write(dir + "/S/more.svg", #"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><image href="stamped-texture.png" width="8" height="8"/></svg>"#)
        try write(dir + "/S/uses-more.json", #"{"device": "iPhone SE", "scale": 1, "root": {"imageView": {"image": "more.svg"}}}"#)
        _ = try cli.run(["test", "S", "--record", "missing"], in: dir)
        try FileManager.default.copyItem(atPath: dir + "/S/a.png", toPath: dir + "/S/gone.png")
        let stale = try cli.run(["test", "S", "--stale"], in: dir)
        #expect(stale.status == 0 && stale.out == "S/gone.png\n1 stale golden; remove them with 'tintype test --prune'.\n", "\(stale.out)\(stale.stderr)")
        let prune = try cli.run(["test", "S", "--prune"], in: dir)
        #expect(prune.status == 0 && prune.out == "Removed S/gone.png\n", "\(prune.out)\(prune.stderr)")
        for kept in ["texture.png", "icon.png", "diagram.png", "diagram.svg", "logo.svg", "stamped-texture.png", "a.png", "b.png"] {
            #expect(exists(dir + "/S/" + kept), "\(kept) was removed")
        }
        #expect(!exists(dir + "/S/gone.png"))
    }

    /// A golden whose scene is gone takes its layout text (`--layout-records text`) with it; a
    /// file of the same name that is not one stays.
    @Test func pruneTakesAGoldensLayoutTextWithIt() throws {
        let dir = try project()
        defer { remove(dir) }
        try write(dir + "/S/a.json", #"{"device": "iPhone SE", "scale": 1, "root": {"view": {"backgroundColor": "red"}}}"#)
        try write(dir + "/S/b.json", #"{"device": "iPhone SE", "scale": 1, "root": {"view": {"backgroundColor": "blue"}}}"#)
        _ = try cli.run(["test", "S", "--record", "missing", "--layout-records", "text"], in: dir)
        #expect(exists(dir + "/S/a.layout.txt") && exists(dir + "/S/b.layout.txt"))
        try FileManager.default.removeItem(atPath: dir + "/S/a.json")
        try FileManager.default.removeItem(atPath: dir + "/S/b.json")
        try write(dir + "/S/b.layout.txt", "my notes on b\n")
        let stale = try cli.run(["test", "S", "--stale"], in: dir)
        #expect(stale.out == "S/a.png\nS/a.layout.txt\nS/b.png\n3 stale goldens; remove them with 'tintype test --prune'.\n", "\(stale.out)\(stale.stderr)")
        let prune = try cli.run(["test", "S", "--prune"], in: dir)
        #expect(prune.status == 0 && prune.out == "Removed S/a.png\nRemoved S/a.layout.txt\nRemoved S/b.png\n", "\(prune.out)\(prune.stderr)")
        #expect(!exists(dir + "/S/a.layout.txt") && text(dir + "/S/b.layout.txt") == "my notes on b\n")
    }

    @Test func staleListsNothingWhileASceneFailsToDecode() throws {
        let dir = try recorded()
        defer { remove(dir) }
        // The image a broken scene uses, a golden copied there: which scene uses it cannot be known.
        try FileManager.default.copyItem(atPath: dir + "/S/a.png", toPath: dir + "/S/picture.png")
        try write(dir + "/S/broken.json", #"{"root": {"imageView": {"image": "picture.png"}},}}"#)
        let r = try cli.run(["test", "S", "--stale"], in: dir)
        #expect(r.status == 1 && !r.out.contains("picture.png"), "\(r.out)")
        #expect(r.stderr.contains("broken.json") && r.stderr.contains("--stale lists nothing while a scene fails to decode"), "\(r.stderr)")
    }

    @Test func stampMarksOnlyGoldensAmongScenes() throws {
        let dir = try recorded()
        defer { remove(dir) }
        #expect(try cli.run(["render", "S/a.json", "-o", "S/icon.png"], in: dir).status == 0)
        let icon = FileManager.default.contents(atPath: dir + "/S/icon.png")
        let r = try cli.run(["stamp", "S"], in: dir)
        #expect(r.status == 0 && r.out == "0 stamped, 2 already stamped, 1 left alone (no scene beside them has them as its golden)\n", "\(r.out)")
        #expect(FileManager.default.contents(atPath: dir + "/S/icon.png") == icon)
        // The icon is no golden, so it is never stale.
        #expect(try cli.run(["test", "S", "--stale"], in: dir).out.contains("No stale goldens."))
        // Not the home folder.
        let home = try cli.run(["stamp", dir + "/S"], in: dir, environment: ["HOME": dir + "/S"])
        #expect(home.status == 64 && home.stderr.contains("the home folder"), "\(home.stderr)")
    }

    /// An image a scene draws, in a folder of its own without scenes (an asset folder), is no golden:
    /// stamp leaves it as it is.
    @Test func stampLeavesTheScenesImagesAlone() throws {
        let dir = try project()
        defer { remove(dir) }
        try write(dir + "/S/photo.json", #"{"device": "iPhone SE", "scale": 1, "root": {"imageView": {"image": "assets/photo.png"}}}"#)
        try FileManager.default.createDirectory(atPath: dir + "/S/assets", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLITests.root + "/Snapshots/Touch/assets/photo@2x.png", toPath: dir + "/S/assets/photo.png")
        let asset = FileManager.default.contents(atPath: dir + "/S/assets/photo.png")
        _ = try cli.run(["test", "S", "--record", "missing"], in: dir)
        #expect(exists(dir + "/S/photo.png"))
        let r = try cli.run(["stamp", "S"], in: dir)
        #expect(r.status == 0 && r.out == "0 stamped, 1 already stamped, 1 left alone (no scene beside them has them as its golden)\n", "\(r.out)\(r.stderr)")
        #expect(FileManager.default.contents(atPath: dir + "/S/assets/photo.png") == asset, "the scene's image was stamped")
    }

    /// Every command that reads or renders scenes has a time budget for each, one minute unless
    /// --timeout says otherwise; `variants` and `test --stale` too, which only read.
    @Test func everyCommandThatRendersHasATimeout() throws {
        for command in ["render", "test", "variants", "sheet", "icon", "screenshots", "launch-images"] {
            let help = try cli.run(["help", command]).out
            #expect(help.contains("--timeout SECONDS") && help.contains("(default 60)"), "\(command): \(help)")
        }
        let dir = try project()
        defer { remove(dir) }
        // A scene that takes well over a millisecond to read: 20,000 views.
        let views = Array(repeating: #"{"view": {"frame": [0, 0, 1, 1]}}"#, count: 20_000).joined(separator: ", ")
        try write(dir + "/big/big.json", #"{"device": "iPhone SE", "scale": 1, "root": {"view": {"subviews": [\#(views)]}}}"#)
        for args in [["variants", "big/big.json"], ["test", "big", "--stale"], ["test", "big", "--prune"], ["sheet", "big/big.json", "-o", "s.png"],
                     ["launch-images", "big/big.json", "-o", "L"], ["screenshots", "big", "-o", "shots"], ["icon", "big/big.json", "-o", "I"]] {
            let r = try cli.run(args + ["--timeout", "0.001"], in: dir)
            #expect(r.status == 1, "\(args): \(r.stderr)")
            #expect(r.stderr.contains("big.json took longer than --timeout 0.001 seconds; stopped"), "\(args): \(r.stderr)")
        }
        // The default budget lets a scene be read (a small one: reading the big one in a debug build
        // on a loaded machine can take longer than the minute itself).
        try write(dir + "/small/small.json", #"{"device": "iPhone SE", "scale": 1, "root": {"view": {"frame": [0, 0, 1, 1]}}}"#)
        let small = try cli.run(["variants", "small/small.json"], in: dir)
        #expect(small.status == 0, "\(small.stderr)")
    }
}
