import CCairo
import Foundation

/// Gaussian blur as three box blurs (the SVG filter spec's approximation), with integer sums and an
/// exactly rounded division, so the result is the same on every machine.
enum Blur {
    /// Box width for a Gaussian of standard deviation `sigma` pixels: ⌊σ · 3 · √(2π) / 4 + 0.5⌋, made odd.
    static func boxWidth(sigma: Double) -> Int {
        var d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        if d % 2 == 0 { d += 1 }
        return max(1, d)
    }

    /// Blurs every channel of an A8 or ARGB32 surface in place. Samples outside the surface count
    /// as transparent; callers that want edges extended copy a padded region first.
    ///
    /// Only the pixels inside `window` (default: all) are written, each exactly as a blur of the
    /// whole surface would give it; the passes compute only the rows and columns that feed it
    /// (a third of the box width more per pass), so a bar need not pay for its margins.
    static func gaussian(_ surface: CairoSurface, sigma: Double, only window: PixelRect? = nil) {
        guard sigma > 0.25 else { return }
        let d = boxWidth(sigma: sigma)
        cairo_surface_flush(surface.pointer)
        guard d > 1, let data = cairo_image_surface_get_data(surface.pointer) else { return }
        let channels = cairo_image_surface_get_format(surface.pointer) == CAIRO_FORMAT_A8 ? 1 : 4
        let all = PixelRect(x0: 0, y0: 0, x1: surface.width, y1: surface.height)
        let out = (window ?? all).intersection(all)
        guard !out.isEmpty else { return }
        boxBlur3(data, stride: surface.stride, width: all.x1, height: all.y1, channels: channels, radius: d / 2, window: out)
        cairo_surface_mark_dirty(surface.pointer)
    }

    /// Three box blurs of width 2·radius+1 over `window` of the image at `data`, exactly as
    /// `fullBoxBlur3` gives them, but without blurring what is known in advance.
    ///
    /// What lies under a bar is mostly flat: a table's background, a row of one color. A source row
    /// whose pixels are all one value across every column that feeds the window is left as it is by
    /// a horizontal pass (the box's sum is that value times the box width, which divides back
    /// exactly). So an output row whose source rows within three radii are all such rows depends on
    /// those rows' values alone: three vertical passes over one column of them, done with the same
    /// passes and division as the whole blur, give it. Only the rows near a row with detail in it
    /// are blurred in full. A window whose columns' sources would reach past the image's sides
    /// (where the passes count transparency) is blurred in full.
    static func boxBlur3(_ data: UnsafeMutablePointer<UInt8>, stride: Int, width w: Int, height h: Int,
                         channels: Int, radius r: Int, window out: PixelRect) {
        let reach = 3 * r
        guard out.x0 - reach >= 0, out.x1 + reach <= w, channels == 1 || channels == 4 else {
            fullBoxBlur3(data, stride: stride, width: w, height: h, channels: channels, radius: r, window: out)
            return
        }
        let sourceRows = max(0, out.y0 - reach)..<min(h, out.y1 + reach)
        let x0 = out.x0 - reach, x1 = out.x1 + reach
        // One buffer: each source row's first pixel (rows beyond the sources stay zero, never read
        // for the window), the vertical passes' second column, and a pixel of zeros for the rows
        // past the image. Beside it, how many rows before each one are not flat.
        let n = h * channels
        var columns = [UInt8](repeating: 0, count: 2 * n + channels)
        var detailBefore = [Int](repeating: 0, count: h + 1)
        for y in 0..<h {
            var flat = true
            if sourceRows.contains(y) {
                let row = data + y * stride
                for c in 0..<channels { columns[y * channels + c] = row[x0 * channels + c] }
                // Every pixel equals the one before it: the row against itself one pixel on.
                flat = memcmp(row + (x0 + 1) * channels, row + x0 * channels, (x1 - x0 - 1) * channels) == 0
            }
            detailBefore[y + 1] = detailBefore[y] + (flat ? 0 : 1)
        }
        // A row near detail: a source row within three radii of it is not flat.
        func nearDetail(_ y: Int) -> Bool {
            detailBefore[min(h, y + reach + 1)] != detailBefore[max(0, y - reach)]
        }
        let rows = out.y0..<out.y1
        // The rows near detail take the whole blur, as one band (the whole blur reads its sources
        // before it writes, so a single call may work in place; two could read what the other wrote).
        var band: ClosedRange<Int>?
        if let first = rows.first(where: nearDetail), let last = rows.last(where: nearDetail) {
            fullBoxBlur3(data, stride: stride, width: w, height: h, channels: channels, radius: r,
                         window: PixelRect(x0: out.x0, y0: first, x1: out.x1, y1: last + 1))
            if first == rows.lowerBound && last == rows.upperBound - 1 { return }
            band = first...last
        }
        // The flat rows: three vertical passes over the column, as over a one-pixel-wide image.
        let divide = Divider(2 * r + 1)
        var sums = [UInt32](repeating: 0, count: channels)
        columns.withUnsafeMutableBufferPointer { buffer in
            sums.withUnsafeMutableBufferPointer { s in
                let c = buffer.baseAddress!, o = c + n, zeros = c + 2 * n, s = s.baseAddress!
                vertical(c, channels, o, channels, h, channels, 0..<h, 0..<1, r, divide, s, zeros)
                vertical(o, channels, c, channels, h, channels, 0..<h, 0..<1, r, divide, s, zeros)
                vertical(c, channels, o, channels, h, channels, 0..<h, 0..<1, r, divide, s, zeros)
            }
        }
        // Each flat row: its value once, then copied onto itself in doubling runs.
        let start = out.x0 * channels, count = (out.x1 - out.x0) * channels
        for y in rows where band?.contains(y) != true {
            let row = data + y * stride + start
            for c in 0..<channels { row[c] = columns[n + y * channels + c] }
            var done = channels
            while done < count {
                let k = min(done, count - done)
                (row + done).update(from: row, count: k)
                done += k
            }
        }
    }

