import Foundation
import TintypeModel
import TintypeRender
import TintypeSnapshot

struct RenderCommand: Command {
    static let name = "render"
    static let abstract = "Render scene files to PNG images."
    static let arguments = "SCENE.json..."
    static let argumentHelp = [("SCENE.json", "A scene file, or - to read one from standard input.")]
    static let options = [
        OptionSpec("-o", "--output", value: "PATH", help: """
            Where to write. For one scene: a PNG path (its folder is created if
            missing), a folder (ending in / or existing), or - for standard output.
            For several scenes: a folder, created if missing. Default: NAME.png in
            the current folder.
            """),
        OptionSpec("--scale", value: "N", help: """
            Render at N pixels per point instead of the device's (0.25 to 16,
            within the pixel limit: 16384 a side, 64 megapixels).
            """),
        Watchdog.spec,
    ] + TraitOptions.specs
    static let discussion = """
        A scene with "variants" (or "devices") renders once per variant, each to its own PNG named
        after the traits that vary: NAME.DEVICE.png (game.iphone-8.png), settings.iphone-se.ax3.rtl.png.
        'tintype variants SCENE.json' lists them. A trait option whose value the scene's variants
        already have renders only those variants, under the same names (--device "iPhone SE"); any
        other value replaces the trait in every variant, and the names leave it out.

        Files are written whole or not at all (a temporary file, then a rename). An existing PNG
        beside a scene with the same name (or NAME.VARIANT.png for a variant it has) is a golden:
        render refuses to overwrite it (use 'tintype test --record' for that), and it never
        writes over one of its inputs (a scene file or an image a scene uses). Several scenes
        render in parallel; each failure prints its file, the path inside it and the offending
        value, and the exit code is 1 if any failed (or an output cannot be written: a full disk,
        a full or closed standard output).
        To render every scene of a folder, name its files (Snapshots/Basics/*.json).

        Examples:
          tintype render Snapshots/Basics/corners.json -o corners.png
          tintype render Snapshots/*/*.json -o out/
          cat scene.json | tintype render - -o - > scene.png
        """

    var scenes: [String] = []
    var output: String?
    var overrides = TraitSet()
    var timeout = Watchdog.defaultSeconds

    init(arguments: [String]) throws(UsageError) {
        var scanner = ArgumentScanner(arguments, command: Self.self)
        while let (option, v) = try scanner.next() {
            switch option {
            case nil: scenes.append(v)
            case "--output": output = v
            case "--timeout": timeout = try Watchdog.read(v, command: Self.self)
            case "--scale":
                guard let s = Double(v), s.isFinite, SceneLimits.scaleRange.contains(s) else {
                    let r = SceneLimits.scaleRange
                    throw UsageError(message: "--scale takes a number from \(r.lowerBound) to \(Int(r.upperBound)), found \"\(v)\"", command: Self.self)
                }
                overrides.scale = s
            case let option? where try TraitOptions.read(option, v, command: Self.self, into: &overrides): break
            case let other?:
                throw UsageError(message: "option \(other) is declared but not handled", command: Self.self)
            }
        }
        try validate()
    }

