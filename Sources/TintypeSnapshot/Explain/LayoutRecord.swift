// Why a record beside the pixels: a failed comparison knows which pixels changed, not why. The
// renderer knows every view's frame, text, font and color when it draws, so a golden keeps a compact
// record of them, and a failure compares the records as well as the pixels and says in words what
// changed. The record travels inside the golden PNG (a zTXt chunk), so goldens need no sidecar.
import CZlib
import Foundation
import TintypeModel
import TintypeRender

/// What one render drew, in points: the traits, every view (kind, id, path, frame, the colors the
/// scene gave it), every text (string, font, color, frame) and every image (file, frame, tint).
///
/// ```swift
/// let record = LayoutRecord(scene: scene, list: try renderer.displayList(for: scene))
/// print(record.tree())                      // what `tintype layout scene.json` prints
/// let why = LayoutRecord.explain(from: golden, to: record)   // ["label `title` moved 4 pt down", …]
/// ```
public struct LayoutRecord: Codable, Sendable, Equatable {
    /// The record's format; a reader ignores a record of a newer one.
    public var format = 1
    /// The traits the render was made with: device, orientation, scale, contentSize, direction,
    /// locale, tint, systemVersion (only those set).
    public var traits: [String: String]
    public var views: [ViewEntry]
    public var texts: [TextEntry]
    public var images: [ImageEntry]

    public struct ViewEntry: Codable, Sendable, Equatable {
        /// The view's path in the scene (`root.subviews[2]`).
        public var path: String
        public var kind: String
        public var id: String?
        /// x, y, width, height in points, to 1/100 point.
        public var frame: [Double]
        /// The view's own background and tint colors as the scene gives them (#RRGGBB[AA]).
        public var background: String?
        public var tint: String?
        /// Where the scene file writes the view (`line:column`); not compared.
        public var at: String?
    }

    public struct TextEntry: Codable, Sendable, Equatable {
        /// The view that drew it.
        public var path: String
        public var text: String
        /// Family and weight (`Inter regular`), and the size in points.
        public var font: String
        public var size: Double
        public var color: String
        public var frame: [Double]
        /// True when the text did not fit (ellipsized or lines dropped); absent otherwise, and in
        /// records made without drawing.
        public var truncated: Bool?
    }

    public struct ImageEntry: Codable, Sendable, Equatable {
        public var path: String
        /// The image as the scene names it.
        public var name: String
        public var frame: [Double]
        /// The color a template image is drawn in.
        public var tint: String?
    }

    public init(traits: [String: String], views: [ViewEntry], texts: [TextEntry], images: [ImageEntry]) {
        self.traits = traits; self.views = views; self.texts = texts; self.images = images
    }

    /// `scene` drawn by `renderer`, and its record with the texts that did not fit marked: what
    /// `tintype test` stores in a golden and `tintype layout` prints.
    public static func rendering(_ scene: Scene, with renderer: Renderer) throws(RenderError) -> (bitmap: Bitmap, record: LayoutRecord) {
        let list = try renderer.displayList(for: scene)
        let observation = RenderObservation(textsOnly: true)
        let bitmap = try renderer.render(list, observation: observation)
        return (bitmap, LayoutRecord(scene: scene, list: list, observation: observation))
    }

