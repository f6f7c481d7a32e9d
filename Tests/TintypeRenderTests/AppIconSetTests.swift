import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// The pixels of an app icon set: each size drawn from the one source, opaque, sharp at the edges.
@Suite struct AppIconSetTests {
    func temporaryFile(_ name: String, _ text: String) throws -> String {
        let dir = NSTemporaryDirectory() + "tintype-icon-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func rgba(_ b: Bitmap, _ x: Int, _ y: Int) -> [Int] {
        let c = b.rgba8(x: x, y: y)
        return [c.r, c.g, c.b, c.a]
    }

    @Test func everySizeShowsTheSourceOpaque() throws {
        // Left half red, right half blue.
        let svg = try temporaryFile("icon.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">
              <rect width="32" height="64" fill="#ff0000"/><rect x="32" width="32" height="64" fill="#0000ff"/>
            </svg>
            """)
        let files = try AppIconSet.make(from: svg)
        #expect(Set(files.keys) == Set(AppIconSet.filenames))
        for slot in AppIconSet.slots {
            let b = try Bitmap(png: try #require(files[slot.filename]))
            #expect(b.width == slot.pixels && b.height == slot.pixels)
            let n = slot.pixels
            #expect(rgba(b, 0, 0) == [255, 0, 0, 255], "\(slot.filename)")
            #expect(rgba(b, n - 1, n - 1) == [0, 0, 255, 255], "\(slot.filename)")
        }
    }

    @Test func aSceneIsDrawnAt1024AndScaledDown() throws {
        let scene = try temporaryFile("icon.json", ##"{"canvas": {"size": [512, 512]}, "root": {"view": {"backgroundColor": "#00ff00", "subviews": [{"view": {"frame": [0, 0, 256, 512], "backgroundColor": "#000000"}}]}}}"##)
        let files = try AppIconSet.make(from: scene)
        let large = try Bitmap(png: try #require(files["Icon-1024.png"]))
        #expect(large.width == 1024)
        #expect(rgba(large, 511, 5) == [0, 0, 0, 255])
        #expect(rgba(large, 512, 5) == [0, 255, 0, 255])
        // Scaled down, the edge between the halves stays where it was, and the corners stay opaque.
        let small = try Bitmap(png: try #require(files["Icon-40.png"]))
        #expect(rgba(small, 19, 0) == [0, 0, 0, 255])
        #expect(rgba(small, 20, 39) == [0, 255, 0, 255])
    }

    @Test func contentsJSONIsXcodes() throws {
        let json = AppIconSet.contentsJSON()
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((parsed["info"] as? [String: Any])?["author"] as? String == "xcode")
        #expect(json.contains(#""size" : "83.5x83.5""#) && json.contains(#""idiom" : "ios-marketing""#))
        #expect(AppIconSet.filenames.count == 14)
    }
}
