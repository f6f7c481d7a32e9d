// Why this module: a snapshot tool is only as good as its comparison. Identical pixels are decided
// with one memory compare; anything else goes through pixelmatch's perceptual YIQ distance with its
// anti-aliasing detection, so a glyph edge that moved a fraction of a pixel is reported apart from a
// real change, and a changed word can never hide under a percent-of-pixels threshold by default.
import Foundation
import TintypeModel
import TintypeRender

/// How much difference a comparison tolerates.
public struct Tolerance: Sendable, Equatable {
    /// Per-pixel YIQ threshold, 0…1 (pixelmatch's `threshold`): smaller is stricter. 0 counts any
    /// change in color.
    public var threshold: Double
    /// Pixels that may differ (after the threshold and anti-aliasing are taken into account).
    public var maxDifferentPixels: Int
    /// Share of all pixels that may differ, 0…1.
    public var maxDifferentRatio: Double
    /// Counts anti-aliased pixels as differences too.
    public var countAntialiasing: Bool
    /// Fails on any changed pixel, even one the other settings tolerate (`tintype test --strict`):
    /// the tolerance then only shapes the report.
    public var strict: Bool

    public init(threshold: Double = 0.1, maxDifferentPixels: Int = 0, maxDifferentRatio: Double = 0, countAntialiasing: Bool = false,
                strict: Bool = false) {
        self.threshold = threshold; self.maxDifferentPixels = maxDifferentPixels
        self.maxDifferentRatio = maxDifferentRatio; self.countAntialiasing = countAntialiasing; self.strict = strict
    }

    /// Exact: any perceptible pixel change fails.
    public static let exact = Tolerance(threshold: 0, countAntialiasing: true)
    /// The default: pixelmatch's threshold 0.1, anti-aliasing reported apart, no differing pixel allowed.
    public static let `default` = Tolerance()
}

/// The outcome of comparing an actual image with the expected one.
public struct Comparison: Sendable, Equatable {
    public enum Verdict: String, Sendable { case identical, similar, different }

    public var verdict: Verdict
    public var width: Int
    public var height: Int
    /// Pixels over the threshold that are not anti-aliasing (or all of them when it is counted).
    public var differentPixels: Int
    /// Pixels over the threshold explained by anti-aliasing (not counted by default).
    public var antialiasedPixels: Int
    /// Pixels whose bytes differ at all (threshold 0), whatever the tolerance makes of them: a
    /// render that passes within tolerance still says how much of it changed.
    public var changedPixels: Int
    /// The smallest rectangle holding every pixel over the threshold, anti-aliased ones included.
    public var changedArea: Area?
    /// Set when the sizes differ; then nothing else is compared.
    public var sizeMismatch: String?

    public struct Area: Sendable, Equatable {
        public var x: Int, y: Int, width: Int, height: Int
    }

    public var totalPixels: Int { width * height }
    public var differentRatio: Double { totalPixels == 0 ? 0 : Double(differentPixels) / Double(totalPixels) }
    public var passed: Bool { verdict != .different }
    /// Passed, though some pixels changed: the tolerance let them through.
    public var passedWithChanges: Bool { passed && changedPixels > 0 }

    /// One line for a report: "1234 pixels differ (0.12%), 56 anti-aliased, in 20×30 at (10, 40)".
    /// A render within tolerance says so, and how many pixels changed at all:
    /// "within tolerance: 1,400 pixels changed, none beyond the threshold".
    public var summary: String {
        if let sizeMismatch { return sizeMismatch }
        let changed = "\(changedPixels) pixel\(changedPixels == 1 ? "" : "s") changed (\(percent(totalPixels == 0 ? 0 : Double(changedPixels) / Double(totalPixels))))"
        switch verdict {
        case .identical: return "identical"
        case .similar where differentPixels == 0 && antialiasedPixels == 0:
            return "within tolerance: \(changed), none beyond the threshold"
        case .different where differentPixels == 0 && antialiasedPixels == 0:
            return "\(changed), none beyond the threshold (strict: any change fails)"
        case .similar, .different:
            var s = "\(differentPixels) pixel\(differentPixels == 1 ? "" : "s") differ (\(percent(differentRatio)))"
            if antialiasedPixels > 0 { s += ", \(antialiasedPixels) anti-aliased" }
            if let a = changedArea { s += ", in \(a.width)×\(a.height) at (\(a.x), \(a.y))" }
            if changedPixels > differentPixels + antialiasedPixels { s += "; \(changed) in all" }
            return verdict == .similar ? s + ", within tolerance" : s
        }
    }