    /// The record of `list`, the display list of `scene`; with the `observation` of its render,
    /// the texts that did not fit are marked truncated.
    public init(scene: Scene, list: DisplayList, observation: RenderObservation? = nil) {
        var traits: [String: String] = [
            "device": scene.device.name, "orientation": "\(scene.orientation)", "scale": Self.number(list.scale),
            "contentSize": scene.contentSizeCategory.rawValue, "direction": "\(scene.layoutDirection)",
            "systemVersion": "\(scene.systemVersion)",
        ]
        if let l = scene.locale { traits["locale"] = l }
        if let t = scene.tintColor { traits["tint"] = t.description }
        var models: [String: View] = [:]
        func walk(_ v: View, _ p: String) {
            models[p] = v
            for (i, s) in v.subviews.enumerated() { walk(s, p + ".subviews[\(i)]") }
        }
        walk(scene.root, "root")
        views = list.views.map { r in
            let model = models[r.path]
            let background: String? = {
                if case .color(let c)? = model?.backgroundColor { return c.description }
                return nil
            }()
            let at = scene.source.viewPositions[r.path].map { "\($0.line):\($0.column)" }
            return ViewEntry(path: r.path, kind: r.kind, id: r.id, frame: Self.rounded(r.frame), background: background,
                             tint: model?.tintColor?.description, at: at)
        }
        var texts: [TextEntry] = [], images: [ImageEntry] = []
        func collect(_ items: [DisplayItem]) {
            for item in items {
                switch item {
                case .text(let t):
                    texts.append(TextEntry(path: t.source, text: t.text, font: "\(t.font.family) \(t.font.weight.rawValue)",
                                           size: (t.font.size * 100).rounded() / 100, color: t.color.description, frame: Self.rounded(t.frame)))
                case .image(let i):
                    images.append(ImageEntry(path: i.origin, name: i.source.path, frame: Self.rounded(i.frame), tint: i.templateColor?.description))
                case .group(let g): collect(g.items)
                default: break
                }
            }
        }
        collect(list.items)
        if let observation {
            // The drawn texts, by the view that drew them, their string and frame.
            func key(_ source: String, _ text: String, _ frame: [Double]) -> String { source + "\u{0}" + text + "\u{0}" + "\(frame)" }
            let cut = Set(observation.texts.filter(\.truncated).map { key($0.item.source, $0.item.text, Self.rounded($0.item.frame)) })
            if !cut.isEmpty {
                for i in texts.indices where cut.contains(key(texts[i].path, texts[i].text, texts[i].frame)) { texts[i].truncated = true }
            }
        }
        self.traits = traits
        self.texts = texts
        self.images = images
    }

    static func rounded(_ r: Rect) -> [Double] { [r.minX, r.minY, r.width, r.height].map { ($0 * 100).rounded() / 100 } }

    /// A number as the record and its messages write it: no trailing zeros (`4`, `0.5`, `17.25`).
    static func number(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        if r == r.rounded() { return String(Int(r)) }
        var s = String(format: "%.2f", r)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }

    // MARK: Text

    /// The record as an indented tree, one view a line with its texts and images under it: a
    /// stable text that reads as a diff in a pull request.
    public func tree() -> String {
        var out = "traits " + traits.keys.sorted().map { "\($0)=\(traits[$0]!)" }.joined(separator: " ") + "\n"
        let textsByPath = Dictionary(grouping: texts, by: \.path), imagesByPath = Dictionary(grouping: images, by: \.path)
        var shown = Set<String>()
        for v in views {
            let depth = v.path.split(separator: ".").count - 1
            let pad = String(repeating: "  ", count: depth)
            var line = pad + v.kind + (v.id.map { " #\($0)" } ?? "") + " " + v.path + " frame=" + v.frame.map(Self.number).joined(separator: ",")
            if let b = v.background { line += " background=" + b }
            if let t = v.tint { line += " tint=" + t }
            out += line + "\n"
            shown.insert(v.path)
            for t in textsByPath[v.path] ?? [] { out += pad + "  " + Self.describe(t) + "\n" }
            for i in imagesByPath[v.path] ?? [] { out += pad + "  " + Self.describe(i) + "\n" }
        }
        // Texts and images of the system's own parts (bars, status bar) that no scene view owns.
        for t in texts where !shown.contains(t.path) { out += "  " + Self.describe(t) + (t.path.isEmpty ? "" : " (\(t.path))") + "\n" }
        for i in images where !shown.contains(i.path) { out += "  " + Self.describe(i) + (i.path.isEmpty ? "" : " (\(i.path))") + "\n" }
        return out
    }

    static func describe(_ t: TextEntry) -> String {
        "text \(quote(t.text)) \(t.font) \(number(t.size)) \(t.color) frame=" + t.frame.map(number).joined(separator: ",")
            + (t.truncated == true ? " truncated" : "")
    }

    static func describe(_ i: ImageEntry) -> String {
        "image \(quote(i.name)) frame=" + i.frame.map(number).joined(separator: ",") + (i.tint.map { " tint=\($0)" } ?? "")
    }

    static func quote(_ s: String) -> String {
        let flat = s.replacingOccurrences(of: "\n", with: "\\n")
        return "\"" + (flat.count > 60 ? String(flat.prefix(59)) + "…" : flat) + "\""
    }

