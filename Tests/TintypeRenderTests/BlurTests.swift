import CCairo
import Foundation
import Testing
@testable import TintypeLayout
@testable import TintypeRender

/// The blur against a plain reference (one channel at a time, every pass over the whole image,
/// dividing), on noise and on sharp shapes: the fast blur must give the very same bytes, also when
/// it computes only a window.
@Suite struct BlurTests {
    /// The reference: three box passes per channel, horizontal then vertical, each rounding.
    static func reference(_ pixels: [UInt8], width w: Int, height h: Int, channels: Int, radius r: Int) -> [UInt8] {
        var out = pixels
        let d = 2 * r + 1
        for c in 0..<channels {
            var plane = (0..<w * h).map { pixels[$0 * channels + c] }
            func pass(count: Int, length: Int, step: Int, lineStep: Int) {
                for line in 0..<count {
                    let base = line * lineStep
                    var line = [UInt8](repeating: 0, count: length)
                    for i in 0..<length {
                        var sum = 0
                        for j in max(0, i - r)...min(length - 1, i + r) { sum += Int(plane[base + j * step]) }
                        line[i] = UInt8((sum + d / 2) / d)
                    }
                    for i in 0..<length { plane[base + i * step] = line[i] }
                }
            }
            for _ in 0..<3 {
                pass(count: h, length: w, step: 1, lineStep: w)
                pass(count: w, length: h, step: w, lineStep: 1)
            }
            for i in 0..<w * h { out[i * channels + c] = plane[i] }
        }
        return out
    }

