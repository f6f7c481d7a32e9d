import Foundation
import TintypeModel
import TintypeRender
import TintypeSnapshot

struct ScreenshotsCommand: Command {
    static let name = "screenshots"
    static let abstract = "Render scenes at the App Store's screenshot sizes, into one folder per display size."
    static let arguments = "SCENE.json|DIR..."
    static let argumentHelp = [("SCENE.json|DIR", "Scene files, or folders whose .json files are scenes (in name order).")]
    static var options: [Option<Self>] { [
        .value("-o", "--output", value: "DIR", help: "The folder to write (default: screenshots).", kind: .outputFolder, \.output),
        .value("--sizes", value: "LIST", help: """
            Display sizes, comma-separated: 5.8, 5.5, 4.7, 4, 3.5 (iPhone),
            12.9, 9.7 (iPad), or all. Default: 5.8,5.5,12.9.
            """) { c, v throws(UsageError) in
            if v.lowercased() == "all" { c.sizes = StoreScreenshotSize.all; return }
            var chosen: [StoreScreenshotSize] = []
            for part in v.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
                guard let size = StoreScreenshotSize.named(part) else {
                    let names = StoreScreenshotSize.all.map { String($0.name.dropLast(5)) }.joined(separator: ", ")
                    throw UsageError(message: "--sizes: unknown display size \"\(part)\"; the sizes are \(names) or all", command: Self.self)
                }
                if !chosen.contains(size) { chosen.append(size) }
            }
            guard !chosen.isEmpty else { throw UsageError(message: "--sizes needs at least one display size", command: Self.self) }
            c.sizes = chosen
        },
        .flag("--force", help: """
            Replace the output folder even if it is not empty, when Tintype wrote
            every file in it. A file Tintype did not write is never removed.
            """, \.force),
        Watchdog.option(\.timeout),
        ProjectRoot.option(\.root),
    ] }
    static let discussion = """
        Each scene is rendered on the device of each display size, in the scene's own orientation
        and other traits (a scene with variants gives one screenshot per variant), and written as
        DIR/SIZE/NAME.png: screenshots/5.5-inch/memories.png. The sizes and their devices:
        5.8-inch iPhone X (1125×2436), 5.5-inch iPhone 8 Plus (1242×2208), 4.7-inch iPhone 8
        (750×1334), 4-inch iPhone SE (640×1136), 3.5-inch iPhone 4s (640×960), 12.9-inch iPad Pro
        (2048×2732) and 9.7-inch iPad (1536×2048), each also in landscape.

        A scene with "marketing": {"caption": "...", "background": COLOR or [COLOR, ...]} is framed
        for the store: the caption (semibold, centered, up to two lines, "captionColor" white by
        default) in a band at the top, the screen scaled down under it and centered, on the
        background (one color, or a gradient from top to bottom). The image keeps the screen's
        pixel size. "render" draws such a scene's screen alone.

        Every image is checked against the pixel sizes App Store Connect accepts for its class; one
        it would reject (a scene with its own "scale" or a "canvas") is an error naming the scene,
        its size and the sizes accepted. The set is written to a temporary folder and renamed into
        place, so a run with any error writes nothing. An output folder that exists and is not empty
        is replaced only with --force, and only when Tintype wrote every file in it (it leaves a
        .tintype-output marker listing them). The output is never the current folder, the home
        folder or one above them, nor a folder holding a scene or a file one uses.

        Examples:
          tintype screenshots Store/ -o build/screenshots
          tintype screenshots onboarding.json settings.json --sizes 5.5,12.9
        """

    var inputs: [String] = []
    var output = "screenshots"
    var sizes: [StoreScreenshotSize] = StoreScreenshotSize.defaults.compactMap(StoreScreenshotSize.named)
    var force = false
    var timeout = Watchdog.defaultSeconds
    /// The scenes' project (--root); nil for the default.
    var root: String?

    mutating func argument(_ value: String) throws(UsageError) { inputs.append(value) }

    func validate() throws(UsageError) {
        guard !inputs.isEmpty else { throw UsageError(message: "missing scene file or folder", command: Self.self) }
        if output == "-" { throw UsageError(message: "screenshots are a folder; -o - (standard output) cannot hold them", command: Self.self) }
    }

    /// The scene files named, folders expanded to their .json files in name order.
    func sceneFiles() -> (files: [String], missing: [String], under: [String: String]) {
        let fm = FileManager.default
        var files: [String] = [], missing: [String] = []
        // The folder each scene was found in: its project, unless --root names one.
        var under: [String: String] = [:]
        for input in inputs {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: input, isDirectory: &isDir) else { missing.append(input); continue }
            if !isDir.boolValue { files.append(input); continue }
            let base = input.hasSuffix("/") ? String(input.dropLast()) : input
            let names = ((try? fm.contentsOfDirectory(atPath: input)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
            let found = SceneFiles.scenes(among: names.map { base + "/" + $0 })
            for file in found where under[file] == nil { under[file] = base }
            files += found
        }
        return (files, missing, under)
    }

    func run() -> Int32 {
        Watchdog.seconds = timeout
        ProjectRoot.given = root
        let (files, missing, under) = sceneFiles()
        if !missing.isEmpty {
            Tool.printError("\(missing.joined(separator: ", ")): no such file or folder", usage: Self.usage, hint: nil)
            return ExitCode.usage
        }
        guard !files.isEmpty else {
            Tool.printError("no scene files in \(inputs.joined(separator: ", "))", usage: Self.usage, hint: "Name scene .json files or folders that hold them.")
            return ExitCode.usage
        }
        let folder = FolderOutput(output, command: "tintype screenshots")
        let dest = folder.path
        folder.removeLeftovers()
        var outputs = OutputGuard()
        for input in inputs { outputs.add(input: input, "the input \(input)") }
        for file in files { outputs.add(Watchdog.read(file, under: under[file])) }
        if let problem = folder.problem(force: force, allowed: { _ in false }, guard: outputs) {
            Tool.printError(problem.message, usage: Self.usage, hint: problem.hint)
            return ExitCode.usage
        }

        // Every image is rendered and checked before anything is written.
        let renderer = Renderer()
        var images: [(path: String, bytes: [UInt8])] = []
        var failures: [String] = []
        var taken: [String: String] = [:]
        for size in sizes {
            guard let device = Device.named(size.device) else { failures.append("no device \(size.device) for \(size.name)"); continue }
            for file in files {
                let sceneFile = Watchdog.read(file, overriding: TraitSet(device: device), under: under[file])
                for out in sceneFile.outputs {
                    let label = "\(out.displayName) (\(size.name))"
                    guard let scene = out.variant?.scene else { failures.append(out.error ?? "\(label): nothing to render"); continue }
                    guard size.accepts(width: scene.pixelWidth, height: scene.pixelHeight) else {
                        failures.append("\(label): \(scene.pixelWidth)×\(scene.pixelHeight) pixels, which the App Store rejects; it accepts \(size.acceptedList) "
                                        + "for \(size.name) screenshots (a scene's own \"scale\" or \"canvas\" changes the size)")
                        continue
                    }
                    let name = out.file(base: URL(fileURLWithPath: SceneFile.stem(of: file)).lastPathComponent)
                    let relative = size.name + "/" + name
                    if let other = taken[relative] {
                        failures.append("\(out.displayName) and \(other) would both be written to \(relative)")
                        continue
                    }
                    taken[relative] = out.displayName
                    do {
                        let bitmap = try Watchdog.watch("rendering \(label)") { try MarketingFrame.render(scene, renderer: renderer) }
                        // The framed picture is checked too: what is written is what the store must take.
                        guard size.accepts(width: bitmap.width, height: bitmap.height) else {
                            failures.append("\(label): the framed screenshot is \(bitmap.width)×\(bitmap.height) pixels, which the App Store rejects; "
                                            + "it accepts \(size.acceptedList) for \(size.name) screenshots")
                            continue
                        }
                        images.append((relative, try bitmap.pngData()))
                    } catch let error as RenderError {
                        failures.append("\(out.describe(error)) (\(size.name))")
                    } catch {
                        failures.append("\(label): \(error)")
                    }
                }
            }
        }
        if !failures.isEmpty {
            // A scene that does not decode fails alike at every size: said once.
            var said = Set<String>()
            for f in failures where said.insert(f).inserted { writeStderr("Error: " + f) }
            writeStderr("Nothing was written to \(dest).")
            return ExitCode.failure
        }

        do { try folder.write(images) } catch {
            Tool.printError("cannot write \(dest): \(error.localizedDescription)", usage: nil, hint: nil)
            return ExitCode.failure
        }
        print("Wrote \(images.count) screenshot\(images.count == 1 ? "" : "s") to \(dest) (\(sizes.map(\.name).joined(separator: ", ")))")
        return ExitCode.success
    }
}
