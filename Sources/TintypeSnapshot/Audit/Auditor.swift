import Foundation
import TintypeModel
import TintypeRender

/// One rendered variant, as the audit reads it: the scene, its display list (with where each view
/// landed) and what the raster saw while drawing it. Made from the one render a test makes.
public struct AuditInput: Sendable {
    public var scene: Scene
    public var list: DisplayList
    public var observation: RenderObservation
    /// The scene file as given on the command line.
    public var sceneName: String
    /// The variant's label; nil for a scene that renders once.
    public var variant: String?

    public init(scene: Scene, list: DisplayList, observation: RenderObservation, sceneName: String, variant: String?) {
        self.scene = scene; self.list = list; self.observation = observation; self.sceneName = sceneName; self.variant = variant
    }
}

/// Finds layout and accessibility defects in a rendered variant (docs/audit/ has a page per rule).
/// Everything is measured: each text's lines as the raster laid them out, the pixels that were
/// under it, the frames views landed at.
public enum Auditor {
    /// The findings of one variant, every rule but the ones `settings` (the scene's `"audit"`,
    /// merged with a suite file's) turns off, in rule order then document order.
    public static func audit(_ input: AuditInput, settings extra: AuditSettings = AuditSettings()) -> [AuditFinding] {
        var v = VariantAudit(input)
        v.run()
        return filter(v.findings, settings: input.scene.audit.merging(extra), named: named(input.list, scene: input.scene))
    }

    /// What the audit's settings can name: each view with an `id`, and each drawn table row with an
    /// `accessibilityIdentifier` (a row has no id).
    static func named(_ list: DisplayList, scene: Scene) -> [Named] {
        var out = list.views.compactMap { r in r.id.map { Named(path: r.path, id: $0) } }
        var tables: [String: TableView] = [:]
        for row in list.touch.rows {
            if tables[row.table] == nil, case .tableView(let t)? = scene.view(at: row.table)?.kind { tables[row.table] = t }
            guard let t = tables[row.table], row.section < t.sections.count, row.row < t.sections[row.section].rows.count,
                  let id = t.sections[row.section].rows[row.row].accessibility.identifier else { continue }
            out.append(Named(path: row.table + ".sections[\(row.section)].rows[\(row.row)]", id: id, table: row.table, frame: row.frame))
        }
        return out
    }

    /// A view or row the audit's settings name. A row's texts are drawn for its table (their path is
    /// the table's): one is the row's when the middle of its box lies in the row's frame.
    struct Named {
        var path: String
        var id: String
        var table: String?
        var frame: Rect?

        func holds(_ f: AuditFinding) -> Bool {
            if isWithin(f.path, path) { return true }
            guard let table, let frame, f.path == table, let r = f.rect else { return false }
            let x = r.midX, y = r.midY
            return x >= frame.minX && x < frame.maxX && y >= frame.minY && y < frame.maxY
        }
    }

    /// The findings a scene's settings keep: a rule off for the scene, or for a view or row (by its
    /// name, `named`) that is the finding's view or holds it, is dropped.
    static func filter(_ findings: [AuditFinding], settings: AuditSettings, named: [Named]) -> [AuditFinding] {
        guard !settings.isEmpty else { return findings }
        var off: [(named: Named, rules: Set<AuditRule>)] = []
        for (id, rules) in settings.views {
            for n in named where n.id == id { off.append((n, rules)) }
        }
        return findings.filter { f in
            if settings.off.contains(f.rule) { return false }
            return !off.contains { $0.rules.contains(f.rule) && $0.named.holds(f) }
        }
    }

