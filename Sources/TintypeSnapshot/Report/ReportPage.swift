import TintypeModel

/// The report's index.html, built as a string: a summary, the failed and recorded scenes with their
/// comparison views, and the passed scenes. Everything taken from entries goes through `escape`.
struct ReportPage {
    var title: String
    var mode: RecordMode
    var page: ReportContents
    /// A merged report's shards' modes when they differ; empty otherwise.
    var shardModes: [RecordMode] = []
    /// While the run goes (a report written as it goes): how many checks are done of how many.
    var progress: (checked: Int, total: Int)? = nil

    func render() -> String {
        let failed = page.failed.count, recorded = page.recorded.count, passed = page.passed.count
        let total = failed + recorded + passed
        let status = failed > 0 ? "failed" : recorded > 0 ? "recorded" : "passed"
        var h = ""
        h += "<!doctype html>\n<html lang=\"en\" data-js=\"off\" data-status=\"\(status)\">\n<head>\n"
        h += "<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        h += "<meta name=\"color-scheme\" content=\"light dark\">\n"
        h += "<title>\(escape(title)): \(failed) failed, \(recorded) recorded, \(passed) passed\(progress == nil ? "" : " so far")</title>\n"
        h += "<style>\n\(ReportAssets.css)</style>\n</head>\n<body>\n"
        h += summary(failed: failed, recorded: recorded, passed: passed, total: total, status: status)
        h += "<main>\n"
        if !page.failed.isEmpty {
            h += "<h2 class=\"group-title\" id=\"failed\">Failed <span class=\"n\">\(failed)</span></h2>\n"
            for item in page.failed { h += section(item) }
        }
        if !page.recorded.isEmpty {
            h += "<h2 class=\"group-title\" id=\"recorded\">Recorded <span class=\"n\">\(recorded)</span></h2>\n"
            for item in page.recorded { h += section(item) }
        }
        if !page.audited.isEmpty {
            let n = page.audited.map(\.entry.findings.count).reduce(0, +)
            h += "<h2 class=\"group-title\" id=\"audit\">Audit findings <span class=\"n\">\(n)</span></h2>\n"
            if progress != nil {
                // While the run goes a finding may yet be one a baseline holds, and the cross-variant
                // ones are not in: the list (and its cost, a section a variant) waits for the end.
                let v = page.audited.count
                h += "<p class=\"note\">Listed when the run ends, with the audit baseline applied: \(grouped(v)) "
                    + "\(v == 1 ? "variant" : "variants") with findings so far.</p>\n"
            } else {
                for item in page.audited { h += auditSection(item) }
            }
        }
        if !page.passed.isEmpty { h += passedList() }
        if total == 0 && progress == nil { h += "<p class=\"empty\">No scenes were checked.</p>\n" }
        h += "</main>\n<script>\n\(ReportAssets.js)</script>\n</body>\n</html>\n"
        return h
    }

    // MARK: Summary

