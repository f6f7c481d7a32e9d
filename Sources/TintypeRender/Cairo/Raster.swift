import CCairo
import Foundation
import TintypeLayout
import TintypeModel

/// Executes a display list on a Cairo surface: an image surface for PNG, or a PDF or SVG page
/// (docs/architecture.md, "Determinism"). The only place drawing touches C.
///
/// A vector page is given a device scale of 1/scale, so the raster draws in device pixels on
/// every surface: what needs pixels (shadow masks, backdrops) is made at the PNG's resolution and
/// embedded as an image, and everything else stays a vector.
final class Raster {
    let surface: CairoSurface
    let cr: OpaquePointer
    let scale: Double
    let images: ImageStore
    let language: String?
    /// Characters no pinned font has, with the text item they were in (drawn as empty boxes).
    private(set) var missingCharacters: [(item: TextItem, scalars: [Unicode.Scalar])] = []
    /// The page in device pixels (the surface's size for an image surface).
    let pixelWidth: Int
    let pixelHeight: Int
    /// What was read from drawn pixels (backdrops, the home indicator's color): written by an
    /// image raster when set, read back in the same order by a vector one.
    let tape: PixelTape?
    private let replaying: Bool
    /// Text is shown as glyphs of embedded fonts (PDF) rather than filled as outlines.
    private let keepsText: Bool
    /// The engine text is drawn with (the shared one, unless the renderer has its own).
    var textEngine = TextEngine.shared
    /// When set, each text and template glyph is recorded with what is under it (for the audit).
    var observation: RenderObservation?
    /// The product of the opacities of the groups being drawn (for the observation).
    private var groupAlpha = 1.0
    /// How many items have been drawn (for the observation's order).
    private var drawnCount = 0

    /// The size in device pixels of the image surface a list is drawn on.
    static func pixelSize(of list: DisplayList) -> (width: Int, height: Int) {
        (Int((list.size.width * list.scale).rounded()), Int((list.size.height * list.scale).rounded()))
    }

    /// Draws on a new image surface, or on `pixels` (cleared, `pixelSize(of:)` with rows of
    /// width × 4 bytes, outliving the raster) when given.
    init(list: DisplayList, images: ImageStore, recording tape: PixelTape? = nil, into pixels: UnsafeMutablePointer<UInt8>? = nil) throws(RenderError) {
        let (w, h) = Self.pixelSize(of: list)
        do throws(ImageFileError) {
            if let pixels { surface = try CairoSurface(wrapping: pixels, width: w, height: h) } else { surface = try CairoSurface(width: w, height: h) }
        } catch {
            throw RenderError(path: "", message: "cannot create a \(w)×\(h) surface: \(error.message)")
        }
        cr = cairo_create(surface.pointer)
        scale = list.scale
        language = list.language
        pixelWidth = w; pixelHeight = h
        self.images = images
        self.tape = tape
        replaying = false
        keepsText = false
        cairo_scale(cr, scale, scale)
    }

    /// Draws on a page of a vector surface, whose size in points is the list's; `tape` holds what
    /// an image raster of the same list read from its pixels (nil when the list reads none).
    init(list: DisplayList, images: ImageStore, page: CairoSurface, replaying tape: PixelTape?, keepsText: Bool) throws(RenderError) {
        let w = Int((list.size.width * list.scale).rounded()), h = Int((list.size.height * list.scale).rounded())
        // A page has no pixels of its own, but its shadows and backdrops are made at this size: the
        // same budget as an image surface's holds.
        guard SceneLimits.allowsPixels(width: w, height: h) else {
            throw RenderError(path: "", message: "cannot create a \(w)×\(h) page: beyond the limit of \(SceneLimits.maxPixelDimension) pixels a side and "
                                                 + "\(SceneLimits.maxPixelCount / 1_048_576) megapixels")
        }
        surface = page
        scale = list.scale
        language = list.language
        pixelWidth = w; pixelHeight = h
        self.images = images
        self.tape = tape
        replaying = true
        self.keepsText = keepsText
        cairo_surface_set_device_scale(page.pointer, 1 / scale, 1 / scale)
        cr = cairo_create(page.pointer)
        cairo_scale(cr, scale, scale)
    }

    deinit { cairo_destroy(cr) }

    func draw(_ items: [DisplayItem]) throws(RenderError) {
        for item in items { try draw(item) }
        let status = cairo_status(cr)
        if status != CAIRO_STATUS_SUCCESS {
            throw RenderError(path: "", message: "drawing failed: \(String(cString: cairo_status_to_string(status)))")
        }
    }

