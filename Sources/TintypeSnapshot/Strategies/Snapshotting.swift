import Foundation
import TintypeModel
import TintypeRender

/// How a subject becomes the artifact a golden stores, and how a golden is compared with a new
/// artifact: swift-snapshot-testing's `Snapshotting` and `Diffing`, shared by `assertSnapshot` and
/// `tintype test`.
///
/// ```swift
/// assertSnapshot(of: scene, as: .image)          // a PNG, compared by pixels
/// assertSnapshot(of: scene, as: .svg)            // an SVG, compared by its pixels drawn back
/// assertSnapshot(of: scene, as: .layout)         // the display list as text, compared by lines
/// let card = Snapshotting<Scene, Bitmap>.image.pullback { (trail: Trail) in trail.cardScene }
/// ```
public struct Snapshotting<Value, Format>: Sendable {
    /// The golden file's extension: "png", "svg", "pdf", "txt".
    public var pathExtension: String
    public var diffing: Diffing<Format>
    /// Makes the artifact from the subject (renders the scene).
    public var snapshot: @Sendable (Value) throws -> Format

    public init(pathExtension: String, diffing: Diffing<Format>, snapshot: @escaping @Sendable (Value) throws -> Format) {
        self.pathExtension = pathExtension; self.diffing = diffing; self.snapshot = snapshot
    }

    /// The same strategy for another kind of subject, turned into this one first.
    public func pullback<NewValue>(_ transform: @escaping @Sendable (NewValue) throws -> Value) -> Snapshotting<NewValue, Format> {
        let snapshot = self.snapshot
        return Snapshotting<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) { try snapshot(transform($0)) }
    }
}

/// How artifacts of one format are stored and compared.
public struct Diffing<Format>: Sendable {
    /// The bytes a golden stores (a PNG with its stamp, an SVG's or PDF's bytes, UTF-8 text).
    public var toData: @Sendable (Format) throws -> [UInt8]
    /// A pass known from a golden's bytes without decoding them (a PNG's stamp, the same bytes): a
    /// passing check's fast path; nil when the bytes alone cannot tell.
    public var fastPass: @Sendable (_ golden: [UInt8], _ actual: Format) -> Difference?
    /// Compares a golden's bytes with `actual` within `tolerance`; throws when the golden cannot be read.
    public var diff: @Sendable (_ golden: [UInt8], _ actual: Format, _ tolerance: Tolerance) throws -> Difference
    /// What to show of `actual` when there is no golden to compare it with.
    public var show: @Sendable (Format) throws -> ArtifactFiles

    public init(toData: @escaping @Sendable (Format) throws -> [UInt8],
                fastPass: @escaping @Sendable ([UInt8], Format) -> Difference?,
                diff: @escaping @Sendable ([UInt8], Format, Tolerance) throws -> Difference,
                show: @escaping @Sendable (Format) throws -> ArtifactFiles) {
        self.toData = toData; self.fastPass = fastPass; self.diff = diff; self.show = show
    }
}

/// The outcome of comparing a golden with an artifact.
public struct Difference: Sendable {
    public var passed: Bool
    /// "identical", "12 pixels differ …", "line 3 differs: …".
    public var summary: String
    /// The pixel comparison, for image formats.
    public var comparison: Comparison?
    /// What a failure writes beside the render (nil when it passed).
    public var artifacts: ArtifactFiles?
    /// How the two were compared when not as stored ("drawn as pixels" for SVG and PDF).
    public var comparedAs: String?
    /// Why they differ, in words, when the golden carries a layout record ("Why:" and a line a
    /// change); nil when it cannot be told.
    public var explanation: String?

    public init(passed: Bool, summary: String, comparison: Comparison? = nil, artifacts: ArtifactFiles? = nil, comparedAs: String? = nil) {
        self.passed = passed; self.summary = summary; self.comparison = comparison; self.artifacts = artifacts
        self.comparedAs = comparedAs
    }
}

/// The files a failed check writes under the artifacts folder, each a PNG of pixels or bytes with
/// an extension: `<name>.expected.png`, `.actual.png`, `.diff.png`, `.strip.png` for images,
/// `.expected.txt`, `.actual.txt`, `.diff.txt` for text.
public struct ArtifactFiles: Sendable {
    public enum File: Sendable {
        case image(Bitmap)
        case bytes([UInt8], pathExtension: String)
    }
    public var expected: File?
    public var actual: File
    public var diff: File?
    /// Expected, diff and actual side by side (images only).
    public var strip: File?