    private func summary(failed: Int, recorded: Int, passed: Int, total: Int, status: String) -> String {
        let headline: String
        switch status {
        case "failed":
            // Counted in scenes while each scene is one snapshot; with variants, in snapshots and the scenes they are of.
            let scenes = Set((page.failed + page.recorded + page.passed).map(\.entry.scene)).count
            let failedScenes = Set(page.failed.map(\.entry.scene)).count
            headline = scenes == total
                ? "\(failed) of \(total) \(plural(total, "scene")) failed"
                : "\(failed) of \(total) \(plural(total, "snapshot")) failed, in \(failedScenes) of \(scenes) \(plural(scenes, "scene"))"
        case "recorded": headline = "\(recorded) \(plural(recorded, "golden")) recorded — look at \(recorded == 1 ? "it" : "them"), then run again to verify"
        default:
            headline = progress != nil ? (total == 0 ? "Nothing checked yet" : "\(grouped(total)) passed so far")
                : total == 0 ? "No scenes" : "All \(total) \(plural(total, "scene")) passed"
        }
        var h = "<header class=\"summary\" id=\"summary\">\n<div class=\"summary-top\">\n"
        h += "<h1>\(escape(title))</h1>\n"
        h += "<p class=\"headline\" id=\"headline\">\(escape(headline))</p>\n</div>\n"
        h += "<dl class=\"counts\">\n"
        h += count("failed", "Failed", failed, link: failed > 0 ? "#failed" : nil)
        h += count("recorded", "Recorded", recorded, link: recorded > 0 ? "#recorded" : nil)
        h += count("passed", "Passed", passed, link: passed > 0 ? "#passed" : nil)
        h += count("total", "Total", total, link: nil)
        h += "</dl>\n"
        if let progress {
            h += "<p class=\"meta running\" id=\"running\">Running: \(grouped(progress.checked)) of \(grouped(progress.total)) checked so far. "
            h += "This page is written again as the run goes; reload it for the rest.</p>\n"
        }
        if shardModes.isEmpty {
            h += "<p class=\"meta\">Record mode <code id=\"record-mode\">\(escape(mode.rawValue))</code>"
            h += " <span class=\"hint\">\(escape(modeHint))</span></p>\n"
        } else {
            let counts = RecordMode.allCases.compactMap { m -> String? in
                let n = shardModes.filter { $0 == m }.count
                return n == 0 ? nil : "\(m.rawValue) in \(n) \(plural(n, "shard"))"
            }
            h += "<p class=\"meta\">Record modes <code id=\"record-mode\">\(escape(counts.joined(separator: ", ")))</code>"
            h += " <span class=\"hint\">the shards merged here ran in different modes</span></p>\n"
        }
        let listed = page.failed + page.recorded
        if !listed.isEmpty {
            h += "<nav class=\"toc\" aria-label=\"Failed and recorded scenes\"><ol>\n"
            for item in listed {
                let st = item.entry.status.rawValue
                h += "<li class=\"\(st)\"><a href=\"#s-\(escape(item.slug))\"><span class=\"dot\" aria-hidden=\"true\"></span>"
                h += "\(escape(item.entry.displayName))</a>"
                if let c = item.entry.comparison, c.sizeMismatch == nil, c.verdict != .identical {
                    h += " <span class=\"toc-num\">\(escape(percent(c.differentRatio)))</span>"
                }
                h += "</li>\n"
            }
            h += "</ol></nav>\n"
        }
        if page.failed.contains(where: { overlayPair($0) != nil }) || page.recorded.contains(where: { overlayPair($0) != nil }) {
            h += "<div class=\"all-views\" role=\"group\" aria-label=\"Show every comparison as\">"
            h += "<span>Show all as</span>"
            for (view, label) in Self.views { h += "<button type=\"button\" data-view=\"\(view)\">\(label)</button>" }
            h += "</div>\n"
        }
        h += "</header>\n"
        return h
    }

    private var modeHint: String {
        switch mode {
        case .never: return "only compares; a missing golden fails"
        case .missing: return "records goldens that do not exist yet"
        case .failed: return "records over goldens that do not match"
        case .all: return "records every golden"
        }
    }

    private func count(_ cls: String, _ label: String, _ n: Int, link: String?) -> String {
        let value = link.map { "<a href=\"\($0)\">\(n)</a>" } ?? "\(n)"
        return "<div class=\"count \(cls)\" data-count=\"\(n)\"><dt>\(label)</dt><dd id=\"count-\(cls)\">\(value)</dd></div>\n"
    }

    // MARK: A failed or recorded scene

    static let views = [("side", "Side by side"), ("swipe", "Swipe"), ("onion", "Onion skin")]

    private func section(_ item: ReportItem) -> String {
        let e = item.entry
        let st = e.status.rawValue
        var h = "<section class=\"entry \(st)\" id=\"s-\(escape(item.slug))\" data-status=\"\(st)\">\n"
        h += "<header class=\"entry-head\"><span class=\"badge \(st)\">\(st == "failed" ? "Failed" : "Recorded")</span>"
        h += "<h3><a href=\"#s-\(escape(item.slug))\">\(escape(e.scene))</a>"
        if let v = e.variant { h += " <span class=\"variant\">\(escape(v))</span>" }
        h += "</h3></header>\n"
        h += "<p class=\"message\">\(escape(e.message))</p>\n"
        h += numbers(e)
        h += views(item)
        h += files(item)
        h += "</section>\n"
        return h
    }

    /// A variant's audit findings: the screen with each outlined and numbered, and a table of them.
    private func auditSection(_ item: ReportItem) -> String {
        let e = item.entry
        var h = "<section class=\"entry audit\" id=\"a-\(escape(item.slug))\">\n"
        h += "<header class=\"entry-head\"><span class=\"badge audit\">Audit</span>"
        h += "<h3><a href=\"#a-\(escape(item.slug))\">\(escape(e.scene))</a>"
        if let v = e.variant { h += " <span class=\"variant\">\(escape(v))</span>" }
        h += "</h3></header>\n<div class=\"audit-body\">\n"
        if let image = item.image(.audit) { h += figure(image, scale: 1, noteScale: false) }
        h += "<ol class=\"findings\">\n"
        for f in e.findings {
            h += "<li class=\"finding \(f.severity.rawValue)\"><span class=\"sev\">\(f.severity.rawValue)</span> <code>\(escape(f.rule.id))</code> "
            h += "<code class=\"path\">\(escape(f.path))</code>"
            if let l = f.location { h += " <span class=\"loc\">\(escape(l))</span>" }
            h += "<br>\(escape(f.message))</li>\n"
        }
        h += "</ol>\n"
        if e.knownFindings > 0 { h += "<p class=\"note\">\(e.knownFindings) more in the audit baseline.</p>\n" }
        return h + "</div>\n</section>\n"
    }

