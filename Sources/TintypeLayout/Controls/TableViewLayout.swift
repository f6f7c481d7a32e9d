import TintypeModel

/// Where a table's parts go, in content coordinates: x from the table's left edge, y from the top
/// of the content (before the content offset is applied). Pure geometry, so tests can read it.
///
/// Vertical numbers (docs/uikit-metrics.md, Table views; measured on the iOS 10 QuickTableViewController
/// screenshots of iOS tables):
/// - grouped: a section whose header has a title starts 55.5 below the previous one (or the top);
///   the title's baseline is 10.5 above the first row. Without a title the gap is 35. A footer title's
///   first baseline is 20 below the last row; the footer is 7 + its lines + 7 high.
/// - plain: a header title is a 28-high band; a section without one has no header.
struct TableLayout: Equatable {
    /// The fixed numbers, gathered so tests and the component agree.
    enum Metrics {
        static let groupedTitledHeader = 55.5
        static let groupedHeaderBaselineAboveRows = 10.5
        static let groupedUntitledHeader = 35.0
        static let footerBaselineBelowRows = 20.0
        static let footerPadding = 7.0
        static let plainBand = 28.0
        static let refreshHeight = 60.0
        static let insetGroupedRadius = 10.0
    }

    struct Cell: Equatable {
        var section: Int
        var row: Int
        var frame: Rect
        var isFirst: Bool
        var isLast: Bool
    }

    /// A section header or footer (title or view), and where its section ends (for sticky headers).
    struct Supplementary: Equatable {
        var section: Int
        var frame: Rect
        var sectionMinY: Double
        var sectionMaxY: Double
    }

    var cells: [Cell] = []
    var headers: [Supplementary] = []
    var footers: [Supplementary] = []
    var tableHeader: Rect?
    var tableFooter: Rect?
    /// Where the last section (or the table footer) ends.
    var contentHeight: Double = 0

    /// Lays out `table` at `width`. `cellInset` is the horizontal inset of the cells themselves
    /// (the content margin and safe area for inset grouped, 0 otherwise).
    /// Heights that depend on the text size, measured by the component (the defaults are those of
    /// the default size, for tests).
    struct Sizing {
        /// The height of a row (its own `height`, the table's `rowHeight`, or its content's).
        var rowHeight: (Int, Int, TableRow) throws(RenderError) -> Double
        /// The height of a header or footer view (its frame's, or its own).
        var viewHeight: (View) throws(RenderError) -> Double?
        var groupedTitledHeader: Double
        var plainBand: Double
        /// Rows that start at or below this content y are not measured but estimated, as
        /// UITableView does with `estimatedRowHeight`: they are off screen, so only the rows
        /// on screen pay for measuring their text, however long the table.
        var measuredUntil: Double = .infinity
        /// The height of every row that is estimated, not measured. A row's own `height` is not
        /// read for it either, as UIKit asks for a row's height only when it shows the row: reading
        /// 10,000 rows from memory was about half of what a long table still cost.
        var estimatedRowHeight = 44.0

        static func fixed(_ table: TableView) -> Sizing {
            Sizing(rowHeight: { _, _, row in row.height ?? table.rowHeight ?? 44 }, viewHeight: { $0.frame?.height },
                   groupedTitledHeader: Metrics.groupedTitledHeader, plainBand: Metrics.plainBand)
        }
    }

    init(_ table: TableView, width: Double, cellInset: (left: Double, right: Double), textLines: (String) -> Int,
         lineHeight: Double) {
        // A closure that throws nothing: the fixed sizing never fails.
        self = (try? TableLayout(table, width: width, cellInset: cellInset, textLines: textLines, lineHeight: lineHeight, sizing: .fixed(table))) ?? TableLayout()
    }

    private init() {}

    init(_ table: TableView, width: Double, cellInset: (left: Double, right: Double), textLines: (String) -> Int,
         lineHeight: Double, sizing: Sizing) throws(RenderError) {
        var y = 0.0
        if let v = table.tableHeaderView, let h = try sizing.viewHeight(v) {
            tableHeader = Rect(x: 0, y: 0, width: width, height: h)
            y = h
        }
        let cellX = cellInset.left, cellW = max(0, width - cellInset.left - cellInset.right)
        cells.reserveCapacity(table.sections.reduce(0) { $0 + $1.rows.count })
        for (s, section) in table.sections.enumerated() {
            let start = y
            // Header.
            let headerHeight: Double
            if let v = section.headerView, let h = try sizing.viewHeight(v) {
                headerHeight = h
            } else if let title = section.header, !title.isEmpty {
                headerHeight = table.style == .plain ? sizing.plainBand : sizing.groupedTitledHeader
            } else {
                headerHeight = table.style == .plain ? 0 : Metrics.groupedUntitledHeader
            }
            let headerRect = Rect(x: 0, y: y, width: width, height: headerHeight)
            y += headerHeight
            let rowsTop = y
            for r in section.rows.indices {
                let h = y >= sizing.measuredUntil ? sizing.estimatedRowHeight : try sizing.rowHeight(s, r, section.rows[r])
                cells.append(Cell(section: s, row: r, frame: Rect(x: cellX, y: y, width: cellW, height: h),
                                  isFirst: r == 0, isLast: r == section.rows.count - 1))
                y += h
            }
            let rowsBottom = y
            // Footer.
            var footerHeight = 0.0
            if let v = section.footerView, let h = try sizing.viewHeight(v) {
                footerHeight = h
            } else if let title = section.footer, !title.isEmpty {
                footerHeight = table.style == .plain
                    ? sizing.plainBand
                    : 2 * Metrics.footerPadding + Double(max(1, textLines(title))) * lineHeight
            }
            let footerRect = Rect(x: 0, y: y, width: width, height: footerHeight)
            y += footerHeight
            if headerHeight > 0 && (section.headerView != nil || !(section.header ?? "").isEmpty) {
                headers.append(Supplementary(section: s, frame: headerRect, sectionMinY: start, sectionMaxY: y))
            }
            if footerHeight > 0 {
                footers.append(Supplementary(section: s, frame: footerRect, sectionMinY: rowsTop, sectionMaxY: rowsBottom))
            }
        }
        if let v = table.tableFooterView, let h = try sizing.viewHeight(v) {
            tableFooter = Rect(x: 0, y: y, width: width, height: h)
            y += h
        }
        contentHeight = y
    }

    /// A plain header's band pinned under the visible top (`visibleTop` in content coordinates) and
    /// pushed up by the end of its section, as UITableView's floating headers are.
    static func sticky(_ header: Supplementary, visibleTop: Double) -> Rect {
        var f = header.frame
        let pinned = max(f.minY, visibleTop)
        f.origin.y = max(f.minY, min(pinned, header.sectionMaxY - f.height))
        return f
    }
}
