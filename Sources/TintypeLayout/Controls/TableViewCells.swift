import TintypeModel

/// One UITableViewCell: background, selection, editing control, image, labels by style, custom
/// content, accessory, separator, and the buttons of a row swiped open.
///
/// Horizontal numbers (pt; measured on real iOS screenshots of plain and grouped tables): content starts at the
/// margin; with an image, text starts one margin after it (and so does the automatic separator
/// inset); the chevron's ink ends at the right margin with value1's detail 12.5 before it; value2's
/// tinted 13-point text is right-aligned to margin + 90 and its 13-point detail starts at margin + 97.
/// An image's top is on a whole point below the row's top, as in the reference.
struct TableCellDrawing {
    let component: TableDrawing
    /// The table's environment with the row's own tint.
    let env: Environment
    var table: TableView { component.table }

    /// What the content view loses on the left to the editing control.
    static let editingIndent = 38.0
    static let accessoryGap = 10.0
    static let chevronGap = 12.5
    static let swipePadding = 15.0

    /// A swipe action as laid out: its button's width and its look.
    struct Button {
        var action: SwipeAction
        var width: Double
        /// The width its title and padding take (its width at rest).
        var natural: Double
        /// The first action covering the whole swipe (full-swipe expansion): its title stays by the content.
        var expanded = false
        init(action: SwipeAction, width: Double, natural: Double? = nil, expanded: Bool = false) {
            self.action = action; self.width = width; self.natural = natural ?? width; self.expanded = expanded
        }
    }

    func buttons(_ row: TableRow, width: Double) throws(RenderError) -> (side: SwipeState.Side, buttons: [Button])? {
        let state: SwipeState? = row.showsDeleteConfirmation
            ? SwipeState(side: .trailing, actions: [SwipeAction(title: "Delete", style: .destructive)])
            : row.swiped
        guard let state else { return nil }
        let f = component.font(.style(.subheadline))
        var out: [Button] = []
        for a in state.actions {
            var w = a.title.map { component.context.text.size(of: $0, font: f).width } ?? 0
            if let image = a.image { w = max(w, try imageSize(image, path: env.path).width) }
            out.append(Button(action: a, width: (w + 2 * Self.swipePadding).rounded(.up)))
        }
        guard let p = state.progress, !row.showsDeleteConfirmation else { return (state.side, out) }
        // A finger part way across (a swipe gesture): the content has moved p of the width, and the
        // buttons share what it uncovered in proportion to their widths (iOS 11's swipe actions);
        // past the full-swipe share, the first action covers all of it.
        let total = out.reduce(0) { $0 + $1.width }
        // Once released, the row snaps from where the finger left it to open (every action at its width) or closed.
        let revealed = p * width + state.settled * ((state.settlesOpen ? total : 0) - p * width)
        if revealed >= Gesture.fullSwipeShare * width && revealed > total {
            out = out.enumerated().map { i, b in Button(action: b.action, width: i == 0 ? revealed : 0, natural: b.width, expanded: i == 0) }
        } else {
            let k = total > 0 ? revealed / total : 0
            out = out.map { Button(action: $0.action, width: $0.width * k, natural: $0.width) }
        }
        return (state.side, out)
    }

    func imageSize(_ source: ImageSource, path: String) throws(RenderError) -> Size {
        try component.context.size(of: source, env: env, path: path)
    }

    // MARK: Right to left

    var isRTL: Bool { env.layoutDirection == .rightToLeft }

    /// A custom view (content, accessory, selected background) at `r` of the left-to-right layout.
    /// Under right to left it is laid out at the mirrored rect in its own right-to-left way, and
    /// pre-mirrored so that mirroring the whole cell puts it back as laid out.
    func custom(_ v: View, in r: Rect, cell: Rect, path: String) throws(RenderError) -> [DisplayItem] {
        guard isRTL else { return try component.context.layout(v, in: r, parent: env, path: path) }
        let m = Rect(x: 2 * cell.midX - r.maxX, y: r.minY, width: r.width, height: r.height)
        return Mirroring.horizontally(try component.context.layout(v, in: m, parent: env, path: path), around: cell.midX)
    }

    /// A glyph that keeps its drawing under right to left (the checkmark, the info button):
    /// flipped in place, so that the cell's mirroring moves it without turning it.
    func unmirrored(_ items: [DisplayItem], width: Double, x: Double) -> [DisplayItem] {
        isRTL ? Mirroring.horizontally(items, around: x + width / 2) : items
    }