    public init(expected: File? = nil, actual: File, diff: File? = nil, strip: File? = nil) {
        self.expected = expected; self.actual = actual; self.diff = diff; self.strip = strip
    }
}

// MARK: - Images

/// A rendered SVG or PDF, with the pixel size its PNG would have (to draw it back at).
public struct RenderedDocument: Sendable, Equatable {
    public var bytes: [UInt8]
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    public init(bytes: [UInt8], format: ImageFormat, width: Int, height: Int) {
        self.bytes = bytes; self.format = format; self.width = width; self.height = height
    }
}

extension Diffing where Format == Bitmap {
    /// PNG goldens compared pixel by pixel. Recorded goldens carry a stamp (`GoldenStamp`): a render
    /// whose pixels hash to it passes without the golden being decoded.
    public static var png: Diffing<Bitmap> {
        Diffing(
            toData: { try GoldenStamp.stamped(try $0.pngData()) },
            fastPass: { golden, actual in
                guard let stamp = GoldenStamp.valid(in: golden), stamp.matches(actual) else { return nil }
                return Difference(passed: true, summary: "identical", comparison: Comparison(verdict: .identical, width: actual.width, height: actual.height))
            },
            diff: { golden, actual, tolerance in
                let expected = try Bitmap(png: golden)
                var d = pixelDifference(expected: expected, actual: actual, tolerance: tolerance)
                // The golden as it is on disk, rather than its pixels encoded again.
                d.artifacts?.expected = .bytes(golden, pathExtension: "png")
                return d
            },
            show: { ArtifactFiles(actual: .image($0)) })
    }
}

/// A render with its layout record: what `tintype test` checks PNG goldens with.
public struct RecordedImage: Sendable {
    public var bitmap: Bitmap
    public var record: LayoutRecord
    /// The scene file, for the places an explanation names (`file:line:column`).
    public var file: String?

    public init(bitmap: Bitmap, record: LayoutRecord, file: String? = nil) {
        self.bitmap = bitmap; self.record = record; self.file = file
    }
}

extension Diffing where Format == RecordedImage {
    /// PNG goldens that carry a layout record (`LayoutRecordChunk`): compared by pixels as `.png`
    /// compares them (the stamp's fast pass included); a golden that differs and has a record
    /// explains the difference in words. A golden recorded without a record still verifies.
    ///
    /// A failure's actual image is written as the golden recording would write it (stamped, with
    /// its record), so that `tintype review` approves it by copying those bytes.
    public static var recordedPNG: Diffing<RecordedImage> {
        let png = Diffing<Bitmap>.png
        let toData: @Sendable (RecordedImage) throws -> [UInt8] = { r in
            try GoldenStamp.stamped(try LayoutRecordChunk.inserting(r.record, into: try r.bitmap.pngData()))
        }
        return Diffing(
            toData: toData,
            fastPass: { golden, actual in png.fastPass(golden, actual.bitmap) },
            diff: { golden, actual, tolerance in
                var d = try png.diff(golden, actual.bitmap, tolerance)
                guard !d.passed else { return d }
                d.artifacts?.actual = .bytes(try toData(actual), pathExtension: "png")
                do {
                    if let old = try LayoutRecordChunk.record(in: golden, file: "the golden") {
                        d.explanation = LayoutRecord.because(from: old, to: actual.record, file: actual.file)
                    }
                } catch {
                    d.explanation = "Why: not known (\(error))."
                }
                return d
            },
            show: { ArtifactFiles(actual: .bytes(try toData($0), pathExtension: "png")) })
    }
}

