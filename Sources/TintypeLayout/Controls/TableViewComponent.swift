import TintypeModel

/// UITableView: a scroll view of sections. The rows are laid out in content coordinates
/// (`TableLayout`), moved by the content offset (by default the resting offset, which shows the
/// top of the content just below translucent bars: the adjusted content inset, as for a scroll
/// view), and clipped to the table's bounds. Plain headers float under the visible top.
///
/// Colors and sizes are docs/uikit-metrics.md's (Colors, Table views), checked against
/// real iOS table screenshots.
struct TableViewComponent: ViewComponent {
    let table: TableView

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        try TableDrawing(table: table, frame: frame, env: env, context: context).items()
    }
}

/// One table's drawing at its frame: the layout of its rows (`TableLayout`) turned into items.
struct TableDrawing {
    let table: TableView
    let frame: Rect
    let env: Environment
    let context: LayoutContext

    // MARK: Colors

    static let groupedBackground = Color.groupTableViewBackground
    static let plainHeaderBand = Color(rgb8: 0xF7, 0xF7, 0xF7)
    static let groupedHeaderText = Color(rgb8: 109, 109, 114)
    static let selection = Color(rgb8: 0xD9, 0xD9, 0xD9)
    static let value1Detail = Color.systemGray
    static let swipeNormal = Color.systemLightGray
    static let refreshTint = Color.systemGray

    // MARK: Geometry shared by the parts

    /// One device pixel: a separator's thickness (0 without separators).
    var separator: Double { table.separatorStyle == .none ? 0 : 1 / env.scale }
    /// The table's margin, or the era's for the device (15 before iOS 11), before the readable
    /// width: also the gap between a cell's image and its text.
    var baseMargin: Double { table.layoutMargin ?? env.traits.era.cellMargin(env.traits) }

    /// The cells' side margin: the table's or the device's, grown on a wide table in a regular
    /// width (an iPad, a wide phone in landscape) so that the content stays in the readable width
    /// (cellLayoutMarginsFollowReadableWidth). In a compact width it stays the margin from the safe
    /// area: an iPhone X in landscape puts text at 44 + 16 = 60, not in a readable column.
    var margin: Double {
        let m = baseMargin
        guard table.cellLayoutMarginsFollowReadableWidth, env.traits.isRegularWidth else { return m }
        let inner = frame.width - safe.left - safe.right - indexWidth
        return max(m, (inner - Resolver.readableWidth(env.contentSizeCategory)) / 2)
    }
    var safe: EdgeInsets { env.safeAreaInsets(of: frame) }
    var indexWidth: Double { table.sectionIndexTitles.isEmpty ? 0 : 15 }

    /// The content inset after adjustment: the safe area (bars, status bar, home indicator) is added
    /// at the top and bottom; a table's rows stay full width, so left and right are not adjusted.
    var adjustedInset: EdgeInsets {
        var inset = ScrollViewComponent.adjustedInset(table.scroll, frame: frame, env: env)
        inset.left = table.scroll.contentInset.left
        inset.right = table.scroll.contentInset.right
        return inset
    }

    var isRefreshing: Bool { table.refreshControl?.isPulled == true }

    /// The offset given, or the resting one (60 further down while a refresh control is pulled),
    /// moved by a finger on the table (a pan or a pull), rubber-banded past the top. A table's rows
    /// below the screen are only estimated, so its far edge is left open.
    var contentOffset: Point {
        let inset = adjustedInset
        let resting = Point(x: -inset.left, y: -inset.top - (isRefreshing ? TableLayout.Metrics.refreshHeight : 0))
        // A table's content is as wide as it is: it does not move sideways.
        var scroll = table.scroll
        scroll.pan.x = 0
        return scroll.panned(table.scroll.offset(resting: resting), lower: resting, upper: nil, size: frame.size)
    }

    /// Where content (0, 0) lands, in absolute points.
    var origin: Point {
        let o = contentOffset
        return Point(x: frame.minX - o.x, y: frame.minY - o.y)
    }

