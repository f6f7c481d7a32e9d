import Foundation
import Testing
import TintypeModel
import TintypeRender
@testable import TintypeSnapshot

/// A bitmap of one color with optional pixels painted over it (premultiplied BGRA, opaque colors).
func solid(_ w: Int, _ h: Int, _ rgb: (UInt8, UInt8, UInt8), paint: [(Int, Int, (UInt8, UInt8, UInt8))] = []) -> Bitmap {
    var px = [UInt8](repeating: 0, count: w * h * 4)
    func set(_ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8)) {
        let i = (y * w + x) * 4
        px[i] = c.2; px[i + 1] = c.1; px[i + 2] = c.0; px[i + 3] = 255
    }
    for y in 0..<h { for x in 0..<w { set(x, y, rgb) } }
    for (x, y, c) in paint { set(x, y, c) }
    return Bitmap(width: w, height: h, pixels: px)
}

@Suite struct CompareTests {
    /// Within tolerance is not unchanged: every pixel whose bytes differ is counted (threshold 0),
    /// whatever the tolerance makes of it, and strict fails on any of them.
    @Test func changesWithinToleranceAreCountedAndStrictFailsThem() {
        let a = solid(40, 30, (200, 200, 200))
        // One level brighter in 12 pixels: below the default threshold, as a release-only
        // miscompile's color shift can be.
        let b = solid(40, 30, (200, 200, 200), paint: (0..<12).map { ($0, 3, (201, 200, 200)) })
        let r = Compare.images(expected: a, actual: b)
        #expect(r.verdict == .similar && r.passed && r.passedWithChanges)
        #expect(r.differentPixels == 0 && r.changedPixels == 12)
        #expect(r.summary == "within tolerance: 12 pixels changed (1%), none beyond the threshold", "\(r.summary)")
        var strict = Tolerance.default
        strict.strict = true
        let s = Compare.images(expected: a, actual: b, tolerance: strict)
        #expect(s.verdict == .different && !s.passed && s.changedPixels == 12)
        #expect(s.summary == "12 pixels changed (1%), none beyond the threshold (strict: any change fails)", "\(s.summary)")
        // Tolerated differences say how many pixels changed in all.
        let c = solid(40, 30, (200, 200, 200), paint: (0..<12).map { ($0, 3, (201, 200, 200)) } + [(20, 20, (0, 0, 0))])
        let t = Compare.images(expected: a, actual: c, tolerance: Tolerance(maxDifferentPixels: 1))
        #expect(t.verdict == .similar && t.differentPixels == 1 && t.changedPixels == 13)
        #expect(t.summary.hasSuffix("; 13 pixels changed (1.08%) in all, within tolerance"), "\(t.summary)")
        #expect(Compare.images(expected: a, actual: a, tolerance: strict).verdict == .identical)
    }