    init(verdict: Verdict, width: Int, height: Int, differentPixels: Int = 0, antialiasedPixels: Int = 0, changedPixels: Int = 0,
         changedArea: Area? = nil, sizeMismatch: String? = nil) {
        self.verdict = verdict; self.width = width; self.height = height; self.differentPixels = differentPixels
        self.antialiasedPixels = antialiasedPixels; self.changedPixels = changedPixels
        self.changedArea = changedArea; self.sizeMismatch = sizeMismatch
    }
}

func percent(_ r: Double) -> String {
    let p = r * 100
    if p == 0 { return "0%" }
    if p < 0.01 { return "<0.01%" }
    return String(format(p, places: 2)) + "%"
}


/// Compares bitmaps: exactly first, perceptually after.
public enum Compare {
    /// Compares `actual` with `expected`. When `diff` is given, it receives the diff image (only
    /// computed when the images are not identical).
    public static func images(expected: Bitmap, actual: Bitmap, tolerance: Tolerance = .default) -> Comparison {
        compare(expected: expected, actual: actual, tolerance: tolerance, diff: nil)
    }

    /// Compares and also draws the diff image: the expected image faded toward white in gray,
    /// differing pixels red, anti-aliased ones yellow.
    public static func imagesWithDiff(expected: Bitmap, actual: Bitmap, tolerance: Tolerance = .default) -> (Comparison, Bitmap?) {
        var diff = [UInt8]()
        let result = compare(expected: expected, actual: actual, tolerance: tolerance, diff: &diff)
        guard !diff.isEmpty else { return (result, nil) }
        return (result, Bitmap(width: expected.width, height: expected.height, pixels: diff))
    }

    private static func compare(expected: Bitmap, actual: Bitmap, tolerance: Tolerance, diff: UnsafeMutablePointer<[UInt8]>?) -> Comparison {
        guard expected.width == actual.width, expected.height == actual.height else {
            return Comparison(verdict: .different, width: actual.width, height: actual.height,
                              sizeMismatch: "golden is \(expected.width)×\(expected.height), render is \(actual.width)×\(actual.height)")
        }
        let w = expected.width, h = expected.height
        precondition(expected.pixels.count == w * h * 4 && actual.pixels.count == w * h * 4, "a bitmap's pixels do not match its size")
        // The fast path: one memcmp, no color math.
        let same = expected.pixels.withUnsafeBytes { a in actual.pixels.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
        if same {
            return Comparison(verdict: .identical, width: w, height: h)
        }
        // Two opaque screens (most renders and goldens) are read where they are; otherwise both
        // are unpremultiplied into buffers of their own, so that equal words mean equal pixels.
        let opaque = Straight.isOpaque(expected) && Straight.isOpaque(actual)
        let a = Straight(expected, borrowing: opaque), b = Straight(actual, borrowing: opaque)
        defer { withExtendedLifetime((expected, actual)) {} }
        let maxDelta = 35215 * tolerance.threshold * tolerance.threshold
        var different = 0, antialiased = 0, changed = 0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        var out = diff != nil ? [UInt8](repeating: 0, count: w * h * 4) : []
        let rowBytes = w * 4
        // The faded gray of the last pixel computed, by its color: screens repeat a color along a
        // row, and the gray depends on the color alone.
        var grayOf: (word: UInt32, gray: UInt8)?
        out.withUnsafeMutableBufferPointer { out in
        for y in 0..<h {
            // A row that is the same in both needs no color math, unless the diff image shows it.
            // Any byte that differs is a change (threshold 0, before unpremultiplying), whatever the
            // tolerance makes of it.
            let rowChanges = expected.pixels.withUnsafeBytes { e in actual.pixels.withUnsafeBytes { r in
                guard memcmp(e.baseAddress! + y * rowBytes, r.baseAddress! + y * rowBytes, rowBytes) != 0 else { return 0 }
                var n = 0
                for x in 0..<w where e.loadUnaligned(fromByteOffset: y * rowBytes + x * 4, as: UInt32.self)
                    != r.loadUnaligned(fromByteOffset: y * rowBytes + x * 4, as: UInt32.self) { n += 1 }
                return n
            } }
            changed += rowChanges
            if diff == nil && rowChanges == 0 { continue }
            for x in 0..<w {
                let i = y * w + x
                let same = a.word(i) == b.word(i)
                let delta = same ? 0 : YIQ.delta(a, i, b, i)
                if !same && abs(delta) > maxDelta {
                    let isAA = !tolerance.countAntialiasing
                        && (YIQ.antialiased(a, x, y, w, h, other: b) || YIQ.antialiased(b, x, y, w, h, other: a))
                    if isAA { antialiased += 1 } else { different += 1 }
                    minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
                    if diff != nil { put(out, i, isAA ? (255, 255, 0) : (255, 0, 0)) }
                } else if diff != nil {
                    let word = a.word(i)
                    let g: UInt8
                    if let last = grayOf, last.word == word { g = last.gray } else {
                        g = UInt8(max(0, min(255, YIQ.fadedGray(a, i))))
                        grayOf = (word, g)
                    }
                    put(out, i, (g, g, g))
                }
            }
        }
        }
        if let diff { diff.pointee = out }
        let allowed = different <= tolerance.maxDifferentPixels
            || Double(different) <= tolerance.maxDifferentRatio * Double(w * h)
        let area = maxX >= 0 ? Comparison.Area(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1) : nil
        let tolerated = (different == 0 || allowed) && !(tolerance.strict && changed > 0)
        return Comparison(verdict: tolerated ? .similar : .different, width: w, height: h,
                          differentPixels: different, antialiasedPixels: antialiased, changedPixels: changed, changedArea: area)
    }

    /// Writes an opaque RGB pixel in Cairo's byte order (B, G, R, A).
    @inline(__always) private static func put(_ out: UnsafeMutableBufferPointer<UInt8>, _ i: Int, _ rgb: (UInt8, UInt8, UInt8)) {
        out[i * 4] = rgb.2; out[i * 4 + 1] = rgb.1; out[i * 4 + 2] = rgb.0; out[i * 4 + 3] = 255
    }
}

/// Straight (unpremultiplied) view of a bitmap, as pixelmatch reads PNGs, read without bounds
/// checks in the comparison's inner loops. An opaque bitmap is read in place (Cairo's B, G, R, A
/// order, which `r` and `b` name); any other is unpremultiplied into R, G, B, A bytes of its own.
final class Straight {
    let px: UnsafePointer<UInt8>
    /// The offsets of red and blue within a pixel (green is at 1, alpha at 3).
    let r: Int, b: Int
    private let owned: UnsafeMutableBufferPointer<UInt8>?

