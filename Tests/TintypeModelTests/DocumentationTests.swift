import Foundation
import Testing

/// The repository stands alone: its documentation's links lead to files and headings that exist,
/// and no file points at a spec, a folder or a machine outside it.
@Suite struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// README.md and every Markdown file in docs/.
    static func documents() -> [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root + "/docs")) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().compactMap { c -> Character? in
            if c == " " { return "-" }
            return c.isLetter || c.isNumber || c == "-" || c == "_" ? c : nil
        })
    }

    static func anchors(in text: String) -> Set<String> {
        var out = Set<String>(), inCode = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle(); continue }
            if !inCode, line.hasPrefix("#") { out.insert(anchor(String(line.drop { $0 == "#" }.dropFirst()))) }
        }
        return out
    }

    @Test func everyLinkLeadsSomewhere() throws {
        var broken: [String] = []
        for doc in Self.documents() {
            let text = try String(contentsOfFile: Self.root + "/" + doc, encoding: .utf8)
            let folder = (doc as NSString).deletingLastPathComponent
            let regex = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
            for m in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let target = String(text[Range(m.range(at: 1), in: text)!])
                if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:") { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? doc : (folder.isEmpty ? parts[0] : folder + "/" + parts[0])
                let path = (Self.root + "/" + file as NSString).standardizingPath
                guard path.hasPrefix(Self.root + "/"), FileManager.default.fileExists(atPath: path) else {
                    broken.append("\(doc): \(target): no such file in the repository"); continue
                }
                if parts.count == 2, path.hasSuffix(".md") {
                    let anchors = Self.anchors(in: try String(contentsOfFile: path, encoding: .utf8))
                    if !anchors.contains(parts[1]) { broken.append("\(doc): \(target): no such heading") }
                }
            }
        }
        #expect(broken.isEmpty, Comment(rawValue: broken.joined(separator: "\n")))
    }

    /// Nothing names the spec or the shared folder the project started from, or a machine's paths.
    @Test func nothingPointsOutsideTheRepository() throws {
        // Spelled in pieces so that this file does not find itself.
        let forbidden = ["../" + "shared", "UIKIT" + "-SPEC", "/" + "work/", "/" + "opt/swift", "/" + "home/", "/" + "Users/"]
        let skip: Set = [".build", ".git", ".swiftpm", "node_modules"]
        var found: [String] = []
        let e = FileManager.default.enumerator(atPath: Self.root)
        while let relative = e?.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if skip.contains(name) { e?.skipDescendants(); continue }
            guard [".swift", ".md", ".json", ".sh", ".py", ".html", ".js", ".css", ".yml", ".yaml", ".pc", ".modulemap", ".h", ".c", ".txt"].contains(where: relative.hasSuffix)
                    || relative.hasPrefix("Scripts/") else { continue }
            guard let data = FileManager.default.contents(atPath: Self.root + "/" + relative), data.count < 4_000_000 else { continue }
            let text = String(decoding: data, as: UTF8.self)
            for f in forbidden where text.contains(f) { found.append("\(relative): \(f)") }
        }
        #expect(found.isEmpty, Comment(rawValue: found.joined(separator: "\n")))
    }
}
