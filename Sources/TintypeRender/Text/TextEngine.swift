import CCairo
import Foundation
import TintypeModel

/// Pango text, pinned to Debian's Inter through a private fontconfig configuration, with fixed font
/// options (grayscale antialiasing, no hinting, no hinted metrics) so text is the same everywhere.
///
/// Pango's font map and context are shared, so every Pango call goes through one lock.
final class TextEngine: @unchecked Sendable {
    static let shared = TextEngine()

    /// Folders searched for Inter, in order; Debian's fonts-inter installs the first.
    static let fontDirectories = ["/usr/share/fonts/opentype/inter", "/usr/share/fonts/truetype/inter"]

    private let lock = NSLock()
    private let fontMap: UnsafeMutablePointer<PangoFontMap>?
    private let context: OpaquePointer?
    let loadError: String?

    private init() {
        let dirs = Self.fontDirectories.filter { FileManager.default.fileExists(atPath: $0) }
        let config = FcConfigCreate()
        // Only Inter's folders: no system font can stand in. Caches are read from the system's folder
        // and written to the user's, which keeps fontconfig from warning when neither is writable.
        let home = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"]
            ?? ((ProcessInfo.processInfo.environment["HOME"] ?? NSTemporaryDirectory()) + "/.cache")
        var xml = "<?xml version=\"1.0\"?><!DOCTYPE fontconfig SYSTEM \"fonts.dtd\"><fontconfig>"
        for dir in dirs { xml += "<dir>\(dir)</dir>" }
        xml += "<cachedir>/var/cache/fontconfig</cachedir><cachedir>\(home)/tintype-fontconfig</cachedir></fontconfig>"
        let added = !dirs.isEmpty && FcConfigParseAndLoadFromMemory(config, xml, 1) != 0 && FcConfigBuildFonts(config) != 0
        guard added, let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            fontMap = nil; context = nil
            loadError = "the Inter font is not installed (looked in \(Self.fontDirectories.joined(separator: ", "))); run Scripts/setup"
            FcConfigDestroy(config)
            return
        }
        tt_font_map_set_config(map, config)
        FcConfigDestroy(config)  // the font map holds its own reference
        fontMap = map
        let ctx = pango_font_map_create_context(map)
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        pango_cairo_context_set_font_options(ctx, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(ctx, 0)
        context = ctx
        loadError = nil
    }

    /// Lays out and draws `item` on `cr`, whose user space is in points.
    func draw(_ item: TextItem, on cr: OpaquePointer) throws(RenderError) {
        if let loadError { throw RenderError(path: "", message: loadError) }
        lock.lock()
        defer { lock.unlock() }
        guard let ctx = context else { return }
        pango_cairo_update_context(cr, ctx)
        pango_context_set_base_dir(ctx, item.direction == .rightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
        guard let layout = pango_layout_new(ctx) else { return }
        defer { tt_object_unref(UnsafeMutableRawPointer(layout)) }
        configure(layout, for: item)

        let frame = item.frame
        let truncates = [.byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail].contains(item.lineBreakMode)
        let singleUnwrapped = item.numberOfLines == 1 && item.lineBreakMode == .byClipping
        if singleUnwrapped { pango_layout_set_width(layout, -1) }

        // Lines UIKit would show: no more than numberOfLines, and no more than fit the height (at least one).
        let tops = lineBottoms(layout)
        var visible = tops.count
        if item.numberOfLines > 0 { visible = min(visible, item.numberOfLines) }
        let fitting = max(1, tops.prefix(visible).filter { $0 <= frame.height + 0.01 }.count)
        visible = min(visible, fitting)
        if truncates && visible < tops.count {
            pango_layout_set_height(layout, Int32(-visible))
        }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let shownHeight = truncates ? Double(logical.height) / Double(PANGO_SCALE) : (visible > 0 ? tops[visible - 1] : 0)
        let y = shownHeight <= frame.height ? frame.minY + (frame.height - shownHeight) / 2 : frame.minY
        var x = frame.minX
        if singleUnwrapped {
            let w = Double(logical.width) / Double(PANGO_SCALE)
            switch effectiveAlignment(item) {
            case .center: x = frame.midX - w / 2
            case .right: x = frame.maxX - w
            default: break
            }
        }

        cairo_save(cr)
        if !truncates || singleUnwrapped {
            let clipHeight = singleUnwrapped ? max(frame.height, shownHeight) : shownHeight
            cairo_rectangle(cr, singleUnwrapped ? frame.minX : frame.minX - frame.width, y, singleUnwrapped ? frame.width : frame.width * 3, clipHeight)
            cairo_clip(cr)
        }
        let c = item.color
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout(cr, layout)
        cairo_restore(cr)
    }

    private func effectiveAlignment(_ item: TextItem) -> TextAlignment {
        item.alignment == .natural ? (item.direction == .rightToLeft ? .right : .left) : item.alignment
    }

    private func configure(_ layout: OpaquePointer, for item: TextItem) {
        let desc = pango_font_description_new()
        defer { pango_font_description_free(desc) }
        pango_font_description_set_family(desc, item.font.family)
        pango_font_description_set_weight(desc, PangoWeight(rawValue: UInt32(item.font.weight.cssWeight)))
        pango_font_description_set_absolute_size(desc, item.font.size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, desc)

        let attrs = pango_attr_list_new()
        defer { pango_attr_list_unref(attrs) }
        if let spacing = pango_attr_letter_spacing_new(Int32((item.font.tracking * Double(PANGO_SCALE)).rounded())) {
            pango_attr_list_insert(attrs, spacing)
        }
        pango_layout_set_attributes(layout, attrs)

        pango_layout_set_text(layout, item.text, -1)
        pango_layout_set_width(layout, Int32(max(0, item.frame.width) * Double(PANGO_SCALE)))
        pango_layout_set_spacing(layout, Int32(item.lineSpacing * Double(PANGO_SCALE)))
        pango_layout_set_auto_dir(layout, 0)
        let align: PangoAlignment = switch effectiveAlignment(item) {
        case .center: PANGO_ALIGN_CENTER
        case .right: PANGO_ALIGN_RIGHT
        default: PANGO_ALIGN_LEFT
        }
        pango_layout_set_alignment(layout, align)
        switch item.lineBreakMode {
        case .byCharWrapping: pango_layout_set_wrap(layout, PANGO_WRAP_CHAR)
        default: pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        let ellipsize: PangoEllipsizeMode = switch item.lineBreakMode {
        case .byTruncatingHead: PANGO_ELLIPSIZE_START
        case .byTruncatingMiddle: PANGO_ELLIPSIZE_MIDDLE
        case .byTruncatingTail: PANGO_ELLIPSIZE_END
        default: PANGO_ELLIPSIZE_NONE
        }
        pango_layout_set_ellipsize(layout, ellipsize)
        // -1: one line per paragraph when truncating (UILabel's default numberOfLines = 1).
        pango_layout_set_height(layout, item.numberOfLines == 1 ? -1 : Int32.max)
    }

    /// The bottom of each line, in points from the top of the layout.
    private func lineBottoms(_ layout: OpaquePointer) -> [Double] {
        var bottoms: [Double] = []
        guard let iter = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iter) }
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            bottoms.append(Double(logical.y + logical.height) / Double(PANGO_SCALE))
        } while pango_layout_iter_next_line(iter) != 0
        return bottoms
    }
}