    /// The `dynamic-type` findings across variants: a text whose view's font is a text style that
    /// is drawn at one size in variants whose content size categories give the style different
    /// sizes (and which differ in nothing else). Reported on the variant with the largest category.
    public static func dynamicType(_ samples: [TextSizes], settings extra: AuditSettings = AuditSettings()) -> [AuditFinding] {
        var groups: [String: [TextSizes]] = [:]
        var order: [String] = []
        for s in samples {
            if groups[s.group] == nil { order.append(s.group) }
            groups[s.group, default: []].append(s)
        }
        var findings: [AuditFinding] = []
        for key in order {
            let group = groups[key]!
            guard Set(group.map(\.scene.contentSizeCategory)).count > 1 else { continue }
            var entries: [String: [(sample: TextSizes, text: TextSizes.Text)]] = [:]
            var keys: [String] = []
            for sample in group {
                for t in sample.texts {
                    if entries[t.key] == nil { keys.append(t.key) }
                    entries[t.key, default: []].append((sample, t))
                }
            }
            for k in keys {
                let list = entries[k]!
                guard let first = list.first, let style = styleFont(at: first.text.source, in: first.sample.scene) else { continue }
                let categories = list.map(\.sample.scene.contentSizeCategory).sorted { $0.index < $1.index }
                guard Set(categories).count > 1, Set(categories.map { style.pointSize(category: $0) }).count > 1,
                      Set(list.map(\.text.size)).count == 1 else { continue }
                let last = list.max { $0.sample.scene.contentSizeCategory.index < $1.sample.scene.contentSizeCategory.index }!
                let lo = categories.first!, hi = categories.last!
                let f = AuditFinding(
                    rule: .dynamicType, scene: last.sample.sceneName, variant: last.sample.variant, path: last.text.source,
                    location: last.sample.scene.source.location(of: last.text.source),
                    message: "\(excerpt(last.text.text)) is \(auditNumber(last.text.size)) pt in \(lo.rawValue) and in \(hi.rawValue), "
                        + "though its font is a text style (\(auditNumber(style.pointSize(category: lo)))–\(auditNumber(style.pointSize(category: hi))) pt there); "
                        + "let it follow the content size category",
                    numbers: ["size": last.text.size, "expected": style.pointSize(category: hi)],
                    rect: last.text.rect, subject: last.text.text)
                findings += filter([f], settings: last.sample.scene.audit.merging(extra), named: last.sample.named)
            }
        }
        return findings
    }

    /// The text-style font of the view at `path`, when it has one.
    static func styleFont(at path: String, in scene: Scene) -> Font? {
        guard let view = scene.view(at: path) else { return nil }
        let font: Font?
        switch view.kind {
        case .label(let l): font = l.font
        case .textView(let t): font = t.font
        case .control(.textField(let t)): font = t.font
        default: font = nil
        }
        if case .style? = font { return font }
        return nil
    }
}

/// The sizes a variant drew its texts at: what `dynamic-type` compares across variants, kept
/// instead of the whole observation.
public struct TextSizes: Sendable {
    public struct Text: Sendable {
        /// The view's path and the text's place among that view's texts (`root.subviews[1]#0`).
        public var key: String
        public var source: String
        public var text: String
        public var size: Double
        public var rect: Rect?
    }
    public var sceneName: String
    public var variant: String?
    public var scene: Scene
    /// What the audit's settings can name (views by id, rows by accessibilityIdentifier), by path.
    var named: [Auditor.Named]
    /// Variants in one group differ only in their content size category.
    public var group: String
    public var texts: [Text]

    public init(_ input: AuditInput) {
        sceneName = input.sceneName; variant = input.variant; scene = input.scene; named = Auditor.named(input.list, scene: input.scene)
        let s = input.scene
        group = [input.sceneName, s.device.name, s.orientation.rawValue, s.layoutDirection.rawValue, s.locale ?? "",
                 s.tintAdjustmentMode.rawValue, format(s.effectiveScale)].joined(separator: "|")
        var seen: [String: Int] = [:]
        texts = []
        for t in input.observation.texts where !t.item.source.isEmpty {
            let n = seen[t.item.source, default: 0]
            seen[t.item.source] = n + 1
            texts.append(Text(key: t.item.source + "#\(n)", source: t.item.source, text: t.item.text, size: t.item.font.size,
                              rect: t.visibleBlock ?? t.block))
        }
    }
}

