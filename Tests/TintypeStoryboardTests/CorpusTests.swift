import Foundation
import Testing
@testable import TintypeModel
@testable import TintypeStoryboard

/// Real Interface Builder files from public repositories, when a folder of them is at hand
/// (`TINTYPE_STORYBOARD_CORPUS=/path/to/folder swift test --filter CorpusTests`): every file must
/// import, and every scene it gives must decode. Without the variable, or without the folder, the
/// test is skipped; the repository never holds such files.
struct CorpusTests {
    static let folder = ProcessInfo.processInfo.environment["TINTYPE_STORYBOARD_CORPUS"]

    static var files: [String] {
        guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { $0.hasSuffix(".storyboard") || $0.hasSuffix(".xib") }.sorted().map { folder + "/" + $0 }
    }

    @Test(.enabled(if: !files.isEmpty, "set TINTYPE_STORYBOARD_CORPUS to a folder of storyboards and xibs"))
    func everyFileImportsAndEverySceneDecodes() throws {
        var clean = 0
        var byKind: [String: Int] = [:]
        var report: [String] = []
        for file in Self.files {
            let result: StoryboardImport
            do {
                result = try StoryboardImporter.importFile(file)
            } catch {
                Issue.record("\(file): \(error)")
                continue
            }
            if result.warnings.isEmpty { clean += 1 }
            for w in result.warnings { byKind[w.kind, default: 0] += 1 }
            #expect(!result.scenes.isEmpty, "\(file) gave no scene")
            for scene in result.scenes {
                do {
                    _ = try SceneDecoder.decode(scene.json, file: scene.name + ".json", baseDirectory: (file as NSString).deletingLastPathComponent)
                } catch {
                    Issue.record("\(file) scene \(scene.name) does not decode:\n\(error)\n\(scene.json.prefix(3000))")
                }
            }
            report.append("\((file as NSString).lastPathComponent): \(result.scenes.count) scenes, \(result.warnings.count) warnings")
        }
        let kinds = byKind.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("Corpus: \(Self.files.count) files, \(clean) without a warning; warnings by kind: \(kinds)\n" + report.joined(separator: "\n"))
    }
}
