import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// A property of every table in the repository's scenes: at every content size, a section's header
/// or footer title never overlaps another text (a row's, the next header's). Footers hung from a fixed
/// baseline drew over the last row from AX3 (3.7 points into it) to AX5 (11.7).
@Suite struct SupplementaryOverlapTests {
    /// The header and footer titles a scene file writes ("header": "…", "footer": "…").
    static func titles(in json: String) -> (headers: Set<String>, footers: Set<String>) {
        func strings(_ key: String) -> Set<String> {
            let re = try! NSRegularExpression(pattern: "\"\(key)\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"")
            let ns = json as NSString
            return Set(re.matches(in: json, range: NSRange(location: 0, length: ns.length)).compactMap { m in
                let raw = ns.substring(with: m.range(at: 1))
                return try? JSONDecoder().decode(String.self, from: Data("\"\(raw)\"".utf8))
            })
        }
        return (strings("header"), strings("footer"))
    }

    /// Every pair of texts on one screen whose blocks overlap by more than a line box's slack,
    /// where one of them is a header or footer title.
    static func overlaps(_ scene: Scene, headers: Set<String>, footers: Set<String>) throws -> [String] {
        let (_, _, observation) = try sharedRenderer.renderObserved(scene)
        // Where a later opaque fill covers a text it is not seen: a plain table's floating header band
        // over rows scrolled under it hides their text.
        func hidden(_ t: DrawnText, in rect: Rect) -> Bool {
            observation.layers.contains { l in l.order > t.order && l.rect.contains(rect) && (l.color == nil || l.color!.alpha >= 0.999) }
        }
        let drawn = observation.texts.compactMap { t in t.visibleBlock.flatMap { hidden(t, in: $0) ? nil : (t, $0) } }
        var out: [String] = []
        for (i, (ta, ra)) in drawn.enumerated() {
            let a = ta.item
            let aIsTitle = footers.contains(a.text) || headers.contains { $0.uppercased() == a.text || $0 == a.text }
            guard aIsTitle else { continue }
            for (j, (tb, rb)) in drawn.enumerated() where j != i {
                let b = tb.item
                guard let x = ra.intersection(rb), !hidden(ta.order < tb.order ? ta : tb, in: x) else { continue }
                let slack = 0.25 * min(a.font.size, b.font.size)
                if x.height > slack, x.width > 1 {
                    out.append("\"\(a.text)\" over \"\(b.text)\" by \(x.width) × \(x.height) at \(scene.contentSizeCategory.rawValue)")
                }
            }
        }
        return out
    }

    @Test(arguments: snapshotScenes().filter { name in
        guard let json = try? String(contentsOfFile: snapshotsRoot + "/" + name, encoding: .utf8) else { return false }
        let t = titles(in: json)
        return !t.headers.isEmpty || !t.footers.isEmpty
    })
    func titlesNeverOverlapOtherTextAtAnyContentSize(_ name: String) throws {
        let path = snapshotsRoot + "/" + name
        let json = try String(contentsOfFile: path, encoding: .utf8)
        let t = Self.titles(in: json)
        let base = try SceneDecoder.load(path: path, root: snapshotsRoot)
        guard let first = try base.expandVariants().first?.scene else { return }
        var found: [String] = []
        for size in ContentSizeCategory.allCases {
            var s = first
            s.contentSizeCategory = size
            found += try Self.overlaps(s, headers: t.headers, footers: t.footers)
        }
        #expect(found.isEmpty, "\(name): \(found.joined(separator: "; "))")
    }

    /// A footer's text starts below the last row's text and ends above the next section's header at every size.
    @Test func aFooterHangsBelowTheRowsAtEverySize() throws {
        let json = ##"{ "device": "iPhone 8", "root": { "tableView": { "style": "grouped", "sections": [ { "header": "Tide", "footer": "High water at noon, low water at six.", "rows": [ { "text": "Pier A" } ] }, { "header": "Power", "rows": [ { "text": "Shore power" } ] } ] } } }"##
        for size in ContentSizeCategory.allCases {
            var s = try scene(json)
            s.contentSizeCategory = size
            let items = texts(try sharedRenderer.displayList(for: s))
            let row = try #require(items.first { $0.text == "Pier A" })
            let footer = try #require(items.first { $0.text.hasPrefix("High water") })
            let next = try #require(items.first { $0.text == "POWER" })
            #expect(footer.frame.minY >= row.frame.maxY - 0.5, "\(size): footer from \(footer.frame.minY), the row's text to \(row.frame.maxY)")
            #expect(footer.frame.maxY <= next.frame.minY + 1, "\(size): footer to \(footer.frame.maxY), next header from \(next.frame.minY)")
        }
    }
}
