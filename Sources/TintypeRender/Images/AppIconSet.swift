import CCairo
import CRsvg
import Foundation
import TintypeLayout
import TintypeModel

/// An app icon set as Xcode 9 asks for it for iOS 7 to 11: every slot of the iPhone, the iPad and
/// the App Store, made from one square, opaque source of at least 1024 pixels (an SVG, a PNG or a
/// scene), with the asset catalog's `Contents.json`.
public enum AppIconSet {
    /// One entry of `Contents.json`: a size in points at a scale, for an idiom.
    public struct Slot: Sendable, Equatable {
        public var idiom: String
        public var points: Double
        public var scale: Int
        /// What the slot is for, as Xcode labels it.
        public var role: String
        /// The icon's side in pixels.
        public var pixels: Int { Int((points * Double(scale)).rounded()) }
        /// The file the slot names: one file per pixel size, shared by the slots of that size.
        public var filename: String { AppIconSet.filename(pixels: pixels) }
    }

    /// The slots of Xcode 9's AppIcon set (iOS 7–11), in Xcode's order.
    public static let slots: [Slot] = [
        Slot(idiom: "iphone", points: 20, scale: 2, role: "iPhone Notification"),
        Slot(idiom: "iphone", points: 20, scale: 3, role: "iPhone Notification"),
        Slot(idiom: "iphone", points: 29, scale: 2, role: "iPhone Settings"),
        Slot(idiom: "iphone", points: 29, scale: 3, role: "iPhone Settings"),
        Slot(idiom: "iphone", points: 40, scale: 2, role: "iPhone Spotlight"),
        Slot(idiom: "iphone", points: 40, scale: 3, role: "iPhone Spotlight"),
        Slot(idiom: "iphone", points: 60, scale: 2, role: "iPhone App"),
        Slot(idiom: "iphone", points: 60, scale: 3, role: "iPhone App"),
        Slot(idiom: "ipad", points: 20, scale: 1, role: "iPad Notifications"),
        Slot(idiom: "ipad", points: 20, scale: 2, role: "iPad Notifications"),
        Slot(idiom: "ipad", points: 29, scale: 1, role: "iPad Settings"),
        Slot(idiom: "ipad", points: 29, scale: 2, role: "iPad Settings"),
        Slot(idiom: "ipad", points: 40, scale: 1, role: "iPad Spotlight"),
        Slot(idiom: "ipad", points: 40, scale: 2, role: "iPad Spotlight"),
        Slot(idiom: "ipad", points: 76, scale: 1, role: "iPad App"),
        Slot(idiom: "ipad", points: 76, scale: 2, role: "iPad App"),
        Slot(idiom: "ipad", points: 83.5, scale: 2, role: "iPad Pro App"),
        Slot(idiom: "ios-marketing", points: 1024, scale: 1, role: "App Store"),
    ]

    /// The smallest source side the App Store's 1024-pixel icon can be made from without enlarging.
    public static let minimumSource = 1024

    /// `Icon-40.png` for a 40-pixel icon.
    public static func filename(pixels: Int) -> String { "Icon-\(pixels).png" }

    /// Every file of a set: the icons, then `Contents.json`.
    public static var filenames: [String] {
        var seen = Set<Int>()
        return slots.compactMap { seen.insert($0.pixels).inserted ? $0.filename : nil } + ["Contents.json"]
    }

    /// The asset catalog's `Contents.json`, as Xcode writes it (keys in its order, two-space indents).
    public static func contentsJSON() -> String {
        func points(_ p: Double) -> String { p == p.rounded() ? String(Int(p)) : String(p) }
        let images = slots.map { s in
            """
                {
                  "size" : "\(points(s.points))x\(points(s.points))",
                  "idiom" : "\(s.idiom)",
                  "filename" : "\(s.filename)",
                  "scale" : "\(s.scale)x"
                }
            """
        }
        return "{\n  \"images\" : [\n" + images.joined(separator: ",\n") + "\n  ],\n  \"info\" : {\n    \"version\" : 1,\n    \"author\" : \"xcode\"\n  }\n}\n"
    }

