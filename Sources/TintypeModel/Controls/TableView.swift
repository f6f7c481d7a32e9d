/// UITableView: sections of rows in the plain, grouped or inset grouped style, shown through the
/// table's bounds at a content offset (a table is a scroll view).
///
/// ```swift
/// let table = TableView(style: .grouped, sections: [
///     TableSection(header: "Display", rows: [
///         TableRow("Brightness", accessoryType: .disclosureIndicator),
///         TableRow("Text Size", style: .value1, detailText: "Large"),
///     ]),
/// ])
/// let view = View(.tableView(table))
/// ```
///
/// Views a table holds (header and footer views, accessory views, custom cells) may themselves hold
/// tables, so they are kept in arrays, which store their elements indirectly.
public struct TableView: Sendable, Equatable {
    public var style: TableStyle
    public var sections: [TableSection]
    /// Height of a row that gives none (UITableView.rowHeight); nil is iOS 11's automaticDimension:
    /// each row is as tall as its content (44 at least).
    public var rowHeight: Double?
    /// UITableView.estimatedRowHeight: 0 turns self-sizing off (rows are then 44 high, as before
    /// iOS 11); nil is automatic. Other values change nothing drawn.
    public var estimatedRowHeight: Double?
    /// On a wide table (an iPad's), the cells' margins grow so that their content stays in the
    /// readable width (iOS 9–11's default).
    public var cellLayoutMarginsFollowReadableWidth: Bool
    public var separatorStyle: SeparatorStyle
    /// Nil means #C8C7CC.
    public var separatorColor: ColorValue?
    /// The table's separator inset; nil means the automatic one (the content margin, or the text's x
    /// in a cell with an image).
    public var separatorInset: EdgeInsets?
    /// How `separatorInset` (the table's and the rows') is measured (iOS 11).
    public var separatorInsetReference: SeparatorInsetReference
    /// The cells' horizontal content margin; nil means the device's (16, 20 on wide phones and iPads).
    /// 15 gives the iOS 7–10 look.
    public var layoutMargin: Double?
    /// Content offset, inset and inset adjustment, as a scroll view has them.
    public var scroll: ScrollView
    public var isEditing: Bool
    /// Titles of the section index shown on the right edge; empty for none.
    public var sectionIndexTitles: [String]
    /// Nil means the tint.
    public var sectionIndexColor: ColorValue?
    public var refreshControl: RefreshControl?
    /// The table's own background; nil means the style's (white for plain, #EFEFF4 grouped).
    /// A scene's `backgroundColor` on the table view is drawn by the view, and this becomes clear.
    public var backgroundColor: ColorValue?
    /// Rows being inserted and deleted at the scene's time (set while rendering from the scene's
    /// `animations`, docs/motion.md, Table rows); nil when none is.
    public var rowUpdate: RowUpdateState? = nil
    private var headerStorage: [View]
    private var footerStorage: [View]

    /// A view above the first section; its frame's height is used, its width is the table's.
    public var tableHeaderView: View? {
        get { headerStorage.first }
        set { headerStorage = newValue.map { [$0] } ?? [] }
    }
    /// A view below the last section; its frame's height is used. A plain table with one shows no
    /// empty-row separators below its rows.
    public var tableFooterView: View? {
        get { footerStorage.first }
        set { footerStorage = newValue.map { [$0] } ?? [] }
    }

