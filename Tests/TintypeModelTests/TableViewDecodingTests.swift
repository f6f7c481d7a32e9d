import Foundation
import Testing
@testable import TintypeModel

/// Decoding of `tableView`: every property into the model, and every bad value reported with its path.
@Suite struct TableViewDecodingTests {

    func table(_ properties: String, base: String? = nil) throws -> TableView {
        let s = try SceneDecoder.decode(#"{ "root": { "tableView": { \#(properties) } } }"#, baseDirectory: base)
        guard case .tableView(let t) = s.root.kind else { Issue.record("root is \(s.root.kind)"); return TableView() }
        return t
    }

    /// A folder holding `icon.svg`, for image properties.
    func withImageFolder(_ body: (String) throws -> Void) throws {
        let dir = NSTemporaryDirectory() + "tintype-table-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20"/></svg>"#
            .write(toFile: dir + "/icon.svg", atomically: true, encoding: .utf8)
        try body(dir)
    }

    @Test func defaultsFollowUIKit() throws {
        let t = try table(#""rows": ["One"]"#)
        #expect(t.style == .plain && t.rowHeight == nil && t.estimatedRowHeight == nil && t.separatorStyle == .singleLine)
        #expect(t.separatorColor == nil && t.separatorInset == nil && t.separatorInsetReference == .fromCellEdges)
        #expect(t.layoutMargin == nil && !t.isEditing && t.sectionIndexTitles.isEmpty && t.refreshControl == nil)
        #expect(t.scroll == ScrollView() && t.backgroundColor == nil)
        #expect(t.sections == [TableSection(rows: [TableRow("One")])])
        let row = t.sections[0].rows[0]
        #expect(row.style == .default && row.accessoryType == .none && row.imageRenderingMode == .automatic)
        #expect(row.editingStyle == nil && !row.isSelected && row.swiped == nil && row.contentView == nil)
    }

    @Test func tablePropertiesDecode() throws {
        let t = try table("""
            "style": "insetGrouped", "rowHeight": 50, "separatorStyle": "none", "separatorColor": "systemRed",
            "separatorInset": [0, 20, 0, 8], "separatorInsetReference": "fromAutomaticInsets", "layoutMargin": 15,
            "contentOffset": [0, 120], "contentInset": [10, 0, 0, 0], "contentInsetAdjustmentBehavior": "never",
            "editing": true, "sectionIndexTitles": ["A", "B", "#"], "sectionIndexColor": "tint",
            "refreshControl": { "pulled": true, "tintColor": "systemTeal", "title": "Loading" },
            "tableHeaderView": { "view": { "frame": [0, 0, 375, 80], "backgroundColor": "white" } },
            "tableFooterView": { "label": { "frame": [0, 0, 375, 30], "text": "Footer" } },
            "backgroundColor": "black",
            "sections": [ { "header": "H", "footer": "F", "rows": [] },
                          { "headerView": { "view": { "frame": [0, 0, 10, 40] } }, "footerView": { "view": { "frame": [0, 0, 10, 20] } } } ]
            """)
        #expect(t.style == .insetGrouped && t.rowHeight == 50 && t.separatorStyle == .none)
        #expect(t.separatorColor == .color(.systemRed))
        #expect(t.separatorInset == EdgeInsets(top: 0, left: 20, bottom: 0, right: 8))
        #expect(t.separatorInsetReference == .fromAutomaticInsets && t.layoutMargin == 15)
        #expect(t.scroll == ScrollView(contentOffset: Point(x: 0, y: 120), contentInset: EdgeInsets(top: 10), contentInsetAdjustmentBehavior: .never))
        #expect(t.isEditing && t.sectionIndexTitles == ["A", "B", "#"] && t.sectionIndexColor == .tint)
        #expect(t.refreshControl == RefreshControl(isPulled: true, tintColor: .systemTeal, title: "Loading"))
        #expect(t.tableHeaderView?.frame?.height == 80 && t.tableFooterView?.frame?.height == 30)
        // The view draws the given background; the table draws none of its own.
        #expect(t.backgroundColor == .clear)
        #expect(t.sections.count == 2 && t.sections[0].header == "H" && t.sections[0].footer == "F")
        #expect(t.sections[1].headerView?.frame?.height == 40 && t.sections[1].footerView?.frame?.height == 20)
    }

    @Test func rowPropertiesDecode() throws {
        try withImageFolder { dir in
            let t = try table("""
                "sections": [ { "rows": [
                  { "style": "value1", "text": "Ringtone", "detailText": "Opening", "textColor": "systemRed", "detailTextColor": "tint",
                    "font": 15, "detailFont": { "style": "footnote" }, "textAlignment": "center",
                    "image": "icon.svg", "imageRenderingMode": "template", "accessoryType": "detailDisclosureButton",
                    "selected": true, "highlighted": true, "backgroundColor": "#EEEEEE", "tintColor": "systemPink",
                    "editingStyle": "insert", "showsReorderControl": true, "showsDeleteConfirmation": true, "height": 60,
                    "separatorInset": 0,
                    "swiped": { "side": "leading", "actions": [ "Pin", { "title": "Delete", "style": "destructive", "image": "icon.svg", "backgroundColor": "systemOrange" } ] },
                    "accessoryView": { "view": { "frame": [0, 0, 30, 20] } },
                    "selectedBackgroundView": { "view": { "backgroundColor": "systemPurple" } },
                    "contentView": { "label": { "text": "Custom" } } }
                ] } ]
                """, base: dir)
            let row = t.sections[0].rows[0]
            #expect(row.style == .value1 && row.text == "Ringtone" && row.detailText == "Opening")
            #expect(row.textColor == .color(.systemRed) && row.detailTextColor == .tint)
            #expect(row.font == .system(size: 15) && row.detailFont == .style(.footnote) && row.textAlignment == .center)
            #expect(row.image == ImageSource("icon.svg") && row.imageRenderingMode == .alwaysTemplate)
            #expect(row.accessoryType == .detailDisclosureButton && row.isSelected && row.isHighlighted)
            #expect(row.backgroundColor == .color(Color(rgb8: 0xEE, 0xEE, 0xEE)) && row.tintColor == .systemPink)
            #expect(row.editingStyle == .insert && row.showsReorderControl && row.showsDeleteConfirmation && row.height == 60)
            #expect(row.separatorInset == EdgeInsets())
            #expect(row.swiped == SwipeState(side: .leading, actions: [
                SwipeAction(title: "Pin"),
                SwipeAction(title: "Delete", style: .destructive, image: ImageSource("icon.svg"), backgroundColor: .color(.systemOrange)),
            ]))
            #expect(row.accessoryView?.frame?.size == Size(width: 30, height: 20))
            #expect(row.selectedBackgroundView?.backgroundColor == .color(.systemPurple))
            if case .label(let l)? = row.contentView?.kind { #expect(l.text == "Custom") } else { Issue.record("contentView is not a label") }
        }
    }

