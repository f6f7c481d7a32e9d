import Foundation
import Testing
@testable import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// Every problem with an image file names the scene file, the path inside the scene and the line
/// and column of the value that named the image, whether the decoder finds it (missing, not a PNG,
/// a header that cannot be right, too large) or only drawing does (image data that is corrupt, an
/// SVG librsvg refuses, cap insets larger than the image); and a corrupt PNG says what is wrong
/// with it, never "out of memory" (what libpng's errors become inside Cairo).
@Suite struct ImageErrorTests {
    // MARK: Making files

    static func chunk(_ type: String, _ data: [UInt8], crc: UInt32? = nil) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc ?? PNGHeader.crc32(body[...]))
    }
    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    /// A PNG assembled chunk by chunk: 4×4 RGBA unless told otherwise, its rows `raw` (filter byte
    /// and pixels) compressed by Tintype's own writer's zlib stream when `idat` is not given.
    static func png(width: UInt32 = 4, height: UInt32 = 4, depth: UInt8 = 8, colorType: UInt8 = 6, interlace: UInt8 = 0,
                    idat: [UInt8]? = nil, idatCRC: UInt32? = nil, end: Bool = true) throws -> [UInt8] {
        let ihdr = be32(width) + be32(height) + [depth, colorType, 0, 0, interlace]
        // The image data of a good 4×4 RGBA PNG, taken from one Tintype writes.
        let good = try Bitmap(width: 4, height: 4, pixels: [UInt8](repeating: 0x80, count: 64)).pngData()
        let data = idat ?? idatData(of: good)
        var out = Array(PNGHeader.signature) + chunk("IHDR", ihdr) + chunk("IDAT", data, crc: idatCRC)
        if end { out += chunk("IEND", []) }
        return out
    }

    /// The contents of the (single) IDAT chunk of a PNG.
    static func idatData(of png: [UInt8]) -> [UInt8] {
        var i = 8
        while i + 8 <= png.count {
            let n = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            if Array(png[(i + 4)..<(i + 8)]) == Array("IDAT".utf8) { return Array(png[(i + 8)..<(i + 8 + n)]) }
            i += 12 + n
        }
        return []
    }

    /// A zlib stream of `raw` stored without compression (so a test can write any row it likes).
    static func stored(_ raw: [UInt8]) -> [UInt8] {
        var adlerA: UInt32 = 1, adlerB: UInt32 = 0
        for b in raw { adlerA = (adlerA + UInt32(b)) % 65521; adlerB = (adlerB + adlerA) % 65521 }
        let n = UInt16(raw.count)
        return [0x78, 0x01, 0x01, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8)] + raw + be32(adlerB << 16 | adlerA)
    }

    /// The scene used for every case: the image's name on line 3, at column 14.
    static func sceneText(_ image: String, extra: String = "") -> String {
        "{\"device\": \"iPhone 8\", \"root\": {\"view\": {\"subviews\": [\n  {\"imageView\": {\"frame\": [0, 0, 40, 40],\(extra)\n    \"image\": \"\(image)\"}}]}}}\n"
    }

    /// Decodes and renders a scene naming `name` (written with `bytes` first unless nil) and returns
    /// the one problem: a decoding issue or a render error, as file, path, position, message.
    func problem(_ name: String, _ bytes: [UInt8]?, extra: String = "") throws -> (path: String, line: Int?, column: Int?, message: String, atDrawTime: Bool) {
        try withTemporaryDirectory { dir in
            if let bytes { FileManager.default.createFile(atPath: dir + "/" + name, contents: Data(bytes)) }
            let scene: Scene
            do throws(SceneError) { scene = try SceneDecoder.decode(Self.sceneText(name, extra: extra), file: "s.json", baseDirectory: dir) } catch {
                let issue = try #require(error.issues.first)
                #expect(error.issues.count == 1 && issue.file == "s.json", "\(error)")
                return (issue.path, issue.position?.line, issue.position?.column, issue.message, false)
            }
            do throws(RenderError) { _ = try sharedRenderer.render(scene) } catch {
                #expect(error.located(in: "s.json").hasPrefix("s.json:\(error.position?.line ?? 0):\(error.position?.column ?? 0): \(error.path): "))
                return (error.path, error.position?.line, error.position?.column, error.message, true)
            }
            Issue.record("\(name) rendered")
            return ("", nil, nil, "", false)
        }
    }

    /// The case's problem is at the image reference, says `expected`, and was found when expected.
    func check(_ name: String, _ bytes: [UInt8]?, extra: String = "", atDrawTime: Bool, _ expected: String,
               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let p = try problem(name, bytes, extra: extra)
        #expect(p.path == "root.subviews[0].image", sourceLocation: sourceLocation)
        #expect(p.line == 3 && p.column == 14, "\(String(describing: p.line)):\(String(describing: p.column))", sourceLocation: sourceLocation)
        #expect(p.message.contains(expected), "\(p.message)", sourceLocation: sourceLocation)
        #expect(!p.message.contains("out of memory"), sourceLocation: sourceLocation)
        #expect(p.atDrawTime == atDrawTime, "found \(p.atDrawTime ? "at draw time" : "when decoding")", sourceLocation: sourceLocation)
    }

    // MARK: Found when decoding

    @Test func missingUnsupportedAndNotImages() throws {
        try check("missing.png", nil, atDrawTime: false, #"image file "missing.png" not found"#)
        try check("x.gif", [0x47, 0x49, 0x46], atDrawTime: false, #"unsupported image "x.gif"; use a .png or .svg file"#)
        try check("text.png", Array("hello".utf8), atDrawTime: false, "is not a PNG (bad signature)")
        try check("empty.png", [], atDrawTime: false, "is not a PNG (bad signature)")
        try check("text.svg", Array("hello".utf8), atDrawTime: false, "is not an SVG (no <svg> element)")
        try withTemporaryDirectory { dir in
            // A folder by the image's name is not a file that can be read, and is called a folder.
            try FileManager.default.createDirectory(atPath: dir + "/folder.png", withIntermediateDirectories: false)
            let issues: [SceneIssue]
            do throws(SceneError) { _ = try SceneDecoder.decode(Self.sceneText("folder.png"), file: "s.json", baseDirectory: dir); issues = [] } catch { issues = error.issues }
            #expect(issues.count == 1 && issues[0].position == SourcePosition(line: 3, column: 14) 
                    && issues[0].message == "image file \"folder.png\" is a folder, not a file", "\(issues)")
        }
    }

    @Test func badHeadersAndSizes() throws {
        try check("crc.png", Array(try Self.png().enumerated().map { $0.offset == 29 ? $0.element ^ 0xFF : $0.element }), atDrawTime: false,
                  "is a corrupt PNG: the header's checksum (CRC) does not match")
        try check("depth7.png", try Self.png(depth: 7), atDrawTime: false, "is a corrupt PNG: bit depth 7 is not valid for color type 6")
        try check("zero.png", try Self.png(width: 0, height: 0), atDrawTime: false, "is a corrupt PNG: its size 0×0 is not valid")
        try check("huge.png", try Self.png(width: 20000, height: 20000), atDrawTime: false,
                  #"image file "huge.png" is too large: it is 20000×20000 pixels, more than the limit"#)
    }

    // MARK: Found when drawing

    @Test func corruptImageDataSaysWhatIsWrong() throws {
        try check("zlib.png", try Self.png(idat: Array("garbage garbage garbage".utf8)), atDrawTime: true,
                  "is a corrupt PNG: its compressed image data is not valid (zlib: incorrect header check)")
        try check("idatcrc.png", try Self.png(idatCRC: 1), atDrawTime: true, "is a corrupt PNG: the checksum (CRC) of its IDAT chunk does not match")
        let whole = try Self.png()
        try check("cut.png", Array(whole.prefix(whole.count - 20)), atDrawTime: true, "is a corrupt PNG: it ends inside its IDAT chunk")
        try check("short.png", try Self.png(idat: Self.stored([0, 1, 2, 3])), atDrawTime: true,
                  "is a corrupt PNG: its image data ends early: 4 of the 68 bytes a 4×4 image needs")
        try check("interlaced.png", try Self.png(interlace: 1, idat: Self.stored([UInt8](repeating: 0, count: 10))), atDrawTime: true,
                  "is a corrupt PNG: its image data ends early: 10 of the 71 bytes a 4×4 image needs")
        var rows = [UInt8]()
        for y in 0..<4 { rows += [y == 2 ? 9 : 0] + [UInt8](repeating: 0x80, count: 16) }
        try check("filter.png", try Self.png(idat: Self.stored(rows)), atDrawTime: true,
                  "is a corrupt PNG: row 3 of its image data has filter type 9, which PNG does not define (0 to 4)")
        try check("nopalette.png", try Self.png(colorType: 3, idat: Self.stored([UInt8](repeating: 0, count: 20))), atDrawTime: true,
                  "is a corrupt PNG: it has no palette (PLTE chunk), which color type 3 needs")
    }

    @Test func svgsThatCannotBeDrawn() throws {
        try check("broken.svg", Array("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect".utf8), atDrawTime: true,
                  #"image file "broken.svg" is not a valid SVG: XML parse error"#)
        try check("nosize.svg", Array("<svg xmlns='http://www.w3.org/2000/svg'><rect width='5' height='5'/></svg>".utf8), atDrawTime: true,
                  #"image file "nosize.svg" has no size: give the <svg> a width and height or a viewBox"#)
        // Cap insets draw an SVG whole as pixels first: a huge one is refused before any memory is taken.
        try check("huge.svg", Array("<svg xmlns='http://www.w3.org/2000/svg' width='11000' height='11000'/>".utf8), extra: " \"capInsets\": 4,", atDrawTime: true,
                  #"image file "huge.svg" is 11000×11000 points, 22000×22000 pixels at this scale"#)
    }

    @Test func capInsetsLargerThanTheImage() throws {
        let good = try Self.png()
        try check("wide.png", good, extra: " \"capInsets\": [1, 3, 1, 3],", atDrawTime: true,
                  #"the cap insets are larger than image file "wide.png" (4×4 points): left 3 and right 3 add up to more than its width"#)
        try check("tall.png", good, extra: " \"capInsets\": [2, 0, 2.5, 0],", atDrawTime: true,
                  "top 2 and bottom 2.5 add up to more than its height")
        // Caps that meet leave a middle of nothing and are drawn, as UIKit draws them.
        try withTemporaryDirectory { dir in
            FileManager.default.createFile(atPath: dir + "/meet.png", contents: Data(good))
            _ = try sharedRenderer.render(try SceneDecoder.decode(Self.sceneText("meet.png", extra: " \"capInsets\": 2,"), file: "s.json", baseDirectory: dir))
        }
    }

    /// Draw-time errors in a value that came from an included file are placed in that file.
    @Test func anImageFromAnIncludedFileIsPlacedThere() throws {
        try withTemporaryDirectory { dir in
            FileManager.default.createFile(atPath: dir + "/bad.png", contents: Data(try Self.png(idatCRC: 7)))
            try "{\"root\": {\"view\": {\"subviews\": [\n {\"button\": {\"frame\": [0, 0, 40, 40], \"image\": \"bad.png\"}}]}}}".write(toFile: dir + "/theme.json", atomically: true, encoding: .utf8)
            try #"{"include": ["theme.json"], "device": "iPhone 8"}"#.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
            let scene = try SceneDecoder.load(path: dir + "/s.json")
            #expect {
                try sharedRenderer.render(scene)
            } throws: { error in
                guard let e = error as? RenderError else { return false }
                // The include is named as the scene names it, beside the scene file.
                return e.located(in: dir + "/s.json") == dir + #"/theme.json:2:48: root.subviews[0].image: image file "bad.png" is a corrupt PNG: the checksum (CRC) of its IDAT chunk does not match"#
            }
        }
    }

    /// A scene made in Swift has no file: its errors carry no place, and print as before.
    @Test func aSwiftSceneHasNoPlace() throws {
        let e = RenderError(path: "root.image", message: "m")
        #expect(e.located(in: "Tests.swift") == "Tests.swift: root.image: m")
        #expect(RenderError(path: "p", message: "m", position: SourcePosition(line: 2, column: 3)).located(in: "a.json", variant: "iPhone X") == "a.json:2:3 [iPhone X]: p: m")
        #expect(ImageSource("a.png", position: SourcePosition(line: 1, column: 1)) == ImageSource("a.png"), "the place is not part of the image")
    }
}