    // MARK: Measuring (self-sizing rows)

    /// Above and below a self-sizing cell's labels (its content view's layout margins, iOS 11).
    static let verticalMargin = 11.0

    /// Whether the row's content moves right while the table edits: UIKit indents every row
    /// (shouldIndentWhileEditing), with or without an editing control, unless the row says not to.
    func indentsForEditing(_ row: TableRow) -> Bool { table.isEditing && row.shouldIndentWhileEditing }

    /// Where a row's text may go, from the cell's left edge: the editing indent, the image and the
    /// accessory taken out as `items` places them; and the tallest of the image and accessory.
    func span(_ row: TableRow, cellWidth: Double) throws(RenderError) -> (left: Double, textLeft: Double, right: Double, sideHeight: Double) {
        let insetGrouped = table.style == .insetGrouped
        let safe = component.safe
        var left = (insetGrouped ? 0 : safe.left) + component.margin
        var right = cellWidth - (insetGrouped ? 0 : safe.right + component.indexWidth) - component.margin
        var side = 0.0
        if indentsForEditing(row) { left += Self.editingIndent }
        if table.isEditing {
            if row.showsReorderControl && !row.showsDeleteConfirmation { right -= TableGlyphs.reorder.size.width + Self.accessoryGap }
        } else if let v = row.accessoryView {
            var size = Size.zero
            if let f = v.frame { size = f.size } else { size = try component.context.measuring.size(v, width: nil, env: env).size }
            right -= size.width + Self.accessoryGap
            side = size.height
        } else {
            switch row.accessoryType {
            case .none: break
            case .disclosureIndicator: right -= TableGlyphs.chevron.size.width + Self.chevronGap
            case .checkmark: right -= TableGlyphs.checkmark.size.width + Self.accessoryGap
            case .detailButton: right -= TableGlyphs.info.size.width + Self.accessoryGap
            case .detailDisclosureButton: right -= TableGlyphs.chevron.size.width + 12 + TableGlyphs.info.size.width + Self.accessoryGap
            }
        }
        var textLeft = left
        if let image = row.image, row.style != .value2 {
            let size = try imageSize(image, path: env.path + ".image")
            textLeft = left + size.width + component.baseMargin
            side = max(side, size.height)
        }
        return (left, textLeft, right, side)
    }

    /// The fonts of a row's two labels, by style.
    func fonts(_ row: TableRow) -> (text: ResolvedFont, detail: ResolvedFont) {
        let c = component
        let text = c.font(row.font ?? (row.style == .value2 ? .style(.footnote) : .body))
        let detail = c.font(row.detailFont ?? {
            switch row.style {
            case .subtitle: .style(.caption1)
            case .value2: .style(.footnote)
            default: .body
            }
        }())
        return (text, detail)
    }

    /// At the accessibility sizes value1 and value2 cells put the detail under the text, as UIKit does.
    var stacksLabels: Bool { env.contentSizeCategory.isAccessibilityCategory }

    /// How the labels of a row lie in `width` (from `textLeft` to `right`): each label's lines and
    /// block height (0 when absent), and whether they are stacked.
    struct LabelBlock { var text: Measured?; var detail: Measured?; var stacked: Bool; var height: Double }

