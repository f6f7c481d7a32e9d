import Foundation
import Testing

/// `tintype screenshots`: each scene at each store size, exactly the pixels the store accepts, or nothing.
@Suite struct ScreenshotsCommandTests {
    let cli = CLITests()

    func write(_ dir: String, _ name: String, _ text: String) throws -> String {
        let path = dir + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func size(_ path: String) -> String? {
        guard let d = FileManager.default.contents(atPath: path), d.count > 24 else { return nil }
        let b = Array(d)
        func be(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        return "\(be(16))×\(be(20))"
    }

    func files(_ dir: String) -> [String] {
        (FileManager.default.enumerator(atPath: dir)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".png") }.sorted()
    }

    let plain = #"{"root": {"view": {"backgroundColor": "systemBlue"}}}"#

    @Test func everySceneAtEveryDefaultSize() throws {
        let dir = try cli.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/scenes", withIntermediateDirectories: true)
        _ = try write(dir + "/scenes", "a-home.json", plain)
        // Variants give one screenshot each, named as render names them.
        _ = try write(dir + "/scenes", "b-settings.json", #"{"variants": {"layoutDirections": ["ltr", "rtl"]}, "root": {"view": {"backgroundColor": "systemRed"}}}"#)
        let out = dir + "/store"
        let r = try cli.run(["screenshots", dir + "/scenes", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(files(out) == ["12.9-inch/a-home.png", "12.9-inch/b-settings.ltr.png", "12.9-inch/b-settings.rtl.png",
                               "5.5-inch/a-home.png", "5.5-inch/b-settings.ltr.png", "5.5-inch/b-settings.rtl.png",
                               "5.8-inch/a-home.png", "5.8-inch/b-settings.ltr.png", "5.8-inch/b-settings.rtl.png"], "\(files(out))")
        #expect(size(out + "/5.8-inch/a-home.png") == "1125×2436")
        #expect(size(out + "/5.5-inch/a-home.png") == "1242×2208")
        #expect(size(out + "/12.9-inch/b-settings.rtl.png") == "2048×2732")
        #expect(!((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).contains { $0.hasPrefix(".store") })
    }

    @Test func chosenSizesAndLandscape() throws {
        let dir = try cli.temporaryDirectory()
        let s = try write(dir, "wide.json", #"{"orientation": "landscape", "root": {"view": {"backgroundColor": "systemGreen"}}}"#)
        let r = try cli.run(["screenshots", s, "--sizes", "4, 3.5,9.7-inch,4.7", "-o", dir + "/out"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(files(dir + "/out") == ["3.5-inch/wide.png", "4-inch/wide.png", "4.7-inch/wide.png", "9.7-inch/wide.png"])
        #expect(size(dir + "/out/4-inch/wide.png") == "1136×640")
        #expect(size(dir + "/out/3.5-inch/wide.png") == "960×640")
        #expect(size(dir + "/out/4.7-inch/wide.png") == "1334×750")
        #expect(size(dir + "/out/9.7-inch/wide.png") == "2048×1536")
        let all = try cli.run(["screenshots", s, "--sizes", "all", "-o", dir + "/all"])
        #expect(all.status == 0 && files(dir + "/all").count == 7, "\(all.stderr)")
        let bad = try cli.run(["screenshots", s, "--sizes", "6.1", "-o", dir + "/x"])
        #expect(bad.status == 64 && bad.stderr.contains("\"6.1\"") && bad.stderr.contains("5.8, 5.5"), "\(bad.stderr)")
    }

    @Test func aSizeTheStoreRejectsWritesNothing() throws {
        let dir = try cli.temporaryDirectory()
        let good = try write(dir, "good.json", plain)
        let scaled = try write(dir, "scaled.json", #"{"scale": 1, "root": {"view": {"backgroundColor": "systemBlue"}}}"#)
        let canvas = try write(dir, "canvas.json", #"{"canvas": {"size": [51, 31]}, "root": {"switch": {}}}"#)
        let broken = try write(dir, "broken.json", #"{"root": {"view": {"backgroundColor": "nocolor"}}}"#)
        let out = dir + "/store"
        let r = try cli.run(["screenshots", good, scaled, canvas, broken, "-o", out])
        #expect(r.status == 1)
        #expect(r.stderr.contains("scaled.json (5.5-inch): 414×736 pixels") && r.stderr.contains("accepts 1242×2208 or 2208×1242"), "\(r.stderr)")
        #expect(r.stderr.contains("canvas.json (12.9-inch): 102×62 pixels"), "\(r.stderr)")
        #expect(r.stderr.contains("broken.json") && r.stderr.contains("nocolor"))
        // The decode error is said once, not once per size.
        #expect(r.stderr.components(separatedBy: "nocolor").count - 1 == 1, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).allSatisfy { !$0.hasPrefix(".") })
    }

    @Test func aFolderThatIsNotEmptyNeedsForce() throws {
        let dir = try cli.temporaryDirectory()
        let s = try write(dir, "a.json", plain)
        let out = dir + "/store"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        _ = try write(out, "notes.txt", "mine")
        let r = try cli.run(["screenshots", s, "-o", out, "--sizes", "4"])
        #expect(r.status == 64 && r.stderr.contains("--force"), "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: out + "/notes.txt"))
        // --force replaces only a folder Tintype wrote, and never deletes a file it did not write.
        let forced = try cli.run(["screenshots", s, "-o", out, "--sizes", "4", "--force"])
        #expect(forced.status == 64 && forced.stderr.contains("was not written by Tintype"), "\(forced.stderr)")
        #expect(FileManager.default.fileExists(atPath: out + "/notes.txt"))
        try FileManager.default.removeItem(atPath: out + "/notes.txt")
        #expect(try cli.run(["screenshots", s, "-o", out, "--sizes", "4"]).status == 0)
        #expect(files(out) == ["4-inch/a.png"])
        // Written by Tintype, the folder is replaced with --force.
        #expect(try cli.run(["screenshots", s, "-o", out, "--sizes", "4"]).status == 64)
        #expect(try cli.run(["screenshots", s, "-o", out, "--sizes", "4", "--force"]).status == 0)
        // An empty folder is fine; a missing input is a usage error.
        try FileManager.default.createDirectory(atPath: dir + "/empty", withIntermediateDirectories: true)
        #expect(try cli.run(["screenshots", s, "-o", dir + "/empty", "--sizes", "4"]).status == 0)
        #expect(try cli.run(["screenshots", dir + "/nothere.json", "-o", dir + "/x"]).status == 64)
    }

    @Test func aMarketingFrameKeepsTheStoreSizeAndBadOnesAreRefused() throws {
        let dir = try cli.temporaryDirectory()
        let framed = try write(dir, "framed.json", ##"{"marketing": {"caption": "Hello", "background": ["#000000", "#ffffff"]}, "root": {"view": {"backgroundColor": "systemBlue"}}}"##)
        let r = try cli.run(["screenshots", framed, "--sizes", "5.5,4,12.9", "-o", dir + "/out"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(size(dir + "/out/5.5-inch/framed.png") == "1242×2208")
        #expect(size(dir + "/out/4-inch/framed.png") == "640×1136")
        #expect(size(dir + "/out/12.9-inch/framed.png") == "2048×2732")
        // render draws the screen alone: not the same picture.
        #expect(try cli.run(["render", framed, "--device", "iPhone 8 Plus", "-o", dir + "/screen.png"]).status == 0)
        #expect(FileManager.default.contents(atPath: dir + "/screen.png") != FileManager.default.contents(atPath: dir + "/out/5.5-inch/framed.png"))
        // Each bad frame is named with its file and place; nothing is written.
        let bad = [
            ("nocaption.json", ##"{"marketing": {"background": "red"}, "root": {"view": {}}}"##, "marketing.caption"),
            ("badcolor.json", ##"{"marketing": {"caption": "x", "background": ["red", "nocolor"]}, "root": {"view": {}}}"##, "marketing.background[1]"),
            ("onecolor.json", ##"{"marketing": {"caption": "x", "background": ["red"]}, "root": {"view": {}}}"##, "2 to 16 colors, found 1"),
            ("number.json", ##"{"marketing": {"caption": "x", "background": 3}, "root": {"view": {}}}"##, "a list of colors"),
            ("extra.json", ##"{"marketing": {"caption": "x", "subtitle": "y"}, "root": {"view": {}}}"##, "marketing.subtitle"),
        ]
        for (name, text, words) in bad {
            let file = try write(dir, name, text)
            let b = try cli.run(["screenshots", file, "-o", dir + "/bad"])
            #expect(b.status == 1 && b.stderr.contains(name) && b.stderr.contains(words), "\(name): \(b.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/bad"))
        }
        // A framed canvas is still a size the store rejects.
        let canvas = try write(dir, "canvas.json", ##"{"canvas": {"size": [51, 31]}, "marketing": {"caption": "x"}, "root": {"switch": {}}}"##)
        let c = try cli.run(["screenshots", canvas, "--sizes", "5.5", "-o", dir + "/c"])
        #expect(c.status == 1 && c.stderr.contains("rejects") && c.stderr.contains("1242×2208"), "\(c.stderr)")
    }
}
