import Foundation
import Testing
@testable import TintypeSnapshot

/// JUnit written as the run goes: test cases are in the spool as soon as they are added, and the
/// finished file is exactly what `JUnitReport.xml` gives for the run's results.
@Suite struct JUnitSpoolTests {
    func entry(_ scene: String, _ status: SnapshotResult.Status, _ message: String = "ok", duration: Double) -> RunResults.Entry {
        RunResults.Entry(ReportEntry(scene: scene, golden: scene.replacingOccurrences(of: ".json", with: ".png"), status: status, message: message),
                         duration: duration)
    }

    @Test func testCasesAreOnDiskAsTheyFinishAndTheFileIsTheUsualOne() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var entries = [entry("S/A/a.json", .passed, duration: 0.5), entry("S/B/b.json", .failed, "S/B/b.png does not match: 3 pixels", duration: 1.25),
                       entry("S/A/c.json", .recorded, "No golden; recorded it.", duration: 0.25), entry("S/B/d & <e>.json", .passed, duration: 2)]
        let spool = try JUnitSpool(path: dir + "/out/junit.xml")
        // Added in the order checks finish, not the results' order.
        for i in [2, 0, 3] { spool.add(entries[i], index: i) }
        let partial = try String(contentsOfFile: dir + "/out/junit.xml.partial", encoding: .utf8)
        #expect(partial.components(separatedBy: "<testcase ").count - 1 == 3, "three test cases on disk before the end")
        #expect(partial.contains("c.png") && partial.contains("&amp; &lt;e&gt;.png") && !partial.contains("b.png"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out/junit.xml"))
        spool.add(entries[1], index: 1)
        // An entry that changed after it was spooled (an audit baseline, say) is written as it is now.
        entries[3].message = "changed"
        entries[3].status = .failed
        let results = RunResults(tool: "tintype test", shard: nil, entries: entries, skipped: 1)
        try spool.finish(results)
        #expect(try String(contentsOfFile: dir + "/out/junit.xml", encoding: .utf8) == JUnitReport.xml(results))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out/junit.xml.partial"))
    }
}