    /// The horizontal inset of the cells themselves: inset grouped cells sit inside the margins.
    var cellInset: (left: Double, right: Double) {
        table.style == .insetGrouped ? (safe.left + margin, safe.right + margin + indexWidth) : (0, 0)
    }

    /// Where header and footer titles start (absolute x) and how wide they may be: aligned with the
    /// rows' text, short of the right margin and the section index.
    var titleLeft: Double { frame.minX + safe.left + cellInset.left + margin }
    var titleWidth: Double {
        let right = table.style == .insetGrouped ? cellInset.right : safe.right + indexWidth
        return max(0, frame.maxX - right - margin - titleLeft)
    }

    /// Rows size themselves as the era has them (`Era.rowsSizeThemselves`): on iOS 11 unless the
    /// table fixes `rowHeight` or turns estimation off (`estimatedRowHeight` 0); on iOS 8–10 only
    /// with an `estimatedRowHeight`.
    var selfSizing: Bool { env.traits.era.rowsSizeThemselves(table) }

    /// The heights the layout needs that depend on the text size: rows (measured only when they
    /// size themselves), title headers and bands (grown with their font), and header and footer views.
    var sizing: TableLayout.Sizing {
        let fixed = table.rowHeight ?? 44
        let selfSizing = selfSizing
        let width = frame.width - cellInset.left - cellInset.right
        let measure = context.measuring
        // iOS 11's headers size themselves, so a titled header grows with its text; before, it kept its height.
        let footnoteGrowth = env.traits.era.headersSizeThemselves
            ? max(0, lineHeight(font(.style(.footnote))) - lineHeight(ResolvedFont(system: 13, weight: .regular))) : 0
        let band = max(TableLayout.Metrics.plainBand, (lineHeight(font(.style(.headline))) + 7.4).rounded(.up))
        let estimate = table.estimatedRowHeight.flatMap { $0 > 0 ? $0 : nil } ?? 44
        var sizing = TableLayout.Sizing(
            rowHeight: { s, r, row throws(RenderError) in
                if let h = row.height { return h }
                guard selfSizing else { return fixed }
                let cellEnv = env.child(tintColor: row.tintColor, mode: .automatic, path: env.path + ".sections[\(s)].rows[\(r)]")
                return try TableCellDrawing(component: self, env: cellEnv).height(row, cellWidth: width)
            },
            viewHeight: { v throws(RenderError) in
                if let f = v.frame { return f.height }
                guard v.hasOwnSize else { return nil }
                return try measure.size(v, width: frame.width, env: env).size.height
            },
            groupedTitledHeader: TableLayout.Metrics.groupedTitledHeader + footnoteGrowth,
            plainBand: band)
        if selfSizing {
            // Rows below the visible bottom are never drawn: they only place what follows them,
            // which is off screen too, so an estimate serves.
            sizing.measuredUntil = contentOffset.y + frame.height
            sizing.estimatedRowHeight = estimate
        }
        return sizing
    }

    func layout() throws(RenderError) -> TableLayout {
        let footnote = font(.style(.footnote))
        let width = titleWidth
        return try TableLayout(table, width: frame.width, cellInset: cellInset,
                               textLines: { TableDrawing.lineCount($0, font: footnote, width: width, text: context.text) },
                               lineHeight: lineHeight(footnote), sizing: sizing)
    }

    /// `r` in content coordinates, in absolute points, its top and bottom on device pixels.
    func absolute(_ r: Rect) -> Rect {
        let o = origin
        let top = snap(o.y + r.minY), bottom = snap(o.y + r.maxY)
        return Rect(x: o.x + r.minX, y: top, width: r.width, height: bottom - top)
    }

    func snap(_ v: Double) -> Double { (v * env.scale).rounded() / env.scale }

    // MARK: Text

    /// Inter's ascender (2728 of 2816 units): where Pango puts the baseline below a line's top.
    static let ascent = 2728.0 / 2816
    /// The footnote style's size at the default content size (large).
    static let defaultFootnoteSize = 13.0

