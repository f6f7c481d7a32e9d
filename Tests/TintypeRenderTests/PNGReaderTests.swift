import CCairo
import CZlib
import Foundation
import Testing
@testable import TintypeLayout
@testable import TintypeRender

/// Tintype decodes 8-bit RGB and RGBA PNGs itself (libdeflate, CDeflate/shim.h) and leaves every
/// other PNG to Cairo's reader. The two must agree byte for byte: format, pixels, and the file's
/// bytes kept on the surface for SVG and PDF output.
@Suite struct PNGReaderTests {
    /// What a decode gives, for comparison.
    struct Decoded: Equatable {
        var format: Int32, width: Int32, height: Int32, pixels: [UInt8], mime: [UInt8]?
    }

    static func decode(_ png: [UInt8], directly: Bool) throws -> Decoded {
        let surface = try CairoSurface(png: png, directly: directly)
        let p = surface.pointer
        let h = cairo_image_surface_get_height(p), stride = Int(cairo_image_surface_get_stride(p))
        let data = cairo_image_surface_get_data(p)!
        var mimeData: UnsafePointer<UInt8>?
        var mimeLength: UInt = 0
        cairo_surface_get_mime_data(p, CAIRO_MIME_TYPE_PNG, &mimeData, &mimeLength)
        return Decoded(format: Int32(cairo_image_surface_get_format(p).rawValue), width: cairo_image_surface_get_width(p), height: h,
                       pixels: Array(UnsafeBufferPointer(start: data, count: stride * Int(h))),
                       mime: mimeData.map { Array(UnsafeBufferPointer(start: $0, count: Int(mimeLength))) })
    }

