import Foundation
import Testing
@testable import TintypeModel

/// `"appearance"`: UIAppearance defaults applied while decoding, with UIKit's precedence (the
/// instance first, then the most specific `whenContainedIn`, then the plain default), and problems
/// reported once, where the appearance is written.
@Suite struct AppearanceTests {

    func color(_ s: String) -> Color { Color(parsing: s)! }

    /// The switches of a root view's subviews, in order (nested views' switches after their parent's place).
    func switches(_ v: View) -> [Switch] {
        var out: [Switch] = []
        if case .control(.switch(let s)) = v.kind { out.append(s) }
        for sub in v.subviews { out += switches(sub) }
        return out
    }

    @Test func theInstanceWinsAndNullTurnsAnAppearanceOff() throws {
        let s = try SceneDecoder.decode("""
        {"appearance": {"switch": {"onTintColor": "systemOrange", "thumbTintColor": "#EEE"}, "label": {"textColor": "systemGray", "font": "footnote"}},
         "root": {"view": {"subviews": [
           {"switch": {}},
           {"switch": {"onTintColor": "systemBlue"}},
           {"switch": {"thumbTintColor": null}},
           {"label": {"text": "A", "font": 20}}
         ]}}}
        """)
        let all = switches(s.root)
        #expect(all.map(\.onTintColor) == [.color(.systemOrange), .color(.systemBlue), .color(.systemOrange)])
        #expect(all.map(\.thumbTintColor) == [.color(color("#EEE")), .color(color("#EEE")), nil])
        guard case .label(let label) = s.root.subviews[3].kind else { Issue.record("not a label"); return }
        #expect(label.textColor == .color(.systemGray))
        #expect(label.font == .system(size: 20))
    }

    @Test func barsWithoutAnObjectOfTheirOwnTakeTheAppearance() throws {
        let s = try SceneDecoder.decode("""
        {"appearance": {"navigationBar": {"barTintColor": "#0B3D5C", "titleColor": "white", "barStyle": "black"},
                        "toolbar": {"tintColor": "systemOrange"}, "tabBar": {"unselectedItemTintColor": "systemGray", "translucent": false}},
         "root": {"tabBarController": {"tabs": [
           {"title": "A", "root": {"navigationController": {"stack": [{"title": "A"}]}}},
           {"title": "B", "root": {"navigationController": {"navigationBar": {"barTintColor": "white"}, "toolbar": {}, "stack": [{"title": "B"}]}}}
         ]}}}
        """)
        guard case .controller(.tabBar(let tabs)) = s.root.kind,
              case .navigation(let a) = tabs.tabs[0].root, case .navigation(let b) = tabs.tabs[1].root else { Issue.record("unexpected tree"); return }
        #expect(tabs.tabBar.unselectedItemTintColor == .systemGray && tabs.tabBar.isTranslucent == false)
        #expect(a.navigationBar.barTintColor == color("#0B3D5C") && a.navigationBar.titleColor == .white && a.navigationBar.barStyle == .black)
        #expect(a.toolbar.tintColor == .systemOrange)
        #expect(b.navigationBar.barTintColor == .white && b.navigationBar.titleColor == .white)
        #expect(b.toolbar.tintColor == .systemOrange)
    }

    @Test func aWhenContainedInRuleWinsOverThePlainDefaultWhereverItIsWritten() throws {
        let s = try SceneDecoder.decode("""
        {"appearance": {
           "whenContainedIn": [
             {"containers": ["tableView"], "switch": {"onTintColor": "systemGreen"}},
             {"containers": [{"id": "outer"}], "switch": {"onTintColor": "systemPurple"}},
             {"containers": ["tableView", {"id": "outer"}], "switch": {"thumbTintColor": "black"}}
           ],
           "switch": {"onTintColor": "systemOrange", "thumbTintColor": "white"}},
         "root": {"view": {"subviews": [
           {"switch": {}},
           {"tableView": {"rows": [{"text": "In a table", "accessoryView": {"switch": {}}}]}},
           {"view": {"id": "outer", "subviews": [
             {"switch": {}},
             {"tableView": {"rows": [{"text": "In both", "accessoryView": {"switch": {}}}]}}
           ]}}
         ]}}}
        """)
        let all = switches(s.root)
        #expect(all.count == 2, "table accessories are not subviews")
        #expect(all.map(\.onTintColor) == [.color(.systemOrange), .color(.systemPurple)])
        // Table rows' accessory switches: found through the tables.
        var accessories: [Switch] = []
        func walk(_ v: View) {
            if case .tableView(let t) = v.kind {
                for section in t.sections { for row in section.rows { if case .control(.switch(let sw))? = row.accessoryView?.kind { accessories.append(sw) } } }
            }
            v.subviews.forEach(walk)
        }
        walk(s.root)
        #expect(accessories.count == 2)
        // In a table alone: the table rule. In a table inside "outer": the rule whose outermost
        // container is further out ("outer") wins over the table's, and the two-container rule
        // adds its thumb over the one-container rules.
        #expect(accessories.map(\.onTintColor) == [.color(.systemGreen), .color(.systemPurple)])
        #expect(accessories.map(\.thumbTintColor) == [.color(.white), .color(.black)])
    }