    public init(style: TableStyle = .plain, sections: [TableSection] = [], rowHeight: Double? = nil,
                separatorStyle: SeparatorStyle = .singleLine, separatorColor: ColorValue? = nil,
                separatorInset: EdgeInsets? = nil, separatorInsetReference: SeparatorInsetReference = .fromCellEdges,
                layoutMargin: Double? = nil, scroll: ScrollView = ScrollView(), isEditing: Bool = false,
                sectionIndexTitles: [String] = [], sectionIndexColor: ColorValue? = nil,
                tableHeaderView: View? = nil, tableFooterView: View? = nil, refreshControl: RefreshControl? = nil,
                backgroundColor: ColorValue? = nil) {
        self.style = style; self.sections = sections; self.rowHeight = rowHeight
        self.estimatedRowHeight = nil; self.cellLayoutMarginsFollowReadableWidth = true
        self.separatorStyle = separatorStyle; self.separatorColor = separatorColor
        self.separatorInset = separatorInset; self.separatorInsetReference = separatorInsetReference
        self.layoutMargin = layoutMargin; self.scroll = scroll; self.isEditing = isEditing
        self.sectionIndexTitles = sectionIndexTitles; self.sectionIndexColor = sectionIndexColor
        self.refreshControl = refreshControl; self.backgroundColor = backgroundColor
        headerStorage = tableHeaderView.map { [$0] } ?? []
        footerStorage = tableFooterView.map { [$0] } ?? []
    }
}

public enum TableStyle: String, Sendable, Equatable, CaseIterable {
    /// Rows from edge to edge on white; sticky gray section header bands.
    case plain
    /// iOS 7 grouped: edge-to-edge white rows on #EFEFF4, sections apart, 13-point uppercase gray headers.
    case grouped
    /// iOS 13's inset grouped: grouped sections inset by the content margin with rounded corners.
    case insetGrouped
}

public enum SeparatorStyle: String, Sendable, Equatable, CaseIterable {
    case singleLine, none
}

public enum SeparatorInsetReference: String, Sendable, Equatable, CaseIterable {
    /// The inset is measured from the cell's edges.
    case fromCellEdges
    /// The inset is added to the automatic inset (the content margin, or the text's x).
    case fromAutomaticInsets
}

/// One section: a header and a footer (titles or views) around rows.
public struct TableSection: Sendable, Equatable {
    public var header: String?
    public var footer: String?
    public var rows: [TableRow]
    private var headerViewStorage: [View]
    private var footerViewStorage: [View]

    /// A custom header replacing the title; its frame's height is used (or its own height, for a
    /// view that has one).
    public var headerView: View? {
        get { headerViewStorage.first }
        set { headerViewStorage = newValue.map { [$0] } ?? [] }
    }
    /// A custom footer replacing the title; its frame's height is used.
    public var footerView: View? {
        get { footerViewStorage.first }
        set { footerViewStorage = newValue.map { [$0] } ?? [] }
    }

    public init(header: String? = nil, footer: String? = nil, headerView: View? = nil, footerView: View? = nil, rows: [TableRow] = []) {
        self.header = header; self.footer = footer; self.rows = rows
        headerViewStorage = headerView.map { [$0] } ?? []
        footerViewStorage = footerView.map { [$0] } ?? []
    }
}

