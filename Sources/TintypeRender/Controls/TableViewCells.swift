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
    let component: TableViewComponent
    /// The table's environment with the row's own tint.
    let env: Environment
    var table: TableView { component.table }

    /// What the content view loses on the left to the editing control.
    static let editingIndent = 38.0
    static let accessoryGap = 10.0
    static let chevronGap = 12.5
    static let swipePadding = 15.0

    /// A swipe action as laid out: its button's width and its look.
    struct Button { var action: SwipeAction; var width: Double }

    func buttons(_ row: TableRow) throws(RenderError) -> (side: SwipeState.Side, buttons: [Button])? {
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
        return (state.side, out)
    }

    func imageSize(_ source: ImageSource, path: String) throws(RenderError) -> Size {
        let images = component.context.images
        do { return try images.size(of: source, at: images.resolvedPath(source, baseDirectory: env.baseDirectory)) } catch {
            throw RenderError(path: path, message: error.message)
        }
    }

    func items(_ cell: TableLayout.Cell, row: TableRow, next: TableRow?, path: String) throws(RenderError) -> [DisplayItem] {
        let sep = component.separator
        let cellRect = component.absolute(cell.frame)
        let insetGrouped = table.style == .insetGrouped
        var corners: Corners = []
        if insetGrouped && cell.isFirst { corners.formUnion([.topLeft, .topRight]) }
        if insetGrouped && cell.isLast { corners.formUnion([.bottomLeft, .bottomRight]) }
        let outline = RoundedRect.path(cellRect, radius: corners.isEmpty ? 0 : TableLayout.Metrics.insetGroupedRadius, curve: .continuous, corners: corners.isEmpty ? .all : corners)

        // A swiped row (or one confirming a delete) slides its content aside.
        let swipe = try buttons(row)
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
        if row.isSelected || row.isHighlighted {
            if let v = row.selectedBackgroundView {
                content += try component.context.resolver.resolve(v, in: shifted, parent: env, path: path + ".selectedBackgroundView")
            } else {
                content.append(.fill(path: outline.translated(by: dx, 0), paint: .color(TableViewComponent.selection), rule: .nonZero))
            }
        }

        // Editing control on the left; the reorder grip (or the accessory) on the right.
        let editingStyle = table.isEditing ? (row.editingStyle ?? .delete) : EditingStyle.none
        var contentViewMinX = shifted.minX + (insetGrouped ? 0 : safe.left)
        if editingStyle != .none {
            content += TableGlyphs.editingControl(editingStyle, confirming: row.showsDeleteConfirmation,
                                                  center: Point(x: left + 8, y: centerY))
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
                accessory += g.items(at: Point(x: x, y: centerY - g.size.height / 2), color: Color(rgb8: 0x8E, 0x8E, 0x93))
                right = x - Self.accessoryGap
                contentViewMaxX = x
            }
        } else if let v = row.accessoryView {
            // A frame gives the size; without one the view measures itself (a switch is 51×31).
            var size = Size.zero
            if let f = v.frame { size = f.size } else { size = try Measure(context: component.context).size(v, width: nil, env: env).size }
            let r = Rect(x: right - size.width, y: centerY - size.height / 2, width: size.width, height: size.height)
            accessory += try component.context.resolver.resolve(component.placed(v, size: size), in: r, parent: env, path: path + ".accessoryView")
            right = r.minX - Self.accessoryGap
            contentViewMaxX = r.minX
        } else {
            /// One glyph at the trailing edge, centered vertically; the content ends before it.
            func placeGlyph(_ g: Glyph, color: Color, gap: Double) {
                let x = right - g.size.width
                accessory += g.items(at: Point(x: x, y: centerY - g.size.height / 2), color: color)
                right = x - gap
                contentViewMaxX = x
            }
            switch row.accessoryType {
            case .none: break
            case .disclosureIndicator:
                placeGlyph(TableGlyphs.chevron, color: .systemLightGray, gap: Self.chevronGap)
            case .checkmark:
                placeGlyph(TableGlyphs.checkmark, color: env.tint, gap: Self.accessoryGap)
            case .detailButton:
                placeGlyph(TableGlyphs.info, color: env.tint, gap: Self.accessoryGap)
            case .detailDisclosureButton:
                let c = TableGlyphs.chevron, i = TableGlyphs.info
                let cx = right - c.size.width
                let ix = cx - 12 - i.size.width
                accessory += c.items(at: Point(x: cx, y: centerY - c.size.height / 2), color: .systemLightGray)
                accessory += i.items(at: Point(x: ix, y: centerY - i.size.height / 2), color: env.tint)
                right = ix - Self.accessoryGap
                contentViewMaxX = ix
            }
        }

        // Image and labels by style.
        var textLeft = left
        if let image = row.image, row.style != .value2 {
            let size = try imageSize(image, path: path + ".image")
            let images = component.context.images
            let top = cellRect.minY + (centerY - cellRect.minY - size.height / 2).rounded(.down)
            let r = Rect(x: left, y: top, width: size.width, height: size.height)
            let template = row.imageRenderingMode.resolved(templateByDefault: false) == .alwaysTemplate
            content.append(.image(ImageItem(source: image, filePath: images.resolvedPath(image, baseDirectory: env.baseDirectory), frame: r,
                                            templateColor: template ? env.tint : nil, capInsets: nil, resizingMode: .stretch, origin: path)))
            textLeft = r.maxX + component.margin
        }
        content += labels(row, left: left, textLeft: textLeft, right: right, centerY: centerY)
        if let v = row.contentView {
            let r = Rect(x: contentViewMinX, y: shifted.minY, width: max(0, contentViewMaxX - contentViewMinX), height: contentHeight)
            content += try component.context.resolver.resolve(v, in: r, parent: env, path: path + ".contentView")
        }
        content += accessory

        var out: [DisplayItem] = [.group(Group(items: content, clip: outline))]

        // The separator under the row: none under a selected row or above one, none after the last
        // row of a grouped section (its edge hairline is drawn by the section).
        let hidesSeparator = sep == 0 || row.isSelected || row.isHighlighted || next?.isSelected == true || next?.isHighlighted == true
            || (cell.isLast && table.style != .plain)
        if !hidesSeparator {
            let automatic = textLeft - dx - cellRect.minX
            let inset = row.separatorInset ?? table.separatorInset
            let l = inset.map { table.separatorInsetReference == .fromCellEdges ? $0.left : automatic + $0.left } ?? automatic
            let r = inset?.right ?? 0
            out.append(.fill(path: .rect(Rect(x: cellRect.minX + l, y: cellRect.maxY - sep, width: max(0, cellRect.width - l - r), height: sep)),
                             paint: .color(component.separatorColor), rule: .nonZero))
        }

        if let swipe {
            out.append(.group(Group(items: try buttonItems(swipe.buttons, side: swipe.side, in: cellRect, path: path), clip: outline)))
        }
        return out
    }

    /// The labels of the four styles.
    func labels(_ row: TableRow, left: Double, textLeft: Double, right: Double, centerY: Double) -> [DisplayItem] {
        let c = component
        let textFont = c.font(row.font ?? (row.style == .value2 ? .style(.footnote) : .body))
        let detailFont = c.font(row.detailFont ?? {
            switch row.style {
            case .subtitle: .style(.caption1)
            case .value2: .style(.footnote)
            default: .body
            }
        }())
        let textColor = row.textColor.map(env.resolve) ?? (row.style == .value2 ? env.tint : .black)
        let detailColor = row.detailTextColor.map(env.resolve) ?? (row.style == .value1 ? TableViewComponent.value1Detail : .black)
        let text = row.text.flatMap { $0.isEmpty ? nil : $0 }
        let detail = row.detailText.flatMap { $0.isEmpty ? nil : $0 }
        var out: [DisplayItem] = []
        switch row.style {
        case .default:
            if let text {
                out.append(c.line(text, font: textFont, color: textColor, x: textLeft, width: right - textLeft,
                                  baseline: TableViewComponent.baseline(centeredOn: centerY, size: textFont.size), alignment: row.textAlignment))
            }
        case .subtitle:
            // Two lines stacked and centered, as UIKit's 20.5- and 14.5-high labels are (17 and 12
            // points: baselines 21.5 and 37 below the top of a 44-point row).
            let lt = text == nil ? 0 : 1.2 * textFont.size, ld = detail == nil ? 0 : 1.2 * detailFont.size
            let top = centerY - (lt + ld) / 2 + 0.5
            if let text {
                out.append(c.line(text, font: textFont, color: textColor, x: textLeft, width: right - textLeft,
                                  baseline: top + 0.952 * textFont.size, alignment: row.textAlignment))
            }
            if let detail {
                out.append(c.line(detail, font: detailFont, color: detailColor, x: textLeft, width: right - textLeft,
                                  baseline: top + lt + 0.952 * detailFont.size, alignment: row.textAlignment))
            }
        case .value1:
            var textRight = right
            if let detail {
                let w = min(c.context.text.size(of: detail, font: detailFont).width + 1, max(0, right - textLeft))
                out.append(c.line(detail, font: detailFont, color: detailColor, x: right - w, width: w,
                                  baseline: TableViewComponent.baseline(centeredOn: centerY, size: detailFont.size), alignment: .right))
                textRight = right - w - 6
            }
            if let text {
                out.append(c.line(text, font: textFont, color: textColor, x: textLeft, width: textRight - textLeft,
                                  baseline: TableViewComponent.baseline(centeredOn: centerY, size: textFont.size), alignment: .left))
            }
        case .value2:
            if let text {
                out.append(c.line(text, font: textFont, color: textColor, x: left, width: 90,
                                  baseline: TableViewComponent.baseline(centeredOn: centerY, size: detailFont.size), alignment: .right))
            }
            if let detail {
                out.append(c.line(detail, font: detailFont, color: detailColor, x: left + 97, width: right - left - 97,
                                  baseline: TableViewComponent.baseline(centeredOn: centerY, size: detailFont.size), alignment: .left))
            }
        }
        return out
    }

    /// The swipe buttons in the space the content slid away from; the first action at the edge.
    func buttonItems(_ buttons: [Button], side: SwipeState.Side, in cell: Rect, path: String) throws(RenderError) -> [DisplayItem] {
        var out: [DisplayItem] = []
        var edge = side == .trailing ? cell.maxX : cell.minX
        let f = component.font(.style(.subheadline))
        let images = component.context.images
        for (i, b) in buttons.enumerated() {
            let x = side == .trailing ? edge - b.width : edge
            // The innermost button reaches under the content's edge, so no gap shows at fractions.
            let r = Rect(x: x, y: cell.minY, width: b.width, height: cell.height)
            edge = side == .trailing ? r.minX : r.maxX
            let fill = b.action.backgroundColor.map(env.resolve)
                ?? (b.action.style == .destructive ? Color.systemRed : TableViewComponent.swipeNormal)
            out.append(.fill(path: .rect(r), paint: .color(fill), rule: .nonZero))
            var imageSize: Size?
            if let image = b.action.image { imageSize = try self.imageSize(image, path: path + ".swiped.actions[\(i)].image") }
            let title = b.action.title
            let lh = component.lineHeight(f)
            // An image sits above the title when both fit in the row, else alone.
            let showsTitle = title != nil && (imageSize == nil || cell.height >= (imageSize!.height + lh + 12))
            let blockHeight = (imageSize?.height ?? 0) + (showsTitle && imageSize != nil ? 4 + lh : 0)
            var y = cell.minY + (cell.height - component.separator - blockHeight) / 2
            if let image = b.action.image, let size = imageSize {
                let ir = Rect(x: r.midX - size.width / 2, y: y, width: size.width, height: size.height)
                out.append(.image(ImageItem(source: image, filePath: images.resolvedPath(image, baseDirectory: env.baseDirectory), frame: ir,
                                            templateColor: .white, capInsets: nil, resizingMode: .stretch, origin: path + ".swiped.actions[\(i)]")))
                y = ir.maxY + 4
                if showsTitle, let title {
                    out.append(component.centered(title, font: f, color: .white, frame: Rect(x: r.minX, y: y, width: r.width, height: lh), alignment: .center))
                }
            } else if let title {
                out.append(component.centered(title, font: f, color: .white, frame: Rect(x: r.minX, y: r.minY, width: r.width, height: cell.height - component.separator), alignment: .center))
            }
        }
        return out
    }
}
