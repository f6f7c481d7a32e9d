import CCairo
import CPoppler
import CRsvg
import Foundation

/// Turns an SVG or PDF back into pixels, so that a vector golden can be compared with a render:
/// SVG through librsvg, PDF through poppler, both drawing with Cairo onto an image surface of the
/// size asked for (the page scaled to fill it), over transparency.
public enum DocumentRasterizer {
    /// The pixels of `bytes` (an SVG, or the first page of a PDF) at `width`×`height`.
    public static func bitmap(_ bytes: [UInt8], format: ImageFormat, width: Int, height: Int) throws(ImageFileError) -> Bitmap {
        switch format {
        case .png: return try Bitmap(png: bytes)
        case .svg: return try svg(bytes, width: width, height: height)
        case .pdf: return try pdf(bytes, width: width, height: height)
        }
    }

    private static func svg(_ bytes: [UInt8], width: Int, height: Int) throws(ImageFileError) -> Bitmap {
        let rsvg = try Rsvg.loaded()
        var error: UnsafeMutablePointer<GError>?
        let handle = bytes.withUnsafeBytes { rsvg.handle($0, error: &error) }
        guard let handle else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            tt_gerror_free(error)
            throw ImageFileError("not a readable SVG (\(reason))")
        }
        defer { tt_rsvg_unref(handle) }
        let surface = try CairoSurface(width: width, height: height)
        let cr = cairo_create(surface.pointer)
        defer { cairo_destroy(cr) }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        if !rsvg.render(handle, cr, viewport: &viewport, error: &error) {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            tt_gerror_free(error)
            throw ImageFileError("SVG rendering failed: \(reason)")
        }
        return surface.bitmap()
    }

    private static func pdf(_ bytes: [UInt8], width: Int, height: Int) throws(ImageFileError) -> Bitmap {
        let poppler = try Poppler.loaded().api
        let data = bytes.withUnsafeBufferPointer { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(data) }
        var error: UnsafeMutablePointer<GError>?
        guard let document = poppler.document_new_from_bytes(data, nil, &error) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw ImageFileError("not a readable PDF (\(reason))")
        }
        defer { tt_poppler_unref(UnsafeMutableRawPointer(document)) }
        guard poppler.document_get_n_pages(document) > 0, let page = poppler.document_get_page(document, 0) else {
            throw ImageFileError("the PDF has no page")
        }
        defer { tt_poppler_unref(UnsafeMutableRawPointer(page)) }
        var pw = 0.0, ph = 0.0
        poppler.page_get_size(page, &pw, &ph)
        guard pw > 0, ph > 0 else { throw ImageFileError("the PDF's page has no size") }
        let surface = try CairoSurface(width: width, height: height)
        let cr = cairo_create(surface.pointer)
        defer { cairo_destroy(cr) }
        cairo_scale(cr, Double(width) / pw, Double(height) / ph)
        poppler.page_render(page, cr)
        return surface.bitmap()
    }
}
