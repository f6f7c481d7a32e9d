// The HTML report is for people, so it is tested where people read it: a real browser. Headless
// Chromium loads the report from disk, runs its script, and hands back the DOM and a screenshot.
// On CI (the CI variable set) a missing Chromium fails the test; elsewhere the test is skipped.
import Foundation
import Testing
import TintypeRender
@testable import TintypeSnapshot

@Suite("HTML report")
struct ReportBrowserTests {
    /// The report folder holds everything it shows, names nothing outside itself, escapes entries,
    /// and gives the same bytes for the same entries. No browser needed.
    @Test func reportIsSelfContainedEscapedAndDeterministic() async throws {
        try await ReportFixture.withFixture { fx in
            let index = try HTMLReport.write(fx.entries, mode: .never, to: fx.root + "/report")
            #expect(index == fx.root + "/report/index.html")
            let html = try String(contentsOfFile: index, encoding: .utf8)
            let page = HTMLText(html)

            // Nothing from the network or outside the folder: every src and href is relative and exists.
            for url in page.attributeValues(["src", "href"]) {
                #expect(!url.contains("://") && !url.hasPrefix("/") && !url.hasPrefix("//"), "not self-contained: \(url)")
                if url.hasPrefix("#") { continue }
                #expect(FileManager.default.fileExists(atPath: fx.root + "/report/" + url), "missing \(url)")
            }
            #expect(!page.contains("<link") && !page.contains("@import") && !page.contains("<script src"))
            // Every artifact PNG was copied, byte for byte.
            let copies = Set(page.attributeValues(["src", "href"]).filter { $0.hasPrefix("images/") }
                .compactMap { FileManager.default.contents(atPath: fx.root + "/report/" + $0) })
            for entry in fx.entries {
                guard let a = entry.artifacts else { continue }
                for path in [a.expected, a.actual, a.diff, a.strip].compactMap({ $0 }) {
                    let data = try #require(FileManager.default.contents(atPath: path))
                    #expect(copies.contains(data), "no copy of \(path)")
                }
            }

            // Entries are text, never markup.
            #expect(!page.contains(ReportFixture.evilMarkup))
            #expect(page.contains("&lt;b id=&quot;injected&quot;&gt;"))
            #expect(!page.contains("<script>alert"))

            // No clock, no machine: the same entries give the same bytes, and images of an earlier
            // run do not linger.
            try FileManager.default.createDirectory(atPath: fx.root + "/report/images/stale", withIntermediateDirectories: true)
            _ = try HTMLReport.write(fx.entries, mode: .never, to: fx.root + "/report")
            let again = try String(contentsOfFile: index, encoding: .utf8)
            let same = again == html
            #expect(same, "a second write gave different bytes")
            #expect(!FileManager.default.fileExists(atPath: fx.root + "/report/images/stale"))
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: fx.root + "/report").sorted()
            #expect(leftovers == ["images", "index.html"], "temporary files left: \(leftovers)")
        }
    }

    @Test(.enabled(if: Chromium.path != nil || Chromium.onCI,
                   "chromium is not installed (Scripts/setup installs it); with CI set this test fails instead"),
          .timeLimit(.minutes(2)))
    func reportWorksInHeadlessChromium() async throws {
        guard let chromium = Chromium.path else {
            Issue.record("""
                chromium is not on PATH, and CI is set, so the HTML report cannot be checked in a browser. \
                Install it with Scripts/setup (Debian package 'chromium'), or unset CI to skip this test locally.
                """)
            return
        }
        try await ReportFixture.withFixture { fx in
            let index = try HTMLReport.write(fx.entries, mode: .never, to: fx.root + "/report")
            let source = try String(contentsOfFile: index, encoding: .utf8)
            let url = URL(fileURLWithPath: index).absoluteString
            let shot = fx.root + "/shot.png"

            // Three independent browser runs, started together: the page as opened, the page opened
            // in swipe view at 30%, and a screenshot.
            let clock = ContinuousClock()
            let start = clock.now
            let runs = try [
                Chromium.start(chromium, ["--dump-dom", url], work: fx.root + "/chromium-1"),
                Chromium.start(chromium, ["--dump-dom", url + "?view=swipe&swipe=30"], work: fx.root + "/chromium-2"),
                Chromium.start(chromium, ["--screenshot=\(shot)", "--window-size=1280,1400", "--hide-scrollbars",
                                          "--force-device-scale-factor=1", url], work: fx.root + "/chromium-3"),
            ]
            var results: [Chromium.Run.Result] = []
            for run in runs { results.append(await run.wait(timeout: 90)) }
            print("ReportBrowserTests: 3 chromium runs in parallel took \(clock.now - start) "
                  + "(each: \(results.map { "\($0.duration)" }.joined(separator: ", ")))")
            for r in results {
                try #require(r.status == 0 && !r.timedOut, "chromium \(r.arguments.joined(separator: " ")) \(r.timedOut ? "timed out" : "exited \(r.status)"):\n\(r.stderrTail)")
            }
            let dom = HTMLText(results[0].stdout), swiped = HTMLText(results[1].stdout)

            // The script ran: it marks the page, and sets what only it sets.
            #expect(dom.attribute("html", "data-js") == "ready", "the report's script did not run")
            for setByScript in ["data-swipe=", "data-onion=", "clip-path: inset(0px 0px 0px 50%);\"", "opacity: 0.5;\"", "data-state="] {
                #expect(!HTMLText(source).contains(setByScript), "\(setByScript) should come from the script")
            }

            // The summary.
            #expect(dom.text(id: "count-failed") == "4")
            #expect(dom.text(id: "count-recorded") == "2")
            #expect(dom.text(id: "count-passed") == "2")
            #expect(dom.text(id: "count-total") == "8")
            #expect(dom.text(id: "record-mode") == "never")
            #expect(dom.text(id: "headline") == "4 of 8 scenes failed")

            // Each failure and recording has its section, with its message and numbers.
            for (slug, status) in [("Snapshots-Basics-moved", "failed"), ("Snapshots-Layout-resized", "failed"), ("Snapshots-CI-unrecorded", "failed"),
                                   ("Broken-b-id-injected-x-b", "failed"), ("Snapshots-New-fresh", "recorded"), ("Snapshots-Basics-rerecorded", "recorded")] {
                let s = try #require(dom.section(id: "s-" + slug), "no section for \(slug)")
                #expect(s.contains("data-status=\"\(status)\""), "\(slug) is not \(status)")
            }
            let moved = try #require(dom.section(id: "s-Snapshots-Basics-moved"))
            #expect(moved.contains("does not match"))
            let movedComparison = try #require(fx.entries.first { $0.scene.hasSuffix("moved.json") }?.comparison)
            #expect(moved.number("different") == String(movedComparison.differentPixels))
            #expect(moved.number("ratio") == percent(movedComparison.differentRatio))
            #expect(moved.number("antialiased") == String(movedComparison.antialiasedPixels))
            let area = try #require(movedComparison.changedArea)
            #expect(moved.number("area") == "\(area.width)×\(area.height) at (\(area.x), \(area.y))")
            // Side by side, swipe and onion skin, switched by tabs; the script set up both ranges.
            #expect(moved.contains("data-view=\"side\""))
            for role in ["expected", "diff", "actual"] { #expect(moved.contains("data-role=\"\(role)\""), "no \(role) image") }
            #expect(moved.contains("class=\"swipe-range\"") && moved.contains("class=\"onion-range\""))
            #expect(moved.contains("role=\"tab\""))
            #expect(moved.contains("data-swipe=\"50\"") && moved.contains("data-onion=\"50\""))
            #expect(moved.contains("opacity: 0.5;\""), "the script did not set the onion skin's opacity")
            #expect(moved.contains("clip-path: inset(0px 0px 0px 50%);\""), "the script did not set the swipe clip")

            let resized = try #require(dom.section(id: "s-Snapshots-Layout-resized"))
            #expect(resized.number("size-mismatch") == "golden is 48×32, render is 40×32")
            let unrecorded = try #require(dom.section(id: "s-Snapshots-CI-unrecorded"))
            #expect(unrecorded.contains("data-role=\"actual\"") && !unrecorded.contains("swipe-range"))
            let fresh = try #require(dom.section(id: "s-Snapshots-New-fresh"))
            #expect(fresh.contains("data-role=\"recorded\""))

            // Every image the page shows loaded (from images/ in the report folder).
            let images = try #require(dom.attribute("html", "data-images").flatMap(Int.init))
            #expect(images >= 12)
            #expect(dom.attribute("html", "data-images-loaded") == String(images))
            #expect(dom.attribute("html", "data-images-broken") == "0")
            #expect(!dom.contains("data-state=\"broken\""))

            // Entries stayed text after the browser parsed them.
            #expect(!dom.contains(ReportFixture.evilMarkup) && !dom.contains("<script>alert"))

            // The passed scenes, listed last.
            let passed = try #require(dom.section(id: "passed"))
            #expect(passed.contains("Basics/same.json") && passed.contains("Basics/close.json"))
            #expect((dom.offset(of: "id=\"passed\"") ?? 0) > (dom.offset(of: "id=\"s-Snapshots-Basics-rerecorded\"") ?? .max))

            // ?view=swipe&swipe=30 switched every comparison with two layers to swipe and moved the line.
            #expect(swiped.attribute("html", "data-view-all") == "swipe")
            let movedSwiped = try #require(swiped.section(id: "s-Snapshots-Basics-moved"))
            #expect(movedSwiped.contains("data-view=\"swipe\"") && movedSwiped.contains("data-swipe=\"30\""))
            #expect(movedSwiped.contains("clip-path: inset(0px 0px 0px 30%)") && movedSwiped.contains("left: 30%"))
            #expect(movedSwiped.contains("aria-selected=\"true\" tabindex=\"0\">Swipe"))

            // The screenshot: the size asked for, not blank, and showing the images' pixels.
            let bitmap = try Bitmap(pngFile: shot)
            #expect(bitmap.width == 1280 && bitmap.height == 1400)
            var colors = Set<UInt32>()
            var boxPixels = 0
            // A screenshot is opaque, so its premultiplied BGRA bytes are the colors themselves.
            bitmap.pixels.withUnsafeBufferPointer { p in
                for i in stride(from: 0, to: p.count, by: 4) {
                    let b = Int(p[i]), g = Int(p[i + 1]), r = Int(p[i + 2])
                    colors.insert(UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b))
                    if abs(r - 0x20) <= 3, abs(g - 0x6A) <= 3, abs(b - 0xE0) <= 3 { boxPixels += 1 }
                }
            }
            #expect(colors.count > 1, "the screenshot is blank")
            #expect(colors.count > 50, "the screenshot has only \(colors.count) colors: is any text drawn?")
            #expect(boxPixels > 1000, "the scenes' blue box is not on the screenshot (\(boxPixels) pixels)")
            print("ReportBrowserTests: screenshot \(bitmap.width)×\(bitmap.height), \(colors.count) colors")
        }
    }
}

