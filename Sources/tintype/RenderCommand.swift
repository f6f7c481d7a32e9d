import Foundation
import TintypeModel
import TintypeRender
import TintypeSnapshot

struct RenderCommand: Command {
    static let name = "render"
    static let abstract = "Render scene files to PNG, SVG or PDF."
    static let arguments = "SCENE.json|FILE.storyboard|FILE.xib..."
    static let argumentHelp = [("SCENE.json", "A scene file, or - to read one from standard input."),
                               ("FILE.storyboard", "An iOS storyboard or xib: each of its scenes (see --scene).")]
    static var options: [Option<Self>] { [
        .value("-o", "--output", value: "PATH", help: """
            Where to write. For one scene: a file (.png, .svg or .pdf; its folder
            is created if missing), a folder (ending in / or existing), or - for
            standard output. For several scenes: a folder, created if missing, or
            one .pdf file with a page per image. Default: NAME.png in the current
            folder.
            """, kind: .outputFileOrInto(.image), \.output),
        .value("--format", value: "FORMAT", help: """
            png, svg or pdf. Default: the output file's extension, else png. Any
            other extension is an error.
            """) { c, v throws(UsageError) in
            guard let f = ImageFormat(rawValue: v.lowercased()) else {
                throw UsageError(message: "--format takes \(ImageFormat.list), found \"\(v)\"", command: Self.self)
            }
            c.format = f
        },
        .value("--scale", value: "N", help: """
            Render at N pixels per point instead of the device's (0.25 to 16,
            within the pixel limit: 16384 a side, 64 megapixels).
            """) { c, v throws(UsageError) in
            guard let s = Double(v), s.isFinite, SceneLimits.scaleRange.contains(s) else {
                let r = SceneLimits.scaleRange
                throw UsageError(message: "--scale takes a number from \(r.lowerBound) to \(Int(r.upperBound)), found \"\(v)\"", command: Self.self)
            }
            c.overrides.scale = s
        },
        .value("--fps", value: "N", help: """
            Render the scene's animations as frames, N a second (1 to 240), from its
            time (or --time) to the end of its last animation (or --duration): -o
            NAME.png writes an animated PNG (APNG; other viewers show its first
            frame), -o DIR/ one PNG a frame (NAME@0.0167s.png).
            """) { c, v throws(UsageError) in
            guard let n = Int(v), (1...240).contains(n) else {
                throw UsageError(message: "--fps takes a whole number of frames a second from 1 to 240, found \"\(v)\"", command: Self.self)
            }
            c.fps = n
        },
        .value("--duration", value: "D", help: """
            With --fps: seconds of animation to render (0 to 3600). Default: until
            the last animation ends.
            """) { c, v throws(UsageError) in
            guard let d = Double(v), d.isFinite, SceneLimits.time.contains(d) else {
                throw UsageError(message: "--duration takes seconds from 0 to 3600, found \"\(v)\"", command: Self.self)
            }
            c.duration = d
        },
        .value("--max-frames", value: "N", help: """
            With --fps: the most frames one render may make (default 600); more is
            an error before anything renders.
            """) { c, v throws(UsageError) in
            guard let n = Int(v), (1...100_000).contains(n) else {
                throw UsageError(message: "--max-frames takes a whole number from 1 to 100000, found \"\(v)\"", command: Self.self)
            }
            c.maxFrames = n
        },
        .value("--scene", value: "NAME", help: """
            Of a storyboard, render only this scene (its storyboard identifier or
            id); may be given more than once. Default: every scene.
            """) { c, v throws(UsageError) in c.sceneNames.append(v) },
        Watchdog.option(\.timeout),
        ProjectRoot.option(\.root),
        .flag("--verbose", help: """
            Also print what the layout resolved on its own: arranged views that need
            more room than their stack has, and which one gives way.
            """, \.verbose),
        .flag("--accessibility", help: """
            Write the accessibility snapshot instead (PNG only): the screen with each
            element VoiceOver visits outlined and numbered in its order, and a legend
            of their labels, traits, values and hints beside it.
            """, \.accessibility),
    ] + TraitOptions.options(\.overrides) }
    static let discussion = """
        A scene with "variants" (or "devices") renders once per variant, each to its own PNG named
        after the traits that vary: NAME.DEVICE.png (game.iphone-8.png), settings.iphone-se.ax3.rtl.png.
        'tintype variants SCENE.json' lists them. A trait option whose value the scene's variants
        already have renders only those variants, under the same names (--device "iPhone SE"); any
        other value replaces the trait in every variant, and the names leave it out.

        SVG and PDF are drawn from the same display list as the PNG: shapes stay vectors, text is
        outlined in SVG and stays text in PDF (its fonts embedded and subset), images are embedded,
        and what is made of pixels (a translucent bar's blurred backdrop, shadows) is embedded as
        the image the PNG shows. A page is the screen's size in points (one CSS pixel per point in
        SVG). The files carry no dates, so the same scene gives the same bytes on every run. With
        -o FILE.pdf every image (each scene, each variant) is a page of that one file.

        A storyboard or xib renders each of its scenes (each view controller, or a xib's top-level
        views) as 'tintype import' would write it, to NAME.SCENE.png (Main.Settings.png), with its
        asset catalogs and translations (--locale) found near it; the import's warnings are
        printed with their file, line, column and id. To test them against goldens, write a scene
        file that names one: {"storyboard": "Main.storyboard", "scene": "Settings"} (see
        docs/storyboards.md).

        Views placed by "constraints" are solved as UIKit's Auto Layout solves them. Constraints
        that cannot all hold, or that leave a view's frame undecided, print a warning naming the
        scene, the view and the constraints (UIKit's log, with the one broken); the render still
        succeeds.

        Files are written whole or not at all (a temporary file, then a rename). An existing PNG
        beside a scene with the same name (or NAME.VARIANT.png for a variant it has) is a golden:
        render refuses to overwrite it (use 'tintype test --record' for that), and it never
        writes over one of its inputs (a scene file or an image a scene uses). Several scenes
        render in parallel; each failure prints its file, the path inside it and the offending
        value, and the exit code is 1 if any failed (or an output cannot be written: a full disk,
        a full or closed standard output).
        To render every scene of a folder, name its files (Snapshots/Basics/*.json).

        A scene's included files, string catalog and images must lie in its own folder's tree, or
        in the folder --root names: an absolute path, a way out with .. or a symbolic link leading
        out is an error at its line and column, and nothing outside is read. A scene that uses
        files beside its folder needs a root that holds them:
          tintype render Snapshots/Formats/memories-svg.json --root Snapshots -o memories.png

        Examples:
          tintype render Snapshots/Basics/corners.json -o corners.png
          tintype render Snapshots/*/*.json -o out/
          tintype render settings.json -o settings.pdf
          tintype render a.json b.json c.json -o book.pdf
          cat scene.json | tintype render - -o - > scene.png
        """

