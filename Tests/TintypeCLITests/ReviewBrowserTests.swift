// `tintype review` as a user meets it: a suite recorded, changed, run under CI (nothing recorded),
// then the review page served by the built binary and used in headless Chromium with the keyboard
// and the mouse: the loupe, the regions, the views, approve, reject, undo, a whole scene, and an
// approval refused because the folder changed under the page. Without Chromium on PATH the browser
// part is skipped (Scripts/setup installs it); on CI that is a failure.
import Foundation
import Testing

@Suite(.serialized) struct ReviewBrowserTests {
    let cli = CLITests()

    static let card = #"""
    { "device": "iPhone SE", "scale": 1, "root": { "view": { "backgroundColor": "#FFFFFF", "subviews": [
      { "label": { "id": "title", "text": "Hello", "font": { "size": 17 }, "frame": [20, 40, 200, 30] } } ] } } }
    """#
    static let two = #"""
    { "devices": ["iPhone SE", "iPhone 8"], "scale": 1, "root": { "view": { "backgroundColor": "#FFFFFF", "subviews": [
      { "view": { "backgroundColor": "#FF3B30", "frame": [20, 200, 10, 10] } } ] } } }
    """#

    /// A suite recorded, then changed: card's text and font, both variants of two's box, old.json
    /// renamed to renamed.json, fresh.json new. The run under CI fails and records nothing.
    func project() throws -> String {
        let dir = NSTemporaryDirectory() + "tintype-review-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir + "/Snapshots/A", withIntermediateDirectories: true)
        func write(_ relative: String, _ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + relative)) }
        try write("Snapshots/A/card.json", Self.card)
        try write("Snapshots/A/two.json", Self.two)
        try write("Snapshots/A/old.json", #"{ "device": "iPhone SE", "scale": 1, "root": { "view": { "backgroundColor": "systemBlue" } } }"#)
        let recorded = try cli.run(["test", "Snapshots", "--record", "missing"], in: dir, environment: ["CI": nil, "TINTYPE_RECORD": nil])
        #expect(recorded.out.contains("4 recorded"), "\(recorded.out)\(recorded.stderr)")
        try write("Snapshots/A/card.json", Self.card.replacingOccurrences(of: "\"size\": 17", with: "\"size\": 22")
            .replacingOccurrences(of: "Hello", with: "Hello there"))
        try write("Snapshots/A/two.json", Self.two.replacingOccurrences(of: "#FF3B30", with: "#34C759"))
        try FileManager.default.moveItem(atPath: dir + "/Snapshots/A/old.json", toPath: dir + "/Snapshots/A/renamed.json")
        try write("Snapshots/A/fresh.json", #"{ "device": "iPhone SE", "scale": 1, "root": { "view": { "backgroundColor": "systemRed" } } }"#)
        let run = try cli.run(["test", "Snapshots"], in: dir, environment: ["CI": "true", "TINTYPE_RECORD": nil])
        #expect(run.status == 1 && run.out.contains("0 passed, 5 failed"), "\(run.out)\(run.stderr)")
        #expect(run.out.contains("Review: tintype review\n"), "\(run.out)")
        return dir
    }

    /// The review binary serving the project's last run on a free port.
    final class Server {
        let process = Process()
        let port: Int
        let out: String

        init(_ dir: String, _ extra: [String] = []) throws {
            out = dir + "/../" + (dir as NSString).lastPathComponent + ".review-out"
            _ = FileManager.default.createFile(atPath: out, contents: nil)
            process.executableURL = URL(fileURLWithPath: CLITests.binary)
            process.arguments = ["review", "--port", "0", "--log"] + extra
            process.currentDirectoryURL = URL(fileURLWithPath: dir)
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
            process.standardInput = FileHandle.nullDevice
            try process.run()
            guard let found = RawHTTP.port(printedIn: out, by: process) else {
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                throw DevToolsPipe.Failure("the review did not print its address: \((try? String(contentsOfFile: out, encoding: .utf8)) ?? "")")
            }
            port = found
        }

        var log: String { (try? String(contentsOfFile: out, encoding: .utf8)) ?? "" }

        func stop() {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            try? FileManager.default.removeItem(atPath: out)
        }

        /// Sends `raw` and reads the status and body.
        func send(_ raw: String) throws -> (status: Int, body: String) {
            let response = try RawHTTP.exchange(port: Int(port), raw)
            let text = String(decoding: response, as: UTF8.self)
            let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
            return (status, text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n"))
        }
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test(.timeLimit(.minutes(2)))
    func theServerRefusesWhatIsNotThePagesOwn() throws {
        let dir = try project()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let server = try Server(dir)
        defer { server.stop() }
        let host = "Host: 127.0.0.1:\(server.port)\r\n"
        let card = try #require(bytes(dir + "/Snapshots/A/card.png"))
        // A decision without the page's header (a form of another site), or from another origin.
        #expect(try server.send("POST /api/decide?decision=approved&ids=0 HTTP/1.1\r\n\(host)Content-Length: 0\r\n\r\n").status == 403)
        let foreign = "POST /api/decide?decision=approved&ids=0 HTTP/1.1\r\n\(host)X-Tintype-Review: 1\r\nOrigin: http://evil.example\r\n\r\n"
        #expect(try server.send(foreign).status == 403)
        #expect(bytes(dir + "/Snapshots/A/card.png") == card, "nothing was written")
        // Paths: only images by number and role.
        #expect(try server.send("GET /image/0/../../../../etc/passwd HTTP/1.1\r\n\(host)\r\n").status == 400)
        #expect(try server.send("GET /image/0/%2e%2e%2f%2e%2e%2fetc%2fpasswd HTTP/1.1\r\n\(host)\r\n").status == 400)
        #expect(try server.send("GET /image/99/actual HTTP/1.1\r\n\(host)\r\n").status == 404)
        #expect(try server.send("GET /image/0/golden HTTP/1.1\r\n\(host)\r\n").status == 404)
        #expect(try server.send("GET /etc/passwd HTTP/1.1\r\n\(host)\r\n").status == 404)
        #expect(try server.send("GET / HTTP/1.1\r\nHost: attacker.example\r\n\r\n").status == 400)
        #expect(try server.send("PUT /api/decide HTTP/1.1\r\n\(host)\r\n").status == 405)
        #expect(try server.send("GET /image/0/actual HTTP/1.1\r\n\(host)\r\n").status == 200)

        // The page's own request approves; the same approval again (a second page) is refused.
        let own = "POST /api/decide?decision=approved&ids=0&seen=0:0 HTTP/1.1\r\n\(host)X-Tintype-Review: 1\r\nOrigin: http://127.0.0.1:\(server.port)\r\n\r\n"
        #expect(try server.send(own).status == 200)
        let again = try server.send(own)
        #expect(again.status == 409 && again.body.contains("approved meanwhile"), "\(again.body)")
        #expect(bytes(dir + "/Snapshots/A/card.png") != card)
    }

    /// --git stages what an approval writes, and what its undo puts back.
    @Test(.timeLimit(.minutes(2)))
    func gitStagesApprovedGoldens() throws {
        let dir = try project()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func git(_ args: [String]) throws -> String {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"] + args
            p.currentDirectoryURL = URL(fileURLWithPath: dir)
            let out = Pipe()
            p.standardOutput = out
            p.standardError = FileHandle.nullDevice
            try p.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        _ = try git(["init", "-q"])
        _ = try git(["add", "Snapshots"])
        _ = try git(["commit", "-q", "-m", "goldens"])
        let server = try Server(dir, ["--git"])
        defer { server.stop() }
        let host = "Host: 127.0.0.1:\(server.port)\r\nX-Tintype-Review: 1\r\n"
        #expect(try server.send("POST /api/decide?decision=approved&ids=0 HTTP/1.1\r\n\(host)\r\n").status == 200)
        #expect(try git(["diff", "--cached", "--name-only"]) == "Snapshots/A/card.png\n")
        #expect(try server.send("POST /api/undo?id=0 HTTP/1.1\r\n\(host)\r\n").status == 200)
        #expect(try git(["diff", "--cached", "--name-only"]) == "", "the undo staged the old bytes back")
    }

    @Test func aBundleFromAnotherVersionAndBadOptionsAreClearErrors() throws {
        let dir = try project()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let results = dir + "/.build/tintype-artifacts/results.json"
        let text = try String(contentsOfFile: results, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"tool\" : \"", with: "\"tool\" : \"0.0.9-").utf8).write(to: URL(fileURLWithPath: results))
        let r = try cli.run(["review", "--port", "0"], in: dir)
        #expect(r.status == 1 && r.stderr.contains("was written by tintype 0.0.9-"), "\(r.stderr)")
        #expect(r.stderr.contains("Run 'tintype test' again with this one"), "\(r.stderr)")
        #expect(try cli.run(["review", "--host", "everywhere"], in: dir).status == 64)
        let none = try cli.run(["review", "nowhere"], in: dir)
        #expect(none.status == 64 && none.stderr.contains("no such folder \"nowhere\""), "\(none.stderr)")
    }

    @Test(.enabled(if: HeadlessChromium.path != nil || HeadlessChromium.onCI, "chromium is not installed; Scripts/setup installs it"),
          .timeLimit(.minutes(4)))
    func approveRejectUndoKeyboardAndLoupeInChromium() throws {
        let chromium = try #require(HeadlessChromium.path, "chromium is not installed (Scripts/setup installs it)")
        let dir = try project()
        let server = try Server(dir)
        let browser = try DevToolsPipe(chromium: chromium, work: dir + ".chromium")
        var keep = false
        defer {
            browser.stop(); server.stop()
            if keep { print("ReviewBrowserTests: kept \(dir)\n\(server.log)") } else { try? FileManager.default.removeItem(atPath: dir) }
            try? FileManager.default.removeItem(atPath: dir + ".chromium")
        }
        keep = true
        let art = dir + "/.build/tintype-artifacts/Snapshots/A/"
        let card = dir + "/Snapshots/A/card.png"
        let cardBefore = try #require(bytes(card))

        try browser.navigate("http://127.0.0.1:\(server.port)/")
        try browser.wait(for: "document.documentElement.dataset.js === 'ready'")
        #expect(try browser.string("document.documentElement.dataset.items") == "5")
        #expect(try browser.string("document.querySelector('#summary').textContent") == "3 changed · 1 new · 1 renamed")
        // Largest change first: the card's text grew; the two variants of two.json follow (the smaller screen's share is larger).
        #expect(try browser.string("[...document.querySelectorAll('nav li .name')].map(e => e.textContent).join('|')")
                == "Snapshots/A/card.json|Snapshots/A/two.json [iPhone SE]|Snapshots/A/two.json [iPhone 8]|Snapshots/A/fresh.json|Snapshots/A/renamed.json")
        #expect(try browser.string("document.documentElement.dataset.current") == "0")
        // The explanation beside the image.
        let why = try browser.string("document.querySelector('#why').textContent")
        #expect(why.hasPrefix("Snapshots/A/card.png does not match: ") && why.contains("\nWhy:\n"), "the numbers, then the explanation: \(why)")
        #expect(why.contains("text \"Hello\" → \"Hello there\"") && why.contains("font Inter regular 17"), "\(why)")
        try browser.wait(for: "[...document.querySelectorAll('#viewer img')].every(i => i.dataset.state === 'loaded')")
        #expect(try browser.string("document.querySelector('#viewer img[data-role=actual]').dataset.pixels") == "320x568")

        // The changed regions are listed (the images move down once they are).
        try browser.wait(for: "document.documentElement.dataset.regions === '1'")

        // The loupe follows the pointer in both images: the pointer over the render's center shows
        // the same pixel in the golden's loupe too.
        let c = try browser.center("#viewer [data-pane=actual] img")
        try browser.moveMouse(x: c.x, y: c.y)
        try browser.wait(for: "document.documentElement.dataset.loupe")
        let pixel = try browser.string("document.documentElement.dataset.loupe").split(separator: ",").compactMap { Int($0) }
        #expect(pixel.count == 2 && abs(pixel[0] - 160) <= 1 && abs(pixel[1] - 284) <= 1, "\(pixel)")
        let loupes = try browser.string("[...document.querySelectorAll('#viewer .loupe')].map(l => getComputedStyle(l).display + ' ' + "
                                        + "l.style.backgroundImage.includes('/image/0/')).join('|')")
        #expect(loupes == "block true|block true|block true", "\(loupes)")

        // The changed region: n jumps to its box.
        try browser.press("n")
        try browser.wait(for: "document.documentElement.dataset.region === '0'")
        #expect(try browser.string("document.querySelectorAll('#viewer .box[data-active=true]').length") == "3")

        // Views: flicker alternates the two images; swipe and onion skin keep both.
        try browser.press("4")
        #expect(try browser.string("document.documentElement.dataset.mode") == "flicker")
        let first = try browser.string("document.documentElement.dataset.flicker")
        try browser.wait(for: "document.documentElement.dataset.flicker !== '\(first)'", timeout: 5)
        try browser.press("2")
        #expect(try browser.string("document.querySelector('#viewer img.top').style.clipPath") == "inset(0px 0px 0px 50%)")
        try browser.press("3")
        #expect(try browser.string("document.querySelector('#viewer img.top').style.opacity") == "0.5")
        try browser.press("1")

        // a approves: the golden is the render, byte for byte, and the page moves on.
        try browser.press("a")
        try browser.wait(for: "document.querySelector('#item-0').dataset.decision === 'approved'")
        #expect(bytes(card) == bytes(art + "card.actual.png"))
        #expect(try browser.string("document.documentElement.dataset.current") == "1")
        // k goes back, u puts the old golden back.
        try browser.press("k")
        try browser.press("u")
        try browser.wait(for: "document.querySelector('#item-0').dataset.decision === 'pending'")
        #expect(bytes(card) == cardBefore)
        // r rejects: nothing written.
        try browser.press("r")
        try browser.wait(for: "document.querySelector('#item-0').dataset.decision === 'rejected'")
        #expect(bytes(card) == cardBefore)

        // A approves the whole scene: both variants of two.json.
        try browser.wait(for: "document.documentElement.dataset.current === '1'")
        try browser.press("A")
        try browser.wait(for: "document.querySelector('#item-1').dataset.decision === 'approved' && "
                         + "document.querySelector('#item-2').dataset.decision === 'approved'")
        #expect(bytes(dir + "/Snapshots/A/two.iphone-se.png") == bytes(art + "two.iphone-se.actual.png"))
        #expect(bytes(dir + "/Snapshots/A/two.iphone-8.png") == bytes(art + "two.iphone-8.actual.png"))

        // The folder changes under the page (a scene saved): the next approval is refused, in words.
        try Data(Self.card.utf8).write(to: URL(fileURLWithPath: dir + "/Snapshots/A/card.json"))
        let fresh = try browser.center("#item-3")
        try browser.click(x: fresh.x, y: fresh.y)
        try browser.wait(for: "document.documentElement.dataset.current === '3'")
        let approve = try browser.center("#approve")
        try browser.click(x: approve.x, y: approve.y)
        try browser.wait(for: "document.querySelector('#banner').textContent !== ''")
        let banner = try browser.string("document.querySelector('#banner').textContent")
        #expect(banner.contains("Snapshots/A changed since the run (Snapshots/A/card.json was changed)") && banner.contains("Run 'tintype test' again"),
                "\(banner)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/Snapshots/A/fresh.png"))
        #expect(try browser.string("document.querySelector('#item-3').dataset.decision") == "pending")

        // The scene put back as the run left it, "Approve all shown" with a filter approves only what
        // the filter shows: the renamed scene, whose golden moves to its new name.
        try Data(Self.card.replacingOccurrences(of: "\"size\": 17", with: "\"size\": 22").replacingOccurrences(of: "Hello", with: "Hello there").utf8)
            .write(to: URL(fileURLWithPath: dir + "/Snapshots/A/card.json"))
        let filter = try browser.center("#filter")
        try browser.click(x: filter.x, y: filter.y)
        try browser.call("Input.insertText", ["text": "renamed"])
        try browser.wait(for: "document.querySelectorAll('nav li').length === 1")
        let all = try browser.center("#approve-shown")
        try browser.click(x: all.x, y: all.y)
        try browser.wait(for: "document.querySelector('#item-4').dataset.decision === 'approved'")
        #expect(try browser.string("document.querySelector('#banner').textContent") == "")
        #expect(!FileManager.default.fileExists(atPath: dir + "/Snapshots/A/old.png"))
        #expect(bytes(dir + "/Snapshots/A/renamed.png") == bytes(art + "renamed.actual.png"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/Snapshots/A/fresh.png"), "the new scene was not shown, so not approved")
        keep = false
    }
}
