import Foundation
import TintypeModel
import TintypeRender
import TintypeSnapshot

struct IconCommand: Command {
    static let name = "icon"
    static let abstract = "Make an app icon set (every iOS 7–11 size and its Contents.json) from one source."
    static let arguments = "SOURCE"
    static let argumentHelp = [("SOURCE", "An .svg, a .png (at least 1024×1024) or a scene .json, square and opaque.")]
    static var options: [Option<Self>] { [
        .value("-o", "--output", value: "DIR", help: """
            The folder to write, usually NAME.appiconset inside an asset catalog
            (default: AppIcon.appiconset in the current folder).
            """, kind: .outputFolder, \.output),
        .flag("--force", help: """
            Replace the folder even if it holds files this set does not write,
            when Tintype wrote them all (an earlier set). A folder or a file
            Tintype did not write is never replaced.
            """, \.force),
        .value("--preview", value: "FILE.png", help: """
            Also write a picture of the set as iOS shows it: each icon at its
            size in points, under the continuous-corner mask, on a wallpaper.
            """, kind: .outputFile(.image), \.preview),
        Watchdog.option(\.timeout),
        ProjectRoot.option(\.root),
    ] }
    static let discussion = """
        Writes the icons Xcode 9 asks for on iOS 7 to 11: iPhone notification (20 points at 2x and
        3x), settings (29), Spotlight (40) and app (60); iPad notification, settings, Spotlight (1x
        and 2x) and app (76, and 83.5 at 2x for the iPad Pro); and the 1024-pixel App Store icon.
        One PNG per pixel size (Icon-40.png serves 20 points at 2x and 40 at 1x) and a Contents.json
        that names each slot. The PNGs have no alpha channel.

        An SVG or a scene is drawn at 1024 pixels, a PNG is taken as it is, and every size is
        scaled down from that with a box filter. A scene's scale is chosen for 1024 pixels:
        "canvas": {"size": [1024, 1024]} draws at 1x, a 512-point canvas at 2x (64 to 4096 points).
        The source must be square, and a PNG at least 1024 pixels a side; a source with any
        transparent pixel is refused, as the App Store refuses it. The icons are square: iOS
        applies the rounded (continuous) corner mask itself.

        The set is written to a temporary folder beside the output and renamed into place: a failed
        run leaves no partial folder. An existing output folder is replaced when it holds only files
        of an icon set; if it holds anything else, only with --force, and only when Tintype wrote
        every file in it (it leaves a .tintype-output marker listing them). The output is never the
        current folder, the home folder or one above them, nor a folder holding the source.

        --preview FILE.png draws the set at 2x from its @2x files, pixel for pixel, each under the
        iOS 7 continuous-corner mask (r = 0.225 × side) on a wallpaper with a home-screen label:
        the iPhone (60 points), iPad (76) and iPad Pro (83.5) home screen icons in one row,
        Spotlight (40), Settings (29) and notification (20) icons in the next; 750×480 pixels.
        It is written after the set, whole or not at all, and never over a scene's golden.

        Examples:
          tintype icon icon.svg -o Assets.xcassets/AppIcon.appiconset
          tintype icon icon.json -o AppIcon.appiconset --preview icon-preview.png
        """

    var source = ""
    var output = "AppIcon.appiconset"
    var force = false
    var preview: String?
    var timeout = Watchdog.defaultSeconds
    /// The scenes' project (--root); nil for the default.
    var root: String?

    /// The sources named; one is taken.
    var sources: [String] = []

    mutating func argument(_ value: String) throws(UsageError) { sources.append(value) }

    mutating func validate() throws(UsageError) {
        guard let first = sources.first else { throw UsageError(message: "missing icon source (an .svg, .png or scene .json)", command: Self.self) }
        guard sources.count == 1 else { throw UsageError(message: "an icon set is made from one source, found \(sources.count)", command: Self.self) }
        source = first
        let ext = URL(fileURLWithPath: source).pathExtension.lowercased()
        guard ["svg", "png", "json"].contains(ext) else {
            throw UsageError(message: "\"\(source)\" is not an icon source: use an .svg, a .png or a scene .json", command: Self.self)
        }
        if output == "-" { throw UsageError(message: "an icon set is a folder; -o - (standard output) cannot hold it", command: Self.self) }
        if let preview {
            guard URL(fileURLWithPath: preview).pathExtension.lowercased() == "png" else {
                throw UsageError(message: "--preview \"\(preview)\": the preview is drawn as pixels and written as a .png", command: Self.self)
            }
            // The set's folder is replaced whole, so a preview inside it would be lost or refused as a stranger.
            let folder = URL(fileURLWithPath: FolderOutput(output).path).standardizedFileURL.path + "/"
            if URL(fileURLWithPath: preview).standardizedFileURL.path.hasPrefix(folder) {
                throw UsageError(message: "--preview \"\(preview)\" is inside the icon set's folder; write it beside the set", command: Self.self)
            }
        }
    }

    func run() -> Int32 {
        Watchdog.seconds = timeout
        ProjectRoot.given = root
        let folder = FolderOutput(output, command: "tintype icon")
        folder.removeLeftovers()
        // The source (and, for a scene, every file it reads) is never inside the set or under the preview.
        var outputs = OutputGuard()
        outputs.add(input: source, "the icon's source")
        if source.lowercased().hasSuffix(".json") { outputs.add(Watchdog.read(source)) }
        let ours = Set(AppIconSet.filenames)
        if let problem = folder.problem(force: force, allowed: { ours.contains($0) }, guard: outputs) {
            Tool.printError(problem.message, usage: Self.usage, hint: problem.hint)
            return ExitCode.usage
        }
        if let preview, let problem = outputs.fileProblem(preview, option: "--preview", content: .image) {
            Tool.printError(problem.message, usage: Self.usage, hint: problem.hint)
            return ExitCode.usage
        }
        // A renderer loads the fonts; only a scene source and the preview's labels need them.
        let renderer = source.lowercased().hasSuffix(".json") || preview != nil ? Renderer() : nil
        let files: [String: [UInt8]]
        var previewPNG: [UInt8]?
        do {
            files = try Watchdog.watch("making the icon set from \(source)") { () throws(ImageFileError) in try AppIconSet.make(from: source, renderer: renderer) }
            // Drawn before anything is written, so that a failure leaves neither.
            if preview != nil, let renderer {
                previewPNG = try Watchdog.watch("drawing the preview") { () throws(ImageFileError) in try AppIconPreview.png(files: files, renderer: renderer) }
            }
        } catch {
            Tool.printError(error.message, usage: nil, hint: nil)
            return ExitCode.failure
        }
        // Written beside the destination, then renamed: a failure leaves no partial folder.
        do { try folder.write(files.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }) } catch {
            Tool.printError("cannot write \(folder.path): \(error.localizedDescription)", usage: nil, hint: nil)
            return ExitCode.failure
        }
        print("Wrote \(folder.path) (\(files.count - 1) icons for \(AppIconSet.slots.count) slots, and Contents.json)")
        if let preview, let previewPNG {
            do {
                try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: preview).deletingLastPathComponent().path, withIntermediateDirectories: true)
                try AtomicFile.write(previewPNG, to: preview)
            } catch {
                Tool.printError("cannot write \(preview): \(error)", usage: nil, hint: nil)
                return ExitCode.failure
            }
            print("Wrote \(preview)")
        }
        return ExitCode.success
    }
}
