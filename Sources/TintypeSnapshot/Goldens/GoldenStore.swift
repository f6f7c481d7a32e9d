import Foundation
import TintypeRender

/// The result of checking one image against its golden.
public struct SnapshotResult: Sendable {
    public enum Status: String, Sendable { case passed, failed, recorded }
    public var status: Status
    /// What happened and what to do next, in one or two sentences.
    public var message: String
    public var comparison: Comparison?
    /// Files written for a failure (expected, actual, diff, strip); nil when nothing was written.
    public var artifacts: Artifacts?
}

/// The files written when a check fails, for people and the HTML report.
public struct Artifacts: Sendable, Equatable {
    public var expected: String?
    public var actual: String
    public var diff: String?
    public var strip: String
}

/// Owns golden files: compares renders with them, records them (atomically) when the record mode
/// says so, and writes artifacts for failures. Verifying never touches a golden.
///
/// Goldens it writes carry a stamp (see `GoldenStamp`): the hash of their pixels and of their
/// bytes. A render that hashes the same passes without the golden being decoded; any other golden
/// is decoded and compared pixel by pixel.
public struct GoldenStore: Sendable {
    /// Where failure artifacts go.
    public var artifactsDirectory: String

    /// `TINTYPE_ARTIFACTS` when set, else `.build/tintype-artifacts` under the current folder.
    public static func defaultArtifactsDirectory(_ env: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let dir = env["TINTYPE_ARTIFACTS"], !dir.isEmpty { return dir }
        return FileManager.default.currentDirectoryPath + "/.build/tintype-artifacts"
    }

    public init(artifactsDirectory: String = GoldenStore.defaultArtifactsDirectory()) {
        self.artifactsDirectory = artifactsDirectory
    }

    /// Checks `actual` against the golden PNG at `golden`. `name` names the artifacts
    /// (`Basics/alpha` → `<artifacts>/Basics/alpha.diff.png`).
    public func verify(_ actual: Bitmap, golden: String, name: String, mode: RecordMode, tolerance: Tolerance = .default) -> SnapshotResult {
        let fm = FileManager.default
        guard fm.fileExists(atPath: golden) else {
            if mode == .never {
                let artifacts = try? writeArtifacts(name: name, expectedFile: nil, actual: actual, diff: nil)
                var message = "No golden at \(golden) (record mode never). Record it with --record missing (or TINTYPE_RECORD=missing), look at it, and commit it."
                if artifacts == nil { message += " (The render could not be written to \(artifactsDirectory).)" }
                return SnapshotResult(status: .failed, message: message, comparison: nil, artifacts: artifacts)
            }
            return record(actual, golden: golden, why: "No golden at \(golden); recorded it.")
        }
        if mode == .all {
            return record(actual, golden: golden, why: "Recorded \(golden) (record mode all).")
        }
        let expected: Bitmap
        do throws(ImageFileError) {
            guard let data = fm.contents(atPath: golden) else { throw ImageFileError("cannot read \(golden)") }
            let bytes = Array(data)
            if let stamp = GoldenStamp.valid(in: bytes), stamp.pixels == GoldenStamp.pixelHash(actual) {
                removeArtifacts(name: name)
                let same = Comparison(verdict: .identical, width: actual.width, height: actual.height)
                return SnapshotResult(status: .passed, message: "identical", comparison: same, artifacts: nil)
            }
            do { expected = try Bitmap(png: bytes) } catch { throw ImageFileError("\(golden): \(error.message)") }
        } catch {
            if mode == .failed { return record(actual, golden: golden, why: "The golden \(golden) was unreadable (\(error.message)); recorded a new one.") }
            let artifacts = try? writeArtifacts(name: name, expectedFile: nil, actual: actual, diff: nil)
            return SnapshotResult(status: .failed, message: "The golden \(golden) is unreadable: \(error.message)", comparison: nil, artifacts: artifacts)
        }
        let quick = Compare.images(expected: expected, actual: actual, tolerance: tolerance)
        if quick.passed {
            removeArtifacts(name: name)
            return SnapshotResult(status: .passed, message: quick.verdict == .identical ? "identical" : quick.summary, comparison: quick, artifacts: nil)
        }
        // Only a failure pays for the diff image and the artifacts.
        let (comparison, diff) = Compare.imagesWithDiff(expected: expected, actual: actual, tolerance: tolerance)
        let artifacts: Artifacts?
        do { artifacts = try writeArtifacts(name: name, expectedFile: golden, actual: actual, diff: diff) } catch { artifacts = nil }
        if mode == .failed {
            var r = record(actual, golden: golden, why: "\(golden) did not match (\(comparison.summary)); recorded the new render.")
            r.comparison = comparison
            r.artifacts = artifacts
            return r
        }
        var message = "\(golden) does not match: \(comparison.summary)."
        if artifacts == nil { message += " (The artifacts could not be written to \(artifactsDirectory).)" }
        return SnapshotResult(status: .failed, message: message, comparison: comparison, artifacts: artifacts)
    }

