/// Decoding of `{"tableView": {...}}`: the table's own properties (the view decoder reads the common
/// ones, like `frame` and `backgroundColor`, from the same object).
extension TableView {
    static func decode(_ r: ObjectReader, depth: Int) -> TableView? {
        var t = TableView()
        if let s = r.choice("style", TableStyle.self) { t.style = s }
        t.rowHeight = automaticOrLength(r, "rowHeight")
        t.estimatedRowHeight = automaticOrLength(r, "estimatedRowHeight")
        if let b = r.bool("cellLayoutMarginsFollowReadableWidth") { t.cellLayoutMarginsFollowReadableWidth = b }
        if let s = r.choice("separatorStyle", SeparatorStyle.self, aliases: ["singleLineEtched": .singleLine]) { t.separatorStyle = s }
        t.separatorColor = r.colorValue("separatorColor")
        t.separatorInset = r.insets("separatorInset")
        if let s = r.choice("separatorInsetReference", SeparatorInsetReference.self) { t.separatorInsetReference = s }
        t.layoutMargin = r.length("layoutMargin")
        t.scroll = ScrollView.decode(r)
        if let e = r.bool("editing") { t.isEditing = e }
        if let items = r.array("sectionIndexTitles") {
            t.sectionIndexTitles = items.compactMap { item in
                guard case .string(let s) = item.node.value else {
                    r.context.report(item.path, item.node.position, "expected a string, found \(item.node.value.kindName)")
                    return nil
                }
                return s
            }
        }
        t.sectionIndexColor = r.colorValue("sectionIndexColor")
        t.tableHeaderView = decodeSizedView(r, "tableHeaderView", depth: depth, what: "a table header view", uses: "height")
        t.tableFooterView = decodeSizedView(r, "tableFooterView", depth: depth, what: "a table footer view", uses: "height")
        if let c = r.object("refreshControl") {
            var rc = RefreshControl()
            if let p = c.bool("pulled") { rc.isPulled = p }
            rc.tintColor = c.color("tintColor")
            rc.title = c.string("title")
            c.finish()
            t.refreshControl = rc
        }
        // The view draws a given background color itself; the table then draws none of its own.
        if r.has("backgroundColor") { t.backgroundColor = .clear }

        let prototypes = decodePrototypes(r, depth: depth)
        // The scene's tableData may give this table's rows (a storyboard's prototype table has only
        // its prototypes); the table's own rows are read all the same, so they are checked.
        let own = decodeRows(r, depth: depth, prototypes: prototypes)
        t.sections = own
        if let id = r.context.containers.last?.id {
            r.context.tableIds.insert(id)
            if let data = r.context.tableData[id] {
                r.context.tableDataUsed.insert(id)
                t.sections = decodeRows(data, depth: depth, prototypes: prototypes)
            }
        }
        return t
    }

    /// The table's `"rows"` (one section) or `"sections"`; nil when it gives neither.
    static func decodeRows(_ r: ObjectReader, depth: Int, prototypes: [String: JSONNode]) -> [TableSection] {
        let rows = r.array("rows")
        let sections = r.array("sections")
        var out: [TableSection] = []
        if let rows {
            out = [TableSection(rows: rows.compactMap { TableRow.decode($0.node, path: $0.path, depth: depth, context: r.context, prototypes: prototypes) })]
        }
        if let sections {
            if rows != nil {
                r.context.report(join(r.path, "sections"), r.node("sections")!.position,
                                 "give either \"rows\" (one section) or \"sections\", not both")
            } else {
                out = sections.compactMap { TableSection.decode($0.node, path: $0.path, depth: depth, context: r.context, prototypes: prototypes) }
            }
        }
        return out
    }

    /// `"prototypes"`: rows with a `reuseIdentifier`, each checked as a row, that a row names with
    /// `"prototype"` to take their properties (UITableView's prototype cells, dequeued by identifier).
    static func decodePrototypes(_ r: ObjectReader, depth: Int) -> [String: JSONNode] {
        guard let items = r.array("prototypes") else { return [:] }
        var out: [String: JSONNode] = [:]
        for (n, p) in items {
            guard case .object(let members) = n.value else {
                r.context.report(p, n.position, "expected a prototype row (an object with a \"reuseIdentifier\"), found \(n.value.kindName)")
                continue
            }
            r.context.readingPrototype = true
            let decoded = TableRow.decode(n, path: p, depth: depth, context: r.context, prototypes: [:])
            r.context.readingPrototype = false
            guard let row = decoded else { continue }
            guard let id = row.reuseIdentifier else {
                r.context.report(p, n.position, "a prototype needs a \"reuseIdentifier\", the name rows give as \"prototype\"")
                continue
            }
            if out[id] != nil {
                r.context.report(join(p, "reuseIdentifier"), n.position, "two prototypes have the reuseIdentifier \(quoted(id))")
                continue
            }
            out[id] = JSONNode(value: .object(members.filter { $0.key != "reuseIdentifier" }), position: n.position)
        }
        return out
    }

