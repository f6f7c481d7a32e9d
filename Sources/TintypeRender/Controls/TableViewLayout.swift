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
    init(_ table: TableView, width: Double, cellInset: (left: Double, right: Double), textLines: (String) -> Int,
         lineHeight: Double) {
        var y = 0.0
        if let h = table.tableHeaderView?.frame?.height {
            tableHeader = Rect(x: 0, y: 0, width: width, height: h)
            y = h
        }
        let cellX = cellInset.left, cellW = max(0, width - cellInset.left - cellInset.right)
        for (s, section) in table.sections.enumerated() {
            let start = y
            // Header.
            let headerHeight: Double
            if let v = section.headerView, let h = v.frame?.height {
                headerHeight = h
            } else if let title = section.header, !title.isEmpty {
                headerHeight = table.style == .plain ? Metrics.plainBand : Metrics.groupedTitledHeader
            } else {
                headerHeight = table.style == .plain ? 0 : Metrics.groupedUntitledHeader
            }
            let headerRect = Rect(x: 0, y: y, width: width, height: headerHeight)
            y += headerHeight
            let rowsTop = y
            for (r, row) in section.rows.enumerated() {
                let h = row.height ?? table.rowHeight
                cells.append(Cell(section: s, row: r, frame: Rect(x: cellX, y: y, width: cellW, height: h),
                                  isFirst: r == 0, isLast: r == section.rows.count - 1))
                y += h
            }
            let rowsBottom = y
            // Footer.
            var footerHeight = 0.0
            if let v = section.footerView, let h = v.frame?.height {
                footerHeight = h
            } else if let title = section.footer, !title.isEmpty {
                footerHeight = table.style == .plain
                    ? Metrics.plainBand
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
        if let h = table.tableFooterView?.frame?.height {
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
