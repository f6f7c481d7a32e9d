import Foundation
import Testing
@testable import tintype
import TintypeModel
import TintypeRender
import TintypeSnapshot

/// `tintype preview`'s parts without a socket: request parsing, responses, routing, change detection.
@Suite struct PreviewServerTests {
    func parse(_ text: String) throws(HTTPRequest.Problem) -> HTTPRequest {
        try HTTPRequest.parse(head: Array(text.utf8))
    }

    func problem(_ text: String) -> HTTPRequest.Problem? {
        do { _ = try parse(text); return nil } catch { return error }
    }

    @Test func aRequestIsParsedIntoPathSegmentsQueryAndHeaders() throws {
        let r = try parse("GET /render/Basics/a%20b.json?variant=2&device=iPhone+SE&content-size=AX3&dimmed HTTP/1.1\r\nHost: 127.0.0.1:7357\r\nAccept:  */*  \r\n\r\n")
        #expect(r.method == "GET" && r.version == "HTTP/1.1")
        #expect(r.target == "/render/Basics/a%20b.json?variant=2&device=iPhone+SE&content-size=AX3&dimmed")
        #expect(r.path == "/render/Basics/a b.json")
        #expect(r.segments == ["render", "Basics", "a b.json"])
        #expect(r.parameter("variant") == "2" && r.parameter("device") == "iPhone SE" && r.parameter("dimmed") == "")
        #expect(r.parameter("content-size") == "AX3" && r.parameter("locale") == nil)
        #expect(r.headers == ["host": "127.0.0.1:7357", "accept": "*/*"])

        // Bare LF line ends, HTTP/1.0 without Host, the root and a trailing slash.
        let old = try parse("HEAD / HTTP/1.0\n\n")
        #expect(old.method == "HEAD" && old.segments == [] && old.path == "/" && old.headers.isEmpty)
        #expect(try parse("GET /api/ HTTP/1.1\r\nHost: localhost\r\n\r\n").segments == ["api"])
        // UTF-8 in the path, percent-encoded as browsers send it.
        #expect(try parse("GET /render/%C3%A9t%C3%A9.json HTTP/1.1\r\nHost: x\r\n\r\n").segments == ["render", "été.json"])
    }

    @Test func theHeadEndIsFoundOnlyOnceItHasArrived() {
        #expect(HTTPRequest.headEnd(in: Array("GET / HTTP/1.1\r\nHost: a\r\n".utf8)) == nil)
        #expect(HTTPRequest.headEnd(in: Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8)) == 27)
        #expect(HTTPRequest.headEnd(in: Array("GET / HTTP/1.0\n\nrest".utf8)) == 16)
        #expect(HTTPRequest.headEnd(in: []) == nil)
    }

