// Why one guard: every command that writes or deletes (render, icon, screenshots, launch-images,
// test, report merge, diff, sheet, stamp) once checked its outputs its own way, and the commands
// that checked least lost a project folder to `-o . --force`. Each path a command writes is declared
// in its option table with an output kind (OptionKind), and every one of them passes here.
import Foundation
import TintypeModel
import TintypeRender
import TintypeSnapshot

/// Why an output may not be written: a message and a hint for the usage error (exit 64).
struct OutputProblem: Error {
    var message: String
    var hint: String
}

/// What an output file holds. An existing file is replaced only by the same kind of file: a
/// JUnit report never lands on a scene, a PNG never on a string catalog.
enum OutputContent: Sendable, Equatable {
    /// An image in the format its name's extension says (.png, .svg or .pdf).
    case image
    /// Tintype's JUnit XML.
    case junit
    /// Tintype's JSON results.
    case results
    /// An audit baseline (`--audit-baseline`), of this format or another.
    case auditBaseline

    var name: String {
        switch self {
        case .image: "an image of the format its extension names"
        case .junit: "a JUnit XML report"
        case .results: "a Tintype results file"
        case .auditBaseline: "an audit baseline"
        }
    }

    /// Whether the file at `path` (which exists) is of this kind, judged from its first bytes (or,
    /// for results, from the whole document).
    func matches(fileAt path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        switch self {
        case .image:
            let head = (try? handle.read(upToCount: 4096)).map { Array($0) } ?? []
            switch ImageFormat(path: path) {
            case .png?: return head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            case .pdf?: return head.starts(with: Array("%PDF-".utf8))
            case .svg?: return String(decoding: head, as: UTF8.self).contains("<svg")
            case nil: return false
            }
        case .junit:
            let head = (try? handle.read(upToCount: 4096)).map { Array($0) } ?? []
            return String(decoding: head, as: UTF8.self).contains("<testsuites")
        case .auditBaseline:
            // Any format's baseline names its format first; the loader says when it is another's.
            let head = (try? handle.read(upToCount: 4096)).map { Array($0) } ?? []
            return String(decoding: head, as: UTF8.self).contains("\"tintypeAuditBaseline\"")
        case .results:
            // Results files are small; one that is not is not Tintype's.
            guard let data = try? handle.read(upToCount: 64 << 20), data.count < 64 << 20 else { return false }
            return (try? RunResults.decode(Array(data), file: path)) != nil
        }
    }
}

/// The one check every written or deleted path passes. It knows the run's inputs (scenes, the
/// images and files they include, string catalogs, sources), and refuses:
/// - for any output: the current folder, a folder above it, the home folder (or one above it);
/// - for a file: an input, a golden of any scene beside it, an existing file of another kind
///   (a scene, an include, a catalog, a document), a folder;
/// - for a folder written whole: a folder holding an input, and one holding files Tintype did
///   not write (see `FolderOutput`);
/// - for a folder written into: a folder holding an input.
struct OutputGuard {
    /// The files (and catalog folders) the run reads, by resolved path, with what each one is.
    private(set) var inputs: [String: String] = [:]
    /// The command, for messages.
    var command = "tintype"
    /// Whether the command may replace a golden (`sheet --record` its own), given its resolved path.
    var mayReplaceGolden: (String) -> Bool = { _ in false }

    init(command: String = "tintype") { self.command = command }

    mutating func add(input path: String, _ what: String) {
        guard !path.isEmpty, path != "-" else { return }
        let key = Self.resolved(path)
        if inputs[key] == nil { inputs[key] = what }
    }

    /// A scene file and everything it reads: the images it uses, the files it includes, its catalog.
    mutating func add(_ file: SceneFile) {
        guard file.path != "-" else { return }
        add(input: file.path, "the scene \(file.path)")
        guard let scene = file.scene else { return }
        for image in scene.imageFiles { add(input: image, "an image \(file.path) uses") }
        for included in scene.includedFiles { add(input: included, "a file \(file.path) includes") }
        if let strings = scene.strings {
            let base = scene.baseDirectory ?? URL(fileURLWithPath: file.path).deletingLastPathComponent().path
            add(input: strings.hasPrefix("/") ? strings : base + "/" + strings, "the string catalog of \(file.path)")
        }
    }