/// Whether `path` is `ancestor` or lies inside it.
func isWithin(_ path: String, _ ancestor: String) -> Bool {
    path == ancestor || path.hasPrefix(ancestor + ".") || path.hasPrefix(ancestor + "[")
}

/// The layer a path belongs to: the window's views (`root`) or what is presented over them.
func layer(of path: String) -> Substring { path.prefix { $0 != "." && $0 != "[" } }

extension ContentSizeCategory {
    var index: Int { ContentSizeCategory.allCases.firstIndex(of: self) ?? 0 }
}

extension Scene {
    /// The view at a path the layout names (`root.subviews[2].subviews[0]`, `presented.root…`);
    /// nil for a path that is not a view's (a cell's, a bar's).
    public func view(at path: String) -> View? {
        var rest = Substring(path)
        var view: View
        if rest.hasPrefix("root") {
            view = root
            rest = rest.dropFirst(4)
        } else if rest.hasPrefix("presented.root") {
            switch presented {
            case .sheet(let s)?: view = s.root
            case .popover(let p)?: view = p.root
            default: return nil
            }
            rest = rest.dropFirst("presented.root".count)
        } else {
            return nil
        }
        while !rest.isEmpty {
            guard rest.hasPrefix(".subviews["), let close = rest.firstIndex(of: "]"),
                  let i = Int(rest[rest.index(rest.startIndex, offsetBy: 10)..<close]), view.subviews.indices.contains(i) else { return nil }
            view = view.subviews[i]
            rest = rest[rest.index(after: close)...]
        }
        return view
    }

    /// Every view of the window and of a presented sheet or popover, with its path, depth first.
    func eachView(_ body: (View, String) -> Void) {
        func walk(_ v: View, _ p: String) {
            body(v, p)
            for (i, s) in v.subviews.enumerated() { walk(s, p + ".subviews[\(i)]") }
        }
        walk(root, "root")
        switch presented {
        case .sheet(let s)?: walk(s.root, "presented.root")
        case .popover(let p)?: walk(p.root, "presented.root")
        default: break
        }
    }
}

/// The rules of one variant.
struct VariantAudit {
    let input: AuditInput
    var findings: [AuditFinding] = []
    /// The texts worth auditing: drawn for a view of the scene, and not hidden under an opaque fill or a backdrop.
    var texts: [DrawnText] = []
    var records: [String: ViewRecord] = [:]
    /// What a person can touch: the scene's controls (a cell's accessory and a bar's custom view
    /// among them), and what the layout draws itself that takes a tap (`touchTargets`).
    var touchables: [ViewRecord] = []
    let screen: Rect

    init(_ input: AuditInput) {
        self.input = input
        screen = Rect(origin: .zero, size: input.list.size)
        for r in input.list.views { records[r.path] = r }
        touchables = input.list.views.filter(\.isInteractive) + Self.touchTargets(input.list, views: records)
        texts = input.observation.texts.filter { t in
            !t.item.source.isEmpty && !t.item.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && !covered(t.visibleBlock ?? t.block, after: t.order)
        }
    }

    /// Whether a later opaque fill or a backdrop covers `rect` whole.
    func covered(_ rect: Rect, after order: Int) -> Bool {
        input.observation.layers.contains { l in
            l.order > order && l.rect.contains(rect) && (l.color == nil || l.color!.alpha >= 0.999)
        }
    }