extension Diffing where Format == RenderedDocument {
    /// SVG and PDF goldens: the same bytes pass at once (vector output is deterministic);
    /// otherwise both are drawn as pixels (librsvg, poppler) and compared as PNGs are.
    public static var document: Diffing<RenderedDocument> {
        Diffing(
            toData: { $0.bytes },
            fastPass: { golden, actual in golden == actual.bytes ? Difference(passed: true, summary: "identical") : nil },
            diff: { golden, actual, tolerance in
                let actualPixels: Bitmap
                do { actualPixels = try actual.pixels() } catch {
                    return Difference(passed: false, summary: "the render could not be read back as pixels (\(error))")
                }
                let expected = try DocumentRasterizer.bitmap(golden, format: actual.format, width: actual.width, height: actual.height)
                var d = pixelDifference(expected: expected, actual: actualPixels, tolerance: tolerance)
                if d.passed { d.summary = "the bytes differ, the pixels match (" + d.summary + ")" } else { d.comparedAs = "drawn as pixels" }
                return d
            },
            show: { ArtifactFiles(actual: .image(try $0.pixels())) })
    }
}

extension RenderedDocument {
    /// The document drawn as the pixels its PNG would have.
    public func pixels() throws(ImageFileError) -> Bitmap {
        try DocumentRasterizer.bitmap(bytes, format: format, width: width, height: height)
    }
}

/// Two bitmaps compared within a tolerance: the quick count first, the diff image only for a failure.
func pixelDifference(expected: Bitmap, actual: Bitmap, tolerance: Tolerance) -> Difference {
    let quick = Compare.images(expected: expected, actual: actual, tolerance: tolerance)
    if quick.passed {
        return Difference(passed: true, summary: quick.verdict == .identical ? "identical" : quick.summary, comparison: quick)
    }
    let (comparison, diff) = Compare.imagesWithDiff(expected: expected, actual: actual, tolerance: tolerance)
    let files = ArtifactFiles(expected: .image(expected), actual: .image(actual), diff: diff.map { .image($0) },
                              strip: .image(Strip.make([expected, diff, actual].compactMap { $0 })))
    return Difference(passed: false, summary: comparison.summary, comparison: comparison, artifacts: files)
}

// MARK: - Text

extension Diffing where Format == String {
    /// Text goldens compared line by line; a failure names the first line that differs and writes
    /// both texts and a diff of their lines. Tolerances do not apply to text.
    public static var lines: Diffing<String> {
        Diffing(
            toData: { Array($0.utf8) },
            fastPass: { golden, actual in golden.elementsEqual(actual.utf8) ? Difference(passed: true, summary: "identical") : nil },
            diff: { golden, actual, _ in
                guard let expected = String(validating: golden, as: UTF8.self) else { throw SnapshotError("the golden is not UTF-8 text") }
                guard let (line, was, now) = firstDifference(expected, actual) else {
                    return Difference(passed: true, summary: "identical")
                }
                let summary = "line \(line) differs: " + (was.map { quoted($0) } ?? "(no line)") + " → " + (now.map { quoted($0) } ?? "(no line)")
                let files = ArtifactFiles(expected: .bytes(golden, pathExtension: "txt"), actual: .bytes(Array(actual.utf8), pathExtension: "txt"),
                                          diff: .bytes(Array(lineDiff(expected, actual).utf8), pathExtension: "txt"))
                return Difference(passed: false, summary: summary, artifacts: files)
            },
            show: { ArtifactFiles(actual: .bytes(Array($0.utf8), pathExtension: "txt")) })
    }

    /// The first line (1-based) where two texts differ, with each side's line (nil past its end).
    static func firstDifference(_ a: String, _ b: String) -> (Int, String?, String?)? {
        let x = a.split(separator: "\n", omittingEmptySubsequences: false), y = b.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(x.count, y.count) {
            let l = i < x.count ? String(x[i]) : nil, r = i < y.count ? String(y[i]) : nil
            if l != r { return (i + 1, l, r) }
        }
        return nil
    }