    func font(_ f: Font) -> ResolvedFont {
        ResolvedFont(system: f.pointSize(category: env.contentSizeCategory), weight: f.weight)
    }

    func lineHeight(_ font: ResolvedFont) -> Double { context.text.size(of: "Hg", font: font).height }

    /// One line of text whose baseline is at `baseline`.
    func line(_ s: String, font: ResolvedFont, color: Color, x: Double, width: Double, baseline: Double,
              alignment: TextAlignment = .natural, lines: Int = 1) -> DisplayItem {
        let h = lineHeight(font)
        return .text(TextItem(text: s, font: font, color: color,
                              frame: Rect(x: x, y: baseline - Self.ascent * font.size, width: max(0, width), height: h * Double(max(1, lines)) + 0.5),
                              alignment: alignment, direction: env.layoutDirection, numberOfLines: lines,
                              lineBreakMode: .byTruncatingTail, lineSpacing: 0))
    }

    /// Text centered vertically in `frame` by the engine (buttons, bands).
    func centered(_ s: String, font: ResolvedFont, color: Color, frame: Rect, alignment: TextAlignment) -> DisplayItem {
        .line(s, font: font, color: color, frame: frame, alignment: alignment, direction: env.layoutDirection)
    }

    /// Where UIKit puts the baseline of one line of `size`-point text centered on `centerY`: the
    /// measured cells put 17-point text's baseline 5.75 below the content view's middle (13-point
    /// value2 text's 4.75, where this gives 4.4).
    static func baseline(centeredOn centerY: Double, size: Double) -> Double { centerY + 0.338 * size }

    // MARK: Drawing