    private func draw(_ item: DisplayItem) throws(RenderError) {
        drawnCount += 1
        switch item {
        case .fill(let path, let paint, let rule):
            if let observation, case .color(let c) = paint, c.alpha > 0, rule == .nonZero, !path.commands.isEmpty {
                let bounds = path.bounds
                if let r = screenRect(bounds).intersection(screenClip()) {
                    observation.add(DrawnLayer(order: drawnCount, rect: r, color: c.withAlpha(c.alpha * groupAlpha)))
                }
            }
            setPath(path)
            cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            setSource(paint)
            cairo_fill(cr)
        case .stroke(let path, let paint, let style):
            setPath(path)
            cairo_set_line_width(cr, style.width)
            let cap: cairo_line_cap_t = switch style.cap { case .butt: CAIRO_LINE_CAP_BUTT; case .round: CAIRO_LINE_CAP_ROUND; case .square: CAIRO_LINE_CAP_SQUARE }
            let join: cairo_line_join_t = switch style.join { case .miter: CAIRO_LINE_JOIN_MITER; case .round: CAIRO_LINE_JOIN_ROUND; case .bevel: CAIRO_LINE_JOIN_BEVEL }
            cairo_set_line_cap(cr, cap)
            cairo_set_line_join(cr, join)
            cairo_set_miter_limit(cr, style.miterLimit)
            let dashes = style.dashes.contains(where: { $0 > 0 }) ? style.dashes : []
            cairo_set_dash(cr, dashes, Int32(dashes.count), style.dashPhase)
            setSource(paint)
            cairo_stroke(cr)
            cairo_set_dash(cr, nil, 0, 0)
        case .text(let text):
            // Lines are laid out inside the frame's width, the first shown even when taller than the frame,
            // and ink (accents, a tall script) stands out of the line box by less than its size: three
            // times the font's size above and below is a safe margin. Sideways a line that does not wrap may
            // run past its frame, so only the vertical test is made.
            if culls, outsideClip(text.frame, pad: 3 * text.font.size + 4, horizontally: false) { return }
            var observe: ((TextOutcome) -> Void)?
            if let observation {
                let order = drawnCount, alpha = groupAlpha
                observe = { [self] o in
                    let block = screenRect(o.block)
                    let visible = block.width > 0 && block.height > 0 ? block.intersection(screenClip()) : nil
                    observation.add(DrawnText(
                        item: text, order: order, shownLines: o.shownLines, laidOutLines: o.laidOutLines, truncated: o.truncated,
                        shownCharacters: o.shownCharacters, widestLine: o.widestLine, block: block, visibleBlock: visible,
                        opacity: text.color.alpha * alpha,
                        background: observation.textsOnly ? [] : visible.map { sample(under: $0, groupAlpha: alpha) } ?? []))
                }
            }
            let missing = try textEngine.draw(text, on: cr, language: language, keepText: keepsText, observe: observe)
            if !missing.isEmpty { missingCharacters.append((text, missing)) }
        case .image(let image):
            if let observation, !observation.textsOnly, let color = image.templateColor {
                let frame = screenRect(image.frame)
                let visible = frame.intersection(screenClip())
                observation.add(DrawnGlyph(item: image, order: drawnCount, visibleFrame: visible, color: color, opacity: color.alpha * groupAlpha,
                                           background: visible.map { sample(under: $0, groupAlpha: groupAlpha) } ?? []))
            }
            try drawImage(image)
        case .group(let group):
            try drawGroup(group)
        case .backdrop(let backdrop):
            // A backdrop paints inside its rect only: one wholly outside the clip is not blurred for nothing.
            if culls, outsideClip(backdrop.rect, pad: 0, horizontally: true) { return }
            if let observation, let r = screenRect(backdrop.rect).intersection(screenClip()) {
                observation.add(DrawnLayer(order: drawnCount, rect: r, color: nil))
            }
            try drawBackdrop(backdrop)
        case .homeIndicator(let rect):
            let white: Bool
            if replaying { white = tape?.nextWhite() ?? false } else {
                white = meanLuma(under: rect.insetBy(dx: 0, dy: -8)) < 0.5
                tape?.record(white: white)
            }
            setPath(RoundedRect.path(rect, radius: rect.height / 2, curve: .circular))
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_set_source_rgba(cr, white ? 1 : 0, white ? 1 : 0, white ? 1 : 0, 1)
            cairo_fill(cr)
        }
    }

    /// Whether items wholly outside the clip are skipped. Drawing them changes no pixel, but the audit's
    /// observation sees every item, and a vector page replays what its image raster read in order.
    private var culls: Bool { observation == nil && tape == nil && !replaying }