// MARK: - Fixture: real PNG artifacts from GoldenStore

private struct ReportFixture {
    var root: String
    var entries: [ReportEntry]

    static let evilMarkup = "<b id=\"injected\">x</b>"

    /// Builds goldens and renders that pass, fail (moved, resized, unrecorded, unreadable) and record.
    static func withFixture(_ body: (ReportFixture) async throws -> Void) async throws {
        let root = NSTemporaryDirectory() + "tintype-report-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        var keep = ProcessInfo.processInfo.environment["TINTYPE_KEEP_REPORT_TEST"] != nil
        defer {
            if keep { print("ReportBrowserTests: kept \(root)") } else { try? FileManager.default.removeItem(atPath: root) }
        }
        let store = GoldenStore(artifactsDirectory: root + "/artifacts")
        let goldens = root + "/Snapshots"
        func entry(_ name: String, golden: Bitmap?, actual: Bitmap, mode: RecordMode) throws -> ReportEntry {
            let path = goldens + "/" + name + ".png"
            try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                                                    withIntermediateDirectories: true)
            if let golden { try golden.writePNG(to: path) }
            let r = store.verify(actual, golden: path, name: name, mode: mode)
            return ReportEntry(scene: "Snapshots/" + name + ".json", golden: path, status: r.status, message: r.message,
                               comparison: r.comparison, artifacts: r.artifacts)
        }
        let a = box(48, 32, at: (8, 8)), moved = box(48, 32, at: (14, 10))
        var nearly = a
        nearly.pixels[0] = 0xFE   // one pixel a shade off: within the default threshold
        var entries = [
            try entry("Basics/moved", golden: a, actual: moved, mode: .never),
            try entry("Basics/same", golden: a, actual: a, mode: .never),
            try entry("Basics/close", golden: a, actual: nearly, mode: .never),
            try entry("Layout/resized", golden: a, actual: box(40, 32, at: (8, 8)), mode: .never),
            try entry("CI/unrecorded", golden: nil, actual: a, mode: .never),
            try entry("New/fresh", golden: nil, actual: moved, mode: .missing),
            try entry("Basics/rerecorded", golden: a, actual: moved, mode: .failed),
        ]
        entries.append(ReportEntry(scene: "Broken/\(evilMarkup).json", golden: goldens + "/Broken/x.png", status: .failed,
                                   message: "root.view: unknown key \"<script>alert(1)</script>\" & more"))
        let statuses = entries.map(\.status.rawValue)
        try #require(statuses == ["failed", "passed", "passed", "failed", "failed", "recorded", "recorded", "failed"],
                     "the fixture did not come out as planned: \(statuses)")
        try #require(entries[0].artifacts?.diff != nil && entries[0].comparison?.changedArea != nil)
        do { try await body(ReportFixture(root: root, entries: entries)) } catch {
            keep = true
            throw error
        }
    }

    /// A white image with one blue box: premultiplied BGRA, as Bitmap holds pixels.
    static func box(_ width: Int, _ height: Int, at origin: (x: Int, y: Int)) -> Bitmap {
        var pixels = [UInt8](repeating: 0xFF, count: width * height * 4)
        for y in origin.y..<min(height, origin.y + 14) {
            for x in origin.x..<min(width, origin.x + 20) {
                let i = (y * width + x) * 4
                pixels[i] = 0xE0; pixels[i + 1] = 0x6A; pixels[i + 2] = 0x20; pixels[i + 3] = 0xFF
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }
}

/// Serialized HTML (the report's own markup, or Chromium's --dump-dom) with small readers. A failed
/// expectation shows its size, not the whole page; a failing run keeps its folder (see the output).
private struct HTMLText: CustomTestStringConvertible {
    var html: String
    init(_ html: String) { self.html = html }
    var testDescription: String { "HTML of \(html.count) characters" }

    func contains(_ s: String) -> Bool { html.contains(s) }
    func offset(of s: String) -> Int? { html.range(of: s).map { html.distance(from: html.startIndex, to: $0.lowerBound) } }

    /// An attribute of the first element with this tag name.
    func attribute(_ tag: String, _ name: String) -> String? {
        guard let open = html.range(of: "<\(tag)"), let close = html[open.upperBound...].firstIndex(of: ">") else { return nil }
        let tagText = html[open.upperBound..<close]
        guard let r = tagText.range(of: " \(name)=\"") else { return nil }
        return tagText[r.upperBound...].firstIndex(of: "\"").map { String(tagText[r.upperBound..<$0]) }
    }

    /// The element with this id, from its start tag to the end of its section (or of the page).
    func section(id: String) -> HTMLText? {
        guard let r = html.range(of: " id=\"\(id)\"") else { return nil }
        let start = html[..<r.lowerBound].lastIndex(of: "<") ?? r.lowerBound
        let end = html[r.upperBound...].range(of: "</section>")?.upperBound ?? html.endIndex
        return HTMLText(String(html[start..<end]))
    }

    /// The text of the element with this id, tags removed.
    func text(id: String) -> String? {
        guard let r = html.range(of: " id=\"\(id)\""), let gt = html[r.upperBound...].firstIndex(of: ">"),
              let tagStart = html[..<r.lowerBound].lastIndex(of: "<") else { return nil }
        let tag = html[html.index(after: tagStart)...].prefix { $0.isLetter || $0.isNumber }
        guard let close = html[gt...].range(of: "</\(tag)>") else { return nil }
        return Self.stripTags(String(html[html.index(after: gt)..<close.lowerBound]))
    }

    /// The value shown in a section's numbers for a class (`different`, `ratio`, `area`, …).
    func number(_ cls: String) -> String? {
        guard let r = html.range(of: "class=\"num \(cls)\""), let dd = html[r.upperBound...].range(of: "<dd>"),
              let end = html[dd.upperBound...].range(of: "</dd>") else { return nil }
        return Self.stripTags(String(html[dd.upperBound..<end.lowerBound]))
    }

    static func stripTags(_ s: String) -> String {
        var out = "", inTag = false
        for c in s {
            if c == "<" { inTag = true } else if c == ">" { inTag = false } else if !inTag { out.append(c) }
        }
        return out.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Every value of these attributes, in order.
    func attributeValues(_ names: [String]) -> [String] {
        var values: [String] = []
        for name in names {
            var rest = html[...]
            while let r = rest.range(of: " \(name)=\"") {
                rest = rest[r.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                values.append(String(rest[..<end]).replacingOccurrences(of: "&amp;", with: "&"))
                rest = rest[end...]
            }
        }
        return values
    }
}

// MARK: - Headless Chromium

private enum Chromium {
    /// `chromium` on PATH, as Debian installs it.
    static let path: String? = {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return dirs.map { "\($0)/chromium" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The same reading of CI as RecordMode.fromEnvironment: set, and not 0 or false.
    static let onCI: Bool = {
        guard let ci = ProcessInfo.processInfo.environment["CI"], !ci.isEmpty else { return false }
        return ci != "0" && ci.lowercased() != "false"
    }()

    struct Run {
        var process: Process
        var arguments: [String]
        var stdoutPath: String
        var stderrPath: String
        var started: ContinuousClock.Instant

        struct Result {
            var arguments: [String]
            var status: Int32
            var timedOut: Bool
            var stdout: String
            var stderrTail: String
            var duration: Duration
        }

        /// Waits for the run without holding a thread, stopping it (its own process) after `timeout` seconds.
        func wait(timeout: Double) async -> Result {
            let deadline = started + .seconds(timeout)
            var timedOut = false
            while process.isRunning {
                if ContinuousClock.now >= deadline { timedOut = true; process.terminate(); break }
                try? await Task.sleep(for: .milliseconds(20))
            }
            process.waitUntilExit()
            let duration = ContinuousClock.now - started
            let out = (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? ""
            let err = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
            let tail = err.split(separator: "\n").suffix(15).joined(separator: "\n")
            return Result(arguments: arguments, status: process.terminationStatus, timedOut: timedOut, stdout: out,
                          stderrTail: tail, duration: duration)
        }
    }

    /// Starts headless Chromium with a profile of its own (so runs never share a lock), output to files
    /// (so a large DOM cannot fill a pipe), and the flags a container needs: no sandbox as root, no GPU,
    /// no /dev/shm reliance, and virtual time so the page's script has run before the DOM is dumped
    /// (with every compositor stage run before a screenshot is drawn, so no tile is left unpainted).
    static func start(_ chromium: String, _ arguments: [String], work: String) throws -> Run {
        try FileManager.default.createDirectory(atPath: work + "/profile", withIntermediateDirectories: true)
        let all = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                   "--no-default-browser-check", "--disable-extensions", "--user-data-dir=\(work)/profile",
                   "--virtual-time-budget=2000", "--run-all-compositor-stages-before-draw"] + arguments
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = all
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = work   // keeps ~/.config and ~/.cache out of the user's home
        process.environment = env
        _ = FileManager.default.createFile(atPath: work + "/stdout", contents: nil)
        _ = FileManager.default.createFile(atPath: work + "/stderr", contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: work + "/stdout"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: work + "/stderr"))
        process.standardInput = FileHandle.nullDevice
        let started = ContinuousClock.now
        try process.run()
        return Run(process: process, arguments: arguments, stdoutPath: work + "/stdout", stderrPath: work + "/stderr", started: started)
    }
}
