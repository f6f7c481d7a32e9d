import Foundation
import Testing
@testable import TintypeModel
@testable import TintypeStoryboard

/// Importing Interface Builder files written for these tests (Fixtures/App): scenes, containers,
/// views, values, constraints, assets and warnings; and the errors of bad files.
struct StoryboardImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path
    static let main = fixtures + "/App/Base.lproj/Main.storyboard"

    /// Where the tests put the scenes: the storyboard's string tables are written there once.
    static let output: String = {
        let dir = NSTemporaryDirectory() + "tintype-storyboard-tests-\(ProcessInfo.processInfo.processIdentifier)"
        if let folder = try? StoryboardImporter.importFile(main, options: .init(imageDirectory: dir)).strings {
            for f in folder.files {
                let path = dir + "/" + folder.name + "/" + f.path
                try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try? f.text.write(toFile: path, atomically: true, encoding: .utf8)
            }
        }
        return dir
    }()

    static func importMain() throws -> StoryboardImport {
        try StoryboardImporter.importFile(main, options: .init(imageDirectory: output))
    }

    func scene(_ name: String) throws -> (json: String, scene: Scene) {
        let result = try Self.importMain()
        let s = try #require(result.scenes.first { $0.name == name })
        let decoded = try SceneDecoder.decode(s.json, file: name + ".json", baseDirectory: Self.output, root: "/")
        return (s.json, decoded)
    }

    /// The first view in `view`'s tree (depth first, arranged subviews and content views too) with this id.
    func find(_ id: String, in view: View) -> View? {
        if view.id == id { return view }
        var children = view.subviews
        switch view.kind {
        case .stackView(let s): children += s.arrangedSubviews
        case .controller(let c): children += controllerViews(c)
        case .tableView(let t): children += t.sections.flatMap(\.rows).compactMap(\.contentView)
        default: break
        }
        for c in children { if let f = find(id, in: c) { return f } }
        return nil
    }

    func controllerViews(_ c: Controller) -> [View] {
        switch c {
        case .content(let vc): [vc.view]
        case .navigation(let nav): nav.stack.map(\.view)
        case .tabBar(let tabs): tabs.tabs.flatMap { controllerViews($0.root) }
        case .split(let s): controllerViews(s.primary) + controllerViews(s.secondary)
        }
    }

    @Test func everyContentControllerIsASceneNamedByItsIdentifier() throws {
        let result = try Self.importMain()
        #expect(result.scenes.map(\.name) == ["TrailList", "TrailDetail", "Settings"])
        #expect(result.scenes.map(\.id) == ["list-vc-001", "detail-vc-01", "settings-vc1"])
        for s in result.scenes {
            let decoded = try SceneDecoder.decode(s.json, file: s.name + ".json", baseDirectory: Self.output, root: "/")
            #expect(decoded.device == .iPhone8, "the design device, retina4_7")
        }
    }

    @Test func containersComeFromRelationshipSeguesAndAPushFromAShowSegue() throws {
        let (_, s) = try scene("TrailDetail")
        guard case .controller(.tabBar(let tabs)) = s.root.kind else { Issue.record("root is \(s.root.kind.name)"); return }
        #expect(tabs.tabs.map(\.item.title) == ["Trails", "More"])
        #expect(tabs.selectedIndex == 0)
        #expect(tabs.tabs[0].item.image.map { ($0.resolvedPath(in: Self.output) as NSString).standardizingPath } == Self.fixtures + "/App/Assets.xcassets/star.imageset/star@2x.png")
        guard case .navigation(let nav) = tabs.tabs[0].root else { Issue.record("tab 0 is not a navigation controller"); return }
        #expect(nav.stack.map(\.displayTitle) == ["Trails", "Granite Loop"])
        #expect(nav.stack[1].navigationItem.largeTitleDisplayMode == .never)
        #expect(nav.stack[1].navigationItem.rightItems == [BarButtonItem(.title("Save"), style: .done)])
        #expect(nav.stack[0].navigationItem.rightItems.isEmpty, "a controller under the top shows only its title")

        let (_, settings) = try scene("Settings")
        guard case .controller(.tabBar(let t2)) = settings.root.kind else { Issue.record("no tab bar"); return }
        #expect(t2.selectedIndex == 1)
        #expect(t2.tabBar.tintColor == Color(parsing: "#FF3B30"))
    }

    /// A named font is drawn as the system font of the weight its name says: "Semibold" is not
    /// "Bold" (it once was, the shorter word being looked for first), nor "UltraLight" "Light".
    @Test func aNamedFontsWeightComesFromItsName() {
        let names = ["HelveticaNeue-Bold": "bold", "SFProText-Semibold": "semibold", "AvenirNext-DemiBold": "semibold",
                     "Avenir-Heavy": "heavy", "AvenirNext-UltraLight": "ultraLight", "HelveticaNeue-Light": "light",
                     "Avenir-Black": "black", "HelveticaNeue-Thin": "thin", "Avenir-Medium": "medium"]
        for (name, weight) in names { #expect(Importer.weight(ofFontNamed: name) == weight, "\(name)") }
        #expect(Importer.weight(ofFontNamed: "Courier") == nil)
    }

    @Test func aStaticTableKeepsItsSectionsStylesAndCustomCells() throws {
        let (_, s) = try scene("TrailList")
        guard case .controller(.tabBar(let tabs)) = s.root.kind, case .navigation(let nav) = tabs.tabs[0].root,
              case .tableView(let table) = nav.stack[0].view.kind else { Issue.record("no table"); return }
        #expect(table.style == .grouped)
        #expect(table.sections.map(\.header) == ["Nearby", "Options"])
        #expect(table.sections[0].footer == "Within 10 km.")
        let rows = table.sections.flatMap(\.rows)
        #expect(rows[0].text == "Granite Loop" && rows[0].accessoryType == .disclosureIndicator && rows[0].style == .default)
        #expect(rows[1].style == .value1 && rows[1].text == "Distance" && rows[1].detailText == "4.2 km")
        // Interface Builder leaves out a label's numberOfLines when it is 1; a row's text would wrap.
        #expect(rows[0].numberOfLines == 1 && rows[1].numberOfLines == 1 && rows[1].detailNumberOfLines == 1)
        let content = try #require(rows[2].contentView)
        #expect(content.subviews.map(\.kind.name) == ["label", "switch"])
        #expect(content.subviews[0].constraints == [
            LayoutConstraint(.leading, to: .superview, .leadingMargin, identifier: "cst-cel-001"),
            LayoutConstraint(.centerY, to: .superview, identifier: "cst-cel-002"),
        ])
        // Interface Builder's `contentView.trailingMargin == switch.trailing` is held by the content view.
        #expect(content.constraints == [LayoutConstraint(.trailingMargin, to: .view("swt-cel-003"), .trailing, identifier: "cst-cel-003")])
        #expect(content.subviews[1].frame == nil && content.subviews[1].layout == nil)
    }

    @Test func constraintsMoveToTheirFirstItemAndGuidesTurnAround() throws {
        let (_, s) = try scene("TrailDetail")
        let image = try #require(find("img-det-001", in: s.root))
        // The superview's list comes first: it is read before the image's own.
        #expect(image.constraints == [
            LayoutConstraint(.top, to: .superview, guide: .safeArea, constant: 20, identifier: "cst-det-003"),
            LayoutConstraint(.centerX, to: .superview, identifier: "cst-det-004"),
            LayoutConstraint(.width, constant: 44, identifier: "cst-det-001"),
            LayoutConstraint(.width, to: .itself, .height, identifier: "cst-det-002"),
        ])
        if case .image(let iv) = image.kind { #expect(iv.renderingMode == .alwaysTemplate && iv.contentMode == .scaleAspectFit) }
        let button = try #require(find("btn-det-002", in: s.root))
        // safeArea.bottom == button.bottom + 20 → button.bottom == safeArea.bottom − 20.
        #expect(button.constraints.contains(LayoutConstraint(.bottom, to: .superview, guide: .safeArea, constant: -20, identifier: "cst-det-010")))
        #expect(button.constraints.contains(LayoutConstraint(.width, to: .superview, multiplier: 0.5, constant: -87.5, identifier: "cst-det-018")))
        #expect(button.constraints.contains(LayoutConstraint(.height, .greaterThanOrEqual, constant: 44, identifier: "cst-det-011")))
        #expect(button.cornerRadius == 8)
        let root = try #require(find("vw-det-root", in: s.root))
        #expect(root.constraints == [LayoutConstraint(.trailingMargin, to: .view("lbl-det-001"), .trailing, identifier: "cst-det-007")])
        let stack = try #require(find("stk-det-001", in: s.root))
        #expect(stack.constraints.contains(LayoutConstraint(.width, to: .view("lbl-det-001"), priority: 750, identifier: "cst-det-013")))
    }

    @Test func valuesFontsColorsAndVariations() throws {
        let (_, s) = try scene("TrailDetail")
        let label = try #require(find("lbl-det-001", in: s.root))
        guard case .label(let l) = label.kind else { Issue.record("not a label"); return }
        #expect(l.text == "Granite Loop")
        #expect(l.font == .style(.headline), "the regular-width variation does not apply to an iPhone 8 in portrait")
        #expect(l.textColor == .color(Color(parsing: "#FF3B30")!), "the asset catalog's Accent, not its dark appearance")
        #expect(l.textAlignment == .center && l.numberOfLines == 0)

        let (_, settings) = try scene("Settings")
        let units = try #require(settings.root.subviewsOfFirstTab.first)
        #expect(units.layout == LayoutPins(top: 40, left: 16, right: 16, height: 21))
        let pager = try #require(settings.root.subviewsOfFirstTab.last)
        #expect(pager.layout == LayoutPins(bottom: 45, left: 0, right: 0, height: 37))
        guard case .control(.pageControl(let page)) = pager.kind else { Issue.record("not a page control"); return }
        #expect(page.currentPageIndicatorTintColor == .color(Color(parsing: "#FF3B30")!))
        #expect(page.pageIndicatorTintColor == .color(Color(parsing: "#D1D1D6")!))
        #expect(settings.root.subviewsOfFirstTab.map(\.kind.name) == ["label", "segmentedControl", "slider", "stepper", "textField", "progressView", "activityIndicator", "pageControl"])
        let stepper = settings.root.subviewsOfFirstTab[3]
        #expect(stepper.layout == LayoutPins(top: 159, right: 16, width: 94, height: 29))
        let spinner = settings.root.subviewsOfFirstTab[6]
        #expect(spinner.layout == LayoutPins(top: 275, centerX: 0, width: 20, height: 20))
    }

    @Test func whatCannotBeDrawnIsAPlaceholderAndEachApproximationAWarning() throws {
        let result = try Self.importMain()
        let lines = result.warnings.map { "\($0.kind) \($0.position.map { "\($0.line):\($0.column)" } ?? "-") \($0.id ?? "-"): \($0.message)" }
        #expect(lines == [
            "tabBarItem 262:62 tbi-set-001: the system tab bar item \"more\" shows its title without UIKit's glyph",
            "variation 138:29 lbl-det-001: size-class variations (widthClass=regular) are resolved for iPhone 8 (compact width, regular height); the scene file keeps that one",
            "customClass 155:37 rat-det-001: RatingView is not a class Tintype draws; it is shown as a labeled placeholder of its frame",
            "unknownClass 161:29 map-det-001: MKMapView is not a class Tintype draws; it is shown as a labeled placeholder of its frame",
            "runtimeAttribute 180:89 btn-det-002: the user-defined runtime attribute \"analyticsName\" is not one Tintype understands; it is left out",
            "font 220:78 lbl-set-001: the font \"Avenir-Heavy\" is drawn as the system font of its size (Tintype draws with its pinned fonts only)",
        ])
        let (json, s) = try scene("TrailDetail")
        let stack = try #require(find("stk-det-001", in: s.root))
        guard case .stackView(let sv) = stack.kind else { Issue.record("not a stack view"); return }
        let rating = sv.arrangedSubviews[1]
        var labelText: String?
        if case .label(let l)? = rating.subviews.first?.kind { labelText = l.text }
        #expect(labelText == "RatingView")
        #expect(json.contains("\"text\": \"MKMapView\""))
    }

    @Test func visualEffectViewsKeepTheirBlurStyle() throws {
        let text = Self.header + """

            <scenes><scene sceneID="s1"><objects>
              <viewController id="vc" sceneMemberID="viewController">
                <view key="view" id="root"><rect key="frame" x="0" y="0" width="375" height="667"/>
                  <subviews>
                    <visualEffectView opaque="NO" id="fx1"><rect key="frame" x="0" y="0" width="375" height="100"/>
                      <view key="contentView" id="fx1c"><rect key="frame" x="0" y="0" width="375" height="100"/>
                        <subviews><label text="On the blur" id="lbl"><rect key="frame" x="16" y="40" width="200" height="21"/></label></subviews>
                      </view>
                      <blurEffect style="dark"/>
                    </visualEffectView>
                    <visualEffectView opaque="NO" id="fx2"><rect key="frame" x="0" y="100" width="375" height="100"/>
                      <view key="contentView" id="fx2c"/>
                      <blurEffect style="systemMaterial"/>
                    </visualEffectView>
                    <visualEffectView opaque="NO" id="fx3"><rect key="frame" x="0" y="200" width="375" height="100"/>
                      <view key="contentView" id="fx3c"/>
                      <vibrancyEffect><blurEffect style="light"/></vibrancyEffect>
                    </visualEffectView>
                  </subviews>
                </view>
              </viewController>
            </objects></scene></scenes></document>
            """
        let (imported, errors) = importText(text)
        let result = try #require(imported, "\(errors)")
        let decoded = try SceneDecoder.decode(try #require(result.scenes.first).json, file: "vc.json")
        guard case .controller(.content(let vc)) = decoded.root.kind else { Issue.record("root is \(decoded.root.kind.name)"); return }
        let effects: [BlurEffectStyle?] = vc.view.subviews.map { if case .visualEffectView(let v) = $0.kind { v.effect } else { nil } }
        #expect(effects == [.dark, .light, BlurEffectStyle.none])
        var label: String?
        if case .label(let l)? = vc.view.subviews.first?.subviews.first?.kind { label = l.text }
        #expect(label == "On the blur", "the content view's subviews are the effect view's")
        let warnings = result.warnings.map(\.description)
        #expect(warnings.contains { $0.contains("fx2") && $0.contains("systemMaterial") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("fx3") && $0.contains("vibrancy") }, "\(warnings)")
    }

    @Test func barsPlacedAsViewsAreBarsWithTheirItemsAndLook() throws {
        let text = Self.header + """

            <scenes><scene sceneID="s1"><objects>
              <viewController id="vc" sceneMemberID="viewController">
                <view key="view" id="root"><rect key="frame" x="0" y="0" width="375" height="667"/>
                  <subviews>
                    <navigationBar contentMode="scaleToFill" barStyle="black" translucent="NO" id="nb"><rect key="frame" x="0" y="20" width="375" height="44"/>
                      <color key="tintColor" white="1" alpha="1" colorSpace="calibratedWhite"/>
                      <color key="barTintColor" red="0" green="0" blue="1" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                      <textAttributes key="titleTextAttributes"><color key="textColor" red="1" green="1" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></textAttributes>
                      <items>
                        <navigationItem title="Mailboxes" id="ni1"/>
                        <navigationItem title="Inbox" prompt="Choose" id="ni2">
                          <barButtonItem key="rightBarButtonItem" title="Edit" id="bb1"/>
                        </navigationItem>
                      </items>
                    </navigationBar>
                    <toolbar opaque="NO" contentMode="scaleToFill" id="tb"><rect key="frame" x="0" y="200" width="375" height="44"/>
                      <items>
                        <barButtonItem systemItem="refresh" id="bb2"/>
                        <barButtonItem style="plain" systemItem="flexibleSpace" id="bb3"/>
                        <barButtonItem title="Done" style="done" id="bb4"/>
                      </items>
                    </toolbar>
                    <tabBar contentMode="scaleToFill" id="tab"><rect key="frame" x="0" y="618" width="375" height="49"/>
                      <color key="unselectedItemTintColor" red="1" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                      <items>
                        <tabBarItem title="Featured" id="tbi1"/>
                        <tabBarItem title="Updates" badgeValue="2" id="tbi2"/>
                      </items>
                      <connections><outlet property="selectedItem" destination="tbi2" id="out1"/></connections>
                    </tabBar>
                  </subviews>
                </view>
              </viewController>
            </objects></scene></scenes></document>
            """
        let (imported, errors) = importText(text)
        let result = try #require(imported, "\(errors)")
        #expect(result.warnings.isEmpty, "\(result.warnings.map(\.description))")
        let decoded = try SceneDecoder.decode(try #require(result.scenes.first).json, file: "vc.json")
        guard case .controller(.content(let vc)) = decoded.root.kind, vc.view.subviews.count == 3 else {
            Issue.record("root is \(decoded.root.kind.name)"); return
        }
        let views = vc.view.subviews
        guard case .navigationBar(let nav) = views[0].kind, case .toolbar(let tool) = views[1].kind, case .tabBar(let tabs) = views[2].kind else {
            Issue.record("kinds: \(views.map(\.kind.name))"); return
        }
        #expect(nav.items.map(\.title) == ["Mailboxes", "Inbox"] && nav.items[1].prompt == "Choose")
        #expect(nav.items[1].rightItems == [BarButtonItem(.title("Edit"))])
        #expect(nav.appearance.barStyle == .black && nav.appearance.isTranslucent == false)
        #expect(nav.appearance.barTintColor == Color(red: 0, green: 0, blue: 1) && nav.appearance.titleColor == Color(red: 1, green: 1, blue: 0))
        #expect(views[0].tintColor == .white && views[0].frame == Rect(x: 0, y: 20, width: 375, height: 44))
        #expect(tool.items.map(\.content) == [.system(.refresh), .flexibleSpace, .title("Done")] && tool.items[2].style == .done)
        #expect(tabs.items.map(\.title) == ["Featured", "Updates"] && tabs.items[1].badgeValue == "2" && tabs.selectedIndex == 1)
        #expect(tabs.appearance.unselectedItemTintColor == Color(red: 1, green: 0, blue: 0))
    }

    @Test func aScrollViewsConstraintsToItsContentArePlacedOnTheContent() throws {
        // Interface Builder keeps the content's edges in the scroll view, the scroll view first
        // (scroll.bottom == content.bottom): the scene holds them on the content, turned around.
        let text = Self.header + """

            <scenes><scene sceneID="s1"><objects>
              <viewController id="vc" sceneMemberID="viewController">
                <view key="view" id="root"><rect key="frame" x="0" y="0" width="375" height="667"/>
                  <subviews>
                    <scrollView translatesAutoresizingMaskIntoConstraints="NO" id="scr"><rect key="frame" x="0" y="64" width="375" height="600"/>
                      <subviews>
                        <view translatesAutoresizingMaskIntoConstraints="NO" id="cnt"><rect key="frame" x="0" y="0" width="375" height="900"/>
                          <constraints><constraint firstAttribute="height" constant="900" id="c0"/></constraints>
                        </view>
                      </subviews>
                      <constraints>
                        <constraint firstItem="cnt" firstAttribute="top" secondItem="scr" secondAttribute="top" id="c1"/>
                        <constraint firstAttribute="bottom" secondItem="cnt" secondAttribute="bottom" constant="10" id="c2"/>
                        <constraint firstAttribute="trailing" relation="greaterThanOrEqual" secondItem="cnt" secondAttribute="trailing" id="c3"/>
                        <constraint firstItem="cnt" firstAttribute="leading" secondItem="scr" secondAttribute="leading" id="c4"/>
                        <constraint firstItem="cnt" firstAttribute="width" secondItem="scr" secondAttribute="width" id="c5"/>
                      </constraints>
                    </scrollView>
                  </subviews>
                  <constraints>
                    <constraint firstItem="scr" firstAttribute="top" secondItem="root" secondAttribute="top" constant="64" id="c6"/>
                    <constraint firstItem="scr" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c7"/>
                    <constraint firstAttribute="trailing" secondItem="scr" secondAttribute="trailing" id="c8"/>
                    <constraint firstAttribute="bottom" secondItem="scr" secondAttribute="bottom" id="c9"/>
                  </constraints>
                </view>
              </viewController>
            </objects></scene></scenes></document>
            """
        let (imported, errors) = importText(text)
        let result = try #require(imported, "\(errors)")
        #expect(result.warnings.isEmpty, "\(result.warnings.map(\.description))")
        let decoded = try SceneDecoder.decode(try #require(result.scenes.first).json, file: "vc.json")
        guard case .controller(.content(let vc)) = decoded.root.kind, let scroll = vc.view.subviews.first, let content = scroll.subviews.first else {
            Issue.record("no scroll view with content"); return
        }
        #expect(!scroll.constraints.contains { if case .view? = $0.target { true } else { false } }, "the scroll view keeps none to its content")
        let held = content.constraints.map { "\($0.attribute.rawValue) \($0.relation.rawValue) \($0.target.map { "\($0)" } ?? "-") \($0.constant)" }
        #expect(held.contains("bottom equal superview -10.0"), "\(held)")
        #expect(held.contains("trailing lessThanOrEqual superview 0.0"), "\(held)")
        #expect(held.contains("top equal superview 0.0") && held.contains("width equal superview 0.0"), "\(held)")
    }

    @Test func anAttributedTextOfOneRunIsTheLabelsFontColorAndAlignment() throws {
        func run(_ content: String, _ extra: String = "") -> String {
            """
            <fragment content="\(content)"><attributes>
              <color key="NSColor" red="1" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
              <font key="NSFont" metaFont="systemBold" size="20"/>
              <paragraphStyle key="NSParagraphStyle" alignment="center" lineBreakMode="wordWrapping" baseWritingDirection="natural" tighteningFactorForTruncation="0.0"/>\(extra)
            </attributes></fragment>
            """
        }
        let text = Self.header + """

            <scenes><scene sceneID="s1"><objects>
              <viewController id="vc" sceneMemberID="viewController">
                <view key="view" id="root"><rect key="frame" x="0" y="0" width="375" height="667"/>
                  <subviews>
                    <label usesAttributedText="YES" numberOfLines="0" id="one"><rect key="frame" x="20" y="40" width="335" height="24"/>
                      <attributedString key="attributedText">\(run("Disclaimer"))</attributedString>
                    </label>
                    <label usesAttributedText="YES" id="two"><rect key="frame" x="20" y="80" width="335" height="24"/>
                      <attributedString key="attributedText">\(run("Read ") + run("this", "<integer key=\"NSUnderline\" value=\"1\"/>"))</attributedString>
                    </label>
                  </subviews>
                </view>
              </viewController>
            </objects></scene></scenes></document>
            """
        let (imported, errors) = importText(text)
        let result = try #require(imported, "\(errors)")
        let warnings = result.warnings.map { "\($0.kind) \($0.id ?? "-")" }
        #expect(warnings == ["attributedText two"], "only the text of two differing runs is approximated: \(warnings)")
        let decoded = try SceneDecoder.decode(try #require(result.scenes.first).json, file: "vc.json")
        guard case .controller(.content(let vc)) = decoded.root.kind, case .label(let one) = vc.view.subviews[0].kind,
              case .label(let two) = vc.view.subviews[1].kind else { Issue.record("no labels"); return }
        #expect(one.text == "Disclaimer" && one.textAlignment == .center && one.textColor == .color(Color(red: 1, green: 0, blue: 0)))
        #expect(one.font == .system(size: 20, weight: .bold), "\(one.font)")
        #expect(two.text == "Read this" && two.textAlignment == .center, "the first run's look: \(two.text)")
    }

    @Test func aCustomViewsPlaceholderKeepsItsDesignedSizeWhereTheConstraintsLeaveIt() throws {
        // Constraints that place a custom view but leave its size to its code (an @IBDesignable
        // view's intrinsic size): the placeholder holds the size Interface Builder showed, as an
        // intrinsic size (hugging 250, compression resistance 750, or the view's own priorities, 999 at most).
        let text = Self.header + """

            <scenes><scene sceneID="s1"><objects>
              <viewController id="vc" sceneMemberID="viewController">
                <view key="view" id="root"><rect key="frame" x="0" y="0" width="375" height="667"/>
                  <subviews>
                    <view translatesAutoresizingMaskIntoConstraints="NO" customClass="StarsView" verticalCompressionResistancePriority="1000" id="stars">
                      <rect key="frame" x="110" y="100" width="156" height="20"/>
                    </view>
                    <view translatesAutoresizingMaskIntoConstraints="NO" customClass="ChartView" placeholderIntrinsicWidth="200" placeholderIntrinsicHeight="infinite" id="chart">
                      <rect key="frame" x="20" y="200" width="180" height="100"/>
                    </view>
                  </subviews>
                  <constraints>
                    <constraint firstAttribute="centerX" secondItem="stars" secondAttribute="centerX" id="c1"/>
                    <constraint firstItem="stars" firstAttribute="top" secondItem="root" secondAttribute="top" constant="100" id="c2"/>
                    <constraint firstItem="chart" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20" id="c3"/>
                    <constraint firstItem="chart" firstAttribute="top" secondItem="stars" secondAttribute="bottom" constant="80" id="c4"/>
                    <constraint firstItem="chart" firstAttribute="height" constant="100" id="c5"/>
                  </constraints>
                </view>
              </viewController>
            </objects></scene></scenes></document>
            """
        let (imported, errors) = importText(text)
        let result = try #require(imported, "\(errors)")
        let decoded = try SceneDecoder.decode(try #require(result.scenes.first).json, file: "vc.json")
        guard case .controller(.content(let vc)) = decoded.root.kind, vc.view.subviews.count == 2 else { Issue.record("no views"); return }
        func sizes(_ v: View) -> [String] {
            v.constraints.filter { $0.target == nil }.map { "\($0.attribute.rawValue) \($0.relation.rawValue) \($0.constant) @\(Int($0.priority))" }
        }
        #expect(sizes(vc.view.subviews[0]) == ["width lessThanOrEqual 156.0 @250", "width greaterThanOrEqual 156.0 @750",
                                               "height lessThanOrEqual 20.0 @250", "height greaterThanOrEqual 20.0 @999"], "\(sizes(vc.view.subviews[0]))")
        #expect(sizes(vc.view.subviews[1]) == ["height equal 100.0 @1000", "width lessThanOrEqual 200.0 @250",
                                               "width greaterThanOrEqual 200.0 @750"], "\(sizes(vc.view.subviews[1]))")
    }

    @Test func importsAreSharedWhileSharingAndReadAgainAfter() throws {
        let dir = NSTemporaryDirectory() + "tintype-sharing-\(ProcessInfo.processInfo.processIdentifier)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/Main.storyboard"
        func write(_ identifier: String) throws {
            try (Self.header + """
                <scenes><scene sceneID="s1"><objects>
                  <viewController storyboardIdentifier="\(identifier)" id="vc" sceneMemberID="viewController">
                    <view key="view" id="root"><rect key="frame" x="0" y="0" width="375" height="667"/></view>
                  </viewController>
                </objects></scene></scenes></document>
                """).write(toFile: path, atomically: true, encoding: .utf8)
        }
        func names() throws -> [String] { try StoryboardImporter.sharedImport(path, options: .init()).scenes.map(\.name) }
        try write("First")
        let inside = try StoryboardImporter.sharingImports { () -> [[String]] in
            let before = (try? names()) ?? []
            try? write("Second")
            // Read once while sharing: the same import, though the file has changed.
            return [before, (try? names()) ?? []]
        }
        #expect(inside == [["First"], ["First"]])
        #expect(try names() == ["Second"], "forgotten when sharing ends")
    }

    // MARK: Bad files

    func importText(_ text: String, in directory: String = NSTemporaryDirectory()) -> (StoryboardImport?, [String]) {
        do {
            return (try StoryboardImporter.importData(Array(text.utf8), file: "Bad.storyboard", directory: directory), [])
        } catch {
            return (nil, error.issues.map(\.description))
        }
    }

    static let header = #"<?xml version="1.0" encoding="UTF-8"?><document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14460.31" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">"#

    @Test(arguments: [
        ("<document><scenes></document>", "Bad.storyboard:1:19: malformed XML: </document> closes <scenes> (opened at line 1, column 11)"),
        (#"<document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" version="3.0"/>"#,
         #"Bad.storyboard:1:17: unknown document type "com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" (a macOS document; Tintype draws iOS); Tintype reads iOS storyboards (com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB) and xibs (com.apple.InterfaceBuilder3.CocoaTouch.XIB)"#),
        (#"<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="2.0"/>"#,
         #"Bad.storyboard:1:70: document version "2.0" is not one Tintype reads; Interface Builder has written version 3.0 since Xcode 5 (open and save the file in a newer Xcode)"#),
        ("<plist/>", "Bad.storyboard:1:1: the root element is <plist>, not an Interface Builder <document>"),
    ])
    func unreadableDocuments(_ text: String, _ expected: String) {
        #expect(importText(text).1 == [expected])
    }

    @Test func aSegueOrConstraintNamingAMissingIdIsAnErrorWithItsPlace() {
        let text = Self.header + """

            <scenes><scene sceneID="s1"><objects>
              <navigationController id="nav" sceneMemberID="viewController">
                <connections><segue destination="nowhere" kind="relationship" relationship="rootViewController" id="sg1"/></connections>
              </navigationController>
              <viewController id="vc" sceneMemberID="viewController">
                <view key="view" id="root"><rect key="frame" x="0" y="0" width="375" height="667"/>
                  <constraints><constraint firstItem="ghost" firstAttribute="top" secondItem="root" secondAttribute="top" id="c1"/></constraints>
                </view>
              </viewController>
            </objects></scene></scenes></document>
            """
        #expect(importText(text).1 == [
            "Bad.storyboard:8:43: c1: a constraint names \"ghost\" as its first item, which no object in the file has",
            "Bad.storyboard:4:38: sg1: a segue names \"nowhere\", which no object in the file has",
        ])
    }

    @Test func interfaceBuildersAccessibilitySettingsAreTheScenes() throws {
        let text = Self.header + """

            <scenes><scene sceneID="s1"><objects>
              <viewController storyboardIdentifier="Card" id="vc" sceneMemberID="viewController">
                <view key="view" contentMode="scaleToFill" id="root"><rect key="frame" x="0" y="0" width="375" height="667"/>
                  <subviews>
                    <label text="9:41" id="lbl"><rect key="frame" x="16" y="100" width="100" height="21"/>
                      <accessibility key="accessibilityConfiguration" label="Nine forty-one" hint="The time now" identifier="clock">
                        <accessibilityTraits key="traits" staticText="YES" header="YES" sparkle="YES"/>
                        <bool key="isElement" value="YES"/>
                      </accessibility>
                    </label>
                    <view id="box"><rect key="frame" x="16" y="200" width="100" height="21"/>
                      <accessibility key="accessibilityConfiguration"><accessibilityTraits key="traits" none="YES"/><bool key="isElement" value="NO"/></accessibility>
                    </view>
                    <tableView dataMode="static" style="grouped" id="tv"><rect key="frame" x="0" y="300" width="375" height="300"/>
                      <sections><tableViewSection id="sec"><cells>
                        <tableViewCell style="IBUITableViewCellStyleDefault" textLabel="tl" id="cell"><rect key="frame" x="0" y="0" width="375" height="44"/>
                          <tableViewCellContentView key="contentView" id="cv"><rect key="frame" x="0" y="0" width="375" height="44"/>
                            <subviews><label text="Wi-Fi" id="tl"><rect key="frame" x="15" y="0" width="300" height="44"/></label></subviews>
                          </tableViewCellContentView>
                          <accessibility key="accessibilityConfiguration" label="Wireless" identifier="wifiRow"/>
                        </tableViewCell>
                      </cells></tableViewSection></sections>
                    </tableView>
                  </subviews>
                </view>
              </viewController>
            </objects></scene></scenes></document>
            """
        let (result, errors) = importText(text)
        #expect(errors.isEmpty, "\(errors)")
        let imported = try #require(result?.scenes.first)
        let scene = try SceneDecoder.decode(imported.json, file: "Card.json")
        guard case .controller(.content(let vc)) = scene.root.kind, vc.view.subviews.count == 3 else { Issue.record("\(imported.json)"); return }
        let views = vc.view.subviews
        #expect(views[0].accessibility == Accessibility(isElement: true, label: "Nine forty-one", hint: "The time now", traits: [.header, .staticText],
                                                     identifier: "clock"))
        #expect(views[1].accessibility == Accessibility(isElement: false, traits: []))
        guard case .tableView(let t) = views[2].kind else { Issue.record("not a table: \(imported.json)"); return }
        #expect(t.sections[0].rows[0].accessibility == Accessibility(label: "Wireless", identifier: "wifiRow"))
        // A trait Tintype does not know is left out, and said where.
        let warnings = result?.warnings.map(\.description) ?? []
        #expect(warnings.contains { $0.contains("lbl") && $0.contains("the accessibility trait \"sparkle\" is not one Tintype knows") }, "\(warnings)")
    }

    @Test func aCycleOfRelationshipSeguesIsAnError() {
        let text = Self.header + """

            <scenes><scene sceneID="s1"><objects>
              <navigationController id="a" sceneMemberID="viewController">
                <connections><segue destination="b" kind="relationship" relationship="rootViewController" id="ab"/></connections>
              </navigationController>
              <tabBarController id="b" sceneMemberID="viewController">
                <connections><segue destination="a" kind="relationship" relationship="viewControllers" id="ba"/></connections>
              </tabBarController>
            </objects></scene></scenes></document>
            """
        #expect(importText(text).1 == [
            #"Bad.storyboard:4:38: ab: a segue cycle: "a" → "b" → "a" holds itself through relationship segues"#,
        ])
    }

    @Test func aMissingImageOrColorIsAWarningAndTheRestImports() throws {
        // Two levels down in a folder of its own: no project root, so nothing above it is searched.
        let top = NSTemporaryDirectory() + "tintype-storyboard-\(ProcessInfo.processInfo.processIdentifier)-missing"
        let folder = top + "/App/Base.lproj"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: top) }
        let text = Self.header + """

            <scenes><scene sceneID="s1"><objects>
              <viewController id="vc" sceneMemberID="viewController">
                <view key="view" id="root"><rect key="frame" x="0" y="0" width="375" height="667"/>
                  <subviews>
                    <imageView image="nothing" id="img"><rect key="frame" x="0" y="0" width="10" height="10"/></imageView>
                    <label text="Hi" id="lbl"><rect key="frame" x="0" y="20" width="100" height="21"/><color key="textColor" name="Brand"/></label>
                  </subviews>
                </view>
              </viewController>
            </objects></scene></scenes></document>
            """
        let (result, errors) = importText(text, in: folder)
        #expect(errors.isEmpty)
        let warnings = try #require(result).warnings.map(\.description)
        #expect(warnings == [
            "Bad.storyboard:6:27: img: the image \"nothing\" is in no asset catalog near the file (no .xcassets folder was found); it is left out",
            "Bad.storyboard:7:120: lbl: the color \"Brand\" is in no asset catalog near the file (no .xcassets folder was found); it is left out",
        ])
        _ = try SceneDecoder.decode(try #require(result?.scenes.first).json, file: "vc.json", baseDirectory: folder)
    }

    @Test func aFileOverTheLimitIsNotRead() throws {
        let path = NSTemporaryDirectory() + "tintype-storyboard-\(ProcessInfo.processInfo.processIdentifier)-big.storyboard"
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(StoryboardImporter.maxFileSize + 1))
        try handle.close()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: StoryboardError.self) { try StoryboardImporter.importFile(path) }
        do { _ = try StoryboardImporter.importFile(path) } catch {
            #expect(error.description.hasSuffix("is larger than 32 MB, the most Tintype reads"))
        }
    }
}

