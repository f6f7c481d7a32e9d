import Foundation
import TintypeModel
import TintypeRender

struct RenderCommand: Command {
    static let name = "render"
    static let abstract = "Render scene files to PNG images."
    static let usage = "Usage: tintype render SCENE.json... [-o OUT.png | -o DIR/] [--scale N] [--device NAME] [--orientation portrait|landscape]"
    static let help = """
        Arguments:
          SCENE.json            A scene file, or - to read one from standard input.

        Options:
          -o, --output PATH     Where to write. For one scene: a PNG path, a folder (ending in /
                                or existing), or - for standard output. For several scenes: a folder,
                                created if missing. Default: NAME.png in the current folder.
          --scale N             Render at N pixels per point instead of the device's (0.25 to 16,
                                within the pixel limit: 16384 a side, 64 megapixels).
          --device NAME         Render on another device from 'tintype devices' (for a scene
                                that lists "devices", render only this one).
          --orientation O       portrait or landscape.
          -h, --help            Show this help.

        A scene that lists "devices" renders once per device, to NAME.DEVICE.png
        (game.iphone-8.png, game.iphone-x.png).

        Files are written whole or not at all (a temporary file, then a rename). An existing PNG
        beside its scene with the same name is a golden: render refuses to overwrite it (use
        'tintype test --record' for that). Several scenes render in parallel; each failure prints
        its file, the path inside it and the offending value, and the exit code is 1 if any failed.

        Examples:
          tintype render Snapshots/Basics/corners.json -o corners.png
          tintype render Snapshots/*/*.json -o out/
          cat scene.json | tintype render - -o - > scene.png
        """

    var scenes: [String] = []
    var output: String?
    var scale: Double?
    var device: Device?
    var orientation: Orientation?

    init(arguments: [String]) throws(UsageError) {
        var scanner = ArgumentScanner(arguments, command: Self.self)
        while let (option, argument) = scanner.next() {
            switch option {
            case nil: scenes.append(argument)
            case "-o", "--output": output = try scanner.value(for: "--output")
            case "--scale":
                let v = try scanner.value(for: "--scale")
                guard let s = Double(v), s.isFinite, SceneLimits.scaleRange.contains(s) else {
                    let r = SceneLimits.scaleRange
                    throw UsageError(message: "--scale takes a number from \(r.lowerBound) to \(Int(r.upperBound)), found \"\(v)\"", command: Self.self)
                }
                scale = s
            case "--device":
                let v = try scanner.value(for: "--device")
                guard let d = Device.named(v) else {
                    var message = "unknown device \"\(v)\""
                    if let s = Suggest.closest(to: v, in: Device.catalog.map(\.name)) { message += "; did you mean \"\(s)\"?" }
                    throw UsageError(message: message + " (see 'tintype devices')", command: Self.self)
                }
                device = d
            case "--orientation":
                let v = try scanner.value(for: "--orientation")
                guard let o = Orientation(rawValue: v) else {
                    throw UsageError(message: "--orientation takes portrait or landscape, found \"\(v)\"", command: Self.self)
                }
                orientation = o
            case let other?:
                throw UsageError(message: "unknown option \"\(other)\"", command: Self.self)
            }
        }
        try validate()
    }