    /// Opaque bitmaps are compared where they are (B, G, R, A), others unpremultiplied into R, G,
    /// B, A: the metric, the anti-aliasing test and the diff's gray read the same colors both ways.
    @Test func anOpaqueBitmapReadInPlaceMeasuresAsItsCopy() {
        var seed: UInt32 = 99
        func next() -> UInt8 { seed = seed &* 1_103_515_245 &+ 12345; return UInt8(truncatingIfNeeded: seed >> 16) }
        let w = 23, h = 17
        // Flat areas with noise in them, so that some pixels are anti-aliasing and some are not.
        func image() -> Bitmap {
            solid(w, h, (next(), next(), next()), paint: (0..<120).map { _ in (Int(next()) % w, Int(next()) % h, (next() | 3, next(), next() & 0xF0)) })
        }
        let a = image(), b = image()
        #expect(Straight.isOpaque(a) && Straight.isOpaque(b))
        let inPlace = (Straight(a, borrowing: true), Straight(b, borrowing: true))
        let copied = (Straight(a, borrowing: false), Straight(b, borrowing: false))
        var antialiased = 0
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x
                #expect(YIQ.delta(inPlace.0, i, inPlace.1, i) == YIQ.delta(copied.0, i, copied.1, i))
                #expect(YIQ.fadedGray(inPlace.0, i) == YIQ.fadedGray(copied.0, i))
                let aa = YIQ.antialiased(inPlace.0, x, y, w, h, other: inPlace.1)
                #expect(aa == YIQ.antialiased(copied.0, x, y, w, h, other: copied.1))
                if aa { antialiased += 1 }
            }
        }
        #expect(antialiased > 0, "the images have anti-aliasing for the test to compare")
        withExtendedLifetime((a, b)) {}
        var translucent = a
        translucent.pixels[3] = 128
        #expect(!Straight.isOpaque(translucent))
    }

    @Test func identicalImagesTakeTheFastPath() {
        let a = solid(20, 10, (255, 255, 255))
        let r = Compare.images(expected: a, actual: a)
        #expect(r.verdict == .identical && r.differentPixels == 0 && r.changedArea == nil)
        #expect(r.summary == "identical")
        let (_, diff) = Compare.imagesWithDiff(expected: a, actual: a)
        #expect(diff == nil, "no diff image is drawn for identical images")
    }

    @Test func aSizeMismatchIsAClearFailure() {
        let r = Compare.images(expected: solid(750, 1334, (0, 0, 0)), actual: solid(750, 1336, (0, 0, 0)))
        #expect(r.verdict == .different)
        #expect(r.summary == "golden is 750×1334, render is 750×1336")
    }

    @Test func countsAndChangedArea() {
        let a = solid(40, 30, (255, 255, 255))
        // A 3×2 black block inside a flat area is a real change, not anti-aliasing.
        let b = solid(40, 30, (255, 255, 255), paint: [(10, 5, (0, 0, 0)), (11, 5, (0, 0, 0)), (12, 5, (0, 0, 0)),
                                                       (10, 6, (0, 0, 0)), (11, 6, (0, 0, 0)), (12, 6, (0, 0, 0))])
        let r = Compare.images(expected: a, actual: b)
        #expect(r.verdict == .different)
        #expect(r.differentPixels == 6)
        #expect(r.changedArea == Comparison.Area(x: 10, y: 5, width: 3, height: 2))
        #expect(r.summary.hasPrefix("6 pixels differ"))
    }

    @Test func smallColorChangesPassTheDefaultThresholdButNotExact() {
        let a = solid(10, 10, (100, 100, 100))
        let b = solid(10, 10, (100, 101, 100))
        let loose = Compare.images(expected: a, actual: b)
        #expect(loose.verdict == .similar && loose.differentPixels == 0)
        let exact = Compare.images(expected: a, actual: b, tolerance: .exact)
        #expect(exact.verdict == .different && exact.differentPixels == 100)
    }

    @Test func toleranceKnobs() {
        let a = solid(10, 10, (255, 255, 255))
        let b = solid(10, 10, (255, 255, 255), paint: [(2, 2, (0, 0, 0)), (3, 2, (0, 0, 0)), (2, 3, (0, 0, 0)), (3, 3, (0, 0, 0))])
        #expect(Compare.images(expected: a, actual: b).verdict == .different)
        #expect(Compare.images(expected: a, actual: b, tolerance: Tolerance(maxDifferentPixels: 4)).verdict == .similar)
        #expect(Compare.images(expected: a, actual: b, tolerance: Tolerance(maxDifferentPixels: 3)).verdict == .different)
        #expect(Compare.images(expected: a, actual: b, tolerance: Tolerance(maxDifferentRatio: 0.04)).verdict == .similar)
        #expect(Compare.images(expected: a, actual: b, tolerance: Tolerance(maxDifferentRatio: 0.03)).verdict == .different)
    }

    /// A text edge that moved by a fraction of a pixel changes anti-aliased pixels only: reported
    /// apart and not counted by default.
    @Test func subpixelShiftIsDetectedAsAntialiasing() throws {
        let renderer = Renderer()
        func render(_ x: Double) throws -> Bitmap {
            try renderer.render(try SceneDecoder.decode("""
            { "device": "iPhone SE", "scale": 1, "root": { "view": { "subviews": [
              { "shape": { "frame": [\(x), 20, 100, 60], "path": "M0 0 L100 60 L0 60 Z", "fill": "black" } }
            ] } } }
            """))
        }
        let r = Compare.images(expected: try render(20), actual: try render(20.3))
        #expect(r.antialiasedPixels > 0)
        #expect(r.differentPixels == 0, "only edge pixels changed; found \(r.differentPixels) counted")
        #expect(r.verdict == .similar)
        let counted = Compare.images(expected: try render(20), actual: try render(20.3), tolerance: Tolerance(countAntialiasing: true))
        #expect(counted.verdict == .different && counted.differentPixels == r.antialiasedPixels)
    }

    @Test func diffImageMarksChangesRedAndFadesTheRest() throws {
        let a = solid(8, 8, (0, 0, 0))
        let b = solid(8, 8, (0, 0, 0), paint: [(4, 4, (255, 255, 255)), (5, 4, (255, 255, 255)), (4, 5, (255, 255, 255)), (5, 5, (255, 255, 255))])
        let (r, diff) = Compare.imagesWithDiff(expected: a, actual: b)
        let d = try #require(diff)
        #expect(r.differentPixels == 4)
        #expect(d.rgba8(x: 4, y: 4) == (255, 0, 0, 255))
        let gray = d.rgba8(x: 0, y: 0)
        #expect(gray.r == gray.g && gray.g == gray.b && gray.r > 200, "black fades toward white, found \(gray)")
    }

    @Test func stripPlacesImagesSideBySide() {
        let s = Strip.make([solid(10, 20, (255, 0, 0)), solid(5, 5, (0, 0, 255))])
        #expect(s.width == 10 + 5 + 16 * 3 && s.height == 20 + 32)
        #expect(s.rgba8(x: 16, y: 16) == (255, 0, 0, 255))
        #expect(s.rgba8(x: 16 + 10 + 16, y: 16) == (0, 0, 255, 255))
    }
}