/// One cell (UITableViewCell) and its state.
public struct TableRow: Sendable, Equatable {
    public var style: CellStyle
    public var text: String?
    public var detailText: String?
    /// The prototype cell's reuse identifier (a row of `"prototypes"`); it changes nothing drawn.
    public var reuseIdentifier: String?
    /// Nil means the style's color (black; the tint for value2's text).
    public var textColor: ColorValue?
    /// Nil means the style's color (gray for value1, black otherwise).
    public var detailTextColor: ColorValue?
    /// Nil means the style's font (17; value2 13).
    public var font: Font?
    /// Nil means the style's font (subtitle 12, value1 17, value2 13).
    public var detailFont: Font?
    public var textAlignment: TextAlignment
    public var image: ImageSource?
    /// Automatic means original in a cell; template fills the image with the tint.
    public var imageRenderingMode: RenderingMode
    public var accessoryType: AccessoryType
    public var isSelected: Bool
    public var isHighlighted: Bool
    /// What a selected or highlighted row shows (UITableViewCell.SelectionStyle): `default`, `gray`
    /// and `blue` all draw the gray since iOS 7; `none` draws nothing and keeps the separators.
    public var selectionStyle: SelectionStyle = .default
    /// Whether the row shows its selection: selected or highlighted, with a style that draws one.
    public var showsSelection: Bool { (isSelected || isHighlighted) && selectionStyle != .none }
    /// Nil means white.
    public var backgroundColor: ColorValue?
    /// The cell's own tint (checkmark, detail button, template image, "tint" colors); nil inherits.
    public var tintColor: Color?
    /// Nil means the table's default: delete while editing.
    public var editingStyle: EditingStyle?
    public var showsReorderControl: Bool
    /// Whether the content moves right while the table edits (UIKit's shouldIndentWhileEditing):
    /// every row does by default, an editing style of none included.
    public var shouldIndentWhileEditing = true
    /// The red Delete button shown after the minus control was tapped (editing mode).
    public var showsDeleteConfirmation: Bool
    /// The row shown swiped open, with its actions.
    public var swiped: SwipeState?
    /// The actions a swipe gesture uncovers (UIKit's leading and trailing swipe actions
    /// configurations); trailing defaults to Delete.
    public var leadingSwipeActions: [SwipeAction] = []
    public var trailingSwipeActions: [SwipeAction] = []
    /// Nil means the table's row height, or the content's height when rows size themselves.
    public var height: Double?
    /// Lines the text may take (0: as many as it needs), and the detail's. Nil is the style's
    /// default: as many as it needs, but one for a value2 row's title column (see `textLines`).
    public var numberOfLines: Int?
    public var detailNumberOfLines: Int = 0
    /// The lines the text may take beside its detail: `numberOfLines`, or the style's default
    /// (value2's narrow title column keeps one truncated line, as UIKit's does).
    public var textLines: Int { numberOfLines ?? (style == .value2 ? 1 : 0) }
    /// This row's separator inset; nil means the table's.
    public var separatorInset: EdgeInsets?
    /// The cell's own accessibility properties over UIKit's for a cell (`accessibilityInfo`);
    /// `isElement` false reads its labels, content and accessory views one by one instead.
    /// A row has no `viewIsModal`.
    public var accessibility = Accessibility()
    private var views: [Slot: View]

    enum Slot: Sendable, Hashable { case accessory, selectedBackground, content }

    /// A custom accessory replacing `accessoryType`; its frame's size is used.
    public var accessoryView: View? {
        get { views[.accessory] }
        set { views[.accessory] = newValue }
    }
    /// Drawn under the content when the row is selected or highlighted, instead of the gray.
    public var selectedBackgroundView: View? {
        get { views[.selectedBackground] }
        set { views[.selectedBackground] = newValue }
    }
    /// A custom cell: this view is drawn in the content view (nil frame: all of it), over the
    /// style's labels and image when those are given too.
    public var contentView: View? {
        get { views[.content] }
        set { views[.content] = newValue }
    }

    public init(_ text: String? = nil, style: CellStyle = .default, detailText: String? = nil,
                textColor: ColorValue? = nil, detailTextColor: ColorValue? = nil, font: Font? = nil, detailFont: Font? = nil,
                textAlignment: TextAlignment = .natural, image: ImageSource? = nil, imageRenderingMode: RenderingMode = .automatic,
                accessoryType: AccessoryType = .none, accessoryView: View? = nil, isSelected: Bool = false,
                isHighlighted: Bool = false, selectedBackgroundView: View? = nil, backgroundColor: ColorValue? = nil,
                tintColor: Color? = nil, editingStyle: EditingStyle? = nil, showsReorderControl: Bool = false, showsDeleteConfirmation: Bool = false,
                swiped: SwipeState? = nil, contentView: View? = nil, height: Double? = nil, separatorInset: EdgeInsets? = nil) {
        self.style = style; self.text = text; self.detailText = detailText
        self.textColor = textColor; self.detailTextColor = detailTextColor; self.font = font; self.detailFont = detailFont
        self.textAlignment = textAlignment; self.image = image; self.imageRenderingMode = imageRenderingMode
        self.accessoryType = accessoryType; self.isSelected = isSelected; self.isHighlighted = isHighlighted
        self.backgroundColor = backgroundColor; self.tintColor = tintColor; self.editingStyle = editingStyle
        self.showsReorderControl = showsReorderControl; self.showsDeleteConfirmation = showsDeleteConfirmation
        self.swiped = swiped; self.height = height; self.separatorInset = separatorInset
        views = [:]
        self.accessoryView = accessoryView
        self.selectedBackgroundView = selectedBackgroundView
        self.contentView = contentView
    }
}

