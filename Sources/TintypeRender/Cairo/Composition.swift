import CCairo
import Foundation
import TintypeLayout
import TintypeModel

/// A picture made of finished renders, boxes and one-line captions: what a contact sheet draws.
/// It is not a new renderer: the renders are ordinary ones, and captions go through the same text
/// engine (Pango, Inter, the private font configuration) as every label.
///
/// ```swift
/// var sheet = Composition(size: Size(width: 400, height: 300), scale: 2)
/// sheet.pictures.append(.init(bitmap: phone, frame: Rect(x: 24, y: 40, width: 160, height: 284)))
/// sheet.captions.append(.init(text: "iPhone SE", frame: Rect(x: 24, y: 16, width: 160, height: 16)))
/// let bitmap = try Renderer().render(sheet)
/// ```
public struct Composition: Sendable {
    /// A finished render, stretched into `frame` (points); a render made at the composition's scale
    /// whose frame sits on device pixels is copied pixel for pixel.
    public struct Picture: Sendable {
        public var bitmap: Bitmap
        public var frame: Rect
        /// The outline the picture is clipped to (an app icon's continuous-corner mask); nil: its frame.
        public var mask: Path?
        public init(bitmap: Bitmap, frame: Rect, mask: Path? = nil) { self.bitmap = bitmap; self.frame = frame; self.mask = mask }
    }

    /// A filled rectangle, optionally rounded, in a color or a gradient.
    public struct Box: Sendable {
        public var frame: Rect
        public var paint: ResolvedPaint
        public var cornerRadius: Double
        public var cornerCurve: CornerCurve
        public init(frame: Rect, color: Color, cornerRadius: Double = 0) {
            self.init(frame: frame, paint: .color(color), cornerRadius: cornerRadius)
        }
        /// A box filled with `paint`, whose gradient points are in the composition's points.
        public init(frame: Rect, paint: ResolvedPaint, cornerRadius: Double = 0, cornerCurve: CornerCurve = .circular) {
            self.frame = frame; self.paint = paint; self.cornerRadius = cornerRadius; self.cornerCurve = cornerCurve
        }
    }

    /// Text in the system font: one line by default, wrapped at words onto up to `numberOfLines`,
    /// the last cut with an ellipsis at its frame's width.
    public struct Caption: Sendable {
        public var text: String
        public var frame: Rect
        public var size: Double
        public var weight: FontWeight
        public var color: Color
        public var alignment: TextAlignment
        public var numberOfLines: Int
        public init(text: String, frame: Rect, size: Double = 13, weight: FontWeight = .regular, color: Color = .black,
                    alignment: TextAlignment = .left, numberOfLines: Int = 1) {
            self.text = text; self.frame = frame; self.size = size; self.weight = weight; self.color = color
            self.alignment = alignment; self.numberOfLines = numberOfLines
        }
    }

    /// Size in points.
    public var size: Size
    /// Pixels per point.
    public var scale: Double
    public var background: Color
    /// Drawn first, then pictures, then captions.
    public var boxes: [Box] = []
    public var pictures: [Picture] = []
    public var captions: [Caption] = []

    public init(size: Size, scale: Double, background: Color = .white) {
        self.size = size; self.scale = scale; self.background = background
    }

    /// The width of `text` on one line in the system font, in points, as a caption draws it.
    public static func width(of text: String, size: Double = 13, weight: FontWeight = .regular) -> Double {
        TextEngine.shared.size(of: text, font: ResolvedFont(system: size, weight: weight)).width
    }

    /// How many lines `text` takes wrapped at `width`, and the height of one line, in points.
    public static func lines(of text: String, width: Double, size: Double = 13, weight: FontWeight = .regular) -> (count: Int, lineHeight: Double) {
        let font = ResolvedFont(system: size, weight: weight)
        let line = TextEngine.shared.size(of: text, font: font).height
        let all = TextEngine.shared.height(of: text, font: font, width: width, lineSpacing: 0)
        return (line > 0 ? max(1, Int((all / line).rounded())) : 1, line)
    }