    // MARK: Encoding

    /// Compact JSON with sorted keys: the same record gives the same bytes.
    public func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data())
    }

    public static func decode(_ bytes: [UInt8], file: String) throws(SnapshotError) -> LayoutRecord {
        let record: LayoutRecord
        do { record = try JSONDecoder().decode(LayoutRecord.self, from: Data(bytes)) } catch {
            throw SnapshotError("\(file): the layout record does not parse: \(error)")
        }
        guard record.format <= 1 else { throw SnapshotError("\(file): layout record format \(record.format); this tintype reads format 1") }
        return record
    }
}

/// The layout record inside a golden PNG: a zTXt chunk with the keyword `tintype-layout`, its text the
/// record's JSON compressed with zlib, before the image data ends. Readers that do not know it skip it.
public enum LayoutRecordChunk {
    static let keyword = "tintype-layout"
    /// The largest record read back (inflated), so a crafted file cannot take the memory.
    static let maxRecordBytes = 16 << 20

    /// `png` with `record` inserted before IEND (an earlier record removed first). The stamp, if
    /// any, is dropped: stamp the result again.
    public static func inserting(_ record: LayoutRecord, into png: [UInt8]) throws(SnapshotError) -> [UInt8] {
        guard let chunks = GoldenStamp.chunks(png), let iend = chunks.last, iend.type == Array("IEND".utf8) else {
            throw SnapshotError("not a complete PNG file")
        }
        let json = record.encoded()
        var bound = compressBound(uLong(json.count))
        var packed = [UInt8](repeating: 0, count: Int(bound))
        let status = packed.withUnsafeMutableBufferPointer { out in
            json.withUnsafeBufferPointer { compress2(out.baseAddress, &bound, $0.baseAddress, uLong(json.count), 9) }
        }
        guard status == Z_OK else { throw SnapshotError("cannot compress the layout record (zlib \(status))") }
        packed.removeLast(packed.count - Int(bound))
        let data = Array(keyword.utf8) + [0, 0] + packed
        var chunk = GoldenStamp.bigEndian(UInt32(data.count)) + Array("zTXt".utf8) + data
        chunk += GoldenStamp.bigEndian(GoldenStamp.crc32(chunk[4...]))
        var out: [UInt8] = Array(png[0..<8])
        for c in chunks where c.type != Array("IEND".utf8) && !c.isStamp && !isRecord(c, in: png) { out += png[c.start..<c.end] }
        return out + chunk + Array(png[iend.start..<iend.end])
    }

    /// The record in `png`; nil when it has none. Throws when it has one that does not parse.
    public static func record(in png: [UInt8], file: String) throws(SnapshotError) -> LayoutRecord? {
        guard let chunks = GoldenStamp.chunks(png), let chunk = chunks.first(where: { isRecord($0, in: png) }) else { return nil }
        let start = chunk.start + 8 + keyword.utf8.count + 2, end = chunk.start + 8 + chunk.dataLength
        guard start <= end else { throw SnapshotError("\(file): the layout record chunk is cut short") }
        let packed = Array(png[start..<end])
        var size = uLong(min(maxRecordBytes, max(4096, packed.count * 64)))
        while true {
            var out = [UInt8](repeating: 0, count: Int(size))
            var length = size
            let status = out.withUnsafeMutableBufferPointer { o in packed.withUnsafeBufferPointer { uncompress(o.baseAddress, &length, $0.baseAddress, uLong(packed.count)) } }
            if status == Z_OK {
                out.removeLast(out.count - Int(length))
                return try LayoutRecord.decode(out, file: file)
            }
            guard status == Z_BUF_ERROR, Int(size) < maxRecordBytes else {
                throw SnapshotError("\(file): the layout record does not inflate (zlib \(status))")
            }
            size = uLong(min(maxRecordBytes, Int(size) * 4))
        }
    }

    static func isRecord(_ c: GoldenStamp.Chunk, in png: [UInt8]) -> Bool {
        guard c.type == Array("zTXt".utf8) else { return false }
        let k = Array(keyword.utf8) + [0]
        return c.dataLength >= k.count && png[(c.start + 8)..<(c.start + 8 + k.count)].elementsEqual(k)
    }
}
