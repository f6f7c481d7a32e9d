import Foundation
import TintypeModel
import TintypeSnapshot

/// `tintype review`: the last test run on a local page, where each changed image is approved
/// (its new golden written) or rejected.
struct ReviewCommand: Command {
    static let name = "review"
    static let abstract = "Approve or reject the last test run's changed images on a local page."
    static let arguments = "[DIR]"
    static let argumentHelp = [("DIR", """
        The run's result bundle: the artifacts folder 'tintype test' wrote (default
        TINTYPE_ARTIFACTS if set, else .build/tintype-artifacts), or a folder given
        to 'tintype test --bundle'.
        """)]
    static let defaultPort: UInt16 = 7358
    static var options: [Option<Self>] { [
        .value("--port", value: "N", help: "The port (default \(defaultPort)); 0 picks a free one.") { c, v throws(UsageError) in
            guard let p = UInt16(v) else { throw UsageError(message: "--port takes a number from 0 to 65535, found \"\(v)\"", command: Self.self) }
            c.port = p
        },
        .value("--host", value: "ADDRESS", help: """
            The IPv4 address to listen on (default 127.0.0.1, this machine only).
            Another address lets other machines approve and write goldens.
            """) { c, v throws(UsageError) in
            var ip = in_addr()
            guard inet_pton(AF_INET, v, &ip) == 1 else {
                throw UsageError(message: "--host takes an IPv4 address such as 127.0.0.1, found \"\(v)\"", command: Self.self)
            }
            c.host = v
        },
        .flag("--git", help: "Stage each golden written or removed with git add (and again on undo).", \.git),
        .flag("--log", help: "Print each request to standard error as it is answered.", \.log),
    ] }
    static let discussion = """
        Serves a page (on 127.0.0.1 unless --host says otherwise) over the last 'tintype test' run:
        its images grouped as Changed, New, Removed (goldens no scene writes any more), Renamed (a
        new image with the pixels of a removed golden) and Passed, each group sorted by the share of
        pixels that changed, largest first. For each image: the golden and the render side by side,
        a swipe, an onion skin, a flicker between the two, a loupe that follows the pointer in
        both, the changed regions to jump to, and the explanation of the change ("Why:").

        Approve writes the render as the golden, stamped and atomically, as 'tintype test --record
        failed' writes it (for a removed golden: removes it; renamed: moves it); Reject keeps the
        golden; Undo puts back what was there. Per image, per scene (all its variants) or every
        image shown. Keys: j and k move, a approves, r rejects, u undoes, A and R decide the whole
        scene, n jumps to the next changed region, 1 to 4 choose the view.

        Nothing is written while a golden or scene file of the image's folder differs from what
        the run left (the page says to run again), nor over a decision another page took since
        this one loaded. Run it from the folder 'tintype test' ran in: the golden paths are
        relative to it, and none may lie outside it. Only PNG goldens are decided here. The
        command prints the address and serves until it is stopped (Ctrl-C).

        Examples:
          tintype test Snapshots; tintype review
          tintype test --bundle run Snapshots; tintype review run --git
        """

    var directory: String?
    var port = defaultPort
    var host = "127.0.0.1"
    var git = false
    var log = false

    mutating func argument(_ v: String) throws(UsageError) {
        if directory != nil { throw UsageError(message: "review takes one folder, found \"\(v)\" too", command: Self.self) }
        directory = v
    }

    var bundle: String { directory ?? GoldenStore.defaultArtifactsDirectory() }

    func validate() throws(UsageError) {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: bundle, isDirectory: &isDir), isDir.boolValue else {
            throw UsageError(message: "no such folder \"\(bundle)\"" + (directory == nil ? " (run 'tintype test' first)" : ""), command: Self.self)
        }
    }

    func run() -> Int32 {
        var stopping = sigset_t()
        sigemptyset(&stopping)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopping, signal) }
        pthread_sigmask(SIG_UNBLOCK, &stopping, nil)
        guard FileManager.default.fileExists(atPath: bundle + "/" + ResultBundle.resultsFile) else {
            Tool.printError("\(bundle) holds no \(ResultBundle.resultsFile): run 'tintype test' first (it writes one there)", usage: nil, hint: nil)
            return ExitCode.failure
        }
        let session: ReviewSession
        do { session = try ReviewSession(bundle: bundle, tool: Tool.version) } catch {
            Tool.printError(error.message, usage: nil, hint: nil)
            return ExitCode.failure
        }
        if git { session.afterWrite = Self.stage }
        let site = ReviewSite(session: session)
        let server: HTTPServer
        do {
            server = try HTTPServer(port: port, host: host, methods: ["GET", "HEAD", "POST"], log: log) { site.respond(to: $0) }
        } catch {
            Tool.printError(error.description, usage: nil, hint: nil)
            return ExitCode.failure
        }
        let items = session.snapshot
        let open = items.filter { $0.undecidable == nil }.count
        let line = "Reviewing \(bundle) (\(items.count) images, \(open) to decide) at http://\(host):\(server.port)/ (Ctrl-C to stop)\n"
        if let reason = writeAll(Array(line.utf8), to: STDOUT_FILENO) {
            writeStderr("Error: cannot write to standard output: \(reason)")
        }
        server.serve()
    }

    /// `git add -A -- paths` in the current folder; a warning when it fails.
    @Sendable static func stage(_ paths: [String]) -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["git", "add", "-A", "--"] + paths
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        do { try p.run() } catch { return "git add could not run: \(error)" }
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return p.terminationStatus == 0 ? nil : "git add failed: " + message.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