    /// The bar button items, back buttons, tab bar items, alert and action sheet actions, and cells
    /// that are buttons: the layout's own accessibility elements that take a tap (button, adjustable,
    /// search field, link, keyboard key), as records. A bar button item's, back button's or tab's
    /// size is UIKit's (a bar item's touch area reaches 44 points whatever its title's width; a
    /// landscape phone's tab bar is 32 high), so the tap-target rule takes it as Apple's design; a
    /// cell is measured whole (its row's frame, not the part on the screen) and scrolls.
    static func touchTargets(_ list: DisplayList, views: [String: ViewRecord]) -> [ViewRecord] {
        let tappable: Set<AccessibilityTrait> = [.button, .adjustable, .searchField, .link, .keyboardKey]
        var rows: [String: RowRecord] = [:]
        for r in list.touch.rows { rows[r.table + ".sections[\(r.section)].rows[\(r.row)]"] = r }
        return list.accessibility.compactMap { e in
            // A scene view's elements (and a control's parts) are its record's.
            guard views[e.path] == nil, !e.path.contains("#"), !tappable.isDisjoint(with: e.info.traits) else { return nil }
            let kind: String, system: Bool
            if e.path.hasSuffix(".backButton") { (kind, system) = ("back button", true) }
            // A row's detail button: UIKit's own accessory, which scrolls with its cell.
            else if e.path.hasSuffix(".detailButton") {
                return ViewRecord(path: e.path, kind: "detail button", id: nil, frame: e.frame, clip: nil, isInteractive: true, scrolls: true,
                                  hasSystemSize: true)
            }
            else if e.path.contains("Items[") { (kind, system) = ("bar button item", true) }
            else if e.path.contains(".tabBar.tabs[") { (kind, system) = ("tab bar item", true) }
            else if e.path.contains(".actions[") { (kind, system) = ("action", false) }
            else if e.path.contains(".rows[") { (kind, system) = ("cell", false) }
            else { (kind, system) = ("element", false) }
            if kind == "cell", let row = rows[e.path] {
                return ViewRecord(path: e.path, kind: kind, id: nil, frame: row.frame, clip: row.clip, isInteractive: true, scrolls: true)
            }
            return ViewRecord(path: e.path, kind: kind, id: nil, frame: e.frame, clip: nil, isInteractive: true, scrolls: kind == "cell",
                              hasSystemSize: system)
        }
    }

    mutating func add(_ rule: AuditRule, path: String, _ message: String, numbers: [String: Double] = [:], rect: Rect?, subject: String? = nil,
                      location: String? = nil) {
        findings.append(AuditFinding(rule: rule, scene: input.sceneName, variant: input.variant, path: path,
                                     location: location ?? input.scene.source.location(of: path), message: message,
                                     numbers: numbers, rect: rect, subject: subject))
    }

    /// The record of the view a text belongs to (or its nearest recorded ancestor).
    func record(for path: String) -> ViewRecord? {
        var p = path
        while !p.isEmpty {
            if let r = records[p] { return r }
            guard let cut = p.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            p = String(p[..<cut])
        }
        return nil
    }

    mutating func run() {
        truncation()
        overlap()
        targets()
        contrast()
        safeArea()
        localization()
        projected()
        findings.sort { a, b in a.rule != b.rule ? a.rule < b.rule : false }
    }

    // MARK: projected

    /// Views drawn in perspective (a `transform3D`): the raster draws what they hold flat, then
    /// projects the pixels, and records none of those texts or glyphs. Each such view (the outermost
    /// when they nest) gets a note saying so, with the number of texts inside, rather than passing
    /// for audited. Its controls' records are projected boxes, checked as any other.
    mutating func projected() {
        let views = input.list.views.filter(\.projected)
        let outermost = views.filter { v in !views.contains { $0.path != v.path && isWithin(v.path, $0.path) } }
        guard !outermost.isEmpty else { return }
        var counts = [Int](repeating: 0, count: outermost.count)
        func walk(_ items: [DisplayItem], inside: Bool) {
            for item in items {
                switch item {
                case .text(let t) where inside && !t.source.isEmpty && !t.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty:
                    if let k = outermost.firstIndex(where: { isWithin(t.source, $0.path) }) { counts[k] += 1 }
                case .group(let g): walk(g.items, inside: inside || g.projection != nil)
                default: break
                }
            }
        }
        walk(input.list.items, inside: false)
        for (v, n) in zip(outermost, counts) {
            let texts = n == 0 ? "the texts" : n == 1 ? "its 1 text" : "its \(n) texts"
            add(.projected, path: v.path,
                "drawn in perspective (a transform3D): \(texts) and any glyphs inside it are not audited (truncation, clipping, overlap, contrast, "
                    + "safe area, Dynamic Type); its controls are, at their projected frames",
                numbers: ["texts": Double(n)], rect: v.visibleFrame)
        }
    }