    func items() throws(RenderError) -> [DisplayItem] {
        // Rows being inserted and deleted: before it starts the table without the inserted rows,
        // once over without the deleted ones, and part way every row where the motion puts it.
        if let state = table.rowUpdate, state.progress <= 0 || state.progress >= 1 {
            return try TableDrawing(table: state.update.table(table, after: state.progress >= 1), frame: frame, env: env, context: context).items()
        }
        let motion = try rowMotion()
        let layout: TableLayout
        if let motion { layout = motion.layout } else { layout = try self.layout() }
        var under: [DisplayItem] = []
        var out: [DisplayItem] = []
        let background = table.backgroundColor.map(env.resolve) ?? (table.style == .plain ? .white : Self.groupedBackground)
        if background.alpha > 0 { out.append(.fill(path: .rect(frame), paint: .color(background), rule: .nonZero)) }

        if let rc = table.refreshControl, rc.isPulled { out += refreshControl(rc) } else if let rc = table.refreshControl, rc.isBeingPulled {
            out += pulledRefreshControl(rc)
        }
        if let v = table.tableHeaderView, let r = layout.tableHeader {
            out += try context.layout(placed(v, size: r.size), in: absolute(r), parent: env, path: env.path + ".tableHeaderView")
        }

        // The layout has one cell a row, section after section, top to bottom, so the walk stops at
        // the first row below the visible bottom: a 10,000-row table costs about what its screen does.
        var first = 0
        let shownClip = env.clipRect.map { $0.intersection(frame) ?? Rect(x: frame.minX, y: frame.minY, width: 0, height: 0) } ?? frame
        let offset = contentOffset, resting = Point(x: -adjustedInset.left, y: -adjustedInset.top - (isRefreshing ? TableLayout.Metrics.refreshHeight : 0))
        env.views.addScroll(ScrollRecord(path: env.path, offset: offset, minOffset: resting,
                                         maxOffset: Point(x: resting.x, y: max(resting.y, layout.contentHeight + adjustedInset.bottom - frame.height))))
        let rowsStart = out.count
        // Part way through a row update the rows coming and going (drawn under the others) are taken first,
        // so that what is recorded of the rows that stay, drawn over them, comes later and wins a hit test.
        let firstRow = first
        for moving in motion == nil ? [false] : [true, false] {
            first = firstRow
            for (s, section) in table.sections.enumerated() {
                let sectionCells = layout.cells[first..<(first + section.rows.count)]
                first += section.rows.count
                for (index, cell) in zip(sectionCells.indices, sectionCells) {
                    // Rows above the visible top were measured (they place the rest) but are not drawn; rows below the bottom were only estimated.
                    let r = absolute(cell.frame)
                    if r.minY >= frame.maxY { if motion == nil { break } else { continue } }
                    guard r.maxY > frame.minY else { continue }
                    let row = section.rows[cell.row]
                    let next = cell.isLast ? nil : section.rows[cell.row + 1]
                    let rowPath = env.path + ".sections[\(s)].rows[\(cell.row)]"
                    let effect = motion?.effects[index]
                    guard moving == (effect != nil) else { continue }
                    if let effect {
                        // A row coming or going, under the rows that stay. While any of it shows it is recorded
                        // where it is drawn (the row, its element, its views' ids), as UIKit's presentation
                        // layer shows it at that instant: laid out at its place, then its records moved with it.
                        guard effect.alpha > 0 else { continue }
                        let band = effect.band.map { Rect(x: r.minX, y: r.midY - r.height * $0 / 2, width: r.width, height: r.height * $0) }
                        let shown = (band ?? r).offsetBy(dx: effect.offset.x, dy: effect.offset.y)
                        env.views.addRow(RowRecord(table: env.path, section: s, row: cell.row, frame: shown, clip: shownClip))
                        var cellEnv = env.detached().child(tintColor: row.tintColor, mode: .automatic, path: env.path)
                        if row.accessibility.isElement != false {
                            env.accessible(rowPath, frame: shown, row.accessibilityInfo, clip: frame)
                            cellEnv.accessibilityHidden = true
                        }
                        let drawn = try TableCellDrawing(component: self, env: cellEnv).items(cell, row: row, next: next, path: rowPath)
                        env.adopt(cellEnv, moved: effect.offset, visible: band.map { $0.offsetBy(dx: effect.offset.x, dy: effect.offset.y) }, clip: frame)
                        let moved = effect.offset.x == 0 && effect.offset.y == 0 ? nil : Transform2D(translationX: effect.offset.x, y: effect.offset.y)
                        under.append(.group(Group(items: drawn, alpha: effect.alpha, clip: band.map { .rect($0) }, transform: moved)))
                        continue
                    }
                    env.views.addRow(RowRecord(table: env.path, section: s, row: cell.row, frame: r, clip: shownClip))
                    var cellEnv = env.child(tintColor: row.tintColor, mode: .automatic, path: env.path)
                    // A cell is one element: its texts, its content's and its accessory's, read together;
                    // unless the row says it is not one, when they are read one by one (TableCellDrawing).
                    if row.accessibility.isElement != false {
                        env.accessible(rowPath, frame: r, row.accessibilityInfo, clip: frame)
                        cellEnv.accessibilityHidden = true
                    }
                    out += try TableCellDrawing(component: self, env: cellEnv).items(cell, row: row, next: next, path: rowPath)
                }
                if !moving { out += edgeSeparators(sectionCells, section: section) }
            }
        }
        out.insert(contentsOf: under, at: rowsStart)
        // Headers and footers after the rows: plain headers float over them.
        for f in layout.footers { out += try supplementary(f, isHeader: false, visibleTop: contentOffset.y + adjustedInset.top) }
        for h in layout.headers { out += try supplementary(h, isHeader: true, visibleTop: contentOffset.y + adjustedInset.top) }
        if table.style == .plain, table.tableFooterView == nil {
            let fillers = fillerSeparators(from: layout.contentHeight)
            out += env.layoutDirection == .rightToLeft ? Mirroring.horizontally(fillers, around: frame.midX) : fillers
        }
        if let v = table.tableFooterView, let r = layout.tableFooter {
            out += try context.layout(placed(v, size: r.size), in: absolute(r), parent: env, path: env.path + ".tableFooterView")
        }
        out += sectionIndex()
        return [.group(Group(items: out, clip: .rect(frame)))]
    }

