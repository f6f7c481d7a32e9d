import Foundation
import TintypeModel
import TintypeSnapshot
import TintypeStoryboard

/// Storyboards and xibs named on the command line: each scene becomes a scene file named
/// `NAME.SCENE.json` beside the storyboard (never written; its renders are `NAME.SCENE.png`), read
/// as a scene file that names it (`{"storyboard": "NAME.storyboard", "scene": "SCENE"}`) is read.
enum StoryboardFiles {
    static func isStoryboard(_ path: String) -> Bool { path.hasSuffix(".storyboard") || path.hasSuffix(".xib") }

    /// The scenes of the storyboard at `path` (only those named in `only`, by name or id, when it
    /// is not empty), and which names of `only` it has.
    static func sceneFiles(_ path: String, only: [String], overriding overrides: TraitSet) -> (files: [SceneFile], matched: Set<String>) {
        // The storyboard is imported once: for its list of scenes and for each scene read below.
        StoryboardImporter.sharingImports { sharedSceneFiles(path, only: only, overriding: overrides) }
    }

    private static func sharedSceneFiles(_ path: String, only: [String], overriding overrides: TraitSet) -> (files: [SceneFile], matched: Set<String>) {
        let folder = (path as NSString).deletingLastPathComponent
        let list: StoryboardImport
        do {
            // As each scene's reading below asks for it (the absolute path, images from its folder), so that the import is shared.
            let name = (path as NSString).lastPathComponent
            let absolute = URL(fileURLWithPath: name, relativeTo: URL(fileURLWithPath: folder.isEmpty ? "." : folder, isDirectory: true))
                .absoluteURL.standardized.path
            let options = StoryboardImporter.Options(imageDirectory: (absolute as NSString).deletingLastPathComponent)
            list = try Watchdog.watch("reading \(path)") { () throws(StoryboardError) in try StoryboardImporter.sharedImport(absolute, options: options) }
        } catch {
            return ([SceneFile(path: path, failed: Self.failure(path, else: error.description))], [])
        }
        let name = (path as NSString).lastPathComponent
        // The app's folder (--root, else the one with its .xcodeproj or .git, as the asset catalogs are looked for).
        let project = ProjectRoot.given ?? StoryboardImporter.projectRoot(near: folder)
        var files: [SceneFile] = []
        var matched = Set<String>()
        for s in list.scenes where only.isEmpty || only.contains(s.name) || only.contains(s.id) {
            matched.formUnion([s.name, s.id])
            let virtual = virtualPath(storyboard: path, scene: s.name)
            let pointer = "{\"storyboard\": \(quotedJSON(name)), \"scene\": \(quotedJSON(s.name))}"
            do {
                let scene = try Watchdog.watch("reading \(path) (\(s.name))") { () throws(SceneError) in
                    try SceneDecoder.decode(Array(pointer.utf8), file: virtual, baseDirectory: folder.isEmpty ? "." : folder,
                                            locales: overrides.locale.map { [$0] } ?? [], root: project)
                }
                files.append(Watchdog.watch("reading \(path) (\(s.name))") { SceneFile(path: virtual, scene: scene, overriding: overrides) })
            } catch {
                files.append(SceneFile(path: virtual, failed: error.description))
            }
        }
        return (files, matched)
    }

    static func quotedJSON(_ s: String) -> String { JSONString.quoted(s) }

    /// The scene file a storyboard's scene stands for, `NAME.SCENE.json` beside the storyboard: its
    /// goldens and artifacts are named from it as `tintype render` names the scene's PNG.
    static func virtualPath(storyboard path: String, scene: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return (folder.isEmpty ? "" : folder + "/") + stem + "." + scene + ".json"
    }

    /// The scene's name back from the path `virtualPath(storyboard:scene:)` gave it.
    static func sceneName(ofVirtualPath file: String, storyboard path: String) -> String {
        let prefix = ((path as NSString).lastPathComponent as NSString).deletingPathExtension + "."
        return String(SceneFile.stem(of: (file as NSString).lastPathComponent).dropFirst(prefix.count))
    }

    /// Why the storyboard at `path` cannot be read, naming it as it was given (`fallback` if it now can).
    static func failure(_ path: String, else fallback: String) -> String {
        do { _ = try StoryboardImporter.importFile(path); return fallback } catch { return error.description }
    }
}