    /// Three box blurs of width 2·radius+1, each horizontal then vertical, every pass rounding to
    /// 8 bits (the order and rounding of the original per-channel implementation, so every golden
    /// keeps its bytes). All channels travel together; vertical passes walk row by row with one
    /// running sum per column, so memory is read in order.
    static func fullBoxBlur3(_ data: UnsafeMutablePointer<UInt8>, stride: Int, width w: Int, height h: Int,
                             channels: Int, radius r: Int, window out: PixelRect) {
        let divide = Divider(2 * r + 1)
        func grow(_ a: Range<Int>, _ limit: Int) -> Range<Int> { max(0, a.lowerBound - r)..<min(limit, a.upperBound + r) }
        // What each pass must produce for the next, from the last pass back to the first.
        let cols3 = out.x0..<out.x1, rows3 = out.y0..<out.y1
        let rowsH3 = grow(rows3, h), colsV2 = grow(cols3, w)
        let rowsH2 = grow(rowsH3, h), colsV1 = grow(colsV2, w)
        let rowsH1 = grow(rowsH2, h)
        let rowBytes = w * channels
        // Only the windows above are ever written and read, so the buffers need no clearing. They
        // come from a pool: fresh ones would be page-faulted in on every blur.
        let scratch = BlurScratch.take(bytes: 2 * rowBytes * h + 4 * rowBytes + rowBytes)
        defer { BlurScratch.give(scratch) }
        // The sums first, where the allocation's alignment holds for them.
        let sums = UnsafeMutableRawPointer(scratch.bytes).bindMemory(to: UInt32.self, capacity: rowBytes)
        let a = scratch.bytes + 4 * rowBytes, b = a + rowBytes * h
        // A row of zeros stands for the rows beyond the surface, so the vertical loop has no branch.
        let zeros = b + rowBytes * h
        zeros.update(repeating: 0, count: rowBytes)
        if channels == 4 {
            horizontal4(data, stride, a, rowBytes, w, rowsH1, colsV1, r, divide)
            vertical(a, rowBytes, b, rowBytes, h, channels, rowsH2, colsV1, r, divide, sums, zeros)
            horizontal4(b, rowBytes, a, rowBytes, w, rowsH2, colsV2, r, divide)
            vertical(a, rowBytes, b, rowBytes, h, channels, rowsH3, colsV2, r, divide, sums, zeros)
            horizontal4(b, rowBytes, a, rowBytes, w, rowsH3, cols3, r, divide)
        } else {
            horizontal1(data, stride, a, rowBytes, w, rowsH1, colsV1, r, divide)
            vertical(a, rowBytes, b, rowBytes, h, channels, rowsH2, colsV1, r, divide, sums, zeros)
            horizontal1(b, rowBytes, a, rowBytes, w, rowsH2, colsV2, r, divide)
            vertical(a, rowBytes, b, rowBytes, h, channels, rowsH3, colsV2, r, divide, sums, zeros)
            horizontal1(b, rowBytes, a, rowBytes, w, rowsH3, cols3, r, divide)
        }
        vertical(a, rowBytes, data, stride, h, channels, rows3, cols3, r, divide, sums, zeros)
    }

