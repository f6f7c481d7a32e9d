import Foundation
import TintypeModel
import TintypeSnapshot

struct StampCommand: Command {
    static let name = "stamp"
    static let abstract = "Stamp golden PNGs so that passing checks need not decode them."
    static let arguments = "GOLDEN.png|DIR..."
    static let discussion = """
        Goldens recorded by this version of Tintype carry a stamp: a private PNG chunk (tiNT) with
        the BLAKE3 hash of the pixels the file decodes to and of the file's other bytes. A check
        whose render hashes the same passes without decoding the golden. This command adds the stamp
        to goldens recorded earlier or written by other tools, and renews a stamp of SHA-256 hashes
        (written by earlier versions, and still checked, more slowly), without changing their pixels
        or any other byte of the file. A golden edited after it was stamped is recognized (its bytes no
        longer match) and compared pixel by pixel until it is stamped again.

        A file named is stamped. A folder is searched for .png files recursively, and of those
        beside scene files only the goldens of those scenes are stamped, and an image a scene in the
        folder draws never is: an icon, a texture, an asset or a diagram among the scenes stays as
        it is (a stamp marks a golden, which 'tintype test --prune' may remove once its scene is
        gone). A folder is never the home folder, the root
        or a folder above the current one.

        Prints how many files were stamped and how many already were. Exits 1 when a file cannot be
        read, is not a PNG, or cannot be written.
        """

    static var options: [Option<Self>] { [Watchdog.option(\.timeout), ProjectRoot.option(\.root)] }

    var paths: [String] = []
    var timeout = Watchdog.defaultSeconds
    var root: String?

    mutating func argument(_ value: String) throws(UsageError) { paths.append(value) }

    func validate() throws(UsageError) {
        guard !paths.isEmpty else { throw UsageError(message: "missing golden or folder", command: Self.self) }
    }

    func run() -> Int32 {
        Watchdog.seconds = timeout
        ProjectRoot.given = root
        let fm = FileManager.default
        var files: [String] = []
        var failed = false
        var skipped = 0
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                Tool.printError("\(path): no such file or folder", usage: nil, hint: nil)
                failed = true
                continue
            }
            if !isDirectory.boolValue { files.append(path); continue }
            if let what = OutputGuard.protectedFolder(path), what != "the current folder" {
                Tool.printError("\(path) is \(what); stamp searches only a folder of goldens", usage: Self.usage, hint: "Name the folder of your scenes or goldens.")
                return ExitCode.usage
            }
            let listed = fm.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
            let base = path.hasSuffix("/") ? path : path + "/"
            var read: [String: SceneFile] = [:]
            func scene(_ file: String) -> SceneFile {
                if let f = read[file] { return f }
                let f = Watchdog.read(file, under: path)
                read[file] = f
                return f
            }
            // The images the scenes under the folder draw (an asset folder beside them): never goldens.
            var images = Set<String>()
            for file in SceneFiles.scenes(among: listed.filter { $0.hasSuffix(".json") }.sorted().map { base + $0 }) {
                for image in scene(file).scene?.imageFiles ?? [] { images.insert(URL(fileURLWithPath: image).standardizedFileURL.path) }
            }
            var scenesByFolder: [String: [SceneFile]] = [:]
            for png in listed.filter({ $0.hasSuffix(".png") }).sorted().map({ base + $0 }) {
                let folder = (png as NSString).deletingLastPathComponent
                if scenesByFolder[folder] == nil {
                    let jsons = ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
                    scenesByFolder[folder] = SceneFiles.scenes(among: jsons).map(scene)
                }
                let scenes = scenesByFolder[folder] ?? []
                // Among scenes, only their goldens; a folder without scenes holds goldens of the Swift API.
                let isImage = images.contains(URL(fileURLWithPath: png).standardizedFileURL.path)
                if !isImage && (scenes.isEmpty || scenes.contains(where: { $0.owns(png) })) { files.append(png) } else { skipped += 1 }
            }
        }
        var stamped = 0, already = 0
        for file in files {
            do {
                if try GoldenStore.stamp(golden: file) { stamped += 1 } else { already += 1 }
            } catch {
                Tool.printError(error.message, usage: nil, hint: nil)
                failed = true
            }
        }
        print("\(stamped) stamped, \(already) already stamped" + (skipped > 0 ? ", \(skipped) left alone (no scene beside them has them as its golden)" : ""))
        return failed ? ExitCode.failure : ExitCode.success
    }
}