    /// Whether every pixel of `bitmap` is opaque.
    static func isOpaque(_ bitmap: Bitmap) -> Bool {
        bitmap.pixels.withUnsafeBytes { p in
            var i = 3
            while i < p.count {
                if p[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }

    /// `borrowing`: `bitmap` is opaque, and outlives this view.
    init(_ bitmap: Bitmap, borrowing: Bool = false) {
        if borrowing {
            // The bitmap's array is not mutated while its comparison runs, so its storage stays put.
            px = bitmap.pixels.withUnsafeBufferPointer { $0.baseAddress! }
            r = 2; b = 0; owned = nil
            return
        }
        let out = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bitmap.pixels.count)
        bitmap.pixels.withUnsafeBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = Int(p[i + 3])
                if a == 255 {
                    // Opaque: only the byte order changes (Cairo's B, G, R, A to R, G, B, A).
                    out[i] = p[i + 2]; out[i + 1] = p[i + 1]; out[i + 2] = p[i]; out[i + 3] = 255
                    continue
                }
                guard a > 0 else { out[i] = 0; out[i + 1] = 0; out[i + 2] = 0; out[i + 3] = 0; continue }
                func un(_ v: UInt8) -> UInt8 { UInt8(min(255, (Int(v) * 255 + a / 2) / a)) }
                out[i] = un(p[i + 2]); out[i + 1] = un(p[i + 1]); out[i + 2] = un(p[i]); out[i + 3] = UInt8(a)
            }
        }
        px = UnsafePointer(out.baseAddress!)
        r = 0; b = 2; owned = out
    }
    deinit { owned?.deallocate() }

    @inline(__always) func word(_ i: Int) -> UInt32 {
        UnsafeRawPointer(px + i * 4).loadUnaligned(as: UInt32.self)
    }
    /// Red, green, blue and alpha of pixel byte offset `p`.
    @inline(__always) func red(_ p: Int) -> UInt8 { px[p + r] }
    @inline(__always) func green(_ p: Int) -> UInt8 { px[p + 1] }
    @inline(__always) func blue(_ p: Int) -> UInt8 { px[p + b] }
    @inline(__always) func alpha(_ p: Int) -> UInt8 { px[p + 3] }
}

/// pixelmatch's perceptual metric: squared distance in YIQ (translucent pixels composited over a
/// checkerboard, as in pixelmatch 7), and its
/// anti-aliasing detector (Vyšniauskas, "Anti-aliased pixel and intensity slope detector", 2009).
enum YIQ {
    @inline(__always) static func blended(_ s: Straight, _ i: Int) -> (Double, Double, Double) {
        let p = i * 4
        let a = Double(s.alpha(p)) / 255
        func blend(_ c: UInt8) -> Double { 255 + (Double(c) - 255) * a }
        return (blend(s.red(p)), blend(s.green(p)), blend(s.blue(p)))
    }
    @inline(__always) static func y(_ c: (Double, Double, Double)) -> Double { c.0 * 0.29889531 + c.1 * 0.58662247 + c.2 * 0.11448223 }
    @inline(__always) static func i(_ c: (Double, Double, Double)) -> Double { c.0 * 0.59597799 - c.1 * 0.27417610 - c.2 * 0.32180189 }
    @inline(__always) static func q(_ c: (Double, Double, Double)) -> Double { c.0 * 0.21147017 - c.1 * 0.52261711 + c.2 * 0.31114694 }

