import Foundation
import Testing

/// Reporters, shards from CI variables, result bundles and their merge, as CI uses them.
@Suite struct ReporterTests {
    let cli = CLITests()
    let t = TestCommandTests()
    /// No CI variables leak in from the machine running the suite.
    static let clean: [String: String?] = ["GITHUB_ACTIONS": nil, "CI": nil, "TINTYPE_RECORD": nil, "CI_NODE_INDEX": nil, "CI_NODE_TOTAL": nil,
                                           "CIRCLE_NODE_INDEX": nil, "CIRCLE_NODE_TOTAL": nil, "BUILDKITE_PARALLEL_JOB": nil,
                                           "BUILDKITE_PARALLEL_JOB_COUNT": nil, "JOB_COMPLETION_INDEX": nil, "TINTYPE_SHARD_COUNT": nil]
    func env(_ extra: [String: String?] = [:]) -> [String: String?] { Self.clean.merging(extra) { $1 } }

    /// A recorded suite of `n` scenes, one of them then changed so that it fails, and one broken.
    func failingSuite() throws -> String {
        let dir = try t.suite(["A/red": "systemRed", "A/blue": "systemBlue", "B/green": "systemGreen", "B/gray": "systemGray"])
        _ = try cli.run(["test", "--record", "missing"], in: dir, environment: env())
        try #"{ "device": "iPhone SE", "scale": 1, "statusBar": { "hidden": true }, "root": { "view": { "backgroundColor": "systemOrange" } } }"#
            .write(toFile: dir + "/Snapshots/A/red.json", atomically: true, encoding: .utf8)
        try "{ \"device\": \"iPhone SE\",\n  \"scale\": 1,\n  \"root\": { \"view\": { \"backgroundColor\": \"#12G\" } } }"
            .write(toFile: dir + "/Snapshots/B/gray.json", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func listPrintsALinePerSceneWhenNotATerminal() throws {
        let dir = try failingSuite()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try cli.run(["test"], in: dir, environment: env())
        #expect(r.status == 1)
        let lines = r.out.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("ok       Snapshots/") }.count == 2, "\(r.out)")
        #expect(lines.filter { $0.hasPrefix("FAILED   Snapshots/") }.count == 2, "\(r.out)")
        #expect(lines.last == "2 passed, 2 failed, 0 skipped, 0 recorded")
        #expect(!r.out.contains("\u{1B}"), "no terminal control codes in a log")
    }

