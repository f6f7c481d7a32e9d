import Testing
@testable import TintypeConstraints

/// Auto Layout's attributes, directions, intrinsic sizes and reports, on numbers.
struct AutoLayoutTests {
    typealias C = AutoLayout.LayoutConstraint
    static let screen = LayoutRect(x: 0, y: 0, width: 375, height: 667)

    func p(_ value: Double) -> Priority { Priority(value)! }

    func layout(_ direction: LayoutFlow = .leftToRight) -> (AutoLayout, AutoLayout.ItemID) {
        var l = AutoLayout(direction: direction)
        let root = l.addItem(.init(name: "UIView:root", frame: Self.screen, margins: LayoutInsets(top: 8, left: 16, bottom: 8, right: 16)))
        return (l, root)
    }

    @Test func edgesCentersAndSizes() {
        var (l, root) = layout()
        let a = l.addItem(.init(name: "UIView:a"))
        l.add(C(a, .left, .equal, root, .left, constant: 20))
        l.add(C(a, .right, .equal, root, .right, constant: -30))
        l.add(C(a, .centerY, .equal, root, .centerY, constant: 10))
        l.add(C(a, .height, .equal, constant: 100))
        let s = l.solve()
        #expect(s.frames[a.index] == LayoutRect(x: 20, y: 293.5, width: 325, height: 100))
        #expect(s.unsatisfiable.isEmpty && s.invalid.isEmpty)
    }

    @Test func multipliersScaleTheSecondAttribute() {
        var (l, root) = layout()
        let a = l.addItem(.init(name: "UIView:a"))
        l.add(C(a, .width, .equal, root, .width, multiplier: 0.5))
        l.add(C(a, .height, .equal, a, .width, multiplier: 0.75, constant: 2))
        l.add(C(a, .centerX, .equal, root, .centerX, multiplier: 1.5))
        l.add(C(a, .top, .equal, root, .bottom, multiplier: 0.25))
        let f = l.solve().frames[a.index]
        #expect(f == LayoutRect(x: 187.5 * 1.5 - 93.75, y: 166.75, width: 187.5, height: 187.5 * 0.75 + 2))
    }

    @Test func leadingAndTrailingFollowTheDirection() {
        for direction in [LayoutFlow.leftToRight, .rightToLeft] {
            var (l, root) = layout(direction)
            let a = l.addItem(.init(name: "UIView:a")), b = l.addItem(.init(name: "UIView:b"))
            l.add(C(a, .leading, .equal, root, .leading, constant: 20))
            l.add(C(a, .width, .equal, constant: 100))
            l.add(C(b, .leading, .equal, a, .trailing, constant: 8))
            l.add(C(b, .trailing, .lessThanOrEqual, root, .trailingMargin))
            l.add(C(b, .width, .equal, constant: 1000, priority: p(500)))
            for item in [a, b] { l.add(C(item, .top, .equal, root, .top)); l.add(C(item, .height, .equal, constant: 10)) }
            let s = l.solve()
            if direction == .leftToRight {
                #expect(s.frames[a.index].x == 20)
                #expect(s.frames[b.index].x == 128 && s.frames[b.index].width == 375 - 16 - 128)
            } else {
                #expect(s.frames[a.index].x == 375 - 20 - 100)
                #expect(s.frames[b.index].x == 16 && s.frames[b.index].width == 255 - 8 - 16)
            }
        }
    }

    @Test func leadingToACenterMirrorsUnderRightToLeft() {
        var (l, root) = layout(.rightToLeft)
        let a = l.addItem(.init(name: "UIView:a"))
        l.add(C(a, .leading, .equal, root, .centerX, constant: 10))
        l.add(C(a, .width, .equal, constant: 50))
        l.add(C(a, .top, .equal, root, .top)); l.add(C(a, .height, .equal, constant: 10))
        // Its right edge 10 points left of the center.
        #expect(l.solve().frames[a.index].x == 187.5 - 10 - 50)
    }

