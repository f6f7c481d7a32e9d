// Why at exit: neither Swift Testing nor XCTest tells a library that the run is over, and the report
// must list every snapshot of the run, so it is written once, as the test process ends, from what
// every assertion left here. A process that checked no snapshot writes nothing (so the XCTest pass
// of `swift test` does not wipe the report of the Swift Testing pass, or the other way round).
import Foundation
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
        let mode = (try? RecordMode.fromEnvironment()) ?? .missing
        let index = try HTMLReport.write(all, mode: mode, to: directory, title: "Tintype snapshot report (swift test)")
        if all.contains(where: { $0.status != .passed }) {
            FileHandle.standardError.write(Data("Tintype report: \(index)\n".utf8))
        }
        return index
    }
}
