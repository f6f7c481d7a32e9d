import Foundation
import TintypeModel
import TintypeRender

/// An App Store screenshot with a marketing frame (`"marketing"` in the scene): the caption in a
/// band at the top, the screen scaled down into the rest and centered, on the background. The
/// picture has the screen's own size in points and its scale, so its pixels are the screen's:
/// 1242×2208 for a 5.5-inch screenshot, a size the store accepts.
///
/// Proportions follow the shorter side `s` of the screen, so every display size looks alike:
/// a margin of 0.06 s, a caption of 0.07 s points (semibold, centered, at most two lines, wrapped
/// to even widths), the band as high as the caption's lines plus a margin above and below, and the
/// screen scaled to fill the height that is left but one margin, keeping its aspect ratio, with
/// the display's corner radius (scaled) on a phone whose screen is rounded.
public enum MarketingFrame {
    /// Where each part goes, in points of the picture.
    public struct Layout: Sendable, Equatable {
        public var size: Size
        public var caption: Rect
        public var captionSize: Double
        public var screen: Rect
        public var screenCornerRadius: Double
    }

    public static func layout(_ scene: Scene, marketing: Marketing) -> Layout {
        let size = scene.screenSize
        let short = min(size.width, size.height)
        let margin = (0.06 * short).rounded()
        let captionSize = (0.07 * short).rounded()
        let width = size.width - 2 * margin
        let (count, lineHeight) = Composition.lines(of: marketing.caption, width: width, size: captionSize, weight: .semibold)
        // The band is as high as the caption needs (one line or two), so the screen keeps the most room.
        let textHeight = (Double(min(count, 2)) * lineHeight).rounded(.up)
        let band = 2 * margin + textHeight
        // A wrapped caption is set in the narrowest width that keeps its lines, centered, so its
        // lines come out even rather than a full line over a lone word.
        let balanced = Composition.balancedWidth(of: marketing.caption, width: width, size: captionSize, weight: .semibold, maxLines: 2)
        let caption = Rect(x: margin + (width - balanced) / 2, y: margin, width: balanced, height: textHeight + 1)
        let factor = max(0, size.height - band - margin) / size.height
        let scale = scene.effectiveScale
        // On device pixels, so the screen's edges are sharp.
        let w = (size.width * factor * scale).rounded() / scale, h = (size.height * factor * scale).rounded() / scale
        let x = (((size.width - w) / 2) * scale).rounded() / scale
        let screen = Rect(x: x, y: band, width: w, height: h)
        return Layout(size: size, caption: caption, captionSize: captionSize, screen: screen,
                      screenCornerRadius: scene.device.displayCornerRadius * factor)
    }

    /// The framed screenshot; the scene's own `marketing` when `marketing` is nil.
    public static func render(_ scene: Scene, marketing: Marketing? = nil, renderer: Renderer) throws(RenderError) -> Bitmap {
        let screen = try renderer.render(scene)
        guard let marketing = marketing ?? scene.marketing else { return screen }
        let l = layout(scene, marketing: marketing)
        var c = Composition(size: l.size, scale: scene.effectiveScale)
        let colors = marketing.background
        let paint: ResolvedPaint = colors.count == 1 ? .color(colors[0]) : .linear(
            start: Point(x: 0, y: 0), end: Point(x: 0, y: l.size.height),
            stops: colors.enumerated().map { ResolvedStop(location: Double($0.offset) / Double(colors.count - 1), color: $0.element) })
        c.boxes.append(.init(frame: Rect(origin: .zero, size: l.size), paint: paint))
        let mask = l.screenCornerRadius > 0 ? RoundedRect.path(l.screen, radius: l.screenCornerRadius, curve: .continuous) : nil
        c.pictures.append(.init(bitmap: screen, frame: l.screen, mask: mask))
        c.captions.append(.init(text: marketing.caption, frame: l.caption, size: l.captionSize, weight: .semibold,
                                color: marketing.captionColor, alignment: .center, numberOfLines: 2))
        return try renderer.render(c)
    }
}
