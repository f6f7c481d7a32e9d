import Foundation
import Testing

/// Goldens for what the image commands write: an icon set (and its preview) from an SVG source and
/// a small App Store screenshot set, each compared file by file with the expected files committed
/// under Tests/ImageSets/. A PNG passes when its bytes are the same, or else when `tintype diff`
/// finds no differing pixel at a threshold of 0 (so a PNG encoder that packs the same pixels
/// differently does not fail it); any other file must have the same bytes. A file missing on
/// either side fails.
///
/// Re-record with `TINTYPE_RECORD_IMAGE_SETS=1 swift test --filter ImageSetGoldenTests`: the
/// expected files are replaced and the test fails, so that a re-record never passes silently.
@Suite struct ImageSetGoldenTests {
    let cli = CLITests()
    static let root = CLITests.root + "/Tests/ImageSets"
    var recording: Bool { ProcessInfo.processInfo.environment["TINTYPE_RECORD_IMAGE_SETS"] != nil }

    /// Every file under `dir`, relative to it, sorted; the marker Tintype leaves in a folder it
    /// writes (`.tintype-output`, which OutputGuardTests checks) is bookkeeping, not part of a set.
    func files(_ dir: String) -> [String] {
        var isDir: ObjCBool = false
        return (FileManager.default.enumerator(atPath: dir)?.compactMap { $0 as? String } ?? []).filter {
            FileManager.default.fileExists(atPath: dir + "/" + $0, isDirectory: &isDir) && !isDir.boolValue
                && ($0 as NSString).lastPathComponent != ".tintype-output"
        }.sorted()
    }

    /// Compares what a command wrote (`written`) with the committed files (`expected`), or records them.
    func check(written: String, expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fm = FileManager.default
        if recording {
            try? fm.removeItem(atPath: expected)
            try fm.copyItem(atPath: written, toPath: expected)
            for marker in (fm.enumerator(atPath: expected)?.compactMap { $0 as? String } ?? []) where marker.hasSuffix(".tintype-output") {
                try fm.removeItem(atPath: expected + "/" + marker)
            }
            Issue.record("Recorded \(expected) (\(files(expected).count) files); look at them, then run again without TINTYPE_RECORD_IMAGE_SETS.", sourceLocation: sourceLocation)
            return
        }
        let got = files(written), want = files(expected)
        #expect(got == want, "written \(got), expected \(want)", sourceLocation: sourceLocation)
        for name in want where got.contains(name) {
            let a = fm.contents(atPath: written + "/" + name), b = fm.contents(atPath: expected + "/" + name)
            if a == b { continue }
            guard name.hasSuffix(".png") else {
                Issue.record("\(name) differs from \(expected)/\(name)", sourceLocation: sourceLocation)
                continue
            }
            let d = try cli.run(["diff", written + "/" + name, expected + "/" + name, "--threshold", "0", "--count-antialiasing"])
            #expect(d.status == 0, "\(name) differs from its golden: \(d.out)\(d.stderr)", sourceLocation: sourceLocation)
        }
    }

    @Test func anIconSetFromAnSVGAndItsPreview() throws {
        let dir = try cli.temporaryDirectory()
        let out = dir + "/icon"
        let r = try cli.run(["icon", Self.root + "/icon/trail-diary.svg", "-o", out + "/AppIcon.appiconset",
                             "--preview", out + "/preview.png"])
        #expect(r.status == 0, "\(r.stderr)")
        // The source is kept beside what it makes, so that the folder is the whole fixture.
        try FileManager.default.copyItem(atPath: Self.root + "/icon/trail-diary.svg", toPath: out + "/trail-diary.svg")
        try check(written: out, expected: Self.root + "/icon")
    }

    @Test func aScreenshotSetWithMarketingFrames() throws {
        let dir = try cli.temporaryDirectory()
        let out = dir + "/store"
        // A gradient frame with a two-line caption, a landscape frame in one color, a plain screen;
        // the 3.5-inch and the notched 5.8-inch sizes.
        let r = try cli.run(["screenshots", Self.root + "/screenshots/scenes", "--sizes", "3.5,5.8", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        try check(written: out, expected: Self.root + "/screenshots/expected")
    }
}
