import Testing
import TintypeModel
import TintypeRender
import TintypeSnapshot

/// The App Store frame: caption band on top, the screen scaled under it, the picture at the
/// screen's own pixel size.
@Suite struct MarketingFrameTests {
    let renderer = Renderer()

    func scene(_ json: String) throws -> Scene { try SceneDecoder.decode(json, file: "m.json", baseDirectory: nil) }

    @Test func theScreenFitsUnderTheCaptionOnDevicePixels() throws {
        for (device, orientation) in [("iPhone 8 Plus", "portrait"), ("iPhone X", "landscape"), ("iPad Pro 12.9", "portrait"), ("iPhone 4s", "portrait")] {
            let s = try scene(#"{"device": "\#(device)", "orientation": "\#(orientation)", "marketing": {"caption": "Every trail you walked, in one diary"}, "root": {"view": {}}}"#)
            let l = MarketingFrame.layout(s, marketing: try #require(s.marketing))
            let scale = s.effectiveScale
            #expect(l.size == s.screenSize)
            // The caption is inside the band, the screen below it and inside the picture.
            #expect(l.caption.maxY <= l.screen.minY, "\(device)")
            #expect(l.screen.minX >= 0 && l.screen.maxX <= l.size.width && l.screen.maxY <= l.size.height, "\(device)")
            // Centered, the aspect ratio kept (within a pixel), the edges on whole pixels.
            #expect(abs(l.screen.midX - l.size.width / 2) <= 0.5 / scale, "\(device)")
            #expect(abs(l.screen.width / l.screen.height - l.size.width / l.size.height) < 2 / (l.screen.height * scale), "\(device)")
            for v in [l.screen.minX, l.screen.minY, l.screen.width, l.screen.height] {
                #expect(abs(v * scale - (v * scale).rounded()) < 1e-9, "\(device): \(v)")
            }
            #expect(l.screen.height > 0.6 * l.size.height || orientation == "landscape", "\(device): \(l.screen)")
        }
    }

    @Test func aWrappedCaptionHasEvenLines() throws {
        // At 3.5 inches the caption wraps; filled line by line it left "diary" alone on the second.
        let text = "Every trail you walked, in one diary"
        let s = try scene(#"{"device": "iPhone 4s", "marketing": {"caption": "\#(text)"}, "root": {"view": {}}}"#)
        let l = MarketingFrame.layout(s, marketing: try #require(s.marketing))
        let full = l.size.width - 2 * (0.06 * l.size.width).rounded()     // the band's width between its margins
        let lines = { (w: Double) in Composition.lines(of: text, width: w, size: l.captionSize, weight: .semibold).count }
        #expect(lines(full) == 2 && lines(l.caption.width) == 2)
        // The narrowest width that keeps two lines: the longer line is as short as it can be, so
        // both lines are about half the caption, not one line and one word.
        #expect(lines(l.caption.width - 0.1) == 3, "\(l.caption.width)")
        let oneLine = Composition.width(of: text, size: l.captionSize, weight: .semibold)
        let longestWord = text.split(separator: " ").map { Composition.width(of: String($0), size: l.captionSize, weight: .semibold) }.max()!
        #expect(l.caption.width < full - 20 && l.caption.width <= oneLine / 2 + longestWord, "\(l.caption.width) of \(full), one line \(oneLine)")
        // Still centered in the picture.
        #expect(abs(l.caption.midX - l.size.width / 2) < 1e-9)
        // A caption on one line, and one past two lines (cut with an ellipsis), keep the full width.
        #expect(Composition.balancedWidth(of: "Trails", width: full, size: l.captionSize, weight: .semibold) == full)
        let long = String(repeating: text + " ", count: 4)
        #expect(Composition.balancedWidth(of: long, width: full, size: l.captionSize, weight: .semibold, maxLines: 2) == full)
    }

    @Test func thePixelsAreTheBackgroundTheCaptionAndTheScreen() throws {
        let s = try scene(##"{"device": "iPhone 8", "marketing": {"caption": "Hi", "background": ["#ff0000", "#0000ff"], "captionColor": "#00ff00"}, "root": {"view": {"backgroundColor": "#ffff00"}}}"##)
        let b = try MarketingFrame.render(s, renderer: renderer)
        #expect(b.width == 750 && b.height == 1334)
        let l = MarketingFrame.layout(s, marketing: try #require(s.marketing))
        // The gradient runs from red at the top to blue at the bottom.
        let top = b.rgba8(x: 2, y: 0), bottom = b.rgba8(x: 2, y: b.height - 1)
        #expect(top.r > 250 && top.b < 5 && bottom.b > 250 && bottom.r < 5, "\(top) \(bottom)")
        // The screen (status bar aside) shows the root view's yellow.
        let mid = b.rgba8(x: b.width / 2, y: Int(l.screen.midY * 2))
        #expect(mid.r == 255 && mid.g == 255 && mid.b == 0, "\(mid)")
        // Some caption pixel is green.
        var green = 0
        for y in Int(l.caption.minY * 2)..<Int(l.caption.maxY * 2) {
            for x in 0..<b.width where b.rgba8(x: x, y: y).g > 200 && b.rgba8(x: x, y: y).r < 60 { green += 1 }
        }
        #expect(green > 50)
        // A scene without a frame renders as the plain screen.
        var plain = s
        plain.marketing = nil
        #expect(try MarketingFrame.render(plain, renderer: renderer) == renderer.render(plain))
    }
}
