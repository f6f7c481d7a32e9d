// Why JUnit XML: it is the one test result format every CI server reads (GitHub via actions,
// GitLab's artifacts:reports:junit, Jenkins, CircleCI's store_test_results, Buildkite's test
// analytics). One test case per scene and variant; a failure carries the message and the paths
// of its artifacts, so the CI page says where to look.
import Foundation
import TintypeModel

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
        var suites: [(folder: String, entries: [RunResults.Entry])] = []
        for e in results.entries {
            let folder = (e.scene as NSString).deletingLastPathComponent
            if let i = suites.firstIndex(where: { $0.folder == folder }) { suites[i].entries.append(e) } else { suites.append((folder, [e])) }
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
            for e in suite.entries {
                let caseName = (e.golden as NSString).lastPathComponent
                s += #"    <testcase classname="\#(escape(suite.folder))" name="\#(escape(caseName))" file="\#(escape(e.scene))" "#
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
                    s += #"    <testcase classname="\#(escape(suite.folder))" name="\#(escape(caseName)) audit" file="\#(escape(e.scene))" time="0.000">"# + "\n"
                    let first = "\(failing) audit \(failing == 1 ? "finding" : "findings"): " + (findings.first.map { "\($0.rule) \($0.path): \($0.message)" } ?? "")
                    var body = findings.map { "\($0.severity) \($0.rule) \($0.path)\($0.location.map { " (\($0))" } ?? ""): \($0.message)" }.joined(separator: "\n")
                    if let o = e.auditOverlay { body += "\noverlay: \(o)" }
                    s += #"      <failure type="audit" message="\#(escape(first))">\#(escape(body))</failure>"# + "\n"
                    if let o = e.auditOverlay { s += "      <system-out>[[ATTACHMENT|\(escape(o))]]</system-out>\n" }
                    s += "    </testcase>\n"
                }
            }
            s += "  </testsuite>\n"
        }
        s += "</testsuites>\n"
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
