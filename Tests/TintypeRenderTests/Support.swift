import Foundation
import TintypeModel
import TintypeSnapshot
import TintypeStoryboard
@testable import TintypeLayout
@testable import TintypeRender

/// The repository's root, found from this file's path.
let repositoryRoot: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

let snapshotsRoot = repositoryRoot + "/Snapshots"

/// Scene files that name a storyboard's scene are read as the command line reads them.
let storyboardScenesRead: Void = StoryboardImporter.registerWithSceneDecoder()

/// Every scene file under Snapshots/ (its .json files but the themes they include), relative to it, sorted.
func snapshotScenes() -> [String] {
    storyboardScenesRead
    guard let e = FileManager.default.enumerator(atPath: snapshotsRoot) else { return [] }
    let files = e.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted()
    return SceneFiles.scenes(among: files.map { snapshotsRoot + "/" + $0 }).map { String($0.dropFirst(snapshotsRoot.count + 1)) }
}

/// Every golden the suite checks, as SceneFile names them: a scene's path, or `path#suffix` for
/// each variant of a scene with `variants` or `devices` (`Gallery/game.json#.iphone-x`).
func snapshotCases() -> [String] {
    snapshotScenes().flatMap { relative -> [String] in
        SceneFile(path: snapshotsRoot + "/" + relative, root: snapshotsRoot).outputs.map { relative + ($0.suffix.map { "#" + $0 } ?? "") }
    }
}

/// One renderer for the whole test run, as the CLI uses one per run.
let sharedRenderer = Renderer()

func scene(_ json: String, base: String? = nil) throws -> Scene {
    try SceneDecoder.decode(json, file: "test.json", baseDirectory: base)
}

/// Every item of `items`, groups opened, in drawing order.
func flat(_ items: [DisplayItem]) -> [DisplayItem] {
    items.flatMap { item -> [DisplayItem] in if case .group(let g) = item { flat(g.items) } else { [item] } }
}

/// The text items of a display list, groups opened, in drawing order.
func texts(_ list: DisplayList) -> [TextItem] { texts(list.items) }

/// The text items among `items`, groups opened, in drawing order.
func texts(_ items: [DisplayItem]) -> [TextItem] {
    flat(items).compactMap { if case .text(let t) = $0 { t } else { nil } }
}

/// The box around a path's end points (curves' control points left out), as tests read the
/// frames of rectangles and rounded rectangles off a display list.
func endPointBounds(_ path: Path) -> Rect {
    let pts = path.commands.compactMap { c -> Point? in
        switch c { case .move(let p), .line(let p): p; case .cubic(_, _, let p): p; case .close: nil }
    }
    guard let x0 = pts.map(\.x).min(), let x1 = pts.map(\.x).max(), let y0 = pts.map(\.y).min(), let y1 = pts.map(\.y).max() else { return .zero }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
}

/// A temporary folder removed at exit of the closure.
func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let dir = NSTemporaryDirectory() + "tintype-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    return try body(dir)
}