    /// The narrowest width at which `text` still wraps onto as many lines as at `width`, in points:
    /// wrapped there, its lines are as even as its words allow, where wrapping at `width` fills
    /// each line before the next and can leave one word alone on the last. Text that fits on one
    /// line, or needs more than `maxLines`, keeps `width`.
    public static func balancedWidth(of text: String, width: Double, size: Double = 13, weight: FontWeight = .regular,
                                     maxLines: Int = 2) -> Double {
        let count = lines(of: text, width: width, size: size, weight: weight).count
        guard count >= 2, count <= maxLines else { return width }
        // Greedy wrapping takes no more lines at a wider width, so the narrowest width that keeps
        // the count is found by halving; its longest line is as short as the words allow.
        var fits = width, tooNarrow = 0.0
        while fits - tooNarrow > 1.0 / 64 {
            let mid = (fits + tooNarrow) / 2
            if lines(of: text, width: mid, size: size, weight: weight).count <= count { fits = mid } else { tooNarrow = mid }
        }
        return fits
    }
}

extension Renderer {
    /// Draws a composition. Fails when it is over the pixel limit or a caption cannot be drawn.
    public func render(_ composition: Composition) throws(RenderError) -> Bitmap {
        let list = try composition.frameList()
        let raster = try Raster(list: list, images: images)
        try composition.draw(on: raster, list: list)
        return raster.surface.bitmap()
    }

    /// Draws a composition as PNG, SVG or PDF bytes. In SVG and PDF its boxes are paths, its
    /// captions text (outlined in SVG), and its pictures the images they are, embedded.
    public func render(_ composition: Composition, as format: ImageFormat) throws(RenderError) -> [UInt8] {
        switch format {
        case .png:
            // Encoded as renderPNG encodes a scene: a render error passes through, an encoding one is wrapped.
            let bitmap = try render(composition)
            do { return try bitmap.pngData() } catch { throw RenderError(path: "", message: error.message) }
        case .svg, .pdf:
            let list = try composition.frameList()
            let document = VectorDocument(format: format)
            try document.addPage(list, images: images) { raster throws(RenderError) in try composition.draw(on: raster, list: list) }
            return try document.finish()
        }
    }
}

extension Composition {
    /// The background and boxes as a display list, checked against the pixel limit.
    func frameList() throws(RenderError) -> DisplayList {
        let w = Int((size.width * scale).rounded()), h = Int((size.height * scale).rounded())
        guard w > 0, h > 0, w <= SceneLimits.maxPixelDimension, h <= SceneLimits.maxPixelDimension, w * h <= SceneLimits.maxPixelCount else {
            throw RenderError(path: "", message: "a \(w)×\(h) pixel picture exceeds the limit "
                                                 + "(\(SceneLimits.maxPixelDimension) pixels a side, \(SceneLimits.maxPixelCount / 1_048_576) megapixels)")
        }
        var items: [DisplayItem] = [.fill(path: .rect(Rect(x: 0, y: 0, width: size.width, height: size.height)),
                                          paint: .color(background), rule: .nonZero)]
        for b in boxes {
            let path = b.cornerRadius > 0 ? RoundedRect.path(b.frame, radius: b.cornerRadius, curve: b.cornerCurve) : Path.rect(b.frame)
            items.append(.fill(path: path, paint: b.paint, rule: .nonZero))
        }
        return DisplayList(size: size, scale: scale, items: items)
    }

    /// Boxes, then pictures, then captions, on an image or a vector page.
    func draw(on raster: Raster, list: DisplayList) throws(RenderError) {
        try raster.draw(list.items)
        for p in pictures { try raster.paint(p.bitmap, into: p.frame, mask: p.mask) }
        try raster.draw(captions.map { c in
            .text(TextItem(text: c.text, font: ResolvedFont(system: c.size, weight: c.weight), color: c.color, frame: c.frame,
                           alignment: c.alignment, direction: .leftToRight, numberOfLines: c.numberOfLines, lineBreakMode: .byTruncatingTail, lineSpacing: 0))
        })
    }
}

extension Raster {
    /// Paints `bitmap` stretched into `rect` (points), clipped to `mask` when one is given.
    func paint(_ bitmap: Bitmap, into rect: Rect, mask: Path? = nil) throws(RenderError) {
        guard bitmap.width > 0, bitmap.height > 0, rect.width > 0, rect.height > 0 else { return }
        let source: CairoSurface
        do { source = try CairoSurface(bitmap: bitmap) } catch { throw RenderError(path: "", message: error.message) }
        let pattern = cairo_pattern_create_for_surface(source.pointer)
        defer { cairo_pattern_destroy(pattern) }
        var m = cairo_matrix_t()
        cairo_matrix_init_scale(&m, Double(bitmap.width) / rect.width, Double(bitmap.height) / rect.height)
        cairo_matrix_translate(&m, -rect.minX, -rect.minY)
        cairo_pattern_set_matrix(pattern, &m)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_save(cr)
        if let mask { setPath(mask) } else { cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height) }
        cairo_clip(cr)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
