import Foundation
import Testing
@testable import TintypeModel

/// Include graphs cost what their files hold (issue 35): each file is read and merged once however
/// often it is included, without recursion, within a depth and a byte budget.
@Suite struct IncludeGraphTests {
    func folder(_ files: [String: String]) throws -> String {
        let dir = NSTemporaryDirectory() + "tintype-include-graph-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + name)) }
        return dir
    }

    func issues(_ path: String) -> [SceneIssue] {
        do { _ = try SceneDecoder.load(path: path); return [] } catch { return error.issues }
    }

    /// 25 files, each including the next one twice: 2^24 paths through the graph, 25 files to read.
    @Test func aDiamondCostsItsFileCount() throws {
        var files: [String: String] = ["f24.json": #"{"tintColor": "systemRed", "statusBar": {"time": "10:24"}}"#]
        for i in 0..<24 { files["f\(i).json"] = "{\"include\": [\"f\(i + 1).json\", \"f\(i + 1).json\"], \"statusBar\": {\"carrier\": \"F\(i)\"}}" }
        files["scene.json"] = #"{"include": ["f0.json", "f0.json"], "root": {"view": {}}}"#
        let dir = try folder(files)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = try SceneDecoder.load(path: dir + "/scene.json")
        #expect(scene.tintColor == .systemRed)
        #expect(scene.statusBar.time == "10:24" && scene.statusBar.carrier == "F0")
        #expect(scene.includedFiles.count == 25)
    }

    @Test func includesNestAtMostTheLimit() throws {
        func chain(_ count: Int) throws -> String {
            var files: [String: String] = ["c\(count).json": #"{"tintColor": "systemRed"}"#]
            for i in 1..<count { files["c\(i).json"] = "{\"include\": [\"c\(i + 1).json\"]}" }
            files["scene.json"] = #"{"include": ["c1.json"], "root": {"view": {}}}"#
            return try folder(files)
        }
        let fits = try chain(SceneLimits.maxIncludeDepth)
        defer { try? FileManager.default.removeItem(atPath: fits) }
        #expect(issues(fits + "/scene.json").isEmpty)
        // One more level, and 1,200 (which overflowed the preview's 1 MiB thread stacks when includes recursed).
        for count in [SceneLimits.maxIncludeDepth + 1, 1_200] {
            let deep = try chain(count)
            defer { try? FileManager.default.removeItem(atPath: deep) }
            let found = issues(deep + "/scene.json")
            #expect(found.count == 1 && found.first?.path == "include[0]", "\(found)")
            #expect(found.first?.file.hasSuffix("/c\(SceneLimits.maxIncludeDepth).json") == true)
            #expect(found.first?.message == "includes nest deeper than \(SceneLimits.maxIncludeDepth) files: "
                    + "\"c\(SceneLimits.maxIncludeDepth + 1).json\" is one level too deep", "\(found)")
        }
    }

    @Test func theFilesOneSceneIncludesHoldAtMostTheByteLimit() throws {
        // Four files of 5 MiB each: every one under the limit of a file, together over the scene's.
        let padding = String(repeating: " ", count: 5 << 20)
        var files: [String: String] = ["scene.json": #"{"include": ["a.json", "b.json", "c.json", "d.json"], "root": {"view": {}}}"#]
        for name in ["a", "b", "c", "d"] { files[name + ".json"] = "{" + padding + "}" }
        let dir = try folder(files)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let found = issues(dir + "/scene.json")
        #expect(found.count == 1 && found.first?.path == "include[3]", "\(found)")
        #expect(found.first?.message.contains("more than the limit of \(SceneLimits.maxIncludedBytes) bytes a scene may include in all") == true)
    }
}
