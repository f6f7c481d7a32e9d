import CCairo
import Foundation

/// Blurred shadow masks, kept by what they blur: fourteen identical switch knobs blur one mask,
/// not fourteen. Shared by every render in the process (scenes render in parallel, hence the
/// lock); a hit returns exactly the bytes the blur would compute, since the key is the mask
/// itself, so nothing about the cache can reach a pixel.
final class ShadowMasks: @unchecked Sendable {
    static let shared = ShadowMasks()

    /// Everything a blurred window depends on: the box width and the unblurred alpha of the window
    /// (zero outside it, up to the edge of the surface or three box radii past the ink).
    private struct Key: Hashable {
        var boxWidth: Int
        var width: Int
        var height: Int
        var alpha: [UInt8]
    }

    private let lock = NSLock()
    private var entries: [Key: [UInt8]] = [:]
    private var bytes = 0
    /// Masks are small (a knob's window at 3x is ≈ 130×130 bytes); past this the cache starts over.
    private let budget = 16 << 20

    /// The alpha of A8 `mask` inside `window`, blurred with `sigma` as a blur of the whole mask
    /// would give it, as a surface the size of the window. `mask` must be transparent outside
    /// `window` wherever the blur could reach into it.
    func blurred(_ mask: CairoSurface, window: PixelRect, sigma: Double) throws(ImageFileError) -> CairoSurface {
        let out = try CairoSurface(width: window.width, height: window.height, format: CAIRO_FORMAT_A8)
        cairo_surface_flush(mask.pointer)
        cairo_surface_flush(out.pointer)
        guard let src = cairo_image_surface_get_data(mask.pointer), let dst = cairo_image_surface_get_data(out.pointer) else {
            throw ImageFileError("no pixel data")
        }
        let stride = mask.stride, outStride = out.stride, w = window.width, h = window.height
        var alpha = [UInt8](repeating: 0, count: w * h)
        alpha.withUnsafeMutableBufferPointer { a in
            for y in 0..<h { memcpy(a.baseAddress! + y * w, src + (window.y0 + y) * stride + window.x0, w) }
        }
        let key = Key(boxWidth: Blur.boxWidth(sigma: sigma), width: w, height: h, alpha: alpha)
        lock.lock()
        let hit = entries[key]
        lock.unlock()
        var result: [UInt8]
        if let hit {
            result = hit
        } else {
            Blur.gaussian(mask, sigma: sigma, only: window)
            cairo_surface_flush(mask.pointer)
            result = [UInt8](repeating: 0, count: w * h)
            result.withUnsafeMutableBufferPointer { r in
                for y in 0..<h { memcpy(r.baseAddress! + y * w, src + (window.y0 + y) * stride + window.x0, w) }
            }
            lock.lock()
            if bytes + 2 * w * h > budget { entries.removeAll(); bytes = 0 }
            if entries.updateValue(result, forKey: key) == nil { bytes += 2 * w * h }
            lock.unlock()
        }
        result.withUnsafeBufferPointer { r in
            for y in 0..<h { memcpy(dst + y * outStride, r.baseAddress! + y * w, w) }
        }
        cairo_surface_mark_dirty(out.pointer)
        return out
    }

    /// The smallest rectangle holding every nonzero pixel of A8 `mask`, or nil when there is none.
    static func inkBounds(_ mask: CairoSurface) -> PixelRect? {
        cairo_surface_flush(mask.pointer)
        guard let data = cairo_image_surface_get_data(mask.pointer) else { return nil }
        let w = mask.width, h = mask.height, stride = mask.stride
        var x0 = w, y0 = h, x1 = 0, y1 = 0
        for y in 0..<h {
            let row = data + y * stride
            // Eight bytes at a time until something is drawn in the row.
            var x = 0
            while x + 8 <= w, UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self) == 0 { x += 8 }
            while x < w, row[x] == 0 { x += 1 }
            guard x < w else { continue }
            var last = w - 1
            while last > x, row[last] == 0 { last -= 1 }
            x0 = min(x0, x); x1 = max(x1, last + 1)
            y0 = min(y0, y); y1 = y + 1
        }
        return x1 > x0 ? PixelRect(x0: x0, y0: y0, x1: x1, y1: y1) : nil
    }
}
