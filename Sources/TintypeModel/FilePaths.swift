import Foundation

/// Paths as the file system resolves them, for the checks that keep outputs and report inputs
/// where they belong. A path is resolved the way the kernel walks it: for the part that exists,
/// each symbolic link and each `..` in turn (`link/../x` is the parent of where `link` points, not
/// `x` beside it, which a textual clean-up of the path would give); the part that does not exist
/// yet is appended with `.` and `..` removed.
///
/// ```swift
/// FilePaths.resolved("out/../report", from: "/srv/app")        // "/srv/app/report"
/// FilePaths.contains("/srv/app/bundle", "/srv/app/bundle/a.png") // true
/// ```
public enum FilePaths {
    /// `path` made absolute (against `directory`, by default the current folder) and resolved.
    public static func resolved(_ path: String, from directory: String? = nil) -> String {
        let base = directory ?? FileManager.default.currentDirectoryPath
        let absolute = path.hasPrefix("/") ? path : base + "/" + path
        let parts = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        // The longest start of the path that exists, as the kernel resolves it.
        for count in stride(from: parts.count, through: 0, by: -1) {
            let prefix = "/" + parts.prefix(count).joined(separator: "/")
            guard let real = realpath(prefix, nil) else { continue }
            defer { free(real) }
            var components = String(cString: real).split(separator: "/").map(String.init)
            for part in parts.dropFirst(count) {
                switch part {
                case ".": continue
                case "..": if !components.isEmpty { components.removeLast() }
                default: components.append(part)
                }
            }
            return "/" + components.joined(separator: "/")
        }
        return lexical(absolute)
    }

    /// `path` with `.`, `..` and repeated slashes removed as text, without asking the file system.
    public static func lexical(_ path: String) -> String {
        var components: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(String(part))
            }
        }
        return (path.hasPrefix("/") ? "/" : "") + components.joined(separator: "/")
    }

    /// Whether `inner` is `outer` or lies inside it; both resolved (or both lexical).
    public static func contains(_ outer: String, _ inner: String) -> Bool {
        outer == inner || inner.hasPrefix(outer == "/" ? "/" : outer + "/")
    }

    /// Why `path`, named inside the folder `root`, lies outside it: an absolute path, a way out
    /// with `..`, or a symbolic link leading out; nil when it stays inside. Nothing is read.
    public static func escape(of path: String, inside root: String) -> String? {
        if path.hasPrefix("/") { return "an absolute path" }
        let base = resolved(root)
        if !contains(lexical(base), lexical(base + "/" + path)) { return "a path leading out of it with .." }
        if !contains(base, resolved(path, from: base)) { return "a symbolic link leading out of it" }
        return nil
    }

    /// Why `path`, named in a file of the folder `directory`, lies outside the folder `root`: an
    /// absolute path, a way out with `..`, or a symbolic link leading out; nil when the kernel
    /// would resolve it inside. Nothing is read or opened. `directory` and `root` are made absolute
    /// against the current folder.
    public static func escape(of path: String, from directory: String, inside root: String) -> String? {
        if path.hasPrefix("/") { return "an absolute path" }
        let here = FileManager.default.currentDirectoryPath
        let folder = directory.hasPrefix("/") ? directory : here + "/" + directory
        let top = root.hasPrefix("/") ? root : here + "/" + root
        if contains(resolved(top), resolved(path, from: folder)) { return nil }
        // Outside as the kernel resolves it; the words say how, as the path is written.
        if !contains(lexical(top), lexical(folder + "/" + path)) { return "a path leading out of it with .." }
        return "a path through a symbolic link leading out of it"
    }
}
