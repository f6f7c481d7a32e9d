/// UIPickerView: side-by-side wheels of text rows, each turned to its selected row, which sits in
/// the selection band across the middle; the other rows curve away on the wheel, shrinking and fading.
///
/// Scene keys: `components`, a list whose items are either a list of row strings (the first row
/// selected) or `{"rows": [...], "selectedRow": 2, "width": 120, "textAlignment": "left"}`;
/// `rowHeight` (default 32, or 24 when the picker is less than 216 high); `textColor`. UIPickerView
/// is a plain view in UIKit, not a control, so it has no enabled or highlighted state.
public struct PickerView: Sendable, Equatable {
    public struct Component: Sendable, Equatable {
        public var rows: [String]
        public var selectedRow: Int
        /// nil shares the width left by the components that give one.
        public var width: Double?
        public var textAlignment: TextAlignment

        public init(rows: [String], selectedRow: Int = 0, width: Double? = nil, textAlignment: TextAlignment = .center) {
            self.rows = rows; self.selectedRow = selectedRow; self.width = width; self.textAlignment = textAlignment
        }
    }

    public var components: [Component]
    /// nil: UIKit's default for the picker's height.
    public var rowHeight: Double?
    public var textColor: ColorValue

    public init(components: [Component] = [], rowHeight: Double? = nil, textColor: ColorValue = .black) {
        self.components = components; self.rowHeight = rowHeight; self.textColor = textColor
    }

    static func decode(_ r: ObjectReader) -> PickerView? {
        var p = PickerView()
        if let items = r.array("components") {
            p.components = items.compactMap { decodeComponent($0.node, path: $0.path, context: r.context) }
        }
        p.rowHeight = r.number("rowHeight", in: 8...200)
        if let c = r.colorValue("textColor") { p.textColor = c }
        return p
    }

    static func decodeComponent(_ n: JSONNode, path: String, context: DecodeContext) -> Component? {
        switch n.value {
        case .array:
            return decodeRows(n, path: path, context: context).map { Component(rows: $0) }
        case .object:
            guard let r = ObjectReader(n, path: path, context: context) else { return nil }
            defer { r.finish() }
            // Every property is read first, so that a bad or missing list never makes the others look unknown.
            let selected = r.integer("selectedRow", in: 0...SceneLimits.maxListCount)
            let width = r.number("width", in: 1...10_000)
            let alignment = r.choice("textAlignment", TextAlignment.self)
            guard let rowsNode = r.node("rows") else {
                context.report(path, n.position, "a component needs \"rows\", a list of strings")
                return nil
            }
            guard let rows = decodeRows(rowsNode, path: join(path, "rows"), context: context) else { return nil }
            var c = Component(rows: rows, width: width, textAlignment: alignment ?? .center)
            if let selected, let sn = r.node("selectedRow") {
                if selected >= max(1, rows.count) {
                    let range = rows.isEmpty ? "there are no rows, so it must be 0"
                        : "there are \(rows.count) rows, so it must be from 0 to \(rows.count - 1)"
                    r.report("selectedRow", sn, "selectedRow \(selected) is past the last row; \(range)")
                } else {
                    c.selectedRow = selected
                }
            }
            return c
        default:
            context.report(path, n.position, "expected a component: a list of row strings or {\"rows\": [...], \"selectedRow\": 0}, found \(n.value.kindName)")
            return nil
        }
    }

    static func decodeRows(_ n: JSONNode, path: String, context: DecodeContext) -> [String]? {
        guard case .array(let items) = n.value else {
            context.report(path, n.position, "expected a list of row strings, found \(n.value.kindName)")
            return nil
        }
        var rows: [String] = []
        var ok = true
        for (i, item) in items.enumerated() {
            guard case .string(let s) = item.value else {
                context.report(path + "[\(i)]", item.position, "expected a row string, found \(item.value.kindName)")
                ok = false
                continue
            }
            rows.append(s)
        }
        return ok ? rows : nil
    }
}
