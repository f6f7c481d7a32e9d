// Why this module: a scene is data; this turns it into pixels. TintypeLayout resolves and lays
// the scene out into a display list (measuring text with this module's Pango engine and images with
// its image store); the Cairo raster draws that list into a PNG, or an SVG or PDF surface. Layout
// types a user of the renderer meets (DisplayList, RenderError) come with `import TintypeRender`.
import CCairo
import Foundation
@_exported import TintypeLayout
import TintypeModel

/// Renders scenes to bitmaps. One renderer can serve many scenes, on many threads: decoded images
/// and the font map are shared.
///
/// ```swift
/// let renderer = Renderer()
/// let bitmap = try renderer.render(scene)
/// try bitmap.writePNG(to: "out.png")
/// ```
public final class Renderer: Sendable {
    public let images: ImageStore
    /// Receives warnings about a render that still succeeded: a character no pinned font has
    /// (drawn as an empty box, as UIKit draws it). By default they go to standard error.
    public let warn: @Sendable (RenderWarning) -> Void
    /// Receives the layout's notes (content that did not fit, and which view gave way), when set.
    public let note: (@Sendable (LayoutNote) -> Void)?
    /// Receives the layout's warnings (constraints broken or ambiguous). By default they go to
    /// standard error as `warning: path: …`.
    public let layoutWarning: @Sendable (LayoutWarning) -> Void

    /// The text engine: the shared one, which every renderer uses but a benchmark's.
    let textEngine: TextEngine

    public init(images: ImageStore = ImageStore(), warn: @escaping @Sendable (RenderWarning) -> Void = RenderWarning.printToStandardError,
                note: (@Sendable (LayoutNote) -> Void)? = nil,
                layoutWarning: @escaping @Sendable (LayoutWarning) -> Void = LayoutWarning.printToStandardError) {
        self.images = images
        self.warn = warn
        self.note = note
        self.layoutWarning = layoutWarning
        textEngine = .shared
    }

    /// A renderer with a text engine of its own (for tests).
    init(textEngine: TextEngine) {
        images = ImageStore()
        warn = { _ in }
        note = nil
        layoutWarning = { _ in }
        self.textEngine = textEngine
    }

    /// A renderer whose text uses only `fontChain` (entries of `FontPolicy.table`), with a font
    /// configuration and Pango font map of its own. For the benchmarks alone, which measure the
    /// pinned chain against Inter alone: a scene's pixels must never depend on it. Only `render(_:)`
    /// and `displayList(for:)` use the chain; SVG and PDF draw with the shared engine.
    @_spi(Benchmarks)
    public init(fontChain: [FontPolicy.Entry], images: ImageStore = ImageStore(),
                warn: @escaping @Sendable (RenderWarning) -> Void = RenderWarning.printToStandardError) {
        self.images = images
        self.warn = warn
        note = nil
        layoutWarning = { _ in }
        textEngine = TextEngine(chain: fontChain)
    }

    /// Starts, on a thread of its own, set-up that a first render would otherwise do when it
    /// needs it, so that a command can read and decode its scene files meanwhile: with `text`, the
    /// text engine (fontconfig reads its font caches, Pango makes its font map); with `svg` (a
    /// scene uses an SVG image), librsvg, which is opened with dlopen. A render that needs either
    /// before it is ready waits for it; nothing else changes.
    public static func warmUp(text: Bool = false, svg: Bool = false) {
        Thread.detachNewThread {
            if text { _ = TextEngine.shared }
            if svg { _ = try? Rsvg.loaded() }
        }
    }

    /// The scene's resolved drawing, before pixels.
    public func displayList(for scene: Scene) throws(RenderError) -> DisplayList {
        var list = try Resolver(images: images, text: textEngine.measurer(language: scene.locale)).displayList(for: scene)
        // A canvas that measured less than a pixel each way (a "fit" canvas whose root measures so)
        // has nothing to draw on: said at the root view's place, not as an encoder's failure.
        let (w, h) = Raster.pixelSize(of: list)
        if w < 1 || h < 1 {
            throw RenderError(path: "root", message: "the canvas measures \(format(list.size.width))×\(format(list.size.height)) points, "
                              + "\(w)×\(h) pixels at scale \(format(list.scale)): less than one pixel; give the root view a larger size",
                              position: scene.source.viewPositions["root"])
        }
        list.language = scene.locale
        if let note { list.notes.forEach(note) }
        list.warnings.forEach(layoutWarning)
        return list
    }

    public func render(_ scene: Scene) throws(RenderError) -> Bitmap {
        try render(try displayList(for: scene))
    }

    /// A display list drawn to pixels: one a scene gave, changed or composed (a screen placed in
    /// another by a transformed group), or made by hand.
    /// The scene drawn once, with its display list and what the raster saw (each text's lines and
    /// what was under it): everything `tintype audit` needs, from the one render a test makes anyway.
    /// The pixels are the same as `render(_:)`'s.
    public func renderObserved(_ scene: Scene) throws(RenderError) -> (bitmap: Bitmap, list: DisplayList, observation: RenderObservation) {
        let list = try displayList(for: scene)
        let observation = RenderObservation()
        return (try render(list, observation: observation), list, observation)
    }

    public func render(_ list: DisplayList) throws(RenderError) -> Bitmap { try render(list, observation: nil) }

