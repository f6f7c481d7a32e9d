import Testing
@testable import TintypeModel

/// A view's `"constraints"`: every property, the defaults, and each kind of error with its place.
struct ConstraintDecodingTests {
    func issues(_ json: String) -> [String] { TintypeModelTests.issues(json).map(\.description) }

    /// The constraints of the root's first subview, `{"view": {...}}` with `properties`.
    func constraints(_ properties: String, siblings: String = "") throws -> [LayoutConstraint] {
        let scene = try SceneDecoder.decode(#"{"root": {"view": {"id": "root", "subviews": [{"view": {\#(properties)}}\#(siblings)]}}}"#,
                                            file: "scene.json", baseDirectory: nil)
        return scene.root.subviews[0].constraints
    }

    func constraintIssues(_ constraint: String) -> [String] {
        issues(#"{"root": {"view": {"subviews": [{"label": {"id": "title", "text": "Hi"}}, {"view": {"constraints": [\#(constraint)]}}]}}}"#)
    }

    @Test func everyPropertyIsRead() throws {
        let cs = try constraints("""
            "constraints": [
              {"attribute": "leading", "to": "superview", "toAttribute": "leadingMargin", "constant": 20},
              {"attribute": "top", "relation": ">=", "to": "superview", "guide": "safeArea", "constant": 8, "priority": 750},
              {"attribute": "width", "relation": "lessThanOrEqual", "constant": 200, "priority": "defaultLow", "identifier": "max width"},
              {"attribute": "height", "to": "self", "toAttribute": "width", "multiplier": 0.5},
              {"attribute": "baseline", "to": "title"},
              {"attribute": "centerX", "to": "title", "multiplier": 1.5, "constant": -4.5}
            ]
            """, siblings: #", {"label": {"id": "title", "text": "Hi"}}"#)
        #expect(cs == [
            LayoutConstraint(.leading, to: .superview, .leadingMargin, constant: 20),
            LayoutConstraint(.top, .greaterThanOrEqual, to: .superview, guide: .safeArea, constant: 8, priority: 750),
            LayoutConstraint(.width, .lessThanOrEqual, constant: 200, priority: 250, identifier: "max width"),
            LayoutConstraint(.height, to: .itself, .width, multiplier: 0.5),
            LayoutConstraint(.lastBaseline, to: .view("title"), .lastBaseline),
            LayoutConstraint(.centerX, to: .view("title"), multiplier: 1.5, constant: -4.5),
        ])
        #expect(cs[0].relation == .equal && cs[0].priority == 1000 && cs[0].multiplier == 1)
    }

    @Test func theLayoutSolvesThemSoDecodingWarnsOfNothing() throws {
        // Until the layout solved them, every view with constraints was warned about here.
        let scene = try SceneDecoder.decode(#"{"root": {"view": {"subviews": [{"view": {"constraints": [{"attribute": "width", "constant": 10}]}}]}}}"#,
                                            file: "scene.json", baseDirectory: nil)
        #expect(scene.warnings.isEmpty)
    }

