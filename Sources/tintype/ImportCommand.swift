import Foundation
import TintypeModel
import TintypeStoryboard

struct ImportCommand: Command {
    static let name = "import"
    static let abstract = "Write scene files from Interface Builder storyboards and xibs."
    static let arguments = "FILE.storyboard|FILE.xib..."
    static let argumentHelp = [("FILE.storyboard", "An iOS storyboard or xib (Interface Builder's XML).")]
    static var options: [Option<Self>] {
        [
            .value("-o", "--output", value: "DIR", help: "The folder the scene files are written into (created if missing).", kind: .outputInto, \.output),
            .value("--device", value: "NAME",
                   help: "The device the scenes name (default: the file's design device,\nelse iPhone 8); size-class variations are resolved for it.", \.device),
            .flag("--force", help: "Write over scene files already in the folder.", \.force),
        ]
    }
    static let discussion = """
        Writes one scene file per view controller (DIR/<storyboard identifier or id>.json), inside
        the navigation and tab bar controllers its relationship segues put it in, and pushed by the
        show segues that lead to it; a xib gives one scene per top-level view. Views are placed as
        the file places them: by their constraints, or by their frames and autoresizing masks (as
        layout pins, so the scene follows other screen sizes). Images and colors come from the
        asset catalogs near the file (Assets.xcassets); image paths are written relative to DIR.

        What a scene cannot hold is never dropped silently: a class Tintype does not draw (a custom
        view, MKMapView, WKWebView) becomes a labeled placeholder of its frame, and each
        approximation is a warning with its file, line, column and object id:
          Warning: Main.storyboard:42:17: map-det-001: MKMapView is not a class Tintype draws; …

        Nothing is written when a file cannot be read (malformed XML, an unknown document type or
        version, a segue or constraint naming a missing id, a cycle of segues): each is an error
        with its place. Each scene file is written whole (a temporary file, then a rename); a scene
        file already in DIR is left alone unless --force. Exit code: 0, 1 when a file cannot be
        imported, 64 bad usage.
        """

    var files: [String] = []
    var output: String?
    var device: String?
    var force = false

    mutating func argument(_ value: String) throws(UsageError) { files.append(value) }

    func validate() throws(UsageError) {
        if files.isEmpty { throw UsageError(message: "missing storyboard or xib", command: Self.self) }
        guard let output else { throw UsageError(message: "missing -o DIR (the folder to write the scene files into)", command: Self.self) }
        if output.isEmpty || output == "-" { throw UsageError(message: "-o takes a folder; scene files cannot go to standard output", command: Self.self) }
        if let device, Device.named(device) == nil {
            var message = "unknown device \"\(device)\""
            if let near = Suggest.closest(to: device, in: Device.catalog.map(\.name)) { message += "; did you mean \"\(near)\"?" }
            throw UsageError(message: message + " (see 'tintype devices')", command: Self.self)
        }
        for f in files where !(f.hasSuffix(".storyboard") || f.hasSuffix(".xib")) {
            throw UsageError(message: "\"\(f)\" is not a .storyboard or .xib file", command: Self.self)
        }
    }

