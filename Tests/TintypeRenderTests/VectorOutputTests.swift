import Foundation
import Testing
import TintypeModel
import TintypeSnapshot
@testable import TintypeLayout
@testable import TintypeRender

/// SVG and PDF are drawn from the same display list as the PNG, so drawn back to pixels (librsvg,
/// poppler) they must show what the PNG shows.
@Suite struct VectorOutputTests {
    /// A card with a shadow, at 2x and 3x: the SVG's shadow is where the PNG's is, at its size.
    @Test(arguments: [2.0, 3.0])
    func aShadowInSVGIsThePNGsShadow(scale: Double) throws {
        let s = try scene("""
        {"device": "iPhone 8", "scale": \(scale), "root": {"view": {"backgroundColor": "white", "subviews": [
          {"view": {"frame": [60, 80, 200, 120], "backgroundColor": "white", "cornerRadius": 12,
                    "shadowOpacity": 0.5, "shadowRadius": 12, "shadowOffset": [0, 8]}}]}}}
        """)
        let renderer = Renderer(warn: { _ in })
        let png = try renderer.render(s)
        for format in [ImageFormat.svg, .pdf] {
            let drawn = try DocumentRasterizer.bitmap(try renderer.render(s, as: format), format: format, width: png.width, height: png.height)
            let result = Compare.images(expected: png, actual: drawn, tolerance: Tolerance(maxDifferentRatio: 0.001))
            #expect(result.passed, "\(format.rawValue) at \(scale)x: \(result.summary)")
        }
    }
}
