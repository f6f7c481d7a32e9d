import Foundation
import Testing
import TintypeModel
@testable import TintypeSnapshot

/// The HTML report written as the run goes: a failure's images are in the report as soon as its
/// check ends, the page says what is done so far, and the finished report is exactly the one
/// `HTMLReport.write` makes of the run's entries, images and all.
@Suite struct HTMLReportSpoolTests {
    /// A PNG of `width`×`height` under `dir` (only its header is read by the report).
    func png(_ dir: String, _ name: String, width: Int, height: Int) throws -> String {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        for v in [width, height] { bytes += [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0] + Array(name.utf8)
        let path = dir + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A run's entries: passed variants, a failure with all its artifacts, a recorded golden shown
    /// itself, a failure that never got to a comparison, and a passed variant with audit findings.
    func entries(_ dir: String) throws -> [ReportEntry] {
        var out: [ReportEntry] = []
        for (i, size) in ["L", "XL", "AX1"].enumerated() {
            var e = ReportEntry(scene: "S/m.json", variant: "iPhone SE, \(size)", golden: "S/m.iphone-se.\(size.lowercased()).png", status: .passed,
                                message: "identical")
            e.traits = [(.devices, "iPhone SE"), (.contentSizeCategories, size)]
            if i == 1 {
                e.status = .failed
                e.message = "S/m.iphone-se.xl.png does not match"
                e.artifacts = Artifacts(expected: try png(dir, "m.expected.png", width: 640, height: 1136), actual: try png(dir, "m.actual.png", width: 640, height: 1136),
                                        diff: try png(dir, "m.diff.png", width: 640, height: 1136), strip: try png(dir, "m.strip.png", width: 1920, height: 1136))
            }
            if i == 2 {
                e.findings = [AuditFinding(rule: .tapTarget, scene: "S/m.json", variant: e.variant, path: "root.subviews[1]", location: nil, message: "small")]
                e.auditOverlay = try png(dir, "m.audit.png", width: 640, height: 1136)
            }
            out.append(e)
        }
        out.append(ReportEntry(scene: "S/new.json", golden: try png(dir, "new.png", width: 20, height: 10), status: .recorded, message: "No golden; recorded it."))
        out.append(ReportEntry(scene: "S/broken.json", golden: "S/broken.png", status: .failed, message: "S/broken.json:3:5: root: unknown kind"))
        out.append(ReportEntry(scene: "S/plain.json", golden: "S/plain.png", status: .passed, message: "identical"))
        return out
    }

    func inode(_ path: String) throws -> UInt64 {
        try #require((FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)?.uint64Value)
    }

    func names(_ entries: [ReportEntry]) -> [(scene: String, isVariant: Bool, golden: String)] {
        entries.map { ($0.scene, $0.variant != nil, $0.golden) }
    }

    func files(_ dir: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: dir) {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir + "/" + path, isDirectory: &isDir), !isDir.boolValue {
                out[path] = FileManager.default.contents(atPath: dir + "/" + path)
            }
        }
        return out
    }

    @Test func failuresAreInTheReportAsTheyEndAndTheFinishedReportIsTheUsualOne() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let entries = try entries(dir)
        // An earlier run's report: its images go when the run starts.
        try FileManager.default.createDirectory(atPath: dir + "/spooled/images", withIntermediateDirectories: true)
        _ = try HTMLReport.write([entries[1]], mode: .never, to: dir + "/spooled")
        #expect(FileManager.default.fileExists(atPath: dir + "/spooled/images/S-m.iphone-se.xl/diff.png"))