    /// `room` is the height the row gives its labels (nil: as much as they need, a self-sizing
    /// row): a row of fixed height shows the lines of its text that fit, the last one truncated,
    /// as UIKit's text label sized to the content view does.
    func labelBlock(_ row: TableRow, left: Double, textLeft: Double, right: Double, room: Double? = nil) -> LabelBlock {
        let measure = component.context.measuring
        let (tf, df) = fonts(row)
        let text = row.text.flatMap { $0.isEmpty ? nil : $0 }
        let detail = row.detailText.flatMap { $0.isEmpty ? nil : $0 }
        let width = max(0, right - textLeft)
        func m(_ s: String?, _ f: ResolvedFont, _ w: Double, _ lines: Int) -> Measured? {
            s.map { measure.textSize($0, font: f, width: w, lines: lines, lineSpacing: 0, scale: env.scale) }
        }
        /// The text's lines, no more than fit in `room`.
        func fitting(_ lines: Int) -> Int {
            guard let room else { return lines }
            let fit = max(1, Int(((room + 0.01) / component.lineHeight(tf)).rounded(.down)))
            return lines == 0 ? fit : min(lines, fit)
        }
        switch row.style {
        case .default:
            let t = m(text, tf, width, fitting(row.textLines))
            return LabelBlock(text: t, detail: nil, stacked: false, height: t?.size.height ?? 0)
        case .subtitle:
            let t = m(text, tf, width, row.textLines), d = m(detail, df, width, row.detailNumberOfLines)
            return LabelBlock(text: t, detail: d, stacked: true, height: (t?.size.height ?? 0) + (d?.size.height ?? 0))
        case .value1, .value2:
            if stacksLabels {
                let from = row.style == .value2 ? left : textLeft
                let t = m(text, tf, max(0, right - from), row.numberOfLines ?? 0), d = m(detail, df, max(0, right - from), row.detailNumberOfLines)
                return LabelBlock(text: t, detail: d, stacked: true, height: (t?.size.height ?? 0) + (d?.size.height ?? 0))
            }
            if row.style == .value2 {
                let t = m(text, tf, 90, row.textLines), d = m(detail, df, max(0, right - left - 97), row.detailNumberOfLines)
                return LabelBlock(text: t, detail: d, stacked: false, height: max(t?.size.height ?? 0, d?.size.height ?? 0))
            }
            // value1: the detail keeps one line at the trailing side; the text wraps in what is left.
            let dw = detail.map { value1DetailWidth(text: text, font: tf, detail: $0, detailFont: df, width: width) } ?? 0
            let d = m(detail, df, dw, 1)
            let t = m(text, tf, max(0, width - (detail == nil ? 0 : dw + 6)), fitting(row.textLines))
            return LabelBlock(text: t, detail: d, stacked: false, height: max(t?.size.height ?? 0, d?.size.height ?? 0))
        }
    }

    /// The width a value1 row's detail takes of `width` (the text's side gets the rest, less 6).
    /// When both fit on one line, each keeps its own. When not, the label that needs less than
    /// half keeps its width and the other is truncated (a short title beside a long value keeps
    /// the title whole, as Settings' About rows do; a long title beside "Off" keeps the "Off");
    /// when both need more than half, the detail gets half. The split is an estimate of UIKit's.
    func value1DetailWidth(text: String?, font: ResolvedFont, detail: String, detailFont: ResolvedFont, width: Double) -> Double {
        let measure = component.context.text
        let needs = min(measure.size(of: detail, font: detailFont).width + 1, width)
        guard let text, !text.isEmpty else { return needs }
        let textNeeds = measure.size(of: text, font: font).width + 1
        if needs + 6 + textNeeds <= width || needs <= width / 2 { return needs }
        return max(width / 2, width - 6 - textNeeds)
    }

    /// A self-sizing row's height: its labels plus the vertical margins, or its image, accessory or
    /// custom content view if taller, plus the separator; 44 at least (UITableView's default).
    func height(_ row: TableRow, cellWidth: Double) throws(RenderError) -> Double {
        let sp = try span(row, cellWidth: cellWidth)
        var content = sp.sideHeight
        let block = labelBlock(row, left: sp.left, textLeft: sp.textLeft, right: sp.right)
        if block.height > 0 { content = max(content, block.height + 2 * Self.verticalMargin) }
        if let v = row.contentView, v.frame == nil, v.hasOwnSize {
            let safe = component.safe
            let insetGrouped = table.style == .insetGrouped
            let indent = indentsForEditing(row) ? Self.editingIndent : 0
            let w = cellWidth - (insetGrouped ? 0 : safe.left + safe.right) - indent
            content = max(content, try component.context.measuring.size(v, width: w, env: env).size.height)
        }
        let sep = component.separator
        let h = ((content + sep) * env.scale - 1e-9).rounded(.up) / env.scale
        return max(44, h)
    }