    @Test func marginAttributesUseTheItemsMargins() {
        var (l, root) = layout()
        let a = l.addItem(.init(name: "UIView:a"))
        l.add(C(a, .leadingMargin, .equal, root, .leadingMargin))
        l.add(C(a, .trailing, .equal, root, .trailingMargin))
        l.add(C(a, .topMargin, .equal, root, .topMargin))
        l.add(C(a, .bottom, .equal, root, .bottomMargin))
        let f = l.solve().frames[a.index]
        #expect(f == LayoutRect(x: 16, y: 8, width: 343, height: 651))
        // centerXWithinMargins of asymmetric margins.
        var (m, r) = layout()
        let b = m.addItem(.init(name: "UIView:b", margins: LayoutInsets(top: 0, left: 10, bottom: 0, right: 30)))
        m.add(C(b, .width, .equal, constant: 100)); m.add(C(b, .height, .equal, constant: 100))
        m.add(C(b, .centerXWithinMargins, .equal, r, .centerX)); m.add(C(b, .centerYWithinMargins, .equal, r, .centerY))
        #expect(m.solve().frames[b.index] == LayoutRect(x: 187.5 - 40, y: 283.5, width: 100, height: 100))
    }

    @Test func baselinesComeFromTheItemAndDefaultToTheBottom() {
        var (l, root) = layout()
        let label = l.addItem(.init(name: "UILabel:a", firstBaselineFromTop: 16.5, lastBaselineFromBottom: 4, intrinsicSize: (80, 41)))
        let other = l.addItem(.init(name: "UILabel:b", firstBaselineFromTop: 13, lastBaselineFromBottom: 7, intrinsicSize: (60, 20)))
        let box = l.addItem(.init(name: "UIView:box"))
        l.add(C(label, .leading, .equal, root, .leading)); l.add(C(label, .top, .equal, root, .top, constant: 100))
        l.add(C(other, .leading, .equal, label, .trailing, constant: 8))
        l.add(C(other, .firstBaseline, .equal, label, .firstBaseline))
        l.add(C(box, .lastBaseline, .equal, label, .lastBaseline))
        l.add(C(box, .leading, .equal, root, .leading)); l.add(C(box, .width, .equal, constant: 5)); l.add(C(box, .height, .equal, constant: 5))
        let s = l.solve()
        #expect(s.frames[other.index] == LayoutRect(x: 88, y: 103.5, width: 60, height: 20))
        #expect(s.frames[box.index].y == 100 + 41 - 4 - 5)
    }

    @Test func intrinsicSizeHuggingAndCompression() {
        // Two labels between the margins: the one that hugs less grows, the one that resists less shrinks.
        func solve(huggingA: Double, huggingB: Double, widthA: Double, widthB: Double, resistA: Double = 750, resistB: Double = 750) -> (LayoutRect, LayoutRect) {
            var (l, root) = layout()
            let a = l.addItem(.init(name: "UILabel:a", intrinsicSize: (widthA, 20), hugging: (p(huggingA), p(251)), compressionResistance: (p(resistA), p(750))))
            let b = l.addItem(.init(name: "UILabel:b", intrinsicSize: (widthB, 20), hugging: (p(huggingB), p(251)), compressionResistance: (p(resistB), p(750))))
            l.add(C(a, .leading, .equal, root, .leadingMargin))
            l.add(C(b, .leading, .equal, a, .trailing, constant: 8))
            l.add(C(b, .trailing, .equal, root, .trailingMargin))
            for item in [a, b] { l.add(C(item, .top, .equal, root, .top)) }
            let s = l.solve()
            return (s.frames[a.index], s.frames[b.index])
        }
        var (a, b) = solve(huggingA: 251, huggingB: 250, widthA: 100, widthB: 50)
        #expect(a.width == 100 && b.width == 343 - 108 && a.height == 20)
        (a, b) = solve(huggingA: 250, huggingB: 251, widthA: 100, widthB: 50)
        #expect(a.width == 343 - 58 && b.width == 50)
        (a, b) = solve(huggingA: 251, huggingB: 251, widthA: 300, widthB: 300, resistA: 749)
        #expect(a.width == 343 - 308 && b.width == 300)
        (a, b) = solve(huggingA: 251, huggingB: 251, widthA: 300, widthB: 300, resistB: 740)
        #expect(a.width == 300 && b.width == 35)
    }

