import Foundation
import Testing

/// `tintype audit` of the repository's Gallery, as CI runs it.
@Suite struct AuditCLITests {
    let cli = CLITests()

    /// Every variant of the Gallery is audited, and every finding there is either fixed in its scene
    /// or kept with its reason in Tests/AuditBaselines/gallery.json: the run passes, and a finding
    /// that is neither fails it. Each variant with findings still gets its overlay (an SVG holding
    /// the screen), and the baseline is read, never written.
    @Test func theGalleryPassesAgainstItsBaseline() throws {
        let art = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: art) }
        let baseline = CLITests.root + "/Tests/AuditBaselines/gallery.json"
        let before = FileManager.default.contents(atPath: baseline)
        let run = try cli.run(["audit", "Snapshots/Gallery", "--audit-baseline", "Tests/AuditBaselines/gallery.json", "--artifacts", art], in: CLITests.root)
        #expect(run.status == 0, "\(run.out)\(run.stderr)")
        let last = run.out.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("Audit: 0 errors, 0 warnings, 0 notes in 0 of ") && last.hasSuffix(" in the baseline)"), "\(last)")
        #expect(FileManager.default.contents(atPath: baseline) == before)
        let overlay = art + "/audit/Snapshots/Gallery/TrailDiary/memory-sizes.iphone-se.xxxl.rtl.audit.svg"
        let svg = try #require(FileManager.default.contents(atPath: overlay).map { String(decoding: $0, as: UTF8.self) })
        #expect(svg.contains("xlink:href=\"data:image/png;base64,iVBORw0KGgo") && svg.contains("<title>1. error text-truncated "))
    }
}