    // MARK: text-truncated, text-clipped

    mutating func truncation() {
        for t in texts {
            let item = t.item
            let count = item.text.count
            if t.truncated {
                let more = t.laidOutLines > t.shownLines + 1 ? "\(t.laidOutLines)+" : "\(t.laidOutLines)"
                let how = [LineBreakMode.byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail].contains(item.lineBreakMode) ? "ellipsized" : "lines dropped"
                add(.textTruncated, path: item.source,
                    "\(excerpt(item.text)) shows \(t.shownLines) of \(more) lines, \(t.shownCharacters) of \(count) characters (\(how)) "
                        + "in a \(auditNumber(item.frame.width)) × \(auditNumber(item.frame.height)) pt frame",
                    numbers: ["shownLines": Double(t.shownLines), "lines": Double(t.laidOutLines), "shownCharacters": Double(t.shownCharacters), "characters": Double(count)],
                    rect: t.visibleBlock ?? t.block, subject: item.text)
                continue
            }
            if item.lineBreakMode == .byClipping, t.widestLine > item.frame.width + 0.5 {
                add(.textClipped, path: item.source,
                    "\(excerpt(item.text)) is \(auditNumber(t.widestLine)) pt wide, cut at its \(auditNumber(item.frame.width)) pt frame "
                        + "(\(auditNumber(t.widestLine - item.frame.width)) pt not shown)",
                    numbers: ["width": t.widestLine, "frameWidth": item.frame.width], rect: item.frame, subject: item.text)
                continue
            }
            // Cut by a clipping superview or the screen's edge (content that scrolls is left alone).
            guard record(for: item.source)?.scrolls != true, t.block.width > 0, t.block.height > 0 else { continue }
            let shown = t.visibleBlock.map { $0.width * $0.height } ?? 0
            let whole = t.block.width * t.block.height
            let hidden = 1 - shown / whole
            if shown > 0, hidden > 0.01, (t.visibleBlock!.width < t.block.width - 0.5 || t.visibleBlock!.height < t.block.height - 0.5) {
                add(.textClipped, path: item.source,
                    "\(excerpt(item.text)) is \(auditNumber(hidden * 100))% hidden by a clipping superview or the screen's edge "
                        + "(\(auditNumber(t.block.width)) × \(auditNumber(t.block.height)) pt of text, "
                        + "\(auditNumber(t.visibleBlock!.width)) × \(auditNumber(t.visibleBlock!.height)) pt shown)",
                    numbers: ["hiddenPercent": hidden * 100], rect: t.block, subject: item.text)
            }
        }
    }

    // MARK: text-overlap, control-overlap

