import Foundation
import Testing
import TintypeModel
import TintypeSnapshot
@testable import TintypeLayout
@testable import TintypeRender

/// Every scene under Snapshots/ renders to exactly the golden PNG beside it (pixel for pixel).
/// A failure writes the render to .build/snapshot-failures/ to look at.
@Suite struct SnapshotSuiteTests {
    @Test func suiteIsNotEmpty() {
        #expect(snapshotScenes().count >= 8)
    }

    /// The README shows the gallery from the goldens: every picture it names exists.
    @Test func readmePicturesExist() throws {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        let sources = readme.components(separatedBy: "src=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
        #expect(sources.count >= 10)
        for source in sources {
            #expect(FileManager.default.fileExists(atPath: repositoryRoot + "/" + source), "README shows \(source), which does not exist")
        }
    }

    @Test(arguments: snapshotCases())
    func sceneMatchesGolden(_ testCase: String) throws {
        let parts = testCase.split(separator: "#", maxSplits: 1).map(String.init)
        let relative = parts[0]
        let suffix = parts.count > 1 ? parts[1] : ""
        let file = SceneFile(path: snapshotsRoot + "/" + relative, root: snapshotsRoot)
        guard let output = file.outputs.first(where: { ($0.suffix ?? "") == suffix }), let scene = output.variant?.scene else {
            Issue.record("\(relative)\(suffix): \(file.error ?? "no such variant")")
            return
        }
        let goldenPath = output.golden
        guard FileManager.default.fileExists(atPath: goldenPath) else {
            Issue.record("no golden beside \(relative)\(suffix): record it with 'tintype test --record missing', look at it, and commit it")
            return
        }
        if let format = ImageFormat(path: goldenPath), format != .png {
            try vectorMatchesGolden(scene, format: format, goldenPath: goldenPath, relative: relative + suffix)
            return
        }
        let actual = try sharedRenderer.render(scene)
        let golden = try Bitmap(pngFile: goldenPath)
        #expect(golden.width == actual.width && golden.height == actual.height,
                "golden is \(golden.width)×\(golden.height), render is \(actual.width)×\(actual.height)")
        guard golden.width == actual.width, golden.height == actual.height else { return }
        if golden.pixels != actual.pixels {
            var differing = 0
            for i in stride(from: 0, to: golden.pixels.count, by: 4) where golden.pixels[i..<i + 4] != actual.pixels[i..<i + 4] {
                differing += 1
            }
            let dir = repositoryRoot + "/.build/snapshot-failures/" + (relative as NSString).deletingLastPathComponent
            try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let out = dir + "/" + ((relative as NSString).lastPathComponent as NSString).deletingPathExtension + suffix + ".actual.png"
            try? actual.writePNG(to: out)
            Issue.record("\(relative): \(differing) of \(golden.width * golden.height) pixels differ from the golden; the render is at \(out)")
        }
    }

    /// An SVG or PDF golden: the same bytes, or else the same pixels exactly when both are drawn
    /// back (librsvg, poppler) at the scene's pixel size.
    private func vectorMatchesGolden(_ scene: Scene, format: ImageFormat, goldenPath: String, relative: String) throws {
        let actual = try sharedRenderer.render(scene, as: format)
        let golden = try [UInt8](Data(contentsOf: URL(fileURLWithPath: goldenPath)))
        if actual == golden { return }
        let w = scene.pixelWidth, h = scene.pixelHeight
        let expectedPixels = try DocumentRasterizer.bitmap(golden, format: format, width: w, height: h)
        let actualPixels = try DocumentRasterizer.bitmap(actual, format: format, width: w, height: h)
        if expectedPixels.pixels != actualPixels.pixels {
            let dir = repositoryRoot + "/.build/snapshot-failures/" + (relative as NSString).deletingLastPathComponent
            try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let out = dir + "/" + ((relative as NSString).lastPathComponent as NSString).deletingPathExtension + ".actual.png"
            try? actualPixels.writePNG(to: out)
            Issue.record("\(relative): the \(format.rawValue.uppercased()) golden's pixels differ from the render's; the render, drawn as pixels, is at \(out)")
        }
    }
}
