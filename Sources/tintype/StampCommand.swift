import Foundation
import TintypeSnapshot

struct StampCommand: Command {
    static let name = "stamp"
    static let abstract = "Stamp golden PNGs so that passing checks need not decode them."
    static let arguments = "GOLDEN.png|DIR..."
    static let discussion = """
        Goldens recorded by this version of Tintype carry a stamp: a private PNG chunk (tiNT) with
        the SHA-256 of the pixels the file decodes to and of the file's other bytes. A check whose
        render hashes the same passes without decoding the golden. This command adds the stamp to
        goldens recorded earlier or written by other tools, without changing their pixels or any
        other byte of the file; folders are searched for .png files recursively. A golden edited
        after it was stamped is recognized (its bytes no longer match) and compared pixel by pixel
        until it is stamped again.

        Prints how many files were stamped and how many already were. Exits 1 when a file cannot be
        read, is not a PNG, or cannot be written.
        """

    var paths: [String] = []

    mutating func argument(_ value: String) throws(UsageError) { paths.append(value) }

    func validate() throws(UsageError) {
        guard !paths.isEmpty else { throw UsageError(message: "missing golden or folder", command: Self.self) }
    }

    func run() -> Int32 {
        let fm = FileManager.default
        var files: [String] = []
        var failed = false
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                Tool.printError("\(path): no such file or folder", usage: nil, hint: nil)
                failed = true
                continue
            }
            if !isDirectory.boolValue { files.append(path); continue }
            let found = (fm.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".png") }
            files += found.sorted().map { (path.hasSuffix("/") ? path : path + "/") + $0 }
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
        print("\(stamped) stamped, \(already) already stamped")
        return failed ? ExitCode.failure : ExitCode.success
    }
}
