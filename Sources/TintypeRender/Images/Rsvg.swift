import CRsvg

/// librsvg, opened the first time an SVG is read instead of being linked (CRsvg's shim.h says why):
/// a scene without SVG images never loads it.
struct Rsvg: @unchecked Sendable {  // the function table never changes once filled
    /// librsvg's soname, as Debian's librsvg2-2 package installs it.
    static let library = "librsvg-2.so.2"
    private let api: tt_rsvg_api

    /// librsvg, opened once for the whole process (the error is the same for every later call).
    static func loaded() throws(ImageFileError) -> Rsvg { try shared.get() }
    private static let shared = Result { () throws(ImageFileError) in try Rsvg(opening: library) }

    /// Opens `file`; the error names the library, why it failed and the Debian package to install.
    init(opening file: String) throws(ImageFileError) {
        var api = tt_rsvg_api()
        if let reason = tt_rsvg_open(file, &api) {
            throw ImageFileError("SVG images need librsvg, which cannot be loaded (\(String(cString: reason))); install Debian's librsvg2-2 package")
        }
        self.api = api
    }

    func handle(_ bytes: UnsafeRawBufferPointer, error: inout UnsafeMutablePointer<GError>?) -> UnsafeMutablePointer<RsvgHandle>? {
        api.new_from_data(bytes.bindMemory(to: UInt8.self).baseAddress, gsize(bytes.count), &error)
    }

    func render(_ handle: UnsafeMutablePointer<RsvgHandle>, _ cr: OpaquePointer?, viewport: inout RsvgRectangle, error: inout UnsafeMutablePointer<GError>?) -> Bool {
        api.render_document(handle, cr, &viewport, &error) != 0
    }

    /// The SVG's size in pixels: its width and height, else its viewBox's (nil when it has neither).
    func intrinsicSize(_ handle: UnsafeMutablePointer<RsvgHandle>) -> (width: Double, height: Double)? {
        var w = 0.0, h = 0.0
        if api.intrinsic_size_in_pixels(handle, &w, &h) == 0 || w <= 0 || h <= 0 {
            var hasViewBox: gboolean = 0
            var viewBox = RsvgRectangle()
            api.intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
            if hasViewBox != 0 { w = viewBox.width; h = viewBox.height }
        }
        guard w > 0, h > 0, w.isFinite, h.isFinite else { return nil }
        return (w, h)
    }
}
