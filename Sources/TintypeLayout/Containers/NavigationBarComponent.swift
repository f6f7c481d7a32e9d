import TintypeModel

/// UINavigationBar: background (translucent, opaque or image), hairline, back button, bar items,
/// title, and the iOS 11 additions: prompt, large title and the search field.
struct NavigationBarComponent {
    let context: LayoutContext
    var text: TextMeasuring { context.text }

    /// Heights of the bar's parts for a navigation controller showing `top`, as its content has
    /// scrolled: iOS 11's large title and search bar give way as the content scrolls up (the
    /// search bar first, when it hides), and the large title's area grows when it is pulled down.
    struct Metrics {
        var prompt: Double
        var row: Double
        /// The large title's area now: 52 at rest, less as it collapses, more when pulled down.
        var largeTitle: Double
        /// The search bar's area now: its full height, less as it tucks away.
        var search: Double
        /// The areas when nothing has scrolled (0 for a part the bar does not have).
        let fullLargeTitle: Double
        let fullSearch: Double
        /// Whether the search bar tucks away (hidesSearchBarWhenScrolling) or stays pinned.
        let searchHides: Bool
        var total: Double { prompt + row + largeTitle + search }

        /// Before iOS 11 (`era`) a bar has neither a large title nor a search field.
        init(nav: NavigationController, compact: Bool, era: Era = Era()) {
            let item = nav.stack.last?.navigationItem ?? NavigationItem()
            prompt = item.prompt == nil ? 0 : 30
            row = compact ? 32 : 44
            fullLargeTitle = era.hasLargeTitles && nav.showsLargeTitle && !compact ? 52 : 0
            fullSearch = !era.hasNavigationSearch || item.searchBarPlaceholder == nil ? 0 : (compact ? 44 : 52)
            searchHides = item.hidesSearchBarWhenScrolling
            largeTitle = fullLargeTitle
            search = fullSearch
        }

        /// Whether scrolling changes the bar at all (a large title, or a search bar that hides).
        var adapts: Bool { fullLargeTitle > 0 || (searchHides && fullSearch > 0) }

        /// How far a screen that has just appeared is scrolled from the fully open bar: UIKit
        /// first shows it with a hiding search bar tucked away (pulling down reveals it).
        var restingScroll: Double { searchHides ? fullSearch : 0 }

        /// The bar once the content has scrolled `s` points up from the fully open bar (negative:
        /// pulled down, which stretches the large title's area, where a refresh control then sits).
        func scrolled(by s: Double) -> Metrics {
            var m = self
            let hiding = searchHides ? fullSearch : 0
            if s >= 0 {
                m.search = fullSearch - min(hiding, s)
                m.largeTitle = max(0, fullLargeTitle - max(0, s - hiding))
            } else {
                m.search = fullSearch
                m.largeTitle = fullLargeTitle > 0 ? fullLargeTitle - s : 0
            }
            return m
        }

        /// The large title's area beyond its 52 points (pulled down): room for a refresh control.
        var stretch: Double { fullLargeTitle > 0 ? max(0, largeTitle - fullLargeTitle) : 0 }
        /// How much of the inline title shows (its alpha): all of it without a large title; under
        /// one, nothing while the large title's baseline is below the row, then fading in over the
        /// last `inlineTitleFade` points of the collapse, as the large title passes under the row.
        var inlineTitleAlpha: Double {
            guard fullLargeTitle > 0 else { return 1 }
            return min(1, max(0, (Self.inlineTitleFade - largeTitle) / Self.inlineTitleFade))
        }
        /// The inline title (or title view) shows, wholly or fading in.
        var showsInlineTitle: Bool { inlineTitleAlpha > 0 }
        /// The points of the large title's area over which the inline title fades in: its last 12,
        /// from the large title's baseline (12 above the area's bottom) reaching the row (an estimate:
        /// UIKit fades the inline title in with a short animation of its own once the large title has
        /// gone under; a still frame needs it as a function of the offset).
        static let inlineTitleFade = 12.0
    }

