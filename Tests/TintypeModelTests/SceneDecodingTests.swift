import Foundation
import Testing
@testable import TintypeModel

// MARK: - Helpers

/// The issues decoding `json` reports; empty when it decodes.

/// The one issue decoding `json` reports (recording a failure when there are none or several).
private func onlyIssue(_ json: String, baseDirectory: String? = nil,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> SceneIssue {
    let all = issues(json, base: baseDirectory)
    #expect(all.count == 1, "expected one issue, got:\n\(all.map(\.description).joined(separator: "\n"))",
            sourceLocation: sourceLocation)
    return try #require(all.first, sourceLocation: sourceLocation)
}

/// The issues loading the file at `path` reports; empty when it decodes.
private func loadIssues(_ path: String) -> [SceneIssue] {
    do {
        _ = try SceneDecoder.load(path: path)
        return []
    } catch {
        return error.issues
    }
}

private func pos(_ line: Int, _ column: Int) -> SourcePosition { SourcePosition(line: line, column: column) }

/// A scene whose root view is `{"<kind>": {<properties>}}`, all on line 1.
private func rootScene(_ kind: String, _ properties: String) -> String {
    #"{"root": {"\#(kind)": {\#(properties)}}}"#
}

/// A scene whose root is a plain view with `properties`, all on line 1.
private func rootScene(_ properties: String) -> String { rootScene("view", properties) }

/// The first 33 bytes of a 1×1 PNG: the signature and the IHDR chunk, which is all the decode-time check reads.
private let pngBytes: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A,
    0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01,
    0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89,
]
private let svgText = #"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#

/// Runs `body` with a fresh temporary folder holding `files` (relative path → bytes), then removes it.
private func withFolder<T>(_ files: [String: [UInt8]], _ body: (String) throws -> T) throws -> T {
    let fm = FileManager.default
    let dir = fm.temporaryDirectory.appendingPathComponent("tintype-model-tests-\(UUID().uuidString)").path
    try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? fm.removeItem(atPath: dir) }
    for (name, bytes) in files {
        let path = dir + "/" + name
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(fm.createFile(atPath: path, contents: Data(bytes)))
    }
    return try body(dir)
}

// MARK: - A complete valid scene

struct SceneDecodingTests {
    static let fullScene = """
        {
          // Comments and trailing commas are allowed.
          "device": "iPhone X",
          "orientation": "landscape",
          "scale": 2,
          "tintColor": "systemRed",
          "tintAdjustmentMode": "dimmed",
          "backgroundColor": "#EFEFF4",
          "contentSizeCategory": "XL",
          "layoutDirection": "rtl",
          "statusBar": { "style": "lightContent", "hidden": true, "time": "10:09" },
          "root": { "view": {
            "frame": { "x": 0, "y": 0, "width": 812, "height": 375 },
            "backgroundColor": "white(0.5)",
            "subviews": [
              { "view": {
                "frame": [10, 20, 100, 50],
                "backgroundColor": "black@0.4",
                "alpha": 0.5,
                "hidden": true,
                "clipsToBounds": true,
                "cornerRadius": 8,
                "cornerCurve": "continuous",
                "maskedCorners": ["topLeft", "bottomRight"],
                "borderWidth": "hairline",
                "borderColor": "tint",
                "shadowColor": "#F00",
                "shadowOpacity": 0.25,
                "shadowOffset": [1.5, -2],
                "shadowRadius": 4,
                "tintColor": "#11223344",
                "tintAdjustmentMode": "normal",
                "blendMode": "multiply",
              } },
              { "label": {
                "text": "Hello", "font": "headline", "textColor": "white(0.2, 0.5)", "textAlignment": "center",
                "numberOfLines": 0, "lineBreakMode": "wordWrap", "lineSpacing": 2.5,
                "frame": { "x": -4, "y": 0, "width": 200, "height": 21 },
              } },
              { "label": { "text": "Sized", "font": 17, "textColor": "tint" } },
              { "label": { "text": "Styled", "font": { "style": "title1", "weight": "bold" }, "lineBreakMode": "byTruncatingMiddle" } },
              { "label": { "text": "Custom", "font": { "size": 13, "weight": "semibold" }, "textAlignment": "right" } },
              { "label": { "text": "Plain size", "font": { "size": 11 } } },
              { "imageView": { "image": "icons/star@2x.png", "renderingMode": "alwaysTemplate", "contentMode": "aspectFit",
                               "capInsets": 4, "resizingMode": "tile", "tintColor": "systemGreen" } },
              { "imageView": { "image": "logo.svg", "renderingMode": "alwaysOriginal", "contentMode": "scaleAspectFill",
                               "capInsets": [1, 2, 3, 4] } },
              { "imageView": { "image": "bubble.png", "capInsets": { "top": 5, "left": 6, "bottom": 7, "right": 8 } } },
              { "shape": { "path": "M0 0 L10 0 L10 10 Z", "fill": null, "stroke": "tint", "lineWidth": "hairline",
                           "lineCap": "round", "lineJoin": "bevel", "miterLimit": 4, "lineDashPattern": [4, 2],
                           "lineDashPhase": -1, "fillRule": "evenOdd" } },
              { "shape": { "path": "M0 0 H20 V20 H0 Z", "lineWidth": 2,
                           "fill": { "linearGradient": { "start": [0, 0], "end": { "x": 0, "y": 20 },
                                                         "stops": ["systemBlue", "#FFF", "clear"] } } } },
              { "shape": { "path": "M0 0 H20 V20 H0 Z", "stroke": "systemGreen@0.5",
                           "fill": { "radialGradient": { "center": [10, 10], "radius": 10,
                                                         "stops": [ { "location": 0, "color": "white" },
                                                                    { "location": 0.8, "color": "tint" } ] } } } },
            ],
          } },
        }
        """

    static let imageFiles: [String: [UInt8]] = [
        "icons/star@2x.png": pngBytes, "logo.svg": Array(svgText.utf8), "bubble.png": pngBytes,
    ]

    @Test func decodesEveryPropertyOfTheScene() throws {
        try withFolder(Self.imageFiles) { dir in
            let scene = try SceneDecoder.decode(Self.fullScene, file: "full.json", baseDirectory: dir)
            #expect(scene.device == .iPhoneX)
            #expect(scene.orientation == .landscape)
            #expect(scene.scale == 2)
            #expect(scene.effectiveScale == 2)
            #expect(scene.pixelWidth == 1624 && scene.pixelHeight == 750)
            #expect(scene.tintColor == .systemRed)
            #expect(scene.tintAdjustmentMode == .dimmed)
            #expect(scene.backgroundColor == .groupTableViewBackground)
            #expect(scene.contentSizeCategory == .extraLarge)
            #expect(scene.layoutDirection == .rightToLeft)
            #expect(scene.statusBar == StatusBar(style: .lightContent, hidden: true, time: "10:09"))
            #expect(scene.baseDirectory == dir)
            #expect(scene.root.kind == .plain)
            #expect(scene.root.frame == Rect(x: 0, y: 0, width: 812, height: 375))
            #expect(scene.root.backgroundColor == .color(Color(white: 0.5)))
            #expect(scene.root.subviews.count == 12)
        }
    }