    // MARK: - Paths

    /// `path` made absolute and resolved as the file system walks it (FilePaths), so that two
    /// names of one file compare equal.
    static func resolved(_ path: String) -> String { FilePaths.resolved(path) }

    /// Whether `inner` is `outer` or lies inside it (both resolved).
    static func contains(_ outer: String, _ inner: String) -> Bool { FilePaths.contains(outer, inner) }

    /// The folders no output may be, replace or fill: the current folder, the home folder, and
    /// every folder above either (up to /).
    static func protectedFolders() -> [(path: String, what: String)] {
        var out: [(String, String)] = []
        func climb(_ start: String, _ name: String) {
            var p = resolved(start)
            out.append((p, name))
            while p != "/" {
                p = (p as NSString).deletingLastPathComponent
                out.append((p, "a folder above \(name)"))
            }
        }
        climb(FileManager.default.currentDirectoryPath, "the current folder")
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        climb(home, "the home folder")
        return out
    }

    /// The protected folder `path` is, if any.
    static func protectedFolder(_ path: String) -> String? {
        let p = resolved(path)
        return protectedFolders().first { $0.path == p }?.what
    }

    // MARK: - Checks

    /// Checks every output option a command was given (or defaults to), before it runs: nothing
    /// here needs the run's inputs.
    static func check<C: Command>(_ command: C) -> OutputProblem? {
        var outputs = OutputGuard()
        outputs.command = C.name
        outputs.mayReplaceGolden = { command.mayReplace(golden: $0) }
        for option in C.options {
            guard option.spec.kind != .plain, let path = option.current?(command), path != "-" else { continue }
            let name = option.spec.names[0]
            let problem: OutputProblem?
            switch option.spec.kind {
            case .plain: problem = nil
            case .outputFile(let content): problem = outputs.fileProblem(path, option: name, content: content)
            case .outputFileOrInto(let content):
                // Files written into a folder are each checked as files when the command knows them.
                var isDir: ObjCBool = false
                let folder = path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue)
                problem = folder ? nil : outputs.fileProblem(path, option: name, content: content)
            case .outputFolder, .outputInto: problem = outputs.folderProblem(path, option: name)
            }
            if let problem { return problem }
        }
        return nil
    }

    /// Why the audit baseline at `path` may not be written, when this run writes it (it is missing,
    /// or `update`): not over an input, a golden, or a file that is not a baseline.
    func auditBaselineProblem(_ path: String?, update: Bool) -> OutputProblem? {
        guard let path, update || !FileManager.default.fileExists(atPath: path) else { return nil }
        return fileProblem(path, option: "--audit-baseline", content: .auditBaseline)
    }

    /// Why `path`, a file that `option` writes, may not be written.
    func fileProblem(_ path: String, option: String, content: OutputContent) -> OutputProblem? {
        if let problem = Self.fileInTheWay(path, option: option) { return problem }
        let resolved = Self.resolved(path)
        if let what = Self.protectedFolders().first(where: { $0.path == resolved })?.what {
            return OutputProblem(message: "\(option) \(path) is \(what), and \(option) names a file", hint: "Name a file.")
        }
        if let input = inputs[resolved] {
            return OutputProblem(message: "\(path) is \(input); \(command) will not overwrite its own input", hint: "Pass \(option) to write elsewhere.")
        }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { return nil }
        if isDir.boolValue {
            return OutputProblem(message: "\(option) \(path) is a folder, and \(option) names a file", hint: "Name a file.")
        }
        if !mayReplaceGolden(resolved), let owner = Self.goldenOwner(of: resolved) {
            return OutputProblem(message: "\(path) is the golden of \(owner); \(command) will not overwrite it",
                                 hint: "Pass \(option) to write elsewhere, or record goldens with 'tintype test --record'.")
        }
        if !content.matches(fileAt: path) {
            return OutputProblem(message: "\(option) \(path) \(Self.describe(existing: path) ?? "exists and is not \(content.name)"); \(command) will not overwrite it",
                                 hint: "Write it elsewhere, or remove the file yourself.")
        }
        return nil
    }

    /// A file where `path` needs a folder: the nearest of its parents that exists, when that is
    /// not a folder (`--junit x.png/junit.xml`).
    static func fileInTheWay(_ path: String, option: String) -> OutputProblem? {
        var parent = (URL(fileURLWithPath: path).standardizedFileURL.path as NSString).deletingLastPathComponent
        let fm = FileManager.default
        while parent != "/" && !parent.isEmpty {
            var isDir: ObjCBool = false
            if fm.fileExists(atPath: parent, isDirectory: &isDir) {
                guard !isDir.boolValue else { return nil }
                let shown = relative(parent, to: path)
                return OutputProblem(message: "\(option) \(path): \(shown) is a file, not a folder", hint: "Name a path whose folders are folders.")
            }
            parent = (parent as NSString).deletingLastPathComponent
        }
        return nil
    }

    /// `absolute` as the user wrote the start of `given`, when it is a prefix of it (`x.png` for
    /// `x.png/junit.xml`); else `absolute`.
    static func relative(_ absolute: String, to given: String) -> String {
        let parts = given.split(separator: "/", omittingEmptySubsequences: false)
        for n in stride(from: parts.count - 1, through: 1, by: -1) {
            let prefix = parts.prefix(n).joined(separator: "/")
            if !prefix.isEmpty, URL(fileURLWithPath: prefix).standardizedFileURL.path == absolute { return prefix }
        }
        return absolute
    }

    /// What the existing file at `path` is, when it is something Tintype reads: a scene, a JSON file
    /// (an include), a string catalog.
    static func describe(existing path: String) -> String? {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "xcstrings", "strings", "stringsdict": return "is a string catalog"
        case "json":
            guard let data = FileManager.default.contents(atPath: path),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return "is a JSON file" }
            return object["root"] != nil ? "is a scene file" : "is a JSON file (a part scenes include?)"
        default: return nil
        }
    }

    /// Why `path`, a folder an option writes into or writes whole, may not be: a protected folder,
    /// a file, or a folder that holds one of the run's inputs.
    func folderProblem(_ path: String, option: String) -> OutputProblem? {
        if let problem = Self.fileInTheWay(path, option: option) { return problem }
        let resolved = Self.resolved(path)
        if let what = Self.protectedFolders().first(where: { $0.path == resolved })?.what {
            return OutputProblem(message: "\(option) \(path) is \(what); an output folder is never one that holds your project",
                                 hint: "Name a folder of its own (one that does not exist yet, or one Tintype wrote).")
        }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue {
            return OutputProblem(message: "\(option) \(path) is a file, and \(option) names a folder", hint: "Name a folder.")
        }
        if let (input, what) = inputs.sorted(by: { $0.key < $1.key }).first(where: { Self.contains(resolved, $0.key) }) {
            let how = input == resolved ? "is" : "holds"
            return OutputProblem(message: "\(option) \(path) \(how) \(what); an output folder never holds the run's inputs",
                                 hint: "Name a folder of its own, outside the inputs' folders.")
        }
        return nil
    }

    /// The scene whose golden `path` (resolved) is, when that file exists: any scene file in its
    /// folder whose name it begins with (`NAME.png`, `NAME.VARIANT.png`, `NAME.sheet.png` or a
    /// vector golden such as `NAME.svg` beside `NAME.json`), asked through SceneFile, so every
    /// variant counts; not only the scenes of the run.
    static func goldenOwner(of path: String) -> String? {
        guard ImageFormat(path: path) != nil, FileManager.default.fileExists(atPath: path) else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let candidates = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            $0.hasSuffix(".json") && name.hasPrefix(String($0.dropLast(5)) + ".")
        }
        for candidate in candidates.sorted() {
            let scene = folder + "/" + candidate
            let file = Watchdog.read(scene)
            if file.owns(path) { return scene }
        }
        return nil
    }
}
