import Foundation
import Testing

/// The `tintype` command as a user runs it: exit codes, messages, files written or not.
@Suite struct CLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The binary built beside the test bundle, or the one TINTYPE_CLI_BINARY names (to run these
    /// tests against another build, such as an earlier one a regression test must fail on).
    static let binary: String = {
        if let named = ProcessInfo.processInfo.environment["TINTYPE_CLI_BINARY"], !named.isEmpty { return named }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tintype").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return root + "/.build/debug/tintype"
    }()

    struct Run { var status: Int32; var stdout: Data; var stderr: String; var out: String { String(decoding: stdout, as: UTF8.self) } }

    /// Runs the binary; `environment` sets (or, with nil, removes) variables of this process's environment.
    func run(_ args: [String], stdin: Data? = nil, in dir: String? = nil, environment: [String: String?] = [:]) throws -> Run {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.binary)
        p.arguments = args
        if let dir { p.currentDirectoryURL = URL(fileURLWithPath: dir) }
        if !environment.isEmpty {
            var env = ProcessInfo.processInfo.environment
            for (k, v) in environment { env[k] = v }
            p.environment = env
        }
        let out = Pipe(), err = Pipe(), inp = Pipe()
        p.standardOutput = out; p.standardError = err; p.standardInput = inp
        try p.run()
        if let stdin { inp.fileHandleForWriting.write(stdin) }
        try inp.fileHandleForWriting.close()
        // Read both pipes before waiting, so a large PNG on stdout cannot fill the pipe and block.
        let errHandle = err.fileHandleForReading
        final class Box: @unchecked Sendable { var data = Data() }
        let errBox = Box()
        let reader = Thread { errBox.data = errHandle.readDataToEndOfFile() }
        reader.start()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        return Run(status: p.terminationStatus, stdout: o, stderr: String(decoding: errBox.data, as: UTF8.self))
    }

    func temporaryDirectory() throws -> String {
        let dir = NSTemporaryDirectory() + "tintype-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    let tiny = #"{ "device": "iPhone SE", "scale": 1, "root": { "view": { "backgroundColor": "systemBlue" } } }"#

    @Test func whatUIKitWouldIgnoreIsAWarningAndTheSceneStillRenders() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='13' height='21'/>".utf8).write(to: URL(fileURLWithPath: dir + "/back.svg"))
        let scene = #"{ "device": "iPhone SE", "scale": 1, "root": { "navigationController": { "navigationBar": { "backIndicatorImage": "back.svg" }, "stack": [ { "title": "A" }, { "title": "B" } ] } } }"#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: dir + "/s.json"))
        let r = try run(["render", "s.json", "-o", "out.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("Warning: s.json:1:"), "\(r.stderr)")
        #expect(r.stderr.contains("root.navigationBar.backIndicatorImage: backIndicatorImage is ignored without backIndicatorTransitionMaskImage"))
        #expect(FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    @Test func verboseSaysWhatTheLayoutResolvedOnItsOwn() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = #"{ "device": "iPhone SE", "scale": 1, "root": { "view": { "subviews": [ { "stackView": { "frame": [0, 40, 50, 40], "arrangedSubviews": [ { "label": { "text": "Much too long for fifty points" } } ] } } ] } } }"#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: dir + "/s.json"))
        let quiet = try run(["render", "s.json", "-o", "a.png"], in: dir)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        let loud = try run(["render", "s.json", "-o", "b.png", "--verbose"], in: dir)
        #expect(loud.status == 0)
        #expect(loud.stderr.hasPrefix("note: s.json: root.subviews[0]: the arranged views need"), "\(loud.stderr)")
        #expect(loud.stderr.contains("arrangedSubviews[0] (compression resistance 750) gives way"))
    }

    @Test func helpOnEveryCommand() throws {
        for args in [["--help"], ["help"], ["help", "render"], ["render", "--help"], ["devices", "--help"], ["render", "-h"]] {
            let r = try run(args)
            #expect(r.status == 0, "\(args)")
            #expect(r.out.contains("Usage: tintype"), "\(args)")
        }
        #expect(try run(["render", "--help"]).out.contains("--orientation"))
    }

    @Test func badUsageExits64WithErrorUsageAndHint() throws {
        for (args, phrase) in [([String](), "missing command"), (["rendr"], "did you mean \"render\""),
                               (["render"], "missing scene file"), (["render", "a.json", "--bogus"], "unknown option \"--bogus\""),
                               (["render", "a.json", "--scale", "zero"], "--scale takes a number"),
                               (["render", "a.json", "--device", "iPhone 9"], "unknown device"),
                               (["render", "a.json", "--orientation", "sideways"], "portrait or landscape"),
                               (["render", "a.json", "-o"], "missing value for --output"),
                               (["render", "a.json", "b.json", "-o", "-"], "single scene"),
                               (["devices", "extra"], "unexpected argument")] {
            let r = try run(args)
            #expect(r.status == 64, "\(args): \(r.stderr)")
            #expect(r.stderr.hasPrefix("Error: "), "\(args)")
            #expect(r.stderr.contains(phrase), "\(args): \(r.stderr)")
            #expect(r.stderr.contains("Usage: tintype"), "\(args)")
            #expect(r.stderr.contains("See 'tintype"), "\(args)")
        }
    }

    @Test func renderWritesThePNGAndMatchesTheGolden() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = Self.root + "/Snapshots/Basics/corners.json"
        let r = try run(["render", scene, "-o", dir + "/corners.png"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.out.contains("Wrote \(dir)/corners.png"))
        // Committed goldens carry the stamp (a tiNT chunk) that `render` does not write; stamping
        // the render must give the golden's very bytes.
        #expect(try run(["stamp", dir + "/corners.png"]).status == 0)
        let written = try Data(contentsOf: URL(fileURLWithPath: dir + "/corners.png"))
        let golden = try Data(contentsOf: URL(fileURLWithPath: Self.root + "/Snapshots/Basics/corners.png"))
        #expect(written == golden, "the CLI renders the golden's bytes")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["corners.png"], "no temporary file is left")
    }

    @Test func stdinToStdout() throws {
        let r = try run(["render", "-", "-o", "-"], stdin: Data(tiny.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Array(r.stdout.prefix(8)) == pngSignature)
    }

    @Test func severalScenesIntoAFolder() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try tiny.write(toFile: dir + "/a.json", atomically: true, encoding: .utf8)
        try tiny.write(toFile: dir + "/b.json", atomically: true, encoding: .utf8)
        let r = try run(["render", dir + "/a.json", dir + "/b.json", "-o", dir + "/out"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted() == ["a.png", "b.png"])
    }

    @Test func overridesChangeTheOutputSize() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try tiny.write(toFile: dir + "/a.json", atomically: true, encoding: .utf8)
        let r = try run(["render", "a.json", "--device", "iPhone X", "--orientation", "landscape", "--scale", "2", "-o", "x.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let png = try Data(contentsOf: URL(fileURLWithPath: dir + "/x.png"))
        // IHDR width and height, big-endian, at bytes 16..<24.
        let w = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, h = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(w == 1624 && h == 750)
    }

    @Test func aBadSceneFailsWithItsPlaceAndWritesNothing() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bad = """
        {
          "root": { "view": { "subviews": [
            { "view": { "backgroundColor": "#12G" } }
          ] } }
        }
        """
        try bad.write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
        let r = try run(["render", "bad.json", "-o", "bad-out.png"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.contains("Error: bad.json:3:36: root.subviews[0].backgroundColor: bad color \"#12G\""), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/bad-out.png"))
    }

    @Test func oneFailureAmongManyStillRendersTheOthersAndExits1() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try tiny.write(toFile: dir + "/good.json", atomically: true, encoding: .utf8)
        try "{ nope".write(toFile: dir + "/broken.json", atomically: true, encoding: .utf8)
        let r = try run(["render", "good.json", "broken.json", "missing.json", "-o", "out/"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.contains("broken.json:1:3: malformed JSON"), "\(r.stderr)")
        #expect(r.stderr.contains("missing.json: no such file"), "\(r.stderr)")
        #expect(r.stderr.contains("2 of 3 scenes failed"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out") == ["good.png"])
        // When nothing can render, no folder is made for it.
        let none = try run(["render", "broken.json", "missing.json", "-o", "empty/"], in: dir)
        #expect(none.status == 1 && !FileManager.default.fileExists(atPath: dir + "/empty"), "\(none.stderr)")
    }

    @Test func tooLargeAnOutputIsRefused() throws {
        let r = try run(["render", "-", "--device", "iPad Pro 12.9", "--scale", "8", "-o", "-"], stdin: Data(tiny.utf8))
        #expect(r.status == 1)
        #expect(r.stderr.contains("exceeds the limit"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func anExistingGoldenIsNeverOverwritten() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try tiny.write(toFile: dir + "/a.json", atomically: true, encoding: .utf8)
        try Data("golden".utf8).write(to: URL(fileURLWithPath: dir + "/a.png"))
        let r = try run(["render", "a.json"], in: dir)
        #expect(r.status == 64)
        #expect(r.stderr.contains("golden"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/a.png")) == Data("golden".utf8))
    }

    @Test func devicesListsTheCatalog() throws {
        let r = try run(["devices"])
        #expect(r.status == 0)
        for name in ["iPhone 4s", "iPhone SE", "iPhone 8", "iPhone 8 Plus", "iPhone X", "iPhone XR", "iPhone 12",
                     "iPhone 15 Pro", "iPhone 15 Pro Max", "iPad", "iPad Pro 11", "iPad Pro 12.9"] {
            #expect(r.out.contains(name + " "), "\(name)")
        }
        #expect(r.out.contains("375×812") && r.out.contains("1125×2436"))
    }
}