    /// Checks an SVG or PDF render against the golden of the same format at `golden`: the same
    /// bytes pass at once (vector output is deterministic); otherwise both are drawn as pixels at
    /// `width`×`height` (librsvg, poppler) and compared as PNGs are, and the artifacts show those pixels.
    public func verify(document actual: [UInt8], format: ImageFormat, width: Int, height: Int, golden: String, name: String,
                       mode: RecordMode, tolerance: Tolerance = .default) -> SnapshotResult {
        let fm = FileManager.default
        func pixels(_ bytes: [UInt8]) throws(ImageFileError) -> Bitmap {
            try DocumentRasterizer.bitmap(bytes, format: format, width: width, height: height)
        }
        guard fm.fileExists(atPath: golden) else {
            if mode == .never {
                let artifacts = (try? pixels(actual)).flatMap { try? writeArtifacts(name: name, expectedFile: nil, actual: $0, diff: nil) }
                let message = "No golden at \(golden) (record mode never). Record it with --record missing (or TINTYPE_RECORD=missing), look at it, and commit it."
                return SnapshotResult(status: .failed, message: message, comparison: nil, artifacts: artifacts)
            }
            return record(document: actual, golden: golden, why: "No golden at \(golden); recorded it.")
        }
        if mode == .all { return record(document: actual, golden: golden, why: "Recorded \(golden) (record mode all).") }
        guard let data = fm.contents(atPath: golden) else {
            return SnapshotResult(status: .failed, message: "The golden \(golden) is unreadable.", comparison: nil, artifacts: nil)
        }
        let expectedBytes = Array(data)
        if expectedBytes == actual {
            removeArtifacts(name: name)
            return SnapshotResult(status: .passed, message: "identical", comparison: nil, artifacts: nil)
        }
        let actualPixels: Bitmap
        do { actualPixels = try pixels(actual) } catch {
            return SnapshotResult(status: .failed, message: "The render could not be read back as pixels: \(error.message)", comparison: nil, artifacts: nil)
        }
        let expected: Bitmap
        do { expected = try pixels(expectedBytes) } catch {
            if mode == .failed { return record(document: actual, golden: golden, why: "The golden \(golden) was unreadable (\(error.message)); recorded a new one.") }
            let artifacts = try? writeArtifacts(name: name, expectedFile: nil, actual: actualPixels, diff: nil)
            return SnapshotResult(status: .failed, message: "The golden \(golden) is unreadable: \(error.message)", comparison: nil, artifacts: artifacts)
        }
        let quick = Compare.images(expected: expected, actual: actualPixels, tolerance: tolerance)
        if quick.passed {
            removeArtifacts(name: name)
            let message = "the bytes differ, the pixels match (" + (quick.verdict == .identical ? "identical" : quick.summary) + ")"
            return SnapshotResult(status: .passed, message: message, comparison: quick, artifacts: nil)
        }
        let (comparison, diff) = Compare.imagesWithDiff(expected: expected, actual: actualPixels, tolerance: tolerance)
        let artifacts = try? writeArtifacts(name: name, expectedFile: nil, expected: expected, actual: actualPixels, diff: diff)
        if mode == .failed {
            var r = record(document: actual, golden: golden, why: "\(golden) did not match (\(comparison.summary)); recorded the new render.")
            r.comparison = comparison
            r.artifacts = artifacts
            return r
        }
        var message = "\(golden) does not match (drawn as pixels): \(comparison.summary)."
        if artifacts == nil { message += " (The artifacts could not be written to \(artifactsDirectory).)" }
        return SnapshotResult(status: .failed, message: message, comparison: comparison, artifacts: artifacts)
    }