    private func numbers(_ e: ReportEntry) -> String {
        var rows: [(String, String, String)] = []   // (class, label, value)
        if let c = e.comparison {
            if let mismatch = c.sizeMismatch {
                rows.append(("size-mismatch", "Sizes differ", mismatch))
            } else {
                rows.append(("different", "Differing pixels", grouped(c.differentPixels)))
                rows.append(("ratio", "Ratio", percent(c.differentRatio)))
                rows.append(("antialiased", "Anti-aliased", grouped(c.antialiasedPixels)))
                rows.append(("area", "Changed area", c.changedArea.map { "\($0.width)×\($0.height) at (\($0.x), \($0.y))" } ?? "none"))
                rows.append(("size", "Size", "\(c.width)×\(c.height)"))
            }
        }
        rows.append(("golden", "Golden", e.golden))
        var h = "<dl class=\"numbers\">\n"
        for (cls, label, value) in rows {
            h += "<div class=\"num \(cls)\"><dt>\(label)</dt><dd>\(escape(value))</dd></div>\n"
        }
        return h + "</dl>\n"
    }

    /// Expected and actual, when both were copied: the two layers of swipe and onion skin.
    private func overlayPair(_ item: ReportItem) -> (ReportImage, ReportImage)? {
        guard let e = item.image(.expected), let a = item.image(.actual), e.src != nil, a.src != nil,
              e.width != nil, a.width != nil else { return nil }
        return (e, a)
    }

    private func views(_ item: ReportItem) -> String {
        let shown = [ReportImage.Role.expected, .diff, .actual, .recorded].compactMap { item.image($0) }
        guard !shown.isEmpty else {
            return item.entry.artifacts == nil && item.entry.status == .failed
                ? "<p class=\"no-images\">No images: the scene did not get as far as a comparison.</p>\n" : ""
        }
        let scale = displayScale(shown)
        let pair = overlayPair(item)
        var h = "<div class=\"compare\" data-view=\"side\" data-scale=\"\(scale)\">\n"
        if pair != nil {
            h += "<div class=\"tabs\" role=\"tablist\" aria-label=\"Comparison view\">"
            for (view, label) in Self.views {
                let on = view == "side"
                h += "<button type=\"button\" role=\"tab\" data-view=\"\(view)\" aria-selected=\"\(on)\" tabindex=\"\(on ? 0 : -1)\">\(label)</button>"
            }
            if scale > 1 { h += "<span class=\"scale-note\">shown at \(scale)×</span>" }
            h += "</div>\n"
        }
        // Side by side, in the strip's order: expected | diff | actual.
        h += "<div class=\"view view-side\" role=\"tabpanel\" data-panel=\"side\" style=\"--cols:\(shown.count)\">\n"
        for image in shown { h += figure(image, scale: scale, noteScale: pair == nil) }
        h += "</div>\n"
        if let (expected, actual) = pair {
            let w = max(expected.width ?? 1, actual.width ?? 1), hgt = max(expected.height ?? 1, actual.height ?? 1)
            let stackStyle = "--w:\(w * scale)px;--ar:\(decimal(Double(w) / Double(hgt), places: 6));aspect-ratio:\(w)/\(hgt)"
            func layerWidth(_ i: ReportImage) -> String { "width:\(decimal(Double(i.width ?? w) * 100 / Double(w), places: 4))%" }
            h += "<div class=\"view view-swipe\" role=\"tabpanel\" data-panel=\"swipe\">\n"
            h += "<p class=\"view-caption\">Expected on the left of the line, actual on the right: drag across the image or use the slider.</p>\n"
            h += "<div class=\"stack\" style=\"\(stackStyle)\">"
            h += img(expected, cls: "layer base", style: layerWidth(expected))
            h += "<div class=\"swipe-top\">\(img(actual, cls: "layer", style: layerWidth(actual)))</div>"
            h += "<div class=\"swipe-line\" aria-hidden=\"true\"></div>"
            h += "</div>\n"
            h += "<label class=\"range\"><span>Expected</span><input type=\"range\" class=\"swipe-range\" min=\"0\" max=\"100\" step=\"0.5\" value=\"50\" "
                + "aria-label=\"Swipe between expected and actual\"><span>Actual</span></label>\n"
            h += "</div>\n"
            h += "<div class=\"view view-onion\" role=\"tabpanel\" data-panel=\"onion\">\n"
            h += "<p class=\"view-caption\">The actual image over the expected one; the slider sets its opacity.</p>\n"
            h += "<div class=\"stack\" style=\"\(stackStyle)\">"
            h += img(expected, cls: "layer base", style: layerWidth(expected))
            h += img(actual, cls: "layer onion-top", style: layerWidth(actual))
            h += "</div>\n"
            h += "<label class=\"range\"><span>Expected</span><input type=\"range\" class=\"onion-range\" min=\"0\" max=\"100\" step=\"1\" value=\"50\" "
                + "aria-label=\"Opacity of the actual image\"><span>Actual</span></label>\n"
            h += "</div>\n"
        }
        h += "</div>\n"
        return h
    }

