import Foundation
import Testing
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
    }
}