    @Test func aConflictIsBrokenAndReportedAsUIKitLogsIt() {
        var (l, root) = layout()
        let a = l.addItem(.init(name: "UIView:a"))
        l.add(C(a, .leading, .equal, root, .leading, constant: 20, identifier: "c1"))
        l.add(C(a, .trailing, .equal, root, .trailing, constant: -20, identifier: "c2"))
        l.add(C(a, .top, .equal, root, .top))
        l.add(C(a, .height, .equal, constant: 44))
        l.add(C(a, .width, .equal, constant: 100, identifier: "c3"))
        let s = l.solve()
        #expect(s.frames[a.index].width == 335)
        #expect(s.unsatisfiable.count == 1)
        let text = s.unsatisfiable[0].description
        #expect(text == """
            Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.
            (
                "<NSLayoutConstraint:c1 UIView:a.leading == UIView:root.leading + 20   (active)>",
                "<NSLayoutConstraint:c2 UIView:a.trailing == UIView:root.trailing - 20   (active)>",
                "<NSLayoutConstraint:c3 UIView:a.width == 100   (active)>"
            )

            Will attempt to recover by breaking constraint \n<NSLayoutConstraint:c3 UIView:a.width == 100   (active)>
            """)
    }

    @Test func descriptionsShowMultipliersAndPriorities() {
        var (l, root) = layout()
        let a = l.addItem(.init(name: "UILabel:a"))
        #expect(l.describe(C(a, .width, .lessThanOrEqual, root, .width, multiplier: 0.5, constant: -8, priority: p(750)))
                == "<NSLayoutConstraint UILabel:a.width <= 0.5*UIView:root.width - 8 @750   (active)>")
        #expect(l.describe(C(a, .height, .greaterThanOrEqual, constant: 44.25))
                == "<NSLayoutConstraint UILabel:a.height >= 44.25   (active)>")
    }

    @Test func ambiguityNamesTheItemAndWhatIsFree() {
        var (l, root) = layout()
        let a = l.addItem(.init(name: "UIView:a")), b = l.addItem(.init(name: "UILabel:b", intrinsicSize: (40, 20)))
        l.add(C(a, .leading, .equal, root, .leading))
        l.add(C(a, .trailing, .equal, root, .trailing))
        l.add(C(a, .height, .equal, constant: 10))
        l.add(C(b, .top, .equal, root, .top))
        let ambiguities = l.ambiguities()
        #expect(ambiguities.map(\.description) == [
            "UIView:a has an ambiguous layout: its y is not determined",
            "UILabel:b has an ambiguous layout: its x is not determined",
        ])
    }

    @Test(arguments: [
        (LayoutAttribute.left, LayoutAttribute.top, "left and top do not pair: they lie on different axes"),
        (.width, .centerX, "width and centerX do not pair: a size relates only to a size, a location only to a location"),
        (.leading, .right, "leading and right do not pair: leading and trailing do not mix with left and right"),
        (.leftMargin, .trailingMargin, "leftMargin and trailingMargin do not pair: leading and trailing do not mix with left and right"),
    ])
    func pairingsUIKitRefuses(_ a: LayoutAttribute, _ b: LayoutAttribute, _ message: String) {
        var (l, root) = layout()
        let item = l.addItem(.init(name: "UIView:a"))
        #expect(AutoLayout.problem(with: C(item, a, .equal, root, b)) == message)
        l.add(C(item, a, .equal, root, b))
        #expect(l.solve().invalid.count == 1)
    }

    @Test func aLocationEqualToAConstantIsRefused() {
        var (l, _) = layout()
        let item = l.addItem(.init(name: "UIView:a"))
        #expect(AutoLayout.problem(with: C(item, .top, .equal, constant: 5)) != nil)
        #expect(AutoLayout.problem(with: C(item, .width, .equal, item, .height)) == nil)
        #expect(AutoLayout.problem(with: C(item, .height, .equal, constant: 5)) == nil)
    }

    @Test func numbersInReports() {
        #expect(fmt(3) == "3")
        #expect(fmt(-0.5) == "-0.5")
        #expect(fmt(1.0 / 3.0) == "0.3333")
        #expect(fmt(20.00001) == "20")
    }
}
