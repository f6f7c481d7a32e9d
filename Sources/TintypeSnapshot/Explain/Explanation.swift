import Foundation
import TintypeModel

extension LayoutRecord {
    /// The most lines an explanation lists; the rest are counted.
    public static let maxExplanationLines = 12

    /// What changed from `old` (the golden's record) to `new` (the render's), in words, most
    /// important first: traits, views added or removed, texts changed, added or removed, fonts,
    /// colors, views moved or resized, images. Each line names the view (its kind and id, or its
    /// path) and, when `file` is given, where the scene writes it (`file:line:column`). Empty when
    /// the records are the same.
    public static func explain(from old: LayoutRecord, to new: LayoutRecord, file: String? = nil) -> [String] {
        var lines: [(rank: Int, text: String)] = []
        func add(_ rank: Int, _ text: String) { lines.append((rank, text)) }

        // Traits.
        for key in Set(old.traits.keys).union(new.traits.keys).sorted() where old.traits[key] != new.traits[key] {
            add(0, "trait \(key) \(old.traits[key] ?? "unset") → \(new.traits[key] ?? "unset")")
        }

        // Views, matched by id where both have one, else by path.
        let newViews = new.views
        var oldByKey: [String: ViewEntry] = [:]
        for v in old.views { oldByKey[key(v)] = v }
        var seen = Set<String>()
        var newByPath: [String: ViewEntry] = [:], oldByPath: [String: ViewEntry] = [:]
        for v in newViews { newByPath[v.path] = v }
        for v in old.views { oldByPath[v.path] = v }
        func name(_ v: ViewEntry) -> String {
            let at = file.flatMap { f in v.at.map { " (\(f):\($0))" } } ?? ""
            return v.kind + (v.id.map { " `\($0)`" } ?? " \(v.path)") + at
        }
        for v in newViews {
            let k = key(v)
            seen.insert(k)
            guard let o = oldByKey[k] else { add(1, "\(name(v)) added"); continue }
            if o.kind != v.kind { add(1, "\(name(v)) was a \(o.kind)") }
            if let m = moved(o.frame, v.frame) { add(5, "\(name(v)) \(m)") }
            if o.background != v.background { add(4, "\(name(v)) background \(o.background ?? "none") → \(v.background ?? "none")") }
            if o.tint != v.tint { add(4, "\(name(v)) tint \(o.tint ?? "inherited") → \(v.tint ?? "inherited")") }
        }
        for o in old.views where !seen.contains(key(o)) { add(1, "\(name(o)) removed") }

        // Texts, by the view that drew them: the same string first, then what is left in order.
        func owner(_ path: String) -> String {
            if let v = newByPath[path] ?? oldByPath[path] { return " (\(name(v)))" }
            return path.isEmpty ? "" : " (\(path))"
        }
        let oldTexts = Dictionary(grouping: old.texts, by: \.path), newTexts = Dictionary(grouping: new.texts, by: \.path)
        for path in Set(oldTexts.keys).union(newTexts.keys).sorted() {
            var before = oldTexts[path] ?? [], after = newTexts[path] ?? []
            var pairs: [(TextEntry, TextEntry)] = []
            var i = 0
            while i < after.count {
                if let j = before.firstIndex(where: { $0.text == after[i].text }) {
                    pairs.append((before.remove(at: j), after.remove(at: i)))
                } else { i += 1 }
            }
            while !before.isEmpty && !after.isEmpty { pairs.append((before.removeFirst(), after.removeFirst())) }
            for t in after { add(2, "text \(quote(t.text)) added\(owner(path))") }
            for t in before { add(2, "text \(quote(t.text)) removed\(owner(path))") }
            for (o, n) in pairs {
                let what = "text \(quote(n.text))\(owner(path))"
                let cut = (o.truncated ?? false, n.truncated ?? false)
                if o.text != n.text {
                    add(2, "text \(quote(o.text)) → \(quote(n.text))\(owner(path))" + (cut == (false, true) ? ", now truncated" : ""))
                } else if cut == (false, true) {
                    add(2, "\(what) now truncated")
                }
                if cut == (true, false) { add(2, "\(what) no longer truncated") }
                if o.font != n.font || o.size != n.size {
                    let from = o.font == n.font ? number(o.size) : "\(o.font) \(number(o.size))"
                    let to = o.font == n.font ? number(n.size) : "\(n.font) \(number(n.size))"
                    add(3, "\(what): font \(from) → \(to) pt")
                }
                if o.color != n.color { add(4, "\(what): color \(o.color) → \(n.color)") }
                // A text that moved with its view (by the same offset, its size kept) is said once, for the view.
                let withView = oldByPath[path].flatMap { ov in newByPath[path].map { nv in
                    offset(ov.frame, nv.frame) == offset(o.frame, n.frame) && o.frame.count == 4 && n.frame.count == 4
                        && o.frame[2] == n.frame[2] && o.frame[3] == n.frame[3] } } ?? false
                if o.text == n.text, !withView, let m = moved(o.frame, n.frame) { add(6, "\(what) \(m)") }
            }
        }

        // Images, by view and name.
        let oldImages = Dictionary(grouping: old.images, by: { $0.path + "\u{0}" + $0.name })
        let newImages = Dictionary(grouping: new.images, by: { $0.path + "\u{0}" + $0.name })
        for k in Set(oldImages.keys).union(newImages.keys).sorted() {
            let o = oldImages[k] ?? [], n = newImages[k] ?? []
            let sample = (n.first ?? o.first)!
            let what = "image \(quote(sample.name))\(owner(sample.path))"
            if n.count > o.count { add(2, "\(what) added") }
            if o.count > n.count { add(2, "\(what) removed") }
            for (a, b) in zip(o, n) {
                if a.tint != b.tint { add(4, "\(what): tint \(a.tint ?? "none") → \(b.tint ?? "none")") }
                if let m = moved(a.frame, b.frame) { add(6, "\(what) \(m)") }
            }
        }

        // Most important first; within a rank, in the order found (the scene's order).
        let sorted = lines.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element.text)
        guard sorted.count > maxExplanationLines else { return sorted }
        return Array(sorted.prefix(maxExplanationLines - 1)) + ["… and \(sorted.count - maxExplanationLines + 1) more changes"]
    }

    /// The explanation as a failure message adds it: "Why: …" lines, or, when the records are the
    /// same, that the drawing changed with the layout intact.
    public static func because(from old: LayoutRecord, to new: LayoutRecord, file: String? = nil) -> String {
        let lines = explain(from: old, to: new, file: file)
        if lines.isEmpty {
            return "Why: the layout is the same (every view's frame, text, font, color and image): the drawing itself changed."
        }
        return "Why:\n" + lines.map { "  - " + $0 }.joined(separator: "\n")
    }

    static func offset(_ a: [Double], _ b: [Double]) -> [Double] {
        guard a.count == 4, b.count == 4 else { return [] }
        return [((b[0] - a[0]) * 100).rounded() / 100, ((b[1] - a[1]) * 100).rounded() / 100]
    }

    static func key(_ v: ViewEntry) -> String { v.id.map { "#" + $0 } ?? v.path }

    /// "moved 4 pt down", "moved 2 pt left and 3 pt up", "resized 100×30 → 120×30", or nil when
    /// the frame moved by less than half a point.
    static func moved(_ a: [Double], _ b: [Double]) -> String? {
        guard a.count == 4, b.count == 4 else { return nil }
        var parts: [String] = []
        let dx = b[0] - a[0], dy = b[1] - a[1]
        if abs(dx) >= 0.5 { parts.append("\(number(abs(dx))) pt \(dx > 0 ? "right" : "left")") }
        if abs(dy) >= 0.5 { parts.append("\(number(abs(dy))) pt \(dy > 0 ? "down" : "up")") }
        var out: [String] = []
        if !parts.isEmpty { out.append("moved " + parts.joined(separator: " and ")) }
        if abs(b[2] - a[2]) >= 0.5 || abs(b[3] - a[3]) >= 0.5 {
            out.append("resized \(number(a[2]))×\(number(a[3])) → \(number(b[2]))×\(number(b[3]))")
        }
        return out.isEmpty ? nil : out.joined(separator: ", ")
    }
}