    mutating func overlap() {
        let visible = texts.compactMap { t in t.visibleBlock.map { (t, $0) } }
        for i in visible.indices {
            for j in visible.indices where j > i {
                let (a, ra) = visible[i], (b, rb) = visible[j]
                guard a.item.source != b.item.source, layer(of: a.item.source) == layer(of: b.item.source),
                      let x = ra.intersection(rb) else { continue }
                // Line boxes hold room above and below the letters: a quarter of the smaller font's size is allowed.
                let slack = 0.25 * min(a.item.font.size, b.item.font.size)
                guard x.height > slack, x.width > 1 else { continue }
                add(.textOverlap, path: b.item.source,
                    "\(excerpt(b.item.text)) overlaps \(excerpt(a.item.text)) (\(a.item.source)) by \(auditNumber(x.width)) × \(auditNumber(x.height)) pt",
                    numbers: ["width": x.width, "height": x.height], rect: x, subject: b.item.text)
            }
        }
        let controls = touchables
        for i in controls.indices {
            let a = controls[i]
            for j in controls.indices where j > i {
                let b = controls[j]
                guard !isWithin(a.path, b.path), !isWithin(b.path, a.path), layer(of: a.path) == layer(of: b.path),
                      let x = a.visibleFrame.intersection(b.visibleFrame), x.width * x.height > 1 else { continue }
                // Side by side items the layout drew (tabs) may share a sliver where their edges were rounded to pixels;
                // a cell scrolls under the bars, which take the touch where they cover it.
                if records[a.path] == nil || records[b.path] == nil, min(x.width, x.height) < 1 || a.scrolls != b.scrolls { continue }
                add(.controlOverlap, path: b.path,
                    "this \(b.kind) overlaps the \(a.kind) at \(a.path) by \(auditNumber(x.width)) × \(auditNumber(x.height)) pt",
                    numbers: ["width": x.width, "height": x.height], rect: x)
            }
            for (t, r) in visible where !isWithin(t.item.source, a.path) && layer(of: t.item.source) == layer(of: a.path) {
                // A text of a view inside the control (its own title) is its own; so is one the
                // component that drew a bar item, tab or cell drew for it (named after that component).
                if records[a.path] == nil && isWithin(a.path, t.item.source) { continue }
                if records[a.path] == nil && a.scrolls && record(for: t.item.source)?.scrolls != true { continue }
                guard let x = a.visibleFrame.intersection(r), x.width > 1, x.height > 0.25 * t.item.font.size else { continue }
                add(.controlOverlap, path: a.path,
                    "this \(a.kind) overlaps the text \(excerpt(t.item.text)) (\(t.item.source)) by \(auditNumber(x.width)) × \(auditNumber(x.height)) pt",
                    numbers: ["width": x.width, "height": x.height], rect: x, subject: t.item.text)
            }
        }
    }

    // MARK: tap-target, offscreen

    mutating func targets() {
        for r in touchables {
            let f = r.frame
            if !r.hasSystemSize, f.width < 44 || f.height < 44 {
                add(.tapTarget, path: r.path,
                    "this \(r.kind) is \(auditNumber(f.width)) × \(auditNumber(f.height)) pt; a tap target needs 44 × 44 pt",
                    numbers: ["width": f.width, "height": f.height], rect: f)
            }
            // A cell scrolls into view; only those on the screen are drawn at all.
            guard f.width > 0, f.height > 0, let inside = f.intersection(screen), !(r.scrolls && records[r.path] == nil) else { continue }
            if !screen.contains(f) {
                let edges = [(f.minX < screen.minX - 0.01, "left", screen.minX - f.minX), (f.maxX > screen.maxX + 0.01, "right", f.maxX - screen.maxX),
                             (f.minY < screen.minY - 0.01, "top", screen.minY - f.minY), (f.maxY > screen.maxY + 0.01, "bottom", f.maxY - screen.maxY)]
                    .filter(\.0).map { "\(auditNumber($0.2)) pt past the \($0.1) edge" }
                let shown = inside.width * inside.height / (f.width * f.height)
                add(.offscreen, path: r.path,
                    "this \(r.kind) is partly off screen: \(edges.joined(separator: ", ")) (\(auditNumber(shown * 100))% of it on screen)",
                    numbers: ["onScreenPercent": shown * 100], rect: f)
            }
        }
    }

    // MARK: text-contrast, glyph-contrast