    @Test func dotReporter() throws {
        let dir = try failingSuite()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try cli.run(["test", "--reporter", "dot"], in: dir, environment: env())
        let first = r.out.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.count == 4 && first.filter { $0 == "." }.count == 2 && first.filter { $0 == "F" }.count == 2, "\(r.out)")
        #expect(!r.out.contains("ok       "))
    }

    @Test func junitHasATestCasePerSceneWithFailures() throws {
        let dir = try failingSuite()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try cli.run(["test", "--junit", "out/junit.xml"], in: dir, environment: env())
        #expect(r.status == 1)
        let xml = try String(contentsOfFile: dir + "/out/junit.xml", encoding: .utf8)
        #expect(!FileManager.default.fileExists(atPath: dir + "/out/junit.xml.partial"), "the spool is removed once the file is written")
        #expect(xml.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        #expect(xml.contains(#"<testsuites name="tintype" tests="4" failures="2" errors="0" skipped="0""#), "\(xml)")
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 4)
        #expect(xml.contains(#"<testcase classname="Snapshots/A" name="blue.png" file="Snapshots/A/blue.json""#), "\(xml)")
        #expect(xml.contains(#"<failure type="snapshot mismatch" message="Snapshots/B/gray.json:3:42: root.backgroundColor: bad color &quot;#12G&quot;"#), "\(xml)")
        #expect(xml.contains("/.build/tintype-artifacts/Snapshots/A/red.actual.png"), "\(xml)")
        // Well-formed: Python's XML parser reads it (an independent check).
        let py = Process()
        py.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        py.arguments = ["-c", "import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); print(len(list(r.iter('testcase'))))", dir + "/out/junit.xml"]
        let pipe = Pipe(); py.standardOutput = pipe
        try py.run(); py.waitUntilExit()
        #expect(py.terminationStatus == 0)
        #expect(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "4\n")
    }

    @Test func githubAnnotationsUnderGitHubActions() throws {
        let dir = try failingSuite()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try cli.run(["test"], in: dir, environment: env(["GITHUB_ACTIONS": "true"]))
        #expect(r.out.contains("::error file=Snapshots/B/gray.json,line=3,col=42,title=Snapshot failed::root.backgroundColor: bad color \"#12G\""), "\(r.out)")
        // A render that differs points at the scene's root (line 1 of red.json, at its value's brace).
        let red = try String(contentsOfFile: dir + "/Snapshots/A/red.json", encoding: .utf8)
        let column = red.distance(from: red.startIndex, to: red.range(of: #""root": "#)!.upperBound) + 1
        #expect(r.out.contains("::error file=Snapshots/A/red.json,line=1,col=\(column),title=Snapshot failed::"), "\(r.out)")
        #expect(r.out.contains("%0Aactual: ") && r.out.contains("/.build/tintype-artifacts/Snapshots/A/red.actual.png"), "\(r.out)")
        let plain = try cli.run(["test"], in: dir, environment: env())
        #expect(!plain.out.contains("::error"))
        // Run from the folder as `tintype test .`: files as GitHub matches them, without "./".
        let here = try cli.run(["test", "."], in: dir + "/Snapshots", environment: env(["GITHUB_ACTIONS": "true"]))
        #expect(here.out.contains("::error file=A/red.json,line=1,col=\(column),"), "\(here.out)")
        #expect(here.out.contains("::error file=B/gray.json,line=3,col=42,"), "\(here.out)")
        #expect(!here.out.contains("file=./"), "\(here.out)")
    }

    @Test func jsonToStandardOutput() throws {
        let dir = try failingSuite()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try cli.run(["test", "--reporter", "json"], in: dir, environment: env())
        let object = try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any]
        let counts = object?["counts"] as? [String: Int]
        #expect(counts?["passed"] == 2 && counts?["failed"] == 2, "\(r.out)")
        #expect((object?["entries"] as? [[String: Any]])?.count == 4)
        #expect(r.stderr.contains("2 passed, 2 failed"), "the text goes to standard error: \(r.stderr)")
    }

    @Test func reporterNamesAreChecked() throws {
        let r = try cli.run(["test", "--reporter", "list,junti"], environment: env())
        #expect(r.status == 64)
        #expect(r.stderr.contains("did you mean \"junit\"?"), "\(r.stderr)")
    }

    @Test func shardAutoReadsEachCISystem() throws {
        let dir = try t.suite(["a": "systemRed", "b": "systemBlue", "c": "systemGreen", "d": "systemGray"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try cli.run(["test", "--record", "missing"], in: dir, environment: env())
        for (vars, shard) in [(["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "2"], "2/2 (from CI_NODE_INDEX/CI_NODE_TOTAL)"),
                              (["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "4"], "1/4 (from CIRCLE_NODE_INDEX/CIRCLE_NODE_TOTAL)"),
                              (["BUILDKITE_PARALLEL_JOB": "1", "BUILDKITE_PARALLEL_JOB_COUNT": "3"], "2/3 (from BUILDKITE_PARALLEL_JOB/BUILDKITE_PARALLEL_JOB_COUNT)"),
                              (["JOB_COMPLETION_INDEX": "3", "TINTYPE_SHARD_COUNT": "4"], "4/4 (from JOB_COMPLETION_INDEX/TINTYPE_SHARD_COUNT)")] {
            let r = try cli.run(["test", "--shard", "auto"], in: dir, environment: env(vars))
            #expect(r.status == 0, "\(vars): \(r.stderr)")
            #expect(r.stderr.contains("Shard " + shard), "\(vars): \(r.stderr)")
            let ran = Int(r.out.split(separator: "\n").last!.split(separator: " ")[0])!
            let count = Int(shard.split(separator: "/")[1].split(separator: " ")[0])!
            #expect(ran == (4 + count - Int(shard.split(separator: "/")[0])!) / count, "\(vars): \(r.out)")
        }
        let none = try cli.run(["test", "--shard", "auto"], in: dir, environment: env())
        #expect(none.status == 0 && none.out.hasSuffix("4 passed, 0 failed, 0 skipped, 0 recorded\n"), "no CI split: every scene runs")
        let half = try cli.run(["test", "--shard", "auto"], in: dir, environment: env(["JOB_COMPLETION_INDEX": "1"]))
        #expect(half.status == 64 && half.stderr.contains("no TINTYPE_SHARD_COUNT"), "\(half.stderr)")
        let bad = try cli.run(["test", "--shard", "auto"], in: dir, environment: env(["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "2"]))
        #expect(bad.status == 64 && bad.stderr.contains("outside 1...2"), "\(bad.stderr)")
    }

    /// A merged report says the mode each shard ran in (it said never for all), and keeps each
    /// failure's numbers (it dropped them: the shard's comparison was not carried in results.json).
    @Test func aMergedReportKeepsRecordModesAndTheFailuresNumbers() throws {
        let dir = try failingSuite()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let modes = ["missing", "never", "never"]
        for i in 1...3 {
            _ = try cli.run(["test", "--shard", "\(i)/3", "--record", modes[i - 1], "--bundle", "bundles/shard-\(i)"], in: dir, environment: env())
        }
        _ = try cli.run(["report", "merge", "bundles", "-o", "report"], in: dir, environment: env())
        let html = try String(contentsOfFile: dir + "/report/index.html", encoding: .utf8)
        #expect(html.contains("<code id=\"record-mode\">never in 2 shards, missing in 1 shard</code>"), "\(html)")
        // The red scene's failure: the same "N pixels differ (P%)" line as the shard's own report.
        let results = try String(contentsOfFile: dir + "/report/results.json", encoding: .utf8)
        #expect(results.contains("\"verdict\" : \"different\"") && results.contains("\"width\" : 320"), "\(results)")
        #expect(!results.contains("\"recordMode\""), "shards of different modes leave the merged mode unset")
        #expect(html.contains("<span class=\"toc-num\">"), "the failure's share of pixels in the list of failures: \(html)")

        // Shards of one mode: that mode.
        try FileManager.default.removeItem(atPath: dir + "/bundles")
        for i in 1...2 { _ = try cli.run(["test", "--shard", "\(i)/2", "--record", "never", "--bundle", "bundles/s\(i)"], in: dir, environment: env()) }
        _ = try cli.run(["report", "merge", "bundles", "-o", "report"], in: dir, environment: env())
        let one = try String(contentsOfFile: dir + "/report/index.html", encoding: .utf8)
        #expect(one.contains("<code id=\"record-mode\">never</code>"), "\(one)")
        #expect(try String(contentsOfFile: dir + "/report/results.json", encoding: .utf8).contains("\"recordMode\" : \"never\""))
    }

    /// The README's sharded CI set-up, run here: three shards write bundles, one merge joins them
    /// into one HTML report and one JUnit file, and the report opens in headless Chromium.
    @Test func shardsMergeIntoOneReport() throws {
        let dir = try failingSuite()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for i in 1...3 {
            let r = try cli.run(["test", "--shard", "\(i)/3", "--bundle", "bundles/shard-\(i)"], in: dir, environment: env())
            #expect(r.out.contains("Bundle: bundles/shard-\(i)"), "\(r.out)")
        }
        // As CI downloads them: the artifacts folder of each shard is gone from the machine.
        try FileManager.default.removeItem(atPath: dir + "/.build")
        let r = try cli.run(["report", "merge", "bundles", "-o", "report"], in: dir, environment: env())
        #expect(r.status == 1, "a merged run with failures fails: \(r.stderr)")
        #expect(r.out.contains("Merged 3 bundles: 4 scenes"), "\(r.out)")
        #expect(r.out.hasSuffix("2 passed, 2 failed, 0 skipped, 0 recorded\n"), "\(r.out)")
        let xml = try String(contentsOfFile: dir + "/report/junit.xml", encoding: .utf8)
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 4)
        let html = try String(contentsOfFile: dir + "/report/index.html", encoding: .utf8)
        #expect(html.contains("Snapshots/A/red.json") && html.contains("Snapshots/A/blue.json"))
        let images = try FileManager.default.subpathsOfDirectory(atPath: dir + "/report/images")
        #expect(images.contains { $0.hasSuffix("diff.png") }, "the failure's images were copied from its bundle: \(images)")
        // The same scene in two bundles is refused.
        try FileManager.default.copyItem(atPath: dir + "/bundles/shard-1", toPath: dir + "/bundles/again")
        let twice = try cli.run(["report", "merge", "bundles", "-o", "report2"], in: dir, environment: env())
        #expect(twice.status == 1 && twice.stderr.contains("were bundles of different runs mixed?"), "\(twice.stderr)")

        guard let chromium = HeadlessChromium.path else {
            #expect(!HeadlessChromium.onCI, "chromium is not installed (Scripts/setup installs it)")
            return
        }
        let dom = try HeadlessChromium.dumpDOM(chromium, url: "file://" + dir + "/report/index.html", work: dir + "/chromium")
        #expect(dom.contains("Snapshots/A/red.json"), "the merged report renders in Chromium")
        #expect(dom.contains("<img"), "with its images")
    }
}

/// Headless Chromium, for pages the command line writes or serves.
enum HeadlessChromium {
    static let path: String? = {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return dirs.map { "\($0)/chromium" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static let onCI: Bool = {
        guard let ci = ProcessInfo.processInfo.environment["CI"], !ci.isEmpty else { return false }
        return ci != "0" && ci.lowercased() != "false"
    }()

    /// The page's DOM after its scripts ran (virtual time), from a profile of its own.
    static func dumpDOM(_ chromium: String, url: String, work: String, budgetMilliseconds: Int = 3000, timeout: Double = 120) throws -> String {
        try FileManager.default.createDirectory(atPath: work + "/profile", withIntermediateDirectories: true)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: chromium)
        p.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                       "--no-default-browser-check", "--disable-extensions", "--user-data-dir=\(work)/profile",
                       "--virtual-time-budget=\(budgetMilliseconds)", "--dump-dom", url]
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = work
        p.environment = env
        let outPath = work + "/dom.html"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        p.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let deadline = Date().addingTimeInterval(timeout)
        while p.isRunning && Date() < deadline { usleep(20_000) }
        if p.isRunning { p.terminate() }
        p.waitUntilExit()
        return (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
    }
}