    /// The list drawn to pixels, recording into `observation` when given.
    public func render(_ list: DisplayList, observation: RenderObservation?) throws(RenderError) -> Bitmap {
        // Drawn straight into the bitmap's memory (cleared first, as a new surface is), so the
        // screen is not copied out of a surface afterwards.
        let (w, h) = Raster.pixelSize(of: list)
        guard SceneLimits.allowsPixels(width: w, height: h) else { return try rasterize(list, observation: observation).surface.bitmap() }
        var failure: RenderError?
        let pixels = [UInt8](unsafeUninitializedCapacity: w * h * 4) { buffer, count in
            guard let base = buffer.baseAddress else { count = 0; return }
            memset(base, 0, w * h * 4)
            count = w * h * 4
            do throws(RenderError) {
                let raster = try rasterize(list, into: base, observation: observation)
                // Nothing may touch the memory once the array owns it.
                cairo_surface_finish(raster.surface.pointer)
            } catch { failure = error }
        }
        if let failure { throw failure }
        return Bitmap(width: w, height: h, pixels: pixels)
    }

    /// The scene drawn on a surface of its own, its missing characters warned about.
    private func rasterize(_ scene: Scene) throws(RenderError) -> Raster {
        try rasterize(displayList(for: scene))
    }

    /// The list drawn on a surface of its own (or on `pixels`), its missing characters warned about.
    private func rasterize(_ list: DisplayList, into pixels: UnsafeMutablePointer<UInt8>? = nil,
                           observation: RenderObservation? = nil) throws(RenderError) -> Raster {
        let raster = try Raster(list: list, images: images, into: pixels)
        raster.textEngine = textEngine
        raster.observation = observation
        try raster.draw(list.items)
        for (item, scalars) in raster.missingCharacters {
            for scalar in scalars { warn(RenderWarning(path: item.source, character: scalar, text: item.text)) }
        }
        return raster
    }

    /// Renders a scene as PNG, SVG or PDF bytes. In SVG and PDF, paths stay paths, text is
    /// outlined (SVG) or kept as text with its fonts embedded and subset (PDF), images are
    /// embedded, and what is made of pixels (translucent backdrops, shadows) is embedded as the
    /// image the PNG would show.
    public func render(_ scene: Scene, as format: ImageFormat) throws(RenderError) -> [UInt8] {
        switch format {
        case .png: return try renderPNG(scene)
        case .svg, .pdf: return try renderDocument([scene], format: format)
        }
    }

    /// Renders several scenes as the pages of one PDF, each page the size of its scene in points.
    public func renderPDF(pages scenes: [Scene]) throws(RenderError) -> [UInt8] {
        try renderDocument(scenes, format: .pdf)
    }

    private func renderDocument(_ scenes: [Scene], format: ImageFormat) throws(RenderError) -> [UInt8] {
        guard !scenes.isEmpty else { throw RenderError(path: "", message: "no scene to render") }
        let document = VectorDocument(format: format)
        for scene in scenes {
            if let problem = scene.pixelLimitProblem { throw RenderError(path: "", message: problem) }
            try document.addPage(try displayList(for: scene), images: images)
        }
        return try document.finish()
    }

    /// Renders and encodes a PNG.
    public func renderPNG(_ scene: Scene) throws(RenderError) -> [UInt8] {
        // Encoded from the surface drawn on: no copy into a Bitmap and back into a new surface,
        // which took two more screens of memory (8 MB at 2x) and their copying.
        let raster = try rasterize(scene)
        do { return try raster.surface.pngData() } catch { throw RenderError(path: "", message: error.message) }
    }
}

/// Something worth knowing about a render that still succeeded.
public struct RenderWarning: Sendable, Equatable, CustomStringConvertible {
    /// Where in the scene (`root.subviews[1]`); empty when the text belongs to no view of the scene.
    public var path: String
    /// The character no pinned font has.
    public var character: Unicode.Scalar
    /// The text it was in.
    public var text: String

    public var description: String {
        let code = "U+" + String(character.value, radix: 16, uppercase: true).leftPadded(to: 4)
        let shown = character.properties.generalCategory == .control || character.properties.generalCategory == .privateUse
            ? "" : " \"\(Character(character))\""
        let excerpt = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return (path.isEmpty ? "" : path + ": ") + "no pinned font has \(code)\(shown) (in \"\(excerpt)\"); it is drawn as an empty box"
    }

    /// Prints `warning: …` on standard error.
    public static let printToStandardError: @Sendable (RenderWarning) -> Void = { warning in
        FileHandle.standardError.write(Data("warning: \(warning)\n".utf8))
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}

extension LayoutNote {
    /// A renderer that shares `base`'s images and prints each note on standard error as
    /// `note: NAME: path: message` (NAME: the scene file, and its variant), and each layout
    /// warning as `warning: NAME: path: message`; without `notes`, only the warnings.
    public static func renderer(sharing base: Renderer, for name: String, notes: Bool = true) -> Renderer {
        let printNote: @Sendable (LayoutNote) -> Void = { note in
            FileHandle.standardError.write(Data("note: \(name): \(note)\n".utf8))
        }
        return Renderer(images: base.images, warn: base.warn, note: notes ? printNote : nil, layoutWarning: LayoutWarning.printer(for: name))
    }
}

extension LayoutWarning {
    /// Prints `warning: path: message` on standard error.
    public static let printToStandardError: @Sendable (LayoutWarning) -> Void = { warning in
        FileHandle.standardError.write(Data("warning: \(warning)\n".utf8))
    }

    /// Prints `warning: NAME: path: message` on standard error (NAME: the scene file, and its variant).
    public static func printer(for name: String) -> @Sendable (LayoutWarning) -> Void {
        { warning in FileHandle.standardError.write(Data("warning: \(name): \(warning)\n".utf8)) }
    }
}
