import CCairo
import Foundation
import TintypeLayout
import TintypeModel

/// Pango text through the font policy's private fontconfig configuration (Inter, then the pinned
/// fallback chain), with fixed font options (grayscale antialiasing, no hinting, no hinted
/// metrics) so text is the same everywhere.
///
/// Pango's font maps and contexts are shared, so every Pango call goes through one lock. Text the
/// primary face covers has a configuration and font map of its own (see `contexts(for:family:)`).
final class TextEngine: TextMeasuring, @unchecked Sendable {
    static let shared = TextEngine()

    /// One lock for every engine, held around every Pango call and every Cairo call that may look
    /// a glyph up or emit a font outside one (`withFontsLocked`). Cairo keeps at most ten FreeType
    /// faces open and closes an idle one to open another, judging "idle" without the other face's
    /// own lock: a PDF finished on one thread (its font subsets open faces) closed a face another
    /// thread's glyph lookup had just taken, and the stress run crashed in FreeType (docs/determinism.md).
    private static let fontLock = NSLock()
    private var lock: NSLock { Self.fontLock }

    /// Runs `body` holding the font lock: for Cairo calls outside Pango that look glyphs up or emit
    /// fonts (a PDF or SVG page shown, the document finished or destroyed).
    static func withFontsLocked<T>(_ body: () -> T) -> T {
        fontLock.lock()
        defer { fontLock.unlock() }
        return body()
    }
    private let fontMap: UnsafeMutablePointer<PangoFontMap>?
    private let context: OpaquePointer?
    private let measuringContext: OpaquePointer?
    /// The fontconfig configuration the font map uses (the font map holds a reference too).
    private let config: OpaquePointer?
    let loadError: String?
    /// The primary face's line height and baseline per font, in Pango units: every line takes
    /// these whatever fallback faces it holds, as UIKit keeps the system font's line height.
    private var lineBoxes: [ResolvedFont: (height: Int32, baseline: Int32)] = [:]
    private var familyLists: [String: String] = [:]

    /// Bytes of text given to Pango layouts so far (each paragraph, measurement and truncation
    /// candidate), so that tests can see how much work a text takes without timing it.
    private(set) var bytesLaidOut = 0

    /// The font chain this engine's configuration and family lists hold (`FontPolicy.table`,
    /// unless a benchmark cuts it).
    let chain: [FontPolicy.Entry]
    /// The families of the chain's primary entry (Inter, Inter Display).
    private let primaryFamilies: Set<String>
    /// The primary entry alone, in a fontconfig configuration and Pango font map of their own (a
    /// drawing and a measuring context), for text whose every character the primary face has; nil
    /// when the chain is the primary entry alone. See `contexts(for:family:)`.
    private let primaryOnly: (drawing: OpaquePointer?, measuring: OpaquePointer?)?
    /// Per primary family, the characters every one of its faces has (fontconfig character sets).
    private let primaryCharacters: [String: OpaquePointer]

