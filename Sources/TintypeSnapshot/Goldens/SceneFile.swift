import Foundation
import TintypeModel
import TintypeRender

/// A scene file and the images it stands for: one per variant of its matrix, each with the golden
/// PNG beside the scene and the name its failure artifacts go by. This is the one place that maps
/// a scene to file names; `tintype test`, `tintype render`, stale-golden detection, the contact
/// sheet and the Swift API all ask it.
///
/// ```swift
/// let file = SceneFile(path: "Snapshots/Settings/settings.json")
/// file.outputs.map(\.golden)   // [".../settings.iphone-se.ax3.rtl.png", ...]
/// ```
public struct SceneFile: Sendable {
    /// The scene file as given (`Snapshots/Basics/alpha.json`, or `-` for standard input).
    public let path: String
    /// The decoded scene; nil when it does not decode (then `error` says why).
    public let scene: Scene?
    /// Why the scene cannot be rendered, as the decoder says it (file, line:column, path, value).
    public let error: String?
    /// One per render, in the matrix's order; a scene that does not decode has one, with no variant,
    /// so that checking it reports the error.
    public let outputs: [Output]

    /// One render of a scene file.
    public struct Output: Sendable {
        /// The scene file this render comes from.
        public var scenePath: String
        /// The render's traits and name; nil when the scene file does not decode.
        public var plan: VariantPlan?
        /// The scene file's decoded scene, which every output of the file shares and makes its render from.
        let decoded: DecodedScene?
        /// The render's traits and scene; nil when the scene file does not decode. Made from the
        /// decoded scene each time it is asked for (a copy of the scene with the traits set, so
        /// that a run of thousands of renders holds one scene a file, not one a render): keep it
        /// while it is used.
        public var variant: Variant? {
            guard let plan, let decoded else { return nil }
            return decoded.scene.variant(plan)
        }
        /// Why the scene file does not decode; nil when `variant` is set.
        public var error: String?
        /// The golden PNG beside the scene file: `settings.iphone-se.ax3.rtl.png`.
        public var golden: String
        /// The name of the failure artifacts under the artifacts folder: `Snapshots/Settings/settings.iphone-se.ax3.rtl`.
        public var artifactName: String

        /// The file-name suffix that tells this render from the others of its scene (`.iphone-se.ax3.rtl`).
        public var suffix: String? { plan?.suffix }
        /// The varying traits for people: `iPhone SE, AX3, RTL`; nil for a scene that renders once.
        public var label: String? { plan?.label }
        /// The scene file with the variant, for messages and the report: `settings.json [iPhone SE, AX3, RTL]`.
        public var displayName: String { label.map { "\(scenePath) [\($0)]" } ?? scenePath }
        /// A render error of this output as the decoder reports a problem: the scene file (or the
        /// included file the value came from), the line and column, the variant, the path.
        public func describe(_ error: RenderError) -> String {
            error.located(in: scenePath == "-" ? "<stdin>" : scenePath, variant: label)
        }
        /// Where this render goes when the scene's PNG would be `base.png`: `base.iphone-se.ax3.rtl.png`.
        public func file(base: String) -> String { SceneFile.png(base: base, suffix: suffix) }
    }

    /// Reads and expands the scene file at `path`, with `overrides` picking or replacing traits (a
    /// locale override is decoded too, so its texts are translated and checked). The files it names
    /// must lie inside `root` (by default its own folder; see `SceneProject`).
    public init(path: String, overriding overrides: TraitSet = TraitSet(), root: String? = nil) {
        let scene: Scene?
        var error: String?
        do { scene = try SceneDecoder.load(path: path, locales: overrides.locale.map { [$0] } ?? [], root: root) } catch let e {
            scene = nil
            error = e.description
        }
        self.init(path: path, decoded: scene, error: error, overriding: overrides)
    }

    /// Expands a scene file already read and parsed (`SceneFiles.read`), as `init(path:)` would.
    public init(_ file: SceneFiles.Read, overriding overrides: TraitSet = TraitSet(), root: String? = nil) {
        let scene: Scene?
        var error: String?
        do { scene = try SceneDecoder.load(file, locales: overrides.locale.map { [$0] } ?? [], root: root) } catch let e {
            scene = nil
            error = e.description
        }
        self.init(path: file.path, decoded: scene, error: error, overriding: overrides)
    }

    /// A scene already decoded (or made in Swift), named as if it were read from `path`.
    public init(path: String, scene: Scene, overriding overrides: TraitSet = TraitSet()) {
        self.init(path: path, decoded: scene, error: nil, overriding: overrides)
    }

    /// A scene file that could not be read or decoded, for `error` (the decoder's message).
    public init(path: String, failed error: String) {
        self.init(path: path, decoded: nil, error: error, overriding: TraitSet())
    }