    func validate() throws(UsageError) {
        guard !scenes.isEmpty else { throw UsageError(message: "missing scene file", command: Self.self) }
        for scene in scenes where scene != "-" {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: scene, isDirectory: &isDir), isDir.boolValue {
                let stripped = scene.hasSuffix("/") ? String(scene.dropLast()) : scene
                throw UsageError(message: "\"\(scene)\" is a folder; render takes scene files (\(stripped)/*.json renders every scene in it)", command: Self.self)
            }
        }
        if scenes.filter({ $0 == "-" }).count > 1 {
            throw UsageError(message: "standard input (-) can be read only once", command: Self.self)
        }
        if scenes.count > 1 {
            if output == "-" { throw UsageError(message: "-o - (standard output) takes a single scene", command: Self.self) }
            if let output, !isDirectoryPath(output), FileManager.default.fileExists(atPath: output) {
                throw UsageError(message: "several scenes need a folder for -o, and \"\(output)\" is a file", command: Self.self)
            }
        }
    }

    func isDirectoryPath(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue)
    }

    /// Where the PNG of one variant goes: the scene's destination with the variant's suffix before `.png`.
    func destination(for output: SceneFile.Output) -> String? {
        guard let dest = destination(for: output.scenePath) else { return nil }
        return output.file(base: dest.hasSuffix(".png") ? String(dest.dropLast(4)) : dest)
    }

    /// Where the PNG for `scene` goes; nil means standard output.
    func destination(for scene: String) -> String? {
        let stem = scene == "-" ? "scene" : URL(fileURLWithPath: scene).deletingPathExtension().lastPathComponent
        guard let output else { return stem + ".png" }
        if output == "-" { return nil }
        if scenes.count > 1 || isDirectoryPath(output) {
            return (output.hasSuffix("/") ? output : output + "/") + stem + ".png"
        }
        return output
    }

    func run() -> Int32 {
        Watchdog.start(seconds: timeout, what: "rendering \(scenes.count == 1 ? scenes[0] : "\(scenes.count) scenes")")
        // Each file is read once, here (standard input too); collisions and goldens are checked
        // before anything renders.
        let files = scenes.map { path -> SceneFile in
            guard path == "-" else { return SceneFile(path: path, overriding: overrides) }
            let data = FileHandle.standardInput.readDataToEndOfFile()
            do {
                let scene = try SceneDecoder.decode(Array(data), file: "<stdin>", baseDirectory: FileManager.default.currentDirectoryPath)
                return SceneFile(path: path, scene: scene, overriding: overrides)
            } catch {
                return SceneFile(path: path, failed: "\(error)")
            }
        }
        // What UIKit would ignore (the scene still renders, as UIKit draws it) is said first.
        for file in files { for w in file.scene?.warnings ?? [] { writeStderr("Warning: \(w)") } }
        var targets: [String: String] = [:]
        // Every file a render reads (scenes and the images they use), which no output may replace.
        var inputs: [String: String] = [:]
        for file in files where file.path != "-" {
            inputs[URL(fileURLWithPath: file.path).standardizedFileURL.path] = "the scene \(file.path)"
            guard let scene = file.scene else { continue }
            var used = Set<String>()
            TestCommand.collectImages(scene, base: scene.baseDirectory ?? ".", into: &used)
            for image in used { inputs[image] = "an image \(file.path) uses" }
        }
        for file in files {
            if output == "-" && file.outputs.count > 1 {
                Tool.printError("\(file.path == "-" ? "<stdin>" : file.path) has \(file.outputs.count) variants, and -o - (standard output) takes one image", usage: Self.usage,
                                hint: "Pass --device (or another trait option) to pick one, or -o DIR/.")
                return ExitCode.usage
            }
            for out in file.outputs {
                guard let dest = destination(for: out) else { continue }
                let key = URL(fileURLWithPath: dest).standardizedFileURL.path
                if let other = targets[key] {
                    Tool.printError("\"\(file.path)\" and \"\(other)\" would both be written to \(dest)", usage: Self.usage, hint: "Render them into different folders.")
                    return ExitCode.usage
                }
                targets[key] = file.path
                if let owner = goldenOwner(of: key) {
                    Tool.printError("\(dest) is the golden of \(owner); render will not overwrite it", usage: Self.usage,
                                    hint: "Pass -o to write elsewhere, or record goldens with 'tintype test --record'.")
                    return ExitCode.usage
                }
                if let input = inputs[key] {
                    Tool.printError("\(dest) is \(input); render will not overwrite its own input", usage: Self.usage,
                                    hint: "Pass -o to write elsewhere.")
                    return ExitCode.usage
                }
            }
        }
        // The folder written into is created if missing, for -o DIR/ and for -o DIR/NAME.png alike.
        if let output, output != "-" {
            let folder = scenes.count > 1 || isDirectoryPath(output) ? output : (output as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                    Tool.printError("cannot create the folder \(folder): \(error.localizedDescription)", usage: nil, hint: nil)
                    return ExitCode.failure
                }
            }
        }

        // Every variant of every scene renders in parallel; one that fails fails alone.
        let all: [SceneFile.Output] = files.flatMap { $0.outputs }
        let renderer = Renderer()
        let results = Slots<Outcome>(count: all.count)
        DispatchQueue.concurrentPerform(iterations: all.count) { i in
            results.set(i, renderOne(all[i], renderer: renderer))
        }
        var failed = 0
        for result in results.values {
            switch result {
            case .failure(let message)?:
                failed += 1
                writeStderr("Error: " + message)
            case .success(let written)?:
                if let written { print("Wrote \(written)") }
            case nil:
                break
            }
        }
        if failed > 0 && all.count > 1 { writeStderr("\(failed) of \(all.count) \(all.count == scenes.count ? "scenes" : "images") failed.") }
        return failed == 0 ? ExitCode.success : ExitCode.failure
    }

    /// The file written (nil for standard output), or the error.
    enum Outcome { case success(String?), failure(String) }

    /// The scene whose golden `path` (standardized) is, when that file exists: any scene file in its
    /// folder whose name it begins with (`NAME.png`, `NAME.VARIANT.png` beside `NAME.json`), asked
    /// through SceneFile, so every variant counts; not only the scenes being rendered.
    func goldenOwner(of path: String) -> String? {
        guard path.hasSuffix(".png"), FileManager.default.fileExists(atPath: path) else { return nil }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let name = URL(fileURLWithPath: path).lastPathComponent
        let candidates = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            $0.hasSuffix(".json") && (name == String($0.dropLast(5)) + ".png" || name.hasPrefix(String($0.dropLast(5)) + "."))
        }
        for candidate in candidates.sorted() {
            let scene = folder + "/" + candidate
            if SceneFile(path: scene).owns(path) { return scene }
        }
        return nil
    }

    /// Renders one variant of a scene file.
    func renderOne(_ out: SceneFile.Output, renderer: Renderer) -> Outcome {
        guard let scene = out.variant?.scene else { return .failure(out.error ?? "\(out.scenePath): nothing to render") }
        let name = out.scenePath == "-" ? "<stdin>" : out.scenePath
        let where_ = out.label.map { "\(name) [\($0)]" } ?? name
        if let problem = scene.pixelLimitProblem { return .failure("\(where_): \(problem)") }
        let png: [UInt8]
        do { png = try renderer.renderPNG(scene) } catch {
            return .failure("\(where_): \(error)")
        }
        guard let dest = destination(for: out) else {
            if let reason = writeAll(png, to: STDOUT_FILENO) { return .failure("cannot write to standard output: \(reason)") }
            return .success(nil)
        }
        do { try AtomicFile.write(png, to: dest) } catch { return .failure(error.message) }
        return .success(dest)
    }
}
