import Testing
@testable import TintypeModel

/// Builders for every kind, and the decoder's checks for scenes made in Swift.
@Suite struct BuilderTests {
    @Test func buildersMakeTheKindsTheFileNames() {
        #expect(View.switch(isOn: true).kind.name == "switch")
        #expect(View.button("OK").kind.name == "button")
        #expect(View.segmentedControl(["A", "B"], selectedSegmentIndex: 0).kind.name == "segmentedControl")
        #expect(View.progressView(progress: 0.5).kind.name == "progressView")
        #expect(View.pageControl(numberOfPages: 3).kind.name == "pageControl")
        #expect(View.textView(TextView(text: "Hi")).kind.name == "textView")
        #expect(View.scrollView { View.label("Hi") }.kind.name == "scrollView")
        let stack = View.stackView(.vertical, spacing: 8) { View.label("A"); View.switch(isOn: false) }
        #expect(stack.kind.name == "stackView")
        if case .stackView(let s) = stack.kind { #expect(s.arrangedSubviews.count == 2 && s.spacing == 8) } else { Issue.record("not a stack view") }
        #expect(View.tableView(TableView(), layout: LayoutPins(top: 0, bottom: 0, left: 0, right: 0)).layout != nil)
    }

    @Test func aSceneMadeInSwiftIsRefusedWhereItsFileWouldBe() {
        let bad = Scene(root: View(subviews: [View.label("Hi"), View.switch(isOn: true, frame: Rect(x: 0, y: 0, width: -51, height: 31))]))
        #expect(throws: SceneError.self) { try bad.validate() }
        do { try bad.validate() } catch {
            #expect(error.issues.map(\.path) == ["root.subviews[1].frame"])
            #expect(error.issues.first?.message == "a frame cannot have a negative size, found width -51 and height 31")
        }
        var matrix = Scene(root: View())
        matrix.variants = Variants(contentSizeCategories: [])
        #expect(throws: Never.self) { try matrix.validate() }
        matrix.variants = Variants(scales: [0])
        #expect(throws: SceneError.self) { try matrix.validate() }
        #expect(throws: Never.self) { try Scene(root: View(subviews: [View.label("Hi", frame: Rect(x: 1, y: 2, width: 3, height: 4))])).validate() }
    }
}
