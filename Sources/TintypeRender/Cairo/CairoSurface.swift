import CCairo
import CDeflate
import Foundation
import TintypeLayout
import TintypeModel

/// Owns a cairo image surface (ARGB32).
final class CairoSurface: @unchecked Sendable {
    let pointer: OpaquePointer

    init(width: Int, height: Int, format: cairo_format_t = CAIRO_FORMAT_ARGB32) throws(ImageFileError) {
        try Self.checkSize(width: width, height: height)
        pointer = cairo_image_surface_create(format, Int32(width), Int32(height))
        try check()
    }

    /// An ARGB32 surface over `pixels`, rows of width × 4 bytes, which must outlive it.
    convenience init(wrapping pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int) throws(ImageFileError) {
        try Self.checkSize(width: width, height: height)
        try self.init(owning: cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4)))
    }

    /// Checked before Int32 conversion: no caller's arithmetic can make a surface past the pixel budget.
    private static func checkSize(width: Int, height: Int) throws(ImageFileError) {
        guard SceneLimits.allowsPixels(width: width, height: height) else {
            throw ImageFileError("a surface of \(width)×\(height) pixels is beyond the limit of \(SceneLimits.maxPixelDimension) pixels a side and "
                                 + "\(SceneLimits.maxPixelCount / 1_048_576) megapixels")
        }
    }

    /// Takes ownership of a surface returned by cairo.
    init(owning pointer: OpaquePointer) throws(ImageFileError) {
        self.pointer = pointer
        try check()
    }

    private func check() throws(ImageFileError) {
        let status = cairo_surface_status(pointer)
        if status != CAIRO_STATUS_SUCCESS {
            throw ImageFileError(String(cString: cairo_status_to_string(status)))
        }
    }

    deinit { cairo_surface_destroy(pointer) }

    var width: Int { Int(cairo_image_surface_get_width(pointer)) }
    var height: Int { Int(cairo_image_surface_get_height(pointer)) }
    var stride: Int { Int(cairo_image_surface_get_stride(pointer)) }

    convenience init(bitmap: Bitmap) throws(ImageFileError) {
        try self.init(width: bitmap.width, height: bitmap.height)
        cairo_surface_flush(pointer)
        let stride = self.stride, rowBytes = bitmap.width * 4
        guard let data = cairo_image_surface_get_data(pointer) else { throw ImageFileError("no pixel data") }
        bitmap.pixels.withUnsafeBytes { src in
            for y in 0..<bitmap.height {
                memcpy(data + y * stride, src.baseAddress! + y * rowBytes, rowBytes)
            }
        }
        cairo_surface_mark_dirty(pointer)
    }

    /// Reads a PNG from memory: 8-bit RGB and RGBA ones directly (`decodeDirectly`), any other
    /// kind through Cairo's reader. Paletted, gray and 16-bit PNGs come back as ARGB32 too.
    /// The header is checked first: a corrupt one is named as such, and a size past the pixel budget
    /// is refused before any memory is taken for it.
    /// `directly: false` always takes Cairo's reader (tests compare the two).
    convenience init(png bytes: [UInt8], directly: Bool = true) throws(ImageFileError) {
        PNGDecodeCounter.shared.increment()
        let header = try Self.checkedHeader(bytes)
        if directly, let surface = Self.decodeDirectly(bytes) {
            try self.init(owning: surface)
            return
        }
        // libpng takes a chunk's stated length on trust and allocates that much before reading
        // it: a 300-byte file claiming a 2 GB text chunk is refused here, named as Cairo's reader
        // failing on it would be.
        guard Self.chunksFit(bytes) else {
            throw ImageFileError("a corrupt PNG: " + (PNGDiagnosis.problem(in: bytes, header: header) ?? "its image data cannot be decoded"))
        }
        final class Reader { var bytes: [UInt8]; var offset = 0; init(_ b: [UInt8]) { bytes = b } }
        let reader = Reader(bytes)
        let context = Unmanaged.passRetained(reader)
        defer { context.release() }
        let surface = cairo_image_surface_create_from_png_stream({ closure, data, length in
            let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
            let n = Int(length)
            guard reader.offset + n <= reader.bytes.count, let data else { return CAIRO_STATUS_READ_ERROR }
            reader.bytes.withUnsafeBytes { buffer in
                _ = memcpy(data, buffer.baseAddress! + reader.offset, n)
            }
            reader.offset += n
            return CAIRO_STATUS_SUCCESS
        }, context.toOpaque())!
        // libpng's errors reach Cairo as "out of memory"; with the size checked above, they mean
        // corrupt data, which the file itself is read again to name.
        do { try self.init(owning: surface) } catch {
            throw ImageFileError("a corrupt PNG: " + (PNGDiagnosis.problem(in: bytes, header: header) ?? "its image data cannot be decoded"))
        }
    }

    /// The PNG's header: a corrupt one is named as such, a size past the pixel budget refused.
    static func checkedHeader(_ bytes: [UInt8]) throws(ImageFileError) -> PNGHeader {
        switch PNGHeader.read(bytes) {
        case .failure(let problem): throw ImageFileError("\(problem)")
        case .success(let h):
            if let problem = h.pixelLimitProblem { throw ImageFileError("too large: \(problem)") }
            return h
        }
    }

    /// The pixels `decodeDirectly` gives, decoded straight into a Bitmap's memory (no surface to
    /// fill and copy out: for a 1242×2688 screen, 13 MB less memory to touch), or nil for any PNG
    /// that reader leaves to Cairo's. The header must have been checked.
    static func decodeDirectlyToBitmap(_ bytes: [UInt8]) -> Bitmap? {
        var w: UInt32 = 0, h: UInt32 = 0
        let kind = bytes.withUnsafeBufferPointer { tt_png_fast_kind($0.baseAddress, $0.count, &w, &h) }
        guard kind != 0 else { return nil }
        let width = Int(w), height = Int(h)
        var done = false
        // Cairo's stride for 32-bit pixels is the width × 4, so these are the rows bitmap() copies.
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            done = bytes.withUnsafeBufferPointer { tt_png_decode($0.baseAddress, $0.count, kind, w, h, buffer.baseAddress, width * 4) } == 1
            count = done ? width * height * 4 : 0
        }
        return done ? Bitmap(width: width, height: height, pixels: pixels) : nil
    }

    /// Whether every chunk up to IEND lies within the file (no reader can decode one that does not).
    static func chunksFit(_ b: [UInt8]) -> Bool {
        var at = 8
        while at + 12 <= b.count {
            let n = Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
            guard n <= b.count - at - 12 else { return false }
            if b[at + 4] == 0x49, b[at + 5] == 0x45, b[at + 6] == 0x4E, b[at + 7] == 0x44 { return true }  // IEND
            at += n + 12
        }
        return false
    }

    /// The PNG as Cairo's reader would give it (the same format, pixels and attached PNG data),
    /// decoded with libdeflate, which inflates faster than libpng's zlib: nil for any PNG that is
    /// not 8-bit RGB or RGBA without interlacing and transparency key, or has anything off about it.
    static func decodeDirectly(_ bytes: [UInt8]) -> OpaquePointer? {
        var w: UInt32 = 0, h: UInt32 = 0
        let kind = bytes.withUnsafeBufferPointer { tt_png_fast_kind($0.baseAddress, $0.count, &w, &h) }
        guard kind != 0, let surface = cairo_image_surface_create(kind == 6 ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, Int32(w), Int32(h)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let done = bytes.withUnsafeBufferPointer { tt_png_decode($0.baseAddress, $0.count, kind, w, h, data, stride) } == 1
        // Cairo's reader keeps the file's bytes on the surface, which SVG and PDF output embed as they are.
        guard done, let copy = malloc(max(1, bytes.count)) else {
            cairo_surface_destroy(surface)
            return nil
        }
        bytes.withUnsafeBytes { _ = memcpy(copy, $0.baseAddress!, bytes.count) }
        cairo_surface_mark_dirty(surface)
        guard cairo_surface_set_mime_data(surface, CAIRO_MIME_TYPE_PNG, copy.assumingMemoryBound(to: UInt8.self), UInt(bytes.count), free, copy) == CAIRO_STATUS_SUCCESS else {
            free(copy)
            cairo_surface_destroy(surface)
            return nil
        }
        return surface
    }

    /// Copies the pixels out, without row padding.
    func bitmap() -> Bitmap {
        cairo_surface_flush(pointer)
        let w = width, h = height, stride = self.stride
        guard let data = cairo_image_surface_get_data(pointer) else {
            return Bitmap(width: w, height: h, pixels: [UInt8](repeating: 0, count: w * h * 4))
        }
        // Every byte is copied over, so the array is not cleared first (a screen is megabytes).
        let pixels = [UInt8](unsafeUninitializedCapacity: w * h * 4) { dst, count in
            guard let base = dst.baseAddress else { count = 0; return }
            if stride == w * 4 {
                memcpy(base, data, w * h * 4)
            } else {
                for y in 0..<h { memcpy(base + y * w * 4, data + y * stride, w * 4) }
            }
            count = w * h * 4
        }
        return Bitmap(width: w, height: h, pixels: pixels)
    }

    /// The image as PNG bytes, written by libdeflate (see CDeflate/shim.h): deterministic, and
    /// decoded by any PNG reader to exactly the pixels Cairo's own writer would give. `fast` trades
    /// size for time (runs only, fixed codes): for failure artifacts and diff images.
    func pngData(fast: Bool = false) throws(ImageFileError) -> [UInt8] {
        cairo_surface_flush(pointer)
        guard let data = cairo_image_surface_get_data(pointer) else { throw ImageFileError("PNG encoding failed: no pixel data") }
        return try Self.encodePNG(data, width: width, height: height, stride: stride, fast: fast)
    }

    /// Premultiplied ARGB32 rows `stride` bytes apart as PNG bytes (see `pngData`).
    static func encodePNG(_ data: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, fast: Bool) throws(ImageFileError) -> [UInt8] {
        PNGEncodeCounter.shared.increment()
        var length = 0
        guard let png = tt_png_encode(data, UInt32(width), UInt32(height), stride, fast ? 1 : 0, &length) else {
            throw ImageFileError("PNG encoding failed: out of memory")
        }
        defer { free(png) }
        return Array(UnsafeBufferPointer(start: png, count: length))
    }
}