    /// The engine everything shares is `shared`; tests make their own to count its layouts, and
    /// the benchmarks one with a shorter chain. Without `primaryOnly`, all text goes through the
    /// whole chain's configuration (for the test that compares the two ways).
    init(chain: [FontPolicy.Entry] = FontPolicy.table, primaryOnly splitsPrimary: Bool = true) {
        self.chain = chain
        primaryFamilies = Set(chain.filter(\.primary).flatMap(\.families))
        let xml = FontPolicy.configurationText(of: chain)
        let config = FcConfigCreate()
        var problem: String?
        if FcConfigParseAndLoadFromMemory(config, xml, 1) == 0 || FcConfigBuildFonts(config) == 0 {
            problem = "the private font configuration does not load"
        } else {
            let present = Self.families(in: config)
            let missing = chain.filter { !$0.families.allSatisfy(present.contains) }
            if !missing.isEmpty {
                let packages = missing.reduce(into: [String]()) { if !$0.contains($1.package) { $0.append($1.package) } }
                problem = "the pinned fonts are not all installed (missing \(missing.flatMap(\.families).joined(separator: ", ")) "
                    + "from \(packages.joined(separator: ", "))); run Scripts/setup"
            }
        }
        // A new Pango font map starts a thread that calls FcInit, which loads the machine's whole
        // font configuration (every file in /etc/fonts/conf.d and the system font caches) unless
        // fontconfig already has a current configuration; Tintype never uses that one, and the
        // first text of a render waited for it. So the first engine's private configuration is
        // made current before its font map exists. It also means that anything asking fontconfig
        // without naming a configuration (an SVG's own text, drawn by librsvg) sees the pinned
        // fonts instead of whatever the machine has installed.
        if problem == nil { Self.makeCurrentOnce(config) }
        guard problem == nil, let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            fontMap = nil; context = nil; measuringContext = nil; self.config = nil
            primaryOnly = nil; primaryCharacters = [:]
            loadError = problem ?? "Pango has no FreeType font map"
            FcConfigDestroy(config)
            return
        }
        tt_font_map_set_config(map, config)
        self.config = config  // released with the process: the engine is shared and lives as long
        fontMap = map
        func makeContext(_ map: UnsafeMutablePointer<PangoFontMap>) -> OpaquePointer? {
            let ctx = pango_font_map_create_context(map)
            let options = cairo_font_options_create()
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
            pango_cairo_context_set_font_options(ctx, options)
            cairo_font_options_destroy(options)
            pango_context_set_round_glyph_positions(ctx, 0)
            return ctx
        }
        context = makeContext(map)
        // Layout measures in a context of its own that drawing never updates, so a measurement does
        // not depend on which scene (and surface) drew last.
        measuringContext = makeContext(map)
        // Pango matches and sorts every face of a configuration for each new font (each family
        // list, weight, size and language), about 0.7 ms of CPU with the chain's 238 faces and 0.1
        // with the primary entry's 36. Text the primary face covers gets the same faces from
        // either, so it goes to a configuration of the primary entry alone.
        let primaryChain = chain.filter(\.primary)
        let primaryConfig = FcConfigCreate()
        if splitsPrimary, primaryChain.count < chain.count,
           FcConfigParseAndLoadFromMemory(primaryConfig, FontPolicy.configurationText(of: primaryChain), 1) != 0,
           FcConfigBuildFonts(primaryConfig) != 0,
           let primaryMap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) {
            tt_font_map_set_config(primaryMap, primaryConfig)
            primaryOnly = (makeContext(primaryMap), makeContext(primaryMap))
            primaryCharacters = Self.commonCharacters(of: primaryFamilies, in: primaryConfig)
        } else {
            FcConfigDestroy(primaryConfig)
            primaryOnly = nil
            primaryCharacters = [:]
        }
        loadError = nil
    }

    private static let currentLock = NSLock()
    nonisolated(unsafe) private static var currentSet = false

    /// Makes `config` fontconfig's current configuration, unless an earlier engine did.
    private static func makeCurrentOnce(_ config: OpaquePointer?) {
        currentLock.lock()
        defer { currentLock.unlock() }
        guard !currentSet else { return }
        currentSet = FcConfigSetCurrent(config) != 0
    }

    /// For each family, the characters that every face of the family in `config` has.
    private static func commonCharacters(of families: Set<String>, in config: OpaquePointer?) -> [String: OpaquePointer] {
        guard let set = FcConfigGetFonts(config, FcSetSystem) else { return [:] }
        var result: [String: OpaquePointer] = [:]
        for i in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[i] else { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { continue }
            var n: Int32 = 0
            var name: UnsafeMutablePointer<FcChar8>?
            while FcPatternGetString(pattern, FC_FAMILY, n, &name) == FcResultMatch, let name {
                n += 1
                let family = String(cString: name)
                guard families.contains(family) else { continue }
                if let common = result[family] {
                    result[family] = FcCharSetIntersect(common, charset)
                    FcCharSetDestroy(common)
                } else {
                    result[family] = FcCharSetCopy(charset)
                }
            }
        }
        return result
    }

    /// The drawing and measuring contexts for `text` in `family`: the primary entry's own when
    /// the family is a primary face and every character of the text is one the face has, else
    /// the whole chain's. Both give such text the same glyphs at the same positions: with the
    /// chain, Pango takes each character from the first face of the family list that has it,
    /// which is the primary face, the same file at the same size with the same options. Emoji
    /// (emoji presentation) are excluded, as Pango gives them the family "emoji" whatever the
    /// text's font; paragraph separators never reach a layout.
    private func contexts(for text: String, family: String, ellipsis: Bool = false) -> (drawing: OpaquePointer?, measuring: OpaquePointer?) {
        let whole = (context, measuringContext)
        guard let primaryOnly, let characters = primaryCharacters[family] else { return whole }
        func covered(_ scalar: Unicode.Scalar) -> Bool {
            if scalar == "\n" || scalar == "\r" || scalar == "\u{2029}" { return true }
            return FcCharSetHasChar(characters, scalar.value) != 0 && !scalar.properties.isEmojiPresentation
        }
        guard text.unicodeScalars.allSatisfy(covered), !ellipsis || covered("\u{2026}") else { return whole }
        return primaryOnly
    }

    /// Whether text in `family` goes to the primary entry's own configuration (for tests).
    func usesPrimaryOnly(_ text: String, family: String, ellipsis: Bool = false) -> Bool {
        primaryOnly != nil && contexts(for: text, family: family, ellipsis: ellipsis).drawing == primaryOnly?.drawing
    }

    /// The family names of every face a configuration sees.
    private static func families(in config: OpaquePointer?) -> Set<String> {
        var result = Set<String>()
        for file in faces(in: config) { result.formUnion(file.families) }
        return result
    }

    /// Every face a configuration sees: its file and family names.
    static func faces(in config: OpaquePointer?) -> [(file: String, families: [String])] {
        guard let set = FcConfigGetFonts(config, FcSetSystem) else { return [] }
        var faces: [(String, [String])] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[i] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            var families: [String] = []
            var n: Int32 = 0
            var family: UnsafeMutablePointer<FcChar8>?
            while FcPatternGetString(pattern, FC_FAMILY, n, &family) == FcResultMatch, let family {
                families.append(String(cString: family))
                n += 1
            }
            faces.append((String(cString: file), families))
        }
        return faces
    }

    /// Every face the engine's configuration sees (for `tintype fonts` and the pinning test).
    var visibleFaces: [(file: String, families: [String])] { Self.faces(in: config) }

    /// How many characters the faces of `family` cover, and the file of its regular face.
    func coverage(of family: String) -> (characters: Int, file: String?) {
        guard let set = FcConfigGetFonts(config, FcSetSystem) else { return (0, nil) }
        var best: (Int, String?) = (0, nil)
        for i in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[i] else { continue }
            var name: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, FC_FAMILY, 0, &name) == FcResultMatch, let name, String(cString: name) == family else { continue }
            var charset: OpaquePointer?
            var file: UnsafeMutablePointer<FcChar8>?
            let count = FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch ? Int(FcCharSetCount(charset)) : 0
            let path = FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch ? file.map { String(cString: $0) } : nil
            // The regular face stands for the family (the bold one has the same characters).
            if best.1 == nil || (path?.contains("Regular") == true && best.1?.contains("Regular") != true) { best = (max(count, best.0), path) }
        }
        return best
    }

    /// Lays out and draws `item` on `cr`, whose user space is in points, the way UILabel does:
    /// lines wrap at the frame's width; no more lines are shown than `numberOfLines` allows (0: no
    /// limit) or than fit the height (always at least one); the shown block is centered vertically;
    /// in the truncating modes the last shown line ends (or starts, or is cut in the middle) with
    /// an ellipsis when text is left over; `byClipping` on one line does not wrap and is clipped at
    /// the frame's sides.
    ///
    /// Returns the characters no pinned font has (drawn as empty boxes), each once, in order.
    /// With `keepText` the glyphs are shown as text (a PDF keeps them as text in an embedded,
    /// subset font) instead of filled as outlines; they land on the same positions either way.
    @discardableResult
    func draw(_ item: TextItem, on cr: OpaquePointer, language: String? = nil, keepText: Bool = false,
              observe: ((TextOutcome) -> Void)? = nil) throws(RenderError) -> [Unicode.Scalar] {
        if let loadError { throw RenderError(path: "", message: loadError) }
        lock.lock()
        defer { lock.unlock() }
        let truncates = [.byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail].contains(item.lineBreakMode)
        guard let ctx = contexts(for: item.text, family: item.font.family, ellipsis: truncates).drawing else { return [] }
        pango_cairo_update_context(cr, ctx)
        // Pango lays glyphs out wrongly under a matrix that scales x and y differently (a view's
        // transform of scale [1.5, 0.75]: the letters crowd together). There the text is laid out
        // in points, unscaled, and Cairo stretches the glyphs it draws; turns, mirrors and uniform
        // scales (every device scale) keep Pango's own handling.
        var ctm = cairo_matrix_t()
        cairo_get_matrix(cr, &ctm)
        let similar = (abs(ctm.xx - ctm.yy) < 1e-9 && abs(ctm.yx + ctm.xy) < 1e-9) || (abs(ctm.xx + ctm.yy) < 1e-9 && abs(ctm.yx - ctm.xy) < 1e-9)
        if !similar { pango_context_set_matrix(ctx, nil) }
        setLanguage(ctx, language)
        // A paragraph takes the direction of its first strong letter, left to right when it has none
        // (NSWritingDirectionNatural: Unicode bidi rules P2 and P3). The layout direction only
        // decides where natural alignment puts the lines.
        pango_context_set_base_dir(ctx, PANGO_DIRECTION_LTR)

        let frame = item.frame
        let singleUnwrapped = item.numberOfLines == 1 && item.lineBreakMode == .byClipping
        let box = lineBox(ctx, item)
        // Lines below the frame are never shown: only as many are laid out as the height and
        // numberOfLines allow, plus two, so that truncation knows text is left over.
        var wanted = item.numberOfLines > 0 ? item.numberOfLines : Int.max
        let step = Double(Int(box.height) + Int(Self.pangoUnits(item.lineSpacing))) / Double(PANGO_SCALE)
        if step > 0 {
            let fit = (frame.height + 0.01 - Double(box.height) / Double(PANGO_SCALE)) / step
            if fit.isFinite && fit < Double(SceneLimits.maxListCount) { wanted = min(wanted, max(1, Int(fit.rounded(.down)) + 1)) }
        }
        let paragraphs = layOut(ctx, item, text: item.text, wrapWidth: singleUnwrapped ? nil : frame.width,
                                maxLines: wanted == Int.max ? Int.max : wanted + 2)
        defer { paragraphs.release() }
        let lines = lineMetrics(paragraphs, item: item, box: box)
        guard !lines.isEmpty else { return [] }
        var visible = lines.count
        if item.numberOfLines > 0 { visible = min(visible, item.numberOfLines) }
        visible = min(visible, max(1, lines.prefix(visible).filter { $0.bottom <= frame.height + 0.01 }.count))

        // The last shown line, rebuilt with an ellipsis when text is left over.
        var truncated: OpaquePointer?
        if truncates && visible < lines.count {
            let bytes = Array(item.text.utf8)
            let start = min(bytes.count, max(0, lines[visible - 1].startIndex))
            let rest = String(decoding: bytes[start...], as: UTF8.self)
            truncated = truncatedLine(ctx, item, rest: rest, width: frame.width)
        }
        defer { if let truncated { tt_object_unref(UnsafeMutableRawPointer(truncated)) } }

        let shownHeight = lines[visible - 1].bottom
        let top = shownHeight <= frame.height ? frame.minY + (frame.height - shownHeight) / 2 : frame.minY
        let alignment = effectiveAlignment(item)
        func lineX(width: Double) -> Double {
            switch alignment {
            case .center: frame.midX - width / 2
            case .right: frame.maxX - width
            default: frame.minX
            }
        }

        if let observe {
            // What the audit needs, told before any glyph is drawn so that it can read what is under them.
            var outcome = TextOutcome(shownLines: visible, laidOutLines: lines.count, truncated: visible < lines.count,
                                      shownCharacters: item.text.count, widestLine: 0, block: .zero)
            var x0 = Double.infinity, x1 = -Double.infinity
            for i in 0..<visible {
                var w = lines[i].width
                if i == visible - 1, let truncated, let line = pango_layout_get_line_readonly(truncated, 0) { w = extents(of: line).width }
                outcome.widestLine = max(outcome.widestLine, w)
                let x = lineX(width: w)
                x0 = min(x0, x); x1 = max(x1, x + w)
            }
            if item.lineBreakMode == .byClipping { x0 = max(x0, frame.minX); x1 = min(x1, frame.maxX) }
            outcome.block = Rect(x: x0, y: top, width: max(0, x1 - x0), height: shownHeight)
            if outcome.truncated {
                let bytes = Array(item.text.utf8)
                let start = min(bytes.count, max(0, lines[visible - 1].startIndex))
                let before = String(decoding: bytes[..<start], as: UTF8.self).count
                if let truncated, let t = pango_layout_get_text(truncated) {
                    outcome.shownCharacters = before + max(0, String(cString: t).count - 1)
                } else {
                    // Not a truncating mode: every line before the first one dropped is shown whole.
                    let end = min(bytes.count, max(0, lines[visible].startIndex))
                    outcome.shownCharacters = String(decoding: bytes[..<end], as: UTF8.self).count
                }
            }
            observe(outcome)
        }

        cairo_save(cr)
        defer { cairo_restore(cr) }
        if item.lineBreakMode == .byClipping {
            // Clipping cuts at the frame's sides only; lines below the last shown one are simply not drawn.
            cairo_rectangle(cr, frame.minX, top - frame.height - shownHeight, frame.width, 3 * (frame.height + shownHeight))
            cairo_clip(cr)
        }
        let c = item.color
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        var missing: [Unicode.Scalar] = []
        for i in 0..<visible {
            let m = lines[i]
            if i == visible - 1, let truncated, let line = pango_layout_get_line_readonly(truncated, 0) {
                let t = extents(of: line)
                let baseline = Double(box.baseline) / Double(PANGO_SCALE)
                show(line, x: lineX(width: t.width) - t.x, baseline: top + m.top + baseline, color: c, on: cr, keepText: keepText, missing: &missing)
            } else {
                show(paragraphs.lines[i].line, x: lineX(width: m.width) - m.x, baseline: top + m.baseline, color: c, on: cr, keepText: keepText, missing: &missing)
            }
        }
        return missing
    }

    /// The language Pango shapes, breaks lines and picks faces for: the scene's, else English
    /// (never the process's locale, which would leak into pixels).
    private func setLanguage(_ ctx: OpaquePointer, _ language: String?) {
        pango_context_set_language(ctx, pango_language_from_string(language ?? "en"))
    }

    /// The primary face's line height and baseline for the item's font (cached).
    private func lineBox(_ ctx: OpaquePointer, _ item: TextItem) -> (height: Int32, baseline: Int32) {
        if let box = lineBoxes[item.font] { return box }
        var probe = item
        probe.lineSpacing = 0
        guard let layout = makeLayout(ctx, probe, text: "x", wrapWidth: nil, fallback: false) else { return (0, 0) }
        defer { tt_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let box = (logical.height, pango_layout_get_baseline(layout))
        lineBoxes[item.font] = box
        return box
    }

    /// Fills the line's glyph outlines with its left edge at `x` on the baseline, the way Core
    /// Graphics places glyphs: the baseline on a whole device pixel, each glyph at its own position
    /// rounded to a quarter of a device pixel. (Cairo's glyph cache would round every glyph to a
    /// whole pixel, which makes letter spacing visibly uneven at small sizes and low scales.)
    /// A glyph the font lacks is drawn as an empty box, so that it cannot go unnoticed.
    ///
    /// A run in a color font (emoji) is painted with its own colors instead, at the same positions.
    /// With `keepText` the other runs are shown as glyphs of their fonts rather than as outlines.
    private func show(_ line: UnsafeMutablePointer<PangoLayoutLine>, x: Double, baseline: Double, color: Color,
                      on cr: OpaquePointer, keepText: Bool, missing: inout [Unicode.Scalar]) {
        let units = Double(PANGO_SCALE)
        func devicePosition(_ ux: Double, _ uy: Double) -> (x: Double, y: Double) {
            var dx = ux, dy = uy
            cairo_user_to_device(cr, &dx, &dy)
            dx = (dx * 4).rounded() / 4
            dy = dy.rounded()
            cairo_device_to_user(cr, &dx, &dy)
            return (dx, dy)
        }
        cairo_new_path(cr)
        // Sums in Int: a long line's advances can pass what Int32 holds.
        var xOffset = 0
        var node = line.pointee.runs
        while let n = node {
            node = n.pointee.next
            guard let run = n.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee,
                  let item = run.item, let glyphString = run.glyphs else { continue }
            xOffset += Int(run.start_x_offset)
            let runBaseline = baseline - Double(run.y_offset) / units
            var glyphs: [cairo_glyph_t] = []
            var advance = 0
            let count = Int(glyphString.pointee.num_glyphs)
            for i in 0..<count {
                let info = glyphString.pointee.glyphs[i]
                defer { advance += Int(info.geometry.width) }
                let gx = x + Double(xOffset + advance + Int(info.geometry.x_offset)) / units
                let gy = runBaseline + Double(info.geometry.y_offset) / units
                if info.glyph == 0x0FFF_FFFF { continue }  // PANGO_GLYPH_EMPTY
                let p = devicePosition(gx, gy)
                if info.glyph & 0x1000_0000 != 0 {  // PANGO_GLYPH_UNKNOWN_FLAG: an empty box
                    if let scalar = Unicode.Scalar(info.glyph & 0x0FFF_FFFF), !missing.contains(scalar) { missing.append(scalar) }
                    let w = Double(info.geometry.width) / units, em = w * 1.6
                    cairo_rectangle(cr, p.x + w * 0.1, p.y - em * 0.7, w * 0.8, em * 0.7)
                    cairo_rectangle(cr, p.x + w * 0.9 - 1, p.y - em * 0.7 + 1, -(w * 0.8 - 2), em * 0.7 - 2)
                    continue
                }
                glyphs.append(cairo_glyph_t(index: UInt(info.glyph), x: p.x, y: p.y))
            }
            if !glyphs.isEmpty, let font = item.pointee.analysis.font,
               let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)) {
                cairo_set_scaled_font(cr, scaled)
                if isColor(font) {
                    // Color glyphs have no outline to fill: they are painted as images. The
                    // outlines gathered so far are filled first; the order does not matter, as
                    // glyphs of one line do not overlap.
                    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                    cairo_fill(cr)
                    cairo_set_source_rgba(cr, 0, 0, 0, color.alpha)
                    cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
                    cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
                    cairo_new_path(cr)
                } else if keepText {
                    cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
                } else {
                    cairo_glyph_path(cr, glyphs, Int32(glyphs.count))
                }
            }
            xOffset += Int(pango_glyph_string_get_width(glyphString)) + Int(run.end_x_offset)
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_fill(cr)
    }

    /// Whether a Pango font paints color glyphs (the policy's color entries).
    private func isColor(_ font: UnsafeMutablePointer<PangoFont>) -> Bool {
        guard let desc = pango_font_describe(font) else { return false }
        defer { pango_font_description_free(desc) }
        guard let family = pango_font_description_get_family(desc).map({ String(cString: $0) }) else { return false }
        return Self.colorFamilies.contains(family)
    }

    private static let colorFamilies = Set(FontPolicy.table.filter(\.color).flatMap(\.families))

    /// The advance width and line height of `text` on one line, in points.
    func size(of text: String, font: ResolvedFont) -> Size { size(of: text, font: font, language: nil) }

    /// The height of `text` wrapped at `width` (all its lines), in points.
    func height(of text: String, font: ResolvedFont, width: Double, lineSpacing: Double) -> Double {
        height(of: text, font: font, width: width, lineSpacing: lineSpacing, language: nil)
    }

    func size(of text: String, font: ResolvedFont, language: String?) -> Size {
        guard loadError == nil else { return .zero }
        lock.lock()
        defer { lock.unlock() }
        let key = Measurement(text: text, font: font, language: language)
        if let size = sizes[key] { return size }
        let size = measureSize(of: text, font: font, language: language)
        remember(size, for: key, in: &sizes)
        return size
    }

    private func measureSize(of text: String, font: ResolvedFont, language: String?) -> Size {
        guard let ctx = contexts(for: text, family: font.family).measuring else { return .zero }
        setLanguage(ctx, language)
        let item = TextItem(text: text, font: font, color: .black, frame: .zero, alignment: .left, direction: .leftToRight,
                            numberOfLines: 1, lineBreakMode: .byClipping, lineSpacing: 0)
        let paragraphs = layOut(ctx, item, text: text, wrapWidth: nil)
        defer { paragraphs.release() }
        let lines = max(1, paragraphs.lines.count)
        let box = lineBox(ctx, item)
        return Size(width: Double(paragraphs.width) / Double(PANGO_SCALE), height: Double(lines * Int(box.height)) / Double(PANGO_SCALE))
    }

    func height(of text: String, font: ResolvedFont, width: Double, lineSpacing: Double, language: String?) -> Double {
        guard loadError == nil, !text.isEmpty else { return 0 }
        lock.lock()
        defer { lock.unlock() }
        let key = Measurement(text: text, font: font, language: language, width: width, lineSpacing: lineSpacing)
        if let height = heights[key] { return height }
        let height = measureHeight(of: text, font: font, width: width, lineSpacing: lineSpacing, language: language)
        remember(height, for: key, in: &heights)
        return height
    }

    /// What a measurement depends on. The measuring contexts are never drawn with, so the same
    /// inputs always measure the same.
    private struct Measurement: Hashable {
        var text: String
        var font: ResolvedFont
        var language: String?
        var width = 0.0
        var lineSpacing = 0.0
    }

    /// Measurements already made: the resolver asks for a font's line height (the size of "Hg")
    /// for every table row, and for a label's size several times while it lays out; each was a
    /// Pango layout (itemizing and shaping) of its own. Short texts only, and at most
    /// `maxMeasurements` of each kind, so a long suite's memory stays small.
    private var sizes: [Measurement: Size] = [:]
    private var heights: [Measurement: Double] = [:]
    private static let maxMeasurements = 4096
    private static let maxMeasuredBytes = 256

    private func remember<Value>(_ value: Value, for key: Measurement, in cache: inout [Measurement: Value]) {
        guard key.text.utf8.count <= Self.maxMeasuredBytes else { return }
        if cache.count >= Self.maxMeasurements { cache.removeAll(keepingCapacity: true) }
        cache[key] = value
    }

    private func measureHeight(of text: String, font: ResolvedFont, width: Double, lineSpacing: Double, language: String?) -> Double {
        guard let ctx = contexts(for: text, family: font.family).measuring else { return 0 }
        setLanguage(ctx, language)
        let item = TextItem(text: text, font: font, color: .black, frame: Rect(x: 0, y: 0, width: width, height: 0), alignment: .left,
                            direction: .leftToRight, numberOfLines: 0, lineBreakMode: .byWordWrapping, lineSpacing: lineSpacing)
        let paragraphs = layOut(ctx, item, text: text, wrapWidth: width)
        defer { paragraphs.release() }
        return lineMetrics(paragraphs, item: item, box: lineBox(ctx, item)).last?.bottom ?? 0
    }

    /// The character counts of the items Pango divides one paragraph of `text` into, with the
    /// attributes `makeLayout` gives it: what bounds the work of wrapping each line.
    func itemLengths(of text: String, font: ResolvedFont) -> [Int] {
        guard loadError == nil else { return [] }
        lock.lock()
        defer { lock.unlock() }
        guard let ctx = contexts(for: text, family: font.family).measuring else { return [] }
        setLanguage(ctx, nil)
        let item = TextItem(text: text, font: font, color: .black, frame: .zero, alignment: .left, direction: .leftToRight,
                            numberOfLines: 0, lineBreakMode: .byWordWrapping, lineSpacing: 0)
        guard let layout = makeLayout(ctx, item, text: text, wrapWidth: nil) else { return [] }
        defer { tt_object_unref(UnsafeMutableRawPointer(layout)) }
        // The layout's attributes with its font, as the layout itemizes.
        guard let attrs = pango_attr_list_copy(pango_layout_get_attributes(layout)) else { return [] }
        defer { pango_attr_list_unref(attrs) }
        if let font = pango_attr_font_desc_new(pango_layout_get_font_description(layout)) { pango_attr_list_insert_before(attrs, font) }
        guard let items = pango_itemize(ctx, text, 0, Int32(text.utf8.count), attrs, nil) else { return [] }
        defer { g_list_free_full(items) { pango_item_free($0?.assumingMemoryBound(to: PangoItem.self)) } }
        var lengths: [Int] = []
        var node: UnsafeMutablePointer<GList>? = items
        while let n = node {
            if let pangoItem = n.pointee.data?.assumingMemoryBound(to: PangoItem.self) { lengths.append(Int(pangoItem.pointee.num_chars)) }
            node = n.pointee.next
        }
        return lengths
    }

    /// A measurer that lays text out in `language` (the scene's), for the resolver.
    func measurer(language: String?) -> TextMeasuring { LanguageMeasurer(engine: self, language: language) }

    private struct LanguageMeasurer: TextMeasuring {
        let engine: TextEngine
        let language: String?
        func size(of text: String, font: ResolvedFont) -> Size { engine.size(of: text, font: font, language: language) }
        func height(of text: String, font: ResolvedFont, width: Double, lineSpacing: Double) -> Double {
            engine.height(of: text, font: font, width: width, lineSpacing: lineSpacing, language: language)
        }
    }

    private func effectiveAlignment(_ item: TextItem) -> TextAlignment {
        item.alignment == .natural ? (item.direction == .rightToLeft ? .right : .left) : item.alignment
    }

    /// Points in Pango units (1024 a point), clamped to ±2^30: a frame laid out from pins can be wider
    /// than a 32-bit Pango unit holds, and nothing wider than about a million points differs on screen.
    static func pangoUnits(_ points: Double) -> Int32 {
        let units = (points * Double(PANGO_SCALE)).rounded()
        guard !units.isNaN else { return 0 }
        return Int32(min(Double(1 << 30), max(-Double(1 << 30), units)))
    }

    /// The longest run of characters without a line-break opportunity that Pango lays out as one
    /// item; longer runs are cut into items of this many characters.
    static let maxUnbreakableItem = 64
    /// About the longest item of ordinary text: a longer paragraph gets a new item at the first
    /// break opportunity after this many characters.
    static let maxItem = 1024

    /// Byte offsets in `text` (one paragraph) where a new Pango item starts: every
    /// `maxUnbreakableItem` characters inside a run that has no line-break opportunity (on
    /// grapheme-cluster boundaries), and at a break opportunity every `maxItem` characters or so.
    /// Empty for a short paragraph, or one without a long unbreakable run.
    ///
    /// Why: Pango (1.50) wraps a paragraph line by line, and for each line it walks the rest of the
    /// current item: it sums the widths of all its remaining characters, and in word-and-character
    /// mode, finding no word break in a long unbreakable run, it shapes the whole rest of the item
    /// to try the break at its end. With the paragraph as one item, that is quadratic in its
    /// length: a 40,000-character token took over a minute, 100,000 characters of words in a
    /// narrow label 12 seconds. Items end where attributes change, so equal letter-spacing
    /// attributes over pieces of the paragraph bound what one line walks. The cost is kerning
    /// between the two glyphs at a cut inside an unbreakable run (text with no word to read);
    /// a cut at a break opportunity changes nothing that shows.
    static func itemBoundaries(_ text: String, language: OpaquePointer?) -> [Int] {
        // A cheap look first: most text is short, or has spaces often enough.
        var run = 0, longest = 0, count = 0
        for scalar in text.unicodeScalars {
            run = scalar.properties.isWhitespace ? 0 : run + 1
            longest = max(longest, run)
            count += 1
        }
        guard longest > maxUnbreakableItem || count > maxItem else { return [] }
        let scalars = Array(text.unicodeScalars)
        var attrs = [PangoLogAttr](repeating: PangoLogAttr(), count: scalars.count + 1)
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) { c in
                pango_get_log_attrs(c.baseAddress, Int32(b.count), -1, language, &attrs, Int32(attrs.count))
            }
        }
        var boundaries: [Int] = []
        var offset = 0, sinceBreak = 0, sinceBoundary = 0
        for (i, scalar) in scalars.enumerated() {
            if attrs[i].is_line_break != 0 {
                sinceBreak = 0
                if sinceBoundary >= maxItem {
                    boundaries.append(offset)
                    sinceBoundary = 0
                }
            } else if sinceBreak >= maxUnbreakableItem && attrs[i].is_cursor_position != 0 {
                boundaries.append(offset)
                sinceBreak = 0
                sinceBoundary = 0
            }
            sinceBreak += 1
            sinceBoundary += 1
            offset += UTF8.width(scalar)
        }
        return boundaries
    }

    /// A layout of `text` in the item's font, wrapped at `wrapWidth` (nil: one line per paragraph).
    /// Lines are placed by `draw`, so the layout's own alignment is left.
    /// With `fallback`, the font description names the policy's whole chain after the item's face
    /// (or the face alone where the configuration appends the chain itself, see `familyList`);
    /// without, the face alone.
    private func makeLayout(_ ctx: OpaquePointer, _ item: TextItem, text: String, wrapWidth: Double?, fallback: Bool = true) -> OpaquePointer? {
        guard let layout = pango_layout_new(ctx) else { return nil }
        bytesLaidOut += text.utf8.count
        let desc = pango_font_description_new()
        defer { pango_font_description_free(desc) }
        let language = pango_language_to_string(pango_context_get_language(ctx)).map { String(cString: $0) }
        pango_font_description_set_family(desc, fallback ? familyListLocked(item.font.family, language: language) : item.font.family)
        pango_font_description_set_weight(desc, PangoWeight(rawValue: UInt32(item.font.weight.cssWeight)))
        pango_font_description_set_absolute_size(desc, item.font.size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, desc)

        let attrs = pango_attr_list_new()
        defer { pango_attr_list_unref(attrs) }
        // The letter spacing is one attribute over the text, or one per piece where a long run
        // without a break opportunity is cut into items (see `itemBoundaries`).
        let boundaries = Self.itemBoundaries(text, language: pango_context_get_language(ctx))
        for (start, end) in zip([0] + boundaries, boundaries + [-1]) {
            guard let spacing = pango_attr_letter_spacing_new(Self.pangoUnits(item.font.tracking)) else { continue }
            spacing.pointee.start_index = UInt32(start)
            spacing.pointee.end_index = end < 0 ? UInt32.max : UInt32(end)
            pango_attr_list_insert(attrs, spacing)
        }
        // UIKit never adds a hyphen where it breaks a word.
        if let hyphens = pango_attr_insert_hyphens_new(0) { pango_attr_list_insert(attrs, hyphens) }
        pango_layout_set_attributes(layout, attrs)

        pango_layout_set_text(layout, text, -1)
        pango_layout_set_width(layout, wrapWidth.map { Self.pangoUnits(max(0, $0)) } ?? -1)
        pango_layout_set_spacing(layout, Self.pangoUnits(item.lineSpacing))
        pango_layout_set_auto_dir(layout, 1)
        pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        pango_layout_set_wrap(layout, item.lineBreakMode == .byCharWrapping ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
        return layout
    }

    /// The last shown line of a truncating label: as much of `rest` (the text from that line's
    /// start to the end) as fits `width` with an ellipsis at its end, start or middle. Characters
    /// are dropped whole, and spaces beside the ellipsis go with them.
    private func truncatedLine(_ ctx: OpaquePointer, _ item: TextItem, rest: String, width: Double) -> OpaquePointer? {
        let ellipsis = "\u{2026}"
        let paragraphBreaks: Set<Character> = ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}"]
        let chars: [Character]
        if item.lineBreakMode == .byTruncatingTail {
            // The tail mode shows the rest of the line's own paragraph.
            chars = Array(rest.prefix { !paragraphBreaks.contains($0) })
        } else {
            chars = rest.map { paragraphBreaks.contains($0) ? " " : $0 }
        }
        func candidate(_ k: Int) -> String {
            func trimEnd(_ s: ArraySlice<Character>) -> String { String(s.reversed().drop { $0.isWhitespace }.reversed()) }
            func trimStart(_ s: ArraySlice<Character>) -> String { String(s.drop { $0.isWhitespace }) }
            switch item.lineBreakMode {
            case .byTruncatingHead: return ellipsis + trimStart(chars.suffix(k))
            case .byTruncatingMiddle: return trimEnd(chars.prefix((k + 1) / 2)) + ellipsis + trimStart(chars.suffix(k / 2))
            default: return trimEnd(chars.prefix(k)) + ellipsis
            }
        }
        func fits(_ k: Int) -> Bool {
            guard let l = makeLayout(ctx, item, text: candidate(k), wrapWidth: nil) else { return false }
            defer { tt_object_unref(UnsafeMutableRawPointer(l)) }
            var logical = PangoRectangle()
            pango_layout_get_extents(l, nil, &logical)
            return Double(logical.width) / Double(PANGO_SCALE) <= width + 0.01
        }
        // Wider candidates keep more characters: find the most that fit, doubling first so that the
        // search costs what fits the line, not the length of the rest of the text.
        var lo = 0, hi = 1
        while hi < chars.count && fits(hi) { lo = hi; hi *= 2 }
        hi = min(hi, chars.count)
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if fits(mid) { lo = mid } else { hi = mid - 1 }
        }
        return makeLayout(ctx, item, text: candidate(lo), wrapWidth: nil)
    }

    private struct LineMetrics {
        /// Byte offset of the line's first character in the layout's text.
        var startIndex: Int
        /// Top, baseline and bottom in points from the top of the layout.
        var top: Double
        var baseline: Double
        var bottom: Double
        /// The line's logical left edge (from its own origin) and width.
        var x: Double
        var width: Double
    }

    private func extents(of line: UnsafeMutablePointer<PangoLayoutLine>) -> (x: Double, width: Double) {
        let logical = extentsInUnits(of: line)
        return (Double(logical.x) / Double(PANGO_SCALE), Double(logical.width) / Double(PANGO_SCALE))
    }

    private func extentsInUnits(of line: UnsafeMutablePointer<PangoLayoutLine>) -> PangoRectangle {
        var logical = PangoRectangle()
        pango_layout_line_get_extents(line, nil, &logical)
        return logical
    }

    /// The family names a layout's font description gives for a face and language (cached: it is
    /// asked for on every layout): the family list, or the face alone when the configuration
    /// appends the same list to it (a primary face, in a language without a CJK preference of its
    /// own). See `FontPolicy.configuration`.
    func familyList(_ family: String, language: String?) -> String {
        lock.lock()
        defer { lock.unlock() }
        return familyListLocked(family, language: language)
    }

    private func familyListLocked(_ family: String, language: String?) -> String {
        let key = family + "|" + (language ?? "")
        if let list = familyLists[key] { return list }
        var list = FontPolicy.familyList(primary: family, language: language, of: chain)
        if primaryFamilies.contains(family) && list == FontPolicy.familyList(primary: family, language: nil, of: chain) { list = family }
        familyLists[key] = list
        return list
    }

    /// The lines, each `box` high (the primary face's line height) plus the item's line spacing,
    /// so a line holding emoji or CJK is no taller than its neighbours. In 64-bit integers: many
    /// lines with a large spacing pass what Pango's 32-bit units hold.
    private func lineMetrics(_ paragraphs: Paragraphs, item: TextItem, box: (height: Int32, baseline: Int32)) -> [LineMetrics] {
        let spacing = Int(Self.pangoUnits(item.lineSpacing))
        let s = Double(PANGO_SCALE)
        return paragraphs.lines.enumerated().map { i, entry in
            let top = i * (Int(box.height) + spacing)
            let e = extents(of: entry.line)
            return LineMetrics(startIndex: entry.startIndex, top: Double(top) / s, baseline: Double(top + Int(box.baseline)) / s,
                               bottom: Double(top + Int(box.height)) / s, x: e.x, width: e.width)
        }
    }

    /// Text laid out a paragraph at a time: the layouts (alive while their lines are used) and
    /// their lines in order, each with the byte offset of its start in the whole text.
    private struct Paragraphs {
        var layouts: [OpaquePointer] = []
        var lines: [(line: UnsafeMutablePointer<PangoLayoutLine>, startIndex: Int)] = []
        /// The widest line's logical width, in Pango units.
        var width = 0
        func release() { for layout in layouts { tt_object_unref(UnsafeMutableRawPointer(layout)) } }
    }

    /// Lays `text` out one paragraph per Pango layout (paragraphs end at a newline, a carriage
    /// return, CR LF or U+2029, as in Pango), stopping once `maxLines` lines are known.
    ///
    /// Why not one layout: Pango (1.50) counts characters from the start of the text for every
    /// paragraph, which is quadratic in the number of paragraphs (30,000 short lines took 13
    /// seconds), and it lays out every paragraph even when only the first lines are shown.
    /// Pango itemizes, shapes and sets the direction of each paragraph on its own in any case, so
    /// the lines are the same.
    private func layOut(_ ctx: OpaquePointer, _ item: TextItem, text: String, wrapWidth: Double?, maxLines: Int = Int.max) -> Paragraphs {
        var result = Paragraphs()
        let bytes = Array(text.utf8)
        var offset = 0
        while result.lines.count < maxLines {
            var delimiter: Int32 = 0, next: Int32 = 0
            bytes.withUnsafeBufferPointer { b in
                b.withMemoryRebound(to: CChar.self) { c in
                    // An empty paragraph after a final delimiter still has its (empty) line.
                    let start = c.baseAddress.map { $0 + offset } ?? UnsafePointer<CChar>(bitPattern: 1)!
                    pango_find_paragraph_boundary(start, Int32(b.count - offset), &delimiter, &next)
                }
            }
            let paragraph = String(decoding: bytes[offset ..< offset + Int(delimiter)], as: UTF8.self)
            guard let layout = makeLayout(ctx, item, text: paragraph, wrapWidth: wrapWidth) else { break }
            result.layouts.append(layout)
            var node = pango_layout_get_lines_readonly(layout)
            while let n = node, result.lines.count < maxLines {
                if let line = n.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self) {
                    result.lines.append((line, offset + Int(line.pointee.start_index)))
                    result.width = max(result.width, Int(extentsInUnits(of: line).width))
                }
                node = n.pointee.next
            }
            // No delimiter: that was the last paragraph.
            if next == delimiter { break }
            offset += Int(next)
        }
        return result
    }
}


/// How a text fared when drawn: how many lines it needs and shows, whether it was ellipsized,
/// and where its lines landed (for the audit).
struct TextOutcome {
    /// Lines drawn.
    var shownLines: Int
    /// Lines laid out: all it needs, or (when cut) at least two more than shown.
    var laidOutLines: Int
    /// Text was left over: the last shown line ends with an ellipsis, or (not truncating) lines were dropped.
    var truncated: Bool
    /// Characters shown of the text's (all of them unless truncated; the ellipsis not counted).
    var shownCharacters: Int
    /// The widest shown line, in points, before clipping to the frame's sides.
    var widestLine: Double
    /// The shown lines' box in the item's user space, in points.
    var block: Rect
}
