#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// A scene taken from an Interface Builder file: `{"storyboard": "../App/Base.lproj/Main.storyboard",
/// "scene": "Settings", "devices": ["iPhone SE", "iPhone X"]}` is the storyboard's Settings scene as
/// `tintype import` would write it, with the file's own keys laid over it (traits, variants,
/// locale), so that an app's screens are tested as they are in Interface Builder, with goldens
/// beside this file. The storyboard (inside the scene's project) is read when the scene is decoded, through the importer that
/// TintypeStoryboard registers (the command line does; a Swift user calls
/// `StoryboardImporter.registerWithSceneDecoder()`).
public enum StoryboardScenes {
    public struct Request: Sendable {
        /// The storyboard or xib, absolute.
        public var path: String
        /// How messages name it: the path as the scene file wrote it, from the scene file's folder.
        public var shown: String
        /// The scene asked for (a storyboard identifier or a controller's id); nil takes the only one.
        public var scene: String?
        /// The scene file's `"device"`, which size-class variations are resolved for.
        public var device: String?
        /// Resolve the size-class variations for a landscape screen (a variant's orientation).
        public var landscape = false
    }

    public struct Imported: Sendable {
        /// The scene's JSON, image and string paths relative to the storyboard's folder.
        public var json: String
        /// The scene's name as the storyboard gives it.
        public var name: String
        /// What the import approximated (`Main.storyboard:42:17: map-1: …`).
        public var warnings: [SceneIssue]
        /// The storyboard's translations, and the `"strings"` value the scene names them by.
        public var strings: (name: String, catalog: StringCatalog)?
        /// The size classes the variations were resolved for; nil when the storyboard has none that vary.
        public var sizeClasses: SizeClasses?
        public init(json: String, name: String, warnings: [SceneIssue], strings: (name: String, catalog: StringCatalog)? = nil) {
            self.json = json; self.name = name; self.warnings = warnings; self.strings = strings
        }
    }

    public typealias Provider = @Sendable (Request) throws(SceneError) -> Imported

    /// The kind of the importer's warning that a prototype table shows each prototype once (its
    /// rows come from code); a scene file that gives the table's rows (`tableData`) drops it.
    public static let prototypeCellsKind = "prototypeCells"

    private static let provider = Mutex<Provider?>(nil)

    /// Makes `"storyboard"` scene files readable (TintypeStoryboard's importer).
    public static func register(_ p: @escaping Provider) { provider.withLock { $0 = p } }

    /// `root` with the scene its `"storyboard"` names laid under its own keys; `root` as it is when it
    /// names none. The imported scene is recorded like an included file, its paths starting from the
    /// storyboard's folder.
    static func resolve(_ root: JSONNode, file: String, directory: String, project: SceneProject, included: inout [SceneIncludes.Included],
                        warnings: inout [SceneIssue], strings: inout (name: String, catalog: StringCatalog)?,
                        for override: (device: Device, orientation: Orientation)? = nil, sizeClasses: inout SizeClasses?) throws(SceneError) -> JSONNode {
        guard case .object(let members) = root.value, let member = members.first(where: { $0.key == "storyboard" }) else { return root }
        guard case .string(let name) = member.value.value, !name.isEmpty else {
            throw SceneError(file: file, path: "storyboard", position: member.value.position,
                             message: "expected the path of a .storyboard or .xib file, found \(member.value.value.kindName)")
        }
        guard name.hasSuffix(".storyboard") || name.hasSuffix(".xib") else {
            throw SceneError(file: file, path: "storyboard", position: member.value.position,
                             message: "\"\(name)\" is not a .storyboard or .xib file")
        }
        var sceneName: String?
        if let s = members.first(where: { $0.key == "scene" }) {
            guard case .string(let v) = s.value.value, !v.isEmpty else {
                throw SceneError(file: file, path: "scene", position: s.value.position,
                                 message: "expected a scene's storyboard identifier or id (a string), found \(s.value.value.kindName)")
            }
            sceneName = v
        }
        var device: String?
        if let d = members.first(where: { $0.key == "device" }), case .string(let v) = d.value.value { device = v }
        if let problem = project.problem(with: name, from: directory) {
            throw SceneError(file: file, path: "storyboard", position: member.value.position, message: "the storyboard " + problem)
        }
        let absolute = URL(fileURLWithPath: name, relativeTo: URL(fileURLWithPath: directory, isDirectory: true)).absoluteURL.standardized.path
        guard case .file = InputFiles.kind(atPath: absolute) else {
            throw SceneError(file: file, path: "storyboard", position: member.value.position, message: "no such file \"\(name)\" (looked for \(absolute))")
        }
        let shown = name.hasPrefix("/") ? name : (file.contains("/") ? URL(fileURLWithPath: file).deletingLastPathComponent().relativePath + "/" + name : name)
        guard let importer = provider.withLock({ $0 }) else {
            throw SceneError(file: file, path: "storyboard", position: member.value.position,
                             message: "reading a storyboard needs TintypeStoryboard: call StoryboardImporter.registerWithSceneDecoder() first")
        }
        let imported: Imported
        do {
            imported = try importer(Request(path: absolute, shown: shown, scene: sceneName, device: override?.device.name ?? device,
                                            landscape: override?.orientation == .landscape))
        } catch {
            // Where the scene file names the storyboard, unless the storyboard's own place is known.
            throw SceneError(issues: error.issues.map { i in
                i.position == nil && i.file == file ? SceneIssue(file: file, path: "storyboard", position: member.value.position, message: i.message) : i
            })
        }
        var node: JSONNode
        do { node = try JSONParser.parse(Array(imported.json.utf8)) } catch {
            throw SceneError(file: shown, position: error.position, message: "the imported scene is not JSON (please report this): \(error.message)")
        }
        let label = shown + "#" + imported.name
        SceneIncludes.stamp(&node, file: label)
        guard case .object(var importedMembers) = node.value else { return root }
        // The scene file's own devices or matrix decide the device: the storyboard's design device steps aside.
        if members.contains(where: { $0.key == "devices" || $0.key == "variants" }) { importedMembers.removeAll { $0.key == "device" } }
        let parent = name.lastIndex(of: "/").map { String(name[..<$0]) } ?? ""
        let folder = name.hasPrefix("/") ? parent + "/" : (parent.isEmpty ? "" : parent + "/")
        included.append(SceneIncludes.Included(shown: label, absolute: absolute, folder: folder))
        warnings += imported.warnings
        strings = imported.strings
        sizeClasses = imported.sizeClasses
        return JSONNode(value: .object(SceneIncludes.merge(importedMembers, members)), position: root.position)
    }
}