    /// A length, or `"automatic"` (UITableView.automaticDimension), which is nil.
    static func automaticOrLength(_ r: ObjectReader, _ key: String) -> Double? {
        guard let n = r.node(key) else { return nil }
        if case .string(let s) = n.value {
            if s != "automatic" && s != "automaticDimension" { r.report(key, n, "expected a length or \"automatic\", found \(quoted(s))") }
            return nil
        }
        return ObjectReader.number(n, path: join(r.path, key), in: 0...Double.greatestFiniteMagnitude, context: r.context)
    }

    /// A view whose frame gives its size: reported when it has no frame (unless `measurable` and
    /// the view has a size of its own: a label, image view, control or stack view, or a layout's
    /// width and height).
    static func decodeSizedView(_ r: ObjectReader, _ key: String, depth: Int, what: String, uses: String, measurable: Bool = false) -> View? {
        guard let n = r.node(key, as: .view) else { return nil }
        let p = join(r.path, key)
        guard let v = SceneDecoder.decodeView(n, path: p, depth: depth + 1, context: r.context) else { return nil }
        guard v.frame != nil || (measurable && v.hasOwnSize) else {
            r.context.report(p, n.position, measurable
                ? "\(what) needs a \"frame\" or a size of its own (a \(v.kind.name) has none; give \"layout\": {\"width\": …, \"height\": …})"
                : "\(what) needs a \"frame\" (its \(uses) is used)")
            return nil
        }
        return v
    }
}

extension TableSection {
    static func decode(_ n: JSONNode, path: String, depth: Int, context: DecodeContext, prototypes: [String: JSONNode] = [:]) -> TableSection? {
        guard let r = ObjectReader(n, path: path, context: context, what: "a section object") else { return nil }
        defer { r.finish() }
        var s = TableSection()
        s.header = r.string("header")
        s.footer = r.string("footer")
        s.headerView = TableView.decodeSizedView(r, "headerView", depth: depth, what: "a section header view", uses: "height", measurable: true)
        s.footerView = TableView.decodeSizedView(r, "footerView", depth: depth, what: "a section footer view", uses: "height", measurable: true)
        if let items = r.array("rows") {
            s.rows = items.compactMap { TableRow.decode($0.node, path: $0.path, depth: depth, context: context, prototypes: prototypes) }
        }
        return s
    }
}

