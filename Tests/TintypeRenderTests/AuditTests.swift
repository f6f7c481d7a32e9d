import Foundation
import Testing
import TintypeModel
import TintypeSnapshot
@testable import TintypeLayout
@testable import TintypeRender

/// The audit's rules, each on a scene that triggers it and one that does not, on the rule's
/// boundaries (43.5 against 44 points, 4.49 against 4.5:1).
@Suite struct AuditTests {
    /// Every finding of every variant of a scene (with the cross-variant dynamic-type rule).
    func findings(_ json: String, settings: AuditSettings = AuditSettings()) throws -> [AuditFinding] {
        let s = try SceneDecoder.decode(json, file: "test.json")
        var out: [AuditFinding] = []
        var sizes: [TextSizes] = []
        for v in try s.expandVariants() {
            let (_, list, observation) = try sharedRenderer.renderObserved(v.scene)
            let input = AuditInput(scene: v.scene, list: list, observation: observation, sceneName: "test.json", variant: v.label)
            out += Auditor.audit(input, settings: settings)
            sizes.append(TextSizes(input))
        }
        return out + Auditor.dynamicType(sizes, settings: settings)
    }

    func rules(_ json: String) throws -> [AuditRule] { try findings(json).map(\.rule) }

    /// A scene on an iPhone 8 with `views` in its root (a white screen; the safe area starts at y 20),
    /// tinted a blue dark enough for text on white (UIKit's #007AFF gives 4.02:1, under AA's 4.5:1).
    func screen(_ views: String, extra: String = "") -> String {
        ##"{ "device": "iPhone 8", "tintColor": "#0040DD", \##(extra) "root": { "view": { "backgroundColor": "white", "subviews": [ \##(views) ] } } }"##
    }

    // MARK: text-truncated, text-clipped