    var scenes: [String] = []
    var output: String?
    var overrides = TraitSet()
    var timeout = Watchdog.defaultSeconds
    /// The scenes' project (--root); nil for the default.
    var root: String?
    /// --format, when given.
    var format: ImageFormat?
    var verbose = false
    /// --accessibility: the accessibility snapshot rather than the screen.
    var accessibility = false
    /// --fps: render the animation as frames.
    var fps: Int?
    /// --duration: how many seconds of animation --fps renders.
    var duration: Double?
    /// --max-frames: the frame budget of one animated render.
    var maxFrames = 600
    /// --scene: the storyboard scenes to render (all when empty).
    var sceneNames: [String] = []

    mutating func argument(_ value: String) throws(UsageError) { scenes.append(value) }

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
        if let output, output != "-", !isDirectoryPath(output) {
            let ext = URL(fileURLWithPath: output).pathExtension
            if !ext.isEmpty {
                guard let byName = ImageFormat(path: output) else {
                    throw UsageError(message: "cannot write \"\(output)\": the formats are \(ImageFormat.list), and .\(ext) is none of them (name the file .png, .svg or .pdf)",
                                     command: Self.self)
                }
                if let format, format != byName {
                    throw UsageError(message: "--format \(format.rawValue) does not match the name \"\(output)\" (.\(byName.rawValue))", command: Self.self)
                }
            }
        }
        if fps != nil {
            if scenes.count > 1 { throw UsageError(message: "--fps animates one scene; name one scene file", command: Self.self) }
            if outputFormat != .png {
                throw UsageError(message: "--fps writes PNG (an animated PNG, or a PNG a frame into a folder), not \(outputFormat.rawValue)", command: Self.self)
            }
            if output == "-" { throw UsageError(message: "--fps writes a file or a folder, not standard output", command: Self.self) }
        } else if duration != nil || maxFrames != 600 {
            throw UsageError(message: "--duration and --max-frames go with --fps", command: Self.self)
        }
        if accessibility {
            if outputFormat != .png || bookPath != nil {
                throw UsageError(message: "--accessibility writes PNG, not \(outputFormat.rawValue)", command: Self.self)
            }
            if fps != nil { throw UsageError(message: "--accessibility draws one moment; it does not go with --fps", command: Self.self) }
        }
        if fps != nil && scenes.contains(where: StoryboardFiles.isStoryboard) {
            throw UsageError(message: "--fps animates one scene file; a storyboard's scenes have no animations", command: Self.self)
        }
        if scenes.contains(where: StoryboardFiles.isStoryboard), let output, output != "-", !isDirectoryPath(output), bookPath == nil,
           ImageFormat(path: output) != nil {
            throw UsageError(message: "a storyboard renders each of its scenes: -o takes a folder (or one .pdf file for a page each), not \"\(output)\"",
                             command: Self.self)
        }
        if scenes.count > 1 {
            if output == "-" { throw UsageError(message: "-o - (standard output) takes a single scene", command: Self.self) }
            if let output, !isDirectoryPath(output), bookPath == nil,
               FileManager.default.fileExists(atPath: output) || ImageFormat(path: output) != nil {
                throw UsageError(message: "several scenes need a folder for -o, or one .pdf file for a page each; \"\(output)\" is neither", command: Self.self)
            }
        }
    }

    /// The format written: --format, else the output file's extension, else PNG.
    var outputFormat: ImageFormat {
        if let format { return format }
        if let output, output != "-", !isDirectoryPath(output), let f = ImageFormat(path: output) { return f }
        return .png
    }

    /// The PDF file that gets every render as a page: -o FILE.pdf (one scene's variants, or several scenes).
    var bookPath: String? {
        guard let output, output != "-", !isDirectoryPath(output), ImageFormat(path: output) == .pdf else { return nil }
        return output
    }

    func isDirectoryPath(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue)
    }

    /// Where the file of one variant goes: the scene's destination with the variant's suffix
    /// before the extension.
    func destination(for output: SceneFile.Output) -> String? {
        guard let dest = destination(for: output.scenePath) else { return nil }
        let ext = "." + outputFormat.rawValue
        let base = dest.lowercased().hasSuffix(ext) ? String(dest.dropLast(ext.count)) : dest
        let png = output.file(base: base)
        return String(png.dropLast(4)) + ext
    }

    /// Whether -o names a folder: several scenes, a storyboard (each of its scenes), or a path
    /// ending in / or naming an existing folder.
    func writesIntoFolder(_ output: String) -> Bool {
        scenes.count > 1 || isDirectoryPath(output) || scenes.contains(where: StoryboardFiles.isStoryboard)
    }

    /// Where the file for `scene` goes; nil means standard output.
    func destination(for scene: String) -> String? {
        let stem = scene == "-" ? "scene" : URL(fileURLWithPath: scene).deletingPathExtension().lastPathComponent
        let ext = "." + outputFormat.rawValue
        guard let output else { return stem + ext }
        if output == "-" { return nil }
        if writesIntoFolder(output) {
            return (output.hasSuffix("/") ? output : output + "/") + stem + ext
        }
        return output
    }

    func run() -> Int32 {
        Watchdog.seconds = timeout
        ProjectRoot.given = root
        // Fonts load on the other core while the scene files are read and decoded.
        Renderer.warmUp(text: true)
        // Each file is read once, here (standard input too); collisions and goldens are checked
        // before anything renders.
        // A theme named along with the scenes that include it (render dir/*.json) is not a scene.
        let named = scenes.filter { $0 != "-" }
        let parts = Set(named).subtracting(SceneFiles.scenes(among: named))
        for path in named where parts.contains(path) {
            writeStderr("Skipped \(path): the other scenes include it and it has no \"root\", so it is not a scene")
        }
        var unmatched = Set(sceneNames)
        let files = scenes.filter { !parts.contains($0) }.flatMap { path -> [SceneFile] in
            if StoryboardFiles.isStoryboard(path) {
                let read = StoryboardFiles.sceneFiles(path, only: sceneNames, overriding: overrides)
                unmatched.subtract(read.matched)
                return read.files
            }
            guard path == "-" else { return [Watchdog.read(path, overriding: overrides)] }
            // Read no further than a scene file may hold: past it the scene is refused at once.
            let data: [UInt8]
            switch readStandardInput(limit: SceneLimits.maxFileSize) {
            case .success(let bytes): data = bytes
            case .failure(.tooLarge):
                return [SceneFile(path: path, failed: "<stdin>: standard input holds more than the limit of \(SceneLimits.maxFileSize) bytes "
                                  + "a scene file may have; stopped reading it there")]
            case .failure(let why): return [SceneFile(path: path, failed: "<stdin>: " + why.message(limit: SceneLimits.maxFileSize))]
            }
            do {
                let scene = try Watchdog.watch("reading <stdin>") {
                    try SceneDecoder.decode(Array(data), file: "<stdin>", baseDirectory: FileManager.default.currentDirectoryPath,
                                            locales: overrides.locale.map { [$0] } ?? [])
                }
                return [Watchdog.watch("reading <stdin>") { SceneFile(path: path, scene: scene, overriding: overrides) }]
            } catch {
                return [SceneFile(path: path, failed: "\(error)")]
            }
        }
        if !sceneNames.isEmpty && !scenes.contains(where: StoryboardFiles.isStoryboard) {
            Tool.printError("--scene picks scenes of a storyboard or xib, and none is named", usage: Self.usage, hint: nil)
            return ExitCode.usage
        }
        if let missing = sceneNames.first(where: unmatched.contains) {
            Tool.printError("no storyboard named has a scene \"\(missing)\"", usage: Self.usage, hint: "'tintype import' lists the scenes it writes.")
            return ExitCode.usage
        }
        if files.contains(where: { $0.scene?.imageFiles.contains { $0.lowercased().hasSuffix(".svg") } == true }) { Renderer.warmUp(svg: true) }
        // What UIKit would ignore (the scene still renders, as UIKit draws it) is said first.
        // (A storyboard's warnings once, though each of its scenes carries them.)
        var said = Set<String>()
        for file in files { for w in file.scene?.warnings ?? [] where said.insert(w.description).inserted { writeStderr("Warning: \(w)") } }
        var targets: [String: String] = [:]
        // Every file a render reads (scenes, the images they use, the files they include, their
        // catalogs), which no output may replace; goldens and other files are checked there too.
        var outputs = OutputGuard(command: Self.name)
        for file in files { outputs.add(file) }
        if let book = bookPath { return runBook(book, files: files, outputs: outputs) }
        if let fps, let file = files.first { return runAnimated(file, fps: fps, outputs: outputs) }
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
                if let problem = outputs.fileProblem(dest, option: "-o", content: .image) {
                    Tool.printError(problem.message, usage: Self.usage, hint: problem.hint)
                    return ExitCode.usage
                }
            }
        }
        // The folder written into is created if missing, for -o DIR/ and for -o DIR/NAME.png alike
        // (not when nothing can render: no empty folder is left behind by a run that wrote nothing).
        if let output, output != "-", files.contains(where: { $0.outputs.contains { $0.error == nil } }) {
            let folder = writesIntoFolder(output) ? output : (output as NSString).deletingLastPathComponent
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
        let verbose = self.verbose
        let results = concurrentMap(count: all.count) { i in
            // With --verbose each render says its layout notes, named by its scene (and variant).
            let r = LayoutNote.renderer(sharing: renderer, for: all[i].displayName, notes: verbose)
            return Watchdog.watch("rendering \(all[i].displayName)") { renderOne(all[i], renderer: r) }
        }
        var failed = 0
        for result in results {
            switch result {
            case .failure(let message):
                failed += 1
                writeStderr("Error: " + message)
            case .success(let written):
                if let written { print("Wrote \(written)") }
            }
        }
        if failed > 0 && all.count > 1 { writeStderr("\(failed) of \(all.count) \(all.count == scenes.count ? "scenes" : "images") failed.") }
        return failed == 0 ? ExitCode.success : ExitCode.failure
    }

    /// The file written (nil for standard output), or the error.
    enum Outcome { case success(String?), failure(String) }

    /// Renders one variant of a scene file.
    func renderOne(_ out: SceneFile.Output, renderer: Renderer) -> Outcome {
        guard let scene = out.variant?.scene else { return .failure(out.error ?? "\(out.scenePath): nothing to render") }
        let name = out.scenePath == "-" ? "<stdin>" : out.scenePath
        let where_ = out.label.map { "\(name) [\($0)]" } ?? name
        if let problem = scene.pixelLimitProblem { return .failure("\(where_): \(problem)") }
        let bytes: [UInt8]
        do {
            if accessibility {
                let image = try AccessibilitySnapshot.image(of: scene, renderer: renderer)
                do { bytes = try image.pngData() } catch { return .failure("\(where_): \(error)") }
            } else {
                bytes = try renderer.render(scene, as: outputFormat)
            }
        } catch {
            return .failure(out.describe(error))
        }
        guard let dest = destination(for: out) else {
            if let reason = writeAll(bytes, to: STDOUT_FILENO) { return .failure("cannot write to standard output: \(reason)") }
            return .success(nil)
        }
        do { try AtomicFile.write(bytes, to: dest) } catch { return .failure(error.message) }
        return .success(dest)
    }

    /// Renders every variant of every scene, in the order given, as the pages of one PDF. Any
    /// failure writes nothing.
    func runBook(_ book: String, files: [SceneFile], outputs: OutputGuard) -> Int32 {
        if let problem = outputs.fileProblem(book, option: "-o", content: .image) {
            Tool.printError(problem.message, usage: Self.usage, hint: problem.hint)
            return ExitCode.usage
        }
        var pages: [Scene] = []
        var failures: [String] = []
        for out in files.flatMap(\.outputs) {
            let name = out.scenePath == "-" ? "<stdin>" : out.scenePath
            let where_ = out.label.map { "\(name) [\($0)]" } ?? name
            guard let scene = out.variant?.scene else { failures.append(out.error ?? "\(where_): nothing to render"); continue }
            if let problem = scene.pixelLimitProblem { failures.append("\(where_): \(problem)"); continue }
            pages.append(scene)
        }
        if failures.isEmpty {
            do {
                let bytes = try Watchdog.watch("rendering \(book)") { try Renderer().renderPDF(pages: pages) }
                let folder = (book as NSString).deletingLastPathComponent
                if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                try AtomicFile.write(bytes, to: book)
                print("Wrote \(book) (\(pages.count) page\(pages.count == 1 ? "" : "s"))")
                return ExitCode.success
            } catch let error as RenderError {
                failures.append("\(book): \(error)")
            } catch {
                failures.append("\(book): \(error)")
            }
        }
        for f in failures { writeStderr("Error: " + f) }
        writeStderr("Nothing was written to \(book).")
        return ExitCode.failure
    }
}