extension View {
    /// The subviews of the root view of the selected tab's first controller (a test's shortcut).
    var subviewsOfFirstTab: [View] {
        guard case .controller(.tabBar(let tabs)) = kind else { return [] }
        var c = tabs.tabs[tabs.selectedIndex].root
        while true {
            switch c {
            case .content(let vc): return vc.view.subviews
            case .navigation(let nav): c = .content(nav.stack.last!)
            default: return []
            }
        }
    }
}

/// `xx.lproj/Main.strings`: texts become localized keys, and the tables a scene's `strings` folder.
struct StoryboardLocalizationTests {
    @Test func textsAreLocalizedAndTheTablesComplete() throws {
        let result = try StoryboardImportTests.importMain()
        let folder = try #require(result.strings)
        #expect(folder.name == "Main-strings")
        #expect(folder.files.map(\.path) == ["en.lproj/Localizable.strings", "de.lproj/Localizable.strings"])
        let german = folder.files[1].text
        #expect(german.contains(#""lbl-det-001.text" = "Granitrunde";"#))
        #expect(german.contains(#""btn-det-002.normalTitle" = "Teilen \"jetzt\"";"#))
        #expect(german.contains(#""nvi-det-001.title" = "Granite Loop";"#), "an untranslated text keeps the storyboard's")
        #expect(folder.files[0].text.contains(#""sec-lst-001.headerTitle" = "Nearby";"#))

        // Written beside the scenes, the German scene shows the translations.
        let dir = NSTemporaryDirectory() + "tintype-storyboard-\(ProcessInfo.processInfo.processIdentifier)-strings"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for f in folder.files {
            let path = dir + "/" + folder.name + "/" + f.path
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try f.text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let relocated = try StoryboardImporter.importFile(StoryboardImportTests.main, options: .init(imageDirectory: dir))
        let detail = try #require(relocated.scenes.first { $0.name == "TrailDetail" })
        #expect(detail.json.contains(#""strings": "Main-strings""#))
        #expect(detail.json.contains(#""text": {"localized": "lbl-det-001.text"}"#))
        let json = detail.json.replacingOccurrences(of: #""device": "iPhone 8","#, with: #""device": "iPhone 8", "locale": "de","#)
        // Its images stay in the fixture's asset catalog, far from the folder: the whole disk is its project.
        let scene = try SceneDecoder.decode(json, file: "TrailDetail.json", baseDirectory: dir, root: "/")
        guard case .controller(.tabBar(let tabs)) = scene.root.kind, case .navigation(let nav) = tabs.tabs[0].root else {
            Issue.record("no navigation controller"); return
        }
        #expect(nav.stack.map(\.displayTitle) == ["Wege", "Granite Loop"])
        let label = nav.stack[1].view.subviews[1]
        if case .label(let l) = label.kind { #expect(l.text == "Granitrunde") } else { Issue.record("not a label") }
    }

    @Test func aStringsFileThatDoesNotParseIsAnErrorAtItsPlace() throws {
        let dir = NSTemporaryDirectory() + "tintype-storyboard-\(ProcessInfo.processInfo.processIdentifier)-badstrings"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/Base.lproj", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/fr.lproj", withIntermediateDirectories: true)
        try "/* ok */\n\"a.text\" = \"un\";\n\"b.text\" = \"deux\"\n\"c.text\" = \"trois\";\n".write(toFile: dir + "/fr.lproj/Main.strings", atomically: true, encoding: .utf8)
        let text = StoryboardImportTests.header + "<scenes/></document>"
        try text.write(toFile: dir + "/Base.lproj/Main.storyboard", atomically: true, encoding: .utf8)
        do {
            _ = try StoryboardImporter.importFile(dir + "/Base.lproj/Main.storyboard")
            Issue.record("no error")
        } catch {
            #expect(error.issues.map(\.description) == [dir + "/fr.lproj/Main.strings:4:1: does not parse: expected \";\" after the entry for \"b.text\", found \"\\\"\""])
        }
    }

    @Test(arguments: [
        ("\"k\" = \"v\";", [("k", "v")]),
        ("k = v; /* c */ \"a b\" = \"\\U00e9\\n\\\"\";", [("k", "v"), ("a b", "é\n\"")]),
        ("// line\n\"only\";", [("only", "only")]),
    ])
    func stringsFilesParse(_ text: String, _ expected: [(String, String)]) throws {
        let entries = try StringsReader.parse(Array(text.utf8))
        #expect(entries.map(\.key) == expected.map(\.0))
        #expect(entries.map(\.value) == expected.map(\.1))
    }

    @Test func utf16StringsFilesParse() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for u in "\"k\" = \"ü\";".utf16 { bytes += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        #expect(try StringsReader.parse(bytes).map(\.value) == ["ü"])
    }
}