    func items(_ cell: TableLayout.Cell, row: TableRow, next: TableRow?, path: String) throws(RenderError) -> [DisplayItem] {
        let sep = component.separator
        let cellRect = component.absolute(cell.frame)
        /// A rect of the cell laid out left to right where the screen shows it (mirrored under right to left).
        func onScreen(_ r: Rect) -> Rect {
            isRTL ? Rect(x: 2 * cellRect.midX - r.maxX, y: r.minY, width: r.width, height: r.height) : r
        }
        /// The detail button is an element of its own, as UIKit's accessory button is: "More Info",
        /// read after the cell (it lies in the cell's row of elements, after its leading edge).
        func detailButton(_ r: Rect) {
            component.env.accessible(path + ".detailButton", frame: onScreen(r), AccessibilityInfo(label: "More Info", traits: [.button]),
                                     clip: component.frame)
        }
        let insetGrouped = table.style == .insetGrouped
        var corners: Corners = []
        if insetGrouped && cell.isFirst { corners.formUnion([.topLeft, .topRight]) }
        if insetGrouped && cell.isLast { corners.formUnion([.bottomLeft, .bottomRight]) }
        let outline = RoundedRect.path(cellRect, radius: corners.isEmpty ? 0 : TableLayout.Metrics.insetGroupedRadius, curve: .continuous,
                                       corners: corners.isEmpty ? .all : corners)

        // A swiped row (or one confirming a delete) slides its content aside.
        let swipe = try buttons(row, width: cellRect.width)
        let revealed = swipe?.buttons.reduce(0) { $0 + $1.width } ?? 0
        let dx = swipe.map { $0.side == .trailing ? -revealed : revealed } ?? 0
        let shifted = Rect(x: cellRect.minX + dx, y: cellRect.minY, width: cellRect.width, height: cellRect.height)

        let contentHeight = max(0, cellRect.height - sep)
        let centerY = cellRect.minY + contentHeight / 2
        let safe = component.safe
        let lead = (insetGrouped ? 0 : safe.left) + component.margin
        let trail = (insetGrouped ? 0 : safe.right + component.indexWidth) + component.margin
        var left = shifted.minX + lead
        var right = shifted.maxX - trail

        var content: [DisplayItem] = []
        let background = row.backgroundColor.map(env.resolve) ?? .white
        content.append(.fill(path: outline.translated(by: dx, 0), paint: .color(background), rule: .nonZero))
        if row.showsSelection {
            if let v = row.selectedBackgroundView {
                content += try custom(v, in: shifted, cell: cellRect, path: path + ".selectedBackgroundView")
            } else {
                content.append(.fill(path: outline.translated(by: dx, 0), paint: .color(TableDrawing.selection), rule: .nonZero))
            }
        }

        // Editing control on the left; the reorder grip (or the accessory) on the right.
        let editingStyle = table.isEditing ? (row.editingStyle ?? .delete) : EditingStyle.none
        var contentViewMinX = shifted.minX + (insetGrouped ? 0 : safe.left)
        if editingStyle != .none {
            content += TableGlyphs.editingControl(editingStyle, confirming: row.showsDeleteConfirmation,
                                                  center: Point(x: left + 8, y: centerY))
        }
        if indentsForEditing(row) {
            left += Self.editingIndent
            contentViewMinX += Self.editingIndent
        }
        var accessory: [DisplayItem] = []
        // A custom content view spans from the editing indent to the accessory, inside the safe
        // area at both sides (insetsContentViewsToSafeArea, iOS 11).
        var contentViewMaxX = shifted.maxX - (insetGrouped ? 0 : safe.right)
        if table.isEditing {
            // The grip hides while a delete is being confirmed.
            if row.showsReorderControl && !row.showsDeleteConfirmation {
                let g = TableGlyphs.reorder
                let x = right - g.size.width
                accessory += g.items(at: Point(x: x, y: centerY - g.size.height / 2).pixelSnapped(env.scale), color: Color(rgb8: 0x8E, 0x8E, 0x93))
                right = x - Self.accessoryGap
                contentViewMaxX = x
            }
        } else if let v = row.accessoryView {
            // A frame gives the size; without one the view measures itself (a switch is 51×31).
            var size = Size.zero
            if let f = v.frame { size = f.size } else { size = try component.context.measuring.size(v, width: nil, env: env).size }
            let r = Rect(x: right - size.width, y: centerY - size.height / 2, width: size.width, height: size.height).originSnapped(env.scale)
            accessory += try custom(component.placed(v, size: size), in: r, cell: cellRect, path: path + ".accessoryView")
            right = r.minX - Self.accessoryGap
            contentViewMaxX = r.minX
        } else {
            /// One glyph at the trailing edge, centered vertically; the content ends before it.
            func placeGlyph(_ g: Glyph, color: Color, gap: Double, turns: Bool = false) {
                let x = right - g.size.width
                let items = g.items(at: Point(x: x, y: centerY - g.size.height / 2).pixelSnapped(env.scale), color: color)
                accessory += turns ? items : unmirrored(items, width: g.size.width, x: x)
                right = x - gap
                contentViewMaxX = x
            }
            switch row.accessoryType {
            case .none: break
            case .disclosureIndicator:
                // The chevron points the other way under right to left.
                placeGlyph(TableGlyphs.chevron, color: .systemLightGray, gap: Self.chevronGap, turns: true)
            case .checkmark:
                placeGlyph(TableGlyphs.checkmark, color: env.tint, gap: Self.accessoryGap)
            case .detailButton:
                let i = TableGlyphs.info
                detailButton(Rect(x: right - i.size.width, y: centerY - i.size.height / 2, width: i.size.width, height: i.size.height))
                placeGlyph(i, color: env.tint, gap: Self.accessoryGap)
            case .detailDisclosureButton:
                let c = TableGlyphs.chevron, i = TableGlyphs.info
                let cx = right - c.size.width
                let ix = cx - 12 - i.size.width
                detailButton(Rect(x: ix, y: centerY - i.size.height / 2, width: i.size.width, height: i.size.height))
                accessory += c.items(at: Point(x: cx, y: centerY - c.size.height / 2).pixelSnapped(env.scale), color: .systemLightGray)
                accessory += unmirrored(i.items(at: Point(x: ix, y: centerY - i.size.height / 2).pixelSnapped(env.scale), color: env.tint), width: i.size.width, x: ix)
                right = ix - Self.accessoryGap
                contentViewMaxX = ix
            }
        }

        // Image and labels by style.
        var textLeft = left
        if let image = row.image, row.style != .value2 {
            let size = try imageSize(image, path: path + ".image")
            let top = cellRect.minY + (centerY - cellRect.minY - size.height / 2).rounded(.down)
            let r = Rect(x: left, y: top, width: size.width, height: size.height)
            let template = row.imageRenderingMode.resolved(templateByDefault: false) == .alwaysTemplate
            content.append(.image(ImageItem(source: image, filePath: component.context.file(of: image, env: env), frame: r,
                                            templateColor: template ? env.tint : nil, capInsets: nil, resizingMode: .stretch, origin: path)))
            textLeft = r.maxX + component.baseMargin
        }
        let texts = labels(row, left: left, textLeft: textLeft, right: right, centerY: centerY, room: cellRect.height - sep)
        content += texts
        if row.accessibility.isElement == false {
            // A row that is not one element: VoiceOver reads its labels (and the views in its
            // content and accessory, which record themselves) one by one.
            for case .text(let t) in texts {
                let name = t.text == row.text ? "textLabel" : "detailTextLabel"
                env.accessible(path + "." + name, frame: onScreen(t.frame), AccessibilityInfo(label: t.text, traits: [.staticText]),
                               clip: component.frame)
            }
        }
        if let v = row.contentView {
            let r = Rect(x: contentViewMinX, y: shifted.minY, width: max(0, contentViewMaxX - contentViewMinX), height: contentHeight)
            content += try custom(v, in: r, cell: cellRect, path: path + ".contentView")
        }
        content += accessory

        var out: [DisplayItem] = [.group(Group(items: content, clip: outline))]

        // The separator under the row: none under a selected row or above one, none after the last
        // row of a grouped section (its edge hairline is drawn by the section), nor after the last
        // row of a plain section that another section follows (its header band takes the place).
        let hidesSeparator = sep == 0 || row.showsSelection || next?.showsSelection == true
            || (cell.isLast && (table.style != .plain || cell.section < table.sections.count - 1))
        if !hidesSeparator {
            let automatic = textLeft - dx - cellRect.minX
            let inset = row.separatorInset ?? table.separatorInset
            let l = inset.map { table.separatorInsetReference == .fromCellEdges ? $0.left : automatic + $0.left } ?? automatic
            let r = inset?.right ?? 0
            // It belongs to the cell: a swiped row's slides with its content (the buttons cover the rest).
            let line = DisplayItem.fill(path: .rect(Rect(x: cellRect.minX + l + dx, y: cellRect.maxY - sep, width: max(0, cellRect.width - l - r), height: sep)),
                                        paint: .color(component.separatorColor), rule: .nonZero)
            out.append(dx == 0 ? line : .group(Group(items: [line], clip: .rect(cellRect))))
        }

        if let swipe {
            out.append(.group(Group(items: try buttonItems(swipe.buttons, side: swipe.side, in: cellRect, path: path), clip: outline)))
        }
        // Right to left: the cell is laid out as for left to right, then mirrored (images keep
        // their artwork, text its reading order; custom views were placed mirrored, see `custom`).
        return isRTL ? Mirroring.horizontally(out, around: cellRect.midX) : out
    }

