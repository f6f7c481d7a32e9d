// Why this module: a scene is data; this turns it into pixels. Resolve settles inheritance once,
// components lay themselves out into a display list, and the Cairo raster draws that list.
import Foundation
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

    public init(images: ImageStore = ImageStore()) { self.images = images }

    /// The scene's resolved drawing, before pixels.
    public func displayList(for scene: Scene) throws(RenderError) -> DisplayList {
        try Resolver(images: images, text: TextEngine.shared).displayList(for: scene)
    }

    public func render(_ scene: Scene) throws(RenderError) -> Bitmap {
        let list = try displayList(for: scene)
        let raster = try Raster(list: list, images: images)
        try raster.draw(list.items)
        return raster.surface.bitmap()
    }

    /// Renders and encodes a PNG.
    public func renderPNG(_ scene: Scene) throws(RenderError) -> [UInt8] {
        let bitmap = try render(scene)
        do { return try bitmap.pngData() } catch { throw RenderError(path: "", message: error.message) }
    }
}
