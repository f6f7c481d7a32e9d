import Foundation
import Testing

/// The house line length: no line of Swift in the package's code is longer than 180 characters
/// (docs/architecture.md, "House style").
@Suite struct SourceStyleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let limit = 180
    /// The folders whose Swift the rule covers; the tests' own fixtures and goldens are not in them.
    static let folders = ["Sources", "Plugins", "Benchmarks/Sources", "Stress/Sources", "Fuzz"]

    /// `file:line: N characters` for every line of `text` longer than `limit` characters.
    static func longLines(in text: String, file: String, limit: Int = limit) -> [String] {
        // Split on Character.isNewline: "\r\n" is one Character, so splitting on "\n" alone would miss it.
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated().compactMap { i, line in
            line.count > limit ? "\(file):\(i + 1): \(line.count) characters" : nil
        }
    }

    /// The Swift files under `folder` (relative to the package root), sorted; none if it does not exist.
    static func swiftFiles(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root + "/" + folder) else { return [] }
        var files: [String] = []
        while let path = walker.nextObject() as? String {
            if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            if path.hasSuffix(".swift") { files.append(folder + "/" + path) }
        }
        return files.sorted()
    }

    @Test func aLineOverTheLimitIsNamed() {
        let text = String(repeating: "x", count: 180) + "\n" + String(repeating: "é", count: 181) + "\r\n// short"
        #expect(Self.longLines(in: text, file: "A.swift") == ["A.swift:2: 181 characters"])
        #expect(Self.longLines(in: String(repeating: "y", count: 180), file: "B.swift").isEmpty)
    }

    @Test func noSwiftLineIsLongerThanTheLimit() throws {
        let files = Self.folders.flatMap(Self.swiftFiles(under:))
        #expect(files.count > 50, "found only \(files.count) Swift files under \(Self.root)")
        var long: [String] = []
        for file in files {
            long += Self.longLines(in: try String(contentsOfFile: Self.root + "/" + file, encoding: .utf8), file: file)
        }
        #expect(long.isEmpty, Comment(rawValue: "\(long.count) line\(long.count == 1 ? " is" : "s are") longer than \(Self.limit) characters; "
            + "wrap them in the file's own style:\n" + long.joined(separator: "\n")))
    }
}