    @Test(arguments: [
        (#"{"attribute": "leadng", "to": "superview"}"#,
         #"scene.json:1:115: root.subviews[1].constraints[0].attribute: unknown value "leadng"; did you mean "leading"? (expected one of left, right, top, bottom, leading, trailing, width, height, centerX, centerY, firstBaseline, lastBaseline, leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin, centerXWithinMargins, centerYWithinMargins, baseline)"#),
        (#"{"to": "superview"}"#,
         #"scene.json:1:101: root.subviews[1].constraints[0]: a constraint needs an "attribute" (like "leading", "top" or "width")"#),
        (#"{"attribute": "top", "constant": 20}"#,
         #"scene.json:1:115: root.subviews[1].constraints[0].attribute: top is a location and needs a "to": UIKit refuses a location equal to a constant"#),
        (#"{"attribute": "top", "to": "title", "toAttribute": "leading"}"#,
         #"scene.json:1:152: root.subviews[1].constraints[0].toAttribute: top and leading do not pair: they lie on different axes"#),
        (#"{"attribute": "width", "to": "title", "toAttribute": "centerX"}"#,
         #"scene.json:1:154: root.subviews[1].constraints[0].toAttribute: width and centerX do not pair: a size relates only to a size, a location only to a location"#),
        (#"{"attribute": "leading", "to": "title", "toAttribute": "right"}"#,
         #"scene.json:1:156: root.subviews[1].constraints[0].toAttribute: leading and right do not pair: leading and trailing do not mix with left and right"#),
        (#"{"attribute": "centerX", "to": "title", "multiplier": 0}"#,
         #"scene.json:1:155: root.subviews[1].constraints[0].multiplier: a multiplier of 0 makes centerX equal to a constant, which UIKit refuses"#),
        (#"{"attribute": "width", "to": "titel"}"#,
         #"scene.json:1:130: root.subviews[1].constraints[0].to: no view or bar item has the id "titel"; did you mean "title"?"#),
        (#"{"attribute": "width", "to": 3}"#,
         #"scene.json:1:130: root.subviews[1].constraints[0].to: expected "superview", "self" or a view's id, found a number"#),
        (#"{"attribute": "width", "relation": "≤", "constant": 3}"#,
         #"scene.json:1:136: root.subviews[1].constraints[0].relation: unknown value "≤"; did you mean "<="? (expected one of equal, lessThanOrEqual, greaterThanOrEqual, <=, ==, >=)"#),
        (#"{"attribute": "width", "constant": 3, "priority": 1001}"#,
         #"scene.json:1:151: root.subviews[1].constraints[0].priority: a priority is from 1 to 1000, found 1001"#),
        (#"{"attribute": "width", "to": "self", "toAttribute": "height", "multiplier": 1e9}"#,
         #"scene.json:1:177: root.subviews[1].constraints[0].multiplier: must be from -1000 to 1000, found 1000000000"#),
        (#"{"attribute": "width", "constant": 3, "toAttribute": "height"}"#,
         #"scene.json:1:154: root.subviews[1].constraints[0].toAttribute: "toAttribute" belongs to the second item; give "to" ("superview", "self" or a view's id)"#),
        (#"{"attribute": "width", "constant": 3, "multiplier": 2}"#,
         #"scene.json:1:153: root.subviews[1].constraints[0].multiplier: a multiplier scales the second item; without "to" there is nothing to scale"#),
        (#"{"attribute": "leading", "to": "superview", "guide": "margins", "toAttribute": "leadingMargin"}"#,
         #"scene.json:1:154: root.subviews[1].constraints[0].guide: a layout guide has no margins: relate to the margins guide's leading, or to the view's leadingMargin without a guide"#),
        (#"{"attribute": "width", "constant": 3, "constnt": 4}"#,
         #"scene.json:1:139: root.subviews[1].constraints[0].constnt: unknown property "constnt"; did you mean "constant"?"#),
        (#""leading""#,
         #"scene.json:1:101: root.subviews[1].constraints[0]: expected a constraint object like {"attribute": "leading", "to": "superview"}, found a string"#),
    ])
    func badConstraintsAreReportedWhereTheyAre(_ constraint: String, _ expected: String) {
        #expect(constraintIssues(constraint) == [expected])
    }

    @Test func constraintsReplaceAFrameOrALayout() {
        #expect(issues(#"{"root": {"view": {"subviews": [{"view": {"frame": [0, 0, 10, 10], "constraints": [{"attribute": "width", "constant": 10}]}}]}}}"#)
                == [#"scene.json:1:52: root.subviews[0].frame: a view placed by "constraints" takes no "frame"; remove one of them"#])
        #expect(issues(#"{"root": {"view": {"subviews": [{"view": {"layout": {"top": 0}, "constraints": [{"attribute": "width", "constant": 10}]}}]}}}"#)
                == [#"scene.json:1:53: root.subviews[0].layout: a view placed by "constraints" takes no "layout"; remove one of them"#])
    }

    @Test func problemMatchesUIKitsRules() {
        #expect(LayoutConstraint(.width, constant: 10).problem == nil)
        #expect(LayoutConstraint(.width, to: .itself, .height, multiplier: 0).problem == nil)
        #expect(LayoutConstraint(.leading, to: .superview, .centerX).problem == nil)
        #expect(LayoutConstraint(.leadingMargin, to: .superview, .trailing).problem == nil)
        #expect(LayoutConstraint(.firstBaseline, to: .view("a"), .top).problem == nil)
        #expect(LayoutConstraint(.centerY, to: .view("a"), .lastBaseline).problem == nil)
        #expect(LayoutConstraint(.top, to: .view("a"), .width).problem != nil)
        #expect(LayoutConstraint(.left, to: .view("a"), .trailingMargin).problem != nil)
    }

    @Test func aSceneBuiltInSwiftIsHeldToTheLimits() {
        var scene = Scene(device: .iPhone8) { View() }
        scene.root.subviews = [View()]
        scene.root.subviews[0].constraints = [LayoutConstraint(.width, to: .itself, .height, multiplier: 5000, priority: 2000)]
        #expect(scene.limitProblems.map(\.path) == ["root.subviews[0].constraints[0].multiplier", "root.subviews[0].constraints[0].priority"])
    }
}
