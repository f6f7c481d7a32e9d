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

    /// Blurs an A8 surface in place.
    static func gaussianA8(_ surface: CairoSurface, sigma: Double) {
        guard sigma > 0.25 else { return }
        let d = boxWidth(sigma: sigma)
        guard d > 1, let data = cairo_image_surface_get_data(surface.pointer) else { return }
        let w = surface.width, h = surface.height, stride = surface.stride
        var buffer = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { buffer[y * w + x] = data[y * stride + x] } }
        var scratch = [UInt8](repeating: 0, count: max(w, h))
        for _ in 0..<3 {
            boxPass(&buffer, count: h, length: w, step: 1, lineStep: w, radius: d / 2, scratch: &scratch)
            boxPass(&buffer, count: w, length: h, step: w, lineStep: 1, radius: d / 2, scratch: &scratch)
        }
        for y in 0..<h { for x in 0..<w { data[y * stride + x] = buffer[y * w + x] } }
    }

    /// One centered box blur of width 2·radius+1 along `count` lines of `length` samples.
    private static func boxPass(_ buf: inout [UInt8], count: Int, length: Int, step: Int, lineStep: Int, radius: Int, scratch: inout [UInt8]) {
        let width = 2 * radius + 1
        for line in 0..<count {
            let base = line * lineStep
            var sum = 0
            // Samples outside the surface count as transparent.
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
}