    /// A copy of `view` at the origin of its container, `size` big.
    func placed(_ view: View, size: Size) -> View {
        var v = view
        v.frame = Rect(origin: .zero, size: size)
        return v
    }

    var separatorColor: Color { table.separatorColor.map(env.resolve) ?? .separator }

    /// A grouped section's full-width hairlines: above its first row and below its last.
    func edgeSeparators(_ cells: ArraySlice<TableLayout.Cell>, section: TableSection) -> [DisplayItem] {
        guard table.style == .grouped, separator > 0, let first = cells.first, let last = cells.last else { return [] }
        let top = absolute(first.frame), bottom = absolute(last.frame)
        return [
            .fill(path: .rect(Rect(x: top.minX, y: top.minY, width: top.width, height: separator)), paint: .color(separatorColor), rule: .nonZero),
            .fill(path: .rect(Rect(x: bottom.minX, y: bottom.maxY - separator, width: bottom.width, height: separator)), paint: .color(separatorColor), rule: .nonZero),
        ]
    }

    /// A header or footer: a custom view, a plain gray band (headers float), or grouped gray text.
    func supplementary(_ s: TableLayout.Supplementary, isHeader: Bool, visibleTop: Double) throws(RenderError) -> [DisplayItem] {
        let section = table.sections[s.section]
        let path = env.path + ".sections[\(s.section)].\(isHeader ? "headerView" : "footerView")"
        let floats = isHeader && table.style == .plain
        let rect = absolute(floats ? TableLayout.sticky(s, visibleTop: visibleTop) : s.frame)
        if let v = isHeader ? section.headerView : section.footerView {
            return try context.layout(placed(v, size: rect.size), in: rect, parent: env, path: path)
        }
        guard let title = isHeader ? section.header : section.footer else { return [] }
        let left = titleLeft, width = titleWidth
        let shownTitle = isHeader && table.style != .plain ? title.uppercased() : title
        env.accessible(path, frame: Rect(x: left, y: rect.minY, width: width, height: rect.height),
                       AccessibilityInfo(label: shownTitle, traits: isHeader ? [.header] : [.staticText]), clip: frame)
        if table.style == .plain {
            // Headers: 17 semibold black; footers: 13 gray, on the same band.
            let f = font(isHeader ? .style(.headline) : .style(.footnote))
            return [
                .fill(path: .rect(rect), paint: .color(Self.plainHeaderBand), rule: .nonZero),
                centered(title, font: f, color: isHeader ? .black : Self.groupedHeaderText,
                         frame: Rect(x: left, y: rect.minY, width: width, height: rect.height), alignment: .natural),
            ]
        }
        let f = font(.style(.footnote))
        if isHeader {
            return [line(title.uppercased(), font: f, color: Self.groupedHeaderText, x: left, width: width,
                         baseline: rect.maxY - TableLayout.Metrics.groupedHeaderBaselineAboveRows)]
        }
        let lines = TableDrawing.lineCount(title, font: f, width: width, text: context.text)
        // The footer's text hangs from the rows, 7.4 points below them at every size: its first
        // baseline is 20 below the rows at the default 13 points and moves down with the ascent
        // of a larger footnote (a fixed baseline drew AX3-AX5 footers over the cell above).
        let baseline = rect.minY + TableLayout.Metrics.footerBaselineBelowRows + Self.ascent * (f.size - Self.defaultFootnoteSize)
        return [line(title, font: f, color: Self.groupedHeaderText, x: left, width: width, baseline: baseline, lines: lines)]
    }

    /// A plain table without a footer view shows empty rows' separators down to its bottom.
    func fillerSeparators(from contentBottom: Double) -> [DisplayItem] {
        let rowHeight = table.rowHeight ?? 44
        guard separator > 0, rowHeight > 0 else { return [] }
        let visibleBottom = contentOffset.y + frame.height
        let inset = table.separatorInset
        let auto = safe.left + margin
        let left = inset.map { table.separatorInsetReference == .fromCellEdges ? $0.left : auto + $0.left } ?? auto
        let right = inset?.right ?? 0
        var out: [DisplayItem] = []
        var y = contentBottom + rowHeight
        while y - rowHeight < visibleBottom, out.count < 500 {
            let r = absolute(Rect(x: 0, y: y - rowHeight, width: frame.width, height: rowHeight))
            out.append(.fill(path: .rect(Rect(x: frame.minX + left, y: r.maxY - separator, width: max(0, frame.width - left - right), height: separator)),
                             paint: .color(separatorColor), rule: .nonZero))
            y += rowHeight
        }
        return out
    }