    /// A PNG written by Cairo's own writer (libpng picks a filter per row by its heuristic).
    static func cairoPNG(width: Int, height: Int, format: cairo_format_t, pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        let s = cairo_image_surface_create(format, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(s) }
        let data = cairo_image_surface_get_data(s)!, stride = Int(cairo_image_surface_get_stride(s))
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = pixel(x, y)
                // Premultiplied, as Cairo holds it.
                func pm(_ c: UInt8) -> UInt32 { UInt32((Int(c) * Int(a) + 127) / 255) }
                let word = UInt32(a) << 24 | pm(r) << 16 | pm(g) << 8 | pm(b)
                (data + y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee = word }
            }
        }
        cairo_surface_mark_dirty(s)
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(s, { closure, data, length in
            let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        #expect(status == CAIRO_STATUS_SUCCESS)
        return sink.bytes
    }

    /// The filter type of every row of a PNG, read by inflating its image data with zlib.
    static func rowFilters(_ png: [UInt8], rowBytes: Int, height: Int) -> Set<UInt8> {
        var idat: [UInt8] = []
        var at = 8
        while at + 12 <= png.count {
            let n = Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
            if String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self) == "IDAT" { idat += png[(at + 8)..<(at + 8 + n)] }
            at += n + 12
        }
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        var length = UInt(raw.count)
        #expect(uncompress(&raw, &length, idat, UInt(idat.count)) == Z_OK)
        return Set((0..<height).map { raw[$0 * (rowBytes + 1)] })
    }

    /// Noise, gradients and flat areas, with every alpha from clear to opaque, through every row
    /// filter: the direct reader gives exactly Cairo's surface.
    @Test func theDirectReaderGivesCairosPixels() throws {
        var seed: UInt32 = 12345
        func next() -> UInt8 { seed = seed &* 1_103_515_245 &+ 12345; return UInt8(truncatingIfNeeded: seed >> 16) }
        var filters = Set<UInt8>()
        for (w, h) in [(1, 1), (3, 2), (37, 19), (200, 120)] {
            for format in [CAIRO_FORMAT_ARGB32, CAIRO_FORMAT_RGB24] {
                let noise = Self.cairoPNG(width: w, height: h, format: format) { _, _ in
                    let a = format == CAIRO_FORMAT_RGB24 ? 255 : [0, 255, next()][Int(next()) % 3]
                    return (next(), next(), next(), a)
                }
                let smooth = Self.cairoPNG(width: w, height: h, format: format) { x, y in
                    (UInt8(x * 255 / max(1, w - 1)), UInt8(y * 255 / max(1, h - 1)), UInt8((x + y) % 7 * 30),
                     format == CAIRO_FORMAT_RGB24 ? 255 : UInt8(255 - (x * y) % 256))
                }
                for png in [noise, smooth] {
                    let taken = try #require(CairoSurface.decodeDirectly(png), "the direct reader takes a PNG of Cairo's writer")
                    cairo_surface_destroy(taken)
                    let direct = try Self.decode(png, directly: true), viaCairo = try Self.decode(png, directly: false)
                    #expect(direct == viaCairo ? true : false, "\(w)×\(h) \(format == CAIRO_FORMAT_RGB24 ? "RGB" : "RGBA")")
                    #expect(direct.mime == png ? true : false, "the file's bytes are kept on the surface")
                    // A Bitmap is decoded straight into its own memory, without a surface.
                    let bitmap = try Bitmap(png: png), fromSurface = try CairoSurface(png: png, directly: false).bitmap()
                    #expect(bitmap == fromSurface, "\(w)×\(h) into a Bitmap")
                    filters.formUnion(Self.rowFilters(png, rowBytes: w * (format == CAIRO_FORMAT_RGB24 ? 3 : 4), height: h))
                }
            }
        }
        #expect(filters == [0, 1, 2, 3, 4], "the cases cover every row filter")
    }

    /// The fast writer (runs only, fixed Huffman codes: failure artifacts and diff images) gives the
    /// same pixels as the small one, read by Cairo's reader (libpng and zlib) and by Tintype's, for
    /// noise (all literals), flat areas and runs of pixels (long matches at distance 1 and 3 or 4),
    /// opaque and not, and for screens of the repository; its zlib stream is checked by zlib.
    @Test func theFastWriterGivesTheSamePixels() throws {
        var seed: UInt32 = 777
        func next() -> UInt8 { seed = seed &* 1_103_515_245 &+ 12345; return UInt8(truncatingIfNeeded: seed >> 16) }
        func bitmap(_ w: Int, _ h: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> Bitmap {
            var pixels = [UInt8](repeating: 0, count: w * h * 4)
            for y in 0..<h {
                for x in 0..<w {
                    let (r, g, b, a) = pixel(x, y)
                    func pm(_ c: UInt8) -> UInt8 { UInt8((Int(c) * Int(a) + 127) / 255) }
                    pixels.replaceSubrange((y * w + x) * 4..<(y * w + x + 1) * 4, with: [pm(b), pm(g), pm(r), a])
                }
            }
            return Bitmap(width: w, height: h, pixels: pixels)
        }
        var images: [Bitmap] = []
        for (w, h) in [(1, 1), (2, 3), (37, 19), (300, 200)] {
            images.append(bitmap(w, h) { _, _ in (next(), next(), next(), 255) })
            images.append(bitmap(w, h) { _, _ in (next(), next(), next(), [0, 255, next()][Int(next()) % 3]) })
            images.append(bitmap(w, h) { x, y in (x < w / 2 ? 200 : 10, y < h / 3 ? 40 : 90, 7, 255) })
            images.append(bitmap(w, h) { x, y in (UInt8(x % 3 * 80), 30, UInt8(y / 5 % 2 * 200), x % 7 == 0 ? 128 : 255) })
            images.append(bitmap(w, h) { _, _ in (0, 0, 0, 0) })
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for golden in ["Snapshots/Bars/bar-items-system.png", "Snapshots/Blend/blend-images.png"] {
            images.append(try Bitmap(pngFile: root.path + "/" + golden))
        }
        for image in images {
            let small = try image.pngData(), fast = try image.pngData(fast: true)
            // A Bitmap is encoded from its own memory, as a surface holding its pixels is.
            let surface = try CairoSurface(bitmap: image)
            let smallFromSurface = try surface.pngData(), fastFromSurface = try surface.pngData(fast: true)
            #expect(small == smallFromSurface && fast == fastFromSurface, "\(image.width)×\(image.height) from a Bitmap")
            let viaCairo = try Self.decode(fast, directly: false), direct = try Self.decode(fast, directly: true)
            let expected = try Self.decode(small, directly: false)
            #expect(viaCairo.pixels == expected.pixels && viaCairo.format == expected.format, "\(image.width)×\(image.height) through libpng")
            #expect(direct.pixels == expected.pixels, "\(image.width)×\(image.height) through Tintype's reader")
            #expect(try Bitmap(png: fast) == (try Bitmap(png: small)))
            #expect(try image.pngData(fast: true) == fast, "deterministic")
            let channels = expected.format == Int32(CAIRO_FORMAT_RGB24.rawValue) ? 3 : 4
            #expect(Self.rowFilters(fast, rowBytes: image.width * channels, height: image.height) == [2])
        }
    }

    /// Tintype's own PNGs (Up filters, one IDAT) and the repository's goldens and test images.
    @Test func everyPNGOfTheRepositoryDecodesTheSameBothWays() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var checked = 0
        for folder in ["Snapshots", "Tests"] {
            guard let e = FileManager.default.enumerator(atPath: root.path + "/" + folder) else { continue }
            while let rel = e.nextObject() as? String {
                guard rel.hasSuffix(".png"), checked < 40 else { continue }
                let png = try [UInt8](Data(contentsOf: root.appendingPathComponent(folder + "/" + rel)))
                // Corrupt fixtures fail both ways, with the same message.
                let direct = Result { try Self.decode(png, directly: true) }, viaCairo = Result { try Self.decode(png, directly: false) }
                switch (direct, viaCairo) {
                case (.success(let a), .success(let b)):
                    #expect(a == b ? true : false, "\(folder)/\(rel)")
                    let bitmap = try Bitmap(png: png), fromSurface = try CairoSurface(png: png, directly: false).bitmap()
                    #expect(bitmap == fromSurface, "\(folder)/\(rel) into a Bitmap")
                case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)", "\(folder)/\(rel)")
                default: Issue.record("\(folder)/\(rel): one reader failed, the other did not")
                }
                checked += 1
            }
        }
        #expect(checked == 40)
    }

    /// An RGB PNG with a transparency key (a tRNS chunk) is Cairo's to read: the keyed color
    /// comes back transparent.
    @Test func aTransparencyKeyIsLeftToCairo() throws {
        let png = Self.cairoPNG(width: 2, height: 1, format: CAIRO_FORMAT_RGB24) { x, _ in x == 0 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        // tRNS for RGB: the 16-bit red, green and blue of the transparent color, before the image data.
        var chunk: [UInt8] = [0, 0, 0, 6] + Array("tRNS".utf8) + [0, 255, 0, 0, 0, 0]
        let crc = chunk[4...].reduce(into: UInt32(0xFFFF_FFFF)) { c, byte in
            c ^= UInt32(byte)
            for _ in 0..<8 { c = c & 1 == 1 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        } ^ 0xFFFF_FFFF
        chunk += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xff), UInt8(crc >> 8 & 0xff), UInt8(crc & 0xff)]
        let keyed = Array(png[0..<33]) + chunk + Array(png[33...])
        #expect(CairoSurface.decodeDirectly(keyed) == nil)
        let bitmap = try Bitmap(png: keyed)
        #expect(bitmap.pixels[3] == 0 && bitmap.pixels[7] == 255, "red is the key: transparent; blue stays opaque")
    }

    /// A chunk that claims more bytes than the file has is refused before libpng sees it (libpng
    /// would first allocate what it claims: 2 GB for the fuzzer's 283-byte file).
    @Test func aChunkLongerThanTheFileIsRefusedUnread() throws {
        let png = Self.cairoPNG(width: 4, height: 4, format: CAIRO_FORMAT_ARGB32) { _, _ in (1, 2, 3, 4) }
        let claim: [UInt8] = [0x7A, 0, 0, 0] + Array("tEXt".utf8) + Array("Comment".utf8)
        let bad = Array(png[0..<33]) + claim
        #expect(!CairoSurface.chunksFit(bad) && CairoSurface.chunksFit(png))
        #expect(throws: ImageFileError.self) { try CairoSurface(png: bad) }
        do { _ = try CairoSurface(png: bad) } catch {
            #expect(error.message.hasPrefix("a corrupt PNG: it ends inside its tEXt chunk"), "\(error.message)")
        }
    }

    /// Anything off is left to Cairo's reader, which names it: a flipped bit in the image data, a
    /// cut-off file, a bad checksum.
    @Test func damagedPNGsFailAsBefore() throws {
        let png = Self.cairoPNG(width: 20, height: 10, format: CAIRO_FORMAT_ARGB32) { x, y in (UInt8(x * 12), UInt8(y * 25), 9, 200) }
        var flipped = png
        flipped[png.count - 20] ^= 0x40
        #expect(CairoSurface.decodeDirectly(png) != nil)
        for bad in [flipped, Array(png.prefix(png.count - 30)), Array(png.prefix(60))] {
            #expect(CairoSurface.decodeDirectly(bad) == nil)
            let direct = Result { try Self.decode(bad, directly: true) }, viaCairo = Result { try Self.decode(bad, directly: false) }
            switch (direct, viaCairo) {
            case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)")
            default: Issue.record("a damaged PNG decoded")
            }
        }
    }
}
