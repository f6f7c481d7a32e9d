import Foundation
import TintypeModel
import TintypeRender
import TintypeSnapshot

struct RenderCommand: Command {
    static let name = "render"
    static let abstract = "Render scene files to PNG, SVG or PDF."
    static let arguments = "SCENE.json..."
    static let argumentHelp = [("SCENE.json", "A scene file, or - to read one from standard input.")]
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
        Watchdog.option(\.timeout),
        ProjectRoot.option(\.root),
        .flag("--verbose", help: """
            Also print what the layout resolved on its own: arranged views that need
            more room than their stack has, and which one gives way.
            """, \.verbose),
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

    /// Where the file for `scene` goes; nil means standard output.
    func destination(for scene: String) -> String? {
        let stem = scene == "-" ? "scene" : URL(fileURLWithPath: scene).deletingPathExtension().lastPathComponent
        let ext = "." + outputFormat.rawValue
        guard let output else { return stem + ext }
        if output == "-" { return nil }
        if scenes.count > 1 || isDirectoryPath(output) {
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
        let files = scenes.filter { !parts.contains($0) }.map { path -> SceneFile in
            guard path == "-" else { return Watchdog.read(path, overriding: overrides) }
            let data = FileHandle.standardInput.readDataToEndOfFile()
            do {
                let scene = try Watchdog.watch("reading <stdin>") {
                    try SceneDecoder.decode(Array(data), file: "<stdin>", baseDirectory: FileManager.default.currentDirectoryPath,
                                            locales: overrides.locale.map { [$0] } ?? [])
                }
                return Watchdog.watch("reading <stdin>") { SceneFile(path: path, scene: scene, overriding: overrides) }
            } catch {
                return SceneFile(path: path, failed: "\(error)")
            }
        }
        if files.contains(where: { $0.scene?.imageFiles.contains { $0.lowercased().hasSuffix(".svg") } == true }) { Renderer.warmUp(svg: true) }
        // What UIKit would ignore (the scene still renders, as UIKit draws it) is said first.
        for file in files { for w in file.scene?.warnings ?? [] { writeStderr("Warning: \(w)") } }
        var targets: [String: String] = [:]
        // Every file a render reads (scenes, the images they use, the files they include, their
        // catalogs), which no output may replace; goldens and other files are checked there too.
        var outputs = OutputGuard(command: Self.name)
        for file in files { outputs.add(file) }
        if let book = bookPath { return runBook(book, files: files, outputs: outputs) }
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
        let verbose = self.verbose
        let results = concurrentMap(count: all.count) { i in
            // With --verbose each render says its layout notes, named by its scene (and variant).
            let r = verbose ? LayoutNote.renderer(sharing: renderer, for: all[i].displayName) : renderer
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
        do { bytes = try renderer.render(scene, as: outputFormat) } catch {
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
