import Foundation
import TintypeModel
import TintypeRender
import TintypeSnapshot

struct SheetCommand: Command {
    static let name = "sheet"
    static let abstract = "Lay every variant of a scene, or every scene of a storyboard, out in one labeled grid (a contact sheet)."
    static let arguments = "SCENE.json|FILE.storyboard|FILE.xib"
    static let argumentHelp = [("SCENE.json", "A scene file with \"variants\" (or \"devices\")."),
                               ("FILE.storyboard", "A storyboard or xib: each of its scenes, captioned with its name.")]
    static var options: [Option<Self>] { [
        .value("-o", "--output", value: "PATH", help: "The sheet to write (required): a .png, .pdf or .svg path, or - for a PNG on standard output.",
               kind: .outputFile(.image), \.output),
        .value("--rows", value: "TRAITS", help: """
            The traits down the side, comma-separated: devices, orientations,
            contentSizeCategories, layoutDirections, locales,
            tintAdjustmentModes, scales, times (or their singular names).
            """) { c, v throws(UsageError) in c.rows = try Self.dimensions(v, option: "--rows") },
        .value("--columns", value: "TRAITS", help: "The traits across the top, the same way.") { c, v throws(UsageError) in
            c.columns = try Self.dimensions(v, option: "--columns")
        },
        .value("--times", value: "A:B:N", help: """
            A filmstrip: the scene at N times from A to B seconds (0:0.35:8 is
            0, 0.05, ... 0.35), or at a list (0,0.1,0.25), instead of its own
            "times" variants; they go across unless --rows names times.
            """) { c, v throws(UsageError) in c.times = try Self.times(v) },
        .value("--scale", value: "N", help: "Pixels per point of the sheet (default 2; 0.25 to 16).") { c, v throws(UsageError) in
            c.scale = try number("--scale", v, in: SceneLimits.scaleRange, command: Self.self)
        },
        .value("--scene", value: "NAME", help: """
            Of a storyboard, only this scene (its storyboard identifier or id);
            may be given more than once. Default: every scene.
            """) { c, v throws(UsageError) in c.sceneNames.append(v) },
        .flag("--record", help: """
            Allow writing over the sheet's golden beside the scene
            (SCENE.sheet.png), which is otherwise refused.
            """, \.record),
        Watchdog.option(\.timeout),
        ProjectRoot.option(\.root),
    ] + TraitOptions.options(\.overrides) }
    static let discussion = """
        Every variant is rendered (in parallel) at the sheet's scale, so each screen keeps its true
        size relative to the others, and placed in the grid with its row and column captions in the
        margins. Only traits that vary can be rows or columns; a varying trait named in neither joins
        the columns. By default text sizes, tint adjustment and locales go down the side and the other
        traits across. When "scales" varies, each screen keeps its own scale and is drawn at its size
        in points. A variant that fails to render shows as a red box, its error is printed, and the
        exit code is 1. The trait options pick or replace traits as for 'tintype render'.
        The format follows the extension of -o: a PDF or SVG sheet has its captions as text and its
        frames as paths, and embeds each screen as the image the PNG sheet shows (raise --scale for
        sharper screens).
        Given a storyboard or xib, the sheet shows each of its scenes (as 'tintype render' draws
        them), captioned with its name, in rows of five in the storyboard's order; the trait
        options apply to every scene.

        Examples:
          tintype sheet Snapshots/Gallery/Matrix/settings.json -o sheet.png --rows contentSizeCategories --columns devices
          tintype sheet Snapshots/Motion/countdown-hud.json --times 0:0.35:8 -o filmstrip.png
          tintype sheet App/Base.lproj/Main.storyboard -o Main.sheet.png --scale 1
        """

    var scene = ""
    var output: String?
    var rows: [TraitDimension] = []
    var columns: [TraitDimension] = []
    var scale = 2.0
    var overrides = TraitSet()
    /// --times: the moments of a filmstrip.
    var times: [Double]?
    var record = false
    var timeout = Watchdog.defaultSeconds
    /// The scenes' project (--root); nil for the default.
    var root: String?