    @Test func accessoryAliases() throws {
        let t = try table(#""rows": [ { "accessoryType": "disclosure" }, { "accessoryType": "chevron" }, { "accessoryType": "detailDisclosure" }, { "accessoryType": "info" } ]"#)
        #expect(t.sections[0].rows.map(\.accessoryType) == [.disclosureIndicator, .disclosureIndicator, .detailDisclosureButton, .detailButton])
    }

    @Test func aTableInATableCellDecodes() throws {
        let t = try table(#""rows": [ { "contentView": { "tableView": { "rows": ["Inner"] } } } ]"#)
        guard case .tableView(let inner)? = t.sections[0].rows[0].contentView?.kind else { Issue.record("no inner table"); return }
        #expect(inner.sections[0].rows == [TableRow("Inner")])
    }

    @Test func badValuesAreReportedWithTheirPathsAndSuggestions() {
        let found = issues("""
        { "root": { "tableView": { "style": "groupd", "rowHeight": -1, "separatorStyle": "dashed",
          "sections": [ { "rows": [
            { "text": "A", "accessoryType": "disclosureIndicater" },
            { "text": "B", "swiped": { "side": "left", "actions": ["Delete"] } },
            { "text": "C", "swiped": { "actions": [] } },
            { "text": "D", "swiped": { "actions": [ { "style": "destructive" } ] } },
            { "text": "E", "editingStyle": "remove", "imageRenderingMode": "tinted" },
            { "text": "F", "accessoryView": { "view": { "backgroundColor": "red" } } },
            { "text": "G", "detailtext": "typo" },
            42
          ] } ] } } }
        """)
        let byPath = Dictionary(found.map { ($0.path, $0.message) }, uniquingKeysWith: { a, b in a + " | " + b })
        #expect(byPath["root.style"]?.contains("did you mean \"grouped\"") == true)
        #expect(byPath["root.rowHeight"]?.contains("must not be negative") == true)
        #expect(byPath["root.separatorStyle"]?.contains("expected one of") == true)
        #expect(byPath["root.sections[0].rows[0].accessoryType"]?.contains("did you mean \"disclosureIndicator\"") == true)
        #expect(byPath["root.sections[0].rows[1].swiped.side"]?.contains("expected one of leading, trailing") == true)
        #expect(byPath["root.sections[0].rows[2].swiped.actions"]?.contains("at least one action") == true)
        #expect(byPath["root.sections[0].rows[3].swiped.actions[0]"]?.contains("needs a \"title\" or an \"image\"") == true)
        #expect(byPath["root.sections[0].rows[4].editingStyle"]?.contains("expected one of none, delete, insert") == true)
        #expect(byPath["root.sections[0].rows[4].imageRenderingMode"] != nil)
        #expect(byPath["root.sections[0].rows[5].accessoryView"]?.contains("needs a \"frame\"") == true)
        #expect(byPath["root.sections[0].rows[6].detailtext"]?.contains("did you mean \"detailText\"") == true)
        #expect(byPath["root.sections[0].rows[7]"]?.contains("expected a row (a string or an object)") == true)
        #expect(found.count == 12, "\(found.map(\.description).joined(separator: "\n"))")
    }

    @Test func moreBadValues() {
        let found = issues("""
        { "root": { "tableView": { "rows": ["A"], "sections": [],
          "sectionIndexTitles": ["A", 2], "refreshControl": { "pulled": "yes" },
          "tableHeaderView": { "view": {} }, "separatorInsetReference": "fromCellEdge" } } }
        """)
        let paths = found.map(\.path)
        #expect(paths.contains("root.sections"))
        #expect(found.first { $0.path == "root.sections" }?.message.contains("not both") == true)
        #expect(paths.contains("root.sectionIndexTitles[1]"))
        #expect(paths.contains("root.refreshControl.pulled"))
        #expect(found.first { $0.path == "root.tableHeaderView" }?.message.contains("needs a \"frame\"") == true)
        #expect(found.first { $0.path == "root.separatorInsetReference" }?.message.contains("did you mean \"fromCellEdges\"") == true)
        #expect(found.count == 5, "\(found.map(\.description).joined(separator: "\n"))")
    }

    @Test func aMissingCellImageIsReportedAtDecoding() throws {
        try withImageFolder { dir in
            let found = issues(#"{ "root": { "tableView": { "rows": [ { "text": "A", "image": "nope.png" } ] } } }"#, base: dir)
            #expect(found.map(\.path) == ["root.rows[0].image"])
        }
    }

    @Test func builderAPIMatchesDecoding() throws {
        let decoded = try table(#""style": "grouped", "sections": [ { "header": "Display", "rows": [ { "text": "Brightness", "accessoryType": "disclosureIndicator" } ] } ]"#)
        let built = TableView(style: .grouped, sections: [TableSection(header: "Display", rows: [TableRow("Brightness", accessoryType: .disclosureIndicator)])])
        #expect(decoded == built)
    }
    // MARK: Prototype cells and rows given by the scene

    static let prototypes = #"""
    "id": "list", "prototypes": [
      { "reuseIdentifier": "Hike", "style": "subtitle", "detailText": "?", "accessoryType": "disclosureIndicator" },
      { "reuseIdentifier": "Note", "contentView": { "view": { "id": "note-content", "subviews": [
        { "label": { "id": "note-label", "frame": [16, 10, 200, 20], "text": "Note" } } ] } } } ]
    """#

    @Test func rowsTakeTheirPrototypesProperties() throws {
        let t = try table(Self.prototypes + #"""
            , "rows": [ { "prototype": "Hike", "text": "Mist Trail" }, { "prototype": "Hike", "text": "Zion", "accessoryType": "none" },
              { "prototype": "Note", "texts": [ { "id": "note-label", "text": "2 hikes" } ] }, { "prototype": "Note" } ]
            """#)
        let rows = t.sections.flatMap(\.rows)
        #expect(rows.map(\.text) == ["Mist Trail", "Zion", nil, nil])
        #expect(rows.map(\.style) == [.subtitle, .subtitle, .default, .default])
        #expect(rows.map(\.detailText) == ["?", "?", nil, nil])
        #expect(rows.map(\.accessoryType) == [.disclosureIndicator, .none, .none, .none], "a row's own value wins")
        // Each Note row has its own content view, the ids the prototype's (no duplicate-id error).
        func label(_ row: TableRow) -> String? {
            guard case .label(let l)? = row.contentView?.subviews.first?.kind else { return nil }
            return l.text
        }
        #expect(rows[2...].map(label) == ["2 hikes", "Note"])
    }

    @Test func tableDataGivesATableItsRowsById() throws {
        let s = try SceneDecoder.decode(#"""
        { "tableData": [ { "id": "list", "sections": [ { "header": "Today", "rows": [ { "prototype": "Hike", "text": "Mist Trail" } ] } ] } ],
          "root": { "tableView": { \#(Self.prototypes), "rows": [ { "prototype": "Hike" }, { "prototype": "Note" } ] } } }
        """#)
        guard case .tableView(let t) = s.root.kind else { Issue.record("not a table"); return }
        #expect(t.sections.count == 1 && t.sections[0].header == "Today")
        #expect(t.sections[0].rows.map(\.text) == ["Mist Trail"] && t.sections[0].rows[0].style == .subtitle)
    }

    @Test func prototypeAndTableDataMistakesAreNamedWhereTheyAre() {
        func messages(_ json: String) -> [String] { issues(json).map(\.description) }
        let bad = messages(#"""
        { "tableData": [ { "id": "lst", "rows": [] }, { "rows": [] } ],
          "root": { "tableView": { \#(Self.prototypes), "rows": [ { "prototype": "Hik" }, { "prototype": "Note", "texts": [ { "id": "note-lab", "text": "x" } ] } ] } } }
        """#)
        #expect(bad.contains { $0.hasSuffix(#"tableData[0].id: no table has the id "lst"; did you mean "list"?"#) }, "\(bad)")
        #expect(bad.contains { $0.hasSuffix(#"tableData[1]: tableData needs the "id" of the table it gives rows to"#) })
        #expect(bad.contains { $0.hasSuffix(#"root.rows[0].prototype: no prototype has the reuseIdentifier "Hik"; did you mean "Hike"?"#) })
        #expect(bad.contains { $0.hasSuffix(#"root.rows[1].texts[0].id: the cell's content view has no label with the id "note-lab"; did you mean "note-label"?"#) })
        let twice = messages(#"{ "root": { "tableView": { "prototypes": [ { "reuseIdentifier": "A" }, { "reuseIdentifier": "A" }, { "text": "x" } ], "rows": [] } } }"#)
        #expect(twice.contains { $0.hasSuffix(#"root.prototypes[1].reuseIdentifier: two prototypes have the reuseIdentifier "A""#) }, "\(twice)")
        #expect(twice.contains { $0.hasSuffix(#"root.prototypes[2]: a prototype needs a "reuseIdentifier", the name rows give as "prototype""#) })
    }
}
