import Foundation
import Testing

/// `tintype icon`: one source in, an Xcode app icon set out, or a clear refusal and nothing written.
@Suite struct IconCommandTests {
    let cli = CLITests()

    /// Left half red, right half blue (AppIconSetTests checks the pixels).
    let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
          <rect width="32" height="64" fill="#ff0000"/><rect x="32" width="32" height="64" fill="#0000ff"/>
        </svg>
        """

    func write(_ dir: String, _ name: String, _ text: String) throws -> String {
        let path = dir + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func bytes(_ path: String) -> [UInt8] { FileManager.default.contents(atPath: path).map(Array.init) ?? [] }

    /// Width, height and color type from a PNG's IHDR.
    func header(_ path: String) -> (w: Int, h: Int, colorType: UInt8)? {
        let b = bytes(path)
        guard b.count > 26 else { return nil }
        func be(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        return (be(16), be(20), b[25])
    }

    func listing(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
    }

    @Test func anSVGMakesEverySlotWithItsContentsJSON() throws {
        let dir = try cli.temporaryDirectory()
        let source = try write(dir, "icon.svg", svg)
        let out = dir + "/Assets.xcassets/AppIcon.appiconset"
        let r = try cli.run(["icon", source, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(bytes(out + "/Contents.json"))) as? [String: Any]
        let images = try #require(json?["images"] as? [[String: String]])
        #expect(images.count == 18)
        // Every slot of the era, each file the size the slot asks for, with no alpha channel.
        var slots = Set<String>()
        for image in images {
            let idiom = try #require(image["idiom"]), size = try #require(image["size"]), scale = try #require(image["scale"])
            slots.insert("\(idiom) \(size) \(scale)")
            let points = try #require(Double(size.split(separator: "x")[0]))
            let factor = try #require(Double(scale.dropLast()))
            let file = try #require(image["filename"])
            let h = try #require(header(out + "/" + file), "\(file) is missing or not a PNG")
            #expect(h.w == Int(points * factor) && h.h == h.w, "\(file) is \(h.w)×\(h.h) for \(size) at \(scale)")
            #expect(h.colorType == 2, "\(file) has an alpha channel")
        }
        for expected in ["iphone 20x20 2x", "iphone 20x20 3x", "iphone 29x29 2x", "iphone 29x29 3x", "iphone 40x40 2x",
                         "iphone 40x40 3x", "iphone 60x60 2x", "iphone 60x60 3x", "ipad 20x20 1x", "ipad 20x20 2x",
                         "ipad 29x29 1x", "ipad 29x29 2x", "ipad 40x40 1x", "ipad 40x40 2x", "ipad 76x76 1x",
                         "ipad 76x76 2x", "ipad 83.5x83.5 2x", "ios-marketing 1024x1024 1x"] {
            #expect(slots.contains(expected), "no slot \(expected)")
        }
        // One file per pixel size and the marker that says Tintype wrote them, nothing else.
        #expect(listing(out).filter { $0 != ".tintype-output" }.count == 14, "\(listing(out))")
        #expect(try String(contentsOfFile: out + "/.tintype-output", encoding: .utf8).hasPrefix("# Written by tintype icon."))
        // No temporary folder is left beside it.
        #expect(listing(dir + "/Assets.xcassets") == ["AppIcon.appiconset"])
        // The same source gives the same bytes.
        let again = dir + "/again.appiconset"
        #expect(try cli.run(["icon", source, "-o", again]).status == 0)
        for name in listing(out) { #expect(bytes(out + "/" + name) == bytes(again + "/" + name), "\(name) differs") }
    }

    @Test func aPNGOrASceneSourceIsScaledDownFrom1024() throws {
        let dir = try cli.temporaryDirectory()
        let scene = try write(dir, "icon.json", ##"{"canvas": {"size": [512, 512]}, "root": {"view": {"backgroundColor": "#00ff00"}}}"##)
        let r = try cli.run(["icon", scene, "-o", dir + "/fromScene.appiconset"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(header(dir + "/fromScene.appiconset/Icon-1024.png")?.w == 1024)
        // The scene rendered at 2x is a 1024-pixel PNG source.
        #expect(try cli.run(["render", scene, "--scale", "2", "-o", dir + "/icon.png"]).status == 0)
        let p = try cli.run(["icon", dir + "/icon.png", "-o", dir + "/fromPNG.appiconset"])
        #expect(p.status == 0, "\(p.stderr)")
        #expect(header(dir + "/fromPNG.appiconset/Icon-180.png")?.w == 180)
    }

    @Test func badSourcesAreRefusedAndNothingIsWritten() throws {
        let dir = try cli.temporaryDirectory()
        func refused(_ source: String, _ words: [String], status: Int32 = 1) throws {
            let out = dir + "/out.appiconset"
            let r = try cli.run(["icon", source, "-o", out])
            #expect(r.status == status, "\(source): \(r.stderr)")
            for w in words { #expect(r.stderr.contains(w), "\(source): \(r.stderr)") }
            #expect(!FileManager.default.fileExists(atPath: out), "\(source) left a folder")
            #expect(!listing(dir).contains { $0.hasPrefix(".out") }, "\(source) left a temporary folder")
        }
        // Smaller than the App Store's icon.
        let s = try write(dir, "small.json", #"{"canvas": {"size": [512, 512]}, "scale": 1, "root": {"view": {"backgroundColor": "red"}}}"#)
        #expect(try cli.run(["render", s, "-o", dir + "/small.png"]).status == 0)
        try refused(dir + "/small.png", ["small.png", "512×512", "1024"])
        // Not square.
        let wide = try write(dir, "wide.json", #"{"canvas": {"size": [1024, 600]}, "root": {"view": {"backgroundColor": "red"}}}"#)
        try refused(wide, ["wide.json", "square", "1024×600"])
        try refused(try write(dir, "wide.svg", #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"/>"#), ["wide.svg", "square"])
        // Transparent pixels.
        let clear = try write(dir, "clear.json", #"{"canvas": {"size": [1024, 1024]}, "backgroundColor": "clear", "root": {"view": {"frame": [100, 100, 800, 800], "backgroundColor": "red"}}}"#)
        try refused(clear, ["clear.json", "transparency", "App Store"])
        // Unreadable, unknown or broken.
        try refused(dir + "/missing.svg", ["missing.svg", "not found"])
        try refused(try write(dir, "broken.svg", "<svg"), ["broken.svg", "SVG"])
        try refused(dir + "/icon.jpg", ["icon.jpg", ".svg, a .png or a scene .json"], status: 64)
        // A scene too small to draw at 1024 within the scale limit.
        try refused(try write(dir, "tiny.json", #"{"canvas": {"size": [60, 60]}, "root": {"view": {"backgroundColor": "red"}}}"#), ["tiny.json", "16"])
    }

    @Test func anExistingFolderWithOtherFilesNeedsForce() throws {
        let dir = try cli.temporaryDirectory()
        let source = try write(dir, "icon.svg", svg)
        let out = dir + "/AppIcon.appiconset"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        _ = try write(out, "notes.txt", "keep me")
        let r = try cli.run(["icon", source, "-o", out])
        #expect(r.status == 64 && r.stderr.contains("notes.txt") && r.stderr.contains("--force"), "\(r.stderr)")
        #expect(listing(out) == ["notes.txt"])
        // --force replaces only a folder Tintype wrote, and never deletes a file it did not write.
        let forced = try cli.run(["icon", source, "-o", out, "--force"])
        #expect(forced.status == 64 && forced.stderr.contains("was not written by Tintype"), "\(forced.stderr)")
        #expect(listing(out) == ["notes.txt"])
        try FileManager.default.removeItem(atPath: out + "/notes.txt")
        #expect(try cli.run(["icon", source, "-o", out]).status == 0)
        // A folder holding only an icon set (and the marker Tintype leaves) is replaced without --force.
        #expect(try cli.run(["icon", source, "-o", out]).status == 0)
        #expect(listing(out).count == 15 && listing(out).contains(".tintype-output"))
        // A file of an earlier set that this one no longer writes is Tintype's: --force replaces it.
        var marker = try String(contentsOfFile: out + "/.tintype-output", encoding: .utf8)
        marker += "Icon-57.png\n"
        try marker.write(toFile: out + "/.tintype-output", atomically: true, encoding: .utf8)
        _ = try write(out, "Icon-57.png", "old")
        #expect(try cli.run(["icon", source, "-o", out]).status == 64)
        #expect(try cli.run(["icon", source, "-o", out, "--force"]).status == 0)
        #expect(!listing(out).contains("Icon-57.png") && listing(out).count == 15)
        // A file in the way is an error.
        _ = try write(dir, "file.appiconset", "x")
        #expect(try cli.run(["icon", source, "-o", dir + "/file.appiconset"]).status == 64)
    }

    @Test func aPreviewIsAPNGBesideTheSetOrNothing() throws {
        let dir = try cli.temporaryDirectory()
        let source = try write(dir, "icon.svg", svg)
        let r = try cli.run(["icon", source, "-o", dir + "/AppIcon.appiconset", "--preview", dir + "/pics/preview.png"])
        #expect(r.status == 0, "\(r.stderr)")
        // 375×240 points at 2x; its folder is made.
        #expect(header(dir + "/pics/preview.png").map { "\($0.w)×\($0.h)" } == "750×480")
        #expect(listing(dir + "/pics") == ["preview.png"])
        // Not a PNG, or inside the set's folder (which is replaced whole): usage errors, nothing written.
        let pdf = try cli.run(["icon", source, "-o", dir + "/a.appiconset", "--preview", dir + "/preview.pdf"])
        #expect(pdf.status == 64 && pdf.stderr.contains("preview.pdf") && pdf.stderr.contains(".png"), "\(pdf.stderr)")
        let inside = try cli.run(["icon", source, "-o", dir + "/b.appiconset", "--preview", dir + "/b.appiconset/p.png"])
        #expect(inside.status == 64 && inside.stderr.contains("inside"), "\(inside.stderr)")
        // A scene's golden is never overwritten.
        let scene = try write(dir, "card.json", #"{"canvas": {"size": [1024, 1024]}, "root": {"view": {"backgroundColor": "red"}}}"#)
        _ = try write(dir, "card.png", "golden")
        let golden = try cli.run(["icon", source, "-o", dir + "/c.appiconset", "--preview", dir + "/card.png"])
        #expect(golden.status == 64 && golden.stderr.contains("golden of") && golden.stderr.contains(scene), "\(golden.stderr)")
        #expect(bytes(dir + "/card.png") == Array("golden".utf8))
        // A source that fails writes neither the set nor the preview.
        let clear = try write(dir, "clear.json", #"{"canvas": {"size": [1024, 1024]}, "backgroundColor": "clear", "root": {"view": {}}}"#)
        let bad = try cli.run(["icon", clear, "-o", dir + "/d.appiconset", "--preview", dir + "/d.png"])
        #expect(bad.status == 1)
        for name in ["a.appiconset", "b.appiconset", "c.appiconset", "d.appiconset", "d.png", "preview.pdf"] {
            #expect(!FileManager.default.fileExists(atPath: dir + "/" + name), "\(name) was written")
        }
    }
}