    /// Makes every file of the set from `source` (.svg, .png or a scene .json): file name → bytes.
    /// The source is drawn once at 1024 pixels (a PNG is taken as it is) and scaled down.
    /// Errors name the source and what is wrong: not square, smaller than 1024, transparent.
    /// `renderer` draws a scene source; without one a scene makes its own (an SVG or a PNG needs
    /// none, and a renderer loads the fonts).
    public static func make(from source: String, renderer: Renderer? = nil) throws(ImageFileError) -> [String: [UInt8]] {
        let ext = URL(fileURLWithPath: source).pathExtension.lowercased()
        guard ["svg", "png", "json"].contains(ext) else {
            throw ImageFileError("\(source): an icon is made from an .svg, a .png or a scene .json, not .\(ext.isEmpty ? "(no extension)" : ext)")
        }
        // Only a regular file is opened (a named pipe would wait forever), and never read past the limit.
        let data: [UInt8]
        switch InputFiles.read(source, limit: SceneLimits.maxImageFileSize) {
        case .success(let bytes): data = bytes
        case .failure(.notAFile(.missing)): throw ImageFileError("\(source): not found or unreadable")
        case .failure(let why): throw ImageFileError("\(source): the file \(why.message(limit: SceneLimits.maxImageFileSize))")
        }
        let master: CairoSurface
        switch ext {
        case "svg":
            // Drawn once at 1024 and scaled down like the others: drawn at each size, shapes that meet
            // inside a pixel would each cover it partly and leave it translucent.
            master = try SVGSource(Array(data), name: source).surface(pixels: minimumSource)
        case "png":
            do { master = try CairoSurface(png: Array(data)) } catch { throw ImageFileError("\(source): \(error.message)") }
            try checkSquare(master.width, master.height, source)
            guard master.width >= minimumSource else {
                throw ImageFileError("\(source): the source is \(master.width)×\(master.height) pixels; "
                                     + "an icon set needs at least \(minimumSource)×\(minimumSource) (the App Store's icon), so that no size is enlarged")
            }
        default:
            master = try sceneSurface(Data(data), source: source, renderer: renderer ?? Renderer())
        }
        // An SVG or a scene is drawn at 1024 already; a larger PNG is scaled to it first.
        let large = master.width == minimumSource ? master : try scaled(master, to: minimumSource)
        try checkOpaque(large, source)
        // Each size is scaled down from the 1024-pixel icon and encoded on its own, so the sizes
        // share the cores; every job reads `large` through a surface of its own (Cairo objects are
        // not shared between threads) and writes only its own slot.
        // Largest first: the 1024 icon's encoding is the longest job, and should not start last.
        let sizes = Set(slots.map(\.pixels)).sorted(by: >)
        let shared = try SharedPixels(large)
        let results = concurrentMap(count: sizes.count) { i in
            Result { () throws(ImageFileError) -> [UInt8] in
                let view = try shared.surface()
                return try (sizes[i] == minimumSource ? view : scaled(view, to: sizes[i])).pngData()
            }
        }
        var files: [String: [UInt8]] = ["Contents.json": Array(contentsJSON().utf8)]
        for (i, pixels) in sizes.enumerated() { files[filename(pixels: pixels)] = try results[i].get() }
        return files
    }

    private static func checkSquare(_ w: Int, _ h: Int, _ source: String) throws(ImageFileError) {
        guard w == h else { throw ImageFileError("\(source): an icon's source must be square, found \(w)×\(h)") }
    }