    @Test func malformedRequestsAreRefusedWithTheirStatus() {
        let host = "\r\nHost: 127.0.0.1\r\n\r\n"
        let cases: [(String, Int)] = [
            ("GARBAGE\r\n\r\n", 400),
            ("GET /\r\n\r\n", 400),
            ("GET  / HTTP/1.1" + host, 400),
            ("get / HTTP/1.1" + host, 400),
            ("GET / HTTP/2.0" + host, 505),
            ("GET / SPDY/3" + host, 400),
            ("GET / HTTP/1.1\r\n\r\n", 400),                               // no Host
            ("POST / HTTP/1.1" + host, 405),
            ("DELETE /api/scenes HTTP/1.1" + host, 405),
            ("GET http://127.0.0.1/ HTTP/1.1" + host, 400),                // absolute form
            ("GET * HTTP/1.1" + host, 400),
            ("GET /render/../../etc/passwd HTTP/1.1" + host, 400),
            ("GET /render/%2e%2e/%2E%2E/etc/passwd HTTP/1.1" + host, 400),
            ("GET /render/./a.json HTTP/1.1" + host, 400),
            ("GET /render//a.json HTTP/1.1" + host, 400),
            ("GET /render/..%2Fsecret.json HTTP/1.1" + host, 400),        // an encoded slash
            ("GET /render/a%5C..%5Cb.json HTTP/1.1" + host, 400),         // an encoded backslash
            ("GET /render/a%00.json HTTP/1.1" + host, 400),
            ("GET /render/a%zz.json HTTP/1.1" + host, 400),
            ("GET /render/a%C3.json HTTP/1.1" + host, 400),               // not UTF-8
            ("GET /api/scenes?device=%ZZ HTTP/1.1" + host, 400),
            ("GET / HTTP/1.1\r\nHost: a\r\nNo colon here\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: a\r\n folded: value\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: a\r\nBad Name: v\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
            ("GET /" + String(repeating: "a", count: HTTPRequest.maxHeadBytes) + " HTTP/1.1" + host, 431),
        ]
        for (text, status) in cases {
            #expect(problem(text)?.status == status, "\(text.prefix(60).debugDescription)")
        }
        #expect(problem("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n") == nil)
        #expect(HTTPResponse.text(405, "x").serialized().starts(with: Array("HTTP/1.1 405 Method Not Allowed\r\n".utf8)))
        #expect(String(decoding: HTTPResponse.text(405, "x").serialized(), as: UTF8.self).contains("\r\nAllow: GET, HEAD\r\n"))
    }

    @Test func aResponseStatesItsLengthClosesAndLeavesTheBodyOutForHEAD() {
        let r = HTTPResponse(status: 200, contentType: "image/png", body: [1, 2, 3], headers: [("Cache-Control", "max-age=1")])
        let full = r.serialized(), head = r.serialized(headOnly: true)
        let text = String(decoding: head, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 3\r\n"))
        #expect(text.contains("\r\nCache-Control: max-age=1\r\n") && !text.contains("no-store"))
        #expect(text.contains("\r\nConnection: close\r\n") && text.hasSuffix("\r\n\r\n"))
        #expect(Array(full.suffix(3)) == [1, 2, 3] && full.count == head.count + 3)
        #expect(String(decoding: HTTPResponse.text(404, "no").serialized(), as: UTF8.self).contains("Cache-Control: no-store"))
    }

    /// A method not answered gets a 405 whose Allow names the methods this server answers (the
    /// review page's takes POST too), once.
    @Test func aMethodNotAnsweredIsToldWhichAre() throws {
        let server = try HTTPServer(port: 0, methods: ["GET", "HEAD", "POST"]) { _ in .text(200, "ok") }
        let port = server.port
        Thread.detachNewThread { server.serve() }
        let text = String(decoding: try RawHTTP.exchange(port: Int(port), "PUT / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", timeoutSeconds: 30), as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 405 "), "\(text)")
        #expect(text.contains("\r\nAllow: GET, HEAD, POST\r\n") && text.components(separatedBy: "\r\nAllow:").count == 2, "\(text)")
    }

    @Test func onlyLoopbackHostNamesAreAnswered() throws {
        let server = try HTTPServer(port: 0) { _ in .text(200, "ok") }
        #expect(server.port != 0)
        func host(_ h: String?) throws -> Bool {
            try server.hostIsLocal(parse("GET / HTTP/1.0\r\n" + (h.map { "Host: \($0)\r\n" } ?? "") + "\r\n"))
        }
        #expect(try host("127.0.0.1:\(server.port)") && host("localhost:\(server.port)") && host("LOCALHOST") && host(nil))
        #expect(try !host("evil.example:\(server.port)") && !host("127.0.0.1:1") && !host("127.0.0.1.evil.example"))
    }

    // MARK: - Routing

    /// A folder with a scene, a broken scene, a scene in a subfolder using an image, a hidden scene
    /// and a file that is no scene.
    struct Folder {
        let root: String
        init() throws {
            root = NSTemporaryDirectory() + "tintype-preview-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: root + "/sub/.hidden", withIntermediateDirectories: true)
            try write("a.json", #"{ "device": "iPhone SE", "scale": 1, "root": { "view": { "backgroundColor": "systemBlue" } } }"#)
            try write("b.json", "{\n  \"device\": \"iPhone SE\",\n  \"root\": { \"view\": { \"backgroundColor\": \"#12G\" } }\n}\n")
            try write("sub/icon.svg", Self.svg("#ff0000"))
            try write("sub/c.json", #"{ "device": "iPhone SE", "scale": 1, "root": { "view": { "subviews": [ { "imageView": { "image": "icon.svg", "frame": [10, 10, 20, 20] } } ] } } }"#)
            try write("sub/.hidden/d.json", "{}")
            try write(".e.json", "{}")
            try write("notes.txt", "not a scene")
        }
        static func svg(_ fill: String) -> String {
            "<svg xmlns='http://www.w3.org/2000/svg' width='20' height='20'><rect width='20' height='20' fill='\(fill)'/></svg>"
        }
        func write(_ relative: String, _ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + relative))
        }
        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    func get(_ site: PreviewSite, _ target: String) throws -> HTTPResponse {
        site.respond(to: try parse("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
    }

    func json(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    func scenes(_ site: PreviewSite, _ query: String = "") throws -> [String: [String: Any]] {
        let list = try #require(try json(get(site, "/api/scenes" + query))["scenes"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: list.map { ($0["path"] as! String, $0) })
    }

    @Test func thePageTheSceneListAndTheRendersAreRouted() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let site = PreviewSite(root: folder.root + "/")
        #expect(site.root == folder.root)

        let page = try get(site, "/")
        #expect(page.status == 200 && page.contentType == "text/html; charset=utf-8")
        #expect(String(decoding: page.body, as: UTF8.self).contains("/api/changes?since="))
        #expect(page.headers.contains { $0.0 == "Content-Security-Policy" && $0.1.contains("default-src 'none'") && $0.1.contains("connect-src 'self'") })

        // Every *.json under the folder, sorted, hidden ones left out.
        let list = try json(get(site, "/api/scenes"))
        #expect(list["folder"] as? String == folder.root && list["generation"] as? Int == 1)
        let all = try #require(list["scenes"] as? [[String: Any]])
        #expect(all.map { $0["path"] as? String } == ["a.json", "b.json", "sub/c.json"])
        let byPath = try scenes(site)
        let a = try #require(byPath["a.json"])
        #expect((a["issues"] as? [Any])?.isEmpty == true)
        let render = try #require((a["renders"] as? [[String: Any]])?.first)
        #expect(render["width"] as? Double == 320 && render["height"] as? Double == 568)
        let url = try #require(render["url"] as? String)
        #expect(url == "/render/a.json?variant=0&fp=" + (a["fingerprint"] as! String))

        // The PNG is the one the renderer makes of the scene file, as `tintype render` makes it.
        let png = try get(site, url)
        #expect(png.status == 200 && png.contentType == "image/png")
        #expect(png.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let command = try RenderCommand(arguments: [folder.root + "/a.json", "-o", folder.root + "/rendered.png"])
        let rendered = command.renderOne(SceneFile(path: folder.root + "/a.json").outputs[0], renderer: Renderer())
        guard case .success(let written?) = rendered else { Issue.record("render failed: \(rendered)"); return }
        #expect(png.body == Array(try Data(contentsOf: URL(fileURLWithPath: written))))

        // The broken scene: its problem at line 3, column 42, with the lines around it split there.
        let b = try #require(byPath["b.json"])
        #expect((b["renders"] as? [Any])?.isEmpty == true)
        let issue = try #require((b["issues"] as? [[String: Any]])?.first)
        #expect(issue["line"] as? Int == 3 && issue["column"] as? Int == 42)
        #expect(issue["file"] as? String == folder.root + "/b.json")
        #expect((issue["message"] as? String)?.contains("bad color \"#12G\"") == true)
        let excerpt = try #require(issue["excerpt"] as? [[String: Any]])
        #expect(excerpt.map { $0["line"] as? Int } == [1, 2, 3, 4, 5])
        let at = try #require(excerpt.first { $0["before"] != nil })
        #expect(at["before"] as? String == #"  "root": { "view": { "backgroundColor": "#)
        #expect(at["after"] as? String == ##""#12G" } }"##)

        // What is not a scene of the folder is not found; bad overrides are 400 with the CLI's message.
        #expect(try get(site, "/render/notes.txt").status == 404)
        #expect(try get(site, "/render/missing.json").status == 404)
        #expect(try get(site, "/render/sub/.hidden/d.json").status == 404)
        #expect(try get(site, "/render/a.json?variant=1").status == 404)
        #expect(try get(site, "/render/a.json?variant=x").status == 404)
        #expect(try get(site, "/render/b.json").status == 404)
        #expect(try get(site, "/nothing").status == 404)
        #expect(try get(site, "/api").status == 404)
        let bad = try get(site, "/api/scenes?device=iPhone%20SEE")
        #expect(bad.status == 400)
        #expect(try json(bad)["generation"] as? Int == site.currentGeneration)   // 2: rendered.png was written
        #expect(try json(bad)["error"] as? String == #"unknown device "iPhone SEE"; did you mean "iPhone SE"? (see 'tintype devices')"#)
        #expect(try get(site, "/render/a.json?content-size=huge").status == 400)
        #expect(try get(site, "/api/changes?since=x").status == 400)
        #expect(try get(site, "/api/changes?since=1&wait=31").status == 400)
    }

    @Test func theTraitOverridesReachTheScenesAndTheirRenders() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let site = PreviewSite(root: folder.root)
        let plain = try #require(try scenes(site)["a.json"])
        let a = try #require(try scenes(site, "?device=iPhone%20X&orientation=landscape&dimmed=1&content-size=&direction=rtl")["a.json"])
        let render = try #require((a["renders"] as? [[String: Any]])?.first)
        #expect(render["width"] as? Double == 812 && render["height"] as? Double == 375)
        let url = try #require(render["url"] as? String)
        #expect(url.contains("device=iPhone%20X") && url.contains("orientation=landscape") && url.contains("direction=rtl") && url.contains("dimmed=1"))
        #expect(!url.contains("content-size"))
        let png = try get(site, url)
        #expect(png.status == 200)
        // 812×375 points at the scene's scale of 1.
        #expect(Array(png.body[16..<24]) == [0, 0, 0x03, 0x2C, 0, 0, 0x01, 0x77])
        // dimmed=0 is the same as no override.
        #expect(try scenes(site, "?dimmed=0")["a.json"]?["fingerprint"] as? String == plain["fingerprint"] as? String)
        let list = try json(get(site, "/api/scenes?device=iPad&locale=de-DE"))
        #expect(list["traits"] as? [String: String] == ["device": "iPad", "locale": "de-DE"])
    }

    @Test func savingASceneOrAnImageItUsesRaisesTheGenerationAndItsFingerprint() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let site = PreviewSite(root: folder.root)
        let before = try scenes(site)
        #expect(site.rescan() == false)
        #expect(site.currentGeneration == 1)
        #expect(site.waitForChange(since: 1, seconds: 0.05) == 1)
        #expect(site.waitForChange(since: 0, seconds: 5) == 1)   // an old generation returns at once
        let pngBefore = try get(site, try #require((before["sub/c.json"]?["renders"] as? [[String: Any]])?.first?["url"] as? String)).body

        // The image sub/c.json uses: only that scene changes.
        try folder.write("sub/icon.svg", Folder.svg("#00ff00"))
        #expect(site.rescan() == true)
        #expect(site.currentGeneration == 2)
        let after = try scenes(site)
        #expect(after["sub/c.json"]?["fingerprint"] as? String != before["sub/c.json"]?["fingerprint"] as? String)
        #expect(after["a.json"]?["fingerprint"] as? String == before["a.json"]?["fingerprint"] as? String)
        let pngAfter = try get(site, try #require((after["sub/c.json"]?["renders"] as? [[String: Any]])?.first?["url"] as? String)).body
        #expect(pngAfter != pngBefore && pngAfter.starts(with: [0x89, 0x50]))

        // Fixing the broken scene: it renders; a new scene appears; a deleted one goes.
        try folder.write("b.json", ##"{ "device": "iPhone SE", "scale": 1, "root": { "view": { "backgroundColor": "#123" } } }"##)
        try folder.write("sub/new.json", #"{ "root": { "view": {} } }"#)
        try FileManager.default.removeItem(atPath: folder.root + "/a.json")
        let waited = site.waitForChange(since: 2, seconds: 0)   // no scan in between: nothing seen yet
        #expect(waited == 2)
        let fixed = try scenes(site)
        #expect(site.currentGeneration == 3)
        #expect(fixed.keys.sorted() == ["b.json", "sub/c.json", "sub/new.json"])
        #expect((fixed["b.json"]?["issues"] as? [Any])?.isEmpty == true && (fixed["b.json"]?["renders"] as? [Any])?.count == 1)
        #expect(try get(site, "/render/a.json").status == 404)

        // The string catalog a scene reads is watched with it.
        func catalog(_ german: String) -> String {
            #"{ "sourceLanguage": "en", "version": "1.0", "strings": { "Hello": { "localizations": { "de": { "stringUnit": { "state": "translated", "value": ""# + german + #"" } } } } } }"#
        }
        try FileManager.default.createDirectory(atPath: folder.root + "/strings", withIntermediateDirectories: true)
        try folder.write("strings/Localizable.xcstrings", catalog("Hallo"))
        try folder.write("sub/l.json", #"{ "device": "iPhone SE", "scale": 1, "locale": "de", "strings": "../strings/Localizable.xcstrings", "root": { "view": { "subviews": [ { "label": { "frame": [16, 16, 200, 30], "text": "Hello" } } ] } } }"#)
        let hallo = try scenes(site)
        #expect((hallo["sub/l.json"]?["issues"] as? [Any])?.isEmpty == true, "\(hallo["sub/l.json"] ?? [:])")
        try folder.write("strings/Localizable.xcstrings", catalog("Guten Tag"))
        let gutenTag = try scenes(site)
        #expect(gutenTag["sub/l.json"]?["fingerprint"] as? String != hallo["sub/l.json"]?["fingerprint"] as? String)
        #expect(gutenTag["b.json"]?["fingerprint"] as? String == hallo["b.json"]?["fingerprint"] as? String)

        // A file that is not a scene counts as a change too (a scene may name it as an image).
        try folder.write("notes.txt", "edited")
        #expect(site.rescan() == true && site.currentGeneration == 6)
    }

    @Test func aThemeIsNotListedAndSavingItRedrawsTheScenesThatIncludeIt() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.root + "/themed/theme", withIntermediateDirectories: true)
        try folder.write("themed/theme/theme.json", ##"{ "appearance": { "navigationBar": { "barTintColor": "#0B3D5C" } } }"##)
        try folder.write("themed/s.json", #"{ "include": ["theme/theme.json"], "device": "iPhone SE", "scale": 1, "root": { "navigationController": { "stack": [{ "title": "S" }] } } }"#)
        let site = PreviewSite(root: folder.root)
        let before = try scenes(site)
        #expect(before.keys.sorted() == ["a.json", "b.json", "sub/c.json", "themed/s.json"])
        #expect(PreviewSite.inputs(of: try SceneDecoder.load(path: folder.root + "/themed/s.json")).contains(URL(fileURLWithPath: folder.root + "/themed/theme/theme.json").standardizedFileURL.path))
        let url = try #require((before["themed/s.json"]?["renders"] as? [[String: Any]])?.first?["url"] as? String)
        let pngBefore = try get(site, url).body
        try folder.write("themed/theme/theme.json", ##"{ "appearance": { "navigationBar": { "barTintColor": "#5C0B3D" } } }"##)
        #expect(site.rescan() == true)
        let after = try scenes(site)
        #expect(after["themed/s.json"]?["fingerprint"] as? String != before["themed/s.json"]?["fingerprint"] as? String)
        #expect(after["a.json"]?["fingerprint"] as? String == before["a.json"]?["fingerprint"] as? String)
        let pngAfter = try get(site, try #require((after["themed/s.json"]?["renders"] as? [[String: Any]])?.first?["url"] as? String)).body
        #expect(pngAfter != pngBefore && pngAfter.starts(with: [0x89, 0x50]))
    }

    @Test func aWaitingRequestReturnsWhenTheWatcherSeesASave() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let site = PreviewSite(root: folder.root)
        site.watch(every: 0.05)
        async let generation = onThread { site.waitForChange(since: 1, seconds: 30) }
        try await Task.sleep(for: .milliseconds(200))
        try folder.write("a.json", #"{ "device": "iPhone SE", "scale": 1, "root": { "view": { "backgroundColor": "systemRed" } } }"#)
        let clock = ContinuousClock()
        let saved = clock.now
        #expect(try await generation == 2)
        #expect(clock.now - saved < .seconds(10))
    }

    @Test func theCommandTakesOneFolderAndAPort() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let c = try PreviewCommand(arguments: [folder.root, "--port", "0", "--device", "iPhone X", "--dimmed"])
        #expect(c.port == 0 && c.directory == folder.root && c.overrides.device?.name == "iPhone X")
        #expect(c.traitQuery.map { [$0.0, $0.1] } == [["device", "iPhone X"], ["dimmed", "1"]])
        #expect(try PreviewCommand(arguments: [folder.root]).port == PreviewCommand.defaultPort)
        func message(_ args: [String]) -> String? {
            do { _ = try PreviewCommand(arguments: args); return nil } catch { return error.message }
        }
        #expect(message([]) == "missing folder")
        #expect(message([folder.root, "--port", "70000"]) == "--port takes a number from 0 to 65535, found \"70000\"")
        #expect(message([folder.root + "/nope"]) == "no such folder \"\(folder.root)/nope\"")
        #expect(message([folder.root + "/a.json"]) == "\"\(folder.root)/a.json\" is a file; preview takes the folder it is in (\(folder.root))")
        #expect(message([folder.root, folder.root]) == "preview takes one folder, found \"\(folder.root)\" too")
        #expect(message([folder.root, "--prot", "1"]) == "unknown option \"--prot\"; did you mean \"--port\"?")
    }
}
