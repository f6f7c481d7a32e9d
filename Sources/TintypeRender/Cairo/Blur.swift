import CCairo

/// Gaussian blur as three box blurs (the SVG filter spec's approximation), in integer arithmetic so
/// the result is the same on every machine.
enum Blur {
    /// Box width for a Gaussian of standard deviation `sigma` pixels: ⌊σ · 3 · √(2π) / 4 + 0.5⌋, made odd.
    static func boxWidth(sigma: Double) -> Int {
        var d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        if d % 2 == 0 { d += 1 }
        return max(1, d)
    }

    /// Blurs every channel of an A8 or ARGB32 surface in place. Samples outside count as
    /// transparent; callers that want edges extended copy a padded region first.
    static func gaussian(_ surface: CairoSurface, sigma: Double) {
        guard sigma > 0.25 else { return }
        let d = boxWidth(sigma: sigma)
        cairo_surface_flush(surface.pointer)
        guard d > 1, let data = cairo_image_surface_get_data(surface.pointer) else { return }
        let channels = cairo_image_surface_get_format(surface.pointer) == CAIRO_FORMAT_A8 ? 1 : 4
        let w = surface.width, h = surface.height, stride = surface.stride
        var scratch = [UInt8](repeating: 0, count: max(w, h))
        for c in 0..<channels {
            var plane = [UInt8](repeating: 0, count: w * h)
            for y in 0..<h { for x in 0..<w { plane[y * w + x] = data[y * stride + x * channels + c] } }
            for _ in 0..<3 {
                boxPass(&plane, count: h, length: w, step: 1, lineStep: w, radius: d / 2, scratch: &scratch)
                boxPass(&plane, count: w, length: h, step: w, lineStep: 1, radius: d / 2, scratch: &scratch)
            }
            for y in 0..<h { for x in 0..<w { data[y * stride + x * channels + c] = plane[y * w + x] } }
        }
        cairo_surface_mark_dirty(surface.pointer)
    }

    /// One centered box blur of width 2·radius+1 along `count` lines of `length` samples.
    private static func boxPass(_ buf: inout [UInt8], count: Int, length: Int, step: Int, lineStep: Int, radius: Int, scratch: inout [UInt8]) {
        let width = 2 * radius + 1
        for line in 0..<count {
            let base = line * lineStep
            var sum = 0
            for i in 0...min(radius, length - 1) { sum += Int(buf[base + i * step]) }
            for i in 0..<length {
                scratch[i] = UInt8((sum + width / 2) / width)
                let add = i + radius + 1, remove = i - radius
                if add < length { sum += Int(buf[base + add * step]) }
                if remove >= 0 { sum -= Int(buf[base + remove * step]) }
            }
            for i in 0..<length { buf[base + i * step] = scratch[i] }
        }
    }

    /// Scales saturation of an ARGB32 surface in place (1 = unchanged), with Rec. 709 luma weights,
    /// as CoreImage's color matrix does; works on premultiplied values since it is linear.
    static func saturate(_ surface: CairoSurface, by s: Double) {
        guard s != 1 else { return }
        cairo_surface_flush(surface.pointer)
        guard let data = cairo_image_surface_get_data(surface.pointer) else { return }
        // Fixed-point weights (×4096) keep the result exact across machines.
        let lr = 0.2126, lg = 0.7152, lb = 0.0722
        func m(_ a: Double) -> Int { Int((a * 4096).rounded()) }
        let rr = m(lr * (1 - s) + s), rg = m(lg * (1 - s)), rb = m(lb * (1 - s))
        let gr = m(lr * (1 - s)), gg = m(lg * (1 - s) + s), gb = m(lb * (1 - s))
        let br = m(lr * (1 - s)), bg = m(lg * (1 - s)), bb = m(lb * (1 - s) + s)
        let w = surface.width, h = surface.height, stride = surface.stride
        for y in 0..<h {
            for x in 0..<w {
                let p = y * stride + x * 4
                let b = Int(data[p]), g = Int(data[p + 1]), r = Int(data[p + 2]), a = Int(data[p + 3])
                func clamp(_ v: Int) -> UInt8 { UInt8(max(0, min(a, (v + 2048) >> 12))) }
                data[p + 2] = clamp(rr * r + rg * g + rb * b)
                data[p + 1] = clamp(gr * r + gg * g + gb * b)
                data[p] = clamp(br * r + bg * g + bb * b)
            }
        }
        cairo_surface_mark_dirty(surface.pointer)
    }
}
