import Foundation
import TintypeModel

// Why through the scene decoder: a scene file that names a storyboard (`{"storyboard": …,
// "scene": …}`) is then a scene like any other to every command (render, test, variants, sheet,
// audit), with its goldens beside it; the importer turns the storyboard into the scene's JSON as
// `tintype import` would write it, and the decoder lays the file's own keys over it. Nothing is
// written: the translations go to the decoder as a catalog in memory.

extension StoryboardImporter {
    /// The folder an app's files lie in, seen from a storyboard's folder: the first of it and the
    /// three above it with an `.xcodeproj`, `.xcworkspace`, `Package.swift` or `.git` (where its
    /// asset catalogs are looked for), else the folder above it.
    public static func projectRoot(near directory: String) -> String { AssetCatalog.projectRoot(near: directory) }

    /// Makes scene files that name a storyboard's scene readable by `SceneDecoder`
    /// (`{"storyboard": "Main.storyboard", "scene": "Settings"}`). The command line calls it at start.
    public static func registerWithSceneDecoder() {
        StoryboardScenes.register { request throws(SceneError) in try scene(for: request) }
    }

    /// The scene a scene file asks for: imported with image paths from the storyboard's folder,
    /// its translations as a catalog in memory (nothing is written).
    static func scene(for request: StoryboardScenes.Request) throws(SceneError) -> StoryboardScenes.Imported {
        let folder = (request.path as NSString).deletingLastPathComponent
        let result: StoryboardImport
        do {
            let device = request.device.flatMap { Device.named($0) == nil ? nil : $0 }
            result = try sharedImport(request.path, options: Options(device: device, imageDirectory: folder, landscape: request.landscape ? true : nil))
        } catch {
            throw SceneError(issues: error.issues.map { issue($0, shown: request.shown) })
        }
        let names = result.scenes.map(\.name)
        let chosen: StoryboardImport.Scene
        if let wanted = request.scene {
            guard let s = result.scenes.first(where: { $0.name == wanted }) ?? result.scenes.first(where: { $0.id == wanted }) else {
                var message = "\(request.shown) has no scene \"\(wanted)\" (its scenes: \(names.joined(separator: ", ")))"
                if let near = Suggest.closest(to: wanted, in: names) { message += "; did you mean \"\(near)\"?" }
                throw SceneError(file: request.shown, message: message)
            }
            chosen = s
        } else {
            guard result.scenes.count == 1, let only = result.scenes.first else {
                throw SceneError(file: request.shown, message: result.scenes.isEmpty ? "\(request.shown) has no scene Tintype can draw"
                                 : "\(request.shown) has \(names.count) scenes; name one with \"scene\": \(names.joined(separator: ", "))")
            }
            chosen = only
        }
        var strings: (name: String, catalog: StringCatalog)?
        if let folder = result.strings {
            let shown = ((request.shown as NSString).deletingLastPathComponent as NSString).appendingPathComponent(folder.name)
            strings = (folder.name, try StringCatalog.strings(folder.files.map { ($0.path, $0.text) }, name: shown))
        }
        // A warning about an object that another scene holds, and this one does not, is that scene's.
        let others = result.scenes.filter { $0.id != chosen.id }
        let warnings = result.warnings.filter { w in
            // A scene file's variants each take their own size classes: the note that one set was chosen is the import's.
            if w.kind == "variation" { return false }
            guard let id = w.id else { return true }
            let quotedId = "\"\(id)\""
            return chosen.json.contains(quotedId) || !others.contains { $0.json.contains(quotedId) }
        }
        var imported = StoryboardScenes.Imported(json: chosen.json, name: chosen.name, warnings: warnings.map { issue($0, shown: request.shown) },
                                                 strings: strings)
        imported.sizeClasses = result.sizeClasses
        return imported
    }

    /// An importer's issue as the decoder reports one: the storyboard as the scene file names it, its line:column, the id.
    static func issue(_ i: StoryboardIssue, shown: String) -> SceneIssue {
        var position = i.position
        position?.file = nil
        return SceneIssue(file: shown, path: "", position: position, message: (i.id.map { $0 + ": " } ?? "") + i.message, kind: i.kind, objectID: i.id)
    }
}