        let spool = try HTMLReportSpool(directory: dir + "/spooled", names: names(entries), mode: .never, interval: 0)
        var page = try String(contentsOfFile: dir + "/spooled/index.html", encoding: .utf8)
        #expect(page.contains("Running: 0 of 6 checked so far"), "\(page)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/spooled/images/S-m.iphone-se.xl"), "the earlier run's images are gone")
        // Added in the order checks finish: the failure first.
        spool.add(entries[1], index: 1)
        for role in ["expected", "actual", "diff", "strip"] {
            #expect(FileManager.default.fileExists(atPath: dir + "/spooled/images/S-m.iphone-se.xl/\(role).png"), "\(role) copied when its check ended")
        }
        page = try String(contentsOfFile: dir + "/spooled/index.html", encoding: .utf8)
        #expect(page.contains("Running: 1 of 6 checked so far") && page.contains("id=\"s-S-m.iphone-se.xl\"")
                && page.contains("src=\"images/S-m.iphone-se.xl/diff.png\""), "\(page)")
        for i in [4, 0, 5, 3, 2] { spool.add(entries[i], index: i) }
        #expect(FileManager.default.fileExists(atPath: dir + "/spooled/images/S-m.iphone-se.ax1/audit.png"))
        // The overlay, the run's own artifact, is linked rather than written again; a golden is copied.
        #expect(try inode(dir + "/spooled/images/S-m.iphone-se.ax1/audit.png") == inode(dir + "/m.audit.png"))
        #expect(try inode(dir + "/spooled/images/S-m.iphone-se.xl/expected.png") != inode(dir + "/m.expected.png"))
        let index = try spool.finish(entries)
        #expect(index == dir + "/spooled/index.html")

        // The same entries written at the end, as HTMLReport.write does: the same files, byte for byte.
        _ = try HTMLReport.write(entries, mode: .never, to: dir + "/whole")
        let spooled = try files(dir + "/spooled"), whole = try files(dir + "/whole")
        #expect(spooled.keys.sorted() == whole.keys.sorted())
        for (path, bytes) in whole { #expect(spooled[path] == bytes, "\(path) differs") }
        #expect(!(try String(contentsOfFile: index, encoding: .utf8)).contains("Running:"))
    }

    /// An entry that changed after it was added (the audit's findings joined at the end of a run; a
    /// failure that names another golden, as an accessibility snapshot's does) is shown as it is at
    /// the end, its images copied again under its new name and none left under the old one.
    @Test func anEntryChangedSinceItWasAddedIsShownAsItIsNow() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var entries = try entries(dir)
        let spool = try HTMLReportSpool(directory: dir + "/spooled", names: names(entries), mode: .never)
        for i in entries.indices { spool.add(entries[i], index: i) }
        entries[0].findings = [AuditFinding(rule: .tapTarget, scene: "S/m.json", variant: entries[0].variant, path: "root", location: nil, message: "late")]
        entries[0].auditOverlay = try png(dir, "late.audit.png", width: 640, height: 1136)
        entries[1].golden = "S/m.iphone-se.xl.accessibility.png"
        _ = try spool.finish(entries)
        _ = try HTMLReport.write(entries, mode: .never, to: dir + "/whole")
        #expect(try files(dir + "/spooled") == files(dir + "/whole"))
        #expect(FileManager.default.fileExists(atPath: dir + "/spooled/images/S-m.iphone-se.l/audit.png"))
        #expect(FileManager.default.fileExists(atPath: dir + "/spooled/images/S-m.iphone-se.xl.accessibility/diff.png"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/spooled/images/S-m.iphone-se.xl"))
    }

    /// While the run goes, audit findings are counted, not listed: a baseline may yet hold them and
    /// the cross-variant ones are not in. The finished page lists them.
    @Test func auditFindingsAreListedWhenTheRunEnds() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let entries = try entries(dir)
        let spool = try HTMLReportSpool(directory: dir + "/spooled", names: names(entries), mode: .never, interval: 0)
        spool.add(entries[2], index: 2)
        let page = try String(contentsOfFile: dir + "/spooled/index.html", encoding: .utf8)
        #expect(page.contains("Running: 1 of 6") && page.contains("1 variant with findings so far") && !page.contains("id=\"a-S-m.iphone-se.ax1\""),
                "\(page)")
        let final = try String(contentsOfFile: try spool.finish(entries), encoding: .utf8)
        #expect(final.contains("id=\"a-S-m.iphone-se.ax1\"") && !final.contains("with findings so far"))
    }

    /// An overlay written again after its variant was added (`AuditSession.finish()` outlines a
    /// dynamic-type finding on it, at the same path) is shown as it ends, not as it was when copied:
    /// the report's image is the new file, with the new findings' outlines and its size.
    @Test func anOverlayWrittenAgainAfterItsCheckIsShownAsItEnds() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var entries = try entries(dir)
        let screen = try png(dir, "screen.png", width: 640, height: 1136)
        let overlay = dir + "/m.audit.svg"
        let first = entries[2].findings
        try AuditOverlay.write(.png(screen), scale: 2, findings: first, to: overlay)
        entries[2].auditOverlay = overlay
        let spool = try HTMLReportSpool(directory: dir + "/spooled", names: names(entries), mode: .never)
        for i in entries.indices { spool.add(entries[i], index: i) }
        let copy = dir + "/spooled/images/S-m.iphone-se.ax1/audit.svg"
        #expect(FileManager.default.contents(atPath: copy) == FileManager.default.contents(atPath: overlay))
        let late = AuditFinding(rule: .dynamicType, scene: "S/m.json", variant: entries[2].variant, path: "root.subviews[0]", location: nil,
                                message: "does not scale", rect: Rect(x: 10, y: 10, width: 100, height: 20))
        entries[2].findings.append(late)
        try AuditOverlay.write(.png(screen), scale: 2, findings: entries[2].findings, to: overlay)
        let page = try String(contentsOfFile: try spool.finish(entries), encoding: .utf8)
        let shown = try #require(FileManager.default.contents(atPath: copy))
        #expect(shown == FileManager.default.contents(atPath: overlay))
        #expect(String(decoding: shown, as: UTF8.self).contains("dynamic-type"))
        #expect(page.contains("src=\"images/S-m.iphone-se.ax1/audit.svg\"") && page.contains("640×1136"))
        _ = try HTMLReport.write(entries, mode: .never, to: dir + "/whole")
        #expect(try files(dir + "/spooled") == files(dir + "/whole"))
    }

    /// As `HTMLReport.write`, a spool never replaces an images folder Tintype did not write; it
    /// says so when the run starts.
    @Test func aForeignImagesFolderIsRefusedAtTheStart() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/report/images", withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: dir + "/report/images/notes.txt"))
        #expect(throws: SnapshotError.self) { _ = try HTMLReportSpool(directory: dir + "/report", names: [], mode: .never) }
        #expect(FileManager.default.fileExists(atPath: dir + "/report/images/notes.txt"))
    }
}