    @Test func navigationBarsInsideAPopoverAndBarButtonItemsInsideBars() throws {
        let s = try SceneDecoder.decode("""
        {"appearance": {"navigationBar": {"barTintColor": "#0B3D5C"}, "button": {"tintColor": "systemRed"},
           "whenContainedIn": [{"containers": ["popover"], "navigationBar": {"barTintColor": "white"}},
                               {"containers": ["navigationBar"], "button": {"tintColor": "white"}}]},
         "root": {"navigationController": {"stack": [{"title": "Home", "rightItems": [{"id": "more", "customView": {"button": {"title": "More", "frame": [0, 0, 60, 30]}}}],
                  "view": {"button": {"title": "Plain"}}}]}},
         "presented": {"popover": {"sourceItem": "more", "root": {"navigationController": {"stack": [{"title": "Pop"}]}}}}}
        """)
        guard case .controller(.navigation(let nav)) = s.root.kind, case .popover(let pop)? = s.presented,
              case .controller(.navigation(let inner)) = pop.root.kind else { Issue.record("unexpected tree"); return }
        #expect(nav.navigationBar.barTintColor == color("#0B3D5C"))
        #expect(inner.navigationBar.barTintColor == .white)
        guard case .customView(let custom)? = nav.stack[0].navigationItem.rightItems.first?.content else { Issue.record("no custom view"); return }
        #expect(custom.tintColor == .white)
        #expect(nav.stack[0].view.tintColor == .systemRed)
    }

    @Test func oneNameOfAPropertyWithTwoReplacesTheOther() throws {
        let dir = NSTemporaryDirectory() + "tintype-appearance-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>"#
        for name in ["a.svg", "b.svg"] { try Data(svg.utf8).write(to: URL(fileURLWithPath: dir + "/" + name)) }
        let s = try SceneDecoder.decode("""
        {"appearance": {"segmentedControl": {"backgroundImage": "a.svg"}},
         "root": {"view": {"subviews": [{"segmentedControl": {"segments": ["A"]}},
                                        {"segmentedControl": {"segments": ["A"], "backgroundImages": {"selected": "b.svg"}}}]}}}
        """, baseDirectory: dir)
        let controls = s.root.subviews.compactMap { v -> SegmentedControl? in if case .control(.segmentedControl(let c)) = v.kind { c } else { nil } }
        #expect(controls.map(\.backgroundImage) == [PerState(normal: ControlImage("a.svg")), PerState(selected: ControlImage("b.svg"))])
    }