    /// The lines of `a` and `b` with those only in `a` marked `-` and those only in `b` marked `+`
    /// (a longest common subsequence of lines; texts past 2,000 lines a side are compared in full
    /// blocks of what differs after their common start and end).
    static func lineDiff(_ a: String, _ b: String) -> String {
        var x = a.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var y = b.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var head: [String] = [], tail: [String] = []
        while let f = x.first, f == y.first { head.append("  " + f); x.removeFirst(); y.removeFirst() }
        while let l = x.last, l == y.last { tail.insert("  " + l, at: 0); x.removeLast(); y.removeLast() }
        var middle: [String] = []
        if x.count <= 2000 && y.count <= 2000 {
            // lcs[i][j]: the longest common subsequence of x[i...] and y[j...].
            var lcs = Array(repeating: Array(repeating: 0, count: y.count + 1), count: x.count + 1)
            for i in stride(from: x.count - 1, through: 0, by: -1) {
                for j in stride(from: y.count - 1, through: 0, by: -1) {
                    lcs[i][j] = x[i] == y[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
                }
            }
            var i = 0, j = 0
            while i < x.count || j < y.count {
                if i < x.count, j < y.count, x[i] == y[j] { middle.append("  " + x[i]); i += 1; j += 1 }
                else if i < x.count, j == y.count || lcs[i + 1][j] >= lcs[i][j + 1] { middle.append("- " + x[i]); i += 1 }
                else { middle.append("+ " + y[j]); j += 1 }
            }
        } else {
            middle = x.map { "- " + $0 } + y.map { "+ " + $0 }
        }
        return (head + middle + tail).joined(separator: "\n") + "\n"
    }
}

// MARK: - Scenes

extension Snapshotting where Value == Scene, Format == Bitmap {
    /// The scene rendered to pixels, stored as a stamped PNG.
    public static var image: Snapshotting<Scene, Bitmap> { image(renderer: SnapshotRenderer.shared) }

    /// The scene rendered by `renderer`.
    public static func image(renderer: Renderer) -> Snapshotting<Scene, Bitmap> {
        Snapshotting(pathExtension: "png", diffing: .png) { try renderer.render($0) }
    }
}

extension Snapshotting where Value == Scene, Format == RecordedImage {
    /// The scene rendered to pixels with its layout record, stored as a stamped PNG that carries
    /// the record: a failure says in words what changed (see `LayoutRecord.explain`).
    public static var recordedImage: Snapshotting<Scene, RecordedImage> { recordedImage(renderer: SnapshotRenderer.shared) }

    public static func recordedImage(renderer: Renderer) -> Snapshotting<Scene, RecordedImage> {
        Snapshotting(pathExtension: "png", diffing: .recordedPNG) { scene in
            let (bitmap, record) = try LayoutRecord.rendering(scene, with: renderer)
            return RecordedImage(bitmap: bitmap, record: record, file: scene.source.file)
        }
    }
}

extension Snapshotting where Value == Scene, Format == RenderedDocument {
    /// The scene as an SVG (paths and outlined text), compared by its pixels drawn back.
    public static var svg: Snapshotting<Scene, RenderedDocument> { document(.svg, renderer: SnapshotRenderer.shared) }
    /// The scene as a one-page PDF (text kept as text), compared by its pixels drawn back.
    public static var pdf: Snapshotting<Scene, RenderedDocument> { document(.pdf, renderer: SnapshotRenderer.shared) }

    public static func document(_ format: ImageFormat, renderer: Renderer) -> Snapshotting<Scene, RenderedDocument> {
        Snapshotting(pathExtension: format.rawValue, diffing: .document) { scene in
            let bytes = try renderer.render(scene, as: format)
            var (width, height) = (scene.pixelWidth, scene.pixelHeight)
            if scene.canvas == .fit && scene.root.frame == nil {
                // A canvas that fits its root has the size the layout measures.
                let size = try renderer.displayList(for: scene).size
                (width, height) = (Int((size.width * scene.effectiveScale).rounded()), Int((size.height * scene.effectiveScale).rounded()))
            }
            return RenderedDocument(bytes: bytes, format: format, width: width, height: height)
        }
    }
}

extension Snapshotting where Value == Scene, Format == String {
    /// The scene's display list as text (`DisplayList.dump`): every fill, stroke, text and image
    /// with its place in points and its colors, compared by lines. Independent of Cairo's and
    /// Pango's pixels, so a layout change reads as a diff in a pull request.
    public static var layout: Snapshotting<Scene, String> { layout(renderer: SnapshotRenderer.shared) }

    public static func layout(renderer: Renderer) -> Snapshotting<Scene, String> {
        Snapshotting(pathExtension: "txt", diffing: .lines) { try renderer.displayList(for: $0).dump() }
    }
}

/// The renderer the strategies use unless given one: one per process, so images and fonts load once.
public enum SnapshotRenderer {
    public static let shared = Renderer()
}