extension TableRow {
    /// `"Text"` or an object of row properties.
    static func decode(_ n: JSONNode, path: String, depth: Int, context: DecodeContext, prototypes: [String: JSONNode] = [:]) -> TableRow? {
        if case .string(let s) = n.value { return TableRow(s).withLabelAppearance(given: [], at: n, path: path, context: context) }
        // A row naming a prototype takes the prototype's properties for the keys it does not give.
        var defaults: [JSONMember] = []
        var instance = false
        if case .object(let members) = n.value, let m = members.first(where: { $0.key == "prototype" }) {
            if case .string(let name) = m.value.value {
                if let proto = prototypes[name], case .object(let given) = proto.value {
                    defaults = given
                    instance = true
                    context.readingPrototypeInstance += 1
                } else {
                    var message = "no prototype has the reuseIdentifier \(quoted(name))"
                    if let near = Suggest.closest(to: name, in: prototypes.keys.sorted()) { message += "; did you mean \(quoted(near))?" }
                    else if prototypes.isEmpty { message += " (the table has no \"prototypes\")" }
                    context.report(join(path, "prototype"), m.value.position, message)
                }
            }
        }
        defer { if instance { context.readingPrototypeInstance -= 1 } }
        guard let r = ObjectReader(n, path: path, context: context, what: "a row (a string or an object)", schemaName: "tableRow", defaults: defaults) else { return nil }
        defer { r.finish() }
        var row = TableRow()
        _ = r.node("prototype", as: .string)
        row.reuseIdentifier = r.string("reuseIdentifier")
        if let s = r.choice("style", CellStyle.self) { row.style = s }
        row.text = r.string("text")
        row.detailText = r.string("detailText")
        row.textColor = r.colorValue("textColor")
        row.detailTextColor = r.colorValue("detailTextColor")
        if let f = r.node("font", as: .font) { row.font = Label.decodeFont(f, path: join(path, "font"), context: context) }
        if let f = r.node("detailFont", as: .font) { row.detailFont = Label.decodeFont(f, path: join(path, "detailFont"), context: context) }
        if let a = r.choice("textAlignment", TextAlignment.self) { row.textAlignment = a }
        row.image = r.imageSource("image")
        if let m = r.choice("imageRenderingMode", RenderingMode.self, aliases: ["original": .alwaysOriginal, "template": .alwaysTemplate]) {
            row.imageRenderingMode = m
        }
        if let a = r.choice("accessoryType", AccessoryType.self, aliases: AccessoryType.aliases) { row.accessoryType = a }
        row.accessoryView = TableView.decodeSizedView(r, "accessoryView", depth: depth, what: "an accessory view", uses: "size", measurable: true)
        if let s = r.bool("selected") { row.isSelected = s }
        if let h = r.bool("highlighted") { row.isHighlighted = h }
        if let s = r.choice("selectionStyle", SelectionStyle.self) { row.selectionStyle = s }
        if let n = r.node("selectedBackgroundView") {
            row.selectedBackgroundView = SceneDecoder.decodeView(n, path: join(path, "selectedBackgroundView"), depth: depth + 1, context: context)
        }
        row.backgroundColor = r.colorValue("backgroundColor")
        row.tintColor = r.color("tintColor")
        row.editingStyle = r.choice("editingStyle", EditingStyle.self)
        if let s = r.bool("showsReorderControl") { row.showsReorderControl = s }
        if let s = r.bool("shouldIndentWhileEditing") { row.shouldIndentWhileEditing = s }
        if let s = r.bool("showsDeleteConfirmation") { row.showsDeleteConfirmation = s }
        if let s = r.object("swiped") { row.swiped = SwipeState.decode(s) }
        for (key, side) in [("leadingSwipeActions", SwipeState.Side.leading), ("trailingSwipeActions", .trailing)] {
            guard let items = r.array(key) else { continue }
            let actions = items.compactMap { SwipeAction.decode($0.node, path: $0.path, context: context) }
            if side == .leading { row.leadingSwipeActions = actions } else { row.trailingSwipeActions = actions }
        }
        if let n = r.node("contentView") {
            row.contentView = SceneDecoder.decodeView(n, path: join(path, "contentView"), depth: depth + 1, context: context)
        }
        // What a cell's code sets through its outlets: the text of labels in its content view, by id.
        if let items = r.array("texts") {
            for (item, p) in items {
                guard let t = ObjectReader(item, path: p, context: context, what: "an object with the \"id\" of a label in the cell and its \"text\"",
                                           schemaName: "row.texts") else { continue }
                defer { t.finish() }
                guard let id = t.string("id"), let text = t.string("text") else {
                    if !t.has("id") || !t.has("text") { context.report(p, item.position, "give the label's \"id\" and its \"text\"") }
                    continue
                }
                if row.contentView?.setLabelText(text, id: id) != true {
                    let labels = row.contentView?.labelIds ?? []
                    var message = "the cell's content view has no label with the id \(quoted(id))"
                    if let near = Suggest.closest(to: id, in: labels) { message += "; did you mean \(quoted(near))?" }
                    else { message += labels.isEmpty ? " (it has no label with an id)" : " (its labels: \(labels.joined(separator: ", ")))" }
                    context.report(join(p, "id"), item.position, message)
                }
            }
        }
        row.height = r.length("height")
        if let n = r.integer("numberOfLines", in: 0...10_000) { row.numberOfLines = n }
        if let n = r.integer("detailNumberOfLines", in: 0...10_000) { row.detailNumberOfLines = n }
        row.separatorInset = r.insets("separatorInset")
        row.accessibility = Accessibility.decode(r, modal: false)
        if let identifier = row.accessibility.identifier { r.context.declareRow(identifier: identifier) }
        return row.withLabelAppearance(given: ["textColor", "detailTextColor", "font", "detailFont"].filter(r.gives), at: n, path: path, context: context)
    }
}

