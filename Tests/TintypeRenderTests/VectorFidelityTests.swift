import Foundation
import Testing
import TintypeModel
import TintypeSnapshot
@testable import TintypeLayout
@testable import TintypeRender

/// Every scene in Snapshots/, written as SVG and as PDF and drawn back to pixels (librsvg, poppler),
/// against its PNG render: the vector writers must draw what the raster draws.
@Suite struct VectorFidelityTests {
    /// How far a document drawn back may be from the PNG: pixelmatch's default threshold, anti-aliased
    /// pixels apart, and at most this share of the screen's pixels beyond it. Glyphs are outlined in
    /// SVG and rasterized again by another library, so edges differ a little: of the suite's 263
    /// renders, the farthest are color emoji (Localization/emoji: 0.68% as SVG, 0.74% as PDF, the
    /// emoji bitmaps scaled by librsvg and poppler rather than by Cairo) and 1x text drawn back from a
    /// PDF (Text/text-sizes-1x, 0.54%); every other is under 0.5%. A shadow drawn at twice its size
    /// in SVG (fixed in 7783c59) was 3.5% of a card.
    static let maxDifferentRatio = 0.01

    @Test(arguments: snapshotCases())
    func vectorOutputDrawsWhatThePNGDraws(_ testCase: String) throws {
        let parts = testCase.split(separator: "#", maxSplits: 1).map(String.init)
        let file = SceneFile(path: snapshotsRoot + "/" + parts[0], root: snapshotsRoot)
        let suffix = parts.count > 1 ? parts[1] : nil
        guard let output = file.outputs.first(where: { $0.suffix == suffix }), let scene = output.variant?.scene else {
            Issue.record("\(testCase) does not decode: \(file.error ?? "")")
            return
        }
        let renderer = sharedRenderer
        let png = try renderer.render(scene)
        for format in [ImageFormat.svg, .pdf] {
            let bytes = try renderer.render(scene, as: format)
            let back = try DocumentRasterizer.bitmap(bytes, format: format, width: png.width, height: png.height)
            let c = Compare.images(expected: png, actual: back, tolerance: Tolerance(threshold: 0.1))
            #expect(c.differentRatio <= Self.maxDifferentRatio,
                    "\(testCase) as \(format.rawValue): \(c.summary)")
        }
    }
}
