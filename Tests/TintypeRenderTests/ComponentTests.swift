import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// The component registry and protocol: every kind has a component, and the components agree with
/// the model on which kinds size themselves; a "fit" canvas takes what its root measures.
@Suite struct ComponentTests {
    /// One view of every kind, as a scene would give it.
    static let everyKind: [View] = {
        let json = #"""
        {"root": {"view": {"subviews": [
          {"view": {}}, {"label": {"text": "Hi"}}, {"textView": {"text": "Hi"}},
          {"imageView": {"image": "Snapshots/Images/assets/photo@2x.png"}}, {"shape": {"path": "M0 0 L10 10"}},
          {"scrollView": {}}, {"viewController": {"view": {"view": {}}}},
          {"tableView": {"rows": [{"text": "Row"}]}}, {"stackView": {"arrangedSubviews": [{"switch": {}}]}},
          {"button": {"title": "Go"}}, {"segmentedControl": {"segments": ["A", "B"]}}, {"stepper": {}},
          {"switch": {}}, {"slider": {}}, {"progressView": {}}, {"pageControl": {"numberOfPages": 3}},
          {"activityIndicator": {}}, {"textField": {"text": "Hi"}}, {"searchBar": {}}, {"pickerView": {"components": [{"rows": ["A"]}]}},
          {"datePicker": {}}
        ]}}}
        """#
        return (try? SceneDecoder.decode(json, file: "kinds.json", baseDirectory: repositoryRoot))?.root.subviews ?? []
    }()

    @Test func everyKindIsInTheList() {
        // Controllers count once; every other kind name appears once.
        let names = Set(Self.everyKind.map { $0.kind.name })
        #expect(names.count == 21, "\(names.sorted())")
    }

    @Test func componentsMeasureExactlyTheKindsTheModelSaysSizeThemselves() throws {
        let context = Resolver(images: ImageStore(), text: TextEngine.shared.measurer(language: nil)).context
        let env = Environment(tint: .systemBlue, inheritedTint: .systemBlue, tintAdjustmentMode: .normal, scale: 2,
                              contentSizeCategory: .large, layoutDirection: .leftToRight, baseDirectory: repositoryRoot, path: "root")
        for view in Self.everyKind {
            let m = try view.kind.component.measure(view, width: nil, env: env, context: context)
            let measures = m.hasWidth || m.hasHeight
            #expect(measures == view.kind.hasIntrinsicSize, "\(view.kind.name): measured \(m), model says \(view.kind.hasIntrinsicSize)")
        }
    }

    @Test func defaultHuggingIsUIKits() {
        func hugging(_ name: String) -> Double? { Self.everyKind.first { $0.kind.name == name }?.kind.component.defaultHugging }
        #expect(hugging("label") == 251 && hugging("imageView") == 251)
        #expect(hugging("switch") == 750 && hugging("stepper") == 750 && hugging("activityIndicator") == 750)
        #expect(hugging("view") == 250 && hugging("slider") == 250 && hugging("button") == 250)
    }

    @Test func aFitCanvasTakesWhatItsRootMeasures() throws {
        let s = try scene(#"{"canvas": "fit", "root": {"switch": {"isOn": true}}}"#)
        let bitmap = try sharedRenderer.render(s)
        #expect(bitmap.width == 102 && bitmap.height == 62, "a switch is 51×31 at 2x: \(bitmap.width)×\(bitmap.height)")
        let list = try sharedRenderer.displayList(for: s)
        #expect(list.size == Size(width: 51, height: 31))
    }

    @Test func aFitCanvasGrowsWithTheTextSize() throws {
        func size(_ category: String) throws -> Size {
            let s = try scene(#"{"canvas": "fit", "contentSizeCategory": "\#(category)", "root": {"stackView": {"axis": "vertical", "spacing": 4, "arrangedSubviews": [{"label": {"text": "Trail Diary", "font": "headline"}}, {"label": {"text": "Three days on the ridge", "font": "body"}}]}}}"#)
            return try sharedRenderer.displayList(for: s).size
        }
        let large = try size("large"), ax2 = try size("accessibilityLarge")
        #expect(large.width > 100 && large.height > 30, "\(large)")
        #expect(ax2.width > large.width && ax2.height > large.height, "the card grows with its text: \(large) → \(ax2)")
        // Whole device pixels at 2x.
        #expect((ax2.width * 2).rounded() == ax2.width * 2 && (ax2.height * 2).rounded() == ax2.height * 2)
    }

    @Test func aFitCanvasWithNothingToMeasureSaysSo() throws {
        // A stack view of plain views has no size of its own.
        let s = try scene(#"{"canvas": "fit", "root": {"stackView": {"arrangedSubviews": [{"view": {}}]}}}"#)
        #expect(throws: RenderError.self) { try sharedRenderer.displayList(for: s) }
        do { _ = try sharedRenderer.displayList(for: s) } catch {
            #expect(error.description.contains("\"fit\" takes the root view's own size"), "\(error)")
        }
    }
}
