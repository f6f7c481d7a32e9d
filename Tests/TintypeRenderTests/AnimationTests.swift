import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// Animations at a time, read off the display list: where each view is and how it looks.
@Suite struct AnimationTests {
    /// The display list of a 300 × 300 canvas with `views` and `animations`, at `time`.
    func list(_ views: String, _ animations: String, at time: Double) throws -> DisplayList {
        try sharedRenderer.displayList(for: try scene(#"{"canvas": {"size": [300, 300]}, "scale": 1, "time": "# + "\(time)"
            + #", "root": {"view": {"subviews": ["# + views + #"]}}, "animations": ["# + animations + "]}"))
    }

    func frame(_ l: DisplayList, _ id: String) -> Rect { l.views.first { $0.id == id }?.frame ?? .zero }

    let box = #"{"view": {"id": "box", "frame": [0, 0, 50, 50], "backgroundColor": "red"}}"#

    func near(_ a: Double, _ b: Double, _ tol: Double = 1e-6) -> Bool { abs(a - b) < tol }

    @Test func aViewBlockMovesTheCenterAlongItsCurve() throws {
        let block = #"{"view": "box", "to": {"center": [225, 25]}, "duration": 0.5, "delay": 0.1}"#
        #expect(frame(try list(box, block, at: 0), "box").minX == 0)
        #expect(frame(try list(box, block, at: 0.1), "box").minX == 0)
        // easeInOut is symmetric: half the time, half the way.
        #expect(near(frame(try list(box, block, at: 0.35), "box").minX, 100))
        #expect(near(frame(try list(box, block, at: 0.225), "box").minX, 200 * 0.1291619310))
        #expect(frame(try list(box, block, at: 0.6), "box").minX == 200)
        #expect(frame(try list(box, block, at: 3), "box").minX == 200)
    }

    @Test func aViewBlockAnimatesAlphaColorCornerAndTransform() throws {
        let block = #"{"view": "box", "to": {"alpha": 0.5, "backgroundColor": "blue", "cornerRadius": 10, "transform": {"rotate": 90}}, "#
            + #""duration": 1, "curve": "linear"}"#
        let l = try list(box, block, at: 0.5)
        guard case .group(let g)? = l.items.last else { Issue.record("no group"); return }
        #expect(near(g.alpha, 0.75))
        let t = try #require(g.transform)
        // A quarter turn halfway: 45°, about the center (25, 25).
        #expect(near(t.parts.rotation, .pi / 4) && near(t.apply(to: Point(x: 25, y: 25)).x, 25))
        guard case .fill(_, .color(let c), _)? = g.items.first else { Issue.record("no fill"); return }
        #expect(near(c.red, 0.5, 0.01) && near(c.blue, 0.5, 0.01))
    }

    @Test func aSpringWithLessDampingOvershootsItsTarget() throws {
        func x(_ damping: Double, _ t: Double) throws -> Double {
            frame(try list(box, #"{"view": "box", "to": {"frame": [200, 0, 50, 50]}, "duration": 1, "spring": {"damping": "#
                           + "\(damping)" + "}}", at: t), "box").minX
        }
        let loose = try (1..<20).map { try x(0.5, Double($0) / 20) }, firm = try (1..<20).map { try x(1, Double($0) / 20) }
        #expect(loose.max()! > 220 && firm.max()! <= 200 + 1e-9)
        #expect(try x(0.5, 1) == 200)
        #expect(try x(1, 1) == 200)
    }

    @Test func basicAnimationsFollowFromToAndByAndTheirFill() throws {
        func x(_ basic: String, _ t: Double) throws -> Double { frame(try list(box, #"{"view": "box", "basic": {"# + basic + "}}", at: t), "box").minX }
        #expect(try x(#""keyPath": "position.x", "from": 25, "to": 125, "duration": 1"#, 0.5) == 50)
        #expect(try x(#""keyPath": "position.x", "by": 100, "duration": 1"#, 0.25) == 25)
        #expect(try x(#""keyPath": "position.x", "to": 125, "by": 100, "duration": 1"#, 0) == 0)
        // Removed when over, unless filled forwards; a begin time and speed move its clock.
        #expect(try x(#""keyPath": "position.x", "to": 125, "duration": 1"#, 2) == 0)
        #expect(try x(#""keyPath": "position.x", "to": 125, "duration": 1, "fillMode": "forwards""#, 2) == 100)
        #expect(try x(#""keyPath": "position.x", "to": 125, "duration": 1, "beginTime": 0.5, "speed": 2"#, 0.75) == 50)
        #expect(near(try x(#""keyPath": "position.x", "to": 125, "duration": 1, "timingFunction": "easeIn""#, 0.5), 100 * 0.3153568126))
        #expect(near(try x(#""keyPath": "position.x", "to": 125, "duration": 1, "timingFunction": [0.42, 0, 1, 1]"#, 0.5), 100 * 0.3153568126))
    }

    @Test func keyframesPassThroughTheirValuesAtTheirTimes() throws {
        func x(_ kf: String, _ t: Double) throws -> Double { frame(try list(box, #"{"view": "box", "keyframe": {"# + kf + "}}", at: t), "box").minX }
        let linear = #""keyPath": "position.x", "values": [25, 225, 125], "keyTimes": [0, 0.8, 1], "duration": 1"#
        let l = try [0.4, 0.8, 0.9].map { try x(linear, $0) }
        #expect(l == [100, 200, 150])
        let discrete = #""keyPath": "position.x", "values": [25, 225, 125], "calculationMode": "discrete", "duration": 1"#
        let d = try [0.3, 0.4, 0.7].map { try x(discrete, $0) }
        #expect(d == [0, 200, 100])
        // Paced: 200 points then 100 take two thirds and one third of the time.
        let paced = #""keyPath": "position.x", "values": [25, 225, 125], "calculationMode": "paced", "duration": 1"#
        let p = try [2.0 / 3, 1.0 / 3].map { try x(paced, $0) }
        #expect(near(p[0], 200) && near(p[1], 100), "\(p)")
        let cubic = #""keyPath": "position.x", "values": [25, 225, 125, 25], "calculationMode": "cubic", "duration": 1"#
        let c = try [1.0 / 3, 2.0 / 3].map { try x(cubic, $0) }
        #expect(near(c[0], 200) && near(c[1], 100), "\(c)")
    }

    @Test func aPathMovesThePositionAndTurnsTheView() throws {
        // Right 100, then down 100: paced, a quarter of the way is halfway along the first leg.
        let kf = #"{"view": "box", "keyframe": {"keyPath": "position", "path": "M 25 25 L 125 25 L 125 125", "calculationMode": "paced", "#
            + #""rotationMode": "auto", "duration": 1}}"#
        let early = try list(box, kf, at: 0.25), late = try list(box, kf, at: 0.75)
        #expect(near(frame(early, "box").midX, 75) && near(frame(early, "box").midY, 25))
        #expect(near(frame(late, "box").midX, 125) && near(frame(late, "box").midY, 75))
        guard case .group(let g)? = late.items.last, let t = g.transform else { Issue.record("no turn"); return }
        #expect(near(t.parts.rotation, .pi / 2), "going down, the view turns a quarter clockwise: \(t.parts)")
    }

    @Test func transformKeyPathsChangeTheirPart() throws {
        let l = try list(box, #"{"view": "box", "basic": {"keyPath": "transform.scale", "from": 1, "to": 3, "duration": 1}}, "#
                         + #"{"view": "box", "basic": {"keyPath": "transform.rotation.z", "to": 3.14159265358979, "duration": 2}}"#, at: 0.5)
        guard case .group(let g)? = l.items.last, let t = g.transform else { Issue.record("no transform"); return }
        #expect(near(t.parts.scale.width, 2) && near(t.parts.scale.height, 2) && near(t.parts.rotation, .pi / 4, 1e-9))
        #expect(frame(l, "box").width > 50)
    }

    @Test func theSameSceneAndTimeGiveTheSameBytes() throws {
        let s = try scene(#"{"canvas": {"size": [100, 100]}, "time": 0.3, "root": {"view": {"subviews": ["# + box
                          + #"]}}, "animations": [{"view": "box", "to": {"center": [70, 70]}, "spring": {"damping": 0.6}, "duration": 0.5}]}"#)
        #expect(try sharedRenderer.renderPNG(s) == sharedRenderer.renderPNG(s))
    }
}

/// UIKit's own animations at given times, read off the display list.
@Suite struct SystemAnimationTests {
    let push = #"{"device": "iPhone 8", "time": TIME, "systemAnimation": {"type": "KIND"}, "root": {"navigationController": {"stack": ["#
        + #"{"title": "A", "view": {"view": {"backgroundColor": "white"}}}, {"title": "B", "view": {"view": {"backgroundColor": "white"}}}]}}}"#

    /// The x offsets of the transformed groups (the content layers), under first.
    func offsets(_ kind: String, _ t: Double) throws -> [Double] {
        let list = try sharedRenderer.displayList(for: try scene(push.replacingOccurrences(of: "TIME", with: "\(t)").replacingOccurrences(of: "KIND", with: kind)))
        return list.items.compactMap { if case .group(let g) = $0, let tr = g.transform { tr.tx } else { nil } }
    }

    @Test func aPushSlidesTheNewScreenInOverTheOldAtItsQuarters() throws {
        // 0.35 s, easeInOut: progress at ¼, ½, ¾ of the time is 0.1292, 0.5, 0.8708.
        for (t, p) in [(0.0875, 0.1291619310), (0.175, 0.5), (0.2625, 0.8708380690)] {
            let o = try offsets("push", t)
            #expect(o.count == 2 && abs(o[0] - -375 * 0.3 * p) < 1e-6 && abs(o[1] - 375 * (1 - p)) < 1e-6, "t = \(t): \(o)")
        }
        #expect(try offsets("push", 0) == [0])
        #expect(try offsets("push", 0.35) == [-112.5, 0])
    }

    @Test func theTitlesMoveWhileTheBarsCrossFade() throws {
        // Push "B" over "A" half way (p = 0.5): the old title "A" half way from the center to the back
        // button's title at 1 − p, the back title "A" half way from the old title's place at p, the new
        // title "B" half of half a screen right of its place at p.
        func titles(_ t: Double) throws -> [(text: String, regular: Bool, x: Double, alpha: Double)] {
            let list = try sharedRenderer.displayList(for: try scene(push.replacingOccurrences(of: "TIME", with: "\(t)").replacingOccurrences(of: "KIND", with: "push")))
            return list.items.compactMap {
                guard case .group(let g) = $0, g.items.count == 1, case .text(let x) = g.items[0] else { return nil }
                return (x.text, x.font.weight == .regular, x.frame.minX, g.alpha)
            }
        }
        let end = try sharedRenderer.displayList(for: try scene(push.replacingOccurrences(of: "TIME", with: "1").replacingOccurrences(of: "KIND", with: "push")))
        let start = try sharedRenderer.displayList(for: try scene(push.replacingOccurrences(of: "TIME", with: "0").replacingOccurrences(of: "KIND", with: "push")))
        let backX = try #require(texts(end).first { $0.text == "A" && $0.font.weight == .regular }?.frame.minX)
        let newX = try #require(texts(end).first { $0.text == "B" }?.frame.minX)
        let oldX = try #require(texts(start).first { $0.text == "A" }?.frame.minX)
        let half = try titles(0.175)
        #expect(half.count == 3, "\(half)")
        let old = try #require(half.first { $0.text == "A" && !$0.regular }), back = try #require(half.first { $0.text == "A" && $0.regular })
        let new = try #require(half.first { $0.text == "B" })
        #expect(abs(old.x - (oldX + (backX - oldX) * 0.5)) < 1e-9 && abs(old.alpha - 0.5) < 1e-9)
        #expect(abs(back.x - (oldX + (backX - oldX) * 0.5)) < 1e-9 && abs(back.alpha - 0.5) < 1e-9)
        #expect(abs(new.x - (newX + 375 * 0.5 * 0.5)) < 1e-9 && abs(new.alpha - 0.5) < 1e-9)
    }

    @Test func aPopSlidesTheTopScreenOut() throws {
        let o = try offsets("pop", 0.175)
        #expect(o.count == 2 && abs(o[0] - -56.25) < 1e-6 && abs(o[1] - 187.5) < 1e-6, "\(o)")
        #expect(try offsets("pop", 0.35) == [0])
    }

    @Test func anAlertGrowsInFromLargerAndTransparent() throws {
        func alertGroup(_ t: Double) throws -> Group? {
            let list = try sharedRenderer.displayList(for: try scene(#"{"device": "iPhone 8", "time": "# + "\(t)"
                + #", "systemAnimation": {"type": "alertAppearing"}, "root": {"view": {}}, "presented": {"alert": {"title": "Hi", "actions": [{"title": "OK"}]}}}"#))
            return list.items.compactMap { if case .group(let g) = $0, g.transform != nil { g } else { nil } }.first
        }
        let half = try #require(try alertGroup(0.15))
        let p = TimingFunction.easeOut.value(at: 0.5)
        #expect(abs(half.alpha - p) < 1e-9 && abs(half.transform!.a - (1.2 - 0.2 * p)) < 1e-9)
        #expect(half.transform!.apply(to: Point(x: 187.5, y: 333.5)) == Point(x: 187.5, y: 333.5))
        #expect(try alertGroup(0) == nil)
        #expect(try alertGroup(1)?.alpha == 1)
    }

    @Test func anAlertGoesByFadingOutWithItsDimming() throws {
        func groups(_ t: Double) throws -> [Group] {
            let list = try sharedRenderer.displayList(for: try scene(#"{"device": "iPhone 8", "time": "# + "\(t)"
                + #", "systemAnimation": {"type": "alertDismissing", "beginTime": 0.1}, "root": {"view": {}}, "#
                + #""presented": {"alert": {"title": "Hi", "actions": [{"title": "OK"}]}}}"#))
            return list.items.compactMap { if case .group(let g) = $0, g.alpha < 1 { g } else { nil } }
        }
        // Before it starts the alert stands (no faded groups); half way (0.2 s, eased in) both are at 1 − p.
        #expect(try groups(0).isEmpty)
        let half = try groups(0.2)
        let p = TimingFunction.easeIn.value(at: 0.5)
        #expect(half.count == 2 && half.allSatisfy { abs($0.alpha - (1 - p)) < 1e-9 && $0.transform == nil })
        // Once over, neither the alert nor its dimming is drawn.
        let gone = try sharedRenderer.displayList(for: try scene(#"{"device": "iPhone 8", "time": 1, "systemAnimation": {"type": "alertDismissing"}, "#
            + #""root": {"view": {}}, "presented": {"alert": {"title": "Hi", "actions": [{"title": "OK"}]}}}"#))
        #expect(!texts(gone).contains { $0.text == "Hi" })
    }

    /// The colors the bar button "Edit" is drawn in at `t` under an alert appearing or going
    /// (several when the screen is drawn twice, dimmed and not, and cross-faded), with their group alphas.
    func editColors(_ kind: String, _ t: Double) throws -> [(color: Color, alpha: Double)] {
        let list = try sharedRenderer.displayList(for: try scene(#"{"device": "iPhone 8", "time": "# + "\(t)"
            + #", "systemAnimation": {"type": "KIND"}, "root": {"navigationController": {"stack": [{"title": "A", "#.replacingOccurrences(of: "KIND", with: kind)
            + #""rightItems": [{"title": "Edit"}], "view": {"view": {}}}]}}, "presented": {"alert": {"title": "Hi", "actions": [{"title": "OK"}]}}}"#))
        func walk(_ items: [DisplayItem], _ alpha: Double) -> [(color: Color, alpha: Double)] {
            items.flatMap { item -> [(color: Color, alpha: Double)] in
                switch item {
                case .group(let g): walk(g.items, alpha * g.alpha)
                case .text(let x) where x.text == "Edit": [(x.color, alpha)]
                default: []
                }
            }
        }
        return walk(list.items, 1)
    }

    @Test func tintsComeBackAsAnAlertGoesAndDimAsOneComes() throws {
        let blue = Color.systemBlue, gray = Color.systemBlue.dimmed
        // Once the alert has gone the window's tints are back to normal; standing, they are dimmed.
        #expect(try editColors("alertDismissing", 1).map(\.color) == [blue])
        #expect(try editColors("alertDismissing", 0).map(\.color) == [gray])
        #expect(try editColors("alertAppearing", 0).map(\.color) == [blue])
        #expect(try editColors("alertAppearing", 1).map(\.color) == [gray])
        // Half way the screen is drawn both ways, cross-faded with the dimming layer: dimmed at its share.
        let p = TimingFunction.easeIn.value(at: 0.5)
        let half = try editColors("alertDismissing", 0.1)
        #expect(half.count == 2 && half[0].color == gray && abs(half[0].alpha - (1 - p)) < 1e-9
                && half[1].color == blue && abs(half[1].alpha - p) < 1e-9, "\(half)")
    }

    @Test func aSystemAnimationNeedsWhatItAnimates() {
        #expect(SceneDecoder.issues(decoding: #"{"systemAnimation": {"type": "push"}, "root": {"view": {}}}"#).map(\.description) == [
            "scene.json:1:30: systemAnimation.type: a push animates the root navigation controller's top view controller: "
            + "make the root a navigationController with a \"stack\" of two view controllers or more"])
        #expect(SceneDecoder.issues(decoding: #"{"systemAnimation": {"type": "alertAppearing"}, "root": {"view": {}}}"#).first?.description.hasSuffix(
            "systemAnimation.type: \"alertAppearing\" animates the presented alert: give the scene \"presented\": {\"alert\": {...}}") == true)
    }
}

extension SystemAnimationTests {
    @Test func aSystemAnimationEndsTheScenesAnimations() throws {
        let s = try scene(push.replacingOccurrences(of: "TIME", with: "0").replacingOccurrences(of: "KIND", with: "push"))
        #expect(s.animationEnd == 0.35)
    }
}

/// A modal sheet and an action sheet coming and going (docs/motion.md, The system's animations).
@Suite struct PresentationAnimationTests {
    let modal = #"{"device": "DEVICE", "time": TIME, "systemAnimation": {"type": "KIND"}, "root": {"view": {"backgroundColor": "white"}}, "#
        + #""presented": {"sheet": {"modalPresentationStyle": "STYLE", "root": {"view": {"backgroundColor": "yellow", "subviews": [{"label": {"#
        + #""frame": [20, 100, 200, 30], "text": "Sheet"}}]}}}}}"#
    let sheet = #"{"device": "DEVICE", "time": TIME, "systemAnimation": {"type": "KIND"}, "root": {"view": {"backgroundColor": "white"}}, "#
        + #""presented": {"actionSheet": {"message": "Go?", "actions": ["Go", {"title": "Cancel", "style": "cancel"}], "sourceRect": [10, 10, 20, 20]}}}"#

    func list(_ template: String, _ kind: String, _ t: Double, device: String = "iPhone 8", style: String = "fullScreen") throws -> DisplayList {
        try sharedRenderer.displayList(for: try scene(template.replacingOccurrences(of: "DEVICE", with: device).replacingOccurrences(of: "TIME", with: "\(t)")
            .replacingOccurrences(of: "KIND", with: kind).replacingOccurrences(of: "STYLE", with: style)))
    }

    /// The top-level groups after the root's (the presentation's), in drawing order.
    func presented(_ l: DisplayList) -> [Group] {
        Array(l.items.dropFirst(2).compactMap { if case .group(let g) = $0 { g } else { nil } })
    }

    @Test func aFullScreenSheetSlidesUpFromTheBottomEdgeAndBackDown() throws {
        let p = TimingFunction.default.value(at: 0.5)
        let half = presented(try list(modal, "modalPresenting", 0.25))
        #expect(half.count == 1 && abs(half[0].transform!.ty - 667 * (1 - p)) < 1e-9 && half[0].transform!.tx == 0 && half[0].alpha == 1)
        #expect(try presented(list(modal, "modalPresenting", 0)).isEmpty)
        #expect(try presented(list(modal, "modalPresenting", 0.5)).first?.transform == nil)
        let going = presented(try list(modal, "modalDismissing", 0.25))
        #expect(going.count == 1 && abs(going[0].transform!.ty - 667 * p) < 1e-9)
        // Once dismissed nothing of the sheet is drawn.
        #expect(!texts(try list(modal, "modalDismissing", 0.5)).contains { $0.text == "Sheet" })
        #expect(texts(try list(modal, "modalDismissing", 0)).contains { $0.text == "Sheet" })
    }

    @Test func anIPadFormSheetRisesFromBelowTheScreenWithItsDimming() throws {
        let p = TimingFunction.default.value(at: 0.5)
        let g = presented(try list(modal, "modalPresenting", 0.25, device: "iPad", style: "formSheet"))
        // The dimming at p of its alpha, then the sheet, its top (the form sheet's, 202 on a 1024-high iPad) p of the way up.
        #expect(g.count == 2 && abs(g[0].alpha - p) < 1e-9 && g[0].transform == nil)
        let top = try #require(Resolver.top(of: g[1].items))
        #expect(top == 202 && abs(g[1].transform!.ty - (1024 - top) * (1 - p)) < 1e-9)
    }

    @Test func anActionSheetSlidesUpWhileTheDimmingFadesIn() throws {
        let p = TimingFunction.default.value(at: 0.5)
        let g = presented(try list(sheet, "actionSheetAppearing", 0.2))
        #expect(g.count == 2 && abs(g[0].alpha - p) < 1e-9)
        let top = try #require(Resolver.top(of: g[1].items))
        #expect(top > 400 && top < 667 && abs(g[1].transform!.ty - (667 - top) * (1 - p)) < 1e-9, "\(top)")
        #expect(try presented(list(sheet, "actionSheetAppearing", 0)).isEmpty)
        let going = presented(try list(sheet, "actionSheetDismissing", 0.3))
        let q = 1 - TimingFunction.default.value(at: 0.75)
        #expect(going.count == 2 && abs(going[0].alpha - q) < 1e-9 && abs(going[1].transform!.ty - (667 - top) * (1 - q)) < 1e-9)
        #expect(try presented(list(sheet, "actionSheetDismissing", 0.4)).isEmpty)
        // The window's tints come back once it has gone.
        #expect(try scene(sheet.replacingOccurrences(of: "DEVICE", with: "iPhone 8").replacingOccurrences(of: "TIME", with: "0.4")
            .replacingOccurrences(of: "KIND", with: "actionSheetDismissing")).presentationTintDimming == 0)
    }

    @Test func anIPadActionSheetIsAPopoverThatFades() throws {
        let p = TimingFunction.default.value(at: 0.5)
        let g = presented(try list(sheet, "actionSheetAppearing", 0.2, device: "iPad"))
        #expect(g.count == 1 && abs(g[0].alpha - p) < 1e-9 && g[0].transform == nil)
    }

    /// The modal template with `"modalTransitionStyle": TRANSITION`.
    func styled(_ transition: String, _ kind: String, _ t: Double, device: String = "iPhone 8", style: String = "fullScreen") throws -> DisplayList {
        let template = modal.replacingOccurrences(of: #""modalPresentationStyle""#, with: #""modalTransitionStyle": "\#(transition)", "modalPresentationStyle""#)
        return try list(template, kind, t, device: device, style: style)
    }

    @Test func aCrossDissolveFadesTheSheetInWhereItStands() throws {
        // 0.4 s, easing in and out: at 0.2 s half way.
        let half = presented(try styled("crossDissolve", "modalPresenting", 0.2))
        #expect(half.count == 1 && abs(half[0].alpha - 0.5) < 1e-9 && half[0].transform == nil)
        #expect(try presented(styled("crossDissolve", "modalPresenting", 0)).isEmpty)
        #expect(try presented(styled("crossDissolve", "modalPresenting", 0.4)).first?.alpha == 1)
        // An iPad's form sheet: its dimming and the sheet fade in together, neither moving.
        let q = TimingFunction.easeInEaseOut.value(at: 0.25)
        let pad = presented(try styled("crossDissolve", "modalPresenting", 0.1, device: "iPad", style: "formSheet"))
        #expect(pad.count == 2 && abs(pad[0].alpha - q) < 1e-9 && abs(pad[1].alpha - q) < 1e-9 && pad[1].transform == nil)
        let going = presented(try styled("crossDissolve", "modalDismissing", 0.1))
        #expect(going.count == 1 && abs(going[0].alpha - (1 - q)) < 1e-9)
        let s = try scene(modal.replacingOccurrences(of: "DEVICE", with: "iPhone 8").replacingOccurrences(of: "TIME", with: "0")
            .replacingOccurrences(of: "KIND", with: "modalPresenting").replacingOccurrences(of: "STYLE", with: "fullScreen")
            .replacingOccurrences(of: #""modalPresentationStyle""#, with: #""modalTransitionStyle": "crossDissolve", "modalPresentationStyle""#))
        #expect(s.animationEnd == 0.4)
    }

    /// The flipped group of a frame: the screen on the side that shows, with its map.
    func flipped(_ l: DisplayList) throws -> (projection: Homography, texts: [String]) {
        let g = try #require(l.items.compactMap { if case .group(let g) = $0, g.projection != nil { g } else { nil } }.first)
        return (g.projection!, texts(DisplayList(size: l.size, scale: l.scale, items: g.items)).map(\.text))
    }

    /// The height of the screen's left and right edges as projected (the nearer edge is the taller).
    func edges(_ h: Homography) throws -> (left: Double, right: Double, rightX: Double) {
        let tl = try #require(h.apply(to: Point(x: 0, y: 0))), bl = try #require(h.apply(to: Point(x: 0, y: 667)))
        let tr = try #require(h.apply(to: Point(x: 375, y: 0))), br = try #require(h.apply(to: Point(x: 375, y: 667)))
        return (bl.y - tl.y, br.y - tr.y, tr.x)
    }

    @Test func aFlipTurnsTheScreenOverRightToLeftWithTheSheetOnItsBack() throws {
        // 0.75 s: at a quarter the screen without the sheet turns, its right edge toward the viewer and leftward,
        // over the window's black; the status bar stays.
        let quarter = try styled("flipHorizontal", "modalPresenting", 0.1875)
        let front = try flipped(quarter)
        #expect(!front.texts.contains("Sheet"))
        let e = try edges(front.projection)
        #expect(e.right > e.left && e.rightX < 375, "\(e)")
        #expect(quarter.items.contains { if case .fill(_, .color(let c), _) = $0 { c == .black } else { false } })
        // At three quarters the back shows: the sheet, its left edge now the nearer one.
        let back = try flipped(try styled("flipHorizontal", "modalPresenting", 0.5625))
        #expect(back.texts.contains("Sheet"))
        let b = try edges(back.projection)
        #expect(b.left > b.right, "\(b)")
        // Dismissing turns the other way, left to right: the sheet on the front, its left edge nearer.
        let going = try flipped(try styled("flipHorizontal", "modalDismissing", 0.1875))
        #expect(going.texts.contains("Sheet"))
        let g = try edges(going.projection)
        #expect(g.left > g.right, "\(g)")
        // The ends are the still screens; VoiceOver reads the sheet (the model) throughout.
        #expect(try texts(styled("flipHorizontal", "modalPresenting", 0.75)).contains { $0.text == "Sheet" })
        #expect(try !texts(styled("flipHorizontal", "modalPresenting", 0)).contains { $0.text == "Sheet" })
        #expect(quarter.accessibility.map(\.info.label) == ["Sheet"])
    }

    @Test func aPartialCurlIsOutOfScope() {
        let json = #"{"root": {"view": {}}, "presented": {"sheet": {"modalTransitionStyle": "partialCurl", "root": {"view": {}}}}}"#
        #expect(SceneDecoder.issues(decoding: json).map(\.description) == [
            #"scene.json:1:72: presented.modalTransitionStyle: "partialCurl" (UIKit's page curl) is out of scope: Tintype does not draw it; "#
                + "use coverVertical, crossDissolve or flipHorizontal"])
        #expect(SceneDecoder.issues(decoding: json.replacingOccurrences(of: "partialCurl", with: "flip")).first?.description
            .contains(#"presented.modalTransitionStyle: unknown value "flip""#) == true)
    }

    @Test func eachNeedsWhatItAnimates() {
        #expect(SceneDecoder.issues(decoding: #"{"systemAnimation": {"type": "modalPresenting"}, "root": {"view": {}}}"#).map(\.description) == [
            #"scene.json:1:30: systemAnimation.type: "modalPresenting" animates the presented sheet: give the scene "presented": {"sheet": {...}}"#])
        #expect(SceneDecoder.issues(decoding: #"{"device": "iPad", "systemAnimation": {"type": "modalDismissing"}, "root": {"view": {}}, "#
                                    + #""presented": {"popover": {"sourceRect": [0, 0, 10, 10], "root": {"view": {}}}}}"#).first?.description.hasSuffix(
            "(an iPad's popover is not a modal sheet)") == true)
        #expect(SceneDecoder.issues(decoding: #"{"systemAnimation": {"type": "actionSheetAppearing"}, "root": {"view": {}}, "#
                                    + #""presented": {"alert": {"title": "Hi"}}}"#).first?.description.hasSuffix(
            #"systemAnimation.type: "actionSheetAppearing" animates the presented action sheet: give the scene "presented": {"actionSheet": {...}}"#) == true)
    }
}

/// Table rows inserted and deleted with each UITableView.RowAnimation, read off the display list.
@Suite struct RowAnimationTests {
    /// Rows A, B, C, D, E of 44 points in a 200 × 260 table; `rows` is the animation's object.
    func list(_ rows: String, at t: Double) throws -> DisplayList {
        try sharedRenderer.displayList(for: try scene(#"{"canvas": {"size": [200, 260]}, "scale": 1, "time": "# + "\(t)"
            + #", "root": {"tableView": {"id": "t", "frame": [0, 0, 200, 260], "rowHeight": 44, "rows": ["A", "B", "C", "D", "E"]}}, "#
            + #""animations": [{"view": "t", "rows": "# + rows + "}]}"))
    }

    /// Each text drawn: its top, the alpha of the groups around it and their translation.
    func texts(_ l: DisplayList) -> [String: (y: Double, alpha: Double, dx: Double, dy: Double)] {
        var out: [String: (y: Double, alpha: Double, dx: Double, dy: Double)] = [:]
        func walk(_ items: [DisplayItem], _ alpha: Double, _ dx: Double, _ dy: Double) {
            for item in items {
                switch item {
                case .group(let g): walk(g.items, alpha * g.alpha, dx + (g.transform?.tx ?? 0), dy + (g.transform?.ty ?? 0))
                case .text(let x): out[x.text] = (x.frame.minY, alpha, dx, dy)
                default: break
                }
            }
        }
        walk(l.items, 1, 0, 0)
        return out
    }

    let p = TimingFunction.easeInEaseOut.value(at: 0.25)

    @Test func aFadedDeletionFadesTheRowWhileTheRowsBelowMoveUp() throws {
        let rows = #"{"delete": [[0, 1]], "animation": "fade"}"#
        let before = texts(try list(rows, at: 0)), after = texts(try list(rows, at: 0.3)), quarter = texts(try list(rows, at: 0.075))
        #expect(before["B"] != nil && after["B"] == nil)
        let c0 = try #require(before["C"]?.y), c1 = try #require(after["C"]?.y)
        #expect(c1 == c0 - 44)
        #expect(abs(quarter["C"]!.y - (c0 - 44 * p)) < 0.51, "\(quarter["C"]!) against \(c0 - 44 * p)")
        #expect(abs(quarter["B"]!.alpha - (1 - p)) < 1e-9 && quarter["B"]!.y == before["B"]!.y && quarter["A"]!.y == before["A"]!.y)
    }

    @Test func rightAndLeftSlideTheRowOutSideways() throws {
        for (style, sign) in [("right", 1.0), ("left", -1.0)] {
            let b = try #require(texts(try list(#"{"delete": [[0, 1]], "animation": "STYLE"}"#.replacingOccurrences(of: "STYLE", with: style), at: 0.075))["B"])
            #expect(abs(b.dx - sign * 200 * p) < 1e-9 && b.alpha == 1 && b.dy == 0, "\(style): \(b)")
            let d = try #require(texts(try list(#"{"insert": [[0, 3]], "animation": "STYLE"}"#.replacingOccurrences(of: "STYLE", with: style), at: 0.075))["D"])
            #expect(abs(d.dx - sign * 200 * (1 - p)) < 1e-9, "\(style): \(d)")
        }
    }

    @Test func topBottomAndMiddleSlideOrShrinkAsTheyFade() throws {
        let top = try #require(texts(try list(#"{"delete": [[0, 1]], "animation": "top"}"#, at: 0.075))["B"])
        #expect(abs(top.dy + 44 * p) < 1e-9 && abs(top.alpha - (1 - p)) < 1e-9)
        let bottom = try #require(texts(try list(#"{"insert": [[0, 1]], "animation": "bottom"}"#, at: 0.075))["B"])
        #expect(abs(bottom.dy - 44 * (1 - p)) < 1e-9 && abs(bottom.alpha - p) < 1e-9)
        // middle: the row shows through a band about its middle, (1 − gone) of its height.
        let l = try list(#"{"delete": [[0, 1]], "animation": "middle"}"#, at: 0.075)
        func band(_ items: [DisplayItem]) -> Rect? {
            for item in items {
                guard case .group(let g) = item else { continue }
                if flat(g.items).contains(where: { if case .text(let x) = $0 { x.text == "B" } else { false } }), let c = g.clip, g.alpha < 1 { return c.bounds }
                if let r = band(g.items) { return r }
            }
            return nil
        }
        let r = try #require(band(l.items))
        #expect(abs(r.height - 44 * (1 - p)) < 1e-9 && abs(r.midY - 66) < 1e-9, "\(r)")
    }

    @Test func noneAndAutomaticAndTheEnds() throws {
        // none: the deleted row is gone at once, the inserted one there at once; the others still move.
        let none = texts(try list(#"{"delete": [[0, 1]], "insert": [[0, 3]], "animation": "none"}"#, at: 0.075))
        #expect(none["B"] == nil && none["D"]?.alpha == 1)
        // automatic fades.
        let auto = try #require(texts(try list(#"{"delete": [[0, 1]]}"#, at: 0.075))["B"])
        #expect(abs(auto.alpha - (1 - p)) < 1e-9 && auto.dx == 0)
        // Before it starts the inserted row is not there; once over, the table's rows are those after.
        let start = try list(#"{"insert": [[0, 3]], "beginTime": 0.1, "animation": "fade"}"#, at: 0.05)
        #expect(texts(start)["D"] == nil && start.touch.rows.count == 4)
        let end = try list(#"{"delete": [[0, 0]], "insert": [[0, 3]], "animation": "fade"}"#, at: 1)
        #expect(texts(end)["A"] == nil && end.touch.rows.count == 4 && texts(end)["D"]!.y == texts(end)["C"]!.y + 44)
    }

    /// A row coming or going is recorded where it is drawn, as UIKit's presentation layer shows it at
    /// that instant: its row (the preview's hit test, the audit's cells), its VoiceOver element and the
    /// ids of the views it holds; a row not drawn (`none`) is not recorded.
    @Test func rowsInMotionAreRecordedWhereTheyAreDrawn() throws {
        func l(_ update: String, _ t: Double) throws -> DisplayList {
            try sharedRenderer.displayList(for: try scene(#"{"canvas": {"size": [200, 260]}, "scale": 1, "time": "# + "\(t)"
                + #", "root": {"tableView": {"id": "t", "frame": [0, 0, 200, 260], "rowHeight": 44, "rows": ["A", "#
                + #"{"text": "B", "accessoryView": {"switch": {"id": "sw"}}}, "C", "D", "E"]}}, "#
                + #""animations": [{"view": "t", "rows": "# + update + "}]}"))
        }
        func row(_ l: DisplayList, _ r: Int) -> Rect? { l.touch.rows.first { $0.section == 0 && $0.row == r }?.frame }
        func element(_ l: DisplayList, _ r: Int) -> Rect? { l.accessibility.first { $0.path == "root.sections[0].rows[\(r)]" }?.frame }
        let still = try l(#"{"delete": [[0, 1]], "animation": "left"}"#, 0)
        let sw0 = try #require(still.views.first { $0.id == "sw" }?.frame)
        // Sliding out to the left, a quarter of the way in time: p of the table's width.
        let left = try l(#"{"delete": [[0, 1]], "animation": "left"}"#, 0.075)
        let b = try #require(row(left, 1))
        #expect(abs(b.minX + 200 * p) < 1e-9 && b.minY == 44 && b.width == 200)
        let e = try #require(element(left, 1))
        #expect(e.minX == 0 && abs(e.maxX - 200 * (1 - p)) < 1e-9 && e.minY == 44, "\(e)")
        let sw = try #require(left.views.first { $0.id == "sw" }?.frame)
        #expect(abs(sw.minX - (sw0.minX - 200 * p)) < 1e-9 && sw.minY == sw0.minY, "\(sw) against \(sw0)")
        // VoiceOver reads it in its place among the others: A, B, C, D, E.
        #expect(left.accessibility.compactMap { $0.path.split(separator: "[").last }.prefix(5) == ["0]", "1]", "2]", "3]", "4]"])
        // Fading, where it stands; an inserted row sliding in from the right, cut to the table.
        #expect(try row(l(#"{"delete": [[0, 1]], "animation": "fade"}"#, 0.075), 1) == Rect(x: 0, y: 44, width: 200, height: 44))
        let d = try #require(element(try l(#"{"insert": [[0, 3]], "animation": "right"}"#, 0.075), 3))
        #expect(abs(d.minX - 200 * (1 - p)) < 1e-9 && d.maxX == 200, "\(d)")
        // middle: the band it shows through.
        let m = try #require(row(try l(#"{"delete": [[0, 1]], "animation": "middle"}"#, 0.075), 1))
        #expect(abs(m.height - 44 * (1 - p)) < 1e-9 && abs(m.midY - 66) < 1e-9, "\(m)")
        // none: the deleted row is gone at once, and so are its records.
        let none = try l(#"{"delete": [[0, 1]], "animation": "none"}"#, 0.075)
        #expect(row(none, 1) == nil && element(none, 1) == nil && !none.views.contains { $0.id == "sw" })
        // The preview's hit test finds the row where it is drawn.
        #expect(left.hit(Point(x: 10, y: 60)).row?.row == 1)
    }

    @Test func badRowUpdatesAreErrorsWithTheirPlace() {
        func issues(_ rows: String, root: String = #"{"tableView": {"id": "t", "rows": ["A", "B"]}}"#) -> [String] {
            SceneDecoder.issues(decoding: #"{"root": "# + root + #", "animations": [{"view": "t", "rows": "# + rows + "}]}").map(\.description)
        }
        #expect(issues(#"{"delete": [[0, 2]]}"#) == [
            "scene.json:1:107: animations[0].rows.delete[0]: section 0 has 2 rows; there is no row 2 (the scene's table holds every row involved: "
            + "those deleted and those inserted)"])
        #expect(issues(#"{"delete": [[1, 0]]}"#).first?.hasSuffix("animations[0].rows.delete[0]: the table has 1 section; there is no section 1") == true)
        #expect(issues(#"{"delete": [[0, 1]], "insert": [[0, 1]]}"#).first?.hasSuffix(
            #"animations[0].rows.insert[0]: row [0, 1] is already in "delete"; a row is deleted or inserted once"#) == true)
        #expect(issues(#"{"delete": [[0, -1]]}"#).first?.hasSuffix("animations[0].rows.delete[0]: expected [section, row], two whole numbers from 0, found [0, -1]") == true)
        #expect(issues(#"{"animation": "fade"}"#).first?.hasSuffix(#"animations[0].rows: a row update needs "delete" or "insert" (lists of [section, row])"#) == true)
        #expect(issues(#"{"delete": [[0, 0]], "animation": "fadeOut"}"#).first?.contains(#"animations[0].rows.animation"#) == true)
        #expect(issues(#"{"delete": [[0, 0]]}"#, root: #"{"view": {"id": "t"}}"#).first?.hasSuffix(
            #"animations[0].rows: "t" is a view, not a tableView: "rows" inserts and deletes a table's rows"#) == true)
        #expect(issues(#"{"delete": [[0, 0]], "duration": -1}"#).first?.contains("animations[0].rows.duration") == true)
    }
}

/// A switch toggling and a segmented control's selection moving, read off the display list.
@Suite struct ControlChangeTests {
    func list(_ control: String, _ change: String, at t: Double) throws -> DisplayList {
        try sharedRenderer.displayList(for: try scene(#"{"canvas": {"size": [300, 100]}, "scale": 2, "time": "# + "\(t)"
            + #", "root": {"view": {"subviews": ["# + control + #"]}}, "animations": [{"view": "c", "control": "# + change + "}]}"))
    }

    /// The fills of the display list with their paths' bounds, groups opened.
    func fills(_ l: DisplayList) -> [(rect: Rect, color: Color?)] {
        flat(l.items).compactMap { if case .fill(let path, let paint, _) = $0 { (path.bounds, { if case .color(let c) = paint { c } else { nil } }()) } else { nil } }
    }

    @Test func aSwitchTurnedOnSlidesItsKnobAndTurnsGreen() throws {
        let sw = #"{"switch": {"id": "c", "frame": [10, 10, 51, 31]}}"#
        let p = TimingFunction.easeInEaseOut.value(at: 0.5)
        let half = fills(try list(sw, #"{"isOn": true}"#, at: 0.125))
        // The knob: the white circle, 28 across, from x = 10 + 1.5 (off) to 10 + 51 − 1.5 − 28 = 31.5 (on).
        let knob = try #require(half.first { $0.color == .white && abs($0.rect.width - 28) < 1e-9 })
        #expect(abs(knob.rect.minX - (11.5 + 20 * p)) < 1e-9, "\(knob.rect)")
        // The track: the outline's gray turned p of the way to green, around a clear inside (1 − p) of its size.
        let track = try #require(half.first { abs($0.rect.width - 51) < 1e-9 })
        let gray = SwitchComponent.defaultOffBorder, green = SwitchComponent.defaultOnTint
        #expect(abs(track.color!.green - (gray.green + (green.green - gray.green) * p)) < 1e-9)
        // At the ends it is the still switch, on or off.
        let end = fills(try list(sw, #"{"isOn": true}"#, at: 1))
        #expect(end.contains { $0.color == green } && end.first { $0.color == .white && abs($0.rect.width - 28) < 1e-9 }!.rect.minX == 31.5)
        #expect(fills(try list(sw, #"{"isOn": true, "beginTime": 0.5}"#, at: 0.2)).first { $0.color == .white && abs($0.rect.width - 28) < 1e-9 }!.rect.minX == 11.5)
        // Turned off from on, the knob goes back.
        let off = fills(try list(#"{"switch": {"id": "c", "frame": [10, 10, 51, 31], "isOn": true}}"#, #"{"isOn": false}"#, at: 0.125))
        #expect(abs(off.first { $0.color == .white && abs($0.rect.width - 28) < 1e-9 }!.rect.minX - (31.5 - 20 * p)) < 1e-9)
    }

    @Test func aSegmentedControlCrossFadesItsSelection() throws {
        let seg = #"{"segmentedControl": {"id": "c", "frame": [10, 10, 240, 29], "segments": ["A", "B", "C"], "selectedSegmentIndex": 0}}"#
        let p = TimingFunction.easeInEaseOut.value(at: 0.5)
        let l = try list(seg, #"{"selectedSegmentIndex": 2}"#, at: 0.1)
        guard case .group(let outer)? = l.items.last, outer.items.count == 2, case .group(let old) = outer.items[0], case .group(let new) = outer.items[1] else {
            Issue.record("no cross-fade: \(l.items.last.map { "\($0)".prefix(200) } ?? "")"); return
        }
        #expect(abs(old.alpha - (1 - p)) < 1e-9 && abs(new.alpha - p) < 1e-9 && new.blendMode == .plusLighter)
        // Once over, the third segment is the selected one (white title), drawn once.
        let end = texts(try list(seg, #"{"selectedSegmentIndex": 2}"#, at: 0.2))
        #expect(end.count == 3 && end.first { $0.text == "C" }?.color == .white && end.first { $0.text == "A" }?.color != .white)
    }

    @Test func aControlChangeNeedsItsKindOfControl() {
        func issues(_ change: String, _ root: String = #"{"switch": {"id": "c"}}"#) -> [String] {
            SceneDecoder.issues(decoding: #"{"root": {"view": {"subviews": ["# + root + #"]}}, "animations": [{"view": "c", "control": "# + change + "}]}")
                .map(\.description)
        }
        #expect(issues(#"{"selectedSegmentIndex": 1}"#).first?.hasSuffix(
            #"animations[0].control.selectedSegmentIndex: "c" is a switch, not a segmentedControl: "selectedSegmentIndex" moves a segmented control's selection"#) == true)
        #expect(issues(#"{"isOn": true}"#, #"{"label": {"id": "c", "text": "x"}}"#).first?.hasSuffix(
            #"animations[0].control.isOn: "c" is a label, not a switch: "isOn" toggles a switch"#) == true)
        #expect(issues(#"{"selectedSegmentIndex": 3}"#, #"{"segmentedControl": {"id": "c", "segments": ["A", "B"]}}"#).first?.hasSuffix(
            "animations[0].control.selectedSegmentIndex: the segmented control has 2 segments (0 to 1, or -1 for none); there is no segment 3") == true)
        #expect(issues("{}").first?.hasSuffix(
            #"animations[0].control: a control change needs "isOn" (a switch) or "selectedSegmentIndex" (a segmented control): the value it animates to"#) == true)
        #expect(issues(#"{"isOn": true, "duration": -1}"#).first?.contains("animations[0].control.duration") == true)
        #expect(issues(#"{"isOn": "yes"}"#).first?.contains("animations[0].control.isOn") == true)
    }
}

/// Core Animation's groups (CAAnimationGroup): the animations inside run on the group's time.
@Suite struct AnimationGroupTests {
    let box = #"{"view": {"id": "box", "frame": [0, 0, 50, 50], "backgroundColor": "red"}}"#

    func list(_ group: String, at t: Double) throws -> DisplayList {
        try sharedRenderer.displayList(for: try scene(#"{"canvas": {"size": [300, 300]}, "scale": 1, "time": "# + "\(t)"
            + #", "root": {"view": {"subviews": ["# + box + #"]}}, "animations": [{"view": "box", "group": "# + group + "}]}"))
    }

    func frame(_ l: DisplayList) -> Rect { l.views.first { $0.id == "box" }?.frame ?? .zero }

    let group = #"{"beginTime": 0.2, "duration": 1, "animations": [{"basic": {"keyPath": "position.x", "from": 25, "to": 225, "duration": 2}}, "#
        + #"{"basic": {"keyPath": "position.y", "from": 25, "to": 125, "beginTime": 0.5, "duration": 0.5, "fillMode": "both"}}]}"#

    @Test func theAnimationsRunOnTheGroupsTime() throws {
        // At 0.7 s the group is 0.5 s in: x a quarter of its 2 s (cut at the group's 1 s), y just starting.
        let f = frame(try list(group, at: 0.7))
        #expect(abs(f.midX - 75) < 1e-9 && abs(f.midY - 25) < 1e-9, "\(f)")
        // At 0.95 s: x 0.75 s in, y 0.25 s of its 0.5.
        let g = frame(try list(group, at: 0.95))
        #expect(abs(g.midX - (25 + 200 * 0.375)) < 1e-9 && abs(g.midY - 75) < 1e-9, "\(g)")
        // Before the group starts and once it is over (no fill), the view's own values.
        let early = frame(try list(group, at: 0.1)), late = frame(try list(group, at: 1.3))
        #expect(early.midX == 25 && late == Rect(x: 0, y: 0, width: 50, height: 50))
        // A group that fills forwards holds where its animations were when it ended (each as its own fill says: y fills both ways).
        let held = frame(try list(group.replacingOccurrences(of: #""duration": 1,"#, with: #""duration": 1, "fillMode": "forwards","#), at: 5))
        #expect(abs(held.midX - 125) < 1e-9 && abs(held.midY - 125) < 1e-9, "\(held)")
        // A group repeats as a whole: its second iteration starts its animations again.
        let again = frame(try list(group.replacingOccurrences(of: #""duration": 1,"#, with: #""duration": 1, "repeatCount": 2,"#), at: 1.7))
        #expect(abs(again.midX - 75) < 1e-9, "\(again)")
        #expect(try scene(#"{"canvas": {"size": [300, 300]}, "root": {"view": {"subviews": ["# + box + #"]}}, "animations": [{"view": "box", "group": "#
                          + group + "}]}").animationEnd == 1.2)
    }

    @Test func badGroupsAreErrorsWithTheirPlace() {
        func issues(_ group: String, extra: String = "") -> [String] {
            SceneDecoder.issues(decoding: #"{"root": {"view": {"subviews": ["# + box + #"]}}, "animations": [{"view": "box", "group": "# + group + extra + "}]}")
                .map(\.description)
        }
        #expect(issues(#"{"duration": 1}"#).first?.hasSuffix(#"animations[0].group: a group needs "animations": a list of {"basic": {...}} and {"keyframe": {...}}"#) == true)
        #expect(issues(#"{"animations": [{"to": {"alpha": 0}}]}"#).first?.hasSuffix("animations[0].group.animations[0]: an animation in a group is "
            + #"{"basic": {...}} or {"keyframe": {...}} (Core Animation's; a group holds no UIView blocks, transitions or groups)"#) == true)
        #expect(issues(#"{"animations": [{"basic": {"keyPath": "opacity", "to": 0, "speed": -1}}]}"#).first?.contains(
            "animations[0].group.animations[0].basic.speed") == true)
        #expect(issues(#"{"animations": [{"basic": {"keyPath": "opacty", "to": 0}}]}"#).first?.contains(
            #"animations[0].group.animations[0].basic.keyPath: "opacty" is not an animatable key path; did you mean "opacity"?"#) == true)
        #expect(issues(#"{"animations": [], "duration": -2}"#).count == 2)
        #expect(issues(#"{"animations": [{"basic": {"keyPath": "opacity", "to": 0}}]}"#, extra: #", "to": {"alpha": 0}"#).first?.contains(
            #"animations[0].to: give one of "group" and "to" in an animation, not both"#) == true)
    }
}
