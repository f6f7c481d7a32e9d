#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The files a scene reads besides itself (included files, string catalogs, images): what kind of
/// thing a path names, asked before anything is opened, and a reader that opens only regular files
/// and stops at a size limit.
///
/// Why before opening: opening a named pipe waits for a writer (forever), reading `/dev/zero` or
/// `/dev/urandom` never ends, and a folder or a link loop is not a missing file; each is refused
/// with its own words, unopened.
///
/// ```swift
/// InputFiles.kind(atPath: "/dev/null")          // .device
/// InputFiles.read("theme.json", limit: 1 << 20) // .success(bytes) or .failure(why)
/// ```
public enum InputFiles {
    /// What a path names, as `stat` sees it (through symbolic links).
    public enum Kind: Equatable, Sendable {
        case file(size: Int)
        case folder
        case missing
        case namedPipe
        case device
        case socket
        case linkLoop
        case unreadable(String)

        /// Why a file of this kind cannot be read as a file, as words after its name
        /// ("is a folder, not a file"); nil for a regular file.
        public var problem: String? {
            switch self {
            case .file: return nil
            case .folder: return "is a folder, not a file"
            case .missing: return "does not exist"
            case .namedPipe: return "is a named pipe (FIFO), not a file; it was not opened"
            case .device: return "is a device, not a file; it was not opened"
            case .socket: return "is a socket, not a file; it was not opened"
            case .linkLoop: return "is a symbolic link that leads round in a loop"
            case .unreadable(let reason): return "cannot be read (\(reason))"
            }
        }
    }

    /// What `path` names, without opening it.
    public static func kind(atPath path: String) -> Kind {
        var st = stat()
        guard stat(path, &st) == 0 else {
            switch errno {
            case ENOENT, ENOTDIR: return .missing
            case ELOOP: return .linkLoop
            default: return .unreadable(String(cString: strerror(errno)))
            }
        }
        return kind(mode: st.st_mode, size: Int(st.st_size))
    }

    static func kind(mode: mode_t, size: Int) -> Kind {
        switch mode & S_IFMT {
        case S_IFREG: return .file(size: size)
        case S_IFDIR: return .folder
        case S_IFIFO: return .namedPipe
        case S_IFCHR, S_IFBLK: return .device
        case S_IFSOCK: return .socket
        default: return .unreadable("not a regular file")
        }
    }

    /// Why a file could not be read.
    public enum ReadFailure: Error, Equatable, Sendable {
        /// Not a regular file (checked before opening, and again on the opened file).
        case notAFile(Kind)
        /// Larger than the limit: its size in bytes (at least `limit + 1` when it grew while read).
        case tooLarge(Int)
        case unreadable(String)

        /// Words after the file's name: "is a folder, not a file", "is 20000000 bytes, more than the limit of 16777216".
        public func message(limit: Int) -> String {
            switch self {
            case .notAFile(let kind): return kind.problem ?? "is not a file"
            case .tooLarge(let size): return "is \(size) bytes, more than the limit of \(limit)"
            case .unreadable(let reason): return "cannot be read (\(reason))"
            }
        }
    }

    /// The bytes of the regular file at `path`, when it holds at most `limit` of them. Anything
    /// that is not a regular file is refused before it is opened; a file is opened without blocking
    /// and checked again once open, and no more than `limit + 1` bytes are ever read.
    public static func read(_ path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        let before = kind(atPath: path)
        guard case .file(let size) = before else { return .failure(.notAFile(before)) }
        if size > limit { return .failure(.tooLarge(size)) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        let opened = kind(mode: st.st_mode, size: Int(st.st_size))
        guard case .file(let openedSize) = opened else { return .failure(.notAFile(opened)) }
        if openedSize > limit { return .failure(.tooLarge(openedSize)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(openedSize, limit) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        // A file that grew since it was measured is read on, but never past the limit.
        while bytes.count <= limit {
            let want = min(chunk.count, limit + 1 - bytes.count)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, want) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        if bytes.count > limit { return .failure(.tooLarge(bytes.count)) }
        return .success(bytes)
    }
}

/// Where a scene's files may be: its project, the folder tree that holds it (the scene's folder, or
/// a root named with `--root`). Includes, string catalogs and images are named relative to the file
/// that names them and must resolve inside it, as the kernel walks the path (FilePaths).
public struct SceneProject: Sendable, Equatable {
    /// The project's folder, absolute, as given (not resolved: messages show it as the user knows it).
    public var root: String

    public init(root: String) {
        let absolute = root.hasPrefix("/") ? root : FileManager.default.currentDirectoryPath + "/" + root
        self.root = FilePaths.lexical(absolute)
    }

    /// Why `written`, named in a file of the folder `directory`, is not a file of the project;
    /// nil when it resolves inside. The message quotes the path as written and names the project,
    /// never anything of what lies outside it.
    public func problem(with written: String, from directory: String) -> String? {
        guard let reason = FilePaths.escape(of: written, from: directory, inside: root) else { return nil }
        return "\(quoted(written)) is not inside the scene's project (\(Self.describe(root))): it is \(reason); "
            + "a scene reads only files inside its project (the scene's folder, or the folder given with --root)"
    }

    /// The project's folder for messages: relative to the current folder when inside it.
    static func describe(_ root: String) -> String {
        let here = FilePaths.lexical(FileManager.default.currentDirectoryPath)
        if root == here { return "the current folder" }
        if root.hasPrefix(here + "/") { return String(root.dropFirst(here.count + 1)) + "/" }
        return root == "/" ? root : root + "/"
    }
}