    /// (sum + ⌊d/2⌋) / d, the rounded mean of a box of odd width d < 2²⁴ over 8-bit samples, for
    /// every sum x ≤ 255·d such a box can reach.
    ///
    /// Up to d = 4095 in single-precision floats, which the compiler turns into vector code (a
    /// 64-bit multiply has no vector form on baseline x86-64), exactly (checked for every such
    /// pair): (x + d/2)·fl(1/d) is within 2⁻¹⁵ of (x + d/2)/d, whose distance from an integer is at
    /// least 1/(2d), so its floor is the rounded mean. The floor is taken by adding 2²³ − ½ and
    /// reading the low mantissa bits (round to nearest of a value never near a tie), and x becomes
    /// a float the same way in reverse. Wider boxes, which only absurd shadow radii ask for, take a
    /// multiply and a shift: with m = ⌈2⁵⁶/d⌉ the error stays below one step (x·(m·d − 2⁵⁶) < 2⁵⁶
    /// when x < 256·d), and x·m fits in 64 bits.
    struct Divider {
        static let maxFloatWidth = 4095
        let inFloats: Bool
        let halfWidth: Float, reciprocal: Float
        let half: UInt64, multiplier: UInt64
        /// `floats: false` keeps to the integer form (for tests).
        init(_ d: Int, floats: Bool = true) {
            precondition(d > 1 && d % 2 == 1 && d < 1 << 24)
            inFloats = floats && d <= Self.maxFloatWidth
            halfWidth = Float(d) / 2
            reciprocal = 1 / Float(d)
            half = UInt64(d / 2)
            multiplier = (1 << 56) / UInt64(d) + 1
        }
        @inline(__always) func callAsFunction(_ sum: UInt32) -> UInt8 {
            inFloats ? inFloats(sum) : UInt8(truncatingIfNeeded: ((UInt64(sum) &+ half) &* multiplier) >> 56)
        }
        /// The division in floats, for loops that have checked `inFloats` once (and so vectorize).
        @inline(__always) func inFloats(_ sum: UInt32) -> UInt8 {
            let x = Float(bitPattern: sum | 0x4B00_0000) - 8_388_608
            return UInt8(truncatingIfNeeded: ((x + halfWidth) * reciprocal + 8_388_607.5).bitPattern)
        }
    }

