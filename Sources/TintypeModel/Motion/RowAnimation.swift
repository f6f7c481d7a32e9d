/// Rows of a table inserted and deleted with a UITableView.RowAnimation (docs/motion.md, Table
/// rows): `insertRows(at:with:)` and `deleteRows(at:with:)` inside one update.
///
/// The scene's table holds every row involved: the rows `deletions` names are there before and go,
/// those `insertions` names come and are there after; the others stay and move to their new places.
/// Both are (section, row) positions in the scene's table.
public struct RowUpdate: Sendable, Equatable {
    /// UITableView.RowAnimation.
    public enum Style: String, Sendable, Equatable, CaseIterable {
        /// The row fades out (or in) where it stands.
        case fade
        /// The row slides out to the right (or in from it).
        case right
        /// The row slides out to the left (or in from it).
        case left
        /// The row slides up (or down from above) as it fades, behind the row above.
        case top
        /// The row slides down (or up from below) as it fades, behind the row below.
        case bottom
        /// The row goes (or comes) at once; only the rows around it move.
        case none
        /// The row shrinks to (or grows from) a band at its middle as it fades.
        case middle
        /// The table picks one: a fade here (an estimate of what iOS 11 picks for a single row).
        case automatic
    }

    public struct Position: Sendable, Equatable, Hashable {
        public var section: Int
        public var row: Int
        public init(section: Int, row: Int) { self.section = section; self.row = row }
    }

    public var deletions: [Position]
    public var insertions: [Position]
    public var animation: Style

    public init(deleting deletions: [Position] = [], inserting insertions: [Position] = [], animation: Style = .automatic) {
        self.deletions = deletions; self.insertions = insertions; self.animation = animation
    }

    /// How long UITableView's row animations last, in seconds (an estimate: UIKit does not publish it).
    public static let duration = 0.3

    /// A row update on the table `view`, as an animation of the scene.
    public static func animation(view: String, _ update: RowUpdate, duration: Double = RowUpdate.duration, beginTime: Double = 0,
                                 curve: TimingFunction = .easeInEaseOut) -> Animation {
        var timing = MediaTiming()
        timing.duration = duration
        timing.beginTime = beginTime
        var a = Animation(view: view, tracks: [], timing: timing, curve: .timing(curve), isViewBlock: true)
        a.rowUpdate = update
        return a
    }

    /// The table as it is before the update (without the inserted rows) or after it (without the deleted ones).
    public func table(_ table: TableView, after: Bool) -> TableView {
        let gone = Set(after ? deletions : insertions)
        var t = table
        t.rowUpdate = nil
        for s in t.sections.indices {
            t.sections[s].rows = t.sections[s].rows.enumerated().filter { !gone.contains(Position(section: s, row: $0.offset)) }.map(\.element)
        }
        return t
    }
}

/// A row update part way: what the table draws at the scene's time (set by the renderer's motion).
public struct RowUpdateState: Sendable, Equatable {
    public var update: RowUpdate
    /// 0 before it starts, 1 once over.
    public var progress: Double
    public init(update: RowUpdate, progress: Double) { self.update = update; self.progress = progress }
}
