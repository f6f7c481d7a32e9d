import TintypeModel

/// UINavigationBar: background (translucent, opaque or image), hairline, back button, bar items,
/// title, and the iOS 11 additions: prompt, large title and the search field.
struct NavigationBarComponent {
    let images: ImageStore
    let text: TextMeasuring

    /// Heights of the bar's parts for a navigation controller showing `top`.
    struct Metrics {
        var prompt: Double
        var row: Double
        var largeTitle: Double
        var search: Double
        var total: Double { prompt + row + largeTitle + search }

        init(nav: NavigationController, compact: Bool) {
            let item = nav.stack.last?.navigationItem ?? NavigationItem()
            prompt = item.prompt == nil ? 0 : 30
            row = compact ? 32 : 44
            largeTitle = nav.showsLargeTitle && !compact ? 52 : 0
            search = item.searchBarPlaceholder == nil ? 0 : (compact ? 44 : 52)
        }
    }

    func items(_ nav: NavigationController, bar: Rect, background: Rect, env: Environment) throws(RenderError) -> [DisplayItem] {
        let a = nav.navigationBar
        var out = try BarBackground.items(a, edge: .top, bar: bar, background: background, env: env, images: images)
        let top = nav.stack.last ?? ViewController()
        let item = top.navigationItem
        let m = Metrics(nav: nav, compact: env.traits.isCompactHeight)
        let tint = env.child(tintColor: a.tintColor, mode: .automatic, path: env.path).tint
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
        let layout = BarItems(images: images, text: text, env: env, tint: tint)

        // Leading side (left, or right under right-to-left): the back button, unless left items
        // replace it. Trailing side: the right items. The free span between them bounds the title.
        let rtl = env.layoutDirection == .rightToLeft
        var freeMin = left + margin, freeMax = right - margin
        if !item.rightItems.isEmpty {
            let r = try layout.row(item.rightItems, startingAt: rtl ? left + margin : right - margin, fromRight: !rtl, in: row, path: env.path + ".rightItems")
            out += r.items
            if rtl { freeMin = r.extent } else { freeMax = r.extent }
        }
        let titleFont = a.titleFont.map { ResolvedFont(system: $0.pointSize(category: env.contentSizeCategory), weight: $0.weight) }
            ?? ResolvedFont(system: 17, weight: .semibold)
        let inlineTitle = m.largeTitle == 0 ? top.displayTitle : nil
        let titleWidth = inlineTitle.map { text.size(of: $0, font: titleFont).width + 1 } ?? 0
        if let backTitle = nav.backButtonTitle, !item.hidesBackButton, item.leftItems.isEmpty {
            var back: [DisplayItem] = []
            var x = left + 8
            if let indicator = a.backIndicatorImage {
                let file = images.resolvedPath(indicator, baseDirectory: env.baseDirectory)
                let size: Size
                do { size = try images.size(of: indicator, at: file) } catch {
                    throw RenderError(path: env.path + ".navigationBar.backIndicatorImage", message: error.message)
                }
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
            let titleStart = inlineTitle == nil ? trailingSpace : min(bar.width / 2 - titleWidth / 2, trailingSpace - 8 - titleWidth)
            // An empty back title asks for the chevron alone.
            let choices = backTitle.isEmpty ? [] : [backTitle, "Back"]
            let fitting = choices.first { x - bar.minX + text.size(of: $0, font: ResolvedFont(system: 17, weight: .regular)).width + 8 <= titleStart } ?? ""
            let placed = fitting.isEmpty ? BarItems.Placed(width: 0) { _ in [] } : layout.titlePlaced(fitting, bold: false, color: tint, row: row)
            let end = x + placed.width
            if rtl {
                // Mirrored: the chevron points right from the right edge; the title reads to its left.
                out += Mirror.horizontally(back, around: bar.midX)
                out += try placed.draw(bar.maxX - (end - bar.minX))
                freeMax = bar.maxX - (end - bar.minX)
            } else {
                out += back
                out += try placed.draw(x)
                freeMin = end
            }
        } else if !item.leftItems.isEmpty {
            let r = try layout.row(item.leftItems, startingAt: rtl ? right - margin : left + margin, fromRight: rtl, in: row, path: env.path + ".leftItems")
            out += r.items
            if rtl { freeMax = r.extent } else { freeMin = r.extent }
        }
        let leadingEnd = freeMin, trailingStart = freeMax

        // The inline title, centered on the bar (shifted to fit between the items); hidden under a large title.
        if let title = inlineTitle {
            let font = titleFont
            let w = min(titleWidth, max(0, trailingStart - leadingEnd - 16))
            var x = bar.midX - w / 2
            x = max(leadingEnd + 8, min(x, trailingStart - 8 - w)).pixelSnapped(env.scale)
            out.append(.line(title, font: font, color: titleColor, frame: Rect(x: x, y: row.minY, width: w, height: row.height), alignment: .center, direction: env.layoutDirection))
        }
        // The large title: 34 bold on the leading margin, its baseline 12 above the bottom of its row.
        if m.largeTitle > 0, let title = top.displayTitle {
            let font = ResolvedFont(system: 34, weight: .bold)
            let rowRect = Rect(x: left + margin, y: row.maxY, width: right - left - 2 * margin, height: m.largeTitle)
            let ascent = 0.96875 * 34, lineHeight = (0.96875 + 0.2421875) * 34
            let baseline = rowRect.maxY - 12
            out.append(.line(title, font: font, color: a.largeTitleColor ?? titleColor, frame: Rect(x: rowRect.minX, y: baseline - ascent, width: rowRect.width, height: lineHeight), alignment: env.layoutDirection == .rightToLeft ? .right : .left, direction: env.layoutDirection))
        }
        if m.search > 0, let placeholder = item.searchBarPlaceholder {
            let fieldHeight = env.traits.isCompactHeight ? 30.0 : 36
            let y = row.maxY + m.largeTitle + (m.search - fieldHeight) / 2 - 2
            out += SearchField.items(placeholder: placeholder, frame: Rect(x: left + margin - 8, y: y, width: right - left - 2 * margin + 16, height: fieldHeight),
                                     black: black, text: text, direction: env.layoutDirection)
        }
        return out
    }
}

/// The iOS 11 search field: a rounded gray field with a magnifier and a placeholder, both from
/// the right under right to left (the magnifier keeps its drawing).
enum SearchField {
    static func items(placeholder: String, frame: Rect, black: Bool, text: TextMeasuring, direction: LayoutDirection = .leftToRight) -> [DisplayItem] {
        let out = ltrItems(placeholder: placeholder, frame: frame, black: black, text: text, rtl: direction == .rightToLeft)
        return direction == .rightToLeft ? Mirror.horizontally(out, around: frame.midX) : out
    }

    private static func ltrItems(placeholder: String, frame: Rect, black: Bool, text: TextMeasuring, rtl: Bool) -> [DisplayItem] {
        let fill = black ? Color(white: 1, alpha: 0.12) : Color(rgb8: 142, 142, 147, alpha: 0.12)
        let gray = black ? Color(white: 1, alpha: 0.5) : Color.systemGray
        var out: [DisplayItem] = [.fill(path: RoundedRect.path(frame, radius: 10, curve: .continuous), paint: .color(fill), rule: .nonZero)]
        let glass = SystemGlyphs.searchMagnifier
        let magnifier = glass.items(at: Point(x: frame.minX + 8, y: frame.midY - glass.size.height / 2), color: gray)
        out += rtl ? Mirror.horizontally(magnifier, around: frame.minX + 8 + glass.size.width / 2) : magnifier
        let font = ResolvedFont(system: 17, weight: .regular)
        let x = frame.minX + 8 + glass.size.width + 6
        out.append(.line(placeholder, font: font, color: gray, frame: Rect(x: x, y: frame.minY, width: frame.maxX - x - 8, height: frame.height)))
        return out
    }
}