    /// One horizontal box pass over one-byte pixels: rows `rows`, output columns `cols`.
    private static func horizontal1(_ src: UnsafeMutablePointer<UInt8>, _ srcStride: Int, _ dst: UnsafeMutablePointer<UInt8>, _ dstStride: Int,
                                    _ w: Int, _ rows: Range<Int>, _ cols: Range<Int>, _ r: Int, _ divide: Divider) {
        guard !cols.isEmpty else { return }
        for y in rows {
            let s = src + y * srcStride, d = dst + y * dstStride
            var sum: UInt32 = 0
            for x in max(0, cols.lowerBound - r)...min(w - 1, cols.lowerBound + r) { sum &+= UInt32(s[x]) }
            for x in cols {
                d[x] = divide(sum)
                if x + r + 1 < w { sum &+= UInt32(s[x + r + 1]) }
                if x - r >= 0 { sum &-= UInt32(s[x - r]) }
            }
        }
    }

    /// One horizontal box pass over four-byte pixels, the four channels summed side by side (four
    /// scalars rather than a SIMD4, which debug builds run many times slower; release builds
    /// vectorize either). The columns whose box neither starts left of the row nor ends right of
    /// it run without checks.
    private static func horizontal4(_ src: UnsafeMutablePointer<UInt8>, _ srcStride: Int, _ dst: UnsafeMutablePointer<UInt8>, _ dstStride: Int,
                                    _ w: Int, _ rows: Range<Int>, _ cols: Range<Int>, _ r: Int, _ divide: Divider) {
        guard !cols.isEmpty else { return }
        // From `lo` a pixel leaves the box on the left (x ≥ r); before `hi` one enters on the right (x + r + 1 < w).
        let lo = min(max(cols.lowerBound, r), cols.upperBound), hi = max(min(cols.upperBound, w - r - 1), lo)
        for y in rows {
            let s = src + y * srcStride, d = dst + y * dstStride
            var s0: UInt32 = 0, s1: UInt32 = 0, s2: UInt32 = 0, s3: UInt32 = 0
            for x in max(0, cols.lowerBound - r)...min(w - 1, cols.lowerBound + r) {
                let q = s + 4 * x
                s0 &+= UInt32(q[0]); s1 &+= UInt32(q[1]); s2 &+= UInt32(q[2]); s3 &+= UInt32(q[3])
            }
            // Columns near the row's start: the box may reach past it.
            for x in cols.lowerBound..<lo {
                let p = d + 4 * x
                p[0] = divide(s0); p[1] = divide(s1); p[2] = divide(s2); p[3] = divide(s3)
                if x + r + 1 < w {
                    let q = s + 4 * (x + r + 1)
                    s0 &+= UInt32(q[0]); s1 &+= UInt32(q[1]); s2 &+= UInt32(q[2]); s3 &+= UInt32(q[3])
                }
            }
            var p = d + 4 * lo, enter = s + 4 * (lo + r + 1), leave = s + 4 * (lo - r)
            let end = d + 4 * hi
            // The same loop twice, the division chosen once, so that the compiler vectorizes the first.
            if divide.inFloats {
                while p < end {
                    p[0] = divide.inFloats(s0); p[1] = divide.inFloats(s1); p[2] = divide.inFloats(s2); p[3] = divide.inFloats(s3)
                    s0 = s0 &+ UInt32(enter[0]) &- UInt32(leave[0]); s1 = s1 &+ UInt32(enter[1]) &- UInt32(leave[1])
                    s2 = s2 &+ UInt32(enter[2]) &- UInt32(leave[2]); s3 = s3 &+ UInt32(enter[3]) &- UInt32(leave[3])
                    p += 4; enter += 4; leave += 4
                }
            } else {
                while p < end {
                    p[0] = divide(s0); p[1] = divide(s1); p[2] = divide(s2); p[3] = divide(s3)
                    s0 = s0 &+ UInt32(enter[0]) &- UInt32(leave[0]); s1 = s1 &+ UInt32(enter[1]) &- UInt32(leave[1])
                    s2 = s2 &+ UInt32(enter[2]) &- UInt32(leave[2]); s3 = s3 &+ UInt32(enter[3]) &- UInt32(leave[3])
                    p += 4; enter += 4; leave += 4
                }
            }
            // Columns near the row's end (and, in a row narrower than the box, all the rest).
            for x in hi..<cols.upperBound {
                let p = d + 4 * x
                p[0] = divide(s0); p[1] = divide(s1); p[2] = divide(s2); p[3] = divide(s3)
                if x + r + 1 < w {
                    let q = s + 4 * (x + r + 1)
                    s0 &+= UInt32(q[0]); s1 &+= UInt32(q[1]); s2 &+= UInt32(q[2]); s3 &+= UInt32(q[3])
                }
                if x - r >= 0 {
                    let q = s + 4 * (x - r)
                    s0 &-= UInt32(q[0]); s1 &-= UInt32(q[1]); s2 &-= UInt32(q[2]); s3 &-= UInt32(q[3])
                }
            }
        }
    }