    /// The scenes named; one is taken.
    var scenes: [String] = []
    /// --scene: of a storyboard, the scenes to lay out (all when empty).
    var sceneNames: [String] = []

    var isStoryboard: Bool { StoryboardFiles.isStoryboard(scene) }

    /// The sheet's golden beside the scene (`settings.sheet.png`) or the storyboard (`Main.sheet.png`).
    var sheetGolden: String {
        isStoryboard ? (scene as NSString).deletingPathExtension + ".sheet.png" : SceneFile.stem(of: scene) + ".sheet.png"
    }

    mutating func argument(_ value: String) throws(UsageError) { scenes.append(value) }

    mutating func validate() throws(UsageError) {
        guard scenes.count == 1 else {
            throw UsageError(message: scenes.isEmpty ? "missing scene file" : "a sheet takes one scene file, found \(scenes.count)", command: Self.self)
        }
        scene = scenes[0]
        guard let output else { throw UsageError(message: "missing -o SHEET.png", command: Self.self) }
        // The format is the extension's: bytes of one format under another's name would be a file that lies.
        if output != "-", ImageFormat(path: output) == nil {
            throw UsageError(message: "a contact sheet is written as \(ImageFormat.list), by the extension of -o (found \"\(output)\")", command: Self.self)
        }
        if isStoryboard {
            // A storyboard's sheet is its scenes in rows: no grid of traits, no filmstrip.
            if !rows.isEmpty || !columns.isEmpty {
                throw UsageError(message: "--rows and --columns lay out a scene file's variants; a storyboard's sheet shows its scenes in rows", command: Self.self)
            }
            if times != nil { throw UsageError(message: "--times makes a filmstrip of a scene file, not of a storyboard", command: Self.self) }
        } else if !sceneNames.isEmpty {
            throw UsageError(message: "--scene picks scenes of a storyboard or xib; \(scene) is a scene file", command: Self.self)
        }
    }

    /// The sheet's own golden beside the scene: replaced only with --record, which run() checks
    /// with its own message.
    func mayReplace(golden path: String) -> Bool {
        path == OutputGuard.resolved(sheetGolden)
    }

