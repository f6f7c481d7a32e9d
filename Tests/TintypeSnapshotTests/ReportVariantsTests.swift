import Foundation
import Testing
import TintypeModel
import TintypeSnapshot

/// The report names each variant of a scene distinctly and groups a scene's passed variants.
@Suite struct ReportVariantsTests {
    @Test func variantsAreNamedAndGrouped() throws {
        let dir = NSTemporaryDirectory() + "tintype-report-variants-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let entries = [
            ReportEntry(scene: "S/settings.json", variant: "iPhone SE, AX3", golden: "S/settings.iphone-se.ax3.png", status: .failed, message: "does not match"),
            ReportEntry(scene: "S/settings.json", variant: "iPhone X, AX3", golden: "S/settings.iphone-x.ax3.png", status: .failed, message: "does not match"),
            ReportEntry(scene: "S/settings.json", variant: "iPhone SE, L", golden: "S/settings.iphone-se.l.png", status: .passed, message: "identical"),
            ReportEntry(scene: "S/settings.json", variant: "iPhone X, L", golden: "S/settings.iphone-x.l.png", status: .passed, message: "identical"),
            ReportEntry(scene: "S/plain.json", golden: "S/plain.png", status: .passed, message: "identical"),
        ]
        let index = try HTMLReport.write(entries, mode: .never, to: dir)
        let html = try String(contentsOfFile: index, encoding: .utf8)
        #expect(html.contains(">S/settings.json [iPhone SE, AX3]</a>") && html.contains(">S/settings.json [iPhone X, AX3]</a>"))
        #expect(html.contains("id=\"s-S-settings.iphone-se.ax3\"") && html.contains("id=\"s-S-settings.iphone-x.ax3\""))
        #expect(html.contains("<span class=\"variant\">iPhone X, AX3</span>"))
        #expect(html.contains("<span class=\"scene\">S/settings.json</span> <span class=\"note\">2 variants</span>"))
        #expect(html.contains("<li id=\"s-S-settings.iphone-x.l\"><span class=\"variant\">iPhone X, L</span></li>"))
        #expect(html.contains("<li id=\"s-S-plain\"><span class=\"scene\">S/plain.json</span></li>"))
        // Two variants of one scene failed: counted as snapshots, with the scenes they are of.
        #expect(html.contains("<p class=\"headline\" id=\"headline\">2 of 5 snapshots failed, in 1 of 2 scenes</p>"), "\(html)")
    }

    /// Variants that carry their traits are laid out in a grid, as the contact sheet lays them out:
    /// text sizes down the side, devices across; one that did not pass marks its cell with a link to
    /// its section, and a text size whose every variant failed still has its row.
    @Test func passedVariantsFormAGridByTrait() throws {
        let dir = NSTemporaryDirectory() + "tintype-report-grid-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var entries: [ReportEntry] = []
        for (device, size) in [("iPhone SE", "L"), ("iPhone X", "L"), ("iPhone SE", "AX3"), ("iPhone X", "AX3"), ("iPhone SE", "AX5"), ("iPhone X", "AX5")] {
            let slug = device.lowercased().replacingOccurrences(of: " ", with: "-") + "." + size.lowercased()
            var e = ReportEntry(scene: "S/m.json", variant: "\(device), \(size)", golden: "S/m.\(slug).png",
                                status: slug == "iphone-x.ax3" || size == "AX5" ? .failed : .passed, message: "identical")
            e.traits = [(.devices, device), (.contentSizeCategories, size)]
            entries.append(e)
        }
        let html = try String(contentsOfFile: try HTMLReport.write(entries, mode: .never, to: dir), encoding: .utf8)
        #expect(html.contains("<table class=\"variant-grid\">\n<tr><th></th><th scope=\"col\">iPhone SE</th><th scope=\"col\">iPhone X</th></tr>\n"))
        #expect(html.contains("<tr><th scope=\"row\">L</th><td id=\"s-S-m.iphone-se.l\"><span class=\"variant\">passed</span></td>\n<td id=\"s-S-m.iphone-x.l\"><span class=\"variant\">passed</span></td>\n</tr>"))
        #expect(html.contains("<tr><th scope=\"row\">AX3</th><td id=\"s-S-m.iphone-se.ax3\"><span class=\"variant\">passed</span></td>\n<td class=\"note\"><a href=\"#s-S-m.iphone-x.ax3\">failed</a></td></tr>"))
        #expect(html.contains("<tr><th scope=\"row\">AX5</th><td class=\"note\"><a href=\"#s-S-m.iphone-se.ax5\">failed</a></td><td class=\"note\"><a href=\"#s-S-m.iphone-x.ax5\">failed</a></td></tr>"))
    }
}
