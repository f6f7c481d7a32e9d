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
    /// Expected, diff and actual side by side (images only).
    public var strip: String?
}

/// Owns golden files: compares artifacts with them, records them (atomically) when the record mode
/// says so, and writes artifacts for failures, for every strategy's format alike (`Diffing`).
/// Verifying never touches a golden.
///
/// PNG goldens it writes carry a stamp (see `GoldenStamp`): the hash of their pixels and of their
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

    /// Checks `actual` against the golden at `golden`, as `diffing` stores and compares its format,
    /// recording the golden when `mode` says so. `name` names the artifacts
    /// (`Basics/alpha` → `<artifacts>/Basics/alpha.diff.png`). The one verify path: the PNG, SVG,
    /// PDF and text strategies all come through here.
    public func verify<Format>(_ actual: Format, as diffing: Diffing<Format>, golden: String, name: String, mode: RecordMode,
                               tolerance: Tolerance = .default) -> SnapshotResult {
        let fm = FileManager.default
        guard fm.fileExists(atPath: golden) else {
            if mode == .never {
                let artifacts = (try? diffing.show(actual)).flatMap { try? writeArtifacts(name: name, $0) }
                var message = "No golden at \(golden) (record mode never). Record it with --record missing (or TINTYPE_RECORD=missing), look at it, and commit it."
                if artifacts == nil { message += " (The render could not be written to \(artifactsDirectory).)" }
                return SnapshotResult(status: .failed, message: message, comparison: nil, artifacts: artifacts)
            }
            return record(actual, as: diffing, golden: golden, why: "No golden at \(golden); recorded it.")
        }
        if mode == .all {
            return record(actual, as: diffing, golden: golden, why: "Recorded \(golden) (record mode all).")
        }
        let difference: Difference
        do {
            guard let data = fm.contents(atPath: golden) else { throw SnapshotError("cannot read it") }
            let bytes = Array(data)
            difference = try diffing.fastPass(bytes, actual) ?? diffing.diff(bytes, actual, tolerance)
        } catch {
            let reason = (error as? CustomStringConvertible)?.description ?? "\(error)"
            if mode == .failed { return record(actual, as: diffing, golden: golden, why: "The golden \(golden) was unreadable (\(reason)); recorded a new one.") }
            let artifacts = (try? diffing.show(actual)).flatMap { try? writeArtifacts(name: name, $0) }
            return SnapshotResult(status: .failed, message: "The golden \(golden) is unreadable: \(reason)", comparison: nil, artifacts: artifacts)
        }
        if difference.passed {
            removeArtifacts(name: name)
            return SnapshotResult(status: .passed, message: difference.summary, comparison: difference.comparison, artifacts: nil)
        }
        let artifacts = difference.artifacts.flatMap { try? writeArtifacts(name: name, $0) }
        if mode == .failed {
            let why = difference.explanation.map { "\n" + $0 } ?? ""
            var r = record(actual, as: diffing, golden: golden, why: "\(golden) did not match (\(difference.summary)); recorded the new render.\(why)")
            r.comparison = difference.comparison
            r.artifacts = artifacts
            return r
        }
        var message = "\(golden) does not match" + (difference.comparedAs.map { " (\($0))" } ?? "") + ": \(difference.summary)."
        if let why = difference.explanation { message += "\n" + why }
        if artifacts == nil { message += " (The artifacts could not be written to \(artifactsDirectory).)" }
        return SnapshotResult(status: .failed, message: message, comparison: difference.comparison, artifacts: artifacts)
    }

    /// Checks a rendered PNG against the golden at `golden` (the `.png` diffing).
    public func verify(_ actual: Bitmap, golden: String, name: String, mode: RecordMode, tolerance: Tolerance = .default) -> SnapshotResult {
        verify(actual, as: .png, golden: golden, name: name, mode: mode, tolerance: tolerance)
    }

    /// The one record path: writes what `diffing` stores for `actual` at `golden`, atomically.
    private func record<Format>(_ actual: Format, as diffing: Diffing<Format>, golden: String, why: String) -> SnapshotResult {
        do {
            try Self.write(golden: try diffing.toData(actual), to: golden)
        } catch {
            return SnapshotResult(status: .failed, message: "Could not record \(golden): \(error)", comparison: nil, artifacts: nil)
        }
        return SnapshotResult(status: .recorded, message: why + " Look at it, then run again to verify.", comparison: nil, artifacts: nil)
    }

    /// Writes a golden's bytes at `path` (its folder created), atomically: a temporary file
    /// renamed over it. The one way a golden is written, by recording and by `tintype review`.
    public static func write(golden bytes: [UInt8], to path: String) throws {
        let dir = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try AtomicFile.write(bytes, to: path)
    }

    /// The SHA-256 of the file at `path` in hex, or nil when there is no file to read: the state a
    /// results bundle records for each golden and scene file, so that `tintype review` can tell
    /// whether they changed since the run.
    public static func fileHash(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return GoldenStamp.sha256Hex(Array(data))
    }

    /// Adds (or renews) the stamp of the PNG at `path` so that verifying against it need not decode
    /// it: the pixels and image data stay as they are, byte for byte. Returns false when the file
    /// already had a valid stamp of today's hash and was left alone (an older stamp is renewed).
    public static func stamp(golden path: String) throws(ImageFileError) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { throw ImageFileError("cannot read \(path)") }
        let bytes = Array(data)
        if GoldenStamp.valid(in: bytes)?.hash == GoldenStamp.version { return false }
        do { try AtomicFile.write(try GoldenStamp.stamped(bytes), to: path) } catch {
            throw ImageFileError("\(path): \(error.message)")
        }
        return true
    }

    /// Removes what an earlier failure of `name` left, so the artifacts folder shows only current failures.
    func removeArtifacts(name: String) {
        for part in ["expected", "actual", "diff", "strip"] {
            for ext in ["png", "txt"] { try? FileManager.default.removeItem(atPath: artifactsDirectory + "/" + name + "." + part + "." + ext) }
        }
    }

    /// Writes a failure's files under the artifacts folder: `<name>.expected.png` (or `.txt`),
    /// `.actual`, `.diff` and, for images, `.strip.png` (expected | diff | actual).
    func writeArtifacts(name: String, _ files: ArtifactFiles) throws -> Artifacts {
        removeArtifacts(name: name)
        let base = artifactsDirectory + "/" + name
        let dir = URL(fileURLWithPath: base).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        func write(_ file: ArtifactFiles.File, _ part: String) throws -> String {
            switch file {
            case .image(let bitmap):
                let path = base + "." + part + ".png"
                // Looked at once, then replaced: written fast rather than small.
                try bitmap.writePNG(to: path, fast: true)
                return path
            case .bytes(let bytes, let ext):
                let path = base + "." + part + "." + ext
                try AtomicFile.write(bytes, to: path)
                return path
            }
        }
        let expected = try files.expected.map { try write($0, "expected") }
        let actual = try write(files.actual, "actual")
        let diff = try files.diff.map { try write($0, "diff") }
        let strip = try files.strip.map { try write($0, "strip") }
        return Artifacts(expected: expected, actual: actual, diff: diff, strip: strip)
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
