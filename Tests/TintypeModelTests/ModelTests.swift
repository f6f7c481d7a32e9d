import Testing
@testable import TintypeModel

/// The model's own values: the device catalog, Dynamic Type, images, geometry and the builder API.
struct ModelTests {
    // MARK: Device lookup

    @Test(arguments: [
        ("iPhone 8", "iPhone 8"), ("iphone x", "iPhone X"), ("IPHONE X", "iPhone X"), ("iPhoneX", "iPhone X"),
        ("  iPhone   X  ", "iPhone X"), ("iPhone 7", "iPhone 8"), ("iPhone 6s", "iPhone 8"), ("iPhone 6", "iPhone 8"),
        ("iPhone XS", "iPhone X"), ("iPhone 11 Pro", "iPhone X"), ("iPhone 11", "iPhone XR"),
        ("iPhone 7 Plus", "iPhone 8 Plus"), ("iphone8plus", "iPhone 8 Plus"), ("iPhone 4S", "iPhone 4s"),
        ("iPhone 4", "iPhone 4s"), ("iPhone 5s", "iPhone SE"), ("iphone-se", "iPhone SE"), ("iPhone_SE", "iPhone SE"),
        ("iPhone 13", "iPhone 12"), ("iPhone 14", "iPhone 12"), ("iPhone 15", "iPhone 15 Pro"),
        ("iPhone 14 Pro Max", "iPhone 15 Pro Max"), ("ipad", "iPad"), ("iPad Air", "iPad"),
        ("iPad Pro (11-inch)", "iPad Pro 11"), ("ipad pro 12.9", "iPad Pro 12.9"), ("iPad Pro 12.9-inch", "iPad Pro 12.9"),
    ])
    func deviceNamedFindsNamesAndAliasesIgnoringCaseAndSpaces(_ query: String, _ expected: String) {
        #expect(Device.named(query)?.name == expected)
    }

    @Test(arguments: ["iPhone 9", "iPhone", "", "Pixel 7", "iPad Pro 13", "iPhone X Max"])
    func deviceNamedReturnsNilForUnknownNames(_ query: String) {
        #expect(Device.named(query) == nil)
    }

    @Test func everyCatalogNameAndAliasIsUniqueAfterNormalizing() {
        var seen: [String: String] = [:]
        for device in Device.catalog {
            for name in [device.name] + device.aliases {
                let key = Device.normalize(name)
                #expect(seen[key] == nil || seen[key] == device.name, "\(name) names both \(seen[key] ?? "") and \(device.name)")
                seen[key] = device.name
                #expect(Device.named(name) == device)
            }
        }
        #expect(Set(Device.catalog.map(\.name)).count == Device.catalog.count)
    }

    // MARK: Device catalog (docs/uikit-metrics.md, Devices)

    struct DeviceRow: Sendable, CustomTestStringConvertible {
        var name: String
        var width, height, scale, statusBar, top, bottom: Double
        /// Landscape safe area (left, right, bottom) for phones; (top, bottom) for iPads.
        var landscape: EdgeInsets
        var testDescription: String { name }
    }

