import Foundation
import TintypeSnapshot

/// How `tintype test` reports: live lines or dots while scenes finish, then files and annotations.
enum ReporterKind: String, CaseIterable {
    /// A line per finished scene (or, on a terminal, one updating line with counts and time left).
    case list
    /// A character per finished scene: `.` passed, `F` failed, `R` recorded.
    case dot
    /// JUnit XML, to --junit PATH (default ARTIFACTS/junit.xml).
    case junit
    /// GitHub Actions annotations (`::error file=…,line=…::…`), one per problem.
    case github
    /// The results as JSON, to --json PATH or else standard output.
    case json
}

/// Where text goes; a line at a time, under a lock (scenes finish on several threads).
final class TextStream: @unchecked Sendable {
    let handle: FileHandle
    let isTerminal: Bool
    private let lock = NSLock()
    init(_ handle: FileHandle) { self.handle = handle; isTerminal = isatty(handle.fileDescriptor) != 0 }
    /// A write that fails (a closed pipe, a full disk) loses the progress text but not the run:
    /// its exit code and files are what count. FileHandle.write would trap instead.
    func write(_ s: String) { lock.lock(); _ = writeAll(Array(s.utf8), to: handle.fileDescriptor); lock.unlock() }
}

/// The live part of reporting: called as each scene finishes, in the order they finish.
final class LiveProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let kinds: [ReporterKind]
    private let out: TextStream
    private let total: Int
    private let start = Date()
    private var done = 0, passed = 0, failed = 0, recorded = 0
    private var dotsOnLine = 0
    private var statusLineShown = false

    init(kinds: [ReporterKind], out: TextStream, total: Int) {
        self.kinds = kinds; self.out = out; self.total = total
    }

    /// `name` is the scene with its variant, if any (`Snapshots/a.json (iphone-x)`).
    func finished(_ entry: ReportEntry, name: String, seconds: Double) {
        lock.lock(); defer { lock.unlock() }
        done += 1
        switch entry.status {
        case .passed: passed += 1
        case .failed: failed += 1
        case .recorded: recorded += 1
        }
        if kinds.contains(.list) {
            if out.isTerminal {
                let elapsed = Date().timeIntervalSince(start)
                let left = done < total ? " · about \(Self.duration(elapsed / Double(done) * Double(total - done))) left" : ""
                var line = "[\(done)/\(total)] \(passed) passed, \(failed) failed"
                if recorded > 0 { line += ", \(recorded) recorded" }
                // Clear the line, write the status; the next update overwrites it.
                out.write("\r\u{1B}[2K" + line + left)
                statusLineShown = true
            } else {
                let word = ["passed": "ok", "failed": "FAILED", "recorded": "recorded"][entry.status.rawValue] ?? ""
                out.write("\(word.padding(toLength: 8, withPad: " ", startingAt: 0)) \(name) (\(String(format: "%.2f", seconds)) s)\n")
            }
        } else if kinds.contains(.dot) {
            out.write(entry.status == .passed ? "." : entry.status == .failed ? "F" : "R")
            dotsOnLine += 1
            if dotsOnLine == 80 { out.write("\n"); dotsOnLine = 0 }
        }
    }

    /// Ends the live output: a terminal's status line is cleared, a line of dots ended.
    func end() {
        lock.lock(); defer { lock.unlock() }
        if statusLineShown { out.write("\r\u{1B}[2K") }
        if dotsOnLine > 0 { out.write("\n"); dotsOnLine = 0 }
    }

    static func duration(_ s: Double) -> String {
        s < 60 ? "\(Int(s.rounded(.up))) s" : "\(Int(s / 60)) min \(Int(s.truncatingRemainder(dividingBy: 60))) s"
    }
}