    @Test func decodesEveryCommonViewProperty() throws {
        try withFolder(Self.imageFiles) { dir in
            let v = try SceneDecoder.decode(Self.fullScene, baseDirectory: dir).root.subviews[0]
            let expected = View(
                .plain, frame: Rect(x: 10, y: 20, width: 100, height: 50),
                backgroundColor: .color(Color(white: 0, alpha: 0.4)), alpha: 0.5, isHidden: true, clipsToBounds: true,
                cornerRadius: 8, cornerCurve: .continuous, maskedCorners: [.topLeft, .bottomRight],
                border: Border(width: .hairline, color: .tint),
                shadow: Shadow(color: .color(Color(red: 1, green: 0, blue: 0)), opacity: 0.25,
                               offset: Size(width: 1.5, height: -2), radius: 4),
                tintColor: Color(rgb8: 0x11, 0x22, 0x33, alpha: Double(0x44) / 255), tintAdjustmentMode: .normal,
                blendMode: .multiply)
            #expect(v == expected)
            #expect(v.border?.width.points(scale: 2) == 0.5)
        }
    }

    @Test func decodesLabelsWithEveryFontForm() throws {
        try withFolder(Self.imageFiles) { dir in
            let views = try SceneDecoder.decode(Self.fullScene, baseDirectory: dir).root.subviews
            #expect(views[1].kind == .label(Label(
                text: "Hello", font: .style(.headline), textColor: .color(Color(white: 0.2, alpha: 0.5)),
                textAlignment: .center, numberOfLines: 0, lineBreakMode: .byWordWrapping, lineSpacing: 2.5)))
            #expect(views[1].frame == Rect(x: -4, y: 0, width: 200, height: 21))
            #expect(views[2].kind == .label(Label(text: "Sized", font: .system(size: 17), textColor: .tint)))
            #expect(views[3].kind == .label(Label(text: "Styled", font: .style(.title1, weight: .bold),
                                                  lineBreakMode: .byTruncatingMiddle)))
            #expect(views[4].kind == .label(Label(text: "Custom", font: .system(size: 13, weight: .semibold),
                                                  textAlignment: .right)))
            #expect(views[5].kind == .label(Label(text: "Plain size", font: .system(size: 11, weight: .regular))))
            // Sizes at the scene's category (XL).
            if case .label(let l) = views[1].kind { #expect(l.font.pointSize(category: .extraLarge) == 19) }
            if case .label(let l) = views[1].kind { #expect(l.font.weight == .semibold) }
        }
    }

    @Test func decodesImageViewsWithEveryInsetsForm() throws {
        try withFolder(Self.imageFiles) { dir in
            let views = try SceneDecoder.decode(Self.fullScene, baseDirectory: dir).root.subviews
            #expect(views[6].kind == .image(ImageView(
                image: ImageSource("icons/star@2x.png"), renderingMode: .alwaysTemplate, contentMode: .scaleAspectFit,
                capInsets: EdgeInsets(top: 4, left: 4, bottom: 4, right: 4), resizingMode: .tile)))
            #expect(views[6].tintColor == .systemGreen)
            #expect(views[7].kind == .image(ImageView(
                image: ImageSource("logo.svg"), renderingMode: .alwaysOriginal, contentMode: .scaleAspectFill,
                capInsets: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))))
            #expect(views[8].kind == .image(ImageView(
                image: ImageSource("bubble.png"), capInsets: EdgeInsets(top: 5, left: 6, bottom: 7, right: 8))))
            if case .image(let image) = views[6].kind {
                #expect(image.image.scale == 2)
                #expect(image.image.format == .png)
            }
        }
    }

    @Test func decodesShapesWithNullFillAndGradients() throws {
        try withFolder(Self.imageFiles) { dir in
            let views = try SceneDecoder.decode(Self.fullScene, baseDirectory: dir).root.subviews
            let triangle = try PathData(parsing: "M0 0 L10 0 L10 10 Z")
            #expect(views[9].kind == .shape(Shape(
                path: triangle, fill: nil, stroke: .color(.tint), lineWidth: .hairline,
                lineCap: .round, lineJoin: .bevel, miterLimit: 4, lineDashPattern: [4, 2], lineDashPhase: -1,
                fillRule: .evenOdd)))
            let square = try PathData(parsing: "M0 0 H20 V20 H0 Z")
            // String stops are spread evenly from 0 to 1.
            #expect(views[10].kind == .shape(Shape(
                path: square,
                fill: .linearGradient(LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 0, y: 20), stops: [
                    GradientStop(location: 0, color: .color(.systemBlue)),
                    GradientStop(location: 0.5, color: .color(.white)),
                    GradientStop(location: 1, color: .color(.clear)),
                ])),
                lineWidth: .points(2))))
            #expect(views[11].kind == .shape(Shape(
                path: square,
                fill: .radialGradient(RadialGradient(center: Point(x: 10, y: 10), radius: 10, stops: [
                    GradientStop(location: 0, color: .color(.white)),
                    GradientStop(location: 0.8, color: .tint),
                ])),
                stroke: .color(.color(Color.systemGreen.withAlpha(0.5))))))
        }
    }

    @Test func decodingIsDeterministic() throws {
        try withFolder(Self.imageFiles) { dir in
            let a = try SceneDecoder.decode(Self.fullScene, baseDirectory: dir)
            let b = try SceneDecoder.decode(Array(Self.fullScene.utf8), file: "other.json", baseDirectory: dir)
            #expect(a == b)
        }
    }

    @Test func aMinimalSceneTakesUIKitDefaults() throws {
        let scene = try SceneDecoder.decode(#"{"root": {"view": {}}}"#)
        #expect(scene == Scene(root: View()))
        let shape = try SceneDecoder.decode(rootScene("shape", "")).root
        #expect(shape.kind == .shape(Shape(path: PathData(commands: []))))
        if case .shape(let s) = shape.kind {
            #expect(s.fill == .color(.black))
            #expect(s.stroke == nil)
            #expect(s.lineWidth == .points(1))
            #expect(s.miterLimit == 10)
        }
        // Only a border color: UIKit's border width defaults to 0.
        let bordered = try SceneDecoder.decode(rootScene(#""borderColor": "red""#)).root
        #expect(bordered.border == Border(width: .points(0), color: .color(Color(red: 1, green: 0, blue: 0))))
        // Only a shadow opacity: the rest are CALayer's defaults.
        let shadowed = try SceneDecoder.decode(rootScene(#""shadowOpacity": 0.3"#)).root
        #expect(shadowed.shadow == Shadow(opacity: 0.3))
        // An empty maskedCorners list rounds no corner.
        #expect(try SceneDecoder.decode(rootScene(#""maskedCorners": []"#)).root.maskedCorners == [])
    }

    @Test func nullCountsAsAbsent() throws {
        let v = try SceneDecoder.decode(rootScene(#""backgroundColor": null, "frame": null, "alpha": null"#)).root
        #expect(v == View())
        let scene = try SceneDecoder.decode(#"{"device": null, "tintColor": null, "root": {"view": {}}}"#)
        #expect(scene.device == .iPhone8)
        #expect(scene.tintColor == nil)
        // For a shape, a null stroke is none and a null fill overrides the black default.
        let shape = try SceneDecoder.decode(rootScene("shape", #""fill": null, "stroke": null"#)).root
        if case .shape(let s) = shape.kind {
            #expect(s.fill == nil)
            #expect(s.stroke == nil)
        } else {
            Issue.record("not a shape")
        }
    }

    @Test(arguments: [
        ("XS", ContentSizeCategory.extraSmall), ("L", .large), ("XL", .extraLarge), ("extraLarge", .extraLarge),
        ("AX5", .accessibilityExtraExtraExtraLarge), ("accessibilityMedium", .accessibilityMedium),
        ("extraExtraExtraLarge", .extraExtraExtraLarge),
    ])
    func contentSizeCategoryNamesAndAliases(_ name: String, _ category: ContentSizeCategory) throws {
        let scene = try SceneDecoder.decode(#"{"contentSizeCategory": "\#(name)", "root": {"view": {}}}"#)
        #expect(scene.contentSizeCategory == category)
    }

    @Test(arguments: [
        ("rtl", LayoutDirection.rightToLeft), ("rightToLeft", .rightToLeft), ("ltr", .leftToRight), ("leftToRight", .leftToRight),
    ])
    func layoutDirectionNamesAndAliases(_ name: String, _ direction: LayoutDirection) throws {
        let scene = try SceneDecoder.decode(#"{"layoutDirection": "\#(name)", "root": {"view": {}}}"#)
        #expect(scene.layoutDirection == direction)
    }

    @Test func statusBarStylesAndAliases() throws {
        func style(_ s: String) throws -> StatusBar.Style {
            try SceneDecoder.decode(#"{"statusBar": {"style": "\#(s)"}, "root": {"view": {}}}"#).statusBar.style
        }
        #expect(try style("default") == .default)
        #expect(try style("darkContent") == .default)
        #expect(try style("lightContent") == .lightContent)
        let scene = try SceneDecoder.decode(#"{"statusBar": {}, "root": {"view": {}}}"#)
        #expect(scene.statusBar == StatusBar())
    }

    @Test func statusBarContentAndSystemVersion() throws {
        let scene = try SceneDecoder.decode("""
        {"systemVersion": 10, "statusBar": {"carrier": "Carrier", "signal": 2, "wifi": 1, "bluetooth": true,
         "batteryLevel": 0.25, "charging": true, "showsBatteryPercentage": false}, "root": {"view": {}}}
        """)
        #expect(scene.systemVersion == 10)
        #expect(scene.statusBar == StatusBar(carrier: "Carrier", signal: 2, wifi: 1, bluetooth: true, batteryLevel: 0.25,
                                             charging: true, showsBatteryPercentage: false))
        #expect(try SceneDecoder.decode(#"{"root": {"view": {}}}"#).systemVersion == 11, "today's look by default")
    }

    @Test func statusBarValuesOutOfRangeAreErrorsWithTheirPlace() {
        let found = issues(#"{"systemVersion": 12, "statusBar": {"signal": 6, "wifi": -1, "batteryLevel": 1.5, "charge": true}, "root": {"view": {}}}"#)
        #expect(found.count == 5)
        #expect(found.contains { $0.path == "systemVersion" && $0.message.contains("from 7 to 11, found 12") })
        #expect(found.contains { $0.path == "statusBar.signal" && $0.message.contains("from 0 to 5, found 6") })
        #expect(found.contains { $0.path == "statusBar.wifi" && $0.message.contains("from 0 to 3") })
        #expect(found.contains { $0.path.hasPrefix("statusBar.batteryLevel") && $0.position?.line == 1 })
        #expect(found.contains { $0.path == "statusBar.charge" && $0.message.contains("unknown property") })
    }

    @Test func drawsSystemOverlaysIsReadAndRefusedOnACanvas() throws {
        #expect(try SceneDecoder.decode(#"{"root": {"view": {}}}"#).drawsSystemOverlays, "drawn by default")
        let launch = try SceneDecoder.decode(#"{"device": "iPhone X", "drawsSystemOverlays": false, "root": {"view": {}}}"#)
        #expect(!launch.drawsSystemOverlays)
        let wrongKind = try onlyIssue(#"{"drawsSystemOverlays": "no", "root": {"view": {}}}"#)
        #expect(wrongKind.path == "drawsSystemOverlays" && wrongKind.position?.column == 25, "\(wrongKind)")
        let canvas = try onlyIssue("{\"canvas\": \"fit\",\n \"drawsSystemOverlays\": false, \"root\": {\"switch\": {\"frame\": [0, 0, 51, 31]}}}")
        #expect(canvas.path == "drawsSystemOverlays" && canvas.position?.line == 2 && canvas.message.contains("a canvas draws no status bar"), "\(canvas)")
    }

    @Test func aNotchedPhoneNeedsIOS11() {
        let found = issues(#"{"devices": ["iPhone 8", "iPhone X"], "systemVersion": 10, "root": {"view": {}}}"#)
        #expect(found.count == 1 && found.first?.path == "systemVersion" && found.first?.message.contains("iPhone X runs iOS 11") == true)
    }

    @Test func iOS7KeepsTheStatusBarOfALandscapePhone() throws {
        let seven = try SceneDecoder.decode(#"{"orientation": "landscape", "systemVersion": 7, "root": {"view": {}}}"#)
        #expect(seven.statusBarHeight == 20)
        let eight = try SceneDecoder.decode(#"{"orientation": "landscape", "systemVersion": 8, "root": {"view": {}}}"#)
        #expect(eight.statusBarHeight == 0)
    }

    @Test(arguments: [
        ("tint", ColorValue.tint), ("black@0.4", .color(Color(white: 0, alpha: 0.4))), ("white(0.5)", .color(Color(white: 0.5))),
        ("white(0.2, 0.5)", .color(Color(white: 0.2, alpha: 0.5))), ("#F80", .color(Color(rgb8: 255, 136, 0))),
        ("#007AFF", .color(.systemBlue)), ("#FF000080", .color(Color(rgb8: 255, 0, 0, alpha: 128.0 / 255))),
        ("systemPink", .color(.systemPink)), ("clear", .clear), ("separator@0.5", .color(Color.separator.withAlpha(0.5))),
    ])
    func colorSyntaxesInAViewBackground(_ text: String, _ value: ColorValue) throws {
        let view = try SceneDecoder.decode(rootScene(#""backgroundColor": "\#(text)""#)).root
        #expect(view.backgroundColor == value)
    }

    @Test func lineBreakAndContentModeAliases() throws {
        for (name, mode) in LineBreakMode.aliases {
            let v = try SceneDecoder.decode(rootScene("label", #""text": "x", "lineBreakMode": "\#(name)""#)).root
            #expect(v.kind == .label(Label(text: "x", lineBreakMode: mode)), "\(name)")
        }
        for mode in LineBreakMode.allCases {
            let v = try SceneDecoder.decode(rootScene("label", #""text": "x", "lineBreakMode": "\#(mode.rawValue)""#)).root
            #expect(v.kind == .label(Label(text: "x", lineBreakMode: mode)))
        }
        try withFolder(["a.png": pngBytes]) { dir in
            for mode in ContentMode.allCases {
                let v = try SceneDecoder.decode(rootScene("imageView", #""image": "a.png", "contentMode": "\#(mode.rawValue)""#),
                                                baseDirectory: dir).root
                #expect(v.kind == .image(ImageView(image: ImageSource("a.png"), contentMode: mode)))
            }
            let v = try SceneDecoder.decode(rootScene("imageView", #""image": "a.png", "contentMode": "aspectFill""#),
                                            baseDirectory: dir).root
            #expect(v.kind == .image(ImageView(image: ImageSource("a.png"), contentMode: .scaleAspectFill)))
        }
    }

    @Test func everyBlendModeDecodes() throws {
        for mode in BlendMode.allCases {
            let v = try SceneDecoder.decode(rootScene(#""blendMode": "\#(mode.rawValue)""#)).root
            #expect(v.blendMode == mode)
        }
    }

    @Test func imagePathsAreRelativeToTheBaseDirectoryAndNeverAbsolute() throws {
        try withFolder(["sub/a.png": pngBytes]) { dir in
            _ = try SceneDecoder.decode(rootScene("imageView", #""image": "sub/a.png""#), baseDirectory: dir)
            _ = try SceneDecoder.decode(rootScene("imageView", #""image": "sub/a.png""#), baseDirectory: dir + "/")
            // An absolute path is outside every project (issue 35), even where the file exists.
            let absolute = try onlyIssue(rootScene("imageView", #""image": "\#(dir)/sub/a.png""#), baseDirectory: dir)
            #expect(absolute.message.hasPrefix("image file \"\(dir)/sub/a.png\" is not inside the scene's project"))
            #expect(absolute.message.contains("it is an absolute path"))
        }
    }

    @Test func loadReadsAFileAndResolvesImagesBesideIt() throws {
        let json = #"{"device": "iPad", "root": {"imageView": {"image": "star@3x.png"}}}"#
        try withFolder(["scenes/home.json": Array(json.utf8), "scenes/star@3x.png": pngBytes]) { dir in
            let scene = try SceneDecoder.load(path: dir + "/scenes/home.json")
            #expect(scene.device == .iPad)
            #expect(scene.baseDirectory == dir + "/scenes")
            #expect(scene.root.kind == .image(ImageView(image: ImageSource("star@3x.png"))))
        }
    }

    @Test func documentedDescriptionFormat() {
        let issue = SceneIssue(file: "scene.json", path: "root.subviews[2].backgroundColor", position: pos(12, 5),
                               message: ##"bad color "#12G""##)
        #expect(issue.description == ##"scene.json:12:5: root.subviews[2].backgroundColor: bad color "#12G""##)
        #expect(SceneIssue(file: "f", path: "", position: nil, message: "m").description == "f: m")
        #expect(SceneIssue(file: "f", path: "", position: pos(1, 2), message: "m").description == "f:1:2: m")
        let error = SceneError(issues: [issue, SceneIssue(file: "f", path: "p", position: nil, message: "m")])
        #expect(error.description == issue.description + "\nf: p: m")
    }
}

// MARK: - Errors, one kind per test

struct SceneDecodingErrorTests {
    @Test func malformedJSONHasLineAndColumn() throws {
        let issue = try onlyIssue("""
            {
              "device": "iPhone 8"
              "root": {"view": {}}
            }
            """)
        #expect(issue.file == "scene.json")
        #expect(issue.path == "")
        #expect(issue.position == pos(3, 3))
        #expect(issue.message == "malformed JSON: expected ',' or '}' after an object member")
        #expect(issue.description == "scene.json:3:3: malformed JSON: expected ',' or '}' after an object member")
    }

    @Test func malformedJSONCases() throws {
        let duplicate = try onlyIssue("{\n  \"root\": {\"view\": {}},\n  \"root\": {\"view\": {}}\n}")
        #expect(duplicate.position == pos(3, 3))
        #expect(duplicate.message == #"malformed JSON: duplicate key "root""#)

        let truncated = try onlyIssue(#"{"root": {"view": {"#)
        #expect(truncated.message.hasPrefix("malformed JSON: "))
        #expect(truncated.path == "")

        let empty = try onlyIssue("")
        #expect(empty.message.hasPrefix("malformed JSON: "))
    }

    @Test func nonFiniteNumberIsRejectedByTheParser() throws {
        let issue = try onlyIssue("""
            {"root": {"view": {
              "cornerRadius": 1e999
            }}}
            """)
        #expect(issue.path == "")
        #expect(issue.position == pos(2, 19))
        #expect(issue.message.hasPrefix("malformed JSON: "))
        #expect(issue.message.contains("out of range"))
        #expect(issue.message.contains("1e999"))
    }

    @Test func unknownKindSuggestsTheClosest() throws {
        let issue = try onlyIssue("""
            {
              "root": {"view": {"subviews": [
                {"lable": {"text": "Hi"}}
              ]}}
            }
            """)
        #expect(issue.path == "root.subviews[0]")
        #expect(issue.position == pos(3, 6))
        let kinds = SceneDecoder.kinds.map(\.name).joined(separator: ", ")
        #expect(issue.message == "unknown kind \"lable\"; did you mean \"label\"? (kinds: \(kinds))")
        #expect(issue.description.hasPrefix("scene.json:3:6: root.subviews[0]: unknown kind"))
    }

    @Test func unknownKindWithoutSuggestion() throws {
        let issue = try onlyIssue(rootScene("webView", ""))
        #expect(issue.path == "root")
        let kinds = SceneDecoder.kinds.map(\.name).joined(separator: ", ")
        #expect(issue.message == "unknown kind \"webView\" (kinds: \(kinds))")
    }

    @Test func unknownPropertySuggestsTheClosest() throws {
        let issue = try onlyIssue("""
            {
              "root": {"view": {
                "backgroundColour": "red"
              }}
            }
            """)
        #expect(issue.path == "root.backgroundColour")
        #expect(issue.position == pos(3, 5))
        #expect(issue.message == #"unknown property "backgroundColour"; did you mean "backgroundColor"?"#)
    }

    @Test func unknownPropertiesAtEveryLevel() throws {
        let scene = try onlyIssue(#"{"devise": "iPhone 8", "root": {"view": {}}}"#)
        #expect(scene.path == "devise")
        #expect(scene.position == pos(1, 2))
        #expect(scene.message == #"unknown property "devise"; did you mean "device"?"#)

        let statusBar = try onlyIssue(#"{"statusBar": {"stlye": "default"}, "root": {"view": {}}}"#)
        #expect(statusBar.path == "statusBar.stlye")
        #expect(statusBar.message == #"unknown property "stlye"; did you mean "style"?"#)

        let label = try onlyIssue(rootScene("label", #""txt": "Hi""#))
        #expect(label.path == "root.txt")
        #expect(label.message == #"unknown property "txt"; did you mean "text"?"#)

        let font = try onlyIssue(rootScene("label", #""font": {"style": "body", "wieght": "bold"}"#))
        #expect(font.path == "root.font.wieght")
        #expect(font.message == #"unknown property "wieght"; did you mean "weight"?"#)

        let frame = try onlyIssue(rootScene(#""frame": {"x": 0, "y": 0, "width": 1, "height": 1, "z": 3}"#))
        #expect(frame.path == "root.frame.z")
        #expect(frame.message.hasPrefix(#"unknown property "z""#))

        // A kind's own properties are not known to another kind.
        let misplaced = try onlyIssue(rootScene(#""text": "Hi""#))
        #expect(misplaced.path == "root.text")
        #expect(misplaced.message.hasPrefix(#"unknown property "text""#))
    }

    @Test func badColorQuotesTheValue() throws {
        let issue = try onlyIssue("""
            {"root": {"view": {
              "backgroundColor": "#12G"
            }}}
            """)
        #expect(issue.path == "root.backgroundColor")
        #expect(issue.position == pos(2, 22))
        #expect(issue.message.hasPrefix(##"bad color "#12G"; expected #RGB, #RRGGBB, #RRGGBBAA"##))
        #expect(issue.message == ##"bad color "#12G"; "## + ObjectReader.colorHelp)
    }

    @Test func badColorNameSuggestsTheClosest() throws {
        let issue = try onlyIssue(rootScene("label", #""textColor": "sytemRed""#))
        #expect(issue.path == "root.textColor")
        #expect(issue.message == #"bad color "sytemRed"; did you mean "systemRed"?"#)

        let scene = try onlyIssue(#"{"tintColor": "notacolor", "root": {"view": {}}}"#)
        #expect(scene.path == "tintColor")
        #expect(scene.position == pos(1, 15))
        #expect(scene.message.hasPrefix(#"bad color "notacolor""#))

        let type = try onlyIssue(rootScene(#""borderColor": 255"#))
        #expect(type.path == "root.borderColor")
        #expect(type.message == "expected a color string, found a number")
    }

    @Test func badColorsInShapesAndGradients() throws {
        let stroke = try onlyIssue(rootScene("shape", ##""stroke": "#GGGGGG""##))
        #expect(stroke.path == "root.stroke")
        #expect(stroke.message.hasPrefix(##"bad color "#GGGGGG""##))

        let stop = try onlyIssue(rootScene("shape", ##""fill": {"linearGradient": {"start": [0, 0], "end": [1, 1], "stops": ["red", "#12"]}}"##))
        #expect(stop.path == "root.fill.linearGradient.stops[1]")
        #expect(stop.message.hasPrefix(##"bad color "#12""##))

        let objectStop = try onlyIssue(rootScene("shape", #"""
            "fill": {"radialGradient": {"center": [0, 0], "radius": 1, "stops": [{"location": 0, "color": "red"}, {"location": 1, "color": "#1"}]}}
            """#))
        #expect(objectStop.path == "root.fill.radialGradient.stops[1].color")
        #expect(objectStop.message.hasPrefix(##"bad color "#1""##))
    }

    @Test func negativeLengthsAreRejected() throws {
        let width = try onlyIssue("""
            {"root": {"view": {"subviews": [
              {"view": {"frame": [0, 0, -5, 10]}}
            ]}}}
            """)
        #expect(width.path == "root.subviews[0].frame[2]")
        #expect(width.position == pos(2, 29))
        #expect(width.message == "must not be negative, found -5")

        let objectWidth = try onlyIssue(rootScene(#""frame": {"x": -1, "y": -1, "width": -5, "height": 10}"#))
        #expect(objectWidth.path == "root.frame.width")
        #expect(objectWidth.message == "must not be negative, found -5")

        let radius = try onlyIssue("""
            {"root": {"view": {
              "cornerRadius": -1
            }}}
            """)
        #expect(radius.path == "root.cornerRadius")
        #expect(radius.position == pos(2, 19))
        #expect(radius.message == "must not be negative, found -1")
        #expect(radius.description == "scene.json:2:19: root.cornerRadius: must not be negative, found -1")
    }

    @Test(arguments: [
        (#""borderWidth": -0.5"#, "view", "root.borderWidth", "must not be negative, found -0.5"),
        (#""shadowRadius": -2"#, "view", "root.shadowRadius", "must not be negative, found -2"),
        (#""capInsets": -1, "image": "x.svg""#, "imageView", "root.capInsets", "must not be negative, found -1"),
        (#""capInsets": [1, -1, 1, 1], "image": "x.svg""#, "imageView", "root.capInsets[1]", "must not be negative, found -1"),
        (#""capInsets": {"top": 1, "left": 1, "bottom": -3, "right": 1}, "image": "x.svg""#, "imageView", "root.capInsets.bottom", "must not be negative, found -3"),
        (#""text": "", "lineSpacing": -1"#, "label", "root.lineSpacing", "must not be negative, found -1"),
        (#""lineWidth": -1"#, "shape", "root.lineWidth", "must not be negative, found -1"),
        (#""lineDashPattern": [2, -2]"#, "shape", "root.lineDashPattern[1]", "must not be negative, found -2"),
        (#""fill": {"radialGradient": {"center": [0, 0], "radius": -4, "stops": ["red", "blue"]}}"#, "shape", "root.fill.radialGradient.radius", "must not be negative, found -4"),
    ])
    func otherNegativeLengths(_ properties: String, _ kind: String, _ path: String, _ message: String) throws {
        try withFolder(["x.svg": Array(svgText.utf8)]) { dir in
            let issue = try onlyIssue(rootScene(kind, properties), baseDirectory: dir)
            #expect(issue.path == path)
            #expect(issue.message == message)
        }
    }

    @Test func alphaOutOfRange() throws {
        let alpha = try onlyIssue("""
            {"root": {"view": {
              "alpha": 1.5
            }}}
            """)
        #expect(alpha.path == "root.alpha")
        #expect(alpha.position == pos(2, 12))
        #expect(alpha.message == "must be from 0 to 1, found 1.5")

        let negative = try onlyIssue(rootScene(#""alpha": -0.1"#))
        #expect(negative.message == "must not be negative, found -0.1")

        let opacity = try onlyIssue(rootScene(#""shadowOpacity": 2"#))
        #expect(opacity.path == "root.shadowOpacity")
        #expect(opacity.message == "must be from 0 to 1, found 2")

        let location = try onlyIssue(rootScene("shape", #"""
            "fill": {"linearGradient": {"start": [0, 0], "end": [1, 1], "stops": [{"location": 0, "color": "red"}, {"location": 1.2, "color": "blue"}]}}
            """#))
        #expect(location.path == "root.fill.linearGradient.stops[1].location")
        #expect(location.message == "must be from 0 to 1, found 1.2")

        let colorAlpha = try onlyIssue(rootScene(#""backgroundColor": "systemBlue@1.5""#))
        #expect(colorAlpha.path == "root.backgroundColor")
        #expect(colorAlpha.message.hasPrefix(#"bad color "systemBlue@1.5""#))
    }

    @Test func otherRangesAndWholeNumbers() throws {
        let lines = try onlyIssue(rootScene("label", #""numberOfLines": 1.5"#))
        #expect(lines.path == "root.numberOfLines")
        #expect(lines.message == "expected a whole number from 0 to 10000, found 1.5")

        let miter = try onlyIssue(rootScene("shape", #""miterLimit": 0.5"#))
        #expect(miter.path == "root.miterLimit")
        #expect(miter.message == "must be from 1 to 1000, found 0.5")

        let font = try onlyIssue(rootScene("label", #""font": 0"#))
        #expect(font.path == "root.font")
        #expect(font.message == "must be from 1 to 1000, found 0")
    }

    @Test func wrongTypeNamesWhatWasFound() throws {
        let issue = try onlyIssue("""
            {"root": {"view": {
              "cornerRadius": "12"
            }}}
            """)
        #expect(issue.path == "root.cornerRadius")
        #expect(issue.position == pos(2, 19))
        #expect(issue.message == "expected a number, found a string")
    }

    @Test(arguments: [
        (#"{"root": {"view": {"hidden": "yes"}}}"#, "root.hidden", "expected true or false, found a string"),
        (#"{"root": {"view": {"subviews": {}}}}"#, "root.subviews", "expected an array, found an object"),
        (#"{"root": {"view": {"frame": "0 0 10 10"}}}"#, "root.frame",
         "expected [x, y, width, height] or an object with x, y, width, height, found a string"),
        (#"{"root": {"view": {"frame": [0, 0, 10]}}}"#, "root.frame", "expected 4 numbers [x, y, width, height], found 3"),
        (#"{"root": {"view": {"frame": {"x": 0, "y": 0, "width": 10}}}}"#, "root.frame.height", #"missing number "height""#),
        (#"{"root": {"view": {"frame": [0, true, 10, 10]}}}"#, "root.frame[1]", "expected a number, found a boolean"),
        (#"{"root": {"view": 3}}"#, "root", "expected an object of view properties, found a number"),
        (#"{"root": []}"#, "root", #"expected a view like {"view": {...}}, found an array"#),
        (#"{"root": {}}"#, "root", #"expected a view like {"view": {...}}, found an empty object"#),
        (#"{"root": {"view": {"subviews": [null]}}}"#, "root.subviews[0]", #"expected a view like {"view": {...}}, found null"#),
        (#"{"device": 8, "root": {"view": {}}}"#, "device", "expected a device name, found a number"),
        (#"{"statusBar": {"time": 941}, "root": {"view": {}}}"#, "statusBar.time", "expected a string, found a number"),
        (#"{"statusBar": true, "root": {"view": {}}}"#, "statusBar", "expected an object, found a boolean"),
        (#"{"orientation": 1, "root": {"view": {}}}"#, "orientation", "expected a string, found a number"),
        (#"{"root": {"label": {"text": 42}}}"#, "root.text", "expected a string, found a number"),
        (#"{"root": {"label": {"font": true}}}"#, "root.font", "expected a text style name, a size, or an object, found a boolean"),
        (#"{"root": {"view": {"maskedCorners": ["topLeft", "top"]}}}"#, "root.maskedCorners[1]",
         #"expected a corner (topLeft, topRight, bottomLeft, bottomRight), found "top""#),
        (#"{"root": {"view": {"maskedCorners": [1]}}}"#, "root.maskedCorners[0]",
         "expected a corner (topLeft, topRight, bottomLeft, bottomRight), found a number"),
        (#"{"root": {"shape": {"path": 3}}}"#, "root.path",
         #"expected SVG path data (a string like "M0 0 L10 10 Z"), found a number"#),
        (#"{"root": {"shape": {"fill": 3}}}"#, "root.fill", "expected a color or a gradient, found a number"),
        (#"{"root": {"shape": {"fill": {"conicGradient": {}}}}}"#, "root.fill",
         #"expected a color, null, or an object with one key, "linearGradient" or "radialGradient""#),
        (#"{"root": {"imageView": {"image": 3}}}"#, "root.image", "expected a file path, found a number"),
        (#"[1, 2]"#, "", "expected a scene object, found an array"),
    ])
    func wrongTypes(_ json: String, _ path: String, _ message: String) throws {
        let issue = try onlyIssue(json)
        #expect(issue.path == path)
        #expect(issue.message == message)
    }

    @Test func unknownDeviceSuggestsTheClosest() throws {
        let issue = try onlyIssue("""
            {
              "device": "iPhone 8 Pluss",
              "root": {"view": {}}
            }
            """)
        #expect(issue.path == "device")
        #expect(issue.position == pos(2, 13))
        #expect(issue.message == #"unknown device "iPhone 8 Pluss"; did you mean "iPhone 8 Plus"? (run 'tintype devices' for the list)"#)

        let alias = try onlyIssue(#"{"device": "iPhone XSS", "root": {"view": {}}}"#)
        #expect(alias.message.contains(#"did you mean "iPhone XS"?"#))

        let far = try onlyIssue(#"{"device": "Galaxy S24", "root": {"view": {}}}"#)
        #expect(far.message == #"unknown device "Galaxy S24" (run 'tintype devices' for the list)"#)
    }

    @Test func unknownEnumValueSuggestsTheClosest() throws {
        let issue = try onlyIssue("""
            {"root": {"view": {
              "cornerCurve": "continous"
            }}}
            """)
        #expect(issue.path == "root.cornerCurve")
        #expect(issue.position == pos(2, 18))
        #expect(issue.message == #"unknown value "continous"; did you mean "continuous"? (expected one of circular, continuous)"#)
    }

    @Test func unknownEnumValuesElsewhere() throws {
        let noSuggestion = try onlyIssue(rootScene(#""blendMode": "zzz""#))
        #expect(noSuggestion.path == "root.blendMode")
        #expect(noSuggestion.message.hasPrefix(#"unknown value "zzz"; expected one of normal, multiply, screen"#))

        let orientation = try onlyIssue(#"{"orientation": "landscpe", "root": {"view": {}}}"#)
        #expect(orientation.message == #"unknown value "landscpe"; did you mean "landscape"? (expected one of portrait, landscape)"#)

        // Aliases are listed after the raw values, sorted.
        let direction = try onlyIssue(#"{"layoutDirection": "rtll", "root": {"view": {}}}"#)
        #expect(direction.message == #"unknown value "rtll"; did you mean "rtl"? (expected one of leftToRight, rightToLeft, ltr, rtl)"#)

        let style = try onlyIssue(rootScene("label", #""font": "bodyy""#))
        #expect(style.path == "root.font")
        #expect(style.message.hasPrefix(#"unknown value "bodyy"; did you mean "body"?"#))

        let weight = try onlyIssue(rootScene("label", #""font": {"size": 12, "weight": "semiBold"}"#))
        #expect(weight.path == "root.font.weight")
        #expect(weight.message.hasPrefix(#"unknown value "semiBold"; did you mean "semibold"?"#))

        let category = try onlyIssue(#"{"contentSizeCategory": "XXXXL", "root": {"view": {}}}"#)
        #expect(category.path == "contentSizeCategory")
        #expect(category.message.hasPrefix(#"unknown value "XXXXL"; did you mean "XXXL"?"#))
    }

    @Test func missingImageFileIsNamed() throws {
        try withFolder([:]) { dir in
            let issue = try onlyIssue("""
                {"root": {"view": {"subviews": [
                  {"imageView": {"image": "icons/missing.png"}}
                ]}}}
                """, baseDirectory: dir)
            #expect(issue.path == "root.subviews[0].image")
            #expect(issue.position == pos(2, 27))
            #expect(issue.message == #"image file "icons/missing.png" not found (looked at "\#(dir)/icons/missing.png")"#)
        }
    }

    @Test func aDirectoryIsNotAnImage() throws {
        try withFolder(["dir.png/inner.txt": [1]]) { dir in
            let issue = try onlyIssue(rootScene("imageView", #""image": "dir.png""#), baseDirectory: dir)
            #expect(issue.message == "image file \"dir.png\" is a folder, not a file")
        }
    }

    @Test func corruptImageFiles() throws {
        let files: [String: [UInt8]] = [
            "garbage.png": Array("this is certainly not a PNG file, just text".utf8),
            "short.png": Array(pngBytes.prefix(32)),
            "fake.svg": Array("<html><body>hello</body></html>".utf8),
        ]
        try withFolder(files) { dir in
            let garbage = try onlyIssue(rootScene("imageView", #""image": "garbage.png""#), baseDirectory: dir)
            #expect(garbage.path == "root.image")
            #expect(garbage.position == pos(1, 34))
            #expect(garbage.message == #"image file "garbage.png" is not a PNG (bad signature)"#)

            let short = try onlyIssue(rootScene("imageView", #""image": "short.png""#), baseDirectory: dir)
            #expect(short.message == #"image file "short.png" is a corrupt PNG: it ends inside its header"#)

            let svg = try onlyIssue(rootScene("imageView", #""image": "fake.svg""#), baseDirectory: dir)
            #expect(svg.message == #"image file "fake.svg" is not an SVG (no <svg> element)"#)
        }
    }

    @Test func unsupportedImageExtension() throws {
        try withFolder(["anim.gif": Array("GIF89a".utf8)]) { dir in
            let issue = try onlyIssue(rootScene("imageView", #""image": "anim.gif""#), baseDirectory: dir)
            #expect(issue.path == "root.image")
            #expect(issue.message == #"unsupported image "anim.gif"; use a .png or .svg file"#)
        }
        // Checked by name, before looking for the file.
        let jpg = try onlyIssue(rootScene("imageView", #""image": "photo.jpg""#), baseDirectory: "/nonexistent")
        #expect(jpg.message == #"unsupported image "photo.jpg"; use a .png or .svg file"#)
    }

    @Test func imageViewWithoutAnImage() throws {
        let issue = try onlyIssue(rootScene("imageView", ""))
        #expect(issue.path == "root")
        #expect(issue.position == pos(1, 24))
        #expect(issue.message == #"an image view needs an "image" (a .png or .svg path)"#)
    }

    /// `{"view": {"subviews": [ ... ]}}` nested so the innermost view is `depth` levels below the root.
    private func nested(depth: Int) -> String {
        var json = #"{"view": {}}"#
        for _ in 0..<depth { json = #"{"view": {"subviews": ["# + json + "]}}" }
        return #"{"root": "# + json + "}"
    }

    @Test func nestingUpToTheLimitDecodes() throws {
        let scene = try SceneDecoder.decode(nested(depth: SceneLimits.maxViewDepth))
        var depth = 0
        var view = scene.root
        while let child = view.subviews.first { view = child; depth += 1 }
        #expect(depth == SceneLimits.maxViewDepth)
    }

    @Test func nestingDeeperThanTheLimitIsReported() throws {
        let depth = SceneLimits.maxViewDepth + 1
        let issue = try onlyIssue(nested(depth: depth))
        #expect(issue.path == "root" + String(repeating: ".subviews[0]", count: depth))
        #expect(issue.message == "views nest deeper than \(SceneLimits.maxViewDepth) levels")
        // The innermost view's opening brace: 9 bytes of `{"root": `, then `{"view": {"subviews": [` per level.
        #expect(issue.position == pos(1, 10 + 23 * depth))
    }

    @Test func muchDeeperNestingStopsAtTheJSONParsersLimit() throws {
        let issue = try onlyIssue(nested(depth: 200))
        #expect(issue.message.hasPrefix("malformed JSON: nesting deeper than \(JSONParser.maximumDepth) levels"))
    }

    @Test func outputLargerThanThePixelLimitIsReported() throws {
        // 1024×1366 points at 16x: 16384×21856 pixels, taller than 16384 pixels.
        let tall = try onlyIssue("""
            {
              "device": "iPad Pro 12.9",
              "scale": 16,
              "root": {"view": {}}
            }
            """)
        #expect(tall.path == "scale")
        #expect(tall.position == pos(1, 1))
        #expect(tall.message == "output of 16384×21856 pixels exceeds the limit (16384 pixels a side, 64 megapixels)")

        // 375×812 points at 16x: 6000×12992 pixels, both sides within the limit but 78 megapixels in all.
        let large = try onlyIssue(#"{"device": "iPhone X", "scale": 16, "root": {"view": {}}}"#)
        #expect(large.path == "scale")
        #expect(large.message == "output of 6000×12992 pixels exceeds the limit (16384 pixels a side, 64 megapixels)")

        // Landscape swaps the sides, not the area.
        let wide = try onlyIssue(#"{"device": "iPad Pro 12.9", "orientation": "landscape", "scale": 16, "root": {"view": {}}}"#)
        #expect(wide.message.hasPrefix("output of 21856×16384 pixels exceeds the limit"))
    }

    @Test func outputJustWithinThePixelLimitDecodes() throws {
        // 375×667 points at 16x: 6000×10672 = 64,032,000 pixels, under 64 × 2^20.
        let scene = try SceneDecoder.decode(#"{"device": "iPhone 8", "scale": 16, "root": {"view": {}}}"#)
        #expect(scene.pixelWidth * scene.pixelHeight <= SceneLimits.maxPixelCount)
        #expect(scene.pixelLimitProblem == nil)
        // Every device at its own scale is far within the limits.
        for device in Device.catalog {
            for orientation in [Orientation.portrait, .landscape] {
                #expect(Scene(device: device, orientation: orientation, root: View()).pixelLimitProblem == nil)
            }
        }
    }

    @Test func scaleOutsideItsRangeIsRejected() throws {
        #expect(SceneLimits.scaleRange.lowerBound == 0.25)
        let upper = format(SceneLimits.scaleRange.upperBound)
        let tooLarge = try onlyIssue(#"{"scale": 100, "root": {"view": {}}}"#)
        #expect(tooLarge.path == "scale")
        #expect(tooLarge.position == pos(1, 11))
        #expect(tooLarge.message == "must be from 0.25 to \(upper), found 100")
        let tooSmall = try onlyIssue(#"{"scale": 0.1, "root": {"view": {}}}"#)
        #expect(tooSmall.message == "must be from 0.25 to \(upper), found 0.1")
        let zero = try onlyIssue(#"{"scale": 0, "root": {"view": {}}}"#)
        #expect(zero.message == "must be from 0.25 to \(upper), found 0")
    }

    @Test func fileLargerThanTheLimit() {
        var bytes = Array(#"{"root": {"view": {}}}"#.utf8)
        bytes += [UInt8](repeating: UInt8(ascii: " "), count: SceneLimits.maxFileSize + 1 - bytes.count)
        do {
            _ = try SceneDecoder.decode(bytes, file: "huge.json", baseDirectory: nil)
            Issue.record("a file over the limit decoded")
        } catch {
            #expect(error.issues.count == 1)
            #expect(error.issues.first?.message == "the file is \(SceneLimits.maxFileSize + 1) bytes, more than the limit of \(SceneLimits.maxFileSize)")
        }
    }

    @Test func missingRoot() throws {
        let issue = try onlyIssue("""
            {
              "device": "iPhone 8"
            }
            """)
        #expect(issue.path == "root")
        #expect(issue.position == pos(1, 1))
        #expect(issue.message == #"missing "root": the scene's root view, like {"view": {...}}"#)
    }

    @Test func viewObjectWithTwoKeys() throws {
        let issue = try onlyIssue("""
            {"root": {"view": {"subviews": [
              {"view": {}, "label": {"text": "Hi"}}
            ]}}}
            """)
        #expect(issue.path == "root.subviews[0]")
        #expect(issue.position == pos(2, 3))
        #expect(issue.message == #"a view is an object with exactly one key, its kind; found "view", "label""#)
    }

    @Test func fontProblems() throws {
        let both = try onlyIssue(rootScene("label", #""font": {"style": "body", "size": 12}"#))
        #expect(both.path == "root.font.size")
        #expect(both.message == #"give either "style" or "size", not both"#)

        let neither = try onlyIssue(rootScene("label", #""font": {"weight": "bold"}"#))
        #expect(neither.path == "root.font")
        #expect(neither.message == #"a font needs a "style" (like "body") or a "size""#)
    }

    @Test func gradientProblems() throws {
        func fill(_ paint: String) -> String { rootScene("shape", #""fill": "# + paint) }

        let oneStop = try onlyIssue(fill(#"{"linearGradient": {"start": [0, 0], "end": [1, 1], "stops": ["red"]}}"#))
        #expect(oneStop.path == "root.fill.linearGradient.stops")
        #expect(oneStop.message == "a gradient needs at least 2 stops, found 1")

        let noStops = try onlyIssue(fill(#"{"linearGradient": {"start": [0, 0], "end": [1, 1]}}"#))
        #expect(noStops.path == "root.fill.linearGradient.stops")
        #expect(noStops.message == #"a gradient needs "stops""#)

        let noEnd = try onlyIssue(fill(#"{"linearGradient": {"start": [0, 0], "stops": ["red", "blue"]}}"#))
        #expect(noEnd.path == "root.fill.linearGradient")
        #expect(noEnd.message == #"a linear gradient needs "start" and "end" points"#)

        let noRadius = try onlyIssue(fill(#"{"radialGradient": {"center": [0, 0], "stops": ["red", "blue"]}}"#))
        #expect(noRadius.path == "root.fill.radialGradient")
        #expect(noRadius.message == #"a radial gradient needs a "center" and a "radius""#)

        // (A stop without a location also draws a spurious 'unknown property "color"'; see the report.)
        let badStop = issues(fill(#"{"linearGradient": {"start": [0, 0], "end": [1, 1], "stops": ["red", {"color": "blue"}]}}"#))
        #expect(badStop.first?.path == "root.fill.linearGradient.stops[1]")
        #expect(badStop.first?.message == #"a stop needs a "location" (0...1) and a "color""#)
        let noColor = try onlyIssue(fill(#"{"linearGradient": {"start": [0, 0], "end": [1, 1], "stops": ["red", {"location": 1}]}}"#))
        #expect(noColor.path == "root.fill.linearGradient.stops[1]")
        #expect(noColor.message == #"a stop needs a "location" (0...1) and a "color""#)

        let twoKeys = try onlyIssue(fill(#"{"linearGradient": {}, "radialGradient": {}}"#))
        #expect(twoKeys.path == "root.fill")
    }

    @Test func badPathData() throws {
        let issue = try onlyIssue(rootScene("shape", #""path": "M0 0 Q""#))
        #expect(issue.path == "root.path")
        #expect(issue.message.hasPrefix("bad path data: "))
    }

    @Test func multipleIssuesAreAllReportedInDocumentOrder() throws {
        let all = issues("""
            {
              "device": "iPhone 8 Pluss",
              "tintColor": "notacolor",
              "root": {"view": {
                "frame": [0, 0, -5, 10],
                "cornerCurve": "continous",
                "subviews": [
                  {"lable": {}}
                ],
                "backgroundColour": "red"
              }}
            }
            """)
        #expect(all.map(\.path) == [
            "device", "tintColor", "root.frame[2]", "root.cornerCurve", "root.subviews[0]", "root.backgroundColour",
        ])
        #expect(all.map { $0.position?.line } == [2, 3, 5, 6, 8, 10])
        #expect(all.count == 6)
        guard all.count == 6 else { return }
        #expect(all[0].message.hasPrefix(#"unknown device "iPhone 8 Pluss""#))
        #expect(all[1].message.hasPrefix(#"bad color "notacolor""#))
        #expect(all[2].message == "must not be negative, found -5")
        #expect(all[3].message.hasPrefix(#"unknown value "continous""#))
        #expect(all[4].message.hasPrefix(#"unknown kind "lable""#))
        #expect(all[5].message.hasPrefix(#"unknown property "backgroundColour""#))
        #expect(all.allSatisfy { $0.file == "scene.json" })

        // The error's description lists them one a line.
        do {
            _ = try SceneDecoder.decode("""
                {"device": "x",
                 "root": {"view": {"alpha": 2}}}
                """, file: "two.json")
            Issue.record("decoded")
        } catch {
            let lines = error.description.split(separator: "\n")
            #expect(lines.count == 2)
            #expect(lines.first?.hasPrefix(#"two.json:1:12: device: unknown device "x""#) == true)
            #expect(lines.last == "two.json:2:29: root.alpha: must be from 0 to 1, found 2")
        }
    }

    @Test func problemsInSiblingsAreAllReported() throws {
        let all = issues("""
            {"root": {"view": {"subviews": [
              {"view": {"alpha": 3}},
              {"label": {"text": "ok"}},
              {"label": {"textColor": "purpel"}},
              {"shape": {"lineCap": "rounded"}}
            ]}}}
            """)
        #expect(all.map(\.path) == ["root.subviews[0].alpha", "root.subviews[2].textColor", "root.subviews[3].lineCap"])
        #expect(all.map { $0.position?.line } == [2, 4, 5])
    }

    @Test func loadReportsANonexistentFile() {
        let path = "/nonexistent-\(UUID().uuidString)/scene.json"
        do {
            _ = try SceneDecoder.load(path: path)
            Issue.record("loaded a file that does not exist")
        } catch {
            #expect(error.issues == [SceneIssue(file: path, path: "", position: nil, message: "no such file")])
            #expect(error.description == "\(path): no such file")
        }
    }

    @Test func loadReportsAnUnreadablePath() throws {
        try withFolder(["folder/x.txt": [1]]) { dir in
            let all = loadIssues(dir + "/folder")
            #expect(all == [SceneIssue(file: dir + "/folder", path: "", position: nil, message: "the scene file is a folder, not a file")])
        }
    }

    @Test func loadNamesTheFileInEveryIssue() throws {
        let json = "{\n  \"root\": {\"view\": {\"alpha\": 7}}\n}"
        try withFolder(["bad.json": Array(json.utf8)]) { dir in
            let path = dir + "/bad.json"
            #expect(loadIssues(path).map(\.description) == ["\(path):2:30: root.alpha: must be from 0 to 1, found 7"])
        }
    }
}
