import Foundation
import Testing
import TintypeRender
@testable import TintypeSnapshot

/// A bitmap of one straight RGBA color with a block of another (stored premultiplied, as Cairo does).
func translucent(_ w: Int, _ h: Int, _ base: (UInt8, UInt8, UInt8, UInt8), block: (x: Int, y: Int, w: Int, h: Int)? = nil,
                 _ color: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)) -> Bitmap {
    var px = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
        for x in 0..<w {
            var c = base
            if let b = block, x >= b.x, x < b.x + b.w, y >= b.y, y < b.y + b.h { c = color }
            func pre(_ v: UInt8) -> UInt8 { UInt8((Int(v) * Int(c.3) + 127) / 255) }
            let i = (y * w + x) * 4
            px[i] = pre(c.2); px[i + 1] = pre(c.1); px[i + 2] = pre(c.0); px[i + 3] = c.3
        }
    }
    return Bitmap(width: w, height: h, pixels: px)
}

/// Goldens of transparent canvases can differ in alpha alone. Blended over white (pixelmatch up to
/// version 6, and Tintype before), a white or light pixel looks the same at any alpha, so these
/// changes counted 0; over pixelmatch 7's checkerboard they are seen.
@Suite struct TransparencyCompareTests {
    @Test func aWhiteShapeThatBecameHalfTransparentIsSeen() {
        let clear = (UInt8(0), UInt8(0), UInt8(0), UInt8(0))
        let a = translucent(20, 20, clear, block: (5, 5, 6, 4), (255, 255, 255, 255))
        let b = translucent(20, 20, clear, block: (5, 5, 6, 4), (255, 255, 255, 128))
        let r = Compare.images(expected: a, actual: b)
        #expect(r.verdict == .different)
        #expect(r.differentPixels == 24, "\(r.summary)")
        #expect(r.changedArea == Comparison.Area(x: 5, y: 5, width: 6, height: 4))
    }

    @Test func aLightShadowThatAppearedOnATransparentCanvasIsSeen() {
        let clear = (UInt8(0), UInt8(0), UInt8(0), UInt8(0))
        let a = translucent(16, 16, clear)
        // A 4×4 near-white wash at 40% opacity: over white it is invisible.
        let b = translucent(16, 16, clear, block: (6, 6, 4, 4), (250, 250, 250, 102))
        let r = Compare.images(expected: a, actual: b)
        #expect(r.differentPixels == 16, "\(r.summary)")
    }

    @Test func alphaWithinTheThresholdStillPasses() {
        // One step of alpha on a dark color is far below the default threshold.
        let a = translucent(8, 8, (20, 20, 20, 200))
        let b = translucent(8, 8, (20, 20, 20, 201))
        let r = Compare.images(expected: a, actual: b)
        #expect(r.passed, "\(r.summary)")
    }

    @Test func theSameTranslucentPixelsAreIdentical() {
        let a = translucent(8, 8, (10, 200, 30, 77))
        #expect(Compare.images(expected: a, actual: a).verdict == .identical)
    }

    @Test func opaquePixelsAreComparedAsBefore() {
        // Opaque pairs never touch the background: black against white is 0.5053 × 255² in Y alone.
        let black = translucent(1, 1, (0, 0, 0, 255)), white = translucent(1, 1, (255, 255, 255, 255))
        let r = Compare.images(expected: black, actual: white, tolerance: Tolerance(threshold: 0.9))
        #expect(r.differentPixels == 1)
        let s = Straight(black), t = Straight(white)
        #expect(abs(abs(YIQ.delta(s, 0, t, 0)) - 0.5053 * 255 * 255) < 1)
        #expect(YIQ.delta(s, 0, t, 0) > 0 && YIQ.delta(t, 0, s, 0) < 0, "the sign says which pixel is lighter")
    }
}