    /// Small images (icons, tests) are magnified with whole-pixel zoom so their pixels can be seen.
    private func displayScale(_ images: [ReportImage]) -> Int {
        let largest = images.compactMap { i in i.width.flatMap { w in i.height.map { max(w, $0) } } }.max() ?? 0
        guard largest > 0, largest < 240 else { return 1 }
        return max(1, min(8, 240 / largest))
    }

    private func figure(_ image: ReportImage, scale: Int, noteScale: Bool) -> String {
        let caption: String
        switch image.role {
        case .expected: caption = "Expected"
        case .actual: caption = "Actual"
        case .diff: caption = "Diff"
        case .strip: caption = "Strip"
        case .recorded: caption = "Recorded golden"
        case .audit: caption = "Findings outlined"
        }
        var h = "<figure class=\"shot \(image.role.rawValue)\"><figcaption>\(caption)"
        if let w = image.width, let hh = image.height {
            h += " <span class=\"dim\">\(w)×\(hh)\(noteScale && scale > 1 ? ", shown at \(scale)×" : "")</span>"
        }
        h += "</figcaption>"
        if let src = image.src {
            // Magnified images get a width; others keep their own size, bounded by CSS.
            let style = scale > 1 ? image.width.map { "width:\($0 * scale)px" } ?? "" : ""
            h += "<a class=\"shot-link\" href=\"\(escape(src))\" title=\"Open the image\">\(img(image, cls: "", style: style))</a>"
        } else {
            h += "<p class=\"missing\">Not available: <code>\(escape(image.original))</code> could not be read.</p>"
        }
        return h + "</figure>\n"
    }

    private func img(_ image: ReportImage, cls: String, style: String) -> String {
        var h = "<img"
        if !cls.isEmpty { h += " class=\"\(cls)\"" }
        h += " src=\"\(escape(image.src ?? ""))\" alt=\"\(image.role.rawValue)\" data-role=\"\(image.role.rawValue)\""
        if let w = image.width, let hh = image.height { h += " width=\"\(w)\" height=\"\(hh)\"" }
        if !style.isEmpty { h += " style=\"\(style)\"" }
        return h + ">"
    }

    private func files(_ item: ReportItem) -> String {
        let copied = item.images.filter { $0.src != nil }
        guard !copied.isEmpty else { return "" }
        var h = "<p class=\"files\">Files:"
        for image in copied {
            h += " <a href=\"\(escape(image.src!))\">\(escape(String(image.src!.split(separator: "/").last ?? "")))</a>"
        }
        return h + "</p>\n"
    }

    // MARK: Passed scenes

    /// One line per scene; a scene's variants are listed inside its line, each by its traits.
    private func passedList() -> String {
        var h = "<section class=\"passed-list\" id=\"passed\">\n"
        h += "<h2 class=\"group-title\">Passed <span class=\"n\">\(page.passed.count)</span></h2>\n<ul>\n"
        var i = 0
        let items = page.passed
        while i < items.count {
            let e = items[i].entry
            guard e.variant != nil else {
                h += passedLine(items[i], name: e.scene, tag: "li")
                i += 1
                continue
            }
            var j = i
            while j < items.count, items[j].entry.scene == e.scene, items[j].entry.variant != nil { j += 1 }
            h += "<li class=\"scene-group\"><span class=\"scene\">\(escape(e.scene))</span> <span class=\"note\">\(j - i) \(plural(j - i, "variant"))</span>\n"
            let others = (page.failed + page.recorded).filter { $0.entry.scene == e.scene && $0.entry.variant != nil }
            h += variantGrid(Array(items[i..<j]), others: others)
                ?? ("<ul class=\"variants\">\n" + items[i..<j].map { passedLine($0, name: $0.entry.variant ?? "", tag: "li") }.joined() + "</ul>")
            h += "</li>\n"
            i = j
        }
        return h + "</ul>\n</section>\n"
    }