    @Test func problemsAreReportedOnceWhereTheAppearanceIsWritten() throws {
        let dir = NSTemporaryDirectory() + "tintype-appearance-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data("""
        {
          "appearance": {
            "navBar": {},
            "navigationBar": {"barTintColr": "red", "tintColor": 12, "stack": []},
            "switch": {"onTintColor": "orang"},
            "whenContainedIn": [{"containers": ["popovr"], "switch": {}}, {"switch": {}}]
          }
        }
        """.utf8).write(to: URL(fileURLWithPath: dir + "/theme.json"))
        let scene = #"{"include": ["theme.json"], "root": {"navigationController": {"stack": [{"view": {"switch": {}}}, {"view": {"switch": {}}}]}}}"#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: dir + "/scene.json"))
        var found: [SceneIssue] = []
        do { _ = try SceneDecoder.load(path: dir + "/scene.json") } catch { found = error.issues }
        #expect(found.allSatisfy { $0.file == dir + "/theme.json" })
        #expect(found.map(\.path) == ["appearance.navBar", "appearance.navigationBar.barTintColr", "appearance.navigationBar.tintColor",
                                      "appearance.navigationBar.stack", "appearance.switch.onTintColor",
                                      "appearance.whenContainedIn[0].containers[0]", "appearance.whenContainedIn[1]"])
        #expect(found.map { [$0.position?.line, $0.position?.column] } == [[3, 5], [4, 23], [4, 58], [4, 62], [5, 31], [6, 41], [6, 67]])
        #expect(found[0].message.hasPrefix("unknown appearance kind \"navBar\""))
        #expect(found[1].message.hasPrefix("\"barTintColr\" is not an appearance property of navigationBar; did you mean \"barTintColor\"?"))
        #expect(found[2].message == "expected a color string, found a number")
        #expect(found[3].message.hasPrefix("\"stack\" is not an appearance property of navigationBar (the navigationBar appearance sets "))
        #expect(found[4].message == "bad color \"orang\"; did you mean \"orange\"?")
        #expect(found[5].message.hasPrefix("unknown container \"popovr\"; did you mean \"popover\"?"))
        #expect(found[6].message.hasPrefix("a whenContainedIn rule needs \"containers\""))
    }

    @Test func containersMustBeKnownKindsOrIdsOfTheScene() {
        let found = issues(#"{"appearance": {"whenContainedIn": [{"containers": [{"id": "setings"}, 3], "label": {}}, {"containers": []}]}, "root": {"view": {"id": "settings"}}}"#)
        #expect(Set(found.map(\.message)) == [
            "no view or bar item has the id \"setings\"; did you mean \"settings\"?",
            "expected a container kind like \"popover\" or {\"id\": ...}, found a number",
            "\"containers\" needs at least one kind or id",
            "a whenContainedIn rule needs the appearance of a kind, like \"navigationBar\": {...}",
        ])
        #expect(Set(found.map(\.path)) == ["appearance.whenContainedIn[0].containers[0].id", "appearance.whenContainedIn[0].containers[1]",
                                           "appearance.whenContainedIn[1].containers", "appearance.whenContainedIn[1]"])
    }

    /// A theme is shared by scenes that need not all have the view its rule names; a scene's own
    /// rule must name one of its ids (the test above).
    @Test func anIdInAnIncludedThemeMayMatchNothing() throws {
        let dir = NSTemporaryDirectory() + "tintype-appearance-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(#"{"appearance": {"whenContainedIn": [{"containers": [{"id": "alarms"}], "switch": {"onTintColor": "systemRed"}}]}}"#.utf8)
            .write(to: URL(fileURLWithPath: dir + "/theme.json"))
        try Data(#"{"include": ["theme.json"], "root": {"view": {"subviews": [{"switch": {}}, {"view": {"id": "alarms", "subviews": [{"switch": {}}]}}]}}}"#.utf8)
            .write(to: URL(fileURLWithPath: dir + "/with.json"))
        try Data(#"{"include": ["theme.json"], "root": {"switch": {}}}"#.utf8).write(to: URL(fileURLWithPath: dir + "/without.json"))
        #expect(switches(try SceneDecoder.load(path: dir + "/with.json").root).map(\.onTintColor) == [nil, .color(.systemRed)])
        #expect(switches(try SceneDecoder.load(path: dir + "/without.json").root).map(\.onTintColor) == [nil])
    }

    /// What UIKit would ignore in an appearance is said once, at the appearance.
    @Test func aWarningAboutAnAppearanceIsGivenOnce() throws {
        let dir = NSTemporaryDirectory() + "tintype-appearance-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="13" height="21"/>"#.utf8).write(to: URL(fileURLWithPath: dir + "/back.svg"))
        let s = try SceneDecoder.decode("""
        {"appearance": {"navigationBar": {"backIndicatorImage": "back.svg"}},
         "root": {"tabBarController": {"tabs": [
           {"title": "A", "root": {"navigationController": {"stack": [{"title": "A"}]}}},
           {"title": "B", "root": {"navigationController": {"stack": [{"title": "B"}]}}}]}}}
        """, baseDirectory: dir)
        #expect(s.warnings.map(\.path) == ["appearance.navigationBar.backIndicatorImage"])
    }
    @Test func labelAppearanceReachesATableRowsTextAndDetail() throws {
        let s = try SceneDecoder.decode("""
        {"appearance": {"label": {"textColor": "#1D3557", "font": "footnote"},
                        "whenContainedIn": [{"containers": [{"id": "other"}], "label": {"textColor": "systemRed"}}]},
         "root": {"view": {"subviews": [
           {"tableView": {"sections": [{"rows": [
             "Plain",
             {"text": "Own", "detailText": "d", "style": "value1", "textColor": "systemBlue", "detailFont": 20},
             {"text": "Off", "detailText": "d", "style": "subtitle", "detailTextColor": null}
           ]}]}},
           {"tableView": {"id": "other", "sections": [{"rows": ["Inside"]}]}}
         ]}}}
        """)
        func rows(_ v: View) -> [TableRow] {
            guard case .tableView(let t) = v.kind else { Issue.record("not a table"); return [] }
            return t.sections.flatMap(\.rows)
        }
        let navy = ColorValue.color(color("#1D3557"))
        let r = rows(s.root.subviews[0])
        #expect(r.map(\.textColor) == [navy, .color(.systemBlue), navy])
        #expect(r.map(\.detailTextColor) == [navy, navy, nil], "a row's null keeps the style's gray detail")
        #expect(r.map(\.font) == [.style(.footnote), .style(.footnote), .style(.footnote)])
        #expect(r[1].detailFont == .system(size: 20))
        #expect(rows(s.root.subviews[1]).first?.textColor == .color(.systemRed), "a whenContainedIn rule reaches rows inside its container")
    }
}