    /// One vertical box pass: output rows `rows` in order, from one running sum per byte of the
    /// columns `cols`, adding the row entering the box and removing the one leaving it (`zeros`
    /// where that row is beyond the surface).
    private static func vertical(_ src: UnsafeMutablePointer<UInt8>, _ srcStride: Int, _ dst: UnsafeMutablePointer<UInt8>, _ dstStride: Int,
                                 _ h: Int, _ channels: Int, _ rows: Range<Int>, _ cols: Range<Int>, _ r: Int, _ divide: Divider,
                                 _ sums: UnsafeMutablePointer<UInt32>, _ zeros: UnsafeMutablePointer<UInt8>) {
        guard !rows.isEmpty, !cols.isEmpty else { return }
        let n = cols.count * channels, first = cols.lowerBound * channels
        sums.update(repeating: 0, count: n)
        for y in max(0, rows.lowerBound - r)...min(h - 1, rows.lowerBound + r) {
            let s = src + y * srcStride + first
            for i in 0..<n { sums[i] &+= UInt32(s[i]) }
        }
        for y in rows {
            let d = dst + y * dstStride + first
            let enter = y + r + 1 < h ? src + (y + r + 1) * srcStride + first : zeros
            let leave = y - r >= 0 ? src + (y - r) * srcStride + first : zeros
            // The same loop twice, the division chosen once, so that the compiler vectorizes the first.
            if divide.inFloats {
                for i in 0..<n {
                    let sum = sums[i]
                    d[i] = divide.inFloats(sum)
                    sums[i] = sum &+ UInt32(enter[i]) &- UInt32(leave[i])
                }
            } else {
                for i in 0..<n {
                    let sum = sums[i]
                    d[i] = divide(sum)
                    sums[i] = sum &+ UInt32(enter[i]) &- UInt32(leave[i])
                }
            }
        }
    }

    /// Applies the fixed-point (×4096) color matrix `m` (rows r, g, b) to each premultiplied pixel in
    /// `area`, each channel clamped to the pixel's alpha.
    @inline(__always)
    private static func saturate<T: FixedWidthInteger & SignedInteger>(_: T.Type, _ m: [Int], _ data: UnsafeMutablePointer<UInt8>,
                                                                      _ stride: Int, _ area: PixelRect) {
        let rr = T(m[0]), rg = T(m[1]), rb = T(m[2]), gr = T(m[3]), gg = T(m[4]), gb = T(m[5]), br = T(m[6]), bg = T(m[7]), bb = T(m[8])
        for y in area.y0..<area.y1 {
            // A pixel is one 32-bit word: B, G, R, A bytes on little-endian machines, A on top.
            let row = UnsafeMutableRawPointer(data + y * stride).bindMemory(to: UInt32.self, capacity: area.x1)
            for x in area.x0..<area.x1 {
                let px = UInt32(littleEndian: row[x])
                let b = T(px & 0xFF), g = T((px >> 8) & 0xFF), r = T((px >> 16) & 0xFF), a = T(px >> 24)
                @inline(__always) func clamp(_ v: T) -> UInt32 { UInt32(truncatingIfNeeded: max(0, min(a, (v &+ 2048) >> 12))) }
                let nr = clamp(rr &* r &+ rg &* g &+ rb &* b)
                let ng = clamp(gr &* r &+ gg &* g &+ gb &* b)
                let nb = clamp(br &* r &+ bg &* g &+ bb &* b)
                row[x] = ((px & 0xFF00_0000) | (nr << 16) | (ng << 8) | nb).littleEndian
            }
        }
    }

