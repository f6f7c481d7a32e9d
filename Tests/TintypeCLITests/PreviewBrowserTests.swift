// `tintype preview` as a user meets it: the built binary serving a folder on a free port, asked
// over a real socket, and its page loaded in headless Chromium while a scene file is saved.
// Without Chromium on PATH the browser test is skipped (Scripts/setup installs it).
import Foundation
import Testing

@Suite(.serialized) struct PreviewBrowserTests {
    static let chromium: String? = {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return dirs.map { "\($0)/chromium" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static let blue = #"{ "device": "iPhone SE", "scale": 1, "root": { "view": { "backgroundColor": "systemBlue" } } }"#
    static let red = #"{ "device": "iPhone SE", "scale": 1, "root": { "view": { "backgroundColor": "systemRed" } } }"#

    /// A scene, a scene that does not decode (line 3, column 42) and a scene in a subfolder using an SVG.
    static func folder() throws -> String {
        let root = NSTemporaryDirectory() + "tintype-preview-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        func write(_ relative: String, _ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + relative)) }
        try write("a.json", blue)
        try write("b.json", "{\n  \"device\": \"iPhone SE\",\n  \"root\": { \"view\": { \"backgroundColor\": \"#12G\" } }\n}\n")
        try write("sub/icon.svg", svg("#ff0000"))
        try write("sub/c.json", #"{ "device": "iPhone SE", "scale": 1, "root": { "view": { "subviews": [ { "imageView": { "image": "icon.svg", "frame": [10, 10, 20, 20] } } ] } } }"#)
        return root
    }

    static func svg(_ fill: String) -> String {
        "<svg xmlns='http://www.w3.org/2000/svg' width='20' height='20'><rect width='20' height='20' fill='\(fill)'/></svg>"
    }

    /// The preview binary serving `root` on a port the system picked, read from its first line.
    final class Server: @unchecked Sendable {
        let process = Process()
        let port: Int
        let stderrPath: String

        init(root: String, extra: [String] = []) throws {
            let out = root + ".stdout", err = root + ".stderr"
            _ = FileManager.default.createFile(atPath: out, contents: nil)
            _ = FileManager.default.createFile(atPath: err, contents: nil)
            stderrPath = err
            process.executableURL = URL(fileURLWithPath: CLITests.binary)
            process.arguments = ["preview", root, "--port", "0", "--log"] + extra
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
            process.standardInput = FileHandle.nullDevice
            try process.run()
            guard let found = RawHTTP.port(printedIn: out, by: process) else {
                process.terminate()
                throw Failure("the preview did not print its address: \((try? String(contentsOfFile: err, encoding: .utf8)) ?? "")")
            }
            port = found
        }

        var log: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

        /// Ends the server (this process, by its id). SIGKILL, because a process started from a
        /// test thread inherits that thread's blocked signals, SIGTERM among them.
        func stop() {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }

        /// Sends `raw` as it is and reads the whole response (the server closes each connection).
        func send(_ raw: String) throws -> (status: Int, head: String, body: [UInt8]) {
            let response = try RawHTTP.exchange(port: Int(port), raw)
            guard let end = response.indices.first(where: { response[$0...].starts(with: [13, 10, 13, 10]) }) else {
                throw Failure("no response head in \(response.count) bytes")
            }
            let head = String(decoding: response[..<end], as: UTF8.self)
            let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
            return (status, head, Array(response[(end + 4)...]))
        }

        func get(_ target: String) throws -> (status: Int, head: String, body: [UInt8]) {
            try send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        }

        func scenes(_ query: String = "") throws -> [String: [String: Any]] {
            let r = try get("/api/scenes" + query)
            let object = try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any]
            let list = object?["scenes"] as? [[String: Any]] ?? []
            return Dictionary(uniqueKeysWithValues: list.map { ($0["path"] as! String, $0) })
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    static func fingerprint(_ scenes: [String: [String: Any]], _ path: String) -> String { scenes[path]?["fingerprint"] as? String ?? "?" }

    @Test(.timeLimit(.minutes(2)))
    func theServerAnswersOverASocketAndWaitingRequestsLearnOfSaves() async throws {
        let root = try Self.folder()
        let server = try Server(root: root)
        defer { server.stop(); try? FileManager.default.removeItem(atPath: root) }

        let before = try server.scenes()
        #expect(before.keys.sorted() == ["a.json", "b.json", "sub/c.json"])
        // The PNG served is the one `tintype render` writes, byte for byte.
        let url = try #require((before["a.json"]?["renders"] as? [[String: Any]])?.first?["url"] as? String)
        let served = try server.get(url)
        #expect(served.status == 200 && served.head.contains("Content-Type: image/png"))
        let rendered = try CLITests().run(["render", root + "/a.json", "-o", "-"])
        #expect(rendered.status == 0 && served.body == Array(rendered.stdout))
        #expect(try server.send("HEAD \(url) HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\r\n").body.isEmpty)

        // Bad requests, as they arrive from a socket.
        #expect(try server.send("GARBAGE\r\n\r\n").status == 400)
        #expect(try server.send("GET /render/../../../etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").status == 400)
        #expect(try server.send("GET /render/%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").status == 400)
        #expect(try server.get("/render/sub/icon.svg").status == 404)
        #expect(try server.get("/etc/passwd").status == 404)
        #expect(try server.send("POST /api/scenes HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n").status == 405)
        #expect(try server.send("GET / HTTP/1.1\r\nHost: attacker.example\r\n\r\n").status == 400)
        #expect(try server.send("GET /" + String(repeating: "x", count: 20_000) + " HTTP/1.1\r\n\r\n").status == 431)
        #expect(try server.get("/").status == 200)   // still serving after all that

        // A request waiting for a change returns when the image a scene uses is saved; only that scene changes.
        let generation = try #require((try JSONSerialization.jsonObject(with: Data(server.get("/api/changes?since=-5").body)) as? [String: Any])?["generation"] as? Int)
        async let waited = onThread { try server.get("/api/changes?since=\(generation)&wait=30") }
        try await Task.sleep(for: .milliseconds(400))
        try Data(Self.svg("#00ff00").utf8).write(to: URL(fileURLWithPath: root + "/sub/icon.svg"))
        let saved = Date()
        let answer = try await waited
        let next = (try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])?["generation"] as? Int
        #expect(next == generation + 1)
        #expect(Date().timeIntervalSince(saved) < 10, "the change took \(Date().timeIntervalSince(saved)) seconds to be seen")
        let after = try server.scenes()
        #expect(Self.fingerprint(after, "sub/c.json") != Self.fingerprint(before, "sub/c.json"))
        #expect(Self.fingerprint(after, "a.json") == Self.fingerprint(before, "a.json"))
    }

    @Test(.enabled(if: chromium != nil, "chromium is not installed, so the preview page cannot be checked in a browser; Scripts/setup installs it (Debian package chromium)"),
          .timeLimit(.minutes(3)))
    func thePageShowsRendersAndProblemsAndRedrawsASavedScene() async throws {
        let chromium = try #require(Self.chromium)
        let root = try Self.folder()
        let server = try Server(root: root)
        var keep = false
        defer {
            server.stop()
            if keep { print("PreviewBrowserTests: kept \(root)") } else { try? FileManager.default.removeItem(atPath: root) }
        }
        let before = try server.scenes()
        let blue = Self.fingerprint(before, "a.json")

        // The page is opened, draws generation 1, then waits on the server (half a second at a
        // time: while a request is open, headless Chromium's virtual clock stands still). The scene
        // is saved only once the page waits, so the change reaches a page that is already drawn.
        let live = try Browser.start(chromium, ["--virtual-time-budget=2400", "--dump-dom", "http://127.0.0.1:\(server.port)/?wait=0.5"], work: root + ".chromium-1")
        let waitStart = Date()
        while !server.log.contains("GET /api/changes?since=1&") && Date().timeIntervalSince(waitStart) < 60 && live.process.isRunning {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(server.log.contains("GET /render/a.json?variant=0&fp=\(blue) 200"), "the page did not load the first render:\n\(server.log)")
        try Data(Self.red.utf8).write(to: URL(fileURLWithPath: root + "/a.json"))
        let result = await live.wait(timeout: 90)
        if result.status != 0 || result.timedOut { keep = true }
        try #require(result.status == 0 && !result.timedOut, "chromium \(result.timedOut ? "timed out" : "exited \(result.status)"):\n\(result.stderrTail)")

        let red = Self.fingerprint(try server.scenes(), "a.json")
        #expect(red != blue)
        // The page asked for the new render itself.
        #expect(server.log.contains("GET /render/a.json?variant=0&fp=\(red) 200"), "the page did not load the new render:\n\(server.log)")

        let dom = result.stdout
        #expect(dom.contains("data-js=\"ready\""), "the page's script did not run")
        #expect(dom.contains("data-generation=\"2\"") && dom.contains("data-scenes=\"3\""))
        #expect(dom.contains("data-images=\"2\"") && dom.contains("data-images-loaded=\"2\"") && dom.contains("data-images-broken=\"0\""))
        let a = try #require(Self.element(dom, id: "scene-a.json"))
        #expect(a.contains("data-key=\"\(red)?\"") && a.contains("data-state=\"ok\""))
        #expect(a.contains("src=\"/render/a.json?variant=0&amp;fp=\(red)\"") && !a.contains(blue))
        #expect(a.contains("data-state=\"loaded\"") && a.contains("data-pixels=\"320x568\""))
        // Loaded at once, not when scrolled to: a plain headless screenshot (which never scrolls) showed lazy images blank.
        #expect(a.contains("loading=\"eager\""), "\(a)")
        let c = try #require(Self.element(dom, id: "scene-sub/c.json"))
        #expect(c.contains("data-state=\"loaded\"") && c.contains("data-pixels=\"320x568\""))
        // The broken scene: its problem in words at 3:42, and the line with a mark at the column.
        let b = try #require(Self.element(dom, id: "scene-b.json"))
        #expect(b.contains("data-state=\"error\"") && !b.contains("<img"))
        #expect(b.contains("data-line=\"3\" data-column=\"42\""))
        #expect(b.contains("b.json:3:42: root.backgroundColor: bad color \"#12G\""))
        #expect(b.contains(#"<div class="at"><span class="no">3</span>  "root": { "view": { "backgroundColor": <span class="caret" title="column 42"></span>"#))

        // Traits from the address: the same scenes as iPhone X in landscape; an unknown device is
        // the render command's error, shown on the page.
        let traits = try Browser.start(chromium, ["--virtual-time-budget=2000", "--dump-dom",
                                                  "http://127.0.0.1:\(server.port)/?wait=0&device=iPhone%20X&orientation=landscape"], work: root + ".chromium-2")
        let wrong = try Browser.start(chromium, ["--virtual-time-budget=2000", "--dump-dom",
                                                 "http://127.0.0.1:\(server.port)/?wait=0&device=iPhone%20XX"], work: root + ".chromium-3")
        let turned = await traits.wait(timeout: 90), refused = await wrong.wait(timeout: 90)
        try #require(turned.status == 0 && refused.status == 0, "chromium failed:\n\(turned.stderrTail)\n\(refused.stderrTail)")
        let landscape = try #require(Self.element(turned.stdout, id: "scene-a.json"))
        #expect(landscape.contains("data-pixels=\"812x375\"") && landscape.contains("device=iPhone%20X"))
        // A refused override is asked for once per change, not in a loop.
        #expect(server.log.components(separatedBy: "GET /api/scenes?device=iPhone+XX ").count - 1 == 1, "\(server.log)")
        #expect(refused.stdout.contains(#"<div id="banner" role="alert">unknown device "iPhone XX"; did you mean "iPhone X"? (see 'tintype devices')</div>"#))
    }

    /// The element with this id up to the end of its section.
    static func element(_ html: String, id: String) -> String? {
        guard let r = html.range(of: " id=\"\(id)\"") else { return nil }
        let start = html[..<r.lowerBound].lastIndex(of: "<") ?? r.lowerBound
        let end = html[r.upperBound...].range(of: "</section>")?.upperBound ?? html.endIndex
        return String(html[start..<end])
    }
}

/// Runs a blocking call on a thread of its own. Blocking in a task would hold one of the few
/// threads of Swift's cooperative pool (one per core), and with the whole suite running, the task
/// that saves the file the call waits for might not get a thread until the wait times out.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// Headless Chromium with a profile of its own, its output in files, and the flags a container
/// needs (no sandbox as root, no GPU, no /dev/shm).
private struct Browser {
    var process: Process
    var work: String
    var started = Date()

    struct Result { var status: Int32; var timedOut: Bool; var stdout: String; var stderrTail: String }

    static func start(_ chromium: String, _ arguments: [String], work: String) throws -> Browser {
        try FileManager.default.createDirectory(atPath: work + "/profile", withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                             "--no-default-browser-check", "--disable-extensions", "--user-data-dir=\(work)/profile"] + arguments
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = work
        process.environment = env
        _ = FileManager.default.createFile(atPath: work + "/stdout", contents: nil)
        _ = FileManager.default.createFile(atPath: work + "/stderr", contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: work + "/stdout"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: work + "/stderr"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return Browser(process: process, work: work)
    }

    /// Waits without holding a thread; stops the run (this process only) after `timeout` seconds.
    func wait(timeout: Double) async -> Result {
        var timedOut = false
        while process.isRunning {
            if Date().timeIntervalSince(started) > timeout { timedOut = true; process.terminate(); break }
            try? await Task.sleep(for: .milliseconds(20))
        }
        process.waitUntilExit()
        let out = (try? String(contentsOfFile: work + "/stdout", encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: work + "/stderr", encoding: .utf8)) ?? ""
        defer { try? FileManager.default.removeItem(atPath: work) }
        return Result(status: process.terminationStatus, timedOut: timedOut, stdout: out,
                      stderrTail: err.split(separator: "\n").suffix(15).joined(separator: "\n"))
    }
}
