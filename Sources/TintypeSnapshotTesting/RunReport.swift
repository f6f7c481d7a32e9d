// Why at exit: neither Swift Testing nor XCTest tells a library that the run is over, and the report
// must list every snapshot of the run, so it is written once, as the test process ends, from what
// every assertion left here. A process that checked no snapshot writes nothing.
// Why a run file: `swift test` runs XCTest and Swift Testing as two processes, one after the other,
// each writing the report as it ends. Each also leaves its entries in the report folder, marked with
// the `swift test` process they belong to (its pid and start time), so the second joins the first's
// entries instead of replacing them; entries of an earlier run are never joined.
import Foundation
import TintypeRender
import TintypeSnapshot

/// The HTML report of `swift test`: the same report `tintype test` writes, at
/// `<artifacts>/report/index.html` (`.build/tintype-artifacts`, or `TINTYPE_ARTIFACTS`).
public enum SnapshotRunReport {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var entries: [ReportEntry] = []
    nonisolated(unsafe) private static var registered = false

    /// Adds one assertion's result; the first one arranges for the report to be written at exit.
    static func add(_ entry: ReportEntry) {
        lock.lock(); defer { lock.unlock() }
        entries.append(entry)
        if !registered {
            registered = true
            atexit { _ = try? SnapshotRunReport.write() }
        }
    }

    /// Writes the report of every snapshot checked so far in this process (in the order of their
    /// goldens, so that tests running in parallel give the same page) and returns its index.html;
    /// nil when no snapshot was checked. It is written at exit by itself; call this to have it sooner.
    @discardableResult
    public static func write(to directory: String = GoldenStore().artifactsDirectory + "/report") throws -> String? {
        lock.lock()
        let all = entries.sorted { ($0.golden, $0.variant ?? "") < ($1.golden, $1.variant ?? "") }
        lock.unlock()
        guard !all.isEmpty else { return nil }
        let joined = RunFile.join(all, in: directory)
        let mode = (try? RecordMode.fromEnvironment()) ?? .missing
        let index = try HTMLReport.write(joined, mode: mode, to: directory, title: "Tintype snapshot report (swift test)")
        RunFile.save(joined, in: directory)
        if all.contains(where: { $0.status != .passed }) {
            FileHandle.standardError.write(Data("Tintype report: \(index)\n".utf8))
        }
        return index
    }
}

/// The entries a report was written from, beside it, with the `swift test` run they belong to.
enum RunFile {
    static let name = "swift-test-run.json"

    struct Contents: Codable {
        /// `pid:start` of the `swift test` process; nil when not run by `swift test`.
        var run: String
        var results: RunResults
    }

    /// The `swift test` process this one runs under, as `pid:start time` (which no later process
    /// shares); nil when the parent is anything else (a test binary run by hand, an IDE).
    static let currentRun: String? = {
        guard let own = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let ppid = statFields(own).first.flatMap({ Int($0) }) else { return nil }
        guard let comm = try? String(contentsOfFile: "/proc/\(ppid)/comm", encoding: .utf8),
              comm.trimmingCharacters(in: .whitespacesAndNewlines) == "swift-test",
              let parent = try? String(contentsOfFile: "/proc/\(ppid)/stat", encoding: .utf8) else { return nil }
        // Fields after the command name: state is the first, ppid the second, start time the 20th.
        let fields = statFields(parent)
        guard fields.count > 19 else { return nil }
        return "\(ppid):\(fields[19])"
    }()

    /// The fields of a /proc stat line after its command name (which may hold spaces and
    /// parentheses), from the ppid on: the state is dropped.
    static func statFields(_ line: String) -> [String] {
        guard let close = line.lastIndex(of: ")") else { return [] }
        let rest = line[line.index(after: close)...].split(separator: " ").map(String.init)
        return Array(rest.dropFirst())
    }

    /// `entries` joined with those an earlier process of the same `swift test` run left in
    /// `directory` (this process's entries win for the same golden and variant).
    static func join(_ entries: [ReportEntry], in directory: String, run: String? = currentRun) -> [ReportEntry] {
        guard let run,
              let data = FileManager.default.contents(atPath: directory + "/" + name),
              let earlier = try? JSONDecoder().decode(Contents.self, from: data), earlier.run == run else { return entries }
        func key(_ e: ReportEntry) -> String { e.golden + "\u{0}" + (e.variant ?? "") }
        let ours = Set(entries.map(key))
        let kept = earlier.results.entries.map(\.reportEntry).filter { !ours.contains(key($0)) }
        return (entries + kept).sorted { ($0.golden, $0.variant ?? "") < ($1.golden, $1.variant ?? "") }
    }

    /// Leaves `entries` for a later process of the same run; outside `swift test`, removes any old file.
    static func save(_ entries: [ReportEntry], in directory: String, run: String? = currentRun) {
        let path = directory + "/" + name
        guard let run else { try? FileManager.default.removeItem(atPath: path); return }
        let contents = Contents(run: run, results: RunResults(tool: "swift test", shard: nil, entries: entries.map { RunResults.Entry($0) }))
        guard let data = try? JSONEncoder().encode(contents) else { return }
        try? AtomicFile.write(Array(data), to: path)
    }
}