/// Pixels that many renders read at once: a decoded image, an SVG rasterized once, an icon
/// scaled into every size. Cairo's objects are not shared between threads (docs/determinism.md):
/// a surface used as a source is flushed, and may get snapshots attached and detached, which
/// changes lists inside it without a lock. Memory that is only read may be shared. So the pixels
/// are finished once, here, and never given to Cairo again; each use draws from a surface of its
/// own over them (`surface()`).
final class SharedPixels: @unchecked Sendable {
    /// Owns the memory; no Cairo call takes it after `init`.
    private let owner: CairoSurface
    private let data: UnsafeMutablePointer<UInt8>
    let width: Int, height: Int, stride: Int
    let format: cairo_format_t
    /// The file's bytes that Cairo's PNG reader (and `decodeDirectly`) attach, for SVG and PDF
    /// output to embed (a copy of its own: Cairo frees the surface's at its first flush).
    private let png: (bytes: UnsafePointer<UInt8>, count: Int)?

    /// Takes `surface` over: the caller must not use it afterwards.
    init(_ surface: CairoSurface) throws(ImageFileError) {
        // The PNG bytes are copied first: flushing a surface detaches (and frees) its mime data.
        var bytes: UnsafePointer<UInt8>?
        var count: UInt = 0
        cairo_surface_get_mime_data(surface.pointer, CAIRO_MIME_TYPE_PNG, &bytes, &count)
        if let bytes, count > 0 {
            let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: Int(count))
            copy.initialize(from: bytes, count: Int(count))
            png = (UnsafePointer(copy), Int(count))
        } else {
            png = nil
        }
        cairo_surface_flush(surface.pointer)
        guard let data = cairo_image_surface_get_data(surface.pointer) else {
            png?.bytes.deallocate()
            throw ImageFileError("no pixel data")
        }
        owner = surface
        self.data = data
        width = surface.width; height = surface.height; stride = surface.stride
        format = cairo_image_surface_get_format(surface.pointer)
    }

    deinit { png?.bytes.deallocate() }

    /// A surface of the caller's own over the pixels, with the PNG bytes attached when there are
    /// some. Only read from it. Cairo may keep it past the wrapper (a PDF page keeps its sources
    /// until the document is finished), so it holds these pixels alive itself.
    func surface() throws(ImageFileError) -> CairoSurface {
        let view = try CairoSurface(owning: cairo_image_surface_create_for_data(data, format, Int32(width), Int32(height), Int32(stride)))
        let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { Unmanaged<SharedPixels>.fromOpaque($0!).release() }
        let retained = Unmanaged.passRetained(self).toOpaque()
        let status = cairo_surface_set_user_data(view.pointer, SharedPixels.key, retained, release)
        guard status == CAIRO_STATUS_SUCCESS else {
            // Not attached, so Cairo will not release it: released here, and the view is not used.
            Unmanaged<SharedPixels>.fromOpaque(retained).release()
            throw ImageFileError(String(cString: cairo_status_to_string(status)))
        }
        if let png {
            let retained = Unmanaged.passRetained(self).toOpaque()
            if cairo_surface_set_mime_data(view.pointer, CAIRO_MIME_TYPE_PNG, png.bytes, UInt(png.count), release, retained) != CAIRO_STATUS_SUCCESS {
                Unmanaged<SharedPixels>.fromOpaque(retained).release()
            }
        }
        return view
    }

    /// Whether `body` holds for every row of pixels (`width` × 4 bytes of ARGB32 or RGB24), read
    /// without Cairo.
    func allRows(_ body: (UnsafePointer<UInt8>) -> Bool) -> Bool {
        for y in 0..<height where !body(data + y * stride) { return false }
        return true
    }

    nonisolated(unsafe) private static let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
}

/// Counts PNG decodes, so tests can prove that a verify against a stamped golden decodes none.
final class PNGDecodeCounter: @unchecked Sendable {
    static let shared = PNGDecodeCounter()
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

/// Counts PNG encodes, so tests can prove that a passing verify encodes none.
final class PNGEncodeCounter: @unchecked Sendable {
    static let shared = PNGEncodeCounter()
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
