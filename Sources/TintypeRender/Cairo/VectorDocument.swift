import CCairo
import Foundation

/// The file formats a render is written as. PNG is pixels; SVG and PDF are Cairo's own vector
/// surfaces, drawn from the same display list (docs/architecture.md, "Determinism").
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, svg, pdf

    /// The format a file name asks for by its extension (case-insensitive), or nil when the
    /// extension is none of them.
    public init?(path: String) {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        self.init(rawValue: ext)
    }

    /// "png, svg or pdf", for messages.
    public static let list = "png, svg or pdf"
}

/// What an image raster read back from its own pixels, in drawing order: the blurred region of
/// each backdrop and the color of each home indicator. A vector page cannot be read, so it is
/// drawn after an image raster of the same list has filled the tape, and plays it back.
final class PixelTape {
    private var backdrops: [(CairoSurface, Int, Int)] = []
    private var projections: [(CairoSurface, Int, Int)] = []
    private var nextProjectionIndex = 0
    private var whites: [Bool] = []
    private var nextBackdropIndex = 0, nextWhiteIndex = 0

    func record(backdrop region: CairoSurface, x: Int, y: Int) { backdrops.append((region, x, y)) }
    func record(white: Bool) { whites.append(white) }
    func record(projection region: CairoSurface, x: Int, y: Int) { projections.append((region, x, y)) }

    func nextProjection() -> (CairoSurface, Int, Int)? {
        guard nextProjectionIndex < projections.count else { return nil }
        defer { nextProjectionIndex += 1 }
        return projections[nextProjectionIndex]
    }

    func nextBackdrop() -> (CairoSurface, Int, Int)? {
        guard nextBackdropIndex < backdrops.count else { return nil }
        defer { nextBackdropIndex += 1 }
        return backdrops[nextBackdropIndex]
    }

    func nextWhite() -> Bool? {
        guard nextWhiteIndex < whites.count else { return nil }
        defer { nextWhiteIndex += 1 }
        return whites[nextWhiteIndex]
    }

    /// Whether drawing `items` reads pixels (then an image raster must fill a tape first).
    static func needed(for items: [DisplayItem]) -> Bool {
        items.contains { item in
            switch item {
            case .backdrop, .homeIndicator: true
            case .group(let g): g.projection != nil || needed(for: g.items)
            default: false
            }
        }
    }
}

/// A PDF or SVG document being written to memory: one page per display list.
///
/// Both are made deterministic, so a vector file can be a golden: the PDF carries no creation
/// date, and the SVG's ids (which Cairo numbers from a process-wide counter) are renumbered in
/// the order they appear.
///
/// The bytes go to a `Sink` that the surface itself keeps alive: Cairo writes through the stream
/// whenever the surface is shown, finished or destroyed, and a document dropped without `finish()`
/// (a page that failed to draw) is finished by its last reference. The sink used to be a property
/// the surface only pointed at, released before the surface when the document was dropped, so
/// Cairo's last writes went through a dangling pointer into freed memory.
final class VectorDocument {
    let format: ImageFormat
    private let sink = Sink()
    private var page: CairoSurface?
    private var pages = 0
    private var finished = false

    /// Collects the bytes Cairo writes.
    final class Sink {
        var bytes: [UInt8] = []
        /// Sinks alive, for the tests that prove none outlives its surface or dies before it.
        nonisolated(unsafe) static var live = 0
        static let lock = NSLock()
        init() { Self.lock.lock(); Self.live += 1; Self.lock.unlock() }
        deinit { Self.lock.lock(); Self.live -= 1; Self.lock.unlock() }
    }

    init(format: ImageFormat) {
        precondition(format != .png, "a PNG is an image surface, not a document")
        self.format = format
    }

    /// A document dropped unfinished is finished here, while it can still say where the bytes go
    /// (they are thrown away with it).
    deinit {
        // Finishing emits the fonts, and the surface's last reference releases them: both under
        // the font lock, as every glyph lookup is (TextEngine.withFontsLocked).
        TextEngine.withFontsLocked {
            if let page, !finished { cairo_surface_finish(page.pointer) }
            page = nil
        }
    }

    /// Draws `list` as the next page (an SVG has only one).
    func addPage(_ list: DisplayList, images: ImageStore) throws(RenderError) {
        try addPage(list, images: images) { raster throws(RenderError) in try raster.draw(list.items) }
    }

    /// Draws the next page with `draw`, given a raster on the page sized and scaled as `list` is
    /// (what it draws beyond `list.items`, such as a composition's pictures, reads no pixels back).
    func addPage(_ list: DisplayList, images: ImageStore, draw: (Raster) throws(RenderError) -> Void) throws(RenderError) {
        precondition(format == .pdf || pages == 0, "an SVG holds one page")
        let tape: PixelTape?
        if PixelTape.needed(for: list.items) {
            let t = PixelTape()
            let raster = try Raster(list: list, images: images, recording: t)
            try draw(raster)
            tape = t
        } else {
            tape = nil
        }
        let surface = try pageSurface(width: list.size.width, height: list.size.height)
        let raster = try Raster(list: list, images: images, page: surface, replaying: tape, keepsText: format == .pdf)
        try draw(raster)
        // A page shown may rasterize fallback images, text included: glyph lookups, under the font lock.
        TextEngine.withFontsLocked { cairo_show_page(raster.cr) }
        pages += 1
    }