    /// The large title's point size (34 bold).
    static let largeTitleSize = 34.0

    /// A refresh control hoisted into the large title's stretched area (iOS 11).
    struct HoistedRefresh { var color: Color; var title: String? }

    /// The bar's items for `nav`'s top controller. `itemsKey` names the list its items are in, for
    /// the paths of errors and accessibility (a standalone bar's `items`).
    func items(_ nav: NavigationController, metrics m: Metrics, refresh: HoistedRefresh? = nil, bar: Rect, background: Rect,
               env parentEnv: Environment, itemsKey: String = "stack") throws(RenderError) -> [DisplayItem] {
        let p = try parts(nav, metrics: m, refresh: refresh, bar: bar, background: background, env: parentEnv, itemsKey: itemsKey)
        return p.background + p.contents
    }

    /// The bar's background (with its hairline) and what stands on it, apart: a push or pop draws
    /// one background at a height between the two bars' and moves the contents (NavigationTransition).
    func parts(_ nav: NavigationController, metrics m: Metrics, refresh: HoistedRefresh? = nil, bar: Rect, background: Rect,
               env parentEnv: Environment, itemsKey: String = "stack") throws(RenderError) -> (background: [DisplayItem], contents: [DisplayItem]) {
        let a = nav.navigationBar
        // The bar's own tint color and tintAdjustmentMode apply to everything on it.
        let env = parentEnv.child(tintColor: a.tintColor, mode: a.tintAdjustmentMode ?? .automatic, path: parentEnv.path)
        let backgroundItems = try BarBackground.items(a, edge: .top, bar: bar, background: background, env: env, context: context)
        var out: [DisplayItem] = []
        let top = nav.stack.last ?? ViewController()
        let item = top.navigationItem
        let tint = env.tint
        let itemPath = env.path + ".\(itemsKey)[\(max(0, nav.stack.count - 1))]"
        let safe = env.safeAreaInsets(of: bar)
        let margin = env.traits.layoutMargin
        let left = bar.minX + safe.left, right = bar.maxX - safe.right
        let black = a.barStyle == .black
        let titleColor = a.titleColor ?? (black ? .white : .black)

        if let prompt = item.prompt {
            let font = ResolvedFont(system: 13, weight: .regular)
            out.append(.line(prompt, font: font, color: black ? Color(white: 1, alpha: 0.8) : Color(white: 0, alpha: 0.6),
                             frame: Rect(x: left, y: bar.minY + 4, width: right - left, height: 22), alignment: .center))
        }
        let row = Rect(x: bar.minX, y: bar.minY + m.prompt, width: bar.width, height: m.row)
        let layout = BarItems(context: context, env: env)

        // Leading side (left, or right under right-to-left): the back button, unless left items
        // replace it. Trailing side: the right items. The free span between them bounds the title.
        let rtl = env.layoutDirection == .rightToLeft
        var freeMin = left + margin, freeMax = right - margin
        if !item.rightItems.isEmpty {
            let r = try layout.row(item.rightItems, startingAt: rtl ? left + margin : right - margin, fromRight: !rtl, in: row, path: itemPath + ".rightItems")
            out += r.items
            if rtl { freeMin = r.extent } else { freeMax = r.extent }
        }
        let titleFont = a.titleFont.map { ResolvedFont(system: $0.pointSize(category: env.contentSizeCategory), weight: $0.weight) }
            ?? ResolvedFont(system: 17, weight: env.traits.era.navigationTitleWeight)
        // A title view takes the inline title's place (hidden, like it, while the large title shows).
        let titleView = m.showsInlineTitle ? item.titleView : nil
        let titleViewSize = try titleView.map { v throws(RenderError) in try layout.customSize(v, path: itemPath + ".titleView") }
        let inlineTitle = m.showsInlineTitle && titleView == nil ? top.displayTitle : nil
        let titleWidth = titleViewSize?.width ?? inlineTitle.map { text.size(of: $0, font: titleFont).width + 1 } ?? 0
        if let backTitle = nav.backButtonTitle, !item.hidesBackButton, item.leftItems.isEmpty {
            var back: [DisplayItem] = []
            var x = left + 8
            let backBackground = a.backButtonBackgroundImage
            if backBackground != nil {
                // A background image replaces the chevron; the title sits inside the image's caps.
                x = left + margin / 2
            } else if let indicator = a.backIndicatorImage {
                let file = context.file(of: indicator, env: env)
                let size = try context.size(of: indicator, env: env, path: env.path + ".navigationBar.backIndicatorImage")
                back.append(.image(ImageItem(source: indicator, filePath: file,
                                             frame: Rect(x: x, y: row.midY - size.height / 2, width: size.width, height: size.height).originSnapped(env.scale),
                                             templateColor: tint, capInsets: nil, resizingMode: .stretch,
                                             origin: env.path + ".navigationBar.backIndicatorImage")))
                x += size.width + 6
            } else {
                let chevron = SystemGlyphs.backChevron
                let scale = env.traits.isCompactHeight ? 0.8 : 1
                back += chevron.items(at: Point(x: x, y: row.midY - chevron.size.height * scale / 2).pixelSnapped(env.scale), scale: scale, color: tint)
                // The reference screenshots put the title's ink 6.5 points after the chevron's.
                x += chevron.size.width * scale + 4.5
            }
            // A back title that would run into the centered title (or the items) becomes "Back",
            // then goes, leaving the chevron, as UIKit's does.
            let trailingSpace = rtl ? bar.maxX - freeMin : freeMax - bar.minX
            let titleStart = inlineTitle == nil && titleView == nil ? trailingSpace : min(bar.width / 2 - titleWidth / 2, trailingSpace - 8 - titleWidth)
            let caps = backBackground.map { b in (b.capInsets?.left ?? 0, b.capInsets?.right ?? 0) }
            let padding = caps.map { (max(10, $0.0), max(10, $0.1)) } ?? (0, 0)
            // An empty back title asks for the chevron alone.
            let choices = backTitle.isEmpty ? [] : [backTitle, "Back"]
            let fitting = choices.first { x - bar.minX + padding.0 + padding.1 + text.size(of: $0, font: ResolvedFont(system: 17, weight: .regular)).width + 8 <= titleStart } ?? ""
            var placed = fitting.isEmpty ? BarItems.Placed(width: 0) { _ in [] } : layout.titlePlaced(fitting, bold: false, color: tint, row: row)
            if let backBackground {
                placed = try backButtonBackground(backBackground, around: placed, padding: padding, row: row, env: env)
            }
            let end = x + placed.width
            // The back button reads its title (the chevron alone: "Back").
            let backFrame = Rect(x: rtl ? bar.minX + bar.maxX - end : left, y: row.minY, width: end - left, height: row.height)
            env.accessible(itemPath + ".backButton", frame: backFrame, AccessibilityInfo(label: fitting.isEmpty ? "Back" : fitting, traits: [.button]))
            if rtl {
                // Mirrored: the chevron points right from the right edge; the title reads to its left.
                out += Mirroring.horizontally(back, around: bar.midX)
                out += try placed.draw(bar.maxX - (end - bar.minX))
                freeMax = bar.maxX - (end - bar.minX)
            } else {
                out += back
                out += try placed.draw(x)
                freeMin = end
            }
        } else if !item.leftItems.isEmpty {
            let r = try layout.row(item.leftItems, startingAt: rtl ? right - margin : left + margin, fromRight: rtl, in: row, path: itemPath + ".leftItems")
            out += r.items
            if rtl { freeMax = r.extent } else { freeMin = r.extent }
        }
        let leadingEnd = freeMin, trailingStart = freeMax

        // The title view, centered like the title, on whole pixels.
        if let view = titleView, let size = titleViewSize {
            var x = bar.midX - size.width / 2
            x = max(leadingEnd + 8, min(x, trailingStart - 8 - size.width))
            var v = view
            v.frame = Rect(origin: .zero, size: size)
            v.layout = nil
            let r = Rect(x: x, y: row.midY - size.height / 2, width: size.width, height: size.height).originSnapped(env.scale)
            let drawn = try context.layout(v, in: r, parent: env, path: itemPath + ".titleView")
            out += m.inlineTitleAlpha < 1 ? [.group(Group(items: drawn, alpha: m.inlineTitleAlpha))] : drawn
        }
        // The inline title, centered on the bar (shifted to fit between the items); hidden under a large title.
        if let title = inlineTitle {
            let font = titleFont
            let w = min(titleWidth, max(0, trailingStart - leadingEnd - 16))
            var x = bar.midX - w / 2
            x = max(leadingEnd + 8, min(x, trailingStart - 8 - w)).pixelSnapped(env.scale)
            let line = DisplayItem.line(title, font: font, color: titleColor, frame: Rect(x: x, y: row.minY, width: w, height: row.height),
                                        alignment: .center, direction: env.layoutDirection)
            out.append(m.inlineTitleAlpha < 1 ? .group(Group(items: [line], alpha: m.inlineTitleAlpha)) : line)
            env.accessible(itemPath + ".title", frame: Rect(x: x, y: row.minY, width: w, height: row.height), AccessibilityInfo(label: title, traits: [.header]))
        }
        // The large title: 34 bold on the leading margin, its baseline 12 above the bottom of its
        // area; as the area collapses the title rises under the row and is cut off at its top.
        if m.largeTitle > 0, let title = top.displayTitle {
            let font = ResolvedFont(system: Self.largeTitleSize, weight: .bold)
            let area = Rect(x: bar.minX, y: row.maxY, width: bar.width, height: m.largeTitle)
            let ascent = 0.96875 * 34, lineHeight = (0.96875 + 0.2421875) * 34
            let baseline = (area.maxY - 12).pixelSnapped(env.scale)
            let line = DisplayItem.line(title, font: font, color: a.largeTitleColor ?? titleColor,
                                        frame: Rect(x: left + margin, y: baseline - ascent, width: right - left - 2 * margin, height: lineHeight),
                                        alignment: env.layoutDirection == .rightToLeft ? .right : .left, direction: env.layoutDirection)
            out.append(m.largeTitle < m.fullLargeTitle ? .group(Group(items: [line], clip: .rect(area))) : line)
            let w = min(text.size(of: title, font: font).width + 1, right - left - 2 * margin)
            env.accessible(itemPath + ".largeTitle", frame: Rect(x: rtl ? right - margin - w : left + margin, y: baseline - ascent, width: w, height: lineHeight),
                           AccessibilityInfo(label: title, traits: [.header]), clip: area)
            // A pulled refresh control sits in the stretched area above the title (UIKit hoists it
            // into the bar), its spinner centered there.
            if let refresh, m.stretch > 0 {
                let room = Rect(x: bar.minX, y: area.minY, width: bar.width, height: m.stretch)
                var spinner = TableGlyphs.spinner(center: Point(x: bar.midX, y: room.midY - (refresh.title == nil ? 0 : 8)).pixelSnapped(env.scale), color: refresh.color)
                if let t = refresh.title, !t.isEmpty {
                    spinner.append(.line(t, font: ResolvedFont(system: 13, weight: .regular), color: refresh.color,
                                         frame: Rect(x: bar.minX, y: room.midY + 6, width: bar.width, height: 18), alignment: .center, direction: env.layoutDirection))
                }
                out.append(.group(Group(items: spinner, clip: .rect(room))))
            }
        }
        // The search field, under the large title; it shrinks away with its area when it hides.
        if m.search > 0, let placeholder = item.searchBarPlaceholder {
            let fieldHeight = env.traits.isCompactHeight ? 30.0 : 36
            let area = Rect(x: bar.minX, y: row.maxY + m.largeTitle, width: bar.width, height: m.search)
            let fullY = area.minY + (m.fullSearch - fieldHeight) / 2 - 2
            var field = SearchField.items(placeholder: placeholder, frame: Rect(x: left + margin - 8, y: fullY, width: right - left - 2 * margin + 16, height: fieldHeight),
                                          black: black, text: text, direction: env.layoutDirection)
            if m.search < m.fullSearch {
                // Partly tucked away: the field is cut at the area's bottom and fades as it goes.
                field = [.group(Group(items: field, alpha: m.search / m.fullSearch, clip: .rect(area)))]
            }
            out += field
        }
        return (backgroundItems, out)
    }