    func run() -> Int32 {
        let folder = output!.hasSuffix("/") && output!.count > 1 ? String(output!.dropLast()) : output!
        let fm = FileManager.default
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: folder, isDirectory: &isDir), !isDir.boolValue {
            Tool.printError("\(folder) is a file; -o names the folder the scene files go into", usage: nil, hint: nil)
            return ExitCode.failure
        }
        // Every file is read and checked before anything is written.
        var scenes: [(path: String, text: String, source: String)] = []
        var tables: [(path: String, text: String)] = []
        var failed = false
        for file in files {
            let result: StoryboardImport
            do {
                result = try StoryboardImporter.importFile(file, options: .init(device: device, imageDirectory: folder))
            } catch {
                for issue in error.issues { writeStderr("Error: \(issue)") }
                failed = true
                continue
            }
            for w in result.warnings { writeStderr("Warning: \(w)") }
            if let s = result.strings { tables += s.files.map { (folder + "/" + s.name + "/" + $0.path, $0.text) } }
            for scene in result.scenes {
                let path = folder + "/" + scene.name + ".json"
                if scenes.contains(where: { $0.path == path }) {
                    Tool.printError("two scenes would be written to \(path) (\(scene.name) of \(file) and one before it); import the files into different folders",
                                    usage: nil, hint: nil)
                    failed = true
                    continue
                }
                scenes.append((path, scene.json, file))
            }
        }
        if failed { return ExitCode.failure }
        let existing = (tables.map(\.path) + scenes.map(\.path)).filter { fm.fileExists(atPath: $0) }
        if !force && !existing.isEmpty {
            let shown = existing.prefix(3).joined(separator: ", ") + (existing.count > 3 ? " and \(existing.count - 3) more" : "")
            Tool.printError("\(shown) already exist\(existing.count == 1 ? "s" : ""); nothing was written",
                            usage: nil, hint: "Pass --force to write over them, or choose another -o.")
            return ExitCode.failure
        }
        // The string tables first: the scenes name them, and each scene is read back before it is
        // written (a scene the decoder refused would be the importer's mistake).
        let made = !fm.fileExists(atPath: folder)
        var written: [String] = []
        func undo() -> Int32 {
            for path in written where !existing.contains(path) { try? fm.removeItem(atPath: path) }
            if made { try? fm.removeItem(atPath: folder) }
            return ExitCode.failure
        }
        for table in tables {
            if let problem = Self.writeWhole(table.text, to: table.path) {
                Tool.printError(problem, usage: nil, hint: nil)
                return undo()
            }
            written.append(table.path)
        }
        if !fm.fileExists(atPath: folder) { try? fm.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        // Images from asset catalogs near the storyboard may lie beside DIR: the scenes' project is
        // then a folder that holds both, which rendering them needs as --root.
        var project = FilePaths.resolved(folder)
        for scene in scenes {
            do {
                let decoded = try SceneDecoder.decode(scene.text, file: scene.path, baseDirectory: folder, root: "/")
                for image in decoded.imageFiles.map({ FilePaths.resolved($0) }) {
                    while !FilePaths.contains(project, image) { project = (project as NSString).deletingLastPathComponent }
                }
            } catch {
                Tool.printError("\(scene.source): the scene \((scene.path as NSString).lastPathComponent) does not read back (please report this):\n\(error)",
                                usage: nil, hint: nil)
                return undo()
            }
        }
        for scene in scenes {
            if let problem = Self.writeWhole(scene.text, to: scene.path) {
                Tool.printError(problem, usage: nil, hint: nil)
                return ExitCode.failure
            }
            print("Wrote \(scene.path)")
        }
        if let first = tables.first {
            let folder = (first.path as NSString).deletingLastPathComponent.components(separatedBy: "/").dropLast().joined(separator: "/")
            print("Wrote \(folder)/ (\(tables.count) string table\(tables.count == 1 ? "" : "s"))")
        }
        if project != FilePaths.resolved(folder) {
            let shown = project.hasPrefix(FilePaths.resolved(".") + "/") ? String(project.dropFirst(FilePaths.resolved(".").count + 1)) : project
            print("The scenes use images outside \(folder)/ (from the asset catalogs near the storyboard): "
                  + "render or test them with --root \(shown)")
        }
        return ExitCode.success
    }

    /// Writes `text` to a temporary file beside `path`, then renames it into place; the reason when it cannot.
    static func writeWhole(_ text: String, to path: String) -> String? {
        let dir = (path as NSString).deletingLastPathComponent
        let temp = dir + "/." + (path as NSString).lastPathComponent + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: temp))
            if rename(temp, path) != 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            return nil
        } catch {
            try? FileManager.default.removeItem(atPath: temp)
            return "cannot write \(path): \(error.localizedDescription)"
        }
    }
}
