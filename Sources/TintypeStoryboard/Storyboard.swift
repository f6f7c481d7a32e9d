// Why scene files as the target: a storyboard or xib is read into the same JSON a person would
// write, and the scene decoder then reads that as it reads any scene. One translation serves both
// `tintype import` (which writes the files) and rendering a storyboard directly, every value the
// importer writes is checked by the decoder, and what Tintype draws from a storyboard is exactly
// what the imported scene file says, which a reader can open and compare with Interface Builder.
//
// What a scene cannot hold is never dropped silently: an unknown class becomes a labeled
// placeholder of its frame, and every approximation (a custom font drawn in the system font, a
// custom view class drawn as its base class, a variation resolved for one device) is a warning
// with the file, line, column and id.
import Foundation
import Synchronization
import TintypeModel

/// The scenes read from one storyboard or xib.
public struct StoryboardImport: Sendable {
    public struct Scene: Sendable {
        /// The scene's name: the controller's storyboard identifier, else its id (a xib's view: its
        /// id); safe as a file name.
        public var name: String
        /// The id of the controller (or the xib's view) the scene shows.
        public var id: String
        /// The scene file's text.
        public var json: String
    }
    public var scenes: [Scene]
    /// The size classes the file's variations were resolved for; nil when it has no variation
    /// other than the default one.
    public var sizeClasses: SizeClasses?
    /// What was drawn otherwise than Interface Builder describes it, in the order met.
    public var warnings: [StoryboardIssue]

    /// The string tables of a localized storyboard: a folder (beside the scene files) of
    /// `<language>.lproj/Localizable.strings`, which each scene's `"strings"` names.
    public struct StringsFolder: Sendable {
        public struct File: Sendable {
            /// Relative to the folder: `de.lproj/Localizable.strings`.
            public var path: String
            public var text: String
        }
        public var name: String
        public var files: [File]
    }
    /// Nil when the storyboard has no translations.
    public var strings: StringsFolder?
}

/// Reads Interface Builder files (`.storyboard`, `.xib`) into scene files.
///
/// ```swift
/// let result = try StoryboardImporter.importFile("App/Base.lproj/Main.storyboard",
///                                                options: .init(imageDirectory: "scenes"))
/// for scene in result.scenes { try scene.json.write(toFile: "scenes/\(scene.name).json", atomically: true, encoding: .utf8) }
/// ```
public enum StoryboardImporter {
    public struct Options: Sendable {
        /// The device the scenes name; nil takes the file's design device (`<device id="retina6_1">`:
        /// iPhone XR), else the iPhone 8. Size-class variations are resolved for it, in portrait.
        public var device: String?
        /// The folder the scene files will be in: image paths are written relative to it. Nil
        /// writes them relative to the storyboard's folder.
        public var imageDirectory: String?
        /// Resolve size-class variations for the device in landscape (else the file's orientation, or portrait).
        public var landscape: Bool?
        public init(device: String? = nil, imageDirectory: String? = nil, landscape: Bool? = nil) {
            self.device = device; self.imageDirectory = imageDirectory; self.landscape = landscape
        }
    }

    /// Largest file read, in bytes (the largest storyboard of a large app is a few megabytes).
    public static let maxFileSize = 32 * 1024 * 1024

    /// Reads the file at `path` (at most `maxFileSize` bytes).
    public static func importFile(_ path: String, options: Options = Options()) throws(StoryboardError) -> StoryboardImport {
        let file = path
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw StoryboardError(issues: [StoryboardIssue(file: file, position: nil, id: nil,
                                                           message: exists ? "cannot be read" : "no such file", kind: "file")])
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: maxFileSize + 1)) ?? Data()
        if data.count > maxFileSize {
            throw StoryboardError(issues: [StoryboardIssue(file: file, position: nil, id: nil,
                                                           message: "is larger than \(maxFileSize / 1024 / 1024) MB, the most Tintype reads", kind: "file")])
        }
        let directory = (path as NSString).deletingLastPathComponent
        return try importData([UInt8](data), file: file, directory: directory.isEmpty ? "." : directory, options: options)
    }

    /// The imports made while `sharingImports` runs, by file and options; nil outside it.
    private static let shared = Mutex<(depth: Int, imports: [String: StoryboardImport])>((0, [:]))

    /// Runs `body` with every import of the same file with the same options made once: a command
    /// that lists a storyboard's scenes and then reads each scene (`{"storyboard", "scene"}`)
    /// imports it once, not once a scene. The imports are forgotten when the outermost call returns,
    /// so a file changed afterwards is read again.
    public static func sharingImports<T>(_ body: () -> T) -> T {
        shared.withLock { $0.depth += 1 }
        defer { shared.withLock { $0.depth -= 1; if $0.depth == 0 { $0.imports = [:] } } }
        return body()
    }

    /// `importFile`, made once for the file and options while `sharingImports` runs.
    public static func sharedImport(_ path: String, options: Options) throws(StoryboardError) -> StoryboardImport {
        let key = [path, options.device ?? "", options.imageDirectory ?? "", options.landscape.map { "\($0)" } ?? ""].joined(separator: "\u{0}")
        let active = shared.withLock { state -> (Bool, StoryboardImport?) in (state.depth > 0, state.imports[key]) }
        if let done = active.1 { return done }
        let result = try importFile(path, options: options)
        if active.0 { shared.withLock { if $0.depth > 0 { $0.imports[key] = result } } }
        return result
    }

    /// Reads a storyboard or xib from its bytes; `directory` is its folder (for the asset catalog,
    /// localizations and image paths).
    public static func importData(_ bytes: [UInt8], file: String, directory: String, options: Options = Options()) throws(StoryboardError) -> StoryboardImport {
        guard bytes.count <= maxFileSize else {
            throw StoryboardError(issues: [StoryboardIssue(file: file, position: nil, id: nil,
                                                           message: "is larger than \(maxFileSize / 1024 / 1024) MB, the most Tintype reads", kind: "file")])
        }
        let root: XMLNode
        do {
            root = try XMLReader.parse(bytes)
        } catch {
            throw StoryboardError(issues: [StoryboardIssue(file: file, position: error.position, id: nil,
                                                           message: "malformed XML: " + error.message, kind: "xml")])
        }
        var importer = Importer(file: file, directory: directory, root: root, options: options)
        return try importer.run()
    }
}
