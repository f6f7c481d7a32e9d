import Foundation
import Testing
@testable import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// Scenes at the edges of SceneLimits render (or fail with a message) instead of trapping. Each case
/// is one of the crash classes found by feeding hostile scenes to `tintype render`.
@Suite struct HardeningTests {
    static let m = Int(SceneLimits.maxPoints)

    /// Text wider than a 32-bit Pango unit holds: frames from pins reach 3 million points.
    @Test func textWiderThanPangoUnitsHold() throws {
        let m = Self.m
        let s = try scene(#"""
            {"device": "iPhone SE", "root": {"view": {"subviews": [{"view": {"frame": [0, 0, \#(m), \#(m)], "subviews": [
              {"label": {"layout": {"left": -\#(m), "right": -\#(m), "top": 0, "height": 40}, "text": "Hello hello", "numberOfLines": 0, "lineSpacing": \#(m)}},
              {"textField": {"layout": {"left": -\#(m), "right": -\#(m), "top": 50, "height": 40}, "text": "Hello"}},
              {"segmentedControl": {"layout": {"left": -\#(m), "right": -\#(m), "top": 100, "height": 30}, "segments": ["A", "B"]}},
              {"searchBar": {"layout": {"left": -\#(m), "right": -\#(m), "top": 150, "height": 44}, "text": "x"}},
              {"textView": {"layout": {"left": -\#(m), "right": -\#(m), "top": 200, "height": 100}, "text": "Hello hello", "lineSpacing": \#(m)}}
            ]}}]}}}
            """#)
        #expect(TextEngine.pangoUnits(3e6) == 1 << 30)
        #expect(TextEngine.pangoUnits(-.infinity) == -(1 << 30))
        #expect(TextEngine.pangoUnits(.nan) == 0)
        _ = try sharedRenderer.render(s)
    }

    /// A long wrapped paragraph: its advances summed past Int32 in the glyph loop.
    @Test func longWrappedTextDoesNotOverflow() throws {
        let text = String(repeating: "wide words ", count: 3000)
        let s = Scene(device: .iPhoneSE) {
            View(.label(Label(text: text, font: .system(size: 1000), numberOfLines: 1, lineBreakMode: .byClipping)), frame: Rect(x: 0, y: 0, width: 300, height: 40))
        }
        _ = try sharedRenderer.render(s)
    }

    /// A navigation controller far off screen: its bar's backdrop only covers what is on the output.
    @Test func controllersFarOffScreen() throws {
        let m = Self.m
        let s = try scene(#"""
            {"device": "iPhone SE", "root": {"view": {"subviews": [
              {"navigationController": {"frame": [\#(m), \#(m), \#(m), \#(m)], "stack": [{"title": "A"}]}},
              {"navigationController": {"frame": [-\#(m), -\#(m), \#(m), \#(m)], "stack": [{"title": "B"}]}},
              {"navigationController": {"frame": [-10, 0, \#(m), \#(m)], "stack": [{"title": "C"}], "toolbarHidden": false}}
            ]}}}
            """#)
        let bitmap = try sharedRenderer.render(s)
        #expect(bitmap.width == 640)
    }

    /// The largest shadow radius and offsets, and the largest corner radius and border.
    @Test func largestShadowAndCorners() throws {
        let m = Self.m
        let s = try scene(#"""
            {"device": "iPhone SE", "root": {"view": {"subviews": [
              {"view": {"frame": [10, 10, 100, 100], "backgroundColor": "red", "shadowOpacity": 1, "shadowRadius": 1000, "shadowOffset": [\#(m), -\#(m)]}},
              {"view": {"frame": [0, 0, \#(m), \#(m)], "cornerRadius": \#(m), "borderWidth": \#(m), "backgroundColor": "blue", "cornerCurve": "continuous"}}
            ]}}}
            """#)
        _ = try sharedRenderer.render(s)
    }

    /// Cap insets far larger than the image, and an SVG rasterized past the pixel budget for slicing.
    @Test func hugeCapInsets() throws {
        let m = Self.m
        try withTemporaryDirectory { dir in
            let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20" fill="red"/></svg>"#
            FileManager.default.createFile(atPath: dir + "/box.svg", contents: Data(svg.utf8))
            let big = #"<svg xmlns="http://www.w3.org/2000/svg" width="900000" height="900000"><rect width="20" height="20"/></svg>"#
            FileManager.default.createFile(atPath: dir + "/big.svg", contents: Data(big.utf8))
            // Caps larger than the image are an error at the image, not slices of negative size.
            let huge = try scene(#"{"device": "iPhone SE", "root": {"imageView": {"frame": [0, 0, 300, 300], "image": "box.svg", "capInsets": [\#(m), \#(m), \#(m), \#(m)]}}}"#, base: dir)
            #expect {
                try sharedRenderer.render(huge)
            } throws: { error in
                (error as? RenderError)?.message.contains("the cap insets are larger than image file \"box.svg\" (20×20 points)") == true
            }
            let s = try scene(#"""
                {"device": "iPhone SE", "root": {"view": {"subviews": [
                  {"imageView": {"frame": [0, 0, \#(m), \#(m)], "image": "box.svg", "capInsets": [1, 1, 1, 1], "resizingMode": "tile"}}
                ]}}}
                """#, base: dir)
            _ = try sharedRenderer.render(s)
            let tooBig = try scene(#"{"device": "iPhone SE", "root": {"imageView": {"frame": [0, 0, 10, 10], "image": "big.svg", "capInsets": [1, 1, 1, 1]}}}"#, base: dir)
            #expect {
                try sharedRenderer.render(tooBig)
            } throws: { error in
                guard let e = error as? RenderError else { return false }
                return e.path == "root.image" && e.message.hasPrefix("image file \"big.svg\" is 900000×900000 points, 1800000×1800000 pixels at this scale, which its cap insets need drawn whole: more than the limit")
            }
        }
    }

    /// A scene built in Swift is held to the same limits before anything is drawn.
    @Test func swiftBuiltScenesAreChecked() {
        var shadow = Shadow(); shadow.radius = 1e19
        let s = Scene { View(frame: Rect(x: 0, y: 0, width: 3e6, height: 10), shadow: shadow) }
        #expect {
            try sharedRenderer.render(s)
        } throws: { error in
            guard let e = error as? RenderError else { return false }
            return e.path == "root.subviews[0].frame.size.width" && e.message == "must be a finite number from -1000000 to 1000000, found 3000000 (and 1 more outside the limits)"
        }
    }
}