    /// The labels of the four styles. One-line labels sit where UIKit's measured cells put them;
    /// wrapped ones (and the stacked labels of the accessibility sizes) as a block centered on the row.
    func labels(_ row: TableRow, left: Double, textLeft: Double, right: Double, centerY: Double, room: Double? = nil) -> [DisplayItem] {
        let c = component
        let (textFont, detailFont) = fonts(row)
        let textColor = row.textColor.map(env.resolve) ?? (row.style == .value2 ? env.tint : .black)
        let detailColor = row.detailTextColor.map(env.resolve) ?? (row.style == .value1 ? TableDrawing.value1Detail : .black)
        let text = row.text.flatMap { $0.isEmpty ? nil : $0 }
        let detail = row.detailText.flatMap { $0.isEmpty ? nil : $0 }
        let block = labelBlock(row, left: left, textLeft: textLeft, right: right, room: room)
        func lines(_ m: Measured?, _ f: ResolvedFont) -> Int {
            guard let m else { return 1 }
            return max(1, Int((m.size.height / c.lineHeight(f)).rounded()))
        }
        let textLines = lines(block.text, textFont), detailLines = lines(block.detail, detailFont)
        var out: [DisplayItem] = []
        if block.stacked && row.style != .subtitle {
            // value1 and value2 at the accessibility sizes: text, then detail under it, from the leading side.
            let from = row.style == .value2 ? left : textLeft
            var top = centerY - block.height / 2
            if let text, let m = block.text {
                out.append(c.line(text, font: textFont, color: textColor, x: from, width: right - from,
                                  baseline: top + Measure.ascent * textFont.size, alignment: row.textAlignment, lines: textLines))
                top += m.size.height
            }
            if let detail {
                out.append(c.line(detail, font: detailFont, color: detailColor, x: from, width: right - from,
                                  baseline: top + Measure.ascent * detailFont.size, alignment: .natural, lines: detailLines))
            }
            return out
        }
        /// The first baseline of a label of `n` lines and block height `h`: as measured for one
        /// line, or the block centered on the row.
        func baseline(_ f: ResolvedFont, _ m: Measured?, _ n: Int) -> Double {
            n <= 1 ? TableDrawing.baseline(centeredOn: centerY, size: f.size)
                : centerY - (m?.size.height ?? 0) / 2 + Measure.ascent * f.size
        }
        switch row.style {
        case .default:
            if let text {
                out.append(c.line(text, font: textFont, color: textColor, x: textLeft, width: right - textLeft,
                                  baseline: baseline(textFont, block.text, textLines), alignment: row.textAlignment, lines: textLines))
            }
        case .subtitle:
            // Two labels stacked and centered, as UIKit's 20.5- and 14.5-high labels are (17 and 12
            // points: baselines 21.5 and 37 below the top of a 44-point row).
            let lt = text == nil ? 0 : (textLines == 1 ? 1.2 * textFont.size : block.text?.size.height ?? 0)
            let ld = detail == nil ? 0 : (detailLines == 1 ? 1.2 * detailFont.size : block.detail?.size.height ?? 0)
            let top = centerY - (lt + ld) / 2 + 0.5
            if let text {
                out.append(c.line(text, font: textFont, color: textColor, x: textLeft, width: right - textLeft,
                                  baseline: top + 0.952 * textFont.size, alignment: row.textAlignment, lines: textLines))
            }
            if let detail {
                out.append(c.line(detail, font: detailFont, color: detailColor, x: textLeft, width: right - textLeft,
                                  baseline: top + lt + 0.952 * detailFont.size, alignment: row.textAlignment, lines: detailLines))
            }
        case .value1:
            var textRight = right
            if let detail {
                let w = value1DetailWidth(text: text, font: textFont, detail: detail, detailFont: detailFont, width: max(0, right - textLeft))
                out.append(c.line(detail, font: detailFont, color: detailColor, x: right - w, width: w,
                                  baseline: TableDrawing.baseline(centeredOn: centerY, size: detailFont.size), alignment: .right))
                textRight = right - w - 6
            }
            if let text {
                out.append(c.line(text, font: textFont, color: textColor, x: textLeft, width: textRight - textLeft,
                                  baseline: baseline(textFont, block.text, textLines), alignment: .left, lines: textLines))
            }
        case .value2:
            if let text {
                out.append(c.line(text, font: textFont, color: textColor, x: left, width: 90,
                                  baseline: textLines <= 1 ? TableDrawing.baseline(centeredOn: centerY, size: detailFont.size) : baseline(textFont, block.text, textLines),
                                  alignment: .right, lines: textLines))
            }
            if let detail {
                out.append(c.line(detail, font: detailFont, color: detailColor, x: left + 97, width: right - left - 97,
                                  baseline: detailLines <= 1 ? TableDrawing.baseline(centeredOn: centerY, size: detailFont.size) : baseline(detailFont, block.detail, detailLines),
                                  alignment: .left, lines: detailLines))
            }
        }
        return out
    }

