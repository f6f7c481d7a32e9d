import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// The vector glyphs Tintype draws for system bar items, the back indicator, the status bar and
/// search fields: coverage, sizes, bounds, and a rasterized contact sheet.
@Suite struct SystemGlyphsTests {
    /// Every glyph by name, in sheet order.
    static let all: [(name: String, glyph: Glyph)] = {
        var list: [(String, Glyph)] = SystemItem.allCases.compactMap { item in
            SystemGlyphs.glyph(for: item).map { (item.rawValue, $0) }
        }
        list += [("backChevron", SystemGlyphs.backChevron), ("cellularSignal", SystemGlyphs.cellularSignal),
                 ("wifi", SystemGlyphs.wifi), ("battery0", SystemGlyphs.battery(level: 0)),
                 ("battery50", SystemGlyphs.battery(level: 0.5)), ("battery100", SystemGlyphs.battery(level: 1)),
                 ("searchMagnifier", SystemGlyphs.searchMagnifier), ("clearButton", SystemGlyphs.clearButton)]
        return list
    }()

    @Test func everyUntitledSystemItemHasAGlyphAndTitledOnesDoNot() {
        for item in SystemItem.allCases {
            if item.title == nil {
                #expect(SystemGlyphs.glyph(for: item) != nil, "\(item) has no glyph")
            } else {
                #expect(SystemGlyphs.glyph(for: item) == nil, "\(item) is a title item but has a glyph")
            }
        }
    }

    @Test func barItemGlyphSizesAreSensible() throws {
        for item in SystemItem.allCases where item.title == nil {
            let g = try #require(SystemGlyphs.glyph(for: item))
            #expect((12...28).contains(g.size.width), "\(item) width \(g.size.width)")
            #expect((12...28).contains(g.size.height), "\(item) height \(g.size.height)")
            #expect(!g.fills.isEmpty || !g.strokes.isEmpty, "\(item) draws nothing")
            for s in g.strokes where !(item == .add) && s.width > 0.6 {
                #expect((1.5...2).contains(s.width), "\(item) stroke \(s.width) is not thin line art")
            }
        }
        #expect(SystemGlyphs.glyph(for: .add)?.size == Size(width: 18, height: 18))
    }

    @Test func fixedGlyphSizes() {
        #expect(SystemGlyphs.backChevron.size == Size(width: 13, height: 21))
        #expect(SystemGlyphs.backChevron.strokes.allSatisfy { $0.width == 3 && $0.cap == .round && $0.join == .round })
        #expect(SystemGlyphs.cellularSignal.size == Size(width: 17, height: 11))
        #expect(SystemGlyphs.cellularSignal.fills.count == 4)
        #expect(SystemGlyphs.wifi.size == Size(width: 15, height: 11))
        #expect(SystemGlyphs.battery(level: 0.3).size == Size(width: 25, height: 12))
        #expect(SystemGlyphs.searchMagnifier.size == Size(width: 14, height: 14))
        #expect(SystemGlyphs.clearButton.size == Size(width: 14, height: 14))
    }

    @Test func everyPointLiesInsideTheNaturalBox() {
        for (name, g) in Self.all {
            func check(_ path: Path, slack: Double, _ what: String) {
                let points = SystemGlyphs.flatten(path)
                #expect(!points.isEmpty, "\(name) \(what) is empty")
                for p in points {
                    let inside = p.x >= -slack - 1e-9 && p.y >= -slack - 1e-9
                        && p.x <= g.size.width + slack + 1e-9 && p.y <= g.size.height + slack + 1e-9
                    #expect(inside, "\(name) \(what): \(p) leaves \(g.size)")
                }
            }
            for f in g.fills { check(f, slack: 0, "fill") }
            for s in g.strokes { check(s.path, slack: s.width / 2, "stroke") }
        }
    }

    @Test func batteryLevelFillsInsideTheOutlineWithOnePointOfPadding() throws {
        #expect(SystemGlyphs.battery(level: 0).fills.count == 1, "only the nub when empty")
        #expect(SystemGlyphs.battery(level: -1) == SystemGlyphs.battery(level: 0))
        #expect(SystemGlyphs.battery(level: 7) == SystemGlyphs.battery(level: 1))
        func levelWidth(_ level: Double) throws -> Double {
            let fill = try #require(SystemGlyphs.battery(level: level).fills.last)
            let xs = SystemGlyphs.flatten(fill).map(\.x)
            return try #require(xs.max()) - (try #require(xs.min()))
        }
        #expect(abs(try levelWidth(1) - 19) < 1e-9)
        #expect(abs(try levelWidth(0.5) - 9.5) < 1e-9)
        // Outline stroke 1 wide on a 0.5-inset rect: its inner edge is at 1, the level starts at 2.
        let full = try #require(SystemGlyphs.battery(level: 1).fills.last)
        let points = SystemGlyphs.flatten(full)
        #expect(points.map(\.x).min() == 2 && points.map(\.y).min() == 2 && points.map(\.y).max() == 10)
    }

