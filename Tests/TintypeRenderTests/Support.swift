import Foundation
import TintypeModel
@testable import TintypeRender

/// The repository's root, found from this file's path.
let repositoryRoot: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

let snapshotsRoot = repositoryRoot + "/Snapshots"

/// Every scene file under Snapshots/, relative to it, sorted.
func snapshotScenes() -> [String] {
    guard let e = FileManager.default.enumerator(atPath: snapshotsRoot) else { return [] }
    return e.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted()
}

/// Every golden the suite checks: a scene's path, or `path#device` for each device of a scene
/// that lists `devices`.
func snapshotCases() -> [String] {
    snapshotScenes().flatMap { relative -> [String] in
        guard let s = try? SceneDecoder.load(path: snapshotsRoot + "/" + relative), !s.devices.isEmpty else { return [relative] }
        return s.devices.map { relative + "#" + $0.slug }
    }
}

/// One renderer for the whole test run, as the CLI uses one per run.
let sharedRenderer = Renderer()

func scene(_ json: String, base: String? = nil) throws -> Scene {
    try SceneDecoder.decode(json, file: "test.json", baseDirectory: base)
}

/// A temporary folder removed at exit of the closure.
func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let dir = NSTemporaryDirectory() + "tintype-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    return try body(dir)
}