    private init(path: String, decoded: Scene?, error: String?, overriding overrides: TraitSet) {
        self.path = path
        let stem = SceneFile.stem(of: path)
        let artifacts = SceneFile.artifactName(path)
        var error = error
        var plans: [VariantPlan] = []
        if let decoded {
            do { plans = try decoded.planVariants(overriding: overrides) } catch let e {
                error = "\(path): \(e)"
            }
        }
        self.scene = error == nil ? decoded : nil
        self.error = error
        if let decoded, error == nil, !plans.isEmpty {
            let shared = DecodedScene(scene: decoded)
            outputs = plans.map { v in
                Output(scenePath: path, plan: v, decoded: shared, error: nil, golden: SceneFile.golden(base: stem, suffix: v.suffix),
                       artifactName: artifacts + (v.suffix ?? ""))
            }
        } else {
            outputs = [Output(scenePath: path, plan: nil, decoded: nil, error: error ?? "\(path): nothing to render", golden: stem + ".png",
                              artifactName: artifacts)]
        }
    }

    /// A scene file's decoded scene, held once for all its outputs.
    final class DecodedScene: Sendable {
        let scene: Scene
        init(scene: Scene) { self.scene = scene }
    }

    /// The one naming rule: a render's PNG is the scene's base name, its suffix, then `.png`.
    public static func png(base: String, suffix: String?) -> String { file(base: base, suffix: suffix, pathExtension: "png") }

    /// The one naming rule: base name, the variant's suffix, the format's extension.
    public static func file(base: String, suffix: String?, pathExtension: String) -> String { base + (suffix ?? "") + "." + pathExtension }

    /// The golden of a render: its PNG, unless there is none and an SVG or PDF golden stands in
    /// its place (recorded with `tintype render scene.json -o scene.svg`); `tintype test` then
    /// renders that format and compares it.
    public static func golden(base: String, suffix: String?) -> String {
        let png = png(base: base, suffix: suffix)
        if FileManager.default.fileExists(atPath: png) { return png }
        for ext in [".svg", ".pdf"] where FileManager.default.fileExists(atPath: base + (suffix ?? "") + ext) {
            return base + (suffix ?? "") + ext
        }
        return png
    }

    /// The scene file's path without `.json`: `Snapshots/Basics/alpha`.
    public static func stem(of path: String) -> String {
        path.hasSuffix(".json") ? String(path.dropLast(5)) : path
    }

    /// Artifacts are named after the scene's path as given, so scenes of different folders never
    /// share a name: `Snapshots/Basics/alpha.json` → `Snapshots/Basics/alpha`; `..` becomes `up`.
    public static func artifactName(_ path: String) -> String {
        var parts = stem(of: path).split(separator: "/").map(String.init).filter { $0 != "." && !$0.isEmpty }
        parts = parts.map { $0 == ".." ? "up" : $0 }
        return parts.joined(separator: "/")
    }

    /// The contact sheet's golden beside the scene, when one is kept: `settings.sheet.png`
    /// (`tintype sheet settings.json -o settings.sheet.png --record`).
    public var sheetGolden: String { SceneFile.stem(of: path) + ".sheet.png" }

    /// The accessibility snapshot's golden of a render, when the scene asks for one
    /// (`"accessibilitySnapshot": true`): `settings.iphone-se.accessibility.png` beside its PNG golden.
    public func accessibilityGolden(_ output: Output) -> String? {
        guard scene?.accessibilitySnapshot == true else { return nil }
        return SceneFile.accessibilityGolden(of: output.golden)
    }

    /// `NAME.accessibility.png` for the golden `NAME.png` (or `.svg`, `.pdf`).
    public static func accessibilityGolden(of golden: String) -> String {
        let dot = golden.lastIndex(of: ".").map { golden[..<$0] } ?? Substring(golden)
        return dot + ".accessibility.png"
    }

    /// The goldens of this scene file (its renders', their accessibility snapshots' and its
    /// contact sheet's), as standardized absolute paths.
    public var goldens: Set<String> {
        Set(outputs.map { SceneFile.standardized($0.golden) } + outputs.compactMap { accessibilityGolden($0).map(SceneFile.standardized) }
            + [SceneFile.standardized(sheetGolden)])
    }

    /// Whether `png` is one of this scene's goldens. A scene that does not decode today keeps every
    /// `stem.*.png` beside it, so that a broken scene never loses its variants' goldens to `--prune`.
    public func owns(_ png: String) -> Bool {
        let p = SceneFile.standardized(png)
        if scene != nil { return goldens.contains(p) }
        let stem = SceneFile.standardized(SceneFile.stem(of: path))
        return [".png", ".svg", ".pdf"].contains { ext in p == stem + ext || (p.hasPrefix(stem + ".") && p.hasSuffix(ext)) }
    }

    static func standardized(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}