    @Test func anEllipsizedLabelIsTruncatedAndOneThatFitsIsNot() throws {
        let long = screen(##"{ "label": { "frame": [16, 100, 120, 30], "text": "A title far too long for its frame" } }"##)
        let f = try findings(long)
        #expect(f.map(\.rule) == [.textTruncated])
        #expect(f.first?.path == "root.subviews[0]")
        #expect(f.first?.location == "test.json:1:112")
        #expect(f.first?.numbers["shownLines"] == 1)
        #expect((f.first?.numbers["shownCharacters"] ?? 99) < 34)
        #expect(f.first?.message.contains("ellipsized") == true)
        #expect(try rules(screen(##"{ "label": { "frame": [16, 100, 343, 30], "text": "A title far too long for its frame" } }"##)).isEmpty)
    }

    @Test func wrappedTextWithoutRoomForItsLinesIsTruncated() throws {
        let cut = screen(##"{ "label": { "frame": [16, 100, 100, 44], "numberOfLines": 0, "lineBreakMode": "byWordWrapping", "text": "one two three four five six seven eight nine ten" } }"##)
        let f = try findings(cut)
        #expect(f.map(\.rule) == [.textTruncated])
        #expect(f.first?.message.contains("lines dropped") == true)
        #expect(try rules(screen(##"{ "label": { "frame": [16, 100, 100, 400], "numberOfLines": 0, "lineBreakMode": "byWordWrapping", "text": "one two three four five six seven eight nine ten" } }"##)).isEmpty)
    }

    @Test func clippingAtTheFrameOrByASuperviewIsClipped() throws {
        let clip = screen(##"{ "label": { "frame": [16, 100, 60, 30], "lineBreakMode": "byClipping", "text": "Clipped at the side" } }"##)
        #expect(try rules(clip) == [.textClipped])
        let superview = screen(##"{ "view": { "frame": [16, 100, 200, 12], "clipsToBounds": true, "subviews": [ { "label": { "frame": [0, 0, 200, 30], "text": "Half hidden" } } ] } }"##)
        let f = try findings(superview)
        #expect(f.map(\.rule) == [.textClipped])
        #expect(f.first?.path == "root.subviews[0].subviews[0]")
        #expect((f.first?.numbers["hiddenPercent"] ?? 0) > 10)
        #expect(try rules(screen(##"{ "view": { "frame": [16, 100, 200, 40], "clipsToBounds": true, "subviews": [ { "label": { "frame": [0, 0, 200, 30], "text": "Whole" } } ] } }"##)).isEmpty)
    }

    // MARK: overlap

    @Test func textsOverEachOtherOverlapAndStackedOnesDoNot() throws {
        let over = screen(##"{ "label": { "frame": [16, 100, 200, 30], "text": "First label" } }, { "label": { "frame": [40, 108, 200, 30], "text": "Second label" } }"##)
        let f = try findings(over)
        #expect(f.map(\.rule) == [.textOverlap])
        #expect(f.first?.path == "root.subviews[1]")
        let stacked = screen(##"{ "label": { "frame": [16, 100, 200, 30], "text": "First label" } }, { "label": { "frame": [16, 130, 200, 30], "text": "Second label" } }"##)
        #expect(try rules(stacked).isEmpty)
        // A background view under the text is no overlap.
        let background = screen(##"{ "view": { "frame": [0, 90, 375, 60], "backgroundColor": "#EEEEEE" } }, { "label": { "frame": [16, 100, 200, 30], "text": "On a card" } }"##)
        #expect(try rules(background).isEmpty)
    }

    @Test func aControlOverAControlOrOverTextOverlaps() throws {
        let buttons = screen(##"{ "button": { "frame": [16, 100, 120, 44], "title": "One" } }, { "button": { "frame": [100, 100, 120, 44], "title": "Two" } }"##)
        #expect(try rules(buttons) == [.controlOverlap])
        let overText = screen(##"{ "label": { "frame": [16, 100, 200, 44], "text": "A label under" } }, { "switch": { "frame": [60, 106, 51, 31] } }"##)
        let f = try findings(overText)
        #expect(f.map(\.rule) == [.controlOverlap])
        #expect(f.first?.path == "root.subviews[1]")
        let apart = screen(##"{ "label": { "frame": [16, 100, 200, 44], "text": "A label" } }, { "switch": { "frame": [300, 106, 51, 31] } }"##)
        #expect(try rules(apart).isEmpty)
    }

    // MARK: tap-target, offscreen

    @Test func aTapTargetNeeds44Points() throws {
        let small = try findings(screen(##"{ "button": { "frame": [16, 100, 120, 43.5], "title": "Small" } }"##))
        #expect(small.map(\.rule) == [.tapTarget])
        #expect(small.first?.numbers["height"] == 43.5)
        #expect(try rules(screen(##"{ "button": { "frame": [16, 100, 44, 44], "title": "OK" } }"##)).isEmpty)
        #expect(try rules(screen(##"{ "button": { "frame": [16, 100, 43.5, 44], "title": "OK" } }"##)) == [.tapTarget])
        // UIKit fixes a switch's size: Apple's own design is not the scene's defect.
        #expect(try rules(screen(##"{ "switch": { "frame": [16, 100, 51, 31] } }"##)).isEmpty)
        // A label is no target.
        #expect(try rules(screen(##"{ "label": { "frame": [16, 100, 30, 20], "text": "Hi" } }"##)).isEmpty)
    }

    /// The layout's own targets count: a cell that is a button, a bar button item, a tab; a
    /// bar button item's size is UIKit's (its touch area reaches 44 points).
    @Test func cellsBarItemsAndTabsAreTargetsToo() throws {
        func table(_ height: String) -> String {
            ##"{ "device": "iPhone 8", "root": { "tableView": { "rowHeight": \##(height), "sections": [ { "rows": [ "##
                + ##"{ "text": "Wi-Fi", "accessoryType": "disclosureIndicator" }, { "text": "Plain" } ] } ] } } }"##
        }
        let low = try findings(table("43.5")).filter { $0.rule == .tapTarget }
        // The plain row is no button; the disclosure row is, and is too low.
        #expect(low.map(\.path) == ["root.sections[0].rows[0]"])
        #expect(low.first?.message == "this cell is 375 × 43.5 pt; a tap target needs 44 × 44 pt")
        #expect(try findings(table("44")).filter { $0.rule == .tapTarget }.isEmpty)
        // A row's own traits and isAccessibilityElement decide whether it is a target; a detail
        // button (UIKit's 22-point accessory, an element of its own) is UIKit's design, not a finding.
        let own = ##"{ "device": "iPhone 8", "root": { "tableView": { "rowHeight": 43.5, "sections": [ { "rows": [ "##
            + ##"{ "text": "Wi-Fi", "accessoryType": "disclosureIndicator", "isAccessibilityElement": false }, "##
            + ##"{ "text": "Plain", "accessibilityTraits": ["button"] }, { "text": "Info", "accessoryType": "detailButton" } ] } ] } } }"##
        #expect(try findings(own).filter { $0.rule == .tapTarget || $0.rule == .offscreen }.map(\.path) == ["root.sections[0].rows[1]"])

        // A button of the content under the bar's "Edit" overlaps it; the item's own title is its own.
        let nav = ##"{ "device": "iPhone 8", "root": { "navigationController": { "stack": [ { "title": "Inbox", "rightItems": ["Edit"], "##
            + ##""view": { "view": { "backgroundColor": "white", "subviews": [ SUBVIEW ] } } } ] } } }"##
        let clear = try findings(nav.replacingOccurrences(of: "SUBVIEW", with: ##"{ "button": { "frame": [16, 100, 100, 44], "title": "Go" } }"##))
        #expect(clear.filter { $0.rule == .controlOverlap || $0.rule == .tapTarget }.isEmpty, "\(clear.map(\.message))")
        let under = try findings(nav.replacingOccurrences(of: "SUBVIEW", with: ##"{ "button": { "frame": [300, 24, 70, 44], "title": "Go" } }"##))
        let overlaps = under.filter { $0.rule == .controlOverlap }
        #expect(overlaps.contains { $0.message.hasPrefix("this button overlaps the bar button item at root.stack[0].rightItems[0] by ") }
                    || overlaps.contains { $0.message.hasPrefix("this bar button item overlaps the button at root.stack[0].view.subviews[0]") },
                "\(overlaps.map(\.message))")

        // Tabs are 44 or more high; a tab bar item under a scene's button is found.
        let tabs = ##"{ "device": "iPhone 8", "root": { "tabBarController": { "tabs": [ { "title": "A", "root": { "view": { "subviews": [ "##
            + ##"{ "button": { "frame": [0, 600, 100, 44], "title": "Low" } } ] } } }, { "title": "B", "root": { "viewController": {} } } ] } } }"##
        let t = try findings(tabs).filter { $0.rule == .controlOverlap }
        #expect(t.contains { $0.message.contains("tab bar item") }, "\(t.map(\.message))")
    }

    @Test func aControlPartlyOffScreenIsOffscreen() throws {
        // Its title is cut by the screen's edge too.
        let f = try findings(screen(##"{ "button": { "frame": [345, 100, 60, 44], "title": "Edge" } }"##)).filter { $0.rule != .textClipped }
        #expect(f.map(\.rule) == [.offscreen])
        #expect(f.first?.message.contains("30 pt past the right edge") == true)
        #expect(try rules(screen(##"{ "button": { "frame": [315, 100, 60, 44], "title": "Edge" } }"##)).isEmpty)
    }

    /// A row in the middle of a deletion is audited where it is drawn, as at that instant: a row sliding
    /// out to the left takes its switch past the screen's left edge.
    @Test func aRowInMotionIsAuditedWhereItIsDrawn() throws {
        func offscreen(_ t: Double) throws -> [AuditFinding] {
            try findings(##"{ "device": "iPhone 8", "time": \##(t), "root": { "tableView": { "id": "t", "rows": [ "A", "##
                + ##"{ "text": "Wi-Fi", "accessoryView": { "switch": { "isOn": true } } }, "C" ] } }, "##
                + ##""animations": [ { "view": "t", "rows": { "delete": [[0, 1]], "animation": "left" } } ] }"##).filter { $0.rule == .offscreen }
        }
        #expect(try offscreen(0).isEmpty)
        let late = try offscreen(0.24)
        #expect(late.count == 1 && late.first?.message.hasPrefix("this switch is partly off screen: ") == true
                    && late.first?.message.contains("past the left edge") == true, "\(late.map(\.message))")
        #expect(try offscreen(0.3).isEmpty)
    }

    // MARK: contrast

    @Test func textContrastIsMeasuredOnTheBoundary() throws {
        func label(_ color: String, font: String = "17") -> String {
            screen(##"{ "label": { "frame": [16, 100, 300, 30], "text": "Gray text", "textColor": "\##(color)", "font": \##(font) } }"##)
        }
        // white(0.465933) on white is 4.490:1, white(0.465319) 4.500:1.
        let low = try findings(label("white(0.465933)"))
        #expect(low.map(\.rule) == [.textContrast])
        #expect(low.first?.message.contains("contrast 4.49:1, needs 4.5:1") == true)
        #expect(try rules(label("white(0.465319)")).isEmpty)
        // Large text (18 points, or 14 bold) needs 3:1.
        #expect(try rules(label("white(0.465933)", font: "18")).isEmpty)
        #expect(try rules(label("white(0.584869)", font: "18")) == [.textContrast])
        #expect(try rules(label("white(0.583831)", font: ##"{"size": 14, "weight": "bold"}"##)).isEmpty)
        #expect(try rules(label("white(0.583831)", font: ##"{"size": 14, "weight": "semibold"}"##)) == [.textContrast])
    }

    /// A template glyph needs 3:1 against what is under it: gray #959595 on white is 2.9955:1, #949494 3.033:1.
    @Test func glyphContrastIsMeasuredOnTheBoundary() throws {
        func glyph(_ tint: String) -> String {
            screen(##"{ "imageView": { "frame": [16, 100, 64, 64], "image": "Snapshots/Gallery/TicTacToe/art/reply.svg", "##
                   + ##""renderingMode": "alwaysTemplate", "tintColor": "\##(tint)" } }"##)
        }
        let low = try findings(glyph("#959595"))
        #expect(low.map(\.rule) == [.glyphContrast], "\(low.map(\.message))")
        #expect(low.first?.path == "root.subviews[0]" && low.first?.numbers["required"] == 3, "\(low.map(\.path))")
        #expect((low.first?.numbers["ratio"] ?? 0) > 2.99 && (low.first?.numbers["ratio"] ?? 3) < 3, "\(low.map(\.numbers))")
        #expect(low.first?.message == "the glyph \"Snapshots/Gallery/TicTacToe/art/reply.svg\": contrast 2.99:1, needs 3:1 (#959595 over #FFFFFF)")
        #expect(try rules(glyph("#949494")).isEmpty)
        // Not a template (drawn in its own colors): no glyph to measure.
        #expect(try rules(glyph("#959595").replacingOccurrences(of: "alwaysTemplate", with: "alwaysOriginal")).isEmpty)
    }

    @Test func contrastIsMeasuredAgainstWhatIsDrawnUnderTheText() throws {
        // Black text on a dark card fails; the card is what is under it, not the white screen.
        let dark = screen(##"{ "view": { "frame": [0, 90, 375, 60], "backgroundColor": "#333333", "subviews": [ { "label": { "frame": [16, 10, 300, 30], "text": "Dark on dark" } } ] } }"##)
        let f = try findings(dark)
        #expect(f.map(\.rule) == [.textContrast])
        #expect(f.first?.message.contains("over #333333") == true)
        // Under a translucent layer drawn later (a dimming view) both text and background darken.
        let dimmed = screen(##"{ "label": { "frame": [16, 100, 300, 30], "text": "Under a dimming layer", "textColor": "#595959" } }, { "view": { "frame": [0, 0, 375, 667], "backgroundColor": "black@0.6" } }"##)
        #expect(try rules(dimmed) == [.textContrast])
        #expect(try rules(screen(##"{ "label": { "frame": [16, 100, 300, 30], "text": "Readable", "textColor": "#595959" } }"##)).isEmpty)
        // A text an opaque view covers whole is not audited at all.
        let covered = screen(##"{ "label": { "frame": [16, 100, 300, 30], "text": "Hidden", "textColor": "#EEEEEE" } }, { "view": { "frame": [0, 90, 375, 60], "backgroundColor": "white" } }"##)
        #expect(try rules(covered).isEmpty)
    }

    // MARK: safe-area

    @Test func contentUnderTheStatusBarOrHomeIndicatorIsOutsideTheSafeArea() throws {
        let top = try findings(screen(##"{ "label": { "frame": [16, 4, 200, 30], "text": "Under the status bar" } }"##))
        #expect(top.map(\.rule) == [.safeArea])
        #expect(top.first?.message.contains("under the status bar") == true)
        let x = ##"{ "device": "iPhone X", "tintColor": "#0040DD", "root": { "view": { "backgroundColor": "white", "subviews": [ { "button": { "frame": [16, 760, 120, 44], "title": "Low" } } ] } } }"##
        let bottom = try findings(x)
        #expect(bottom.map(\.rule) == [.safeArea])
        #expect(bottom.first?.message.contains("under the home indicator") == true)
        #expect(try rules(screen(##"{ "label": { "frame": [16, 20, 200, 30], "text": "Below the status bar" } }"##)).isEmpty)
        // A background under the status bar is fine.
        #expect(try rules(screen(##"{ "view": { "frame": [0, 0, 375, 64], "backgroundColor": "systemBlue" } }"##)).isEmpty)
    }

    // MARK: dynamic-type

    @Test func aTextStyleThatKeepsOneSizeAcrossContentSizesIsFound() throws {
        let fixed = screen(##"{ "label": { "frame": [16, 100, 343, 80], "text": "Body", "font": "body", "adjustsFontForContentSizeCategory": false } }"##,
                           extra: ##""variants": { "contentSizeCategories": ["L", "XXXL"] },"##)
        let f = try findings(fixed)
        #expect(f.map(\.rule) == [.dynamicType])
        #expect(f.first?.variant == "XXXL")
        #expect(f.first?.message.contains("17 pt in L and in XXXL") == true)
        let scaling = screen(##"{ "label": { "frame": [16, 100, 343, 80], "text": "Body", "font": "body" } }"##,
                             extra: ##""variants": { "contentSizeCategories": ["L", "XXXL"] },"##)
        #expect(try rules(scaling).isEmpty)
        // Footnote is 12 points from XS to M: one size there is the style's own.
        let footnote = screen(##"{ "label": { "frame": [16, 100, 343, 80], "text": "Note", "font": "footnote", "adjustsFontForContentSizeCategory": false } }"##,
                              extra: ##""variants": { "contentSizeCategories": ["XS", "M"] },"##)
        #expect(try rules(footnote).isEmpty)
    }

    /// A session writing overlays outlines a dynamic-type finding on the variant it is reported on,
    /// numbered after that variant's own findings; a session told which scenes vary in size keeps
    /// no render of the others.
    @Test func dynamicTypeFindingsAreOutlinedOnTheirVariantsOverlay() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tintype-dt-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json = screen(##"{ "label": { "frame": [16, 100, 343, 80], "text": "Body", "font": "body", "adjustsFontForContentSizeCategory": false } }, "##
                          + ##"{ "button": { "frame": [16, 300, 100, 30], "title": "Low" } }"##,
                          extra: ##""variants": { "contentSizeCategories": ["L", "XXXL"] },"##)
        let s = try scene(json)
        func run(_ session: AuditSession) throws -> (findings: [AuditFinding], plain: [String: Bitmap]) {
            var plain: [String: Bitmap] = [:]
            for v in try s.expandVariants() {
                let (bitmap, list, observation) = try sharedRenderer.renderObserved(v.scene)
                let input = AuditInput(scene: v.scene, list: list, observation: observation, sceneName: "test.json", variant: v.label)
                let findings = session.audit(input, artifactName: "test" + (v.suffix ?? ""))
                _ = session.writeOverlay(findings, screen: .bitmap(bitmap), scale: list.scale, scene: "test.json", variant: v.label,
                                         artifactName: "test" + (v.suffix ?? ""))
                plain[v.label ?? ""] = bitmap
            }
            return (session.finish(), plain)
        }
        let session = AuditSession(overlayDirectory: dir)
        let (found, plain) = try run(session)
        #expect(found.map(\.rule) == [.dynamicType])
        // The XXXL variant's own finding (the 30-point button) is 1; the dynamic-type one is 2.
        #expect(found.first?.number == 2)
        let path = try #require(session.overlay(scene: "test.json", variant: "XXXL"))
        let base = try #require(plain["XXXL"])
        let svg = try #require(FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) })
        #expect(path.hasSuffix(".audit.svg") && svg.contains("<title>2. warning dynamic-type "))
        let overlay = try rasterized(path, like: base)
        // Inside the label's outline the overlay differs from the render.
        let i = (Int(140 * 2) * base.width + Int(20 * 2)) * 4
        #expect(overlay.pixels[i..<(i + 4)] != base.pixels[i..<(i + 4)])
        #expect(session.overlay(scene: "test.json", variant: "L") == nil)

        let other = AuditSession(overlayDirectory: dir + "/other")
        other.sizeVaryingScenes = ["another.json"]
        let (again, _) = try run(other)
        #expect(again.first?.number == nil && other.overlay(scene: "test.json", variant: "XXXL") == nil, "no render was kept for it")
    }

    // MARK: localization

    @Test func rightAlignedTextUnderRTLIsFound() throws {
        let rtl = screen(##"{ "label": { "frame": [16, 100, 300, 30], "text": "Aligned", "textAlignment": "left" } }"##, extra: ##""layoutDirection": "rightToLeft","##)
        #expect(try rules(rtl) == [.rtlAlignment])
        #expect(try rules(screen(##"{ "label": { "frame": [16, 100, 300, 30], "text": "Aligned", "textAlignment": "natural" } }"##, extra: ##""layoutDirection": "rightToLeft","##)).isEmpty)
        #expect(try rules(screen(##"{ "label": { "frame": [16, 100, 300, 30], "text": "Aligned", "textAlignment": "left" } }"##)).isEmpty)
    }

    @Test func anUntranslatedStringAndAShownKeyAreFound() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("audit-l10n-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let catalog = #"""
        { "sourceLanguage": "en", "version": "1.0", "strings": {
          "title": { "localizations": { "en": { "stringUnit": { "state": "translated", "value": "Settings" } },
                                        "de": { "stringUnit": { "state": "translated", "value": "Einstellungen" } } } },
          "ok": { "localizations": { "en": { "stringUnit": { "state": "translated", "value": "Done" } },
                                     "de": { "stringUnit": { "state": "translated", "value": "Done" } } } },
          "only": { "localizations": { "en": { "stringUnit": { "state": "translated", "value": "English only" } } } } } }
        """#
        try catalog.write(toFile: dir + "/Localizable.xcstrings", atomically: true, encoding: .utf8)
        func json(_ key: String) -> String {
            ##"{ "device": "iPhone 8", "strings": "Localizable.xcstrings", "missingStrings": "showKey", "variants": { "locales": ["en", "de"] }, "root": { "view": { "backgroundColor": "white", "subviews": [ { "label": { "frame": [16, 100, 300, 30], "text": { "localized": "\##(key)" } } } ] } } }"##
        }
        func audit(_ key: String) throws -> [AuditFinding] {
            let s = try SceneDecoder.decode(json(key), file: "test.json", baseDirectory: dir)
            return try s.expandVariants().flatMap { v in
                let (_, list, observation) = try sharedRenderer.renderObserved(v.scene)
                return Auditor.audit(AuditInput(scene: v.scene, list: list, observation: observation, sceneName: "test.json", variant: v.label))
            }
        }
        #expect(try audit("title").isEmpty)
        let same = try audit("ok")
        #expect(same.map(\.rule) == [.untranslated])
        #expect(same.first?.variant == "de")
        #expect(same.first?.path == "root.subviews[0].text")
        let key = try audit("only")
        #expect(key.map(\.rule) == [.localizationKey])
        #expect(key.first?.message.contains("\"only\"") == true)
    }

    // MARK: settings, baseline, bad input

    @Test func aSceneTurnsRulesOffForItselfOrForAView() throws {
        let views = ##"{ "button": { "id": "tiny", "frame": [16, 100, 30, 30], "title": "x" } }, { "button": { "frame": [16, 200, 30, 30], "title": "y" } }"##
        #expect(try rules(screen(views)) == [.tapTarget, .tapTarget])
        #expect(try findings(screen(views, extra: ##""audit": { "views": { "tiny": ["tap-target"] } },"##)).map(\.path) == ["root.subviews[1]"])
        #expect(try rules(screen(views, extra: ##""audit": { "off": ["tap-target"] },"##)).isEmpty)
        #expect(try findings(screen(views), settings: AuditSettings(off: [.tapTarget])).isEmpty)
    }

    /// A table row has no `id`: its `accessibilityIdentifier` names it for the audit's settings, and
    /// turns rules off for the row and what it holds (its texts), in the scene and in a suite file.
    @Test func aRowsAccessibilityIdentifierTurnsRulesOffForTheRow() throws {
        func table(_ audit: String) -> String {
            ##"{ "device": "iPhone 8", \##(audit) "root": { "tableView": { "rowHeight": 43.5, "sections": [ { "rows": [ "##
                + ##"{ "text": "Wi-Fi", "accessoryType": "disclosureIndicator", "accessibilityIdentifier": "wifiRow" }, "##
                + ##"{ "text": "Bluetooth", "accessoryType": "disclosureIndicator", "accessibilityIdentifier": "btRow" }, "##
                + ##"{ "text": "Faint", "textColor": "#BBBBBB", "accessoryType": "disclosureIndicator", "accessibilityIdentifier": "btRow" } ] } ] } } }"##
        }
        let all = try findings(table(""))
        #expect(all.filter { $0.rule == .tapTarget }.map(\.path) == ["root.sections[0].rows[0]", "root.sections[0].rows[1]", "root.sections[0].rows[2]"])
        // A cell's text is drawn for its table (its path is the table's); it is the row's by where it lies.
        #expect(all.contains { $0.rule == .textContrast && $0.path == "root" && $0.subject == "Faint" }, "\(all.map(\.path))")
        // Off for one row; two rows sharing an identifier (prototypes' rows do) are both named by it.
        let one = try findings(table(##""audit": { "views": { "wifiRow": ["tap-target"] } },"##))
        #expect(one.filter { $0.rule == .tapTarget }.map(\.path) == ["root.sections[0].rows[1]", "root.sections[0].rows[2]"])
        let two = try findings(table(##""audit": { "views": { "btRow": ["tap-target", "text-contrast"] } },"##))
        #expect(two.filter { $0.rule == .tapTarget }.map(\.path) == ["root.sections[0].rows[0]"])
        #expect(!two.contains { $0.rule == .textContrast }, "the row's text is inside the row")
        // A suite file's settings name rows the same way.
        let suite = try findings(table(""), settings: AuditSettings(views: ["wifiRow": [.tapTarget]]))
        #expect(suite.filter { $0.rule == .tapTarget }.map(\.path) == ["root.sections[0].rows[1]", "root.sections[0].rows[2]"])
        // The scene's check that the id exists takes a row's identifier, and still suggests one for a typo.
        #expect(SceneDecoder.issues(decoding: table(##""audit": { "views": { "btRow": ["tap-target"] } },"##)).isEmpty)
        let typo = SceneDecoder.issues(decoding: table(##""audit": { "views": { "wifiRw": ["tap-target"] } },"##))
        #expect(typo.first?.path == "audit.views.wifiRw")
        #expect(typo.first?.message.hasPrefix("no view, bar item or table row has the id \"wifiRw\"; did you mean \"wifiRow\"?") == true,
                "\(typo.map(\.message))")
    }

    /// A view drawn in perspective (a transform3D with perspective) is drawn flat and then projected,
    /// where the audit does not see its texts: it gets a note that says so (with the number of texts
    /// inside), instead of passing for audited; without perspective left it is audited as usual.
    @Test func aProjectedViewIsNotedAsNotAudited() throws {
        func card(_ transform: String) -> String {
            screen(##"{ "view": { "id": "card", "frame": [40, 80, 140, 200], "backgroundColor": "white", "transform3D": \##(transform), "subviews": [ "##
                   + ##"{ "label": { "frame": [0, 80, 140, 40], "text": "A title much too long for the card", "textColor": "#AAAAAA" } }, "##
                   + ##"{ "label": { "frame": [0, 130, 140, 40], "text": "Back" } } ] } }"##)
        }
        let projected = try findings(card(##"{ "perspective": 500, "rotateY": 30 }"##))
        #expect(projected.map(\.rule) == [.projected], "\(projected.map(\.message))")
        let note = try #require(projected.first)
        #expect(note.severity == .info && note.path == "root.subviews[0]" && note.numbers["texts"] == 2)
        #expect(note.message.hasPrefix("drawn in perspective (a transform3D): its 2 texts and any glyphs inside it are not audited"))
        #expect(note.location == "test.json:1:112", "\(note.location ?? "")")
        let r = try #require(note.rect)
        #expect(r.minX > 40 && r.maxX < 180 && r.height > 200, "the projected frame: \(r)")
        // Flat (half a turn leaves no perspective), the same card is audited: its texts are found.
        let flat = try findings(card(##"{ "perspective": 500, "rotateY": 180 }"##))
        #expect(flat.contains { $0.rule == .textTruncated } && flat.contains { $0.rule == .textContrast } && !flat.contains { $0.rule == .projected },
                "\(flat.map(\.rule))")
        // Off like any rule.
        #expect(try findings(card(##"{ "perspective": 500, "rotateY": 30 }"##), settings: AuditSettings(views: ["card": [.projected]])).isEmpty)
    }

    @Test func anUnknownRuleIdIsAnErrorAtItsPlace() throws {
        let issues = SceneDecoder.issues(decoding: ##"{ "audit": { "off": ["tap-targt"] }, "root": { "view": {} } }"##)
        #expect(issues.count == 1)
        #expect(issues.first?.path == "audit.off[0]")
        #expect(issues.first?.position == SourcePosition(line: 1, column: 22))
        #expect(issues.first?.message.hasPrefix("unknown audit rule \"tap-targt\"; did you mean \"tap-target\"?") == true)
        let wrong = SceneDecoder.issues(decoding: ##"{ "audit": { "views": { "nobody": ["offscreen"] } }, "root": { "view": {} } }"##)
        #expect(wrong.first?.path == "audit.views.nobody")
        #expect(wrong.first?.message.hasPrefix("no view, bar item or table row has the id \"nobody\"") == true)
        let type = SceneDecoder.issues(decoding: ##"{ "audit": { "off": [7] }, "root": { "view": {} } }"##)
        #expect(type.first?.message == "expected an audit rule id (a string), found a number")
    }

    @Test func aBaselineKeepsKnownFindingsAndFailsOnNewOnes() throws {
        let a = AuditFinding(rule: .tapTarget, scene: "s.json", variant: "iPhone SE", path: "root.subviews[1]", location: nil, message: "small")
        var b = a
        b.path = "root.subviews[2]"
        let baseline = try AuditBaseline.decode(Array(AuditBaseline(findings: [a]).encoded().utf8), file: "b.json")
        let (new, known) = baseline.split([a, b])
        #expect(new == [b])
        #expect(known == [a])
        // Reasons survive writing the baseline again.
        var withReason = baseline
        withReason.entries[0].reason = "UIKit's own size"
        let again = AuditBaseline(findings: [a], previous: withReason)
        #expect(again.entries.first?.reason == "UIKit's own size")
        #expect(try AuditBaseline.decode(Array(again.encoded().utf8), file: "b.json") == again)
    }

    @Test func aBadBaselineIsAnErrorWithItsPlaceAndValue() throws {
        func message(_ text: String) -> String {
            do { _ = try AuditBaseline.decode(Array(text.utf8), file: "b.json"); return "" } catch { return "\(error)" }
        }
        #expect(message(##"{"tintypeAuditBaseline": 2, "findings": []}"##)
            == #"b.json:1:26: tintypeAuditBaseline: an audit baseline of format 2; this tintype reads format 1. Record it again with --update-audit-baseline"#)
        #expect(message(##"{"tintypeAuditBaseline": 1, "findings": [{"rule": "contrast", "scene": "a.json", "path": "root"}]}"##)
            .hasPrefix(#"b.json:1:51: findings[0].rule: unknown audit rule "contrast""#))
        #expect(message(##"{"tintypeAuditBaseline": 1, "findings": [{"rule": "offscreen", "scene": 3, "path": "root"}]}"##)
            == #"b.json:1:73: findings[0].scene: expected a string, found 3"#)
        #expect(message("{").hasPrefix("b.json:1:2: malformed JSON"))
    }

    // MARK: the render

    @Test func anObservedRenderHasTheSamePixels() throws {
        let s = try scene(screen(##"{ "label": { "frame": [16, 100, 120, 30], "text": "A title far too long for its frame" } }, { "button": { "frame": [16, 200, 120, 44], "title": "Go" } }"##))
        let (bitmap, list, observation) = try sharedRenderer.renderObserved(s)
        #expect(bitmap == (try sharedRenderer.render(s)))
        #expect(observation.texts.filter { !$0.item.source.isEmpty }.map(\.item.text) == ["A title far too long for its frame", "Go"])
        #expect(list.views.map(\.path) == ["root", "root.subviews[0]", "root.subviews[1]"])
        #expect(list.views.map(\.isInteractive) == [false, false, true])
    }

    /// An overlay SVG drawn back (by librsvg) at the size of the render it outlines.
    func rasterized(_ path: String, like bitmap: Bitmap) throws -> Bitmap {
        let bytes = try #require(FileManager.default.contents(atPath: path))
        return try DocumentRasterizer.bitmap(Array(bytes), format: .svg, width: bitmap.width, height: bitmap.height)
    }

    /// The overlay is an SVG holding the screen's PNG (the file given, or the render encoded) with each
    /// finding outlined over it: drawn back, its border is the severity's color, and outside the
    /// findings it has the render's pixels. The same findings on the same screen give the same bytes.
    @Test func theOverlayOutlinesEachFinding() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tintype-overlay-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = try scene(screen(##"{ "button": { "frame": [16, 100, 30, 30], "title": "x" } }"##))
        let (bitmap, list, observation) = try sharedRenderer.renderObserved(s)
        let f = Auditor.audit(AuditInput(scene: s, list: list, observation: observation, sceneName: "t", variant: nil))
        #expect(f.map(\.rule) == [.tapTarget])
        try bitmap.writePNG(to: dir + "/screen.png")
        for (name, screen) in [("file", AuditOverlay.Screen.png(dir + "/screen.png")), ("render", .bitmap(bitmap))] {
            let path = dir + "/\(name).audit.svg"
            try AuditOverlay.write(screen, scale: list.scale, findings: f, to: path)
            let overlay = try rasterized(path, like: bitmap)
            // The border's pixels are the warning's orange; outside the finding nothing changed.
            let edge = overlay.rgba8(x: 16 * 2 + 30, y: 130 * 2 - 1)
            #expect(edge.r == 0xF0 && edge.g == 0x90 && edge.b == 0x00, "\(name)")
            #expect(overlay.rgba8(x: 300, y: 600) == bitmap.rgba8(x: 300, y: 600), "\(name)")
            // Inside, the screen under a wash of the same orange.
            let inside = overlay.rgba8(x: 16 * 2 + 20, y: 100 * 2 + 40), under = bitmap.rgba8(x: 16 * 2 + 20, y: 100 * 2 + 40)
            #expect(inside.b < under.b && inside.g < under.g, "\(name)")
        }
        try AuditOverlay.write(.png(dir + "/screen.png"), scale: list.scale, findings: f, to: dir + "/again.audit.svg")
        #expect(FileManager.default.contents(atPath: dir + "/again.audit.svg") == FileManager.default.contents(atPath: dir + "/file.audit.svg"))
    }
}