    @Test func itemsArePlacedAndScaled() throws {
        let g = SystemGlyphs.backChevron
        let items = g.items(at: Point(x: 10, y: 20), scale: 2, color: .systemBlue)
        #expect(items.count == 1)
        guard case .stroke(let path, let paint, let style) = try #require(items.first) else {
            Issue.record("not a stroke"); return
        }
        #expect(paint == .color(.systemBlue))
        #expect(style.width == 6 && style.cap == .round && style.join == .round)
        #expect(path.commands.first == .move(Point(x: 10 + 11.5 * 2, y: 20 + 1.5 * 2)))
        let fills = SystemGlyphs.glyph(for: .play)!.items(at: .zero, color: .black)
        guard case .fill(_, _, let rule) = try #require(fills.first) else { Issue.record("not a fill"); return }
        #expect(rule == .nonZero)
    }

    @Test func clearButtonCrossIsCutOut() throws {
        let list = DisplayList(size: Size(width: 14, height: 14), scale: 4, items:
            [.fill(path: .rect(Rect(x: 0, y: 0, width: 14, height: 14)), paint: .color(.white), rule: .nonZero)]
            + SystemGlyphs.clearButton.items(at: .zero, color: .black))
        let raster = try Raster(list: list, images: ImageStore())
        try raster.draw(list.items)
        let bitmap = raster.surface.bitmap()
        #expect(bitmap.rgba8(x: 28, y: 28).r > 200, "center of the x is see-through")
        #expect(bitmap.rgba8(x: 28, y: 10).r < 30, "disc above the x is solid")
        #expect(bitmap.rgba8(x: 1, y: 1).r > 200, "corner outside the disc")
    }

    /// Renders every glyph in a grid of 40-point cells and checks each cell holds tinted pixels.
    @Test(arguments: [2.0, 3.0])
    func contactSheet(scale: Double) throws {
        let cell = 40.0, columns = 6
        let rows = (Self.all.count + columns - 1) / columns
        let size = Size(width: cell * Double(columns), height: cell * Double(rows))
        var items: [DisplayItem] = [.fill(path: .rect(Rect(x: 0, y: 0, width: size.width, height: size.height)),
                                          paint: .color(.white), rule: .nonZero)]
        var cells: [(String, Rect)] = []
        for (i, entry) in Self.all.enumerated() {
            let r = Rect(x: Double(i % columns) * cell, y: Double(i / columns) * cell, width: cell, height: cell)
            cells.append((entry.name, r))
            items += entry.glyph.items(centeredIn: r, color: .systemBlue)
        }
        let list = DisplayList(size: size, scale: scale, items: items)
        let raster = try Raster(list: list, images: ImageStore())
        try raster.draw(list.items)
        let bitmap = raster.surface.bitmap()
        try bitmap.writePNG(to: NSTemporaryDirectory() + "glyphs@\(Int(scale))x.png")

        for (name, r) in cells {
            var tinted = 0
            for y in Int(r.minY * scale)..<Int(r.maxY * scale) {
                for x in Int(r.minX * scale)..<Int(r.maxX * scale) {
                    let p = bitmap.rgba8(x: x, y: y)
                    if p.b > 200 && p.r < 120 { tinted += 1 }
                }
            }
            #expect(tinted > Int(20 * scale * scale), "\(name) has only \(tinted) tinted pixels")
        }
        // Nothing outside the glyph boxes: each cell's margin around its centered glyph stays white.
        for (i, entry) in Self.all.enumerated() {
            let r = cells[i].1, g = entry.glyph
            let x0 = r.minX + (cell - g.size.width) / 2, y0 = r.minY + (cell - g.size.height) / 2
            for y in Int(r.minY * scale)..<Int(r.maxY * scale) {
                for x in Int(r.minX * scale)..<Int(r.maxX * scale) {
                    let px = Double(x) / scale, py = Double(y) / scale
                    let outside = px < x0 - 1 / scale || py < y0 - 1 / scale
                        || px > x0 + g.size.width || py > y0 + g.size.height
                    if outside {
                        #expect(bitmap.rgba8(x: x, y: y) == (255, 255, 255, 255), "\(entry.name) spills at \(x),\(y)")
                        if bitmap.rgba8(x: x, y: y) != (255, 255, 255, 255) { break }
                    }
                }
            }
        }
    }
}
