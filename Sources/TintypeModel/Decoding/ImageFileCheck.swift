#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Checks at decode time that an image file exists and looks like what its name says, so that a
/// missing or obviously corrupt image is reported with its place in the scene before any drawing.
enum ImageFileCheck {
    /// A message describing what is wrong with the file, or nil when it looks fine. The path must
    /// lie inside `project` and name a regular file: anything else is refused before it is opened.
    static func problem(with source: ImageSource, baseDirectory: String?, project: SceneProject) -> String? {
        guard let format = source.format else {
            return "unsupported image \(quoted(source.path)); use a .png or .svg file"
        }
        if let problem = project.problem(with: source.path, from: baseDirectory ?? FileManager.default.currentDirectoryPath) {
            return "image file " + problem
        }
        let path = source.resolvedPath(in: baseDirectory)
        let data: [UInt8]
        switch InputFiles.kind(atPath: path) {
        case .missing: return "image file \(quoted(source.path)) not found (looked at \(quoted(path)))"
        // The size first, then only the head of the file: a huge or lying image is refused unread.
        case .file(let size) where size > SceneLimits.maxImageFileSize:
            return "image file \(quoted(source.path)) is \(size) bytes, more than the limit of \(SceneLimits.maxImageFileSize)"
        case .file:
            guard let head = readHead(ofFile: path, count: 4096) else { return "image file \(quoted(source.path)) cannot be read" }
            data = head
        case let kind:
            return "image file \(quoted(source.path)) \(kind.problem ?? "is not a file")"
        }
        switch format {
        case .png:
            switch PNGHeader.read(data) {
            case .failure(let problem): return "image file \(quoted(source.path)) is \(problem)"
            case .success(let header):
                if let problem = header.pixelLimitProblem { return "image file \(quoted(source.path)) is too large: \(problem)" }
            }
        case .svg:
            let head = String(decoding: data, as: UTF8.self)
            guard head.contains("<svg") else { return "image file \(quoted(source.path)) is not an SVG (no <svg> element)" }
        }
        return nil
    }
}
