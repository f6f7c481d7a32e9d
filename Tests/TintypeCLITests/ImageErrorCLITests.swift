import Foundation
import Testing

/// An image that fails only when drawn is reported as the decoder reports a bad value: the scene
/// file, the line and column of the image reference, the path, and what is wrong with the file.
extension CLITests {
    @Test func aCorruptImageIsReportedAtItsLineAndColumn() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A good header passes the decoder's check; the chunk after it is garbage.
        _ = FileManager.default.createFile(atPath: dir + "/junk.png", contents: pngHeader(width: 10, height: 10))
        write("{\"device\": \"iPhone SE\",\n \"root\": {\"view\": {\"subviews\": [\n  {\"imageView\": {\"frame\": [0, 0, 10, 10], \"image\": \"junk.png\"}}]}}}\n",
              to: dir + "/s.json")
        let expected = #"s.json:3:52: root.subviews[0].image: image file "junk.png" is a corrupt PNG: its chunk number 2, at byte 33, has no valid type or length"#
        let render = try run(["render", "s.json", "-o", "out.png"], in: dir)
        #expect(render.status == 1)
        #expect(render.stderr.contains("Error: " + expected), "\(render.stderr)")
        #expect(!render.stderr.contains("out of memory"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
        let test = try run(["test", ".", "--record", "never"], in: dir)
        #expect(test.status == 1)
        #expect(test.out.contains("rendering failed: ./" + expected), "\(test.out)")
    }
}
