import Foundation
import Testing

/// `tintype launch-images`: one scene, every launch image of the era, named and sized as Xcode expects.
@Suite struct LaunchImagesCommandTests {
    let cli = CLITests()
    let shots = ScreenshotsCommandTests()

    @Test func everySlotAtItsSizeWithContentsJSON() throws {
        let dir = try cli.temporaryDirectory()
        let s = try shots.write(dir, "launch.json", #"{"root": {"navigationController": {"stack": [{"title": "Launch"}]}}}"#)
        let out = dir + "/LaunchImage.launchimage"
        let r = try cli.run(["launch-images", s, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: out + "/Contents.json"))) as? [String: Any]
        let images = try #require(json?["images"] as? [[String: String]])
        #expect(images.count == 11)
        let expected: [String: String] = [
            "Default-2436h-Portrait@3x.png": "1125×2436", "Default-2436h-Landscape@3x.png": "2436×1125",
            "Default-736h-Portrait@3x.png": "1242×2208", "Default-736h-Landscape@3x.png": "2208×1242",
            "Default-667h-Portrait@2x.png": "750×1334", "Default-iPhone-Portrait@2x.png": "640×960",
            "Default-retina4-Portrait@2x.png": "640×1136", "Default-iPad-Portrait@1x.png": "768×1024",
            "Default-iPad-Landscape@1x.png": "1024×768", "Default-iPad-Portrait@2x.png": "1536×2048",
            "Default-iPad-Landscape@2x.png": "2048×1536",
        ]
        for image in images {
            let name = try #require(image["filename"])
            #expect(shots.size(out + "/" + name) == expected[name], "\(name)")
            #expect(image["extent"] == "full-screen" && image["minimum-system-version"] != nil)
        }
        let x = images.first { $0["subtype"] == "2436h" && $0["orientation"] == "portrait" }
        #expect(x?["minimum-system-version"] == "11.0" && x?["scale"] == "3x")
        #expect(images.filter { $0["subtype"] == "retina4" }.count == 1)
        #expect(Set(shots.files(out)) == Set(expected.keys))
    }

    @Test func whatCannotBeALaunchImageIsRefused() throws {
        let dir = try cli.temporaryDirectory()
        let canvas = try shots.write(dir, "canvas.json", #"{"canvas": {"size": [51, 31]}, "root": {"switch": {}}}"#)
        let r = try cli.run(["launch-images", canvas, "-o", dir + "/a"])
        #expect(r.status == 1 && r.stderr.contains("canvas.json") && r.stderr.contains("1125×2436"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/a"))
        let variants = try shots.write(dir, "v.json", #"{"variants": {"layoutDirections": ["ltr", "rtl"]}, "root": {"view": {}}}"#)
        let v = try cli.run(["launch-images", variants, "-o", dir + "/b"])
        #expect(v.status == 1 && v.stderr.contains("2 variants"), "\(v.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/b"))
        // A folder with other files needs --force.
        let plain = try shots.write(dir, "p.json", shots.plain)
        try FileManager.default.createDirectory(atPath: dir + "/c", withIntermediateDirectories: true)
        _ = try shots.write(dir + "/c", "keep.txt", "x")
        let f = try cli.run(["launch-images", plain, "-o", dir + "/c"])
        #expect(f.status == 64 && f.stderr.contains("keep.txt") && f.stderr.contains("--force"), "\(f.stderr)")
        // --force replaces only a folder Tintype wrote, and never deletes a file it did not write.
        let forced = try cli.run(["launch-images", plain, "-o", dir + "/c", "--force"])
        #expect(forced.status == 64 && forced.stderr.contains("was not written by Tintype"), "\(forced.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/c/keep.txt"))
    }
}

extension LaunchImagesCommandTests {
    /// iOS draws the live status bar over a launch image, and the home indicator is no part of
    /// it: a launch image of one plain color is that color in every pixel, the same bytes as a
    /// canvas (which has neither) of the screen's size.
    @Test func noStatusBarContentAndNoHomeIndicator() throws {
        let dir = try cli.temporaryDirectory()
        let s = try shots.write(dir, "launch.json", ##"{"statusBar": {"style": "lightContent"}, "root": {"view": {"backgroundColor": "#102030"}}}"##)
        let out = dir + "/LaunchImage.launchimage"
        let r = try cli.run(["launch-images", s, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        for (name, w, h, scale) in [("Default-2436h-Portrait@3x.png", 375, 812, 3), ("Default-2436h-Landscape@3x.png", 812, 375, 3),
                                    ("Default-667h-Portrait@2x.png", 375, 667, 2)] {
            let plain = try shots.write(dir, "plain-\(w).json", ##"{"canvas": {"size": [\##(w), \##(h)]}, "scale": \##(scale), "root": {"view": {"backgroundColor": "#102030"}}}"##)
            let png = dir + "/plain-\(w)-\(scale).png"
            #expect(try cli.run(["render", plain, "-o", png]).status == 0)
            let a = FileManager.default.contents(atPath: out + "/" + name), b = FileManager.default.contents(atPath: png)
            #expect(a != nil && a == b, "\(name) shows more than its background")
        }
    }
}