    /// Scales saturation of an ARGB32 surface in place (1 = unchanged), with Rec. 709 luma weights,
    /// as CoreImage's color matrix does; works on premultiplied values since it is linear.
    static func saturate(_ surface: CairoSurface, by s: Double, only window: PixelRect? = nil) {
        guard s != 1 else { return }
        cairo_surface_flush(surface.pointer)
        guard let data = cairo_image_surface_get_data(surface.pointer) else { return }
        // Fixed-point weights (×4096) keep the result exact across machines.
        let lr = 0.2126, lg = 0.7152, lb = 0.0722
        func m(_ a: Double) -> Int { Int((a * 4096).rounded()) }
        let rr = m(lr * (1 - s) + s), rg = m(lg * (1 - s)), rb = m(lb * (1 - s))
        let gr = m(lr * (1 - s)), gg = m(lg * (1 - s) + s), gb = m(lb * (1 - s))
        let br = m(lr * (1 - s)), bg = m(lg * (1 - s)), bb = m(lb * (1 - s) + s)
        let all = PixelRect(x0: 0, y0: 0, x1: surface.width, y1: surface.height)
        let area = (window ?? all).intersection(all), stride = surface.stride
        guard !area.isEmpty else { return }
        // 32-bit arithmetic, which the compiler vectorizes, whenever no sum can overflow it (any
        // saturation a bar uses); 64-bit for the rest.
        let weights = [rr, rg, rb, gr, gg, gb, br, bg, bb]
        if weights.allSatisfy({ abs($0) < 1 << 19 }) {
            saturate(Int32.self, weights, data, stride, area)
        } else {
            saturate(Int.self, weights, data, stride, area)
        }
        cairo_surface_mark_dirty(surface.pointer)
    }
}

/// Scratch memory for the blur passes, kept between blurs (two renders at a time each blur a bar or
/// two): a fresh buffer of a few megabytes costs more in page faults than the blur itself. A few
/// buffers are kept, none larger than `keptBytes`.
final class BlurScratch: @unchecked Sendable {
    struct Buffer { let bytes: UnsafeMutablePointer<UInt8>, capacity: Int }
    private static let lock = NSLock()
    nonisolated(unsafe) private static var free: [Buffer] = []
    static let keptBytes = 64 << 20, keptCount = 4

    static func take(bytes: Int) -> Buffer {
        lock.lock()
        let found = free.firstIndex { $0.capacity >= bytes }.map { free.remove(at: $0) }
        lock.unlock()
        return found ?? Buffer(bytes: .allocate(capacity: bytes), capacity: bytes)
    }

    static func give(_ buffer: Buffer) {
        lock.lock()
        if buffer.capacity <= keptBytes {
            free.append(buffer)
            // The smallest goes when too many are kept.
            if free.count > keptCount, let i = free.indices.min(by: { free[$0].capacity < free[$1].capacity }) {
                free.remove(at: i).bytes.deallocate()
            }
            lock.unlock()
        } else {
            lock.unlock()
            buffer.bytes.deallocate()
        }
    }
}

/// A rectangle of device pixels: columns x0..<x1, rows y0..<y1.
struct PixelRect: Sendable, Hashable {
    var x0: Int, y0: Int, x1: Int, y1: Int

    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }

    func intersection(_ o: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }

    func insetBy(_ n: Int) -> PixelRect { PixelRect(x0: x0 + n, y0: y0 + n, x1: x1 - n, y1: y1 - n) }
}
