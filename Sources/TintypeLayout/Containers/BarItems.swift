import TintypeModel

/// Bar button items laid out in a row: titles (17, done style semibold), images (template by
/// default, tinted), system items (titles or Tintype's glyphs), fixed and flexible spaces.
struct BarItems {
    let context: LayoutContext
    /// The bar's environment: its tint color and tint adjustment mode already applied.
    let env: Environment
    var text: TextMeasuring { context.text }
    /// The bar's item color (its tint, else the inherited tint), already dimmed when dimmed.
    var tint: Color { env.tint }

    static let spacing = 8.0

    struct Placed { var width: Double; var draw: (Double) throws(RenderError) -> [DisplayItem] }

    /// The width an item takes and how to draw it at an x, centered vertically in `row`.
    func place(_ item: BarButtonItem, row: Rect, path: String) throws(RenderError) -> Placed? {
        guard let (placed, icon) = try placeContent(item, row: row, path: path) else { return nil }
        let title: String? = switch item.content {
        case .title(let t): t
        case .system(let s): s.title ?? s.accessibilityName
        default: nil
        }
        // A bar button item is a button (a custom view is its own view's element; spaces are none).
        let info: AccessibilityInfo? = switch item.content {
        case .title, .system: AccessibilityInfo(label: title, traits: [.button] + (item.isEnabled ? [] : [.notEnabled]))
        case .image(let source, _): AccessibilityInfo(label: imageName(source.path), traits: [.button] + (item.isEnabled ? [] : [.notEnabled]))
        case .customView, .fixedSpace, .flexibleSpace: nil
        }
        let id = item.id
        let anchors = env.anchors, views = env.views, color = color(for: item), env = self.env
        let template = if case .image(_, _, let t)? = icon { t } else { true }
        let large = item.largeContentSizeImage.map { Anchors.Icon.image($0, filePath: context.file(of: $0, env: env), template: template) }
        return Placed(width: placed.width) { x throws(RenderError) in
            let frame = Rect(x: x, y: row.minY, width: placed.width, height: row.height)
            if let id { anchors.record(id, Anchors.Entry(frame: frame, title: title, icon: icon, color: color, largeImage: large)) }
            views.addBar(BarRecord(frame: frame, item: id))
            if let info { env.accessible(path, frame: frame, info) }
            return try placed.draw(x)
        }
    }

    private func placeContent(_ item: BarButtonItem, row: Rect, path: String) throws(RenderError) -> (Placed, Anchors.Icon?)? {
        let color = color(for: item)
        switch item.content {
        case .title(let title):
            return (titlePlaced(title, bold: item.style == .done, color: color, row: row, path: path), nil)
        case .system(let system):
            if let title = system.title {
                return (titlePlaced(title, bold: system == .done || item.style == .done, color: color, row: row, path: path), nil)
            }
            guard let glyph = SystemGlyphs.glyph(for: system) else { return nil }
            return (Placed(width: glyph.size.width) { x in
                glyph.items(at: Point(x: x, y: row.midY - glyph.size.height / 2).pixelSnapped(env.scale), color: color)
            }, .glyph(glyph))
        case .image(let regular, let mode):
            let source = env.traits.isCompactHeight ? (item.landscapeImagePhone ?? regular) : regular
            let file = context.file(of: source, env: env)
            let size = try context.size(of: source, env: env, path: path + ".image")
            let template = mode.resolved(templateByDefault: true) == .alwaysTemplate
            return (Placed(width: size.width) { x in
                [.image(ImageItem(source: source, filePath: file, frame: Rect(x: x, y: row.midY - size.height / 2, width: size.width, height: size.height).originSnapped(env.scale),
                                  templateColor: template ? color : nil, capInsets: nil, resizingMode: .stretch, origin: path))]
            }, .image(source, filePath: file, template: template))
        case .customView(let view):
            // Sized by its frame, else by its intrinsic size (iOS 11 bars lay custom views out with
            // Auto Layout); centered on the row, on whole pixels, inheriting the bar's tint.
            let size = try customSize(view, path: path + ".customView")
            let context = self.context, env = self.env
            return (Placed(width: size.width) { x throws(RenderError) in
                var v = view
                v.frame = Rect(origin: .zero, size: size)
                v.layout = nil
                let r = Rect(x: x, y: row.midY - size.height / 2, width: size.width, height: size.height).originSnapped(env.scale)
                return try context.layout(v, in: r, parent: env, path: path + ".customView")
            }, nil)
        case .fixedSpace(let w):
            return (Placed(width: w) { _ in [] }, nil)
        case .flexibleSpace:
            return (Placed(width: 0) { _ in [] }, nil)
        }
    }