    /// Whether `rect` (in user space), grown by `pad`, lies wholly above or below the current clip's
    /// extents (or beside them, when `horizontally`): a push draws each screen twice, once clipped to the
    /// content and once to the bar, and an item cut away entirely need not be laid out and drawn.
    private func outsideClip(_ rect: Rect, pad: Double, horizontally: Bool) -> Bool {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        if rect.maxY + pad <= y0 || rect.minY - pad >= y1 { return true }
        return horizontally && (rect.maxX + pad <= x0 || rect.minX - pad >= x1)
    }

    /// The device pixels `rect` touches (rounded out), moved by `offset` (a group surface's
    /// device offset): minimum x and y, and the exclusive maximum x and y.
    private func pixelBounds(_ rect: Rect, offset: (Double, Double) = (0, 0)) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return (Int((rect.minX * m.xx + m.x0 + offset.0).rounded(.down)), Int((rect.minY * m.yy + m.y0 + offset.1).rounded(.down)),
                Int((rect.maxX * m.xx + m.x0 + offset.0).rounded(.up)), Int((rect.maxY * m.yy + m.y0 + offset.1).rounded(.up)))
    }

    /// The mean Rec. 709 luma (0…1) of the drawn pixels under `rect`, composited over white.
    private func meanLuma(under rect: Rect) -> Double {
        let target = cairo_get_group_target(cr)
        cairo_surface_flush(target)
        var ox = 0.0, oy = 0.0
        cairo_surface_get_device_offset(target, &ox, &oy)
        guard let data = cairo_image_surface_get_data(target) else { return 1 }
        let w = Int(cairo_image_surface_get_width(target)), h = Int(cairo_image_surface_get_height(target))
        let stride = Int(cairo_image_surface_get_stride(target))
        let b = pixelBounds(rect, offset: (ox, oy))
        let x0 = max(0, b.x0), y0 = max(0, b.y0), x1 = min(w, b.x1), y1 = min(h, b.y1)
        guard x1 > x0, y1 > y0 else { return 1 }
        var sum = 0.0
        for y in y0..<y1 {
            let row = data + y * stride
            for x in x0..<x1 {
                // Premultiplied BGRA in memory; over white, each channel is c + (255 − a).
                let p = row + 4 * x
                let a = 255 - Double(p[3])
                sum += 0.2126 * (Double(p[2]) + a) + 0.7152 * (Double(p[1]) + a) + 0.0722 * (Double(p[0]) + a)
            }
        }
        return sum / Double((x1 - x0) * (y1 - y0)) / 255
    }

    /// Blurs and saturates what is already drawn under the backdrop's rect, in device pixels.
    private func drawBackdrop(_ b: Backdrop) throws(RenderError) {
        // The rect in device pixels, rounded out, plus a margin so the blur sees past its edges.
        // Only the part on the output matters; a bar placed far off screen must not ask for a huge surface.
        let bounds = pixelBounds(b.rect)
        let x0 = max(0, bounds.x0), y0 = max(0, bounds.y0)
        let x1 = min(pixelWidth, bounds.x1), y1 = min(pixelHeight, bounds.y1)
        guard x1 > x0, y1 > y0 else { return }
        if replaying {
            guard let (region, x, y) = tape?.nextBackdrop() else { return }
            paintBackdrop(region, rect: b.rect, x: x, y: y)
            return
        }
        let sigma = b.blurRadius * scale
        let margin = Int((sigma * 3).rounded(.up))
        let w = x1 - x0 + 2 * margin, h = y1 - y0 + 2 * margin
        let region: CairoSurface
        do { region = try CairoSurface(width: w, height: h) } catch {
            throw RenderError(path: "", message: "cannot create a backdrop surface: \(error.message)")
        }
        // Copy what is under the rect only, its edge pixels repeated outward: UIKit blurs what lies
        // behind the bar, never the content beside it.
        let target = cairo_get_group_target(cr)
        var ox = 0.0, oy = 0.0
        cairo_surface_get_device_offset(target, &ox, &oy)
        if !Self.copyPadded(from: target, x: Double(x0) + ox, y: Double(y0) + oy, width: x1 - x0, height: y1 - y0, into: region, margin: margin) {
            // Cairo adds the target's device offset to a sub-surface's origin itself.
            let under = cairo_surface_create_for_rectangle(target, Double(x0), Double(y0), Double(x1 - x0), Double(y1 - y0))
            let rcr = cairo_create(region.pointer)
            let pattern = cairo_pattern_create_for_surface(under)
            var m = cairo_matrix_t()
            cairo_matrix_init_translate(&m, -Double(margin), -Double(margin))
            cairo_pattern_set_matrix(pattern, &m)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_set_source(rcr, pattern)
            cairo_set_operator(rcr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(rcr)
            cairo_pattern_destroy(pattern)
            cairo_destroy(rcr)
            cairo_surface_destroy(under)
        }
        // Only the pixels under the rect are shown; the margins only feed them.
        let shown = PixelRect(x0: margin, y0: margin, x1: w - margin, y1: h - margin)
        Blur.gaussian(region, sigma: sigma, only: shown)
        Blur.saturate(region, by: b.saturation, only: shown)
        tape?.record(backdrop: region, x: x0 - margin, y: y0 - margin)
        paintBackdrop(region, rect: b.rect, x: x0 - margin, y: y0 - margin)
    }

    /// Copies the `width`×`height` pixels at (x, y) of `source` into `region` at (margin, margin),
    /// repeating the edge pixels outward over the margins: what painting it with a padded pattern
    /// gives, without pixman's general path. False (nothing done) unless both are ARGB32 image
    /// surfaces and the rectangle lies whole inside the source at whole pixels.
    static func copyPadded(from source: OpaquePointer?, x: Double, y: Double, width w: Int, height h: Int,
                           into region: CairoSurface, margin: Int) -> Bool {
        guard let source, cairo_surface_get_type(source) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(source) == CAIRO_FORMAT_ARGB32,
              cairo_image_surface_get_format(region.pointer) == CAIRO_FORMAT_ARGB32,
              x.rounded() == x, y.rounded() == y, w > 0, h > 0,
              region.width == w + 2 * margin, region.height == h + 2 * margin else { return false }
        let sx = Int(x), sy = Int(y)
        let sw = Int(cairo_image_surface_get_width(source)), sh = Int(cairo_image_surface_get_height(source))
        guard sx >= 0, sy >= 0, sx + w <= sw, sy + h <= sh else { return false }
        cairo_surface_flush(source)
        cairo_surface_flush(region.pointer)
        guard let src = cairo_image_surface_get_data(source), let dst = cairo_image_surface_get_data(region.pointer) else { return false }
        let srcStride = Int(cairo_image_surface_get_stride(source)), dstStride = region.stride
        let rw = w + 2 * margin
        for ry in 0..<(h + 2 * margin) {
            let from = src + (sy + min(max(ry - margin, 0), h - 1)) * srcStride + 4 * sx
            let to = dst + ry * dstStride
            memcpy(to + 4 * margin, from, 4 * w)
            let left = UnsafeRawPointer(from).loadUnaligned(as: UInt32.self)
            let right = UnsafeRawPointer(from + 4 * (w - 1)).loadUnaligned(as: UInt32.self)
            let row = UnsafeMutableRawPointer(to)
            for i in 0..<margin {
                row.storeBytes(of: left, toByteOffset: 4 * i, as: UInt32.self)
                row.storeBytes(of: right, toByteOffset: 4 * (rw - 1 - i), as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(region.pointer)
        return true
    }

    /// Paints a blurred region, whose top left is at device pixel (x, y), clipped to `rect`.
    private func paintBackdrop(_ region: CairoSurface, rect: Rect, x: Int, y: Int) {
        cairo_save(cr)
        setPath(.rect(rect))
        cairo_clip(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, region.pointer, Double(x), Double(y))
        // Over, not source: where the blur met transparency (a popover's rounded corner inside a
        // group), what is already drawn stays under it instead of being erased.
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    func setPath(_ path: Path) {
        cairo_new_path(cr)
        for c in path.commands {
            switch c {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .cubic(let a, let b, let p): cairo_curve_to(cr, a.x, a.y, b.x, b.y, p.x, p.y)
            case .close: cairo_close_path(cr)
            }
        }
    }

    private func setSource(_ paint: ResolvedPaint) {
        switch paint {
        case .color(let c):
            cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        case .linear(let start, let end, let stops):
            let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
            addStops(pattern, stops)
            cairo_set_source(cr, pattern)
            cairo_pattern_destroy(pattern)
        case .radial(let center, let radius, let stops):
            let pattern = cairo_pattern_create_radial(center.x, center.y, 0, center.x, center.y, radius)
            addStops(pattern, stops)
            cairo_set_source(cr, pattern)
            cairo_pattern_destroy(pattern)
        }
    }

    private func addStops(_ pattern: OpaquePointer?, _ stops: [ResolvedStop]) {
        for s in stops { cairo_pattern_add_color_stop_rgba(pattern, s.location, s.color.red, s.color.green, s.color.blue, s.color.alpha) }
    }

    // MARK: Groups

    private func drawGroup(_ group: Group) throws(RenderError) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        // A projected group's clip is applied before its projection, on the flat rendering.
        if group.projection == nil {
            if let t = group.transform, !t.isIdentity {
                var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
                cairo_transform(cr, &m)
            }
            if let clip = group.clip {
                setPath(clip)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                cairo_clip(cr)
            }
        }
        // A group holding a plusLighter group (a cross dissolve) is composited on its own, so the sum stays inside it.
        let adds = group.items.contains { if case .group(let g) = $0 { g.blendMode == .plusLighter } else { false } }
        let composited = group.alpha < 1 || group.blendMode != .normal || group.shadow != nil || adds
        guard composited else {
            try drawContents(group)
            return
        }
        let outerAlpha = groupAlpha
        groupAlpha *= group.alpha
        defer { groupAlpha = outerAlpha }
        cairo_push_group(cr)
        if let shadow = group.shadow {
            cairo_push_group(cr)
            try drawContents(group)
            let content = cairo_pop_group(cr)
            defer { cairo_pattern_destroy(content) }
            try drawShadow(shadow, of: content)
            cairo_set_source(cr, content)
            cairo_paint(cr)
        } else {
            try drawContents(group)
        }
        cairo_pop_group_to_source(cr)
        cairo_set_operator(cr, Raster.cairoOperator(group.blendMode))
        cairo_paint_with_alpha(cr, group.alpha)
    }

    private func drawContents(_ group: Group) throws(RenderError) {
        if let h = group.projection { try drawProjected(group, h) } else { for item in group.items { try draw(item) } }
    }

    // MARK: Projections

    /// A group with perspective (a view's `transform3D`): its items, clipped, are rasterized flat at
    /// the device resolution, and every device pixel the projected content covers samples that
    /// rendering through the inverse map (bilinear, four samples a pixel). Points behind the viewer
    /// are not drawn. A vector page paints what the image raster made (from the tape).
    private func drawProjected(_ group: Group, _ h: Homography) throws(RenderError) {
        if replaying {
            guard let (region, x, y) = tape?.nextProjection() else { return }
            cairo_save(cr)
            let pattern = pagePattern(region, x: Double(x), y: Double(y))
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
            cairo_pattern_destroy(pattern)
            cairo_restore(cr)
            return
        }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let ctm = Homography(Transform2D(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0))
        // Device pixels per point of the flat rendering: the current scale.
        var k = abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
        guard k > 0, var bounds = Self.bounds(of: group.items) else { return }
        if let clip = group.clip, let r = bounds.intersection(clip.bounds) { bounds = r } else if group.clip != nil { return }
        bounds = bounds.insetBy(dx: -1, dy: -1)
        // The flat rendering keeps to the pixel budget; a huge layer is rendered coarser.
        while !SceneLimits.allowsPixels(width: (bounds.width * k).rounded(.up), height: (bounds.height * k).rounded(.up)) { k /= 2 }
        let sw = Int((bounds.width * k).rounded(.up)), sh = Int((bounds.height * k).rounded(.up))
        guard sw > 0, sh > 0 else { return }
        let flat = DisplayList(size: Size(width: Double(sw) / k, height: Double(sh) / k), scale: k,
                               items: [.group(Group(items: group.items, clip: group.clip, transform: Transform2D(translationX: -bounds.minX, y: -bounds.minY)))],
                               language: language)
        let source = try Raster(list: flat, images: images)
        source.textEngine = textEngine
        try source.draw(flat.items)
        missingCharacters += source.missingCharacters
        // Source pixels → the items' points → the projection → device pixels.
        let full = Homography(Transform2D(a: 1 / k, b: 0, c: 0, d: 1 / k, tx: bounds.minX, ty: bounds.minY)).concatenating(h).concatenating(ctm)
        guard let inverse = full.inverted else { return }
        // Where it lands: the projected corners, or (a layer reaching behind the viewer) everything, within the clip.
        var cx0 = 0.0, cy0 = 0.0, cx1 = 0.0, cy1 = 0.0
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &cx0, &cy0, &cx1, &cy1)
        cairo_restore(cr)
        var target = Rect(x: max(0, cx0), y: max(0, cy0), width: min(Double(pixelWidth), cx1) - max(0, cx0), height: min(Double(pixelHeight), cy1) - max(0, cy0))
        if let landed = full.apply(to: Rect(x: 0, y: 0, width: Double(sw), height: Double(sh))) {
            guard let r = target.intersection(landed) else { return }
            target = r
        }
        let x0 = Int(target.minX.rounded(.down)), y0 = Int(target.minY.rounded(.down))
        let dw = Int(target.maxX.rounded(.up)) - x0, dh = Int(target.maxY.rounded(.up)) - y0
        guard dw > 0, dh > 0 else { return }
        let region: CairoSurface
        do { region = try CairoSurface(width: dw, height: dh) } catch {
            throw RenderError(path: "", message: "cannot create a projection surface: \(error.message)")
        }
        Self.resample(source.surface, into: region, x0: x0, y0: y0, inverse: inverse, forward: full)
        tape?.record(projection: region, x: x0, y: y0)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, region.pointer, Double(x0), Double(y0))
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Fills `region` (whose top left is device pixel (x0, y0)) from `source` through `inverse`
    /// (device pixels → source pixels): four samples a pixel, each bilinear in premultiplied ARGB,
    /// transparent outside the source and where `forward` puts the point behind the viewer.
    static func resample(_ source: CairoSurface, into region: CairoSurface, x0: Int, y0: Int, inverse: Homography, forward: Homography) {
        cairo_surface_flush(source.pointer)
        cairo_surface_flush(region.pointer)
        guard let src = cairo_image_surface_get_data(source.pointer), let dst = cairo_image_surface_get_data(region.pointer) else { return }
        let sw = source.width, sh = source.height, sStride = source.stride, dStride = region.stride
        let i = inverse
        @inline(__always) func texel(_ x: Int, _ y: Int) -> UInt32 {
            guard x >= 0, y >= 0, x < sw, y < sh else { return 0 }
            return UnsafeRawPointer(src + y * sStride + 4 * x).loadUnaligned(as: UInt32.self)
        }
        let offsets = [0.25, 0.75]
        for row in 0..<region.height {
            let out = UnsafeMutableRawPointer(dst + row * dStride)
            for col in 0..<region.width {
                var acc = (0.0, 0.0, 0.0, 0.0)
                for oy in offsets {
                    for ox in offsets {
                        let X = Double(x0 + col) + ox, Y = Double(y0 + row) + oy
                        let w = i.m13 * X + i.m23 * Y + i.m33
                        guard w != 0 else { continue }
                        let u = (i.m11 * X + i.m21 * Y + i.m31) / w, v = (i.m12 * X + i.m22 * Y + i.m32) / w
                        guard u > -1, v > -1, u < Double(sw) + 1, v < Double(sh) + 1, forward.w(at: Point(x: u, y: v)) > 0 else { continue }
                        let fu = u - 0.5, fv = v - 0.5
                        let ix = Int(fu.rounded(.down)), iy = Int(fv.rounded(.down))
                        let ax = fu - Double(ix), ay = fv - Double(iy)
                        let p00 = texel(ix, iy), p10 = texel(ix + 1, iy), p01 = texel(ix, iy + 1), p11 = texel(ix + 1, iy + 1)
                        if p00 | p10 | p01 | p11 == 0 { continue }
                        let w00 = (1 - ax) * (1 - ay), w10 = ax * (1 - ay), w01 = (1 - ax) * ay, w11 = ax * ay
                        @inline(__always) func ch(_ p: UInt32, _ shift: UInt32) -> Double { Double((p >> shift) & 0xFF) }
                        acc.0 += ch(p00, 24) * w00 + ch(p10, 24) * w10 + ch(p01, 24) * w01 + ch(p11, 24) * w11
                        acc.1 += ch(p00, 16) * w00 + ch(p10, 16) * w10 + ch(p01, 16) * w01 + ch(p11, 16) * w11
                        acc.2 += ch(p00, 8) * w00 + ch(p10, 8) * w10 + ch(p01, 8) * w01 + ch(p11, 8) * w11
                        acc.3 += ch(p00, 0) * w00 + ch(p10, 0) * w10 + ch(p01, 0) * w01 + ch(p11, 0) * w11
                    }
                }
                @inline(__always) func byte(_ v: Double) -> UInt32 { UInt32(min(255, max(0, (v / 4).rounded()))) }
                let a = byte(acc.0)
                let pixel = a << 24 | min(a, byte(acc.1)) << 16 | min(a, byte(acc.2)) << 8 | min(a, byte(acc.3))
                out.storeBytes(of: pixel, toByteOffset: 4 * col, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(region.pointer)
    }

    /// The box around everything `items` draw, in their coordinates (a group's transform and clip
    /// applied, shadows and strokes included); nil when they draw nothing.
    static func bounds(of items: [DisplayItem]) -> Rect? {
        var out: Rect?
        func add(_ r: Rect?) {
            guard let r, r.width.isFinite, r.height.isFinite else { return }
            guard let o = out else { out = r; return }
            let x0 = min(o.minX, r.minX), y0 = min(o.minY, r.minY)
            out = Rect(x: x0, y: y0, width: max(o.maxX, r.maxX) - x0, height: max(o.maxY, r.maxY) - y0)
        }
        for item in items {
            switch item {
            case .fill(let path, _, _): add(path.bounds)
            case .stroke(let path, _, let style): add(path.bounds.insetBy(dx: -style.width, dy: -style.width))
            // Glyphs may reach past their frame (italics, accents): a margin of a fifth of the size.
            case .text(let t): add(t.frame.insetBy(dx: -t.font.size / 5, dy: -t.font.size / 5))
            case .image(let i): add(i.frame)
            case .backdrop(let b): add(b.rect)
            case .homeIndicator(let r): add(r)
            case .group(let g):
                guard var r = bounds(of: g.items) else { continue }
                if let clip = g.clip {
                    guard let c = r.intersection(clip.bounds) else { continue }
                    r = c
                }
                if let s = g.shadow {
                    let reach = 3 * s.radius
                    let cast = Rect(x: r.minX + s.offset.width - reach, y: r.minY + s.offset.height - reach,
                                    width: r.width + 2 * reach, height: r.height + 2 * reach)
                    add(r); r = out!
                    add(cast); r = out!
                }
                if let h = g.projection { add(h.apply(to: r)) } else if let t = g.transform { add(t.apply(to: r)) } else { add(r) }
            }
        }
        return out
    }

    /// Paints the blurred, colored alpha of `content`, offset, under the current group.
    private func drawShadow(_ shadow: ResolvedShadow, of content: OpaquePointer?) throws(RenderError) {
        let w = pixelWidth, h = pixelHeight
        let mask: CairoSurface
        do { mask = try CairoSurface(width: w, height: h, format: CAIRO_FORMAT_A8) } catch {
            throw RenderError(path: "", message: "cannot create a shadow surface: \(error.message)")
        }
        let mcr = cairo_create(mask.pointer)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_set_matrix(mcr, &matrix)
        cairo_set_source(mcr, content)
        cairo_paint(mcr)
        cairo_destroy(mcr)
        cairo_surface_flush(mask.pointer)
        // The blur reaches three box radii past the drawn alpha and no further, so only that window
        // is blurred and composited; an empty group casts nothing.
        guard let ink = ShadowMasks.inkBounds(mask) else { return }
        let sigma = shadow.radius * scale
        let reach = sigma > 0.25 ? 3 * (Blur.boxWidth(sigma: sigma) / 2) : 0
        let window = PixelRect(x0: ink.x0 - reach, y0: ink.y0 - reach, x1: ink.x1 + reach, y1: ink.y1 + reach)
            .intersection(PixelRect(x0: 0, y0: 0, x1: w, y1: h))
        let blurred: CairoSurface
        do { blurred = try ShadowMasks.shared.blurred(mask, window: window, sigma: sigma) } catch {
            throw RenderError(path: "", message: "cannot create a shadow surface: \(error.message)")
        }

        cairo_save(cr)
        let c = shadow.color
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        let x = shadow.offset.width * scale + Double(window.x0), y = shadow.offset.height * scale + Double(window.y0)
        if replaying {
            let pattern = pagePattern(blurred, x: x, y: y)
            cairo_mask(cr, pattern)
            cairo_pattern_destroy(pattern)
        } else {
            cairo_identity_matrix(cr)
            cairo_mask_surface(cr, blurred.pointer, x, y)
        }
        cairo_restore(cr)
    }

    /// On a vector page: a pattern of `surface`, whose pixels are device pixels with (0, 0) at
    /// device pixel (x, y), placed in the list's points (the matrix is set to points, scaled).
    /// An image raster sets the identity matrix and gives Cairo the surface as it is; a page
    /// cannot, as Cairo's SVG surface places a mask given in device space without the page's
    /// device scale (1/scale): shadows came out at two or three times their size.
    private func pagePattern(_ surface: CairoSurface, x: Double, y: Double) -> OpaquePointer {
        cairo_identity_matrix(cr)
        cairo_scale(cr, scale, scale)
        let pattern = cairo_pattern_create_for_surface(surface.pointer)!
        var m = cairo_matrix_t()
        cairo_matrix_init_scale(&m, scale, scale)
        cairo_matrix_translate(&m, -x / scale, -y / scale)
        cairo_pattern_set_matrix(pattern, &m)
        return pattern
    }

    static func cairoOperator(_ mode: BlendMode) -> cairo_operator_t {
        switch mode {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .plusLighter: CAIRO_OPERATOR_ADD
        }
    }

    // MARK: Images

    private func drawImage(_ item: ImageItem) throws(RenderError) {
        let image: LoadedImage
        do { image = try images.image(item.source, at: item.filePath) } catch {
            throw RenderError(path: item.origin + ".image", image: item.source, error)
        }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if let tint = item.templateColor {
            cairo_push_group(cr)
            try drawImageContent(item, image)
            let mask = cairo_pop_group(cr)
            cairo_set_source_rgba(cr, tint.red, tint.green, tint.blue, tint.alpha)
            cairo_mask(cr, mask)
            cairo_pattern_destroy(mask)
        } else {
            try drawImageContent(item, image)
        }
    }

    private func drawImageContent(_ item: ImageItem, _ image: LoadedImage) throws(RenderError) {
        do throws(ImageFileError) {
            if let caps = item.capInsets {
                // Caps that overlap leave no middle to stretch and slices of negative size.
                if let problem = Self.capInsetsProblem(caps, size: image.size, name: item.source.path) { throw ImageFileError(problem) }
                let (pixels, ppp) = try images.raster(image, file: item.filePath, scale: scale)
                drawNineSlice(try pixels.surface(), pixelsPerPoint: ppp, size: image.size, caps: caps, into: item.frame, mode: item.resizingMode)
            } else if case .raster(let pixels) = image.content {
                let surface = try pixels.surface()
                drawRegion(surface, source: (0, 0, surface.width, surface.height), into: item.frame, extend: CAIRO_EXTEND_PAD, tileScale: nil)
            } else {
                try image.renderSVG(cr, in: item.frame)
            }
        } catch {
            throw RenderError(path: item.origin + ".image", image: item.source, error)
        }
    }

    /// Draws pixels `source` (x, y, w, h) of `surface` stretched into `rect`, or tiled at
    /// `tileScale` pixels per point.
    private func drawRegion(_ surface: CairoSurface, source: (Int, Int, Int, Int), into rect: Rect, extend: cairo_extend_t, tileScale: Double?) {
        let (sx, sy, sw, sh) = source
        guard sw > 0, sh > 0, rect.width > 0, rect.height > 0 else { return }
        let sub = cairo_surface_create_for_rectangle(surface.pointer, Double(sx), Double(sy), Double(sw), Double(sh))
        defer { cairo_surface_destroy(sub) }
        let pattern = cairo_pattern_create_for_surface(sub)
        defer { cairo_pattern_destroy(pattern) }
        var m = cairo_matrix_t()
        if let tileScale {
            cairo_matrix_init_scale(&m, tileScale, tileScale)
        } else {
            cairo_matrix_init_scale(&m, Double(sw) / rect.width, Double(sh) / rect.height)
        }
        cairo_matrix_translate(&m, -rect.minX, -rect.minY)
        cairo_pattern_set_matrix(pattern, &m)
        cairo_pattern_set_extend(pattern, extend)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_save(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cr)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Why cap insets cannot slice an image of `size` points (left and right, or top and bottom,
    /// together wider than it), or nil.
    static func capInsetsProblem(_ caps: EdgeInsets, size: Size, name: String) -> String? {
        let tolerance = 1e-6
        let what = "the cap insets are larger than image file \(quoted(name)) (\(format(size.width))×\(format(size.height)) points)"
        if caps.left + caps.right > size.width + tolerance {
            return "\(what): left \(format(caps.left)) and right \(format(caps.right)) add up to more than its width"
        }
        if caps.top + caps.bottom > size.height + tolerance {
            return "\(what): top \(format(caps.top)) and bottom \(format(caps.bottom)) add up to more than its height"
        }
        return nil
    }

    /// Nine-slice: corners as they are, edges and center stretched (or tiled) between the caps.
    private func drawNineSlice(_ surface: CairoSurface, pixelsPerPoint ppp: Double, size: Size, caps: EdgeInsets, into frame: Rect, mode: ResizingMode) {
        func px(_ v: Double) -> Int { Int((v * ppp).rounded()) }
        let sxs = [0, px(caps.left), surface.width - px(caps.right), surface.width]
        let sys = [0, px(caps.top), surface.height - px(caps.bottom), surface.height]
        let left = min(caps.left, frame.width / 2), right = min(caps.right, frame.width / 2)
        let top = min(caps.top, frame.height / 2), bottom = min(caps.bottom, frame.height / 2)
        let dxs = [frame.minX, frame.minX + left, frame.maxX - right, frame.maxX]
        let dys = [frame.minY, frame.minY + top, frame.maxY - bottom, frame.maxY]
        for row in 0..<3 {
            for col in 0..<3 {
                let src = (sxs[col], sys[row], sxs[col + 1] - sxs[col], sys[row + 1] - sys[row])
                let dst = Rect(x: dxs[col], y: dys[row], width: dxs[col + 1] - dxs[col], height: dys[row + 1] - dys[row])
                let stretched = row == 1 || col == 1
                let tiled = stretched && mode == .tile
                drawRegion(surface, source: src, into: dst, extend: tiled ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD, tileScale: tiled ? ppp : nil)
            }
        }
    }
}
