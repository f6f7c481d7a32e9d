import Testing
@testable import TintypeModel
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
          {"datePicker": {}}, {"visualEffectView": {"effect": "dark"}},
          {"navigationBar": {"items": [{"title": "Inbox"}]}}, {"toolbar": {"items": ["Edit"]}}, {"tabBar": {"items": [{"title": "Featured"}]}}
        ]}}}
        """#
        return (try? SceneDecoder.decode(json, file: "kinds.json", baseDirectory: repositoryRoot))?.root.subviews ?? []
    }()

    @Test func everyKindIsInTheList() {
        // Every kind the decoder knows, controllers counted once (one content controller stands for them).
        let names = Set(Self.everyKind.map { $0.kind.name })
        let known = Set(SceneDecoder.kinds.map(\.name)).subtracting(["navigationController", "tabBarController", "splitViewController"])
        #expect(names == known, "missing \(known.subtracting(names).sorted())")
    }

    @Test func aVisualEffectViewBlursWhatIsUnderItAndWashesItWithItsStyle() throws {
        func items(_ effect: String, _ extra: String = "") throws -> [DisplayItem] {
            let s = try scene(#"{"canvas": {"size": [100, 100]}, "root": {"view": {"subviews": [{"visualEffectView": {"frame": [10, 20, 60, 40], "effect": "\#(effect)"\#(extra)}}]}}}"#)
            return try sharedRenderer.displayList(for: s).items
        }
        func first(_ items: [DisplayItem]) -> (Backdrop, Color)? {
            for (i, item) in items.enumerated() {
                if case .backdrop(let b) = item, i + 1 < items.count, case .fill(_, .color(let c), _) = items[i + 1] { return (b, c) }
                if case .group(let g) = item, let found = first(g.items) { return found }
            }
            return nil
        }
        let expected: [(String, Double, Color)] = [("extraLight", 20, Color(white: 0.97, alpha: 0.8)), ("light", 30, Color(white: 1, alpha: 0.3)),
                                                   ("dark", 20, Color(white: 0.11, alpha: 0.73)), ("regular", 30, Color(white: 1, alpha: 0.3)),
                                                   ("prominent", 20, Color(white: 0.97, alpha: 0.8))]
        for (style, radius, wash) in expected {
            let found = try #require(first(try items(style)), "\(style) draws a backdrop and its wash")
            #expect(found.0.rect == Rect(x: 10, y: 20, width: 60, height: 40) && found.0.blurRadius == radius && found.0.saturation == 1.8, "\(style)")
            #expect(found.1 == wash, "\(style): \(found.1)")
        }
        #expect(first(try items("none")) == nil, "no effect draws nothing of its own")
        // Clipped to a corner radius, the blur is inside the rounded clip.
        let clipped = try items("light", #", "cornerRadius": 10, "clipsToBounds": true"#)
        guard case .group(let g)? = clipped.first(where: { if case .group = $0 { true } else { false } }) else { Issue.record("no group: \(clipped)"); return }
        #expect(g.clip != nil && first(g.items) != nil)
    }

    @Test func barsPlacedAsViewsDrawAsTheirContainersBarsAtTheirFrames() throws {
        let s = try scene(#"""
            {"device": "iPhone 8", "root": {"view": {"subviews": [
              {"navigationBar": {"frame": [0, 20, 375, 44], "items": [{"title": "Mailboxes"}, {"title": "Inbox", "rightItems": ["Edit"]}]}},
              {"navigationBar": {"frame": [0, 100, 375, 44], "barTintColor": "#0B3D5C", "translucent": false,
                                 "items": [{"title": "New Rule", "leftItems": ["Cancel"], "hidesBackButton": true}]}},
              {"toolbar": {"layout": {"left": 0, "right": 0, "top": 200, "height": 44}, "items": [{"system": "refresh"}, {"flexibleSpace": true}, "Updated"]}},
              {"tabBar": {"frame": [0, 300, 375, 49], "selectedIndex": 1, "items": [{"title": "Featured"}, {"title": "Top Charts"}]}},
              {"tabBar": {"frame": [0, 400, 375, 49], "items": [{"title": "Unselected"}]}}
            ]}}}
            """#)
        let items = try sharedRenderer.displayList(for: s).items
        let all = texts(items)
        func text(_ t: String) -> TextItem? { all.first { $0.text == t } }
        // The top item is the title, the one under it the back button's title, in the tint, left of the title.
        let title = try #require(text("Inbox")), back = try #require(text("Mailboxes"))
        #expect(title.frame.minY == 20 && title.frame.height == 44 && abs(title.frame.midX - 187.5) < 1, "\(title.frame)")
        #expect(back.color == .systemBlue && back.frame.maxX < title.frame.minX)
        #expect(text("Edit")?.color == .systemBlue && text("Cancel") != nil && text("New Rule") != nil)
        // The opaque bar fills its frame with its bar tint; the translucent one blurs what is under it.
        #expect(items.contains { if case .fill(let path, .color(let c), _) = $0 { path == .rect(Rect(x: 0, y: 100, width: 375, height: 44)) && c == Color(rgb8: 0x0B, 0x3D, 0x5C) } else { false } })
        #expect(items.contains { if case .backdrop(let b) = $0 { b.rect == Rect(x: 0, y: 20, width: 375, height: 44) } else { false } })
        // The toolbar's items are spread across it: the title at the trailing margin.
        let updated = try #require(text("Updated"))
        #expect(updated.frame.minY == 200 && abs(updated.frame.maxX - (375 - 16)) < 2, "\(updated.frame)")
        // The selected item is in the tint, the others gray; a bar no one selects has none selected.
        #expect(text("Top Charts")?.color == .systemBlue && text("Featured")?.color == TabBarComponent.unselectedTitleGray)
        #expect(text("Unselected")?.color == TabBarComponent.unselectedTitleGray)
    }

    @Test func aBarPlacedAsAViewSaysWhatIsWrongWithItsItems() {
        let issues = SceneDecoder.issues(decoding: #"""
            {"root": {"view": {"subviews": [
              {"navigationBar": {"items": [{"title": "Inbox", "rightItem": "Edit"}]}},
              {"tabBar": {"items": [{"title": "A"}], "selectedIndex": 1}},
              {"toolbar": {"items": [{"flexibleSpace": true, "title": "Both"}], "unselectedItemTintColor": "red"}}
            ]}}}
            """#)
        let found = issues.map { "\($0.path): \($0.message)" }
        #expect(found.contains { $0.hasPrefix("root.subviews[0].items[0].rightItem: unknown property") && $0.contains("rightItems") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("root.subviews[1].selectedIndex:") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("root.subviews[2].items[0]: a bar button item takes one of") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("root.subviews[2].unselectedItemTintColor: unknown property") }, "a tab bar's key is not a toolbar's: \(found)")
    }

    @Test func aBarPlacedAsAViewIsItsBarsHeight() throws {
        let context = Resolver(images: ImageStore(), text: TextEngine.shared.measurer(language: nil)).context
        var env = Environment(tint: .systemBlue, inheritedTint: .systemBlue, tintAdjustmentMode: .normal, scale: 2,
                              contentSizeCategory: .large, layoutDirection: .leftToRight, baseDirectory: repositoryRoot, path: "root")
        func height(_ name: String, _ env: Environment) throws -> Double {
            let view = try #require(Self.everyKind.first { $0.kind.name == name })
            return try view.kind.component.measure(view, width: 375, env: env, context: context).size.height
        }
        #expect(try height("navigationBar", env) == 44 && height("toolbar", env) == 44 && height("tabBar", env) == 49)
        env.traits.isCompactHeight = true
        #expect(try height("navigationBar", env) == 32 && height("toolbar", env) == 32)
        let prompted = View(.navigationBar(NavigationBar(items: [NavigationItem(title: "Inbox", prompt: "Choose")])))
        env.traits.isCompactHeight = false
        #expect(try prompted.kind.component.measure(prompted, width: 375, env: env, context: context).size.height == 74)
    }

    @Test func aVisualEffectViewsStyleIsOneOfUIKits() throws {
        let issues = SceneDecoder.issues(decoding: #"{"root": {"visualEffectView": {"effect": "frosted"}}}"#)
        #expect(issues.contains { $0.path == "root.effect" && $0.message.contains("frosted") && $0.message.contains("extraLight") }, "\(issues)")
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