    private func record(document bytes: [UInt8], golden: String, why: String) -> SnapshotResult {
        do {
            let dir = URL(fileURLWithPath: golden).deletingLastPathComponent().path
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try AtomicFile.write(bytes, to: golden)
        } catch {
            return SnapshotResult(status: .failed, message: "Could not record \(golden): \(error)", comparison: nil, artifacts: nil)
        }
        return SnapshotResult(status: .recorded, message: why + " Look at it, then run again to verify.", comparison: nil, artifacts: nil)
    }

    private func record(_ actual: Bitmap, golden: String, why: String) -> SnapshotResult {
        do {
            let dir = URL(fileURLWithPath: golden).deletingLastPathComponent().path
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try AtomicFile.write(try GoldenStamp.stamped(try actual.pngData()), to: golden)
        } catch {
            return SnapshotResult(status: .failed, message: "Could not record \(golden): \(error)", comparison: nil, artifacts: nil)
        }
        return SnapshotResult(status: .recorded, message: why + " Look at it, then run again to verify.", comparison: nil, artifacts: nil)
    }

    /// Adds (or renews) the stamp of the PNG at `path` so that verifying against it need not decode
    /// it: the pixels and image data stay as they are, byte for byte. Returns false when the file
    /// already had a valid stamp and was left alone.
    public static func stamp(golden path: String) throws(ImageFileError) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { throw ImageFileError("cannot read \(path)") }
        let bytes = Array(data)
        if GoldenStamp.valid(in: bytes) != nil { return false }
        do { try AtomicFile.write(try GoldenStamp.stamped(bytes), to: path) } catch {
            throw ImageFileError("\(path): \(error.message)")
        }
        return true
    }

    /// Removes what an earlier failure of `name` left, so the artifacts folder shows only current failures.
    func removeArtifacts(name: String) {
        for suffix in [".expected.png", ".actual.png", ".diff.png", ".strip.png"] {
            try? FileManager.default.removeItem(atPath: artifactsDirectory + "/" + name + suffix)
        }
    }

    /// Writes `<name>.expected.png` (a copy of the golden), `.actual.png`, `.diff.png` and
    /// `.strip.png` (expected | diff | actual) under the artifacts folder.
    /// A vector golden gives its pixels as `expected` instead of a file to copy.
    func writeArtifacts(name: String, expectedFile: String?, expected expectedPixels: Bitmap? = nil, actual: Bitmap, diff: Bitmap?) throws -> Artifacts {
        removeArtifacts(name: name)
        let base = artifactsDirectory + "/" + name
        let dir = URL(fileURLWithPath: base).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var expectedPath: String?
        var expected: Bitmap?
        if let expectedFile, let data = FileManager.default.contents(atPath: expectedFile) {
            expectedPath = base + ".expected.png"
            try AtomicFile.write(Array(data), to: expectedPath!)
            expected = try? Bitmap(png: Array(data))
        } else if let expectedPixels {
            expectedPath = base + ".expected.png"
            try expectedPixels.writePNG(to: expectedPath!)
            expected = expectedPixels
        }
        try actual.writePNG(to: base + ".actual.png")
        var diffPath: String?
        if let diff {
            diffPath = base + ".diff.png"
            try diff.writePNG(to: diffPath!)
        }
        try Strip.make([expected, diff, actual].compactMap { $0 }).writePNG(to: base + ".strip.png")
        return Artifacts(expected: expectedPath, actual: base + ".actual.png", diff: diffPath, strip: base + ".strip.png")
    }
}

/// Images side by side on a light gray background, 16 pixels apart.
public enum Strip {
    public static func make(_ images: [Bitmap]) -> Bitmap {
        let gap = 16
        let width = images.reduce(0) { $0 + $1.width } + gap * (images.count + 1)
        let height = (images.map(\.height).max() ?? 0) + gap * 2
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = 0xE5; pixels[i + 1] = 0xE5; pixels[i + 2] = 0xE5; pixels[i + 3] = 0xFF
        }
        var x0 = gap
        for image in images {
            for y in 0..<image.height {
                let src = y * image.width * 4, dst = ((y + gap) * width + x0) * 4
                // Composite premultiplied pixels over the background.
                for k in 0..<image.width {
                    let s = src + k * 4, d = dst + k * 4
                    let a = Int(image.pixels[s + 3])
                    for c in 0..<3 { pixels[d + c] = UInt8(Int(image.pixels[s + c]) + Int(pixels[d + c]) * (255 - a) / 255) }
                }
            }
            x0 += image.width + gap
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }
}
