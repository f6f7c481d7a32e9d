// Why JUnit XML: it is the one test result format every CI server reads (GitHub via actions,
// GitLab's artifacts:reports:junit, Jenkins, CircleCI's store_test_results, Buildkite's test
// analytics). One test case per scene and variant; a failure carries the message and the paths
// of its artifacts, so the CI page says where to look.
import Foundation
import TintypeModel
import TintypeRender

/// JUnit XML for a run's results.
///
/// ```swift
/// let xml = JUnitReport.xml(results)   // <testsuites …><testsuite name="Snapshots/Basics" …>
/// ```
public enum JUnitReport {
    /// One `<testsuite>` per folder of scenes, one `<testcase>` per entry: `classname` is the scene's
    /// folder, `name` its golden's file name (which names the variant), `file` the scene.
    /// A recorded golden is a failure too (recording never passes), with its own type.
    public static func xml(_ results: RunResults, name: String = "tintype") -> String {
        xml(results, name: name) { _ in nil }
    }

    /// The same XML, taking the test cases of entry `i` from `spooled(i)` when it has them.
    static func xml(_ results: RunResults, name: String, spooled: (Int) -> String?) -> String {
        var suites: [(folder: String, entries: [RunResults.Entry], indices: [Int])] = []
        var suiteOf: [String: Int] = [:]
        for (k, e) in results.entries.enumerated() {
            let folder = (e.scene as NSString).deletingLastPathComponent
            if let i = suiteOf[folder] {
                suites[i].entries.append(e); suites[i].indices.append(k)
            } else {
                suiteOf[folder] = suites.count
                suites.append((folder, [e], [k]))
            }
        }
        func time(_ entries: [RunResults.Entry]) -> String { String(format: "%.3f", entries.compactMap(\.duration).reduce(0, +)) }
        // An audited variant with findings that fail (errors, warnings) is a test case of its own.
        func audits(_ entries: [RunResults.Entry]) -> Int { entries.filter { failingFindings($0) > 0 }.count }
        func tests(_ entries: [RunResults.Entry]) -> Int { entries.count + audits(entries) }
        func failures(_ entries: [RunResults.Entry]) -> Int { entries.filter { $0.status != .passed }.count + audits(entries) }
        var s = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        s += #"<testsuites name="\#(escape(name))" tests="\#(tests(results.entries))" failures="\#(failures(results.entries))" errors="0" "#
            + #"skipped="\#(results.counts.skipped)" time="\#(time(results.entries))">"# + "\n"
        for suite in suites {
            s += #"  <testsuite name="\#(escape(suite.folder))" tests="\#(tests(suite.entries))" failures="\#(failures(suite.entries))" errors="0" "#
                + #"skipped="0" time="\#(time(suite.entries))">"# + "\n"
            for (e, k) in zip(suite.entries, suite.indices) { s += spooled(k) ?? testcases(e, folder: suite.folder) }
            s += "  </testsuite>\n"
        }
        s += "</testsuites>\n"
        return s
    }

    /// The `<testcase>` of one entry (and a second for its failing audit findings), as lines of the
    /// `<testsuite>` of its folder: what `xml` writes for it, and what `JUnitSpool` writes as soon
    /// as the entry is done.
    public static func testcases(_ e: RunResults.Entry, folder: String) -> String {
        var s = ""
        let caseName = (e.golden as NSString).lastPathComponent
        s += #"    <testcase classname="\#(escape(folder))" name="\#(escape(caseName))" file="\#(escape(e.scene))" "#
            + #"time="\#(String(format: "%.3f", e.duration ?? 0))""#
        switch e.status {
        case .passed:
            s += "/>\n"
        case .failed, .recorded:
            let type = e.status == .failed ? "snapshot mismatch" : "golden recorded"
            let firstLine = e.message.split(separator: "\n").first.map(String.init) ?? e.message
            var body = e.message
            let paths = [("expected", e.expected), ("actual", e.actual), ("diff", e.diff), ("strip", e.strip)].compactMap { n, p in p.map { "\(n): \($0)" } }
            if !paths.isEmpty { body += "\n" + paths.joined(separator: "\n") }
            s += ">\n"
            s += #"      <failure type="\#(type)" message="\#(escape(firstLine))">\#(escape(body))</failure>"# + "\n"
            // Jenkins and GitLab show attachments named this way beside the failure.
            let attachments = [e.actual, e.diff, e.strip].compactMap { $0 }.map { "[[ATTACHMENT|\(escape($0))]]" }
            if !attachments.isEmpty { s += "      <system-out>" + attachments.joined(separator: "&#10;") + "</system-out>\n" }
            s += "    </testcase>\n"
        }
        let failing = failingFindings(e)
        if failing > 0 {
            let findings = e.findings ?? []
            s += #"    <testcase classname="\#(escape(folder))" name="\#(escape(caseName)) audit" file="\#(escape(e.scene))" time="0.000">"# + "\n"
            let first = "\(failing) audit \(failing == 1 ? "finding" : "findings"): " + (findings.first.map { "\($0.rule) \($0.path): \($0.message)" } ?? "")
            var body = findings.map { "\($0.severity) \($0.rule) \($0.path)\($0.location.map { " (\($0))" } ?? ""): \($0.message)" }.joined(separator: "\n")
            if let o = e.auditOverlay { body += "\noverlay: \(o)" }
            s += #"      <failure type="audit" message="\#(escape(first))">\#(escape(body))</failure>"# + "\n"
            if let o = e.auditOverlay { s += "      <system-out>[[ATTACHMENT|\(escape(o))]]</system-out>\n" }
            s += "    </testcase>\n"
        }
        return s
    }

