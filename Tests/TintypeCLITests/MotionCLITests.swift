import Foundation
import Testing

/// Time on the command line: --time, "times" variants, --fps as an APNG or a folder of frames,
/// the frame budget, and the filmstrip sheet.
@Suite struct MotionCLITests {
    let cli = CLITests()
    let scene = #"{"canvas": {"size": [60, 40]}, "scale": 1, "root": {"view": {"backgroundColor": "white", "subviews": ["#
        + #"{"view": {"id": "box", "frame": [0, 0, 10, 10], "backgroundColor": "red"}}]}}, "#
        + #""animations": [{"view": "box", "to": {"center": [45, 5]}, "duration": 0.5, "curve": "linear"}]}"#

    /// The chunks of a PNG file: type and data.
    func chunks(_ png: [UInt8]) -> [(String, [UInt8])] {
        var out: [(String, [UInt8])] = []
        var i = 8
        while i + 12 <= png.count {
            let n = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            out.append((String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self), Array(png[(i + 8)..<(i + 8 + n)])))
            i += 12 + n
        }
        return out
    }

    func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test func timeDrawsOneMomentAndFpsWritesAnAnimatedPNGOfEveryFrame() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try scene.write(toFile: dir + "/slide.json", atomically: true, encoding: .utf8)
        // Each frame, alone.
        for t in ["0", "0.25", "0.5"] {
            let r = try cli.run(["render", "slide.json", "--time", t, "-o", "at-\(t).png"], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let r = try cli.run(["render", "slide.json", "--fps", "4", "-o", "anim.png"], in: dir)
        #expect(r.status == 0 && r.out.contains("Wrote anim.png (3 frames, 4 fps)"), "\(r.out) \(r.stderr)")
        let apng = try bytes(dir + "/anim.png")
        let parts = chunks(apng)
        #expect(parts.map(\.0) == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
        #expect(parts[1].1 == [0, 0, 0, 3, 0, 0, 0, 0], "3 frames, played for ever")
        // Each frame's data is that frame rendered alone: the first as IDAT, the others as fdAT after their sequence number.
        let stills = try ["0", "0.25", "0.5"].map { try chunks(bytes(dir + "/at-\($0).png")).first { $0.0 == "IDAT" }!.1 }
        #expect(parts[3].1 == stills[0] && Array(parts[5].1.dropFirst(4)) == stills[1] && Array(parts[7].1.dropFirst(4)) == stills[2])
        #expect(Array(parts[5].1.prefix(4)) == [0, 0, 0, 2] && Array(parts[7].1.prefix(4)) == [0, 0, 0, 4], "sequence numbers run on")
        // Deterministic: the same bytes again.
        #expect(try cli.run(["render", "slide.json", "--fps", "4", "-o", "again.png"], in: dir).status == 0)
        #expect(try bytes(dir + "/again.png") == apng)
    }

    @Test func framesGoIntoAFolderNamedByTheirTimes() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try scene.write(toFile: dir + "/slide.json", atomically: true, encoding: .utf8)
        let r = try cli.run(["render", "slide.json", "--fps", "4", "-o", "frames/"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/frames").sorted() == ["slide@0.00s.png", "slide@0.25s.png", "slide@0.50s.png"])
    }

    @Test func theFrameBudgetAndBadTimesAreUsageErrors() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try scene.write(toFile: dir + "/slide.json", atomically: true, encoding: .utf8)
        let over = try cli.run(["render", "slide.json", "--fps", "60", "--max-frames", "20", "-o", "anim.png"], in: dir)
        #expect(over.status == 64 && over.stderr.contains("slide.json: 0.5 s at 60 fps makes 31 frames, more than --max-frames 20"), "\(over.stderr)")
        let long = try cli.run(["render", "slide.json", "--fps", "60", "--duration", "20", "-o", "anim.png"], in: dir)
        #expect(long.status == 64 && long.stderr.contains("makes 1201 frames, more than --max-frames 600"), "\(long.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/anim.png"))
        let time = try cli.run(["render", "slide.json", "--time", "-1"], in: dir)
        #expect(time.status == 64 && time.stderr.contains("--time takes seconds from 0 to 3600, found \"-1\""), "\(time.stderr)")
        let svg = try cli.run(["render", "slide.json", "--fps", "10", "-o", "a.svg"], in: dir)
        #expect(svg.status == 64 && svg.stderr.contains("--fps writes PNG"), "\(svg.stderr)")
        // The frames may not land on the scene itself.
        let onInput = try cli.run(["render", "slide.json", "--fps", "4", "-o", "slide.json"], in: dir)
        #expect(onInput.status == 64, "\(onInput.stderr)")
        #expect(try String(contentsOfFile: dir + "/slide.json", encoding: .utf8) == scene)
    }

    @Test func timesVariantsAreNamedByTheirTimeAndSheetDrawsAFilmstrip() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let matrix = scene.replacingOccurrences(of: #""scale": 1,"#, with: #""scale": 1, "variants": {"times": [0, 0.1, 0.125]},"#)
        try matrix.write(toFile: dir + "/slide.json", atomically: true, encoding: .utf8)
        let r = try cli.run(["render", "slide.json", "-o", "out/"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted() == ["slide@0.00s.png", "slide@0.10s.png", "slide@0.125s.png"])
        let sheet = try cli.run(["sheet", "slide.json", "--times", "0:0.5:6", "-o", "strip.png"], in: dir)
        #expect(sheet.status == 0 && sheet.out.contains("(6 variants, 1 × 6,"), "\(sheet.out) \(sheet.stderr)")
        let bad = try cli.run(["sheet", "slide.json", "--times", "0:0.5", "-o", "strip2.png"], in: dir)
        #expect(bad.status == 64 && bad.stderr.contains("--times takes START:END:COUNT"), "\(bad.stderr)")
    }
}
