import Foundation
import Testing

/// The image maker as a user meets it: output formats by name or --format, vector goldens.
@Suite struct ImageMakerTests {
    let cli = CLITests()
    let scene = #"{ "device": "iPhone SE", "scale": 1, "root": { "view": { "backgroundColor": "systemBlue", "subviews": [ { "label": { "text": "Hello", "frame": [20, 40, 200, 30] } } ] } } }"#

    func writeScene(_ dir: String, _ name: String = "s.json", _ text: String? = nil) throws -> String {
        let path = dir + "/" + name
        try (text ?? scene).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func bytes(_ path: String) -> [UInt8] { FileManager.default.contents(atPath: path).map(Array.init) ?? [] }

    @Test func unknownExtensionIsAnErrorNamingTheFormats() throws {
        let dir = try cli.temporaryDirectory()
        let s = try writeScene(dir)
        for name in ["card.jpg", "card.webp", "card.JPEG", "card.gif"] {
            let r = try cli.run(["render", s, "-o", dir + "/" + name])
            #expect(r.status == 64, "\(name)")
            #expect(r.stderr.contains("png, svg or pdf"), "\(name): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/" + name), "\(name) was written")
        }
        let bad = try cli.run(["render", s, "--format", "webp", "-o", dir + "/x.png"])
        #expect(bad.status == 64 && bad.stderr.contains("--format takes png, svg or pdf"))
        let mismatch = try cli.run(["render", s, "--format", "svg", "-o", dir + "/x.pdf"])
        #expect(mismatch.status == 64 && mismatch.stderr.contains("does not match"))
    }

    @Test func formatsByExtensionAndByOption() throws {
        let dir = try cli.temporaryDirectory()
        let s = try writeScene(dir)
        #expect(try cli.run(["render", s, "-o", dir + "/a.svg"]).status == 0)
        #expect(try cli.run(["render", s, "-o", dir + "/a.PDF"]).status == 0)
        #expect(try cli.run(["render", s, "-o", dir + "/a.png"]).status == 0)
        let svg = String(decoding: bytes(dir + "/a.svg"), as: UTF8.self)
        #expect(svg.hasPrefix("<?xml") && svg.contains("<svg") && svg.contains("width=\"320px\""))
        // SVG text is outlined: paths, no <text>.
        #expect(!svg.contains("<text"))
        #expect(bytes(dir + "/a.PDF").starts(with: Array("%PDF-".utf8)))
        #expect(bytes(dir + "/a.png").starts(with: cli.pngSignature))
        // --format into a folder names the files by it; to standard output it writes those bytes.
        #expect(try cli.run(["render", s, "--format", "svg", "-o", dir + "/out/"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: dir + "/out/s.svg"))
        let stdout = try cli.run(["render", s, "--format", "pdf", "-o", "-"])
        #expect(stdout.status == 0 && Array(stdout.stdout).starts(with: Array("%PDF-".utf8)))
    }

    @Test func vectorOutputIsTheSameBytesEveryRun() throws {
        let dir = try cli.temporaryDirectory()
        let s = try writeScene(dir)
        for ext in ["svg", "pdf"] {
            #expect(try cli.run(["render", s, "-o", dir + "/one." + ext]).status == 0)
            #expect(try cli.run(["render", s, "-o", dir + "/two." + ext]).status == 0)
            #expect(bytes(dir + "/one." + ext) == bytes(dir + "/two." + ext), "\(ext) differs between runs")
        }
        let pdf = String(decoding: bytes(dir + "/one.pdf"), as: UTF8.self)
        #expect(!pdf.contains("CreationDate") && !pdf.contains("ModDate"))
        // The text is kept as text, in an embedded font.
        #expect(pdf.contains("/FontFile") || pdf.contains("/FontDescriptor"))
    }

    @Test func severalScenesMakeOnePDFWithAPageEach() throws {
        let dir = try cli.temporaryDirectory()
        let a = try writeScene(dir, "a.json")
        let b = try writeScene(dir, "b.json", #"{ "device": "iPad", "scale": 1, "root": { "view": { "backgroundColor": "systemRed" } } }"#)
        let r = try cli.run(["render", a, b, "-o", dir + "/book.pdf"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.out.contains("2 pages"))
        let pdf = String(decoding: bytes(dir + "/book.pdf"), as: UTF8.self)
        let pages = pdf.components(separatedBy: "/Type /Page\n").count - 1 + pdf.components(separatedBy: "/Type /Page ").count - 1
        #expect(pages == 2)
        // Each page is its scene's size in points: an iPhone SE, then an iPad.
        #expect(pdf.contains("/MediaBox [ 0 0 320 568 ]") && pdf.contains("/MediaBox [ 0 0 768 1024 ]"))
        // A failing scene writes nothing at all.
        let broken = try writeScene(dir, "broken.json", #"{ "root": { "view": { "backgroundColor": "nocolor" } } }"#)
        let f = try cli.run(["render", a, broken, "-o", dir + "/failed.pdf"])
        #expect(f.status == 1 && f.stderr.contains("broken.json"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/failed.pdf"))
        // The PDF's folder is made when missing.
        #expect(try cli.run(["render", a, b, "-o", dir + "/new/book.pdf"]).status == 0)
        #expect(bytes(dir + "/new/book.pdf").starts(with: Array("%PDF-".utf8)))
        // Several scenes into one PNG or SVG file is refused.
        #expect(try cli.run(["render", a, b, "-o", dir + "/both.svg"]).status == 64)
    }

    @Test func renderWillNotOverwriteAVectorGolden() throws {
        let dir = try cli.temporaryDirectory()
        let s = try writeScene(dir, "card.json")
        try Array("<svg/>".utf8).withUnsafeBufferPointer { try Data(buffer: $0).write(to: URL(fileURLWithPath: dir + "/card.svg")) }
        let r = try cli.run(["render", s, "-o", dir + "/card.svg"])
        #expect(r.status == 64 && r.stderr.contains("is the golden of"), "\(r.stderr)")
        #expect(bytes(dir + "/card.svg") == Array("<svg/>".utf8))
        // A PDF golden the same way (the scene's golden is its PNG, else its SVG, else its PDF).
        try FileManager.default.removeItem(atPath: dir + "/card.svg")
        try Array("%PDF-".utf8).withUnsafeBufferPointer { try Data(buffer: $0).write(to: URL(fileURLWithPath: dir + "/card.pdf")) }
        let book = try cli.run(["render", s, "-o", dir + "/card.pdf"])
        #expect(book.status == 64 && book.stderr.contains("is the golden of"), "\(book.stderr)")
        #expect(bytes(dir + "/card.pdf").count == 5, "the PDF golden was overwritten")
    }

    @Test func vectorGoldensAreComparedAsPixels() throws {
        let dir = try cli.temporaryDirectory()
        _ = try writeScene(dir, "card.json")
        #expect(try cli.run(["render", dir + "/card.json", "-o", dir + "/card.svg"]).status == 0)
        #expect(try cli.run(["render", dir + "/card.json", "-o", dir + "/card2.pdf"]).status == 0)
        let artifacts = dir + "/artifacts"
        let pass = try cli.run(["test", dir, "--record", "never", "--artifacts", artifacts])
        #expect(pass.status == 0, "\(pass.out)")
        #expect(pass.out.contains("1 passed"))
        // The same drawing in other bytes (a comment) still passes, compared as pixels.
        var svg = String(decoding: bytes(dir + "/card.svg"), as: UTF8.self)
        svg = svg.replacingOccurrences(of: "<defs>", with: "<!-- edited --><defs>")
        try svg.write(toFile: dir + "/card.svg", atomically: true, encoding: .utf8)
        let still = try cli.run(["test", dir, "--record", "never", "--artifacts", artifacts])
        #expect(still.status == 0, "\(still.out)")
        // A changed color fails, with pixel artifacts.
        svg = svg.replacingOccurrences(of: "fill:rgb(0%,0%,0%)", with: "fill:rgb(100%,0%,0%)")
        try svg.write(toFile: dir + "/card.svg", atomically: true, encoding: .utf8)
        let fail = try cli.run(["test", dir, "--record", "never", "--artifacts", artifacts])
        #expect(fail.status == 1)
        #expect(fail.out.contains("card.svg does not match (drawn as pixels)"), "\(fail.out)")
        #expect(FileManager.default.fileExists(atPath: artifacts + "/" + dir.dropFirst() + "/card.diff.png")
                || fail.out.contains("card.diff.png"))
        // PDF goldens the same way.
        try FileManager.default.removeItem(atPath: dir + "/card.svg")
        try FileManager.default.moveItem(atPath: dir + "/card2.pdf", toPath: dir + "/card.pdf")
        let pdf = try cli.run(["test", dir, "--record", "never", "--artifacts", artifacts])
        #expect(pdf.status == 0, "\(pdf.out)")
    }
}