    /// Findings of an entry that fail a run: errors and warnings (notes are shown, never failing).
    static func failingFindings(_ e: RunResults.Entry) -> Int {
        (e.findings ?? []).filter { $0.severity != AuditSeverity.info.rawValue }.count
    }

    /// XML text and attribute escaping; control characters XML 1.0 cannot hold become spaces.
    static func escape(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            default: out.unicodeScalars.append(u.value < 0x20 ? " " : u)
            }
        }
        return out
    }
}

/// JUnit XML written as a run goes: each entry's test cases are appended to a spool file beside the
/// JUnit file (`junit.xml.partial`) as soon as the entry is done, so that a long run's results are
/// on disk while it runs (and stay there should it be stopped), and never only in memory. `finish`
/// then writes the JUnit file from the spool, in the order and with the totals `JUnitReport.xml`
/// gives (a test case whose entry changed since it was spooled is written anew), and removes the spool.
public final class JUnitSpool: @unchecked Sendable {
    /// The JUnit file, and its spool beside it.
    public let path: String
    public let spoolPath: String
    private let lock = NSLock()
    private var fd: Int32
    /// Where each spooled entry's test cases are in the spool, with the entry as it was then.
    private var pieces: [Int: (offset: Int, length: Int, entry: RunResults.Entry)] = [:]
    private var size = 0

    /// Creates the JUnit file's folder and an empty spool beside it.
    public init(path: String) throws(SnapshotError) {
        self.path = path
        spoolPath = path + ".partial"
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                throw SnapshotError("cannot create \(folder): \(error.localizedDescription)")
            }
        }
        fd = open(spoolPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SnapshotError("cannot write \(spoolPath): \(String(cString: strerror(errno)))") }
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Appends entry `index`'s test cases to the spool. A write that fails leaves the entry to `finish`.
    public func add(_ entry: RunResults.Entry, index: Int) {
        let bytes = Array(JUnitReport.testcases(entry, folder: (entry.scene as NSString).deletingLastPathComponent).utf8)
        lock.withLock {
            guard fd >= 0, writeAll(bytes, to: fd) else { return }
            pieces[index] = (size, bytes.count, entry)
            size += bytes.count
        }
    }

    /// Writes the JUnit file for `results` (whose entries are in the order `add`'s indices count) and
    /// removes the spool.
    public func finish(_ results: RunResults, name: String = "tintype") throws(ImageFileError) {
        let (spool, pieces) = lock.withLock { () -> ([UInt8], [Int: (offset: Int, length: Int, entry: RunResults.Entry)]) in
            if fd >= 0 { close(fd); fd = -1 }
            return (FileManager.default.contents(atPath: spoolPath).map { Array($0) } ?? [], self.pieces)
        }
        let xml = JUnitReport.xml(results, name: name) { i in
            guard i < results.entries.count, let p = pieces[i], p.entry == results.entries[i], p.offset + p.length <= spool.count else { return nil }
            return String(decoding: spool[p.offset..<(p.offset + p.length)], as: UTF8.self)
        }
        try AtomicFile.write(Array(xml.utf8), to: path)
        unlink(spoolPath)
    }

    private func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            written += n
        }
        return true
    }
}