    /// A custom view's size in a bar: its frame's, else what it measures (a label its text, a
    /// switch 51×31). A view that measures to nothing (an empty plain view) is an error, as
    /// UIKit would lay it out at zero size and show nothing.
    func customSize(_ view: View, path: String) throws(RenderError) -> Size {
        if let f = view.frame { return f.size }
        let m = try context.measure(view, width: nil, env: env)
        guard m.hasWidth, m.hasHeight, m.size.width > 0, m.size.height > 0 else {
            throw RenderError(path: path, message: "this view has no intrinsic size; give it a \"frame\" (or a layout width and height)")
        }
        return m.size
    }

    func color(for item: BarButtonItem) -> Color {
        guard item.isEnabled else { return Color(white: 0, alpha: 0.25) }
        let color = item.tintColor.map(env.adjustedTint) ?? tint
        // A pressed item fades as a system button's title does (UINavigationButton, iOS 7+).
        return item.isHighlighted ? color.withAlpha(color.alpha * ButtonComponent.highlightedAlpha) : color
    }

    func titlePlaced(_ title: String, bold: Bool, color: Color, row: Rect, path: String = "") -> Placed {
        let font = ResolvedFont(system: 17, weight: bold ? .semibold : .regular)
        let w = text.size(of: title, font: font).width
        return Placed(width: w) { x in
            [.line(title, font: font, color: color, frame: Rect(x: x, y: row.minY, width: w + 1, height: row.height), lineBreakMode: .byClipping, source: path)]
        }
    }

    /// Items from `x` rightward (or leftward from `x` when `fromRight`), `spacing` apart.
    func row(_ items: [BarButtonItem], startingAt x: Double, fromRight: Bool, in row: Rect, path: String) throws(RenderError) -> (items: [DisplayItem], extent: Double) {
        var out: [DisplayItem] = []
        var cursor = x
        let ordered = fromRight ? Array(items.enumerated()) : Array(items.enumerated())
        for (i, item) in ordered {
            guard let p = try place(item, row: row, path: path + "[\(i)]") else { continue }
            if fromRight {
                cursor -= p.width
                out += try p.draw(cursor)
                cursor -= Self.spacing
            } else {
                out += try p.draw(cursor)
                cursor += p.width + Self.spacing
            }
        }
        return (out, fromRight ? cursor + Self.spacing : cursor - Self.spacing)
    }

    /// A toolbar's row: flexible spaces share what fixed widths leave between the margins.
    func spread(_ items: [BarButtonItem], in row: Rect, margin: Double, path: String) throws(RenderError) -> [DisplayItem] {
        var placed: [(Placed, Bool)] = []
        for (i, item) in items.enumerated() {
            if case .flexibleSpace = item.content { placed.append((Placed(width: 0) { _ in [] }, true)); continue }
            if let p = try place(item, row: row, path: path + "[\(i)]") { placed.append((p, false)) }
        }
        guard !placed.isEmpty else { return [] }
        let fixed = placed.reduce(0) { $0 + $1.0.width } + Self.spacing * Double(max(0, placed.count - 1))
        let flexible = placed.filter(\.1).count
        let available = row.width - 2 * margin
        let share = flexible > 0 ? max(0, available - fixed) / Double(flexible) : 0
        // Without flexible spaces the items pack from the leading margin, 8 points apart.
        var x = row.minX + margin
        var out: [DisplayItem] = []
        for (p, isFlexible) in placed {
            out += try p.draw(x)
            x += p.width + (isFlexible ? share : 0) + Self.spacing
        }
        return out
    }
}