    static func dimensions(_ text: String, option: String) throws(UsageError) -> [TraitDimension] {
        var out: [TraitDimension] = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let d = TraitDimension.named(name) else {
                let names = TraitDimension.allCases.map(\.rawValue)
                var message = "\(option) takes traits from \(names.joined(separator: ", ")), found \"\(name)\""
                if let s = Suggest.closest(to: name, in: names) { message += "; did you mean \"\(s)\"?" }
                throw UsageError(message: message, command: Self.self)
            }
            if !out.contains(d) { out.append(d) }
        }
        return out
    }

    /// `A:B:N` (N evenly spaced times from A to B, both included) or a comma-separated list.
    static func times(_ text: String) throws(UsageError) -> [Double] {
        let help = "--times takes START:END:COUNT (like 0:0.35:8) or a list of seconds (like 0,0.1,0.25), 0 to 3600"
        func seconds(_ s: Substring) throws(UsageError) -> Double {
            guard let v = Double(s.trimmingCharacters(in: .whitespaces)), v.isFinite, SceneLimits.time.contains(v) else {
                throw UsageError(message: help + "; found \"\(s)\" in \"\(text)\"", command: Self.self)
            }
            return v
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 3 {
            let a = try seconds(parts[0]), b = try seconds(parts[1])
            guard let n = Int(parts[2]), (2...600).contains(n), b > a else {
                throw UsageError(message: help + "; the count is 2 to 600 and the end after the start, found \"\(text)\"", command: Self.self)
            }
            return (0..<n).map { a + (b - a) * Double($0) / Double(n - 1) }
        }
        var out: [Double] = []
        for s in text.split(separator: ",", omittingEmptySubsequences: false) {
            let v = try seconds(s)
            if !out.contains(v) { out.append(v) }
        }
        guard parts.count == 1, !out.isEmpty else { throw UsageError(message: help + ", found \"\(text)\"", command: Self.self) }
        return out
    }

    func run() -> Int32 {
        Watchdog.seconds = timeout
        ProjectRoot.given = root
        if let output, output != "-", !record, FileManager.default.fileExists(atPath: output),
           URL(fileURLWithPath: output).standardizedFileURL.path == URL(fileURLWithPath: sheetGolden).standardizedFileURL.path {
            Tool.printError("\(output) is the contact sheet's golden beside \(scene); sheet will not overwrite it", usage: Self.usage,
                            hint: "Pass --record to replace it, or -o to write elsewhere.")
            return ExitCode.usage
        }
        let sheet: ContactSheet
        if isStoryboard {
            let (files, matched) = StoryboardFiles.sceneFiles(scene, only: sceneNames, overriding: overrides)
            if files.count == 1, files[0].path == scene, let error = files[0].error {
                writeStderr("Error: \(error)")
                return ExitCode.failure
            }
            if let missing = sceneNames.first(where: { !matched.contains($0) }) {
                writeStderr("Error: \(scene) has no scene \"\(missing)\" (a storyboard identifier or id)")
                return ExitCode.usage
            }
            let named = files.map { f in (name: StoryboardFiles.sceneName(ofVirtualPath: f.path, storyboard: scene), file: f) }
            do { sheet = try ContactSheet(title: (scene as NSString).lastPathComponent, scenes: named, scale: scale) } catch {
                writeStderr("Error: \(error)")
                return ExitCode.failure
            }
            return write(sheet, what: "\(named.count) scene\(named.count == 1 ? "" : "s")")
        }
        var file = Watchdog.read(scene, overriding: overrides)
        if let times, var decoded = file.scene {
            // A filmstrip: the scene's matrix with these times (its own scene "time" gives way).
            decoded.variants.times = times
            file = SceneFile(path: scene, scene: decoded, overriding: overrides)
        }
        do { sheet = try ContactSheet(file: file, rows: rows, columns: columns, scale: scale) } catch {
            writeStderr("Error: \(error)")
            return file.error == nil ? ExitCode.usage : ExitCode.failure
        }
        return write(sheet, what: "\(sheet.cells.count) variants, \(sheet.rowLabels.count) × \(sheet.columnLabels.count)")
    }

    /// Renders the sheet and writes it to -o (or standard output); `what` describes its cells.
    func write(_ sheet: ContactSheet, what: String) -> Int32 {
        let format = output.flatMap { $0 == "-" ? nil : ImageFormat(path: $0) } ?? .png
        let result: (bytes: [UInt8], failures: [String])
        do {
            result = try Watchdog.watch("rendering the sheet of \(scene)") { try sheet.render(with: Renderer(), as: format) }
        } catch {
            writeStderr("Error: \(scene): the sheet cannot be drawn: \(error)")
            return ExitCode.failure
        }
        for f in result.failures { writeStderr("Error: " + f) }
        if output == "-" {
            if let reason = writeAll(result.bytes, to: STDOUT_FILENO) {
                writeStderr("Error: cannot write to standard output: \(reason)")
                return ExitCode.failure
            }
        } else if let output {
            do { try AtomicFile.write(result.bytes, to: output) } catch {
                writeStderr("Error: \(error.message)")
                return ExitCode.failure
            }
            let w = Int((sheet.size.width * sheet.scale).rounded()), h = Int((sheet.size.height * sheet.scale).rounded())
            let extent = format == .png ? "\(w)×\(h) pixels" : "\(Int(sheet.size.width.rounded()))×\(Int(sheet.size.height.rounded())) points"
            print("Wrote \(output) (\(what), \(extent))")
        }
        return result.failures.isEmpty ? ExitCode.success : ExitCode.failure
    }
}
