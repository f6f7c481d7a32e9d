import TintypeModel

/// UITabBar: items spread across the bar, image over a 10-point title (selected in the tint,
/// others gray); icon beside title on a landscape phone (32 high) and on iPad; red badges.
struct TabBarComponent {
    let context: LayoutContext
    var text: TextMeasuring { context.text }

    /// The default gray of an unselected item's title.
    static let unselectedTitleGray = Color(rgb8: 0x92, 0x92, 0x92)
    /// The default gray of an unselected item's template image, lighter than its title.
    static let unselectedImageGray = Color(rgb8: 0xA1, 0xA1, 0xA1)

    /// The bar's own height, without the home indicator's safe area under it: 49, and from
    /// iOS 11 32 on a landscape phone and 50 on iPad (`Era.tabBarHeight`).
    static func height(_ traits: Traits) -> Double { traits.era.tabBarHeight(traits) }

    /// The bar's background and items; `itemsKey` names the list its items are in, for the paths
    /// of errors and accessibility (a standalone bar's `items`).
    func items(_ tabs: TabBarController, bar: Rect, background: Rect, env: Environment, itemsKey: String = "tabs") throws(RenderError) -> [DisplayItem] {
        let a = tabs.tabBar
        // The bar's own tintAdjustmentMode decides for its items (normal keeps them in color over a dimmed window).
        let env = env.child(tintColor: nil, mode: a.tintAdjustmentMode ?? .automatic, path: env.path)
        var out = try BarBackground.items(a, edge: .bottom, bar: bar, background: background, env: env, context: context)
        guard !tabs.tabs.isEmpty else { return out }
        let selectedColor = env.child(tintColor: a.tintColor, mode: .automatic, path: env.path).tint
        // Unselected items are gray: titles 146 and template images lighter, 161, as a UIKit screenshot
        // of a translucent tab bar measures them (docs/uikit-metrics.md); unselectedItemTintColor sets both.
        let custom = env.adjustedTint(a.unselectedItemTintColor)
        let gray = custom ?? Self.unselectedTitleGray
        let imageGray = custom ?? Self.unselectedImageGray
        let safe = env.safeAreaInsets(of: bar)
        // iOS 11 puts the image beside the title on a landscape phone and on iPad; before, it is always above.
        let sideBySide = env.traits.era.tabItemsBesideTitles(env.traits)
        let compact = sideBySide && env.traits.isCompactHeight
        // iPad centers fixed-width items; phones divide the width.
        let usable = Rect(x: bar.minX + safe.left, y: bar.minY, width: bar.width - safe.left - safe.right, height: bar.height)
        let itemWidth: Double = env.traits.isPad ? min(usable.width / Double(tabs.tabs.count), 130) : usable.width / Double(tabs.tabs.count)
        let startX = usable.midX - itemWidth * Double(tabs.tabs.count) / 2
        for (i, tab) in tabs.tabs.enumerated() {
            let selected = i == tabs.selectedIndex
            let color = selected ? selectedColor : gray
            // Right to left, the first tab is on the right.
            let slot = env.layoutDirection == .rightToLeft ? tabs.tabs.count - 1 - i : i
            let cell = Rect(x: startX + Double(slot) * itemWidth, y: bar.minY, width: itemWidth, height: bar.height).originSnapped(env.scale)
            let path = env.path + ".\(itemsKey)[\(i)]"
            if selected, let indicator = a.selectionIndicatorImage {
                let file = context.file(of: indicator, env: env)
                out.append(.image(ImageItem(source: indicator, filePath: file, frame: cell, templateColor: nil, capInsets: nil,
                                            resizingMode: .stretch, origin: env.path + ".tabBar.selectionIndicatorImage")))
            }
            let regular = selected ? (tab.item.selectedImage ?? tab.item.image) : tab.item.image
            // A landscape phone's compact bar takes the item's smaller image when it has one.
            let source = compact ? (tab.item.landscapeImagePhone ?? regular) : regular
            let template = tab.item.renderingMode.resolved(templateByDefault: true) == .alwaysTemplate
            let image = source.map { (source: $0, file: context.file(of: $0, env: env)) }
            env.anchors.record(tab.item.id, Anchors.Entry(frame: cell, title: tab.item.title,
                                                          icon: image.map { .image($0.source, filePath: $0.file, template: template) }, color: color,
                                                          largeImage: tab.item.largeContentSizeImage.map {
                                                              .image($0, filePath: context.file(of: $0, env: env), template: image == nil || template)
                                                          }))
            // A tab is a button, selected when it is the selected tab; VoiceOver adds where it is among the tabs.
            env.accessible(path, frame: cell, AccessibilityInfo(
                label: tab.item.title ?? image.map { imageName($0.source.path) }, value: tab.item.badgeValue,
                hint: "Tab, \(i + 1) of \(tabs.tabs.count)", traits: [.button] + (selected ? [.selected] : [])))
            let box: Double = compact ? 18 : 25
            let font = ResolvedFont(system: sideBySide ? 13 : 10, weight: .medium)
            let title = tab.item.title ?? ""
            let titleWidth = title.isEmpty ? 0 : text.size(of: title, font: font).width + 1
            let imageRect: Rect
            let titleRect: Rect
            if sideBySide {
                let total = box + (title.isEmpty ? 0 : 6 + titleWidth)
                let x = cell.midX - total / 2
                imageRect = Rect(x: x, y: cell.midY - box / 2, width: box, height: box).originSnapped(env.scale)
                titleRect = Rect(x: x + box + 6, y: cell.minY, width: titleWidth, height: cell.height)
            } else {
                imageRect = Rect(x: cell.midX - box / 2, y: cell.minY + 6, width: box, height: box).originSnapped(env.scale)
                titleRect = Rect(x: cell.minX, y: cell.minY + 36.5, width: cell.width, height: 12)
            }
            if let (source, file) = image {
                let size: Size
                do { size = try context.images.size(of: source, at: file) } catch { throw RenderError(path: path + ".image", image: source, error) }
                // Images keep their size, centered in the item's box (scaled down only when larger).
                let s = min(1, min(imageRect.width / max(size.width, 0.01), imageRect.height / max(size.height, 0.01)))
                let frame = Rect(x: imageRect.midX - size.width * s / 2, y: imageRect.midY - size.height * s / 2, width: size.width * s, height: size.height * s)
                    .originSnapped(env.scale)
                out.append(.image(ImageItem(source: source, filePath: file, frame: frame, templateColor: template ? (selected ? color : imageGray) : nil,
                                            capInsets: nil, resizingMode: .stretch, origin: path)))
            }
            if !title.isEmpty {
                out.append(.line(title, font: font, color: color, frame: titleRect, alignment: sideBySide ? .left : .center, source: path))
            }
            if let badge = tab.item.badgeValue {
                // Beside a title, the badge rises above the bar so that it does not cover the title.
                let anchor = sideBySide ? Rect(x: imageRect.minX, y: cell.minY - 1, width: imageRect.width, height: imageRect.height) : imageRect
                out += badgeItems(badge, color: tab.item.badgeColor ?? .systemRed, near: anchor, env: env)
            }
        }
        return out
    }

    /// A red pill with white 13-point text (an empty value is an 18-point circle), its left edge
    /// 6.5 right of the image's center, 3 over its top (measured against the item's title on an
    /// iOS 10 screenshot with badges).
    func badgeItems(_ value: String, color: Color, near image: Rect, env: Environment) -> [DisplayItem] {
        let font = ResolvedFont(system: 13, weight: .regular)
        let height = 18.0
        let w = value.isEmpty ? height : max(height, text.size(of: value, font: font).width + 10)
        let r = Rect(x: image.midX + 6.5, y: image.minY - 3, width: w, height: height).originSnapped(env.scale)
        let fill = env.adjustedTint(color)
        var out: [DisplayItem] = [.fill(path: RoundedRect.path(r, radius: height / 2, curve: .circular), paint: .color(fill), rule: .nonZero)]
        if !value.isEmpty {
            out.append(.line(value, font: font, color: .white, frame: r, alignment: .center, lineBreakMode: .byClipping))
        }
        return out
    }
}
