import TintypeModel

/// The accessibility large content viewer (iOS 11): a light blurred rounded square in the middle of
/// the screen with the bar item's icon three times its size and its title under it, both in the
/// color the item shows in its bar. The panel grows with a long title, up to the screen's width.
/// UIKit publishes no metrics for it; these are estimates from screenshots of iOS 11.
struct LargeContentViewerComponent {
    let context: LayoutContext
    var text: TextMeasuring { context.text }

    static let side = 180.0, radius = 18.0, padding = 24.0, iconBox = 75.0
    static let panel = Color(rgb8: 244, 244, 244, alpha: 0.88)
    static let titleFont = ResolvedFont(system: 24, weight: .semibold)

    func items(_ viewer: LargeContentViewer, window: Environment, screen: Rect) throws(RenderError) -> [DisplayItem] {
        let title: String?
        let icon: Anchors.Icon?
        var color = Color(rgb8: 0x4A, 0x4A, 0x4A)
        var fitsLarge = false
        switch viewer.content {
        case .item(let id):
            guard let e = window.anchors[id] else {
                throw RenderError(path: "largeContentViewer.item", message: "the bar item \(quoted(id)) is not on screen")
            }
            guard e.title != nil || e.icon != nil || e.largeImage != nil else {
                throw RenderError(path: "largeContentViewer.item", message: "\(quoted(id)) is a view or an empty item; the viewer shows a bar item's icon and title")
            }
            title = e.title
            icon = e.largeImage ?? e.icon
            fitsLarge = e.largeImage != nil
            if let c = e.color { color = c }
        case .custom(let t, let image):
            title = t
            icon = image.map { .image($0, filePath: context.file(of: $0, env: window), template: true) }
            color = window.tint
        }
        let maxWidth = screen.width - 2 * 32
        let titleWidth = title.map { min(text.size(of: $0, font: Self.titleFont).width + 1, maxWidth - 2 * Self.padding) } ?? 0
        let titleHeight = title.map { text.height(of: $0, font: Self.titleFont, width: titleWidth, lineSpacing: 0) } ?? 0
        let width = min(maxWidth, max(Self.side, titleWidth + 2 * Self.padding))
        let content = (icon == nil ? 0 : Self.iconBox) + (icon != nil && title != nil ? 12 : 0) + titleHeight
        let height = max(Self.side, content + 2 * Self.padding)
        let box = Rect(x: screen.midX - width / 2, y: screen.midY - height / 2, width: width, height: height).originSnapped(window.scale)
        let outline = RoundedRect.path(box, radius: Self.radius, curve: .continuous)
        var inside: [DisplayItem] = [.backdrop(Backdrop(rect: box, blurRadius: 30, saturation: 1.8)),
                                     .fill(path: outline, paint: .color(Self.panel), rule: .nonZero)]
        var y = box.minY + (height - content) / 2
        if let icon {
            let slot = Rect(x: box.midX - Self.iconBox / 2, y: y, width: Self.iconBox, height: Self.iconBox)
            inside += try iconItems(icon, in: slot, color: color, maxScale: fitsLarge ? .infinity : 3)
            y += Self.iconBox + 12
        }
        if let title {
            inside.append(.text(TextItem(text: title, font: Self.titleFont, color: color, frame: Rect(x: box.midX - titleWidth / 2, y: y, width: titleWidth, height: titleHeight),
                                         alignment: .center, direction: window.layoutDirection, numberOfLines: 0, lineBreakMode: .byWordWrapping, lineSpacing: 0)))
        }
        return [.group(Group(items: inside, clip: outline))]
    }

    /// The icon three times its bar size (a largeContentSizeImage at any scale), fitted into `slot`.
    func iconItems(_ icon: Anchors.Icon, in slot: Rect, color: Color, maxScale: Double) throws(RenderError) -> [DisplayItem] {
        switch icon {
        case .glyph(let g):
            let s = min(maxScale, min(slot.width / g.size.width, slot.height / g.size.height))
            return g.items(centeredIn: slot, scale: s, color: color)
        case .image(let source, let file, let template):
            let size: Size
            do { size = try context.images.size(of: source, at: file) } catch { throw RenderError(path: "largeContentViewer", image: source, error) }
            let s = min(maxScale, min(slot.width / max(size.width, 0.01), slot.height / max(size.height, 0.01)))
            let frame = Rect(x: slot.midX - size.width * s / 2, y: slot.midY - size.height * s / 2, width: size.width * s, height: size.height * s)
            return [.image(ImageItem(source: source, filePath: file, frame: frame, templateColor: template ? color : nil,
                                     capInsets: nil, resizingMode: .stretch, origin: "largeContentViewer"))]
        }
    }
}