    /// The App Store refuses icons with transparency, and iOS would fill it with black.
    private static func checkOpaque(_ surface: CairoSurface, _ source: String) throws(ImageFileError) {
        cairo_surface_flush(surface.pointer)
        guard let data = cairo_image_surface_get_data(surface.pointer) else { throw ImageFileError("\(source): no pixel data") }
        let w = surface.width, h = surface.height, stride = surface.stride
        var count = 0, first: (Int, Int)?
        // Read in place: Cairo's ARGB32 words hold alpha in their top byte.
        for y in 0..<h {
            let row = UnsafeRawPointer(data + y * stride)
            for x in 0..<w where row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) >> 24 != 255 {
                count += 1
                if first == nil { first = (x, y) }
            }
        }
        if let (x, y) = first {
            throw ImageFileError("\(source): the icon has transparency (\(count) of \(w * h) pixels at 1024×1024 are not opaque, the first at (\(x), \(y))); "
                                 + "the App Store refuses transparent icons: give it a background")
        }
    }

    /// A scene drawn at 1024 pixels a side: its scale is chosen so (a canvas of 1024 points draws at
    /// 1x, one of 512 at 2x), since a scene is vectors.
    private static func sceneSurface(_ data: Data, source: String, renderer: Renderer) throws(ImageFileError) -> CairoSurface {
        var scene: Scene
        do {
            scene = try SceneDecoder.decode(Array(data), file: source, baseDirectory: URL(fileURLWithPath: source).deletingLastPathComponent().path)
        } catch { throw ImageFileError("\(error)") }
        let size = scene.screenSize
        guard size.width == size.height else {
            throw ImageFileError("\(source): an icon's scene must be square, found \(format(size.width))×\(format(size.height)) points (use \"canvas\": {\"size\": [1024, 1024]})")
        }
        let scale = Double(minimumSource) / size.width
        guard SceneLimits.scaleRange.contains(scale) else {
            throw ImageFileError("\(source): a \(format(size.width))-point canvas would need \(format((scale * 100).rounded() / 100)) pixels per point "
                                 + "to make 1024 pixels, past the limit of \(format(SceneLimits.scaleRange.upperBound)); "
                                 + "draw the icon on a canvas of 64 to 4096 points (\"canvas\": {\"size\": [1024, 1024]} draws it at 1x)")
        }
        scene.scale = scale
        let bitmap: Bitmap
        do { bitmap = try renderer.render(scene) } catch { throw ImageFileError(error.located(in: source)) }
        return try CairoSurface(bitmap: bitmap)
    }


    /// `master` scaled to `pixels` a side, with Cairo's box-filtered downscaling; edges padded so
    /// that no transparency creeps in from outside.
    static func scaled(_ master: CairoSurface, to pixels: Int) throws(ImageFileError) -> CairoSurface {
        let out = try CairoSurface(width: pixels, height: pixels)
        let cr = cairo_create(out.pointer)
        defer { cairo_destroy(cr) }
        let pattern = cairo_pattern_create_for_surface(master.pointer)
        defer { cairo_pattern_destroy(pattern) }
        var m = cairo_matrix_t()
        let f = Double(master.width) / Double(pixels)
        cairo_matrix_init_scale(&m, f, f)
        cairo_pattern_set_matrix(pattern, &m)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        return out
    }
}

/// An SVG icon source, drawn at the size asked for.
private final class SVGSource {
    let handle: UnsafeMutablePointer<RsvgHandle>
    let name: String
    let rsvg: Rsvg

    init(_ bytes: [UInt8], name: String) throws(ImageFileError) {
        self.name = name
        if let problem = SVGBudget.problem(bytes, name: name) { throw ImageFileError(problem) }
        let rsvg: Rsvg
        do { rsvg = try Rsvg.loaded() } catch { throw ImageFileError("\(name): \(error.message)") }
        self.rsvg = rsvg
        var error: UnsafeMutablePointer<GError>?
        let h = bytes.withUnsafeBytes { rsvg.handle($0, error: &error) }
        guard let h else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            tt_gerror_free(error)
            throw ImageFileError("\(name): not a readable SVG (\(reason))")
        }
        handle = h
        guard let (w, ht) = rsvg.intrinsicSize(h) else {
            throw ImageFileError("\(name): the SVG has no size: give the <svg> a width and height or a viewBox")
        }
        guard abs(w - ht) < 1e-6 * max(w, ht) else {
            throw ImageFileError("\(name): an icon's source must be square, found \(w)×\(ht)")
        }
    }

    deinit { tt_rsvg_unref(handle) }

    func surface(pixels: Int) throws(ImageFileError) -> CairoSurface {
        let out = try CairoSurface(width: pixels, height: pixels)
        let cr = cairo_create(out.pointer)
        defer { cairo_destroy(cr) }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(pixels), height: Double(pixels))
        var error: UnsafeMutablePointer<GError>?
        if !rsvg.render(handle, cr, viewport: &viewport, error: &error) {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            tt_gerror_free(error)
            throw ImageFileError("\(name): SVG rendering failed: \(reason)")
        }
        return out
    }
}
