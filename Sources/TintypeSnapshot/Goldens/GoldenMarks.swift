import Foundation

/// How to tell a golden Tintype wrote from any other image beside the scenes (an icon source, a
/// diagram, a texture an SVG uses): `tintype test --stale` and `--prune` only ever name files that
/// carry these marks.
public enum GoldenMarks {
    /// Whether the file at `path` is an image Tintype wrote as a golden: a PNG with a valid stamp
    /// (recorded by `tintype test` or `assertSnapshot`, or marked by `tintype stamp`), or a PDF
    /// whose creator is Tintype. An SVG carries no such mark and is never one.
    public static func isTintypeGolden(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let lower = path.lowercased()
        if lower.hasSuffix(".png") {
            guard let data = try? handle.readToEnd() else { return false }
            return GoldenStamp.valid(in: Array(data)) != nil
        }
        if lower.hasSuffix(".pdf") {
            // Cairo writes the document information near the end, after the pages.
            guard let data = try? handle.readToEnd(), data.starts(with: Array("%PDF-".utf8)) else { return false }
            return data.range(of: Data("/Creator (Tintype)".utf8)) != nil
        }
        return false
    }
}