/// GitHub Actions workflow commands for a run's problems.
enum GitHubAnnotations {
    /// One `::error` per problem of a failed scene (a scene that does not decode lists each problem
    /// with its line and column), one `::warning` per recorded golden.
    static func lines(_ entries: [ReportEntry]) -> [String] {
        var out: [String] = []
        for e in entries where e.status != .passed {
            let level = e.status == .failed ? "error" : "warning"
            let title = e.status == .failed ? "Snapshot failed" : "Golden recorded"
            let located = problems(in: e.message, file: e.scene)
            let file = property(repositoryPath(e.scene))
            if located.isEmpty {
                // A render that differs points at the scene's root, where the screen is written (line 1 when not known).
                let at = e.rootPosition.map { "line=\($0.line),col=\($0.column)" } ?? "line=1"
                let named = e.variant.map { "\(title) [\($0)]" } ?? title
                out.append("::\(level) file=\(file),\(at),title=\(property(named))::\(data(e.message + artifactLines(e)))")
            }
            for p in located {
                out.append("::\(level) file=\(file),line=\(p.line),col=\(p.column),title=\(property(title))::\(data(p.message))")
            }
        }
        return out
    }

    /// The path as GitHub matches it against the checkout: without a leading `./` (`tintype test .` names `./x.json`).
    static func repositoryPath(_ path: String) -> String {
        var p = Substring(path)
        while p.hasPrefix("./") { p = p.dropFirst(2) }
        return String(p)
    }

    /// Lines of `message` that start with `file:line:column: `.
    static func problems(in message: String, file: String) -> [(line: Int, column: Int, message: String)] {
        message.split(separator: "\n").compactMap { raw in
            let l = raw.trimmingCharacters(in: .whitespaces)
            guard l.hasPrefix(file + ":") else { return nil }
            let parts = l.dropFirst(file.count + 1).split(separator: ":", maxSplits: 2)
            guard parts.count == 3, let line = Int(parts[0]), let column = Int(parts[1]) else { return nil }
            return (line, column, parts[2].trimmingCharacters(in: .whitespaces))
        }
    }

    static func artifactLines(_ e: ReportEntry) -> String {
        guard let a = e.artifacts else { return "" }
        return "\nactual: \(a.actual)" + (a.diff.map { "\ndiff: \($0)" } ?? "") + (a.strip.map { "\nstrip: \($0)" } ?? "")
    }

    /// Escaping for a command's message: %, CR and LF.
    static func data(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escaping for a property value: also : and ,.
    static func property(_ s: String) -> String {
        data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

/// `--shard auto`: the job's index and count from the CI system that split the work.
enum AutoShard {
    /// Each system's variables: index, count, and whether the index counts from 0.
    static let sources: [(system: String, index: String, count: String, zeroBased: Bool)] = [
        ("GitLab", "CI_NODE_INDEX", "CI_NODE_TOTAL", false),
        ("CircleCI", "CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", true),
        ("Buildkite", "BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", true),
        // An Indexed Job sets only the index; its manifest passes the completions count.
        ("Kubernetes", "JOB_COMPLETION_INDEX", "TINTYPE_SHARD_COUNT", true),
    ]

    /// The shard (1-based) and where it came from; nil when no system's variables are set (the
    /// run is not split). A half-set or nonsensical pair is an error.
    static func resolve(_ env: [String: String]) throws(UsageError) -> (index: Int, count: Int, source: String)? {
        for s in sources {
            let i = env[s.index], n = env[s.count]
            if i == nil && n == nil { continue }
            if s.system == "Kubernetes" && i != nil && n == nil {
                throw UsageError(message: "--shard auto found JOB_COMPLETION_INDEX but no TINTYPE_SHARD_COUNT; set it to the Job's completions", command: TestCommand.self)
            }
            guard let iv = i.flatMap({ Int($0) }), let nv = n.flatMap({ Int($0) }), nv >= 1 else {
                throw UsageError(message: "--shard auto: \(s.system)'s \(s.index)=\"\(i ?? "")\" and \(s.count)=\"\(n ?? "")\" are not an index and a count",
                                 command: TestCommand.self)
            }
            let index = s.zeroBased ? iv + 1 : iv
            guard (1...nv).contains(index) else {
                throw UsageError(message: "--shard auto: \(s.index)=\(iv) is outside \(s.zeroBased ? "0..<" : "1...")\(nv) (\(s.count))", command: TestCommand.self)
            }
            return (index, nv, "\(s.index)/\(s.count)")
        }
        return nil
    }
}