extension RenderCommand {
    /// The times of the frames of an animated render: from `start`, one every 1/fps seconds, up to
    /// and including `end` (within a microsecond).
    static func frameTimes(start: Double, end: Double, fps: Int) -> [Double] {
        guard end > start else { return [start] }
        let count = Int(((end - start) * Double(fps) + 1e-6).rounded(.down)) + 1
        return (0..<count).map { start + Double($0) / Double(fps) }
    }

    /// --fps: the scene's frames, as one APNG (-o NAME.png) or a PNG each (-o DIR/).
    func runAnimated(_ file: SceneFile, fps: Int, outputs: OutputGuard) -> Int32 {
        let name = file.path == "-" ? "<stdin>" : file.path
        guard file.outputs.count == 1, let out = file.outputs.first else {
            Tool.printError("\(name) has \(file.outputs.count) variants, and --fps animates one", usage: Self.usage,
                            hint: "Pass --device (or another trait option) to pick one.")
            return ExitCode.usage
        }
        guard let scene = out.variant?.scene else {
            writeStderr("Error: " + (out.error ?? "\(name): nothing to render"))
            return ExitCode.failure
        }
        let start = scene.time
        let end: Double
        if let duration {
            end = start + duration
        } else {
            guard let last = scene.animationEnd else {
                Tool.printError("\(name): an animation repeats for ever, so the frames have no end", usage: Self.usage, hint: "Pass --duration SECONDS.")
                return ExitCode.usage
            }
            if scene.animations.isEmpty && scene.systemAnimation == nil && last <= start {
                Tool.printError("\(name) has no animations to render frames of", usage: Self.usage, hint: "Pass --duration SECONDS for frames of a still scene.")
                return ExitCode.usage
            }
            end = max(start, last)
        }
        let times = Self.frameTimes(start: start, end: end, fps: fps)
        guard times.count <= maxFrames else {
            Tool.printError("\(name): \(TintypeModel.format(end - start, places: 4)) s at \(fps) fps makes \(times.count) frames, more than --max-frames \(maxFrames)",
                            usage: Self.usage, hint: "Lower --fps or --duration, or raise --max-frames.")
            return ExitCode.usage
        }
        let stem = file.path == "-" ? "scene" : URL(fileURLWithPath: file.path).deletingPathExtension().lastPathComponent
        let folder: String? = output.map { isDirectoryPath($0) ? ($0.hasSuffix("/") ? $0 : $0 + "/") : nil } ?? nil
        let targets: [String] = folder.map { f in times.map { f + stem + "@" + TraitSet.seconds($0) + "s.png" } } ?? [output ?? stem + ".png"]
        for target in targets {
            if let problem = outputs.fileProblem(target, option: "-o", content: .image) {
                Tool.printError(problem.message, usage: Self.usage, hint: problem.hint)
                return ExitCode.usage
            }
        }
        let parent = folder ?? (targets[0] as NSString).deletingLastPathComponent
        if !parent.isEmpty {
            do { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
                Tool.printError("cannot create the folder \(parent): \(error.localizedDescription)", usage: nil, hint: nil)
                return ExitCode.failure
            }
        }
        AnimatedPNG.keepFreedMemory()
        // The frames render in parallel; each is the scene at its time.
        let renderer = Renderer()
        let frames = concurrentMap(count: times.count) { i -> Result<[UInt8], RenderError> in
            let frame = scene.at(time: times[i])
            return Watchdog.watch("rendering \(name) at \(TraitSet.seconds(times[i])) s") {
                do throws(RenderError) { return .success(try renderer.renderPNG(frame)) } catch { return .failure(error) }
            }
        }
        var pngs: [[UInt8]] = []
        for (i, f) in frames.enumerated() {
            switch f {
            case .success(let png): pngs.append(png)
            case .failure(let error):
                writeStderr("Error: \(name) at t = \(TraitSet.seconds(times[i])) s: \(error)")
                return ExitCode.failure
            }
        }
        do {
            if folder != nil {
                for (png, target) in zip(pngs, targets) { try AtomicFile.write(png, to: target) }
                print("Wrote \(targets.count) frames to \(folder!) (\(fps) fps, \(TraitSet.seconds(start)) to \(TraitSet.seconds(times.last!)) s)")
            } else {
                let apng = try AnimatedPNG.assemble(pngs, delayDenominator: UInt16(fps))
                try AtomicFile.write(apng, to: targets[0])
                print("Wrote \(targets[0]) (\(pngs.count) frames, \(fps) fps)")
            }
        } catch let error as AnimatedPNG.Problem {
            writeStderr("Error: \(name): \(error.message)")
            return ExitCode.failure
        } catch let error as ImageFileError {
            writeStderr("Error: " + error.message)
            return ExitCode.failure
        } catch {
            writeStderr("Error: \(error)")
            return ExitCode.failure
        }
        return ExitCode.success
    }
}
