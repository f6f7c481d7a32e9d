import CCairo
import TintypeLayout
import TintypeModel

extension LoadedImage {
    /// Whether every pixel is fully opaque (UIKit makes a bar with such a background image opaque).
    /// An SVG is drawn at twice its size to find out; one whose size is not a whole number of
    /// points counts as having transparency (its edge pixels are partly covered).
    var isOpaque: Bool {
        switch content {
        case .raster(let pixels):
            if pixels.format == CAIRO_FORMAT_RGB24 { return true }
            let w = pixels.width
            return pixels.allRows { row in (0..<w).allSatisfy { row[$0 * 4 + 3] == 255 } }
        case .svg:
            let w = Int(size.width * 2), h = Int(size.height * 2)
            // A huge SVG is not drawn just to find out (a bar image is a few hundred points wide).
            guard Double(w) == size.width * 2, Double(h) == size.height * 2, w * h <= 16_777_216,
                  let surface = try? CairoSurface(width: w, height: h) else { return false }
            let cr = cairo_create(surface.pointer)
            defer { cairo_destroy(cr) }
            guard (try? renderSVG(cr!, in: Rect(x: 0, y: 0, width: Double(w), height: Double(h)))) != nil else { return false }
            return Self.allOpaque(surface)
        }
    }

    private static func allOpaque(_ surface: CairoSurface) -> Bool {
        cairo_surface_flush(surface.pointer)
        guard let data = cairo_image_surface_get_data(surface.pointer) else { return false }
        if cairo_image_surface_get_format(surface.pointer) == CAIRO_FORMAT_RGB24 { return true }
        for y in 0..<surface.height {
            let row = data + y * surface.stride
            for x in 0..<surface.width where row[x * 4 + 3] != 255 { return false }
        }
        return true
    }
}