    /// The worst contrast of `color` over 90% of the background samples (the 10th percentile), with
    /// the translucent layers drawn later over `rect` composited over both.
    func contrast(color: Color, opacity: Double, background: [Color], rect: Rect, order: Int) -> (ratio: Double, background: Color)? {
        guard !background.isEmpty else { return nil }
        let overlays = input.observation.layers.filter { $0.order > order && $0.color != nil && $0.rect.contains(rect) }.map { $0.color! }
        func seen(_ c: Color) -> Color { overlays.reduce(c) { Contrast.over($1, $0) } }
        // A flat background gives the same sample again and again: each color is measured once and
        // counts as often as it was sampled (the ratios' order and the one picked are the same).
        // Samples go in rows, so most are the color before them: that is checked before the table.
        var index: [Color: Int] = [:]
        var distinct: [(color: Color, count: Int)] = []
        var last = -1
        for bg in background {
            if last >= 0, distinct[last].color == bg { distinct[last].count += 1; continue }
            if let i = index[bg] { distinct[i].count += 1; last = i } else { index[bg] = distinct.count; last = distinct.count; distinct.append((bg, 1)) }
        }
        var ratios = distinct.map { bg, count -> (ratio: Double, color: Color, count: Int) in
            let fg = Contrast.over(color.withAlpha(opacity), bg)
            return (Contrast.ratio(seen(fg), seen(bg)), bg, count)
        }
        ratios.sort { $0.ratio < $1.ratio }
        // The sample a tenth of the way up, as if every sample were listed.
        var k = min(background.count - 1, background.count / 10)
        for r in ratios {
            if k < r.count { return (r.ratio, r.color) }
            k -= r.count
        }
        return ratios.last.map { ($0.ratio, $0.color) }
    }

    mutating func contrast() {
        for t in texts {
            guard let rect = t.visibleBlock,
                  let (ratio, bg) = contrast(color: t.item.color, opacity: t.opacity, background: t.background, rect: rect, order: t.order) else { continue }
            let need = Contrast.required(size: t.item.font.size, weight: t.item.font.weight)
            guard ratio < need else { continue }
            let large = need == 3 ? "large" : "normal"
            add(.textContrast, path: t.item.source,
                "\(excerpt(t.item.text)): contrast \(Contrast.shown(ratio)):1, needs \(format(need)):1 "
                    + "(\(auditNumber(t.item.font.size)) pt \(t.item.font.weight.rawValue), \(large) text; \(hex(t.item.color)) over \(hex(bg)))",
                numbers: ["ratio": (ratio * 1000).rounded() / 1000, "required": need, "size": t.item.font.size],
                rect: rect, subject: t.item.text)
        }
        for g in input.observation.glyphs {
            guard let rect = g.visibleFrame, !g.item.origin.isEmpty, layer(of: g.item.origin) != "",
                  !covered(rect, after: g.order),
                  let (ratio, bg) = contrast(color: g.color, opacity: g.opacity, background: g.background, rect: rect, order: g.order),
                  ratio < 3 else { continue }
            add(.glyphContrast, path: g.item.origin,
                "the glyph \(quoted(g.item.source.path)): contrast \(Contrast.shown(ratio)):1, needs 3:1 (\(hex(g.color)) over \(hex(bg)))",
                numbers: ["ratio": (ratio * 1000).rounded() / 1000, "required": 3], rect: rect, subject: g.item.source.path)
        }
    }

    // MARK: safe-area

