import TintypeModel

/// Rows inserted and deleted part way (docs/motion.md, Table rows): the table is laid out before
/// the update (without the inserted rows) and after it (without the deleted ones); a row in both
/// moves straight from its place before to its place after, and a row in one of them comes or goes
/// by its UITableView.RowAnimation, drawn under the rows that stay.
struct TableRowMotion {
    /// How a row coming or going is drawn, in content points: `offset` from its place, `band` the
    /// share of its height left showing about its middle (nil: all of it).
    struct Effect: Equatable {
        var alpha = 1.0
        var offset = Point(x: 0, y: 0)
        var band: Double?
        var isDeleted = false
    }

    /// The layout of every row of the scene's table (deleted and inserted ones included), at the moment.
    var layout: TableLayout
    /// By index into `layout.cells`: the rows coming or going.
    var effects: [Int: Effect]

    /// A row `gone` of the way out (0: in place, 1: gone) by `style`: a deletion runs it from 0 to 1,
    /// an insertion from 1 to 0.
    static func effect(_ style: RowUpdate.Style, gone g: Double, deleting: Bool, size: Size) -> Effect {
        var e = Effect(isDeleted: deleting)
        switch style {
        case .fade, .automatic: e.alpha = 1 - g
        case .right: e.offset.x = size.width * g
        case .left: e.offset.x = -size.width * g
        case .top: e.offset.y = -size.height * g; e.alpha = 1 - g
        case .bottom: e.offset.y = size.height * g; e.alpha = 1 - g
        case .middle: e.band = 1 - g; e.alpha = 1 - g
        // Without an animation of its own a deleted row is gone at once and an inserted one there at once.
        case .none: e.alpha = deleting ? 0 : 1
        }
        return e
    }
}

extension TableDrawing {
    /// The rows part way through the table's `rowUpdate`; nil when none is under way.
    func rowMotion() throws(RenderError) -> TableRowMotion? {
        guard let state = table.rowUpdate, state.progress > 0, state.progress < 1 else { return nil }
        let u = state.update, p = state.progress
        let before = try TableDrawing(table: u.table(table, after: false), frame: frame, env: env, context: context).layout()
        let after = try TableDrawing(table: u.table(table, after: true), frame: frame, env: env, context: context).layout()
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
        func mix(_ a: Rect, _ b: Rect) -> Rect {
            Rect(x: mix(a.x, b.x), y: mix(a.y, b.y), width: mix(a.width, b.width), height: mix(a.height, b.height))
        }
        let deleted = Set(u.deletions), inserted = Set(u.insertions)
        var full = after
        full.cells = []
        var effects: [Int: TableRowMotion.Effect] = [:]
        var b = 0, a = 0
        for (s, section) in table.sections.enumerated() {
            for r in section.rows.indices {
                let position = RowUpdate.Position(section: s, row: r)
                var cell: TableLayout.Cell
                if deleted.contains(position) {
                    cell = before.cells[b]; b += 1
                    effects[full.cells.count] = TableRowMotion.effect(u.animation, gone: p, deleting: true, size: cell.frame.size)
                } else if inserted.contains(position) {
                    cell = after.cells[a]; a += 1
                    effects[full.cells.count] = TableRowMotion.effect(u.animation, gone: 1 - p, deleting: false, size: cell.frame.size)
                } else {
                    cell = after.cells[a]
                    cell.frame = mix(before.cells[b].frame, after.cells[a].frame)
                    a += 1; b += 1
                }
                cell.section = s
                cell.row = r
                full.cells.append(cell)
            }
        }
        // Headers and footers move with the rows between them.
        if before.headers.count == after.headers.count {
            for i in full.headers.indices {
                full.headers[i].frame = mix(before.headers[i].frame, after.headers[i].frame)
                full.headers[i].sectionMinY = mix(before.headers[i].sectionMinY, after.headers[i].sectionMinY)
                full.headers[i].sectionMaxY = mix(before.headers[i].sectionMaxY, after.headers[i].sectionMaxY)
            }
        }
        if before.footers.count == after.footers.count {
            for i in full.footers.indices { full.footers[i].frame = mix(before.footers[i].frame, after.footers[i].frame) }
        }
        if let f0 = before.tableFooter, let f1 = after.tableFooter { full.tableFooter = mix(f0, f1) }
        full.contentHeight = mix(before.contentHeight, after.contentHeight)
        return TableRowMotion(layout: full, effects: effects)
    }
}

extension Environment {
    /// Takes what a row coming or going recorded while it was laid out at its place in `drawn` (a
    /// detached environment): its views' records, accessibility elements and anchors, moved by
    /// `offset` to where the row is drawn and cut to `visible` (the band a `middle` row shows through)
    /// and to `clip` (the table) and this environment's clipping ancestors.
    func adopt(_ drawn: Environment, moved offset: Point, visible: Rect?, clip: Rect) {
        func move(_ r: Rect) -> Rect { r.offsetBy(dx: offset.x, dy: offset.y) }
        let cuts = [clipRect, clip, visible].compactMap { $0 }
        for var record in drawn.views.all {
            record.frame = move(record.frame)
            if let visible { record.clip = record.clip.map { $0.intersection(visible) ?? Rect(x: visible.minX, y: visible.minY, width: 0, height: 0) } ?? visible }
            views.add(record)
        }
        for element in drawn.accessibility.elements {
            var shown = move(element.frame)
            var kept = true
            for c in cuts {
                guard let cut = shown.intersection(c) else { kept = false; break }
                shown = cut
            }
            if kept { accessibility.add(AccessibilityElement(path: element.path, frame: shown, info: element.info)) }
        }
        for (id, var entry) in drawn.anchors.all {
            entry.frame = move(entry.frame)
            anchors.record(id, entry)
        }
    }
}

extension Rect {
    /// The rectangle moved by `dx`, `dy`.
    func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: minX + dx, y: minY + dy, width: width, height: height) }
}
