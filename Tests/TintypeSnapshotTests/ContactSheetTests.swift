import Foundation
import Testing
import TintypeModel
import TintypeRender
import TintypeSnapshot

/// The contact sheet: its grid as numbers, and the Gallery's sheet against its golden.
@Suite struct ContactSheetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    func matrix(_ variants: Variants) -> SceneFile {
        var scene = Scene(root: View())
        scene.variants = variants
        return SceneFile(path: "m.json", scene: scene)
    }

    @Test func rowsAndColumnsFollowTheTraitsAndScreensKeepTheirSizes() throws {
        let file = matrix(Variants(devices: [.iPhoneSE, .iPad], contentSizeCategories: [.large, .accessibilityExtraLarge], layoutDirections: [.leftToRight, .rightToLeft]))
        let sheet = try ContactSheet(file: file, rows: [.contentSizeCategories], columns: [.devices])
        // The direction was named in neither, so it joins the columns.
        #expect(sheet.columns == [.devices, .layoutDirections])
        #expect(sheet.rowLabels == ["L", "AX3"])
        #expect(sheet.columnLabels == ["iPhone SE, LTR", "iPhone SE, RTL", "iPad, LTR", "iPad, RTL"])
        #expect(sheet.cells.count == 8)
        let se = try #require(sheet.cells.first { $0.row == 1 && $0.column == 1 })
        let pad = try #require(sheet.cells.first { $0.row == 1 && $0.column == 2 })
        #expect(se.frame.width == 320 && se.frame.height == 568)
        #expect(pad.frame.width == 768 && pad.frame.height == 1024)
        // Columns do not overlap; rows are as tall as their tallest screen.
        #expect(se.frame.maxX < pad.frame.minX)
        let upper = try #require(sheet.cells.first { $0.row == 0 && $0.column == 2 })
        #expect(upper.frame.maxY < pad.frame.minY && pad.frame.minY - upper.frame.minY == 1024 + 40)
        // Every place is on whole points, so at a whole scale every screen sits on device pixels.
        #expect(sheet.cells.allSatisfy { $0.frame.minX == $0.frame.minX.rounded() && $0.frame.minY == $0.frame.minY.rounded() })
        // The default split puts text sizes down the side.
        let byDefault = try ContactSheet(file: file)
        #expect(byDefault.rows == [.contentSizeCategories] && byDefault.columns == [.devices, .layoutDirections])
    }

    @Test func onlyTraitsThatVaryMakeRowsOrColumns() {
        let file = matrix(Variants(devices: [.iPhoneSE, .iPhoneX]))
        #expect(throws: ContactSheet.Problem.self) { try ContactSheet(file: file, rows: [.locales]) }
        do { _ = try ContactSheet(file: file, rows: [.orientations]) } catch {
            #expect(error.description == "m.json: orientations does not vary in this scene (the traits that vary are devices)")
        }
    }

    /// A PDF or SVG sheet draws what the PNG sheet does: captions as text, frames as paths, the
    /// screens embedded. Rasterized again at the same size, it matches the PNG but for the
    /// anti-aliasing of text and edges.
    @Test func aVectorSheetShowsWhatThePNGSheetShows() throws {
        let file = matrix(Variants(devices: [.iPhoneSE, .iPhone8], layoutDirections: [.leftToRight, .rightToLeft]))
        let sheet = try ContactSheet(file: file, scale: 1)
        let renderer = Renderer()
        let (png, _) = try sheet.render(with: renderer)
        for format in [ImageFormat.pdf, .svg] {
            let (bytes, failures) = try sheet.render(with: renderer, as: format)
            #expect(failures.isEmpty)
            let head = String(decoding: bytes.prefix(64), as: UTF8.self)
            #expect(format == .pdf ? head.hasPrefix("%PDF-") : head.contains("<svg") || head.contains("<?xml"))
            let drawn = try DocumentRasterizer.bitmap(bytes, format: format, width: png.width, height: png.height)
            let c = Compare.images(expected: png, actual: drawn)
            #expect(c.differentPixels < png.width * png.height / 200, "\(format): \(c.differentPixels) pixels differ")
            #expect(try sheet.render(with: renderer, as: format).bytes == bytes, "\(format) bytes are stable")
        }
    }

    /// The README's picture: every variant of the Trail Diary memory at 1 pixel per point.
    @Test func theGallerySheetMatchesItsGolden() throws {
        let file = SceneFile(path: Self.root + "/Snapshots/Gallery/TrailDiary/memory-sizes.json", root: Self.root + "/Snapshots")
        let sheet = try ContactSheet(file: file, scale: 1)
        let (actual, failures) = try sheet.render(with: Renderer())
        #expect(failures.isEmpty)
        let golden = try Bitmap(pngFile: file.sheetGolden)
        #expect(golden.width == actual.width && golden.height == actual.height)
        if golden != actual {
            let out = Self.root + "/.build/snapshot-failures/memory-sizes.sheet.actual.png"
            try? FileManager.default.createDirectory(atPath: Self.root + "/.build/snapshot-failures", withIntermediateDirectories: true)
            try? actual.writePNG(to: out)
            Issue.record("the contact sheet differs from \(file.sheetGolden); the render is at \(out). Re-record it with 'tintype sheet \(file.path) -o \(file.sheetGolden) --scale 1 --record' and look at it.")
        }
    }
}
