import Foundation
import Testing

/// Nothing is lost: render, test --prune and diff never replace a golden, an input or a used image;
/// writes that cannot happen (a full or closed standard output) are errors with exit 1, not crashes.
extension CLITests {
    func write(_ text: String, to path: String) { _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) }
    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// A PNG signature and IHDR declaring `width`×`height` (then junk): enough for header checks.
    func pngHeader(width: UInt32, height: UInt32, badCRC: Bool = false) -> Data {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let chunk = Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0]
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in chunk { crc ^= UInt32(byte); for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 } }
        return Data(pngSignature + be(13) + chunk + be(~crc ^ (badCRC ? 1 : 0)) + [UInt8](repeating: 0, count: 32))
    }

    @Test func renderRefusesTheGoldenOfAnySceneItCanSee() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(tiny, to: dir + "/alpha.json")
        write(tiny, to: dir + "/other.json")
        write(#"{"devices": ["iPhone SE", "iPhone 8"], "scale": 1, "root": {"view": {}}}"#, to: dir + "/multi.json")
        let golden = Data("golden".utf8)
        for name in ["alpha.png", "multi.iphone-se.png"] { _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: golden) }

        // Another scene's golden, beside a scene of that name.
        let beside = try run(["render", dir + "/other.json", "-o", dir + "/alpha.png"])
        #expect(beside.status == 64)
        #expect(beside.stderr.contains("is the golden of \(dir)/alpha.json; render will not overwrite it"))
        // A golden listed by a scene's devices.
        let listed = try run(["render", dir + "/other.json", "-o", dir + "/multi.iphone-se.png"])
        #expect(listed.status == 64)
        #expect(listed.stderr.contains("is the golden of \(dir)/multi.json"))
        #expect(bytes(dir + "/alpha.png") == golden && bytes(dir + "/multi.iphone-se.png") == golden)
    }

    @Test func renderRefusesToOverwriteItsInputs() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(tiny, to: dir + "/scene.json")
        // An image the scene uses (a PNG of its own, so that it decodes).
        let made = try run(["render", dir + "/scene.json", "-o", dir + "/made.png"])
        #expect(made.status == 0)
        write(#"{"device": "iPhone SE", "scale": 1, "root": {"imageView": {"image": "made.png"}}}"#, to: dir + "/uses.json")
        let image = bytes(dir + "/made.png")
        let used = try run(["render", dir + "/uses.json", "-o", dir + "/made.png"])
        #expect(used.status == 64)
        #expect(used.stderr.contains("is an image \(dir)/uses.json uses"))
        #expect(bytes(dir + "/made.png") == image)
    }

    @Test func pruneRefusesWhileASceneFailsToDecode() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/assets", withIntermediateDirectories: true)
        write(tiny, to: dir + "/good.json")
        #expect(try run(["render", dir + "/good.json", "-o", dir + "/assets/icon.png"]).status == 0)
        // Recording counts as not passed (exit 1); what matters is that the golden is there.
        _ = try run(["test", dir, "--record", "missing"])
        #expect(FileManager.default.fileExists(atPath: dir + "/good.png"))
        // The scene that uses the icon has a syntax error today: its image is unknown, so nothing may go.
        write(#"{"root": {"imageView": {"image": "assets/icon.png"}},}}"#, to: dir + "/broken.json")
        // The golden of a scene since deleted (a golden Tintype recorded, so it carries its stamp).
        try FileManager.default.copyItem(atPath: dir + "/good.png", toPath: dir + "/stale.png")
        let r = try run(["test", dir, "--prune"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("broken.json"))
        #expect(r.stderr.contains("--prune removes nothing while a scene fails to decode"))
        for kept in ["/assets/icon.png", "/stale.png", "/good.png"] { #expect(FileManager.default.fileExists(atPath: dir + kept), "\(kept)") }

        // Fixed, the same prune removes only what no scene uses.
        write(#"{"device": "iPhone SE", "scale": 1, "root": {"imageView": {"image": "assets/icon.png"}}}"#, to: dir + "/broken.json")
        _ = try run(["test", dir, "--record", "missing"])
        #expect(FileManager.default.fileExists(atPath: dir + "/broken.png"))
        let fixed = try run(["test", dir, "--prune"])
        #expect(fixed.status == 0)
        #expect(!FileManager.default.fileExists(atPath: dir + "/stale.png"))
        for kept in ["/assets/icon.png", "/good.png", "/broken.png"] { #expect(FileManager.default.fileExists(atPath: dir + kept), "\(kept)") }
    }

    @Test func diffRefusesToOverwriteAnInput() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(tiny, to: dir + "/a.json")
        #expect(try run(["render", dir + "/a.json", "-o", dir + "/a.png"]).status == 0)
        #expect(try run(["render", dir + "/a.json", "-o", dir + "/b.png", "--scale", "2"]).status == 0)
        let a = bytes(dir + "/a.png")
        for args in [["-o", dir + "/a.png"], ["--strip", dir + "/b.png"], ["-o", dir + "/./a.png"]] {
            let r = try run(["diff", dir + "/a.png", dir + "/b.png"] + args)
            #expect(r.status == 64, "\(args)")
            #expect(r.stderr.contains("diff will not overwrite its own input"), "\(args)")
        }
        #expect(bytes(dir + "/a.png") == a)
    }

    @Test func diffChecksSizesAndHeadersBeforeDecoding() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = FileManager.default.createFile(atPath: dir + "/huge.png", contents: pngHeader(width: 20000, height: 20000))
        _ = FileManager.default.createFile(atPath: dir + "/crc.png", contents: pngHeader(width: 10, height: 10, badCRC: true))
        _ = FileManager.default.createFile(atPath: dir + "/wide.png", contents: pngHeader(width: 8000, height: 8000))
        let huge = try run(["diff", dir + "/huge.png", dir + "/huge.png"])
        #expect(huge.status == 2)
        #expect(huge.stderr.contains("huge.png is too large: it is 20000×20000 pixels"))
        let crc = try run(["diff", dir + "/crc.png", dir + "/crc.png"])
        #expect(crc.status == 2)
        #expect(crc.stderr.contains("crc.png is a corrupt PNG: the header's checksum (CRC) does not match"))
        // Each image is within the budget; their strip is not: refused before anything is printed.
        let strip = try run(["diff", dir + "/wide.png", dir + "/wide.png", "--strip", dir + "/strip.png"])
        #expect(strip.status == 1)
        #expect(strip.out.isEmpty)
        #expect(strip.stderr.contains("--strip would be 24064×8032 pixels, more than the limit"))
    }

    @Test func aFullOrClosedStandardOutputIsAnErrorNotACrash() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(tiny, to: dir + "/scene.json")
        // Full: /dev/full refuses every write with ENOSPC.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.binary)
        p.arguments = ["render", dir + "/scene.json", "-o", "-"]
        p.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let err = Pipe()
        p.standardError = err
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationReason == .exit && p.terminationStatus == 1)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("cannot write to standard output: No space left on device"))

        // Closed: the reader went away before the image was written.
        let q = Process()
        q.executableURL = URL(fileURLWithPath: Self.binary)
        q.arguments = ["render", dir + "/scene.json", "-o", "-"]
        let out = Pipe(), err2 = Pipe()
        q.standardOutput = out; q.standardError = err2
        try out.fileHandleForReading.close()
        try q.run()
        q.waitUntilExit()
        #expect(q.terminationReason == .exit && q.terminationStatus == 1)
        let closed = String(decoding: err2.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(closed.contains("cannot write to standard output: Broken pipe"))

        // The contact sheet's -o - too.
        let sheet = Process()
        sheet.executableURL = URL(fileURLWithPath: Self.binary)
        sheet.arguments = ["sheet", dir + "/scene.json", "-o", "-", "--scale", "1"]
        sheet.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let err3 = Pipe()
        sheet.standardError = err3
        try sheet.run()
        sheet.waitUntilExit()
        #expect(sheet.terminationReason == .exit && sheet.terminationStatus == 1)
        let sheetMessage = String(decoding: err3.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(sheetMessage.contains("cannot write to standard output: No space left on device"))
    }
}

extension CLITests {
    @Test func aRunPastItsTimeoutEndsWithAnError() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = FileManager.default.createFile(atPath: dir + "/scene.json", contents: Data(tiny.utf8))
        let r = try run(["render", dir + "/scene.json", "-o", dir + "/out.png", "--timeout", "0.001"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("took longer than --timeout 0.001 seconds; stopped"))
        // Ended mid-run, it leaves no temporary file behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".tmp") }
        #expect(left.isEmpty, "\(left)")
        let suite = try run(["test", dir, "--timeout", "0.001"])
        #expect(suite.status == 1)
        #expect(suite.stderr.contains("took longer than --timeout 0.001 seconds; stopped"), "\(suite.stderr)")
        let bad = try run(["render", dir + "/scene.json", "--timeout", "soon"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--timeout takes a number from 0.001 to 10000000, found \"soon\""))
        // A generous budget changes nothing.
        let ok = try run(["render", dir + "/scene.json", "-o", dir + "/ok.png", "--timeout", "600"])
        #expect(ok.status == 0)
    }
}