    /// A scene's variants in a table, rows and columns by trait as the contact sheet splits them
    /// (text sizes, tint adjustment and locales down the side; devices, orientations, directions and
    /// scales across); nil when the variants do not all name the same traits. `others` are the
    /// scene's variants that did not pass: their rows and columns are in the grid too (a text size
    /// whose every variant failed still has its row), each cell linking to the variant's section.
    private func variantGrid(_ items: [ReportItem], others: [ReportItem] = []) -> String? {
        let dims = items[0].entry.traits.map(\.dimension)
        guard !dims.isEmpty, (items + others).allSatisfy({ $0.entry.traits.map(\.dimension) == dims }) else { return nil }
        var (rows, columns) = ContactSheet.defaultAxes(named: dims)
        columns += dims.filter { !rows.contains($0) && !columns.contains($0) }
        func key(_ item: ReportItem, _ along: [TraitDimension]) -> String {
            item.entry.traits.filter { along.contains($0.dimension) }.map(\.label).joined(separator: ", ")
        }
        var rowKeys: [String] = [], columnKeys: [String] = []
        var cells: [String: ReportItem] = [:]
        // Rows and columns in the order the passed variants came, then any only the others have.
        for item in items + others {
            let r = key(item, rows), c = key(item, columns)
            if !rowKeys.contains(r) { rowKeys.append(r) }
            if !columnKeys.contains(c) { columnKeys.append(c) }
            cells[r + "\u{0}" + c] = item
        }
        var h = "<table class=\"variant-grid\">\n"
        // One trait down the side alone needs no column headings.
        if columnKeys != [""] {
            h += "<tr><th></th>"
            for c in columnKeys { h += "<th scope=\"col\">\(escape(c))</th>" }
            h += "</tr>\n"
        }
        for r in rowKeys {
            h += "<tr><th scope=\"row\">\(escape(r))</th>"
            for c in columnKeys {
                switch cells[r + "\u{0}" + c] {
                case let item? where item.entry.status == .passed: h += passedLine(item, name: "passed", tag: "td")
                case let item?: h += "<td class=\"note\"><a href=\"#s-\(escape(item.slug))\">\(item.entry.status.rawValue)</a></td>"
                case nil: h += "<td class=\"note\">not checked</td>"
                }
            }
            h += "</tr>\n"
        }
        return h + "</table>\n"
    }

    private func passedLine(_ item: ReportItem, name: String, tag: String) -> String {
        let e = item.entry
        let note = e.comparison.map { $0.verdict == .identical ? "identical" : $0.summary } ?? e.message
        var h = "<\(tag) id=\"s-\(escape(item.slug))\"><span class=\"\(e.variant == nil ? "scene" : "variant")\">\(escape(name))</span>"
        if note != "identical" { h += " <span class=\"note\">\(escape(note))</span>" }
        return h + "</\(tag)>\n"
    }
}

/// Text and attribute values for HTML: the five characters that can end a text run or a quoted value.
fileprivate func escape(_ s: String) -> String {
    // Most of what a page shows (paths, names, numbers) has nothing to escape.
    if !s.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) { return s }
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for c in s.unicodeScalars {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.unicodeScalars.append(c)
        }
    }
    return out
}

fileprivate func plural(_ n: Int, _ word: String) -> String { n == 1 ? word : word + "s" }

/// 1234567 → "1,234,567", the same on every machine (no locale).
fileprivate func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
        out.append(c)
    }
    return n < 0 ? "-" + out : out
}

/// A decimal without exponent or locale, trailing zeros dropped: 56.25, 0.5625, 100.
fileprivate func decimal(_ v: Double, places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let n = Int((v * scale).rounded())
    let whole = n / Int(scale), frac = abs(n % Int(scale))
    var f = String(frac)
    while f.count < places { f = "0" + f }
    while f.hasSuffix("0") { f.removeLast() }
    return (n < 0 && whole == 0 ? "-" : "") + String(whole) + (f.isEmpty ? "" : "." + f)
}