    /// The first call makes the surface; later ones (PDF only) resize it for the next page.
    private func pageSurface(width: Double, height: Double) throws(RenderError) -> CairoSurface {
        if let page {
            cairo_pdf_surface_set_size(page.pointer, width, height)
            return page
        }
        // The stream's closure holds the sink, released with the surface's user data: after
        // the surface's last write (cairo_surface_destroy finishes a surface before it releases
        // its user data).
        let closure = Unmanaged.passRetained(sink).toOpaque()
        let write: cairo_write_func_t = { closure, data, length in
            let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
            if let data { sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length))) }
            return CAIRO_STATUS_SUCCESS
        }
        let pointer: OpaquePointer
        switch format {
        case .pdf:
            pointer = cairo_pdf_surface_create_for_stream(write, closure, width, height)
            cairo_pdf_surface_restrict_to_version(pointer, CAIRO_PDF_VERSION_1_5)
            // Cairo stamps the current time by default; a fixed, empty date keeps the bytes stable.
            cairo_pdf_surface_set_metadata(pointer, CAIRO_PDF_METADATA_CREATE_DATE, "")
            cairo_pdf_surface_set_metadata(pointer, CAIRO_PDF_METADATA_CREATOR, "Tintype")
        case .svg:
            pointer = cairo_svg_surface_create_for_stream(write, closure, width, height)
            cairo_svg_surface_restrict_to_version(pointer, CAIRO_SVG_VERSION_1_1)
            // One CSS pixel per point, as a designer reads an iOS screen.
            cairo_svg_surface_set_document_unit(pointer, CAIRO_SVG_UNIT_PX)
        case .png:
            preconditionFailure()
        }
        let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { Unmanaged<Sink>.fromOpaque($0!).release() }
        if cairo_surface_set_user_data(pointer, VectorDocument.sinkKey, closure, release) != CAIRO_STATUS_SUCCESS {
            // Not attached (a surface in error): the surface is never written to, so the sink is released here.
            Unmanaged<Sink>.fromOpaque(closure).release()
        }
        let surface: CairoSurface
        do { surface = try CairoSurface(owning: pointer) } catch {
            throw RenderError(path: "", message: "cannot create the \(format.rawValue.uppercased()) surface: \(error.message)")
        }
        page = surface
        return surface
    }

    /// Finishes the document and returns its bytes.
    func finish() throws(RenderError) -> [UInt8] {
        guard let page else { throw RenderError(path: "", message: "the document has no page") }
        TextEngine.withFontsLocked { cairo_surface_finish(page.pointer) }
        finished = true
        let status = cairo_surface_status(page.pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError(path: "", message: "writing the \(format.rawValue.uppercased()) failed: \(String(cString: cairo_status_to_string(status)))")
        }
        return format == .svg ? SVGIds.renumber(sink.bytes) : sink.bytes
    }

    nonisolated(unsafe) private static let sinkKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
}

/// Renumbers the ids of a Cairo SVG (`surface17`, `image9`, `clip3`, `glyph0-1`) in the order they
/// are declared, each prefix counting from 1, so the same drawing gives the same text whatever
/// was rendered before it in the process.
enum SVGIds {
    static func renumber(_ bytes: [UInt8]) -> [UInt8] {
        let decl = Array("id=\"".utf8)
        func isNameByte(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F
        }
        func nameEnd(_ from: Int) -> Int {
            var j = from
            while j < bytes.count, isNameByte(bytes[j]) { j += 1 }
            return j
        }
        func isDeclaration(at i: Int) -> Bool {
            i >= 3 && bytes[i - 3] == decl[0] && bytes[i - 2] == decl[1] && bytes[i - 1] == decl[2] && bytes[i] == decl[3]
        }
        // Declarations, id="name", numbered per prefix in the order they come.
        var map: [ArraySlice<UInt8>: [UInt8]] = [:]
        var counters: [ArraySlice<UInt8>: Int] = [:]
        var i = 3
        while i < bytes.count {
            if bytes[i] == 0x22, isDeclaration(at: i) {
                let end = nameEnd(i + 1)
                let id = bytes[(i + 1)..<end]
                if map[id] == nil {
                    let prefix = id.prefix { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }
                    let n = (counters[prefix] ?? 0) + 1
                    counters[prefix] = n
                    map[id] = Array(prefix) + Array(String(n).utf8)
                }
                i = end
            } else {
                i += 1
            }
        }
        guard !map.isEmpty else { return bytes }
        // Every declaration and reference ("#name", url(#name)) gets its new name.
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        i = 0
        while i < bytes.count {
            let b = bytes[i]
            out.append(b)
            if b == 0x23 || (b == 0x22 && isDeclaration(at: i)) {
                let end = nameEnd(i + 1)
                if end > i + 1, let renamed = map[bytes[(i + 1)..<end]] {
                    out += renamed
                    i = end
                    continue
                }
            }
            i += 1
        }
        return out
    }
}