    mutating func safeArea() {
        guard input.scene.canvas == nil, let safe = input.list.safeArea, safe != screen else { return }
        func check(_ whole: Rect, path: String, what: String, subject: String?) {
            // What lies off the screen is the offscreen rule's.
            guard let rect = whole.intersection(screen), !safe.contains(rect) else { return }
            var places: [String] = []
            let notch = input.scene.device.hasNotch
            let top = notch && input.scene.orientation == .portrait ? "notch and status bar" : "status bar"
            if rect.minY < safe.minY - 0.01 { places.append("\(auditNumber(safe.minY - rect.minY)) pt under the \(top)") }
            if rect.maxY > safe.maxY + 0.01 { places.append("\(auditNumber(rect.maxY - safe.maxY)) pt under the home indicator") }
            if rect.minX < safe.minX - 0.01 { places.append("\(auditNumber(safe.minX - rect.minX)) pt past the left safe edge\(notch ? " (the notch's side)" : "")") }
            if rect.maxX > safe.maxX + 0.01 { places.append("\(auditNumber(rect.maxX - safe.maxX)) pt past the right safe edge\(notch ? " (the notch's side)" : "")") }
            guard !places.isEmpty else { return }
            add(.safeArea, path: path, "\(what) is outside the safe area: \(places.joined(separator: ", "))",
                numbers: ["top": max(0, safe.minY - rect.minY), "bottom": max(0, rect.maxY - safe.maxY),
                          "left": max(0, safe.minX - rect.minX), "right": max(0, rect.maxX - safe.maxX)],
                rect: rect, subject: subject)
        }
        for t in texts {
            // A control's own title is the control's finding.
            guard let r = t.visibleBlock, let owner = record(for: t.item.source), !owner.scrolls, !owner.isInteractive else { continue }
            check(r, path: t.item.source, what: "the text \(excerpt(t.item.text))", subject: t.item.text)
        }
        for r in input.list.views where r.isInteractive && !r.scrolls {
            let v = r.visibleFrame
            guard v.width > 0, v.height > 0 else { continue }
            check(v, path: r.path, what: "this \(r.kind)", subject: nil)
        }
    }

    // MARK: localization-key, untranslated, rtl-alignment

    mutating func localization() {
        for l in input.scene.source.localizedTexts {
            let at = l.position.map { "\($0.file ?? input.scene.source.file ?? "<scene>"):\($0.line):\($0.column)" }
            if l.showsKey {
                add(.localizationKey, path: l.path, "the key \(quoted(l.key)) is shown: the catalog has no \(quoted(l.locale)) text for it",
                    rect: rect(of: l.path), subject: l.key, location: at)
            } else if l.sameAsSource {
                add(.untranslated, path: l.path, "\(excerpt(l.text)) (\(quoted(l.key))) is the \(quoted(l.sourceLanguage)) text in \(quoted(l.locale))",
                    rect: rect(of: l.path), subject: l.key, location: at)
            }
        }
        guard input.scene.layoutDirection == .rightToLeft else { return }
        var rtl: [(String, TextAlignment, String)] = []
        var forcedLTR: [String] = []
        input.scene.eachView { view, path in
            if [.forceLeftToRight, .playback, .spatial].contains(view.semanticContentAttribute) { forcedLTR.append(path) }
            guard !forcedLTR.contains(where: { isWithin(path, $0) }) else { return }
            let alignment: TextAlignment?
            switch view.kind {
            case .label(let l) where !l.text.isEmpty: alignment = l.textAlignment
            case .textView(let t): alignment = t.textAlignment
            case .control(.textField(let t)): alignment = t.textAlignment
            default: alignment = nil
            }
            if let alignment, alignment == .left || alignment == .right { rtl.append((path, alignment, view.kind.name)) }
        }
        for (path, alignment, kind) in rtl {
            add(.rtlAlignment, path: path,
                "this \(kind) is aligned \(quoted(alignment.rawValue)) in a right-to-left layout; \"natural\" follows the reading direction",
                rect: rect(of: path))
        }
    }

    /// Where the view holding `path` landed.
    func rect(of path: String) -> Rect? { record(for: path)?.visibleFrame }
}

func hex(_ c: Color) -> String {
    func h(_ v: Double) -> String {
        let n = Int((v * 255).rounded())
        return String(n, radix: 16, uppercase: true).count == 1 ? "0" + String(n, radix: 16, uppercase: true) : String(n, radix: 16, uppercase: true)
    }
    return "#" + h(c.red) + h(c.green) + h(c.blue)
}
