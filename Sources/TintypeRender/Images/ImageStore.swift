import CCairo
import CRsvg
import Foundation
import TintypeLayout
import TintypeModel

/// Decoded images, shared by every scene of a run: each file is read and decoded once.
public final class ImageStore: ImageMeasuring, @unchecked Sendable {
    private let lock = NSLock()
    private var cache: [String: LoadedImage] = [:]
    private var rasters: [RasterKey: SharedPixels] = [:]

    public init() {}

    public func resolvedPath(_ source: ImageSource, baseDirectory: String?) -> String {
        source.resolvedPath(in: baseDirectory)
    }

    /// The image's size in points.
    package func size(of source: ImageSource, at file: String) throws(ImageFileError) -> Size {
        try image(source, at: file).size
    }

    /// Whether every pixel of the image is opaque.
    package func isOpaque(_ source: ImageSource, at file: String) throws(ImageFileError) -> Bool {
        try image(source, at: file).isOpaque
    }

    func image(_ source: ImageSource, at file: String) throws(ImageFileError) -> LoadedImage {
        lock.lock()
        defer { lock.unlock() }
        if let hit = cache[file] { return hit }
        let loaded = try LoadedImage.load(source, file: file)
        cache[file] = loaded
        return loaded
    }

    private struct RasterKey: Hashable { var file: String; var scale: Double }

    /// The image as pixels at `scale` pixels per point (PNGs as they are, SVGs rasterized once),
    /// shared by every render: draw them through a surface of the render's own (`SharedPixels.surface()`).
    func raster(_ image: LoadedImage, file: String, scale: Double) throws(ImageFileError) -> (pixels: SharedPixels, pixelsPerPoint: Double) {
        switch image.content {
        case .raster(let pixels): return (pixels, image.scale)
        case .svg:
            lock.lock()
            defer { lock.unlock() }
            let key = RasterKey(file: file, scale: scale)
            if let hit = rasters[key] { return (hit, scale) }
            let pw = (image.size.width * scale).rounded(.up), ph = (image.size.height * scale).rounded(.up)
            guard SceneLimits.allowsPixels(width: pw, height: ph) else {
                throw ImageFileError("image file \(quoted(image.name)) is \(format(image.size.width))×\(format(image.size.height)) points, "
                                     + "\(format(pw))×\(format(ph)) pixels at this scale, which its cap insets need drawn whole: "
                                     + "more than the limit of \(SceneLimits.maxPixelDimension) pixels a side and \(SceneLimits.maxPixelCount / 1_048_576) megapixels")
            }
            let w = max(1, Int(pw)), h = max(1, Int(ph))
            let surface = try CairoSurface(width: w, height: h)
            let cr = cairo_create(surface.pointer)!
            defer { cairo_destroy(cr) }
            cairo_scale(cr, scale, scale)
            try image.renderSVG(cr, in: Rect(x: 0, y: 0, width: image.size.width, height: image.size.height))
            let pixels = try SharedPixels(surface)
            rasters[key] = pixels
            return (pixels, scale)
        }
    }
}

/// One decoded image file.
final class LoadedImage: @unchecked Sendable {
    enum Content {
        /// Decoded once and read by every render at once.
        case raster(SharedPixels)
        case svg(OpaquePointer, Rsvg)
    }
    let content: Content
    /// Size in points.
    let size: Size
    /// Pixels per point of a raster image.
    let scale: Double
    /// The path as the scene gave it, for messages.
    let name: String
    private let svgLock = NSLock()

    private init(content: Content, size: Size, scale: Double, name: String) {
        self.content = content; self.size = size; self.scale = scale; self.name = name
    }

    deinit {
        if case .svg(let handle, _) = content { tt_rsvg_unref(UnsafeMutablePointer(handle)) }
    }

    static func load(_ source: ImageSource, file: String) throws(ImageFileError) -> LoadedImage {
        // Only a regular file is opened (a named pipe would wait forever), and never read past the limit.
        let data: [UInt8]
        switch InputFiles.read(file, limit: SceneLimits.maxImageFileSize) {
        case .success(let bytes): data = bytes
        case .failure(.notAFile(.missing)): throw ImageFileError("image file \"\(source.path)\" not found or unreadable")
        case .failure(let why): throw ImageFileError("image file \(quoted(source.path)) \(why.message(limit: SceneLimits.maxImageFileSize))")
        }
        switch source.format {
        case .png:
            let surface: CairoSurface
            do { surface = try CairoSurface(png: data) } catch {
                throw ImageFileError("image file \"\(source.path)\" is \(error.message)")
            }
            let s = source.scale
            let pixels: SharedPixels
            do { pixels = try SharedPixels(surface) } catch { throw ImageFileError("image file \"\(source.path)\" is \(error.message)") }
            return LoadedImage(content: .raster(pixels), size: Size(width: Double(surface.width) / s, height: Double(surface.height) / s), scale: s, name: source.path)
        case .svg:
            // What librsvg would spend on the file is counted before it sees it.
            if let problem = SVGBudget.problem(data, name: source.path) { throw ImageFileError(problem) }
            let rsvg: Rsvg
            do { rsvg = try Rsvg.loaded() } catch { throw ImageFileError("image file \"\(source.path)\" cannot be read: \(error.message)") }
            var error: UnsafeMutablePointer<GError>?
            let handle = data.withUnsafeBytes { rsvg.handle($0, error: &error) }
            guard let handle else {
                let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
                tt_gerror_free(error)
                throw ImageFileError("image file \"\(source.path)\" is not a valid SVG: \(reason.trimmingCharacters(in: .whitespacesAndNewlines))")
            }
            guard let (w, ht) = rsvg.intrinsicSize(handle) else {
                tt_rsvg_unref(handle)
                throw ImageFileError("image file \"\(source.path)\" has no size: give the <svg> a width and height or a viewBox")
            }
            return LoadedImage(content: .svg(OpaquePointer(handle), rsvg), size: Size(width: w, height: ht), scale: 1, name: source.path)
        case nil:
            throw ImageFileError("unsupported image \"\(source.path)\"; use a .png or .svg file")
        }
    }

    /// Draws the SVG scaled into `rect` (user space of `cr`).
    func renderSVG(_ cr: OpaquePointer, in rect: Rect) throws(ImageFileError) {
        guard case .svg(let handle, let rsvg) = content else { return }
        svgLock.lock()
        defer { svgLock.unlock() }
        var viewport = RsvgRectangle(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
        var error: UnsafeMutablePointer<GError>?
        // The viewport keeps the SVG's aspect ratio; stretch it to the rect as UIKit would.
        cairo_save(cr)
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, rect.width / size.width, rect.height / size.height)
        viewport = RsvgRectangle(x: 0, y: 0, width: size.width, height: size.height)
        let ok = rsvg.render(UnsafeMutablePointer(handle), cr, viewport: &viewport, error: &error)
        cairo_restore(cr)
        if !ok {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            tt_gerror_free(error)
            throw ImageFileError("image file \(quoted(name)) cannot be drawn: \(reason.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }
}