/// UITableViewCell.CellStyle.
public enum CellStyle: String, Sendable, Equatable, CaseIterable {
    /// Text (and an image) on the left.
    case `default`
    /// Text on the left, gray detail on the right.
    case value1
    /// A small tinted text right-aligned in a column, detail after it; no image.
    case value2
    /// Text with a smaller detail line below it.
    case subtitle
}

/// UITableViewCell.AccessoryType.
public enum AccessoryType: String, Sendable, Equatable, CaseIterable {
    case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
}

/// UITableViewCell.EditingStyle: the control shown at the left while editing.
public enum EditingStyle: String, Sendable, Equatable, CaseIterable {
    case none, delete, insert
}

/// A row swiped open to one side, showing its actions (UISwipeActionsConfiguration).
public struct SwipeState: Sendable, Equatable {
    public enum Side: String, Sendable, Equatable, CaseIterable { case leading, trailing }
    public var side: Side
    /// The first action is the one at the table's edge.
    public var actions: [SwipeAction]
    /// How far the finger has slid the content, as a share of the row's width (0…1); nil is at
    /// rest, open, every action showing at its own width.
    public var progress: Double?
    /// Once the finger has lifted (a swipe's `release`): whether the row snaps open or closed, and
    /// how far the snap has gone (0: where the finger left it, 1: there).
    public var settlesOpen = true
    public var settled = 0.0
    public init(side: Side = .trailing, actions: [SwipeAction], progress: Double? = nil) {
        self.side = side; self.actions = actions; self.progress = progress
    }
}

/// UIContextualAction: a button revealed by a swipe.
public struct SwipeAction: Sendable, Equatable {
    public enum Style: String, Sendable, Equatable, CaseIterable {
        /// Gray (#C7C7CC) unless a background color is given.
        case normal
        /// Red (#FF3B30) unless a background color is given.
        case destructive
    }
    public var title: String?
    public var style: Style
    /// Drawn white (as a template) above the title, or alone.
    public var image: ImageSource?
    public var backgroundColor: ColorValue?
    public init(title: String? = nil, style: Style = .normal, image: ImageSource? = nil, backgroundColor: ColorValue? = nil) {
        self.title = title; self.style = style; self.image = image; self.backgroundColor = backgroundColor
    }
}

/// UIRefreshControl, shown pulled down above the first row with its spinner going.
public struct RefreshControl: Sendable, Equatable {
    /// Pulled: the content sits 60 points lower (unless the table gives a content offset).
    public var isPulled: Bool
    /// Being pulled by a finger (a `pull` gesture): it shows in the gap the content leaves above it,
    /// its spokes appearing one by one until the pull is far enough to refresh.
    public var isBeingPulled = false
    /// Nil means gray (#8E8E93).
    public var tintColor: Color?
    /// Shown under the spinner (attributedTitle).
    public var title: String?
    public init(isPulled: Bool = true, tintColor: Color? = nil, title: String? = nil) {
        self.isPulled = isPulled; self.tintColor = tintColor; self.title = title
    }
}

extension View {
    /// A table view.
    public static func tableView(_ table: TableView, frame: Rect? = nil) -> View {
        View(.tableView(table), frame: frame)
    }
}

/// UITableViewCell.SelectionStyle.
public enum SelectionStyle: String, Sendable, Equatable, CaseIterable {
    case none, blue, gray, `default`
}
