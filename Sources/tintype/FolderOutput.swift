import Foundation

/// A folder written whole or not at all (icon sets, launch images, screenshot sets): the files go
/// into a temporary folder beside it, which is then renamed into place; a folder already there is
/// moved aside first and removed only once the new one stands.
struct FolderOutput {
    /// The folder's path as given, without a trailing slash.
    let path: String

    init(_ path: String) { self.path = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path }

    /// Why the folder may not be written, or nil: it is a file, or it holds files that `allowed`
    /// rejects (names relative to the folder, at its top level) and `force` was not given.
    func problem(force: Bool, allowed: (String) -> Bool) -> (message: String, hint: String)? {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDir) else { return nil }
        guard isDir.boolValue else { return ("\(path) is a file, and this writes a folder", "Name a folder.") }
        if force { return nil }
        let others = ((try? fm.contentsOfDirectory(atPath: path)) ?? []).filter { !allowed($0) }.sorted()
        guard !others.isEmpty else { return nil }
        let shown = others.prefix(3).joined(separator: ", ") + (others.count > 3 ? " and \(others.count - 3) more" : "")
        return ("\(path) already holds other files (\(shown))", "Pass --force to replace the folder, or choose another -o.")
    }

    /// Writes `files` (paths relative to the folder) as the folder's whole content.
    func write(_ files: [(path: String, bytes: [UInt8])]) throws {
        let fm = FileManager.default
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let parent = url.deletingLastPathComponent().path
        let pid = ProcessInfo.processInfo.processIdentifier
        let temp = parent + "/." + url.lastPathComponent + ".tmp-\(pid)"
        let old = parent + "/." + url.lastPathComponent + ".old-\(pid)"
        let exists = fm.fileExists(atPath: url.path)
        do {
            try fm.createDirectory(atPath: parent, withIntermediateDirectories: true)
            try? fm.removeItem(atPath: temp)
            try fm.createDirectory(atPath: temp, withIntermediateDirectories: false)
            for file in files {
                let target = temp + "/" + file.path
                try fm.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(file.bytes).write(to: URL(fileURLWithPath: target))
            }
            if exists { try fm.moveItem(atPath: url.path, toPath: old) }
            do { try fm.moveItem(atPath: temp, toPath: url.path) } catch {
                if exists { try? fm.moveItem(atPath: old, toPath: url.path) }
                throw error
            }
            if exists { try? fm.removeItem(atPath: old) }
        } catch {
            try? fm.removeItem(atPath: temp)
            throw error
        }
    }
}
