import Foundation
import TintypeModel

struct PreviewCommand: Command {
    static let name = "preview"
    static let abstract = "Show a folder's scenes in the browser, redrawn as their files are saved."
    static let arguments = "DIR"
    static let argumentHelp = [("DIR", """
        The folder whose scene files (*.json, in subfolders too) the page shows;
        a theme the scenes include is not one.
        """)]
    static let defaultPort: UInt16 = 7357
    static var options: [Option<Self>] {
        // The trait options are also kept as given, for the page's address.
        let traits = TraitOptions.options(\Self.overrides).map { option -> Option<Self> in
            let name = String(option.spec.name.dropFirst(2)), flag = option.spec.value == nil
            return option.then { c, v in c.traitQuery.append((name, flag ? "1" : v)) }
        }
        let own: [Option<Self>] = [
        .value("--port", value: "N", help: "The port on 127.0.0.1 (default \(defaultPort)); 0 picks a free one.") { c, v throws(UsageError) in
            guard let p = UInt16(v) else { throw UsageError(message: "--port takes a number from 0 to 65535, found \"\(v)\"", command: Self.self) }
            c.port = p
        },
        .flag("--log", help: "Print each request to standard error as it is answered.", \.log),
        ProjectRoot.option(\.root),
        ]
        return own + traits
    }
    static let discussion = """
        Serves a page on 127.0.0.1 (this machine only) that shows every scene of the folder
        rendered, each variant beside the others. Saving a scene file, or an image a scene uses,
        redraws that scene within a second; a scene that does not decode shows its problems
        instead, each at its line and column with the lines around it. The page's menus override
        the device, orientation, text size, direction, locale and tint adjustment of every scene,
        as the trait options of 'tintype render' do; the options below set them when the page
        opens, and the page's address keeps them (?device=iPhone%20SE&content-size=AX3).

        A render can be touched: a click holds the control, bar button item or table row under
        it (highlighted while the button is down); a drag on a row swipes it, a drag from the
        leading edge of a navigation controller two deep pops it, a drag on a view with an id
        moves it, a drag on a scroll view or table scrolls it (or pulls its refresh control);
        the wheel scrolls. Each step is drawn again as the scene's "gestures", shown under the
        render as a snippet to paste into the scene file, with the time from the event to the
        image. "Reset touches" returns to the scene as written.

        Renders are made in memory, as 'tintype render' makes them, and nothing is written.
        Files and folders whose names start with a dot are ignored. The page loads nothing from
        the network and needs no build step. The command prints the address and serves until it
        is stopped (Ctrl-C).

        Examples:
          tintype preview Snapshots
          tintype preview Snapshots/Settings --port 0 --device "iPhone X"
        """

    var directory: String?
    var port = defaultPort
    var log = false
    var overrides = TraitSet()
    /// The scenes' project (--root); nil for the folder shown.
    var root: String?
    /// The trait options as given, for the page's address.
    var traitQuery: [(String, String)] = []

    mutating func argument(_ v: String) throws(UsageError) {
        if directory != nil { throw UsageError(message: "preview takes one folder, found \"\(v)\" too", command: Self.self) }
        directory = v
    }

    func validate() throws(UsageError) {
        guard let directory else { throw UsageError(message: "missing folder", command: Self.self) }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDir) else {
            throw UsageError(message: "no such folder \"\(directory)\"", command: Self.self)
        }
        guard isDir.boolValue else {
            let parent = (directory as NSString).deletingLastPathComponent
            throw UsageError(message: "\"\(directory)\" is a file; preview takes the folder it is in (\(parent.isEmpty ? "." : parent))", command: Self.self)
        }
    }

    func run() -> Int32 {
        // The preview runs until it is stopped, so the signals that stop it must get through: a
        // process started from a thread that blocks them (a test runner's worker) inherits that mask.
        var stopping = sigset_t()
        sigemptyset(&stopping)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopping, signal) }
        pthread_sigmask(SIG_UNBLOCK, &stopping, nil)
        let site = PreviewSite(root: directory ?? ".", project: root)
        let server: HTTPServer
        do {
            server = try HTTPServer(port: port, methods: ["GET", "HEAD", "POST"], maxBody: TouchEvent.maxBodyBytes, log: log) { request in site.respond(to: request) }
        } catch {
            Tool.printError(error.description, usage: nil, hint: nil)
            return ExitCode.failure
        }
        site.watch(every: 0.25)
        let query = traitQuery.isEmpty ? "" : "?" + PreviewSite.escapeQuery(traitQuery.map { "\($0)=\($1)" }.joined(separator: "&"))
        // Written at once rather than buffered: whoever started the preview (a script, a test) reads the address from it.
        let line = "Previewing \(site.root) at http://127.0.0.1:\(server.port)/\(query) (Ctrl-C to stop)\n"
        if let reason = writeAll(Array(line.utf8), to: STDOUT_FILENO) {
            writeStderr("Error: cannot write to standard output: \(reason)")
        }
        server.serve()
    }
}
