import Foundation
import TintypeModel

/// Findings a team has accepted for now: `--audit-baseline FILE` records today's, and later runs
/// fail only on findings not in it (as linters' baselines do). Each entry may carry a reason.
///
/// ```json
/// {"tintypeAuditBaseline": 1,
///  "findings": [{"rule": "tap-target", "scene": "Snapshots/Gallery/settings.json", "variant": "iPhone SE",
///                "path": "root.subviews[1]", "reason": "UIKit's own 28 pt segmented control"}]}
/// ```
///
/// A finding matches an entry with the same rule, scene, variant, path and text (`subject`);
/// the numbers may move without the finding becoming new.
public struct AuditBaseline: Sendable, Equatable {
    /// The format written by this version; a file of any other is refused.
    public static let format = 1

    public struct Entry: Sendable, Equatable {
        public var rule: AuditRule
        public var scene: String
        public var variant: String?
        public var path: String
        public var subject: String?
        /// Why it is kept (kept when the baseline is written again).
        public var reason: String?

        public init(rule: AuditRule, scene: String, variant: String?, path: String, subject: String?, reason: String? = nil) {
            self.rule = rule; self.scene = scene; self.variant = variant; self.path = path; self.subject = subject; self.reason = reason
        }

        init(_ f: AuditFinding, reason: String? = nil) {
            self.init(rule: f.rule, scene: f.scene, variant: f.variant, path: f.path, subject: f.subject, reason: reason)
        }

        var key: String { [rule.id, scene, variant ?? "", path, subject ?? ""].joined(separator: "\u{1F}") }
    }

    public var entries: [Entry]

    public init(entries: [Entry] = []) { self.entries = entries }

    /// The baseline of `findings`, keeping the reasons `previous` gave the ones it already held.
    public init(findings: [AuditFinding], previous: AuditBaseline? = nil) {
        var reasons: [String: String] = [:]
        for e in previous?.entries ?? [] { if let r = e.reason { reasons[e.key] = r } }
        entries = findings.map { Entry($0, reason: reasons[$0.key]) }
    }

    /// Splits findings into new ones and those the baseline holds (each entry absorbs one finding).
    public func split(_ findings: [AuditFinding]) -> (new: [AuditFinding], known: [AuditFinding]) {
        var counts: [String: Int] = [:]
        for e in entries { counts[e.key, default: 0] += 1 }
        var new: [AuditFinding] = [], known: [AuditFinding] = []
        for f in findings {
            if let n = counts[f.key], n > 0 { counts[f.key] = n - 1; known.append(f) } else { new.append(f) }
        }
        return (new, known)
    }

    /// The baseline as JSON text, one finding a line, sorted, so that it diffs well.
    public func encoded() -> String {
        func s(_ v: String) -> String { JSONString.quoted(v) }
        let sorted = entries.sorted { a, b in
            (a.scene, a.variant ?? "", a.path, a.rule.id, a.subject ?? "") < (b.scene, b.variant ?? "", b.path, b.rule.id, b.subject ?? "")
        }
        var lines: [String] = []
        for e in sorted {
            var parts = ["\"rule\": \(s(e.rule.id))", "\"scene\": \(s(e.scene))"]
            if let v = e.variant { parts.append("\"variant\": \(s(v))") }
            parts.append("\"path\": \(s(e.path))")
            if let t = e.subject { parts.append("\"text\": \(s(t))") }
            if let r = e.reason { parts.append("\"reason\": \(s(r))") }
            lines.append("    {" + parts.joined(separator: ", ") + "}")
        }
        return "{\n  \"tintypeAuditBaseline\": \(Self.format),\n  \"findings\": [\n" + lines.joined(separator: ",\n") + (lines.isEmpty ? "" : "\n") + "  ]\n}\n"
    }

    /// Reads a baseline file; every problem is an error naming the file, line:column, the path in
    /// it and the value found.
    public static func load(path: String) throws(SceneError) -> AuditBaseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneError(file: path, message: "cannot read the audit baseline")
        }
        return try decode(Array(data), file: path)
    }

    public static func decode(_ bytes: [UInt8], file: String) throws(SceneError) -> AuditBaseline {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            throw SceneError(file: file, position: error.position, message: "malformed JSON: \(error.message)")
        }
        var issues: [SceneIssue] = []
        func report(_ path: String, _ node: JSONNode, _ message: String) {
            issues.append(SceneIssue(file: file, path: path, position: node.position, message: message))
        }
        func found(_ n: JSONNode) -> String {
            if case .string(let s) = n.value { return quoted(s) }
            if case .number(let d) = n.value { return TintypeModel.format(d) }
            return n.value.kindName
        }
        guard case .object(let members) = root.value else {
            throw SceneError(issues: [SceneIssue(file: file, path: "", position: root.position,
                                                 message: "expected an audit baseline object {\"tintypeAuditBaseline\": \(format), \"findings\": [...]}, "
                                                     + "found \(root.value.kindName)")])
        }
        guard let version = members.first(where: { $0.key == "tintypeAuditBaseline" })?.value else {
            throw SceneError(issues: [SceneIssue(file: file, path: "tintypeAuditBaseline", position: root.position,
                                                 message: "not an audit baseline: \"tintypeAuditBaseline\" is missing")])
        }
        guard case .number(let v) = version.value, v == Double(format) else {
            throw SceneError(issues: [SceneIssue(file: file, path: "tintypeAuditBaseline", position: version.position,
                                                 message: "an audit baseline of format \(found(version)); this tintype reads format \(format). "
                                                     + "Record it again with --update-audit-baseline")])
        }
        var baseline = AuditBaseline()
        for m in members where m.key != "tintypeAuditBaseline" {
            guard m.key == "findings" else {
                report(m.key, m.value, "unknown key \(quoted(m.key)) (keys: tintypeAuditBaseline, findings)")
                continue
            }
            guard case .array(let items) = m.value.value else { report("findings", m.value, "expected a list of findings, found \(m.value.value.kindName)"); continue }
            for (i, item) in items.enumerated() {
                let p = "findings[\(i)]"
                guard case .object(let fields) = item.value else { report(p, item, "expected a finding object, found \(item.value.kindName)"); continue }
                var strings: [String: String] = [:]
                var ok = true
                for f in fields {
                    guard ["rule", "scene", "variant", "path", "text", "reason"].contains(f.key) else {
                        report(p + "." + f.key, f.value, "unknown key \(quoted(f.key)) (keys: rule, scene, variant, path, text, reason)")
                        ok = false
                        continue
                    }
                    guard case .string(let s) = f.value.value else {
                        report(p + "." + f.key, f.value, "expected a string, found \(found(f.value))")
                        ok = false
                        continue
                    }
                    strings[f.key] = s
                }
                for key in ["rule", "scene", "path"] where strings[key] == nil && ok {
                    report(p, item, "a finding needs \(quoted(key))")
                    ok = false
                }
                guard ok, let id = strings["rule"] else { continue }
                guard let rule = AuditRule(id: id) else {
                    let node = fields.first { $0.key == "rule" }!.value
                    report(p + ".rule", node, AuditRule.unknownMessage(id))
                    continue
                }
                baseline.entries.append(Entry(rule: rule, scene: strings["scene"]!, variant: strings["variant"], path: strings["path"]!,
                                              subject: strings["text"], reason: strings["reason"]))
            }
        }
        if !issues.isEmpty { throw SceneError(issues: issues) }
        return baseline
    }
}