    func validate() throws(UsageError) {
        guard !scenes.isEmpty else { throw UsageError(message: "missing scene file", command: Self.self) }
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

    /// The file-name suffixes of a scene's PNGs: one per device of its `devices` (`.iphone-x`),
    /// else none; `--device` renders the one device asked for. A scene that does not decode, or
    /// standard input, counts as one (its error comes when it renders).
    func suffixes(for decoded: Scene?) -> [String?] {
        guard device == nil, let decoded else { return [nil] }
        return decoded.variants.map(\.suffix)
    }

    /// Where the PNG of one variant goes: the scene's destination with the suffix before `.png`.
    func destination(for scene: String, suffix: String?) -> String? {
        guard let dest = destination(for: scene) else { return nil }
        guard let suffix else { return dest }
        return (dest.hasSuffix(".png") ? String(dest.dropLast(4)) : dest) + suffix + ".png"
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
        // Collisions and goldens are checked before anything renders.
        // Each file is read once, here; standard input is read when it renders.
        let decoded: [Scene?] = scenes.map { $0 == "-" ? nil : try? SceneDecoder.load(path: $0) }
        var targets: [String: String] = [:]
        for (scene, loaded) in zip(scenes, decoded) {
            let suffixes = suffixes(for: loaded)
            if output == "-" && suffixes.count > 1 {
                Tool.printError("\(scene) renders on \(suffixes.count) devices, and -o - (standard output) takes one image", usage: Self.usage,
                                hint: "Pass --device to pick one, or -o DIR/.")
                return ExitCode.usage
            }
            for suffix in suffixes {
                guard let dest = destination(for: scene, suffix: suffix) else { continue }
                let key = URL(fileURLWithPath: dest).standardizedFileURL.path
                if let other = targets[key] {
                    Tool.printError("\"\(scene)\" and \"\(other)\" would both be written to \(dest)", usage: Self.usage, hint: "Render them into different folders.")
                    return ExitCode.usage
                }
                targets[key] = scene
                let golden = URL(fileURLWithPath: scene).deletingPathExtension().path + (suffix ?? "") + ".png"
                if scene != "-", key == URL(fileURLWithPath: golden).standardizedFileURL.path, FileManager.default.fileExists(atPath: key) {
                    Tool.printError("\(dest) is the golden beside \(scene); render will not overwrite it", usage: Self.usage,
                                    hint: "Pass -o to write elsewhere, or record goldens with 'tintype test --record'.")
                    return ExitCode.usage
                }
            }
        }
        if let output, output != "-", scenes.count > 1 || output.hasSuffix("/") {
            do { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) } catch {
                Tool.printError("cannot create the folder \(output): \(error.localizedDescription)", usage: nil, hint: nil)
                return ExitCode.failure
            }
        }

        let renderer = Renderer()
        let results = Slots<Outcome>(count: scenes.count)
        DispatchQueue.concurrentPerform(iterations: scenes.count) { i in
            results.set(i, renderOne(scenes[i], decoded: decoded[i], renderer: renderer))
        }
        var failed = 0
        for result in results.values {
            switch result {
            case .failure(let message)?:
                failed += 1
                writeStderr("Error: " + message)
            case .success(let written)?:
                for dest in written { print("Wrote \(dest)") }
            case nil:
                break
            }
        }
        if failed > 0 && scenes.count > 1 { writeStderr("\(failed) of \(scenes.count) scenes failed.") }
        return failed == 0 ? ExitCode.success : ExitCode.failure
    }

    /// The files written (none for standard output), or the error.
    enum Outcome { case success([String]), failure(String) }

    /// Renders one scene file, decoded already unless it failed to decode (then its error is
    /// reported) or is standard input.
    func renderOne(_ file: String, decoded: Scene?, renderer: Renderer) -> Outcome {
        var scene: Scene
        do {
            if let decoded {
                scene = decoded
            } else if file == "-" {
                let data = FileHandle.standardInput.readDataToEndOfFile()
                scene = try SceneDecoder.decode(Array(data), file: "<stdin>", baseDirectory: FileManager.default.currentDirectoryPath)
            } else {
                scene = try SceneDecoder.load(path: file)
            }
        } catch {
            return .failure(error.description)
        }
        if let device { scene.device = device; scene.devices = [] }
        if let orientation { scene.orientation = orientation }
        if let scale { scene.scale = scale }
        let variants = scene.variants
        if file == "-" && variants.count > 1 {
            return .failure("<stdin>: the scene lists \(variants.count) devices; pass --device to render one of them")
        }
        var written: [String] = []
        for (suffix, variant) in variants {
            if let problem = variant.pixelLimitProblem { return .failure("\(file): \(problem)") }
            let png: [UInt8]
            do { png = try renderer.renderPNG(variant) } catch {
                return .failure("\(file)\(suffix.map { " (\($0.dropFirst()))" } ?? ""): \(error)")
            }
            guard let dest = destination(for: file, suffix: suffix) else {
                FileHandle.standardOutput.write(Data(png))
                return .success([])
            }
            do { try AtomicFile.write(png, to: dest) } catch { return .failure(error.message) }
            written.append(dest)
        }
        return .success(written)
    }
}
