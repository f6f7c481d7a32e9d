import Foundation
import Testing

/// The README's "Setting up a package of your own" builds as printed: a clean package beside a
/// folder named `Tintype` (this checkout, linked), its Package.swift holding the README's
/// `.package(path: "../Tintype")` and test target exactly, its test file the README's example
/// exactly. The snippet once named a package identity the path did not give, the example used
/// `@Test` without `import Testing`, and `Tolerance` needed a product the README did not list;
/// none of it compiled.
///
/// Building Tintype from scratch takes minutes, so the test runs when TINTYPE_README_BUILD is set
/// (Scripts/test sets it, so CI runs it); `readmeSnippetsAreFound` always runs.
@Suite struct ReadmeSetupTests {
    static let readme = CLITests.root + "/README.md"

    /// The README's Swift code blocks: the first after `after`.
    static func swiftBlock(after marker: String) throws -> String {
        let text = try String(contentsOfFile: readme, encoding: .utf8)
        guard let start = text.range(of: marker) else { throw Missing(what: marker) }
        guard let open = text.range(of: "```swift\n", range: start.upperBound..<text.endIndex),
              let close = text.range(of: "```", range: open.upperBound..<text.endIndex) else { throw Missing(what: "a swift block after \(marker)") }
        // Blocks inside a list item are indented; the indentation is the list's, not the code's.
        let lines = text[open.upperBound..<close.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n")
    }

    struct Missing: Error, CustomStringConvertible { var what: String; var description: String { "README has no \(what)" } }

    static func snippets() throws -> (target: String, test: String, dependency: String) {
        let target = try swiftBlock(after: "4. Give the test target")
        let test = try swiftBlock(after: "With Swift Testing")
        let text = try String(contentsOfFile: readme, encoding: .utf8)
        guard let dep = text.range(of: #"`.package(path: "../Tintype")`"#) else { throw Missing(what: "path dependency") }
        return (target, test, String(text[dep].dropFirst().dropLast()))
    }

    @Test func readmeSnippetsAreFound() throws {
        let s = try Self.snippets()
        #expect(s.target.hasPrefix(".testTarget("))
        #expect(s.test.contains("@Test func"))
        #expect(s.dependency == #".package(path: "../Tintype")"#)
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["TINTYPE_README_BUILD"] != nil, "set TINTYPE_README_BUILD to build the README's package"),
          .timeLimit(.minutes(30)))
    func readmeSetupBuildsAsPrinted() throws {
        let s = try Self.snippets()
        let dir = NSTemporaryDirectory() + "tintype-readme-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/App/Tests/AppSnapshotTests/__Snapshots__", withIntermediateDirectories: true)
        // The README's `../Tintype`: a folder of that name beside the app, this checkout.
        try fm.createSymbolicLink(atPath: dir + "/Tintype", withDestinationPath: CLITests.root)
        let manifest = """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "App",
            dependencies: [\(s.dependency)],
            targets: [
        \(s.target)
            ]
        )

        """
        try manifest.write(toFile: dir + "/App/Package.swift", atomically: true, encoding: .utf8)
        try s.test.write(toFile: dir + "/App/Tests/AppSnapshotTests/ProfileCardTests.swift", atomically: true, encoding: .utf8)

        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["swift", "build", "--build-tests", "--package-path", dir + "/App"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let log = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "the README's package does not build:\n\(String(decoding: log, as: UTF8.self).suffix(4000))\n--- Package.swift:\n\(manifest)")
    }
}