    /// The swipe buttons in the space the content slid away from; the first action at the edge.
    func buttonItems(_ buttons: [Button], side: SwipeState.Side, in cell: Rect, path: String) throws(RenderError) -> [DisplayItem] {
        var out: [DisplayItem] = []
        var edge = side == .trailing ? cell.maxX : cell.minX
        let f = component.font(.style(.subheadline))
        for (i, b) in buttons.enumerated() {
            let x = side == .trailing ? edge - b.width : edge
            // The innermost button reaches under the content's edge, so no gap shows at fractions.
            let r = Rect(x: x, y: cell.minY, width: b.width, height: cell.height)
            edge = side == .trailing ? r.minX : r.maxX
            let fill = b.action.backgroundColor.map(env.resolve)
                ?? (b.action.style == .destructive ? Color.systemRed : TableDrawing.swipeNormal)
            guard b.width > 0 else { continue }
            out.append(.fill(path: .rect(r), paint: .color(fill), rule: .nonZero))
            // Where the title and image are centered: the button; expanded, its own width by the content;
            // narrower than its own width, that width about the button's middle (clipped, not truncated).
            let box = b.expanded ? Rect(x: side == .trailing ? r.minX : r.maxX - b.natural, y: r.minY, width: b.natural, height: r.height)
                : b.width < b.natural ? Rect(x: r.midX - b.natural / 2, y: r.minY, width: b.natural, height: r.height) : r
            var inner: [DisplayItem] = []
            var imageSize: Size?
            if let image = b.action.image { imageSize = try self.imageSize(image, path: path + ".swiped.actions[\(i)].image") }
            let title = b.action.title
            let lh = component.lineHeight(f)
            // An image sits above the title when both fit in the row, else alone.
            let showsTitle = title != nil && (imageSize == nil || cell.height >= (imageSize!.height + lh + 12))
            let blockHeight = (imageSize?.height ?? 0) + (showsTitle && imageSize != nil ? 4 + lh : 0)
            var y = cell.minY + (cell.height - component.separator - blockHeight) / 2
            if let image = b.action.image, let size = imageSize {
                let ir = Rect(x: box.midX - size.width / 2, y: y, width: size.width, height: size.height)
                inner.append(.image(ImageItem(source: image, filePath: component.context.file(of: image, env: env), frame: ir,
                                            templateColor: .white, capInsets: nil, resizingMode: .stretch, origin: path + ".swiped.actions[\(i)]")))
                y = ir.maxY + 4
                if showsTitle, let title {
                    inner.append(component.centered(title, font: f, color: .white, frame: Rect(x: box.minX, y: y, width: box.width, height: lh), alignment: .center))
                }
            } else if let title {
                inner.append(component.centered(title, font: f, color: .white, frame: Rect(x: box.minX, y: r.minY, width: box.width, height: cell.height - component.separator),
                                              alignment: .center))
            }
            // A button narrower than at rest (part way open) clips its title and image.
            out += b.width < b.natural ? [.group(Group(items: inner, clip: .rect(r)))] : inner
        }
        return out
    }
}