    /// A deterministic mix of noise, flat areas and hard edges.
    static func pattern(width w: Int, height h: Int, channels: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        func next() -> UInt8 { state = state &* 6364136223846793005 &+ 1442695040888963407; return UInt8(truncatingIfNeeded: state >> 56) }
        var p = [UInt8](repeating: 0, count: w * h * channels)
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<channels {
                    let i = (y * w + x) * channels + c
                    p[i] = x < w / 3 ? next() : (y < h / 2 ? 255 : (x + y) % 7 == 0 ? 200 : 0)
                }
            }
        }
        return p
    }

    static func blurred(_ pixels: [UInt8], width w: Int, height h: Int, channels: Int, sigma: Double, window: PixelRect?) throws -> [UInt8] {
        let surface = try CairoSurface(width: w, height: h, format: channels == 1 ? CAIRO_FORMAT_A8 : CAIRO_FORMAT_ARGB32)
        cairo_surface_flush(surface.pointer)
        let data = try #require(cairo_image_surface_get_data(surface.pointer))
        let stride = surface.stride
        for y in 0..<h { for i in 0..<w * channels { data[y * stride + i] = pixels[y * w * channels + i] } }
        cairo_surface_mark_dirty(surface.pointer)
        Blur.gaussian(surface, sigma: sigma, only: window)
        cairo_surface_flush(surface.pointer)
        var out = [UInt8](repeating: 0, count: w * h * channels)
        for y in 0..<h { for i in 0..<w * channels { out[y * w * channels + i] = data[y * stride + i] } }
        return out
    }

    @Test(arguments: [(1, 1.0), (1, 4.5), (4, 1.0), (4, 3.0), (4, 7.25)])
    func wholeSurfaceMatchesTheReference(channels: Int, sigma: Double) throws {
        let w = 53, h = 41
        let input = Self.pattern(width: w, height: h, channels: channels, seed: UInt64(channels) * 31 + UInt64(sigma * 4))
        let expected = Self.reference(input, width: w, height: h, channels: channels, radius: Blur.boxWidth(sigma: sigma) / 2)
        #expect(try Self.blurred(input, width: w, height: h, channels: channels, sigma: sigma, window: nil) == expected)
        #expect(expected != input, "the blur changes something")
    }

    @Test(arguments: [1, 4])
    func aWindowGetsExactlyTheWholeBlursPixelsAndLeavesTheRest(channels: Int) throws {
        let w = 60, h = 48, sigma = 3.0
        let input = Self.pattern(width: w, height: h, channels: channels, seed: 7)
        let expected = Self.reference(input, width: w, height: h, channels: channels, radius: Blur.boxWidth(sigma: sigma) / 2)
        // Inside, at an edge, in a corner, one pixel.
        for window in [PixelRect(x0: 20, y0: 15, x1: 41, y1: 30), PixelRect(x0: 0, y0: 5, x1: 12, y1: 48),
                       PixelRect(x0: 50, y0: 40, x1: 60, y1: 48), PixelRect(x0: 33, y0: 9, x1: 34, y1: 10)] {
            let out = try Self.blurred(input, width: w, height: h, channels: channels, sigma: sigma, window: window)
            for y in 0..<h {
                for x in 0..<w {
                    let inside = x >= window.x0 && x < window.x1 && y >= window.y0 && y < window.y1
                    for c in 0..<channels {
                        let i = (y * w + x) * channels + c
                        #expect(out[i] == (inside ? expected[i] : input[i]), "\(window) at \(x),\(y)")
                        if out[i] != (inside ? expected[i] : input[i]) { return }
                    }
                }
            }
        }
    }

    /// Rows of one value each (several values, as under a bar over a table), with rows of detail
    /// among them: the flat rows far from detail take the column shortcut, the rest the whole blur,
    /// and every pixel must still be the reference's.
    static func bands(width w: Int, height h: Int, channels: Int, detail: [Range<Int>]) -> [UInt8] {
        let noise = pattern(width: w, height: h, channels: channels, seed: 99)
        var p = [UInt8](repeating: 0, count: w * h * channels)
        for y in 0..<h {
            let flat: [UInt8] = [UInt8(40 + (y / 9) * 37 % 200), UInt8(90 + y / 13), UInt8(200 - y), 255]
            for x in 0..<w {
                for c in 0..<channels {
                    let i = (y * w + x) * channels + c
                    p[i] = detail.contains { $0.contains(y) } ? noise[i] : (channels == 1 ? flat[0] : flat[c])
                }
            }
        }
        return p
    }

    @Test(arguments: [1, 4])
    func flatRowsGiveTheWholeBlursPixels(channels: Int) throws {
        let w = 70, h = 90
        for (sigma, detail) in [(3.0, [Range<Int>]()), (3.0, [40..<43]), (2.0, [10..<12, 75..<80]), (4.5, [0..<2]),
                                (1.0, [44..<45]), (3.0, [30..<31, 60..<61])] {
            let r = Blur.boxWidth(sigma: sigma) / 2
            let input = Self.bands(width: w, height: h, channels: channels, detail: detail)
            let expected = Self.reference(input, width: w, height: h, channels: channels, radius: r)
            // Windows with room for the box on both sides: all rows, rows at the top and bottom
            // edges, a middle slice; and one against the side, which takes the whole blur.
            let m = 3 * r
            for window in [PixelRect(x0: m, y0: 0, x1: w - m, y1: h), PixelRect(x0: m, y0: 0, x1: m + 5, y1: 8),
                           PixelRect(x0: m + 2, y0: 20, x1: w - m, y1: 70), PixelRect(x0: m, y0: 85, x1: w - m - 1, y1: 90),
                           PixelRect(x0: 0, y0: 30, x1: 20, y1: 50)] {
                let out = try Self.blurred(input, width: w, height: h, channels: channels, sigma: sigma, window: window)
                var wrong: (Int, Int)?
                for y in 0..<h where wrong == nil {
                    for x in 0..<w where wrong == nil {
                        let inside = x >= window.x0 && x < window.x1 && y >= window.y0 && y < window.y1
                        for c in 0..<channels where out[(y * w + x) * channels + c] != (inside ? expected : input)[(y * w + x) * channels + c] {
                            wrong = (x, y)
                        }
                    }
                }
                #expect(wrong == nil, "sigma \(sigma), detail \(detail), \(window): first wrong pixel \(String(describing: wrong))")
            }
        }
    }

    @Test func theFloatDivisionIsExactForEverySumABoxCanReach() {
        for d in [3, 5, 7, 9, 15, 31, 57, 75, 113, 255, 257, 1023, 4093, Blur.Divider.maxFloatWidth] {
            let divide = Blur.Divider(d)
            #expect(divide.inFloats)
            for sum in 0...(255 * d) where divide.inFloats(UInt32(sum)) != UInt8((sum + d / 2) / d) {
                Issue.record("width \(d), sum \(sum): \(divide.inFloats(UInt32(sum))) instead of \((sum + d / 2) / d)")
                return
            }
        }
    }

    /// Past the float divider's range the integer one takes over, with the same result.
    @Test func aBoxWiderThanTheFloatDividersRangeMatchesTheReference() throws {
        let w = 23, h = 17, sigma = 2_200.0
        #expect(Blur.boxWidth(sigma: sigma) > Blur.Divider.maxFloatWidth)
        #expect(!Blur.Divider(Blur.boxWidth(sigma: sigma)).inFloats)
        let input = Self.pattern(width: w, height: h, channels: 4, seed: 11)
        let expected = Self.reference(input, width: w, height: h, channels: 4, radius: Blur.boxWidth(sigma: sigma) / 2)
        #expect(try Self.blurred(input, width: w, height: h, channels: 4, sigma: sigma, window: nil) == expected)
    }

    @Test func theDivisionIsExactForEverySumABoxCanReach() {
        for d in [3, 5, 7, 9, 15, 31, 57, 113, 255, 257, 1023, 4095] {
            let divide = Blur.Divider(d, floats: false)
            for sum in 0...(255 * d) where divide(UInt32(sum)) != UInt8((sum + d / 2) / d) {
                Issue.record("width \(d), sum \(sum): \(divide(UInt32(sum))) instead of \((sum + d / 2) / d)")
                return
            }
        }
    }

    /// Saturation against the plain per-byte form (Rec. 709 weights ×4096, each channel clamped to
    /// alpha), for the bars' 1.8, for desaturation, and for one so large that it needs 64 bits.
    @Test(arguments: [1.8, 0.0, 0.5, 300.0])
    func saturationMatchesThePlainForm(s: Double) throws {
        let w = 37, h = 9
        var state: UInt64 = 5
        func next() -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 48) }
        var input = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) {
            let a = next() % 256
            input[4 * i + 3] = UInt8(a)
            for c in 0..<3 { input[4 * i + c] = UInt8(next() % (a + 1)) }
        }
        func m(_ v: Double) -> Int { Int((v * 4096).rounded()) }
        let lr = 0.2126, lg = 0.7152, lb = 0.0722
        let rows = [[m(lr * (1 - s) + s), m(lg * (1 - s)), m(lb * (1 - s))], [m(lr * (1 - s)), m(lg * (1 - s) + s), m(lb * (1 - s))],
                    [m(lr * (1 - s)), m(lg * (1 - s)), m(lb * (1 - s) + s)]]
        var expected = input
        let window = PixelRect(x0: 3, y0: 1, x1: 30, y1: 8)
        for y in window.y0..<window.y1 {
            for x in window.x0..<window.x1 {
                let p = (y * w + x) * 4
                let b = Int(input[p]), g = Int(input[p + 1]), r = Int(input[p + 2]), a = Int(input[p + 3])
                for (k, offset) in [(0, 2), (1, 1), (2, 0)] {
                    let v = rows[k][0] * r + rows[k][1] * g + rows[k][2] * b
                    expected[p + offset] = UInt8(max(0, min(a, (v + 2048) >> 12)))
                }
            }
        }
        let surface = try CairoSurface(width: w, height: h)
        cairo_surface_flush(surface.pointer)
        let data = try #require(cairo_image_surface_get_data(surface.pointer))
        for y in 0..<h { for i in 0..<w * 4 { data[y * surface.stride + i] = input[y * w * 4 + i] } }
        cairo_surface_mark_dirty(surface.pointer)
        Blur.saturate(surface, by: s, only: window)
        cairo_surface_flush(surface.pointer)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h { for i in 0..<w * 4 { out[y * w * 4 + i] = data[y * surface.stride + i] } }
        #expect(out == expected)
        #expect(out != input, "the matrix changes something")
    }
}
