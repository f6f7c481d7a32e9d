import Foundation
import Testing
@testable import tintype

/// Paths stay inside (issue 35): every command that reads scenes keeps their files in the scene's
/// project (--root, or the folder the command was given, or the scene's folder), and the preview
/// never answers with the content of a file outside its folder.
extension CLITests {
    /// `outer/app/scene.json` including `../common/theme.json`, beside `outer/secret.json`.
    func sharedProject() throws -> String {
        let outer = try temporaryDirectory()
        for folder in ["app", "common"] { try FileManager.default.createDirectory(atPath: outer + "/" + folder, withIntermediateDirectories: true) }
        write(#"{"tintColor": "systemRed"}"#, to: outer + "/common/theme.json")
        write(#"{"include": ["../common/theme.json"], "device": "iPhone SE", "scale": 1, "root": {"view": {}}}"#, to: outer + "/app/scene.json")
        write("{\"top-secret-value\": passwd}", to: outer + "/secret.json")
        return outer
    }

    @Test func aSceneUsingFilesBesideItsFolderNeedsARootThatHoldsThem() throws {
        let outer = try sharedProject()
        defer { try? FileManager.default.removeItem(atPath: outer) }
        let alone = try run(["render", outer + "/app/scene.json", "-o", outer + "/a.png"])
        #expect(alone.status == 1)
        #expect(alone.stderr.contains("app/scene.json:1:14: include[0]: \"../common/theme.json\" is not inside the scene's project"), "\(alone.stderr)")
        #expect(alone.stderr.contains("--root"))
        let rooted = try run(["render", outer + "/app/scene.json", "-o", outer + "/a.png", "--root", outer])
        #expect(rooted.status == 0, "\(rooted.stderr)")
        // A folder given to test is the project of the scenes found in it.
        let tested = try run(["test", outer, "--reporter", "list", "--record", "missing"])
        #expect(!tested.stderr.contains("not inside") && !tested.out.contains("not inside"), "\(tested.stderr)\(tested.out)")
        #expect(FileManager.default.fileExists(atPath: outer + "/app/scene.png"))
        #expect(try run(["variants", outer + "/app/scene.json"]).status == 1)
        #expect(try run(["variants", outer + "/app/scene.json", "--root", outer]).status == 0)
        // An absolute include, or one leading out of the root, is refused whatever the root, unread.
        write("{\"include\": [\"\(outer)/secret.json\"], \"root\": {\"view\": {}}}", to: outer + "/app/abs.json")
        write(#"{"include": ["../../secret.json"], "root": {"view": {}}}"#, to: outer + "/app/up.json")
        for name in ["abs", "up"] {
            let r = try run(["render", outer + "/app/\(name).json", "-o", outer + "/b.png", "--root", outer + "/app"])
            #expect(r.status == 1)
            #expect(!r.stderr.contains("top-secret") && !r.stderr.contains("passwd"), "\(r.stderr)")
        }
        let notAFolder = try run(["render", outer + "/app/scene.json", "--root", outer + "/secret.json"])
        #expect(notAFolder.status == 64 && notAFolder.stderr.contains("--root takes a folder"))
    }

    /// `stamp` reads the scenes beside the PNGs to tell goldens from other images; a scene whose
    /// devices come from an include beside its folder needs the project to say which files are its.
    @Test func stampReadsScenesInTheirProject() throws {
        let outer = try sharedProject()
        defer { try? FileManager.default.removeItem(atPath: outer) }
        write(#"{"tintColor": "systemRed", "devices": ["iPhone SE", "iPhone 8"]}"#, to: outer + "/common/theme.json")
        write(#"{"include": ["../common/theme.json"], "scale": 1, "root": {"view": {}}}"#, to: outer + "/app/scene.json")
        let recorded = try run(["test", outer + "/app", "--root", outer, "--record", "missing"])
        #expect(recorded.out.contains("0 passed, 0 failed, 0 skipped, 2 recorded"), "\(recorded.out)\(recorded.stderr)")
        // An image named like a variant but no variant of the scene: not a golden.
        try FileManager.default.copyItem(atPath: outer + "/app/scene.iphone-se.png", toPath: outer + "/app/scene.notes.png")
        let rooted = try run(["stamp", outer + "/app", "--root", outer])
        #expect(rooted.status == 0 && rooted.out == "0 stamped, 2 already stamped, 1 left alone (no scene beside them has them as its golden)\n",
                "\(rooted.out)\(rooted.stderr)")
        let escaping = try run(["stamp", outer + "/app", "--root", outer + "/app/scene.json"])
        #expect(escaping.status == 64 && escaping.stderr.contains("--root takes a folder"), "\(escaping.stderr)")
    }

    @Test func everyCommandThatReadsScenesTakesARoot() {
        let reading = ["render", "test", "variants", "sheet", "audit", "icon", "launch-images", "screenshots", "preview", "layout", "stamp"]
        for command in Tool.commands where reading.contains(command.name) {
            #expect(command.specs.contains { $0.name == "--root" && $0.value == "DIR" }, "\(command.name)")
        }
    }
}

extension PreviewServerTests {
    /// A scene including a file outside the folder (absolute, by .., through a link), a scene file
    /// that is itself a link leading out, and a catalog and an image outside: /api/scenes answers
    /// with each problem and never with a line of the files outside.
    @Test func theSceneListNeverQuotesAFileOutsideItsFolder() throws {
        let outer = NSTemporaryDirectory() + "tintype-preview-leak-" + UUID().uuidString
        let root = outer + "/site"
        try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: outer) }
        func write(_ path: String, _ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
        try write(outer + "/secret.json", "{\n\"tintColor\": \"top-secret-value\",\nroot: passwd-line\n}")
        try write(outer + "/secret.svg", "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'><!-- top-secret-value --></svg>")
        try FileManager.default.createSymbolicLink(atPath: root + "/sub/link.json", withDestinationPath: outer + "/secret.json")
        try FileManager.default.createSymbolicLink(atPath: root + "/leak.json", withDestinationPath: outer + "/secret.json")
        try write(root + "/absolute.json", "{\"include\": [\"\(outer)/secret.json\"], \"root\": {\"view\": {}}}")
        try write(root + "/up.json", #"{"include": ["../secret.json"], "root": {"view": {}}}"#)
        try write(root + "/linked.json", #"{"include": ["sub/link.json"], "root": {"view": {}}}"#)
        try write(root + "/catalog.json", #"{"strings": "../secret.json", "root": {"label": {"text": {"localized": "a"}}}}"#)
        try write(root + "/image.json", #"{"root": {"imageView": {"image": "../secret.svg"}}}"#)
        let site = PreviewSite(root: root)
        let response = try get(site, "/api/scenes")
        let body = String(decoding: response.body, as: UTF8.self)
        #expect(response.status == 200)
        #expect(!body.contains("top-secret") && !body.contains("passwd"), "\(body)")
        let list = try scenes(site)
        for name in ["absolute.json", "up.json", "linked.json", "catalog.json", "image.json", "leak.json"] {
            let issues = try #require(list[name]?["issues"] as? [[String: Any]], "\(name)")
            #expect(issues.count == 1 && (issues.first?["message"] as? String)?.contains("is not inside the scene's project") == true,
                    "\(name): \(issues)")
        }
    }
}

/// Bounded inputs (issue 35): standard input is refused as soon as it passes a scene's limit, and
/// an SVG image librsvg would spend seconds on is refused before it sees it, at the image's place.
extension CLITests {
    @Test func standardInputIsRefusedOnceItPassesTheLimit() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 200 MiB offered; the command stops reading past 16 MiB (head then ends on a broken pipe).
        let script = "head -c 209715200 /dev/zero | \"\(Self.binary)\" render - -o \"\(dir)/out.png\" 2>\"\(dir)/err\"; echo $? > \"\(dir)/status\""
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", script]
        try p.run()
        p.waitUntilExit()
        let status = try String(contentsOfFile: dir + "/status", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let stderr = try String(contentsOfFile: dir + "/err", encoding: .utf8)
        #expect(status == "1")
        #expect(stderr.contains("<stdin>: standard input holds more than the limit of 16777216 bytes a scene file may have; stopped reading it there"), "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    @Test func anSVGWithTooMuchTextIsRefusedBeforeLibrsvgSeesIt() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = String(repeating: "word ", count: 10_000)
        write("<svg xmlns='http://www.w3.org/2000/svg' width='20' height='20'><text y='10'>\(text)</text></svg>", to: dir + "/words.svg")
        write("{\"device\": \"iPhone SE\", \"scale\": 1,\n \"root\": {\"imageView\": {\"image\": \"words.svg\"}}}", to: dir + "/s.json")
        let started = Date()
        let r = try run(["render", dir + "/s.json", "-o", dir + "/out.png"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("s.json:2:34: root.image: image file \"words.svg\" holds 50000 characters of text, more than the limit of 10000"), "\(r.stderr)")
        #expect(Date().timeIntervalSince(started) < 20)
    }
}
