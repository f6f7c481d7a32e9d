import Foundation
import Testing
import TintypeSnapshot
@testable import TintypeSnapshotTesting

/// `swift test` runs XCTest and Swift Testing as two processes: the report of the second joins the
/// entries the first left, when both ran under the same `swift test`, and only then.
@Suite struct RunFileTests {
    func entry(_ golden: String, _ status: SnapshotResult.Status) -> ReportEntry {
        ReportEntry(scene: "T/" + golden, golden: golden + ".png", status: status, message: status.rawValue)
    }

    @Test func theSecondFrameworkJoinsTheFirstOfTheSameRun() throws {
        let dir = NSTemporaryDirectory() + "tintype-run-file-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var xctest = entry("b-xctest", .failed)
        xctest.traits = [(.devices, "iPhone SE")]
        RunFile.save([xctest, entry("shared", .failed)], in: dir, run: "4242:1000")
        let second = [entry("a-testing", .passed), entry("shared", .passed)]
        let joined = RunFile.join(second, in: dir, run: "4242:1000")
        #expect(joined.map(\.golden) == ["a-testing.png", "b-xctest.png", "shared.png"])
        #expect(joined.first { $0.golden == "shared.png" }?.status == .passed, "this process's entry wins")
        #expect(joined.first { $0.golden == "b-xctest.png" }?.traits.map(\.label) == ["iPhone SE"], "traits survive the file")
        // Another run (a later swift test, whose pid may be reused but not its start time), or none.
        #expect(RunFile.join(second, in: dir, run: "4242:2000").count == 2)
        #expect(RunFile.join(second, in: dir, run: nil).count == 2)
        // Outside swift test the file is removed, so nothing stale is joined later.
        RunFile.save(second, in: dir, run: nil)
        #expect(!FileManager.default.fileExists(atPath: dir + "/" + RunFile.name))
    }

    @Test func statLinesAreReadAfterTheCommandName() {
        #expect(RunFile.statFields("123 (swift (test) x) S 45 46 47").prefix(2) == ["45", "46"])
        #expect(RunFile.statFields("garbage").isEmpty)
    }
}