    /// The back title inside a back button background image: the image stretched (by its cap
    /// insets) to the title plus padding, at its own height, centered on the row.
    func backButtonBackground(_ b: BackgroundImage, around title: BarItems.Placed, padding: (Double, Double), row: Rect, env: Environment) throws(RenderError) -> BarItems.Placed {
        let file = context.file(of: b.image, env: env)
        let size = try context.size(of: b.image, env: env, path: env.path + ".navigationBar.backButtonBackgroundImage")
        let width = max(size.width, title.width + padding.0 + padding.1)
        let path = env.path + ".navigationBar.backButtonBackgroundImage"
        return BarItems.Placed(width: width) { x throws(RenderError) in
            let frame = Rect(x: x, y: row.midY - size.height / 2, width: width, height: size.height).originSnapped(env.scale)
            let image = DisplayItem.image(ImageItem(source: b.image, filePath: file, frame: frame, templateColor: nil,
                                                    capInsets: b.capInsets ?? EdgeInsets(), resizingMode: b.resizingMode, origin: path))
            return try [image] + title.draw(x + padding.0 + (width - padding.0 - padding.1 - title.width) / 2)
        }
    }
}

/// The iOS 11 search field: a rounded gray field with a magnifier and a placeholder, both from
/// the right under right to left (the magnifier keeps its drawing).
enum SearchField {
    static func items(placeholder: String, frame: Rect, black: Bool, text: TextMeasuring, direction: LayoutDirection = .leftToRight) -> [DisplayItem] {
        let out = ltrItems(placeholder: placeholder, frame: frame, black: black, text: text, rtl: direction == .rightToLeft)
        return direction == .rightToLeft ? Mirroring.horizontally(out, around: frame.midX) : out
    }

    private static func ltrItems(placeholder: String, frame: Rect, black: Bool, text: TextMeasuring, rtl: Bool) -> [DisplayItem] {
        let fill = black ? Color(white: 1, alpha: 0.12) : Color(rgb8: 142, 142, 147, alpha: 0.12)
        let gray = black ? Color(white: 1, alpha: 0.5) : Color.systemGray
        var out: [DisplayItem] = [.fill(path: RoundedRect.path(frame, radius: 10, curve: .continuous), paint: .color(fill), rule: .nonZero)]
        let glass = SystemGlyphs.searchMagnifier
        let magnifier = glass.items(at: Point(x: frame.minX + 8, y: frame.midY - glass.size.height / 2), color: gray)
        out += rtl ? Mirroring.horizontally(magnifier, around: frame.minX + 8 + glass.size.width / 2) : magnifier
        let font = ResolvedFont(system: 17, weight: .regular)
        let x = frame.minX + 8 + glass.size.width + 6
        out.append(.line(placeholder, font: font, color: gray, frame: Rect(x: x, y: frame.minY, width: frame.maxX - x - 8, height: frame.height)))
        return out
    }
}
