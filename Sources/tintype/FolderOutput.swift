import Foundation

/// A folder written whole or not at all (icon sets, launch images, screenshot sets): the files go
/// into a temporary folder beside it, which is then renamed into place; a folder already there is
/// moved aside first and removed only once the new one stands.
///
/// Every folder written carries a marker file (`.tintype-output`) listing the files Tintype wrote
/// there. An existing folder is replaced only when it holds nothing but the files this command
/// writes, or, with `--force`, when its marker says Tintype wrote every file in it: a file Tintype
/// did not write is never deleted.
struct FolderOutput {
    /// The folder's path as given, without a trailing slash.
    let path: String
    /// The command that writes it, for the marker.
    var command = "tintype"

    static let markerName = ".tintype-output"

    init(_ path: String, command: String = "tintype") {
        self.path = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        self.command = command
    }

    /// The files the marker of `folder` lists, or nil when it has none (or it is not Tintype's).
    static func manifest(of folder: String) -> Set<String>? {
        let marker = folder + "/" + markerName
        guard isRegularFile(marker), let data = FileManager.default.contents(atPath: marker),
              let text = String(data: data, encoding: .utf8), text.hasPrefix("# Written by ") else { return nil }
        return Set(text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map(String.init))
    }

    /// The marker's text: who wrote the folder and each file, one a line.
    func markerText(_ files: [String]) -> String {
        "# Written by \(command). --force may replace this folder when it holds only the files listed here;\n"
            + "# it never deletes any other file.\n" + files.sorted().map { $0 + "\n" }.joined()
    }

    static func isRegularFile(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }

    /// What the folder holds: its regular files (paths relative to it, in subfolders too) and
    /// anything else (symbolic links, devices, sockets), which Tintype never writes.
    static func contents(of folder: String) -> (files: [String], others: [String]) {
        var files: [String] = [], others: [String] = []
        func walk(_ relative: String) {
            let dir = relative.isEmpty ? folder : folder + "/" + relative
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() {
                let rel = relative.isEmpty ? name : relative + "/" + name
                var st = stat()
                guard lstat(folder + "/" + rel, &st) == 0 else { others.append(rel); continue }
                switch st.st_mode & S_IFMT {
                case S_IFREG: files.append(rel)
                case S_IFDIR: walk(rel)
                default: others.append(rel)
                }
            }
        }
        walk("")
        return (files, others)
    }

    /// Why the folder may not be written, or nil. `allowed` says which names at its top level are
    /// files of the set (replaced without --force); `guard` refuses protected folders and folders
    /// holding the run's inputs, with or without --force.
    func problem(force: Bool, allowed: (String) -> Bool, guard outputs: OutputGuard, option: String = "-o") -> OutputProblem? {
        if let problem = outputs.folderProblem(path, option: option) { return problem }
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDir) else { return nil }
        let (files, others) = Self.contents(of: path)
        let mine = files.filter { $0 != Self.markerName }
        if mine.isEmpty && others.isEmpty { return nil }
        // Only files of the set, each a plain file at the top level (a folder named Icon-40.png is not one).
        if others.isEmpty, mine.allSatisfy({ !$0.contains("/") && allowed($0) }) { return nil }
        func list(_ names: [String]) -> String {
            names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
        }
        guard let manifest = Self.manifest(of: path) else {
            let strangers = others + mine
            if force {
                return OutputProblem(message: "\(path) was not written by Tintype (it has no \(Self.markerName) marker) and holds other files (\(list(strangers))); "
                                         + "--force replaces only a folder Tintype wrote",
                                     hint: "Move those files away, or choose another -o.")
            }
            return OutputProblem(message: "\(path) already holds other files (\(list(strangers)))",
                                 hint: "Move them away, or choose another -o (--force replaces only a folder Tintype wrote).")
        }
        let strangers = others + mine.filter { !manifest.contains($0) }
        if !strangers.isEmpty {
            return OutputProblem(message: "\(path) holds files Tintype did not write (\(list(strangers))); they are never deleted, not even with --force",
                                 hint: "Move them away, or choose another -o.")
        }
        if force { return nil }
        return OutputProblem(message: "\(path) already holds other files (\(list(mine)))",
                             hint: "Pass --force to replace the folder (Tintype wrote every file in it), or choose another -o.")
    }

    /// Removes what a run that was killed while writing this folder left beside it: its temporary
    /// `.NAME.tmp-PID` folder, and its `.NAME.old-PID` folder (moved back into place when the
    /// folder itself is missing). Folders of a run still going are left alone.
    func removeLeftovers() {
        let fm = FileManager.default
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let parent = url.deletingLastPathComponent().path
        let prefix = "." + url.lastPathComponent + "."
        for name in ((try? fm.contentsOfDirectory(atPath: parent)) ?? []).sorted() where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            let kind = rest.prefix(4)
            guard kind == "tmp-" || kind == "old-", let pid = Int32(rest.dropFirst(4)), pid > 0 else { continue }
            if pid == getpid() || kill(pid, 0) == 0 || errno == EPERM { continue }
            let leftover = parent + "/" + name
            // Only what Tintype wrote: a temporary folder gets its marker first, so one without it is empty.
            let (files, others) = Self.contents(of: leftover)
            let manifest = Self.manifest(of: leftover)
            let ours = others.isEmpty && files.allSatisfy { $0 == Self.markerName || manifest?.contains($0) == true }
            if kind == "old-" && !fm.fileExists(atPath: url.path) {
                try? fm.moveItem(atPath: leftover, toPath: url.path)
            } else if ours {
                try? fm.removeItem(atPath: leftover)
            }
        }
    }

    /// Writes `files` (paths relative to the folder) and the marker as the folder's whole content.
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
            // The marker first: a temporary folder without it holds nothing (see removeLeftovers).
            try Data(markerText(files.map(\.path)).utf8).write(to: URL(fileURLWithPath: temp + "/" + Self.markerName))
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
