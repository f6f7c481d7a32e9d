import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// Pixel-level checks of the raster: scale, hairlines, alpha, text placement and image errors.
@Suite struct RasterTests {
    /// `renderPNG` encodes the surface it drew on; the bytes are those of the bitmap `render` gives,
    /// encoded (a translucent bar, text, a switch and transparency at a corner).
    @Test func renderPNGEncodesWhatRenderDraws() throws {
        let s = try scene("""
        { "device": "iPhone SE", "root": { "navigationController": { "navigationBar": { "translucent": true }, "stack": [ { "title": "Settings",
          "view": { "view": { "backgroundColor": "#33669980", "subviews": [
            { "label": { "frame": [16, 80, 200, 30], "text": "Wi-Fi" } }, { "switch": { "frame": [250, 80, 51, 31], "isOn": true } } ] } } } ] } } }
        """)
        #expect(try sharedRenderer.renderPNG(s) == sharedRenderer.render(s).pngData())
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func hairlineIsExactlyOneDevicePixel(scale: Double) throws {
        let s = try scene("""
        { "device": "iPhone SE", "scale": \(scale), "statusBar": { "hidden": true }, "root": { "view": { "subviews": [
          { "view": { "frame": [0, 10, 320, 0], "borderWidth": "hairline", "borderColor": "black" } },
          { "shape": { "path": "M0 30 H320", "fill": null, "stroke": "black", "lineWidth": "hairline" } }
        ] } } }
        """.replacingOccurrences(of: "[0, 10, 320, 0]", with: "[0, 10, 320, \(1 / scale)]").replacingOccurrences(of: "M0 30 H320", with: "M0 \(30 + 0.5 / scale) H320"))
        let bitmap = try sharedRenderer.render(s)
        #expect(bitmap.width == Int(320 * scale))
        for (y0, what) in [(10.0, "border"), (30.0, "stroke")] {
            let row = Int(y0 * scale)
            #expect(bitmap.rgba8(x: 100, y: row - 1) == (255, 255, 255, 255), "\(what): row above is white")
            #expect(bitmap.rgba8(x: 100, y: row) == (0, 0, 0, 255), "\(what): its row is black")
            #expect(bitmap.rgba8(x: 100, y: row + 1) == (255, 255, 255, 255), "\(what): row below is white")
        }
    }

    @Test func sceneScaleOverridesTheDeviceScale() throws {
        let bitmap = try sharedRenderer.render(try scene(#"{ "device": "iPhone 8 Plus", "scale": 1, "root": { "view": {} } }"#))
        #expect(bitmap.width == 414 && bitmap.height == 736)
        let landscape = try sharedRenderer.render(try scene(#"{ "device": "iPhone X", "orientation": "landscape", "root": { "view": {} } }"#))
        #expect(landscape.width == 812 * 3 && landscape.height == 375 * 3)
    }

    @Test func labelTextIsCenteredVerticallyInItsFrame() throws {
        let s = try scene("""
        { "scale": 1, "statusBar": { "hidden": true }, "root": { "view": { "subviews": [
          { "label": { "frame": [20, 100, 300, 100], "text": "Hello", "font": "body" } }
        ] } } }
        """)
        let bitmap = try sharedRenderer.render(s)
        var top = Int.max, bottom = Int.min, left = Int.max
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap.rgba8(x: x, y: y).r < 128 {
                top = min(top, y); bottom = max(bottom, y); left = min(left, x)
            }
        }
        #expect(top > 100 && bottom < 200)
        let center = Double(top + bottom) / 2
        #expect(abs(center - 150) < 4, "ink centered near the frame's middle, found \(top)...\(bottom)")
        #expect(left >= 20 && left <= 23, "natural alignment starts at the leading edge, found \(left)")
    }

    @Test func groupOpacityCompositesChildrenTogether() throws {
        let s = try scene("""
        { "scale": 1, "root": { "view": { "subviews": [
          { "view": { "frame": [0, 0, 40, 40], "alpha": 0.5, "subviews": [
            { "view": { "frame": [0, 0, 40, 40], "backgroundColor": "black" } },
            { "view": { "frame": [0, 0, 40, 40], "backgroundColor": "black" } } ] } }
        ] } } }
        """)
        let px = try sharedRenderer.render(s).rgba8(x: 20, y: 20)
        #expect(abs(px.r - 128) <= 1, "two overlapping children under alpha 0.5 read as one, found \(px.r)")
    }

    @Test func corruptImageFileIsARenderErrorWithItsPath() throws {
        try withTemporaryDirectory { dir in
            // A valid signature and header followed by garbage passes the decode-time check but not decoding.
            let png = try Bitmap(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16)).pngData()
            var bytes = Array(png.prefix(33))
            bytes += [UInt8](repeating: 0x42, count: 64)
            FileManager.default.createFile(atPath: dir + "/broken.png", contents: Data(bytes))
            let s = try scene(#"{ "root": { "view": { "subviews": [ { "imageView": { "image": "broken.png" } } ] } } }"#, base: dir)
            #expect {
                try sharedRenderer.render(s)
            } throws: { error in
                guard let e = error as? RenderError else { return false }
                // Named corrupt, never "out of memory" (what libpng's errors become inside Cairo).
                return e.path == "root.subviews[0].image"
                    && e.message == #"image file "broken.png" is a corrupt PNG: it ends inside its BBBB chunk (1111638542 of its 1111638606 bytes are missing)"#
            }
        }
    }

    @Test func pngRoundTripKeepsPixels() throws {
        let bitmap = try sharedRenderer.render(try SceneDecoder.load(path: snapshotsRoot + "/Basics/shadows.json", root: snapshotsRoot))
        let decoded = try Bitmap(png: try bitmap.pngData())
        #expect(decoded == bitmap)
    }

    @Test func atomicWriteLeavesNoTemporaryFiles() throws {
        try withTemporaryDirectory { dir in
            let bitmap = Bitmap(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16))
            try bitmap.writePNG(to: dir + "/a.png")
            try bitmap.writePNG(to: dir + "/a.png")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["a.png"])
            #expect(throws: ImageFileError.self) { try bitmap.writePNG(to: dir + "/missing-folder/a.png") }
        }
    }

    /// The home indicator takes its color from the content under it, not from the status bar.
    @Test func homeIndicatorIsDarkOnLightContentAndLightOnDark() throws {
        func center(_ background: String, _ style: String) throws -> [UInt8] {
            let s = try scene(#"{ "device": "iPhone X", "scale": 1, "statusBar": { "style": "\#(style)" }, "root": { "view": { "backgroundColor": "\#(background)" } } }"#)
            let b = try sharedRenderer.render(s)
            let i = ((812 - 8 - 3) * b.width + 187) * 4
            return Array(b.pixels[i..<i + 3])
        }
        #expect(try center("white", "lightContent") == [0, 0, 0])
        #expect(try center("black", "default") == [255, 255, 255])
    }
}