extension SwipeState {
    static func decode(_ r: ObjectReader) -> SwipeState? {
        defer { r.finish() }
        var state = SwipeState(actions: [])
        if let s = r.choice("side", Side.self) { state.side = s }
        if let n = r.node("progress", as: .number(0, 1)), let p = ObjectReader.number(n, path: join(r.path, "progress"), in: 0...1, context: r.context) {
            state.progress = p
        }
        if let items = r.array("actions") {
            state.actions = items.compactMap { SwipeAction.decode($0.node, path: $0.path, context: r.context) }
            if items.isEmpty {
                r.context.report(join(r.path, "actions"), r.node("actions")!.position, "a swiped row needs at least one action")
            }
        } else if !r.has("actions") {
            r.context.report(join(r.path, "actions"), r.node.position, "a swiped row needs \"actions\", like [{\"title\": \"Delete\", \"style\": \"destructive\"}]")
        }
        return state.actions.isEmpty ? nil : state
    }
}

extension SwipeAction {
    /// `"Title"` or `{"title", "style", "image", "backgroundColor"}`.
    static func decode(_ n: JSONNode, path: String, context: DecodeContext) -> SwipeAction? {
        if case .string(let s) = n.value { return SwipeAction(title: s) }
        guard let r = ObjectReader(n, path: path, context: context, what: "an action (a title or an object)") else { return nil }
        defer { r.finish() }
        var a = SwipeAction()
        a.title = r.string("title")
        if let s = r.choice("style", Style.self) { a.style = s }
        a.image = r.imageSource("image")
        a.backgroundColor = r.colorValue("backgroundColor")
        if a.title == nil && a.image == nil {
            if !r.has("title") && !r.has("image") { context.report(path, n.position, "an action needs a \"title\" or an \"image\"") }
            return nil
        }
        return a
    }
}

extension AccessoryType {
    /// Short names a scene file may use instead.
    static let aliases: [String: AccessoryType] = [
        "disclosure": .disclosureIndicator, "chevron": .disclosureIndicator,
        "detailDisclosure": .detailDisclosureButton, "info": .detailButton,
    ]
}

extension TableRow {
    /// The row with the scene's `label` appearance for the text properties it does not give
    /// (`given`; a `null` there keeps the style's own): a cell's text and detail are UILabels, so
    /// `UILabel.appearance()` reaches them as it reaches every label.
    func withLabelAppearance(given: [String], at n: JSONNode, path: String, context: DecodeContext) -> TableRow {
        let defaults = SceneAppearance.defaults(for: "label", over: nil, context: context)
        guard !defaults.isEmpty,
              let a = ObjectReader(JSONNode(value: .object([]), position: n.position), path: path, context: context, recorded: false, defaults: defaults)
        else { return self }
        var row = self
        let color = a.colorValue("textColor")
        let font = a.node("font", as: .font).flatMap { Label.decodeFont($0, path: join(path, "font"), context: context) }
        if !given.contains("textColor"), let color { row.textColor = color }
        if !given.contains("detailTextColor"), let color { row.detailTextColor = color }
        if !given.contains("font"), let font { row.font = font }
        if !given.contains("detailFont"), let font { row.detailFont = font }
        return row
    }
}

extension View {
    /// Sets the text of the label with `id` in this view's tree (subviews and arranged views);
    /// false when there is none.
    mutating func setLabelText(_ text: String, id: String) -> Bool {
        if self.id == id, case .label(var label) = kind {
            label.text = text
            kind = .label(label)
            return true
        }
        for i in subviews.indices where subviews[i].setLabelText(text, id: id) { return true }
        if case .stackView(var stack) = kind {
            for i in stack.arrangedSubviews.indices where stack.arrangedSubviews[i].setLabelText(text, id: id) {
                kind = .stackView(stack)
                return true
            }
        }
        return false
    }

    /// The ids of the labels in this view's tree, in order.
    var labelIds: [String] {
        var out: [String] = []
        if case .label = kind, let id { out.append(id) }
        for v in subviews { out += v.labelIds }
        if case .stackView(let stack) = kind { for v in stack.arrangedSubviews { out += v.labelIds } }
        return out
    }
}