    /// The refresh control above the first row: its spinner (and title) in the 60 points pulled open.
    func refreshControl(_ rc: RefreshControl) -> [DisplayItem] {
        let color = env.adjustedTint(rc.tintColor) ?? Self.refreshTint
        let bottom = origin.y
        guard let title = rc.title, !title.isEmpty else {
            return TableGlyphs.spinner(center: Point(x: frame.midX, y: bottom - 30), color: color)
        }
        let f = font(.style(.footnote))
        return TableGlyphs.spinner(center: Point(x: frame.midX, y: bottom - 38), color: color)
            + [centered(title, font: f, color: color, frame: Rect(x: frame.minX, y: bottom - 24, width: frame.width, height: 18), alignment: .center)]
    }

    /// How far a finger must pull the content below its top for the refresh control to start
    /// refreshing (an estimate: UIKit publishes none).
    static let refreshTrigger = 88.0

    /// The refresh control while a finger pulls the table down (a `pull` gesture): in the gap the
    /// content leaves above it, a spoke for every twelfth of the way to refreshing, centered in the
    /// gap until there is room for the whole control; far enough, it refreshes (`refreshControl`).
    func pulledRefreshControl(_ rc: RefreshControl) -> [DisplayItem] {
        let top = frame.minY + adjustedInset.top
        let gap = origin.y - top
        guard gap > 0 else { return [] }
        if gap >= Self.refreshTrigger { return refreshControl(rc) }
        let color = env.adjustedTint(rc.tintColor) ?? Self.refreshTint
        let spokes = Int((12 * gap / Self.refreshTrigger).rounded(.up))
        let center = Point(x: frame.midX, y: gap >= TableLayout.Metrics.refreshHeight ? origin.y - 30 : top + gap / 2)
        return TableGlyphs.spinner(center: center, color: color, pulledSpokes: spokes)
    }

    /// The section index: small tinted titles down the right edge, centered in the visible height.
    func sectionIndex() -> [DisplayItem] {
        let titles = table.sectionIndexTitles
        guard !titles.isEmpty else { return [] }
        let color = table.sectionIndexColor.map(env.resolve) ?? env.tint
        let f = ResolvedFont(system: 11, weight: .semibold)
        let step = 15.0
        let inset = adjustedInset
        let top = frame.minY + inset.top, bottom = frame.maxY - inset.bottom
        let y0 = (top + bottom) / 2 - step * Double(titles.count) / 2
        let x = frame.maxX - safe.right - indexWidth
        let items = titles.enumerated().map { i, t in
            centered(t, font: f, color: color, frame: Rect(x: x - 4, y: y0 + step * Double(i), width: indexWidth + 4, height: step), alignment: .center)
        }
        // Under right to left the index runs down the left edge.
        return env.layoutDirection == .rightToLeft ? Mirroring.horizontally(items, around: frame.midX) : items
    }
}

extension TableDrawing {
    /// How many lines text wraps to at a width (greedy, at spaces), for the heights of footers.
    static func lineCount(_ s: String, font: ResolvedFont, width: Double, text: TextMeasuring) -> Int {
        guard width > 0 else { return 1 }
        var lines = 0
        for paragraph in s.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += 1
            var current = ""
            for word in paragraph.split(separator: " ") {
                let candidate = current.isEmpty ? String(word) : current + " " + word
                if current.isEmpty || text.size(of: candidate, font: font).width <= width {
                    current = candidate
                } else {
                    lines += 1
                    current = String(word)
                }
            }
        }
        return max(1, lines)
    }
}
