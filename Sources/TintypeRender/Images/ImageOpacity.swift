import CCairo

extension LoadedImage {
    /// Whether every pixel is fully opaque (UIKit makes a bar with such a background image opaque).
    /// SVGs count as having transparency.
    var isOpaque: Bool {
        guard case .raster(let surface) = content else { return false }
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
