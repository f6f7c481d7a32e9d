import CCairo
import Foundation
import TintypeLayout
import TintypeModel

/// What a raster saw while it drew, for the audit: each text with how it fared (lines shown and
/// needed, ellipsized, clipped) and what was already drawn under it, and each template glyph with
/// what was under it. Filled by one render (`Renderer.renderObserved`); the pixels are the same as
/// an unobserved render's.
public final class RenderObservation: @unchecked Sendable {
    public private(set) var texts: [DrawnText] = []
    public private(set) var glyphs: [DrawnGlyph] = []
    /// What was drawn over everything before it and may hide or tint it: color fills (a dimming
    /// layer, a bar's background) and backdrops, with their order and bounds on the screen.
    public private(set) var layers: [DrawnLayer] = []
    /// Only the texts and how they fared, without what lies under them (no pixels sampled): what a
    /// layout record needs (which texts were truncated), at next to no cost.
    public let textsOnly: Bool
    public init(textsOnly: Bool = false) { self.textsOnly = textsOnly }
    func add(_ l: DrawnLayer) { if !textsOnly { layers.append(l) } }
    func add(_ t: DrawnText) { texts.append(t) }
    func add(_ g: DrawnGlyph) { if !textsOnly { glyphs.append(g) } }
}

/// A text item as drawn.
public struct DrawnText: Sendable {
    public var item: TextItem
    /// The position of the item among everything drawn (items inside groups counted), to tell what lies over it.
    public var order: Int
    public var shownLines: Int
    /// All the lines it needs, or when cut at least two more than shown.
    public var laidOutLines: Int
    /// Text was left over: ellipsized, or lines dropped.
    public var truncated: Bool
    /// Characters shown (the ellipsis not counted) of `item.text.count`.
    public var shownCharacters: Int
    /// The widest shown line in points (a clipping label's may pass its frame).
    public var widestLine: Double
    /// The shown lines' box on the screen, in points (the axis-aligned bounds under a transform).
    public var block: Rect
    /// The part of `block` inside the clip it was drawn under (its clipping superviews, the
    /// screen); nil when none of it is.
    public var visibleBlock: Rect?
    /// The opacity the text is composited with: its color's alpha times its groups'.
    public var opacity: Double
    /// What was drawn under the visible block before the text, as opaque colors (a sample of at
    /// most about 2,000 pixels, in rows), translucent layers under it composited in.
    public var background: [Color]
}

/// A fill of one color or a backdrop, as drawn.
public struct DrawnLayer: Sendable {
    public var order: Int
    /// The bounds of what it covers on the screen, inside its clip.
    public var rect: Rect
    /// The fill's color with its opacity (groups' included); nil for a backdrop (a translucent bar's blur).
    public var color: Color?
}

/// A template image (a control's or bar item's glyph) as drawn.
public struct DrawnGlyph: Sendable {
    public var item: ImageItem
    public var order: Int
    /// The glyph's frame on the screen, inside its clip; nil when none of it is visible.
    public var visibleFrame: Rect?
    public var color: Color
    public var opacity: Double
    public var background: [Color]
}

extension Raster {
    /// The current clip's bounds and `rect`'s bounds, both in screen points, under the current transform.
    func screenRect(_ rect: Rect) -> Rect {
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            var dx = x, dy = y
            cairo_user_to_device(cr, &dx, &dy)
            xs.append(dx / scale); ys.append(dy / scale)
        }
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    func screenClip() -> Rect {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        let screen = Rect(x: 0, y: 0, width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale)
        return screenRect(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)).intersection(screen) ?? .zero
    }

    /// Opaque colors of what is drawn under `rect` (screen points) now: the current group's pixels
    /// over the surface's (times the group's opacity), at most about `budget` of them.
    func sample(under rect: Rect, groupAlpha: Double, budget: Int = 2048) -> [Color] {
        let main = surface.pointer
        let group = cairo_get_group_target(cr)
        cairo_surface_flush(main)
        guard let mainData = cairo_image_surface_get_data(main) else { return [] }
        let mw = Int(cairo_image_surface_get_width(main)), mh = Int(cairo_image_surface_get_height(main))
        let mStride = Int(cairo_image_surface_get_stride(main))
        let x0 = max(0, Int((rect.minX * scale).rounded(.down))), y0 = max(0, Int((rect.minY * scale).rounded(.down)))
        let x1 = min(mw, Int((rect.maxX * scale).rounded(.up))), y1 = min(mh, Int((rect.maxY * scale).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return [] }
        var gData: UnsafeMutablePointer<UInt8>?
        var gw = 0, gh = 0, gStride = 0, ox = 0.0, oy = 0.0
        if let group, group != main, cairo_surface_get_type(group) == CAIRO_SURFACE_TYPE_IMAGE {
            cairo_surface_flush(group)
            gData = cairo_image_surface_get_data(group)
            gw = Int(cairo_image_surface_get_width(group)); gh = Int(cairo_image_surface_get_height(group))
            gStride = Int(cairo_image_surface_get_stride(group))
            cairo_surface_get_device_offset(group, &ox, &oy)
        }
        let area = Double((x1 - x0) * (y1 - y0))
        let step = max(1, Int((area / Double(budget)).squareRoot().rounded(.up)))
        var out: [Color] = []
        out.reserveCapacity(min(budget * 2, (x1 - x0) * (y1 - y0)))
        // Runs of one pixel (a flat background) give one color: computed once a run.
        var lastMain: UInt32 = 0, lastGroup: UInt32 = 0, have = false
        var y = y0 + step / 2
        while y < y1 {
            var x = x0 + step / 2
            while x < x1 {
                // Premultiplied BGRA in memory; the screen's own pixels are composited over white.
                let p = mainData + y * mStride + 4 * x
                let mainWord = UnsafeRawPointer(p).loadUnaligned(as: UInt32.self)
                var groupWord: UInt32 = 0
                if let gData {
                    let gx = x + Int(ox), gy = y + Int(oy)
                    if gx >= 0, gy >= 0, gx < gw, gy < gh { groupWord = UnsafeRawPointer(gData + gy * gStride + 4 * gx).loadUnaligned(as: UInt32.self) }
                }
                if have, mainWord == lastMain, groupWord == lastGroup {
                    out.append(out[out.count - 1])
                    x += step
                    continue
                }
                lastMain = mainWord; lastGroup = groupWord; have = true
                var a = Double(p[3]) / 255
                var r = Double(p[2]) / 255 + (1 - a), g = Double(p[1]) / 255 + (1 - a), b = Double(p[0]) / 255 + (1 - a)
                if let gData {
                    let gx = x + Int(ox), gy = y + Int(oy)
                    if gx >= 0, gy >= 0, gx < gw, gy < gh {
                        let q = gData + gy * gStride + 4 * gx
                        a = Double(q[3]) / 255 * groupAlpha
                        r = r * (1 - a) + Double(q[2]) / 255 * groupAlpha
                        g = g * (1 - a) + Double(q[1]) / 255 * groupAlpha
                        b = b * (1 - a) + Double(q[0]) / 255 * groupAlpha
                    }
                }
                out.append(Color(red: r, green: g, blue: b))
                x += step
            }
            y += step
        }
        return out
    }
}
