#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Checks at decode time that an image file exists and looks like what its name says, so that a
/// missing or obviously corrupt image is reported with its place in the scene before any drawing.
enum ImageFileCheck {
    /// A message describing what is wrong with the file, or nil when it looks fine.
    static func problem(with source: ImageSource, baseDirectory: String?) -> String? {
        guard let format = source.format else {
            return "unsupported image \(quoted(source.path)); use a .png or .svg file"
        }
        let path = source.resolvedPath(in: baseDirectory)
        var isDirectory: Bool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory else {
            return "image file \(quoted(source.path)) not found (looked at \(quoted(path)))"
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return "image file \(quoted(source.path)) cannot be read"
        }
        switch format {
        case .png:
            let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            guard data.count >= 33, Array(data.prefix(8)) == signature else {
                return "image file \(quoted(source.path)) is not a PNG (bad signature)"
            }
        case .svg:
            let head = String(decoding: data.prefix(4096), as: UTF8.self)
            guard head.contains("<svg") else { return "image file \(quoted(source.path)) is not an SVG (no <svg> element)" }
        }
        return nil
    }
}