    /// Signed squared YIQ distance (negative when the first pixel is lighter).
    static func delta(_ a: Straight, _ ia: Int, _ b: Straight, _ ib: Int) -> Double {
        if a.word(ia) == b.word(ib) { return 0 }
        let (dy, di, dq) = difference(a, ia, b, ib)
        let d = 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
        return dy > 0 ? -d : d
    }

    static func brightnessDelta(_ s: Straight, _ ia: Int, _ ib: Int) -> Double {
        if s.word(ia) == s.word(ib) { return 0 }
        return difference(s, ia, s, ib).y
    }

    /// The Y, I and Q differences of two pixels. Opaque pairs are compared as they are. When
    /// either is translucent, both are composited over a background that changes from pixel to
    /// pixel between dark (48) and light (207) per channel, as pixelmatch 7 does: over white
    /// alone, a change in alpha only (a shadow that became lighter on a transparent canvas) would
    /// vanish wherever the color is light. `ia` is the pixel index that picks the background.
    @inline(__always) static func difference(_ a: Straight, _ ia: Int, _ b: Straight, _ ib: Int) -> (y: Double, i: Double, q: Double) {
        let pa = ia * 4, pb = ib * 4
        let a1 = a.alpha(pa), a2 = b.alpha(pb)
        if a1 == 255 && a2 == 255 {
            let c1 = (Double(a.red(pa)), Double(a.green(pa)), Double(a.blue(pa)))
            let c2 = (Double(b.red(pb)), Double(b.green(pb)), Double(b.blue(pb)))
            return (y(c1) - y(c2), i(c1) - i(c2), q(c1) - q(c2))
        }
        let k = Double(pa)
        let background = (48 + 159 * Double(pa % 2), 48 + 159 * Double(Int(k / 1.618033988749895) % 2),
                          48 + 159 * Double(Int(k / 2.618033988749895) % 2))
        let alpha1 = Double(a1), alpha2 = Double(a2), da = alpha1 - alpha2
        func channel(_ c1: UInt8, _ c2: UInt8, _ bg: Double) -> Double {
            (Double(c1) * alpha1 - Double(c2) * alpha2 - bg * da) / 255
        }
        let d = (channel(a.red(pa), b.red(pb), background.0), channel(a.green(pa), b.green(pb), background.1),
                 channel(a.blue(pa), b.blue(pb), background.2))
        return (y(d), i(d), q(d))
    }

    /// The gray a pixel of the expected image shows in the diff: faded toward white.
    static func fadedGray(_ s: Straight, _ i: Int) -> Double {
        255 + (y(blended(s, i)) - 255) * 0.1
    }

    /// True when the pixel at (x, y) of `img` looks like anti-aliasing between two flat areas.
    static func antialiased(_ img: Straight, _ x1: Int, _ y1: Int, _ w: Int, _ h: Int, other: Straight) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, w - 1), y2 = min(y1 + 1, h - 1)
        let center = y1 * w + x1
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minD = 0.0, maxD = 0.0, minX = 0, minY = 0, maxX = 0, maxY = 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let d = brightnessDelta(img, center, y * w + x)
                if d == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if d < minD {
                    minD = d; minX = x; minY = y
                } else if d > maxD {
                    maxD = d; maxX = x; maxY = y
                }
            }
        }
        if minD == 0 || maxD == 0 { return false }
        return (manySiblings(img, minX, minY, w, h) && manySiblings(other, minX, minY, w, h))
            || (manySiblings(img, maxX, maxY, w, h) && manySiblings(other, maxX, maxY, w, h))
    }

    /// True when at least three neighbours share the pixel's exact color (a flat area).
    static func manySiblings(_ img: Straight, _ x1: Int, _ y1: Int, _ w: Int, _ h: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, w - 1), y2 = min(y1 + 1, h - 1)
        let v = img.word(y1 * w + x1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                if img.word(y * w + x) == v {
                    zeroes += 1
                    if zeroes > 2 { return true }
                }
            }
        }
        return false
    }
}