    static let specTable: [DeviceRow] = [
        DeviceRow(name: "iPhone 4s", width: 320, height: 480, scale: 2, statusBar: 20, top: 20, bottom: 0, landscape: .zero),
        DeviceRow(name: "iPhone SE", width: 320, height: 568, scale: 2, statusBar: 20, top: 20, bottom: 0, landscape: .zero),
        DeviceRow(name: "iPhone 8", width: 375, height: 667, scale: 2, statusBar: 20, top: 20, bottom: 0, landscape: .zero),
        DeviceRow(name: "iPhone 8 Plus", width: 414, height: 736, scale: 3, statusBar: 20, top: 20, bottom: 0, landscape: .zero),
        DeviceRow(name: "iPhone X", width: 375, height: 812, scale: 3, statusBar: 44, top: 44, bottom: 34,
                  landscape: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44)),
        DeviceRow(name: "iPhone XR", width: 414, height: 896, scale: 2, statusBar: 48, top: 48, bottom: 34,
                  landscape: EdgeInsets(top: 0, left: 48, bottom: 21, right: 48)),
        DeviceRow(name: "iPhone 12 mini", width: 375, height: 812, scale: 3, statusBar: 50, top: 50, bottom: 34,
                  landscape: EdgeInsets(top: 0, left: 50, bottom: 21, right: 50)),
        DeviceRow(name: "iPhone 12", width: 390, height: 844, scale: 3, statusBar: 47, top: 47, bottom: 34,
                  landscape: EdgeInsets(top: 0, left: 47, bottom: 21, right: 47)),
        DeviceRow(name: "iPhone 14 Plus", width: 428, height: 926, scale: 3, statusBar: 47, top: 47, bottom: 34,
                  landscape: EdgeInsets(top: 0, left: 47, bottom: 21, right: 47)),
        DeviceRow(name: "iPhone 15 Pro", width: 393, height: 852, scale: 3, statusBar: 54, top: 59, bottom: 34,
                  landscape: EdgeInsets(top: 0, left: 59, bottom: 21, right: 59)),
        DeviceRow(name: "iPhone 15 Pro Max", width: 430, height: 932, scale: 3, statusBar: 54, top: 59, bottom: 34,
                  landscape: EdgeInsets(top: 0, left: 59, bottom: 21, right: 59)),
        DeviceRow(name: "iPad", width: 768, height: 1024, scale: 2, statusBar: 20, top: 20, bottom: 0,
                  landscape: EdgeInsets(top: 20, bottom: 0)),
        DeviceRow(name: "iPad Pro 11", width: 834, height: 1194, scale: 2, statusBar: 24, top: 24, bottom: 20,
                  landscape: EdgeInsets(top: 24, bottom: 20)),
        DeviceRow(name: "iPad Pro 12.9", width: 1024, height: 1366, scale: 2, statusBar: 24, top: 24, bottom: 20,
                  landscape: EdgeInsets(top: 24, bottom: 20)),
    ]

    @Test(arguments: specTable)
    func catalogMatchesTheSpecTable(_ row: DeviceRow) throws {
        let device = try #require(Device.named(row.name))
        #expect(device.name == row.name)
        #expect(device.size == Size(width: row.width, height: row.height))
        #expect(device.scale == row.scale)
        #expect(device.statusBarHeight == row.statusBar)
        #expect(device.portraitSafeArea == EdgeInsets(top: row.top, left: 0, bottom: row.bottom, right: 0))
        #expect(device.safeArea(in: .portrait) == device.portraitSafeArea)
        #expect(device.landscapeSafeArea == row.landscape)
        #expect(device.safeArea(in: .landscape) == row.landscape)
        #expect(device.isPad == row.name.hasPrefix("iPad"))
    }

    @Test func catalogHoldsEveryDeviceTheSpecNames() {
        let names = Device.catalog.map(\.name)
        for name in ["iPhone 4s", "iPhone SE", "iPhone 8", "iPhone 8 Plus", "iPhone X", "iPhone XR", "iPhone 12",
                     "iPhone 15 Pro", "iPhone 15 Pro Max", "iPad", "iPad Pro 11", "iPad Pro 12.9"] {
            #expect(names.contains(name), "\(name) is missing from the catalog")
        }
        #expect(Device.catalog.count == Self.specTable.count)
        #expect(Device.iPhone8 == Device.named("iPhone 8"))
        #expect(Device.iPadPro12_9 == Device.named("iPad Pro 12.9"))
    }

    @Test func displayCornerRadiiFollowTheSpec() {
        #expect(Device.iPhoneX.displayCornerRadius == 39)
        #expect(Device.iPhoneXR.displayCornerRadius == 41.5)
        #expect(Device.iPhone12mini.displayCornerRadius == 44)
        #expect(Device.iPhone12.displayCornerRadius == 47.33)
        #expect(Device.iPhone14Plus.displayCornerRadius == 53.33)
        #expect(Device.iPadPro11.displayCornerRadius == 18)
        #expect(Device.iPadPro12_9.displayCornerRadius == 18)
        #expect(Device.iPhone8.displayCornerRadius == 0)
        #expect(Device.iPad.displayCornerRadius == 0)
    }

    @Test func notchesAndLandscapeStatusBars() {
        #expect(Device.iPhoneX.hasNotch)
        #expect(Device.iPhone15Pro.hasNotch)
        #expect(!Device.iPhone8.hasNotch)
        #expect(!Device.iPhone4s.hasNotch)
        #expect(!Device.iPadPro11.hasNotch)
        // Phones hide the status bar in landscape (before iOS 13); iPads keep it.
        for device in Device.catalog {
            #expect(device.statusBarHeight(in: .portrait) == device.statusBarHeight)
            #expect(device.statusBarHeight(in: .landscape) == (device.isPad ? device.statusBarHeight : 0), "\(device.name)")
        }
    }

    @Test func landscapeSwapsWidthAndHeight() {
        #expect(Device.iPhone8.size(in: .portrait) == Size(width: 375, height: 667))
        #expect(Device.iPhone8.size(in: .landscape) == Size(width: 667, height: 375))
        for device in Device.catalog {
            let p = device.size(in: .portrait), l = device.size(in: .landscape)
            #expect(l.width == p.height && l.height == p.width)
        }
    }

    // MARK: Scene geometry

    @Test func scenePixelSizeFollowsOrientationAndScale() {
        let portrait = Scene(device: .iPhoneX, root: View())
        #expect(portrait.screenSize == Size(width: 375, height: 812))
        #expect(portrait.effectiveScale == 3)
        #expect(portrait.pixelWidth == 1125)
        #expect(portrait.pixelHeight == 2436)

        let landscape = Scene(device: .iPhoneX, orientation: .landscape, root: View())
        #expect(landscape.screenSize == Size(width: 812, height: 375))
        #expect(landscape.pixelWidth == 2436)
        #expect(landscape.pixelHeight == 1125)

        let scaled = Scene(device: .iPhone8, scale: 1, root: View())
        #expect(scaled.effectiveScale == 1)
        #expect(scaled.pixelWidth == 375)
        #expect(scaled.pixelHeight == 667)

        let fractional = Scene(device: .iPhone8, scale: 0.25, root: View())
        #expect(fractional.pixelWidth == 94)  // 93.75 rounds up
        #expect(fractional.pixelHeight == 167)  // 166.75
    }

    @Test func pixelLimitProblemNamesTheSize() {
        #expect(Scene(device: .iPadPro12_9, root: View()).pixelLimitProblem == nil)
        #expect(Scene(device: .iPadPro12_9, scale: 16, root: View()).pixelLimitProblem
            == "output of 16384×21856 pixels exceeds the limit (16384 pixels a side, 64 megapixels)")
        // Exactly at the side limit is allowed: 1024 points at 16x is 16384 pixels.
        var edge = Scene(device: .iPadPro12_9, scale: 16, root: View())
        edge.device.size = Size(width: 1024, height: 1024)
        #expect(edge.pixelWidth == SceneLimits.maxPixelDimension)
        #expect(edge.pixelWidth * edge.pixelHeight > SceneLimits.maxPixelCount)  // 256 megapixels
        #expect(edge.pixelLimitProblem != nil)
        edge.scale = 8  // 8192×8192 = 64 megapixels exactly
        #expect(edge.pixelWidth * edge.pixelHeight == SceneLimits.maxPixelCount)
        #expect(edge.pixelLimitProblem == nil)
    }

    @Test func sceneDefaultsFollowUIKit() {
        let scene = Scene(root: View())
        #expect(scene.device == .iPhone8)
        #expect(scene.orientation == .portrait)
        #expect(scene.scale == nil)
        #expect(scene.tintColor == nil)
        #expect(scene.tintAdjustmentMode == .automatic)
        #expect(scene.backgroundColor == .white)
        #expect(scene.statusBar == StatusBar(style: .default, hidden: false, time: "9:41"))
        #expect(scene.contentSizeCategory == .large)
        #expect(scene.layoutDirection == .leftToRight)
        #expect(scene.baseDirectory == nil)
    }

    // MARK: Dynamic Type (docs/uikit-metrics.md, Dynamic Type)

    static let dynamicTypeTable: [(TextStyle, [Double])] = [
        (.largeTitle, [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]),
        (.title1, [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]),
        (.title2, [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]),
        (.title3, [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]),
        (.headline, [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]),
        (.body, [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]),
        (.callout, [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]),
        (.subheadline, [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]),
        (.footnote, [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]),
        (.caption1, [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]),
        (.caption2, [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41]),
    ]

    @Test func contentSizeCategoriesAreInSpecColumnOrder() {
        #expect(ContentSizeCategory.allCases.map(\.rawValue)
            == ["XS", "S", "M", "L", "XL", "XXL", "XXXL", "AX1", "AX2", "AX3", "AX4", "AX5"])
        #expect(ContentSizeCategory.large.index == 3)
    }

    @Test func pointSizesMatchTheWholeSpecTable() {
        #expect(Self.dynamicTypeTable.count == TextStyle.allCases.count)
        for (style, sizes) in Self.dynamicTypeTable {
            for (category, size) in zip(ContentSizeCategory.allCases, sizes) {
                #expect(style.pointSize(category: category) == size, "\(style) at \(category.rawValue)")
                #expect(Font.style(style).pointSize(category: category) == size)
            }
        }
    }

    @Test(arguments: [
        (TextStyle.body, ContentSizeCategory.large, 17.0), (.body, .extraSmall, 14), (.body, .extraLarge, 19),
        (.body, .accessibilityExtraExtraExtraLarge, 53), (.largeTitle, .large, 34), (.title1, .extraExtraExtraLarge, 34),
        (.footnote, .medium, 12), (.caption2, .accessibilityMedium, 20), (.headline, .large, 17),
        (.subheadline, .accessibilityLarge, 30), (.callout, .small, 14), (.title3, .accessibilityExtraLarge, 43),
    ])
    func pointSizeSamples(_ style: TextStyle, _ category: ContentSizeCategory, _ size: Double) {
        #expect(Font.style(style, weight: .bold).pointSize(category: category) == size)
    }

    @Test func systemFontsIgnoreTheCategory() {
        for category in ContentSizeCategory.allCases {
            #expect(Font.system(size: 13).pointSize(category: category) == 13)
        }
    }

    @Test func fontWeights() {
        #expect(Font.body == .style(.body, weight: nil))
        #expect(Font.body.weight == .regular)
        #expect(Font.style(.headline).weight == .semibold)
        #expect(Font.style(.headline, weight: .light).weight == .light)
        #expect(Font.style(.body, weight: .bold).weight == .bold)
        #expect(Font.system(size: 17).weight == .regular)
        #expect(Font.system(size: 17, weight: .heavy).weight == .heavy)
        #expect(FontWeight.allCases.map(\.cssWeight) == [100, 200, 300, 400, 500, 600, 700, 800, 900])
        for style in TextStyle.allCases where style != .headline { #expect(style.weight == .regular) }
    }

    // MARK: Images

    @Test func renderingModeResolvesAutomaticByContext() {
        #expect(RenderingMode.automatic.resolved(templateByDefault: true) == .alwaysTemplate)
        #expect(RenderingMode.automatic.resolved(templateByDefault: false) == .alwaysOriginal)
        for byDefault in [true, false] {
            #expect(RenderingMode.alwaysOriginal.resolved(templateByDefault: byDefault) == .alwaysOriginal)
            #expect(RenderingMode.alwaysTemplate.resolved(templateByDefault: byDefault) == .alwaysTemplate)
        }
    }

    @Test(arguments: [
        ("star.png", 1.0), ("star@2x.png", 2), ("star@3x.png", 3), ("icons/star@2x.png", 2), ("/abs/icons/star@3x.png", 3),
        ("icons@2x/star.png", 1), ("star@4x.png", 1), ("star@2x", 1), ("star@2x.svg", 2), ("star@2x.tar.png", 1),
        ("star2x.png", 1), ("@2x.png", 2),
    ])
    func imageScaleComesFromTheFileName(_ path: String, _ scale: Double) {
        #expect(ImageSource(path).scale == scale)
    }

    @Test func imageFormatComesFromTheExtension() {
        #expect(ImageSource("a.png").format == .png)
        #expect(ImageSource("A.PNG").format == .png)
        #expect(ImageSource("dir/a@2x.png").format == .png)
        #expect(ImageSource("a.svg").format == .svg)
        #expect(ImageSource("a.SVG").format == .svg)
        #expect(ImageSource("a.gif").format == nil)
        #expect(ImageSource("a.jpg").format == nil)
        #expect(ImageSource("png").format == nil)
    }

    @Test func contentModeAndLineBreakAliases() {
        #expect(ContentMode.aliases["aspectFit"] == .scaleAspectFit)
        #expect(ContentMode.aliases["aspectFill"] == .scaleAspectFill)
        #expect(LineBreakMode.aliases["wordWrap"] == .byWordWrapping)
        #expect(LineBreakMode.aliases["truncateMiddle"] == .byTruncatingMiddle)
        #expect(LineBreakMode.aliases.count == LineBreakMode.allCases.count)
        #expect(Set(LineBreakMode.aliases.values).count == LineBreakMode.allCases.count)
    }

    // MARK: Geometry and small values

    @Test func lengthsInPoints() {
        #expect(Length.points(2).points(scale: 3) == 2)
        #expect(Length.hairline.points(scale: 2) == 0.5)
        #expect(Length.hairline.points(scale: 3) == 1.0 / 3)
        #expect(Length.hairline.points(scale: 1) == 1)
    }

    @Test func rectAccessorsAndInsets() {
        let r = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(r.minX == 10 && r.minY == 20 && r.maxX == 110 && r.maxY == 70)
        #expect(r.midX == 60 && r.midY == 45)
        #expect(r.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == Rect(x: 12, y: 21, width: 94, height: 46))
        #expect(r.insetBy(dx: 5, dy: 5) == Rect(x: 15, y: 25, width: 90, height: 40))
        // Never below zero size.
        #expect(r.insetBy(dx: 60, dy: 30) == Rect(x: 70, y: 50, width: 0, height: 0))
        #expect(Rect(origin: Point(x: 1, y: 2), size: Size(width: 3, height: 4)) == Rect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func cornersOptionSet() {
        #expect(Corners.all == [.topLeft, .topRight, .bottomLeft, .bottomRight])
        #expect(Corners.all.rawValue == 15)
        #expect(Corners.names.map(\.0) == ["topLeft", "topRight", "bottomLeft", "bottomRight"])
        #expect(View().maskedCorners == .all)
    }

    @Test func viewDefaultsFollowUIKit() {
        let v = View()
        #expect(v.kind == .plain)
        #expect(v.frame == nil)
        #expect(v.backgroundColor == nil)
        #expect(v.alpha == 1)
        #expect(!v.isHidden && !v.clipsToBounds)
        #expect(v.cornerRadius == 0)
        #expect(v.cornerCurve == .circular)
        #expect(v.border == nil && v.shadow == nil && v.tintColor == nil)
        #expect(v.tintAdjustmentMode == .automatic)
        #expect(v.blendMode == .normal)
        #expect(v.subviews.isEmpty)
        // CALayer's shadow defaults: black, transparent, (0, -3), radius 3.
        #expect(Shadow() == Shadow(color: .black, opacity: 0, offset: Size(width: 0, height: -3), radius: 3))
        #expect(Border() == Border(width: .points(1), color: .black))
    }

    @Test func viewKindNames() throws {
        #expect(ViewKind.plain.name == "view")
        #expect(ViewKind.label(Label(text: "")).name == "label")
        #expect(ViewKind.image(ImageView(image: ImageSource("a.png"))).name == "imageView")
        #expect(try View.shape("M0 0").kind.name == "shape")
        let names = SceneDecoder.kinds.map(\.name)
        #expect(Array(names.prefix(16)) == ["view", "label", "textView", "imageView", "shape", "scrollView", "viewController", "navigationController",
                                            "tabBarController", "splitViewController", "tableView", "stackView", "visualEffectView",
                                            "navigationBar", "toolbar", "tabBar"])
        #expect(Array(names.dropFirst(16)) == Control.kinds.map(\.name), "then every control")
        #expect(Set(names).count == names.count, "names are unique")
    }

    @Test func shapeBuilderRejectsBadPathData() throws {
        #expect(throws: PathDataError.self) { try View.shape("M0 0 Q") }
        let v = try View.shape("M0 0 L10 10", fill: nil, stroke: .color(.tint), lineWidth: .hairline,
                               frame: Rect(x: 0, y: 0, width: 10, height: 10))
        guard case .shape(let shape) = v.kind else { Issue.record("not a shape"); return }
        let expectedPath = try PathData(parsing: "M0 0 L10 10")
        #expect(shape.path == expectedPath)
        #expect(shape.fill == nil)
        #expect(shape.stroke == .color(.tint))
        #expect(shape.lineWidth == .hairline)
        #expect(v.frame == Rect(x: 0, y: 0, width: 10, height: 10))
    }

    // MARK: Builder API

    /// The example in `Scene`'s documentation comment, built in Swift and written as a scene file.
    @Test func documentedBuilderExampleEqualsTheDecodedSceneFile() throws {
        let scene = Scene(device: .iPhone8, tintColor: .systemRed) {
            View(frame: Rect(x: 20, y: 40, width: 335, height: 120), backgroundColor: .color(.white),
                 cornerRadius: 12, cornerCurve: .continuous) {
                View.label("Hello", font: .style(.title1), frame: Rect(x: 16, y: 16, width: 303, height: 40))
            }
        }
        let decoded = try SceneDecoder.decode("""
            {
              "device": "iPhone 8",
              "tintColor": "systemRed",
              "root": { "view": { "subviews": [
                { "view": {
                  "frame": [20, 40, 335, 120], "backgroundColor": "white", "cornerRadius": 12, "cornerCurve": "continuous",
                  "subviews": [
                    { "label": { "text": "Hello", "font": "title1", "frame": { "x": 16, "y": 16, "width": 303, "height": 40 } } }
                  ]
                } }
              ] } }
            }
            """)
        #expect(decoded == scene)

        // And the example holds what it says.
        #expect(scene.tintColor == .systemRed)
        #expect(scene.root.frame == nil)
        #expect(scene.root.subviews.count == 1)
        let card = scene.root.subviews[0]
        #expect(card.cornerCurve == .continuous)
        #expect(card.subviews.first?.kind == .label(Label(text: "Hello", font: .style(.title1))))
    }

    @Test func builderSupportsConditionsLoopsAndArrays() {
        let showBadge = false
        let root = View {
            for i in 0..<3 {
                View.label("Row \(i)")
            }
            if showBadge {
                View.label("Badge")
            } else {
                View(backgroundColor: .tint)
            }
            if !showBadge { View.image("star.png") }
            [View(), View()]
        }
        #expect(root.subviews.count == 7)
        #expect(root.subviews[0].kind == .label(Label(text: "Row 0")))
        #expect(root.subviews[2].kind == .label(Label(text: "Row 2")))
        #expect(root.subviews[3].backgroundColor == .tint)
        #expect(root.subviews[4].kind == .image(ImageView(image: ImageSource("star.png"))))
    }

    @Test func labelAndImageBuildersCarryTheirProperties() {
        let label = View.label("Hi", font: .system(size: 13, weight: .bold), textColor: .tint, textAlignment: .center,
                               numberOfLines: 0, lineBreakMode: .byWordWrapping, lineSpacing: 3,
                               frame: Rect(x: 1, y: 2, width: 3, height: 4), backgroundColor: .white)
        #expect(label.kind == .label(Label(text: "Hi", font: .system(size: 13, weight: .bold), textColor: .tint,
                                           textAlignment: .center, numberOfLines: 0, lineBreakMode: .byWordWrapping,
                                           lineSpacing: 3)))
        #expect(label.frame == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(label.backgroundColor == .white)

        let image = View.image("a@2x.png", renderingMode: .alwaysTemplate, contentMode: .center,
                               capInsets: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1), resizingMode: .tile,
                               tintColor: .systemGreen)
        #expect(image.kind == .image(ImageView(image: ImageSource("a@2x.png"), renderingMode: .alwaysTemplate,
                                               contentMode: .center, capInsets: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1),
                                               resizingMode: .tile)))
        #expect(image.tintColor == .systemGreen)
        // Label defaults: body, black, natural, one line, truncating the tail.
        #expect(Label(text: "x") == Label(text: "x", font: .body, textColor: .black, textAlignment: .natural,
                                          numberOfLines: 1, lineBreakMode: .byTruncatingTail, lineSpacing: 0))
    }
}
