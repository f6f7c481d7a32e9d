import Foundation
import TintypeModel
import TintypeRender
import TintypeSnapshot

/// A subcommand: its options declared once, in one table (`options`) whose rows each parse and
/// store their own value, then run. Its usage line, its help, its parsing and its suggestions all
/// come from that table, so none of them can know an option the others lack.
protocol Command {
    static var name: String { get }
    static var abstract: String { get }
    /// The positional arguments as the usage line shows them ("SCENE.json...").
    static var arguments: String { get }
    /// One row per positional argument for the help: its name and what it is.
    static var argumentHelp: [(String, String)] { get }
    /// The options in the order the usage line and the help list them.
    static var options: [Option<Self>] { get }
    /// The help text after the options: what the command does, exit codes, examples.
    static var discussion: String { get }
    /// The command with every option at its default, before any argument is read.
    init()
    /// Takes one positional argument; by default there are none.
    mutating func argument(_ value: String) throws(UsageError)
    /// Checks the arguments as a whole, once every one is read.
    mutating func validate() throws(UsageError)
    /// Whether an output may replace the golden at `path` (resolved); by default never.
    func mayReplace(golden path: String) -> Bool
    func run() -> Int32
}

/// What an option's value is, where that matters beyond parsing. A path the command writes or
/// deletes is declared as such, so that every one of them passes the output guard (OutputGuard).
enum OptionKind: Sendable, Equatable {
    /// A flag, or a value that is not a path written to (a number, a name, a pattern, an input).
    case plain
    /// A file written whole (or - for standard output, where the command allows it).
    case outputFile(OutputContent)
    /// A file, or a folder files are written into (`render -o`): each file is checked when known.
    case outputFileOrInto(OutputContent)
    /// A folder written whole: what it held is replaced.
    case outputFolder
    /// A folder files are written into; what else it holds stays.
    case outputInto

    var isOutput: Bool { self != .plain }
}

/// One option as the usage line and the help show it: its names (short first), the value it takes
/// (nil for a flag), its help and its kind. The last name is the one messages use.
struct OptionSpec: Sendable {
    var names: [String]
    var value: String?
    var help: String
    var kind: OptionKind
    init(_ names: [String], value: String? = nil, help: String, kind: OptionKind = .plain) {
        self.names = names; self.value = value; self.help = help; self.kind = kind
    }
    var name: String { names[names.count - 1] }
}

/// A row of a command's option table: the option, and how its value is stored into the command.
struct Option<Target> {
    var spec: OptionSpec
    /// Parses the value (empty for a flag) into the command being built.
    var store: (inout Target, String) throws(UsageError) -> Void
    /// The value as the command holds it (given or its default), for an option kept as given.
    var current: ((Target) -> String?)? = nil

    /// A flag: `set` runs each time it is given.
    static func flag(_ names: String..., help: String, _ set: @escaping (inout Target) -> Void) -> Option {
        Option(spec: OptionSpec(names, help: help), store: { target, _ in set(&target) })
    }

    /// A flag that turns a Boolean on.
    static func flag(_ names: String..., help: String, _ keyPath: WritableKeyPath<Target, Bool>) -> Option {
        Option(spec: OptionSpec(names, help: help), store: { target, _ in target[keyPath: keyPath] = true })
    }

    /// An option with a value, parsed by `parse`.
    static func value(_ names: String..., value: String, help: String, kind: OptionKind = .plain,
                      _ parse: @escaping (inout Target, String) throws(UsageError) -> Void) -> Option {
        Option(spec: OptionSpec(names, value: value, help: help, kind: kind), store: parse)
    }

    /// An option whose value is kept as it is given.
    static func value(_ names: String..., value: String, help: String, kind: OptionKind = .plain,
                      _ keyPath: WritableKeyPath<Target, String?>) -> Option {
        Option(spec: OptionSpec(names, value: value, help: help, kind: kind), store: { target, v in target[keyPath: keyPath] = v },
               current: { $0[keyPath: keyPath] })
    }

    /// An option whose value is kept as it is given, replacing a default.
    static func value(_ names: String..., value: String, help: String, kind: OptionKind = .plain,
                      _ keyPath: WritableKeyPath<Target, String>) -> Option {
        Option(spec: OptionSpec(names, value: value, help: help, kind: kind), store: { target, v in target[keyPath: keyPath] = v },
               current: { $0[keyPath: keyPath] })
    }

    /// The same option storing into a part of a larger command (a shared group of options).
    func lifted<Whole>(_ keyPath: WritableKeyPath<Whole, Target>) -> Option<Whole> {
        let store = self.store, current = self.current
        return Option<Whole>(spec: spec, store: { whole, v throws(UsageError) in try store(&whole[keyPath: keyPath], v) },
                             current: current.map { get in { get($0[keyPath: keyPath]) } })
    }

    /// The same option with `also` run after it stores its value.
    func then(_ also: @escaping (inout Target, String) -> Void) -> Option {
        let store = self.store
        return Option(spec: spec, store: { target, v throws(UsageError) in try store(&target, v); also(&target, v) }, current: current)
    }

    /// The same option with more help after its own.
    func helping(_ more: String) -> Option {
        var o = self
        o.spec.help += more
        return o
    }
}

extension Command {
    static var arguments: String { "" }
    static var argumentHelp: [(String, String)] { [] }
    static var options: [Option<Self>] { [] }
    static var discussion: String { "" }

    mutating func argument(_ value: String) throws(UsageError) {
        throw UsageError(message: "unexpected argument \"\(value)\"", command: Self.self)
    }

    mutating func validate() throws(UsageError) {}

    func mayReplace(golden path: String) -> Bool { false }

    /// The table as the usage line and the help show it.
    static var specs: [OptionSpec] { options.map(\.spec) }

    /// The command its arguments describe: each option's row stores its value, each positional
    /// argument goes to `argument(_:)`, then the whole is validated.
    static func parse(_ arguments: [String]) throws(UsageError) -> Self {
        let table = options
        var command = Self()
        var scanner = ArgumentScanner(arguments, specs: table.map(\.spec), command: Self.self)
        while let (row, value) = try scanner.next() {
            guard let row else { try command.argument(value); continue }
            // An empty path would be written as a file named only by its extension (".png").
            if table[row].spec.kind.isOutput && value.isEmpty {
                throw UsageError(message: "\(table[row].spec.name) takes a path, found an empty one", command: Self.self)
            }
            try table[row].store(&command, value)
        }
        try command.validate()
        return command
    }

    /// The command its arguments describe (`parse`).
    init(arguments: [String]) throws(UsageError) { self = try Self.parse(arguments) }

    /// `Usage: tintype test [DIR...] [--record MODE] …`, from the table.
    static var usage: String {
        var parts = ["Usage: tintype", name]
        if !arguments.isEmpty { parts.append(arguments) }
        for o in specs { parts.append("[" + o.names[0] + (o.value.map { " " + $0 } ?? "") + "]") }
        return parts.joined(separator: " ")
    }

    /// The full help after the usage line: arguments, options (with -h), then the discussion.
    static var help: String {
        func rows(_ rows: [(String, String)]) -> String {
            rows.map { left, text in
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                let first = left.count < 22 ? "  " + left.padding(toLength: 22, withPad: " ", startingAt: 0) : "  " + left + "\n" + String(repeating: " ", count: 24)
                return first + lines.joined(separator: "\n" + String(repeating: " ", count: 24))
            }.joined(separator: "\n")
        }
        var s = ""
        if !argumentHelp.isEmpty { s += "Arguments:\n" + rows(argumentHelp) + "\n\n" }
        let optionRows = (specs + [OptionSpec(["-h", "--help"], help: "Show this help.")]).map { o in
            (o.names.joined(separator: ", ") + (o.value.map { " " + $0 } ?? ""), o.help)
        }
        s += "Options:\n" + rows(optionRows)
        if !discussion.isEmpty { s += "\n\n" + discussion }
        return s
    }
}

/// Bad usage: the message, and the command whose usage to show.
struct UsageError: Error {
    var message: String
    var commandName: String
    var usage: String
    init(message: String, command: any Command.Type) {
        self.message = message; commandName = command.name; usage = command.usage
    }
}

enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    /// `diff`: an input image cannot be read (missing, corrupt, too large).
    static let unreadable: Int32 = 2
    static let usage: Int32 = 64
}

enum Tool {
    static let usage = "Usage: tintype <command> [options]"
    /// Every command, in the order the overview lists them.
    static let commands: [any Command.Type] = [RenderCommand.self, ImportCommand.self, IconCommand.self, ScreenshotsCommand.self, LaunchImagesCommand.self, TestCommand.self,
                                               AuditCommand.self, ReportCommand.self, DiffCommand.self, ExplainCommand.self, LayoutCommand.self, DevicesCommand.self,
                                               VariantsCommand.self, SheetCommand.self,
                                               PreviewCommand.self, ReviewCommand.self, StampCommand.self, FontsCommand.self, SchemaCommand.self]
    /// The version `--version` prints and reports record. Raised with each release.
    static let version = "0.2.0"

    static func overview(_ commands: [any Command.Type]) -> String {
        var s = "tintype: draws iOS screens from scene files, without iOS.\n\n\(usage)\n\nCommands:\n"
        // The abstracts line up two spaces past the longest name.
        let width = max(10, (commands.map { $0.name.count }.max() ?? 0) + 2)
        func row(_ name: String, _ text: String) -> String { "  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + text + "\n" }
        for c in commands { s += row(c.name, c.abstract) }
        s += row("help", "Show help for a command.")
        s += "\nOptions:\n  --version Print the version.\n  -h, --help Show this help.\n\nSee 'tintype help <command>' for a command's options."
        return s
    }

    static func main(_ args: [String], commands: [any Command.Type]) -> Int32 {
        guard let first = args.first else {
            printError("missing command", usage: usage, hint: "See 'tintype --help'.")
            return ExitCode.usage
        }
        if first == "--help" || first == "-h" { print(overview(commands)); return ExitCode.success }
        if first == "--version" { print("tintype \(version)"); return ExitCode.success }
        if first == "help" {
            guard args.count > 1 else { print(overview(commands)); return ExitCode.success }
            guard let c = commands.first(where: { $0.name == args[1] }) else {
                printError("unknown command \"\(args[1])\"", usage: usage, hint: "See 'tintype --help'.")
                return ExitCode.usage
            }
            print(fullHelp(c))
            return ExitCode.success
        }
        guard let type = commands.first(where: { $0.name == first }) else {
            let isOption = first.hasPrefix("-")
            var message = isOption ? "unknown option \"\(first)\"" : "unknown command \"\(first)\""
            let candidates = isOption ? ["--help", "--version"] : commands.map { $0.name } + ["help"]
            if let best = Suggest.closest(to: first, in: candidates) { message += "; did you mean \"\(best)\"?" }
            printError(message, usage: usage, hint: "See 'tintype --help'.")
            return ExitCode.usage
        }
        let rest = Array(args.dropFirst())
        if rest.contains("--help") || rest.contains("-h") { print(fullHelp(type)); return ExitCode.success }
        let command: any Command
        do {
            command = try type.parse(rest)
        } catch {
            printError(error.message, usage: type.usage, hint: "See 'tintype help \(type.name)'.")
            return ExitCode.usage
        }
        if let problem = OutputGuard.check(command) {
            printError(problem.message, usage: type.usage, hint: problem.hint)
            return ExitCode.usage
        }
        return command.run()
    }

    static func fullHelp(_ c: any Command.Type) -> String {
        "\(c.abstract)\n\n\(c.usage)\n\n\(c.help)"
    }

    static func printError(_ message: String, usage: String?, hint: String?) {
        var s = "Error: \(message)\n"
        if let usage { s += usage + "\n" }
        if let hint { s += hint + "\n" }
        _ = writeAll(Array(s.utf8), to: STDERR_FILENO)
    }
}

/// Walks a command's arguments against its option table: `--flag`, `--option value`,
/// `--option=value`, and positional arguments (all of them after `--`). An option not in the table
/// is an error with a suggestion, as an unknown command is.
struct ArgumentScanner {
    private var args: [String]
    private var index = 0
    private var positionalOnly = false
    let specs: [OptionSpec]
    let command: any Command.Type

    init(_ args: [String], specs: [OptionSpec], command: any Command.Type) { self.args = args; self.specs = specs; self.command = command }

    /// The next argument: the row of an option in the table with its value (empty for a flag), or
    /// a positional argument (`row` nil).
    mutating func next() throws(UsageError) -> (row: Int?, value: String)? {
        guard index < args.count else { return nil }
        let a = args[index]
        index += 1
        guard !positionalOnly else { return (nil, a) }
        if a == "--" { positionalOnly = true; return try next() }
        guard a.hasPrefix("-") && a != "-" else { return (nil, a) }
        var name = a
        var inline: String?
        if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") {
            name = String(a[..<eq]); inline = String(a[a.index(after: eq)...])
        }
        guard let row = specs.firstIndex(where: { $0.names.contains(name) }) else {
            var message = "unknown option \"\(name)\""
            let all = specs.flatMap(\.names).filter { $0.hasPrefix("--") } + ["--help"]
            // A mistyped or shortened option ("--tresh", "--max-pix") is also compared with each
            // option's start, as long as it is.
            let best = Suggest.closest(to: name, in: all)
                ?? Suggest.closest(to: name, in: all.map { String($0.prefix(name.count + 1)) }).flatMap { p in all.first { $0.hasPrefix(p) } }
            if let best { message += "; did you mean \"\(best)\"?" }
            throw UsageError(message: message, command: command)
        }
        let spec = specs[row]
        guard spec.value != nil else {
            if inline != nil { throw UsageError(message: "\(spec.name) takes no value, found \"\(a)\"", command: command) }
            return (row, "")
        }
        if let inline { return (row, inline) }
        guard index < args.count else { throw UsageError(message: "missing value for \(spec.name)", command: command) }
        let v = args[index]
        index += 1
        return (row, v)
    }
}

func writeStderr(_ s: String) { _ = writeAll(Array((s + "\n").utf8), to: STDERR_FILENO) }

/// Writes all of `bytes` to the file descriptor; the reason when it cannot (a closed pipe, a full
/// disk), so that the caller reports it and exits 1. FileHandle.write would trap instead.
func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
    var written = 0
    while written < bytes.count {
        let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + written, bytes.count - written) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return String(cString: strerror(n < 0 ? errno : EIO)) }
        written += n
    }
    return nil
}

/// The time budget of each scene a command reads and each image it renders (`--timeout SECONDS`,
/// one minute by default): when one runs out, the run ends with an error naming it, and exit 1,
/// instead of running on. A budget for each, not for the run, so that a suite of any size fits
/// while one scene that hangs (an include bomb, a pathological SVG) fails in a minute, in CI too.
enum Watchdog {
    static let defaultSeconds: Double = 60

    /// The budget in force; commands set it from their option before they start.
    nonisolated(unsafe) static var seconds = defaultSeconds

    /// `--timeout SECONDS`, stored at `keyPath`: 0.001 seconds to about four months.
    static func option<C: Command>(_ keyPath: WritableKeyPath<C, Double>) -> Option<C> {
        .value("--timeout", value: "SECONDS", help: """
            End the run with an error (exit 1) when reading one scene or rendering
            one image takes longer (default \(format(defaultSeconds))).
            """
        ) { command, v throws(UsageError) in command[keyPath: keyPath] = try number("--timeout", v, in: 0.001...1e7, command: C.self) }
    }

    /// Runs `work` within the budget; `what` names it in the message ("reading a.json").
    static func watch<T, E: Error>(_ what: @autoclosure () -> String, _ work: () throws(E) -> T) throws(E) -> T {
        let seconds = self.seconds, name = what()
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        timer.schedule(deadline: .now() + seconds)
        timer.setEventHandler {
            // A file being written is finished first, so that no temporary file is left behind.
            AtomicFile.stopWriting()
            writeStderr("Error: \(name) took longer than --timeout \(format(seconds)) seconds; stopped")
            exit(ExitCode.failure)
        }
        timer.resume()
        defer { timer.cancel() }
        return try work()
    }

    /// A scene file read and decoded within the budget, its files kept inside its project: the
    /// folder given with --root, else the folder `under` it was found in, else its own folder.
    static func read(_ path: String, overriding overrides: TraitSet = TraitSet(), under folder: String? = nil) -> SceneFile {
        watch("reading \(path)") { SceneFile(path: path, overriding: overrides, root: ProjectRoot.given ?? folder) }
    }

    /// A scene file already read and parsed (`SceneFiles.read`), decoded within the budget.
    static func decode(_ file: SceneFiles.Read, under folder: String? = nil) -> SceneFile {
        watch("reading \(file.path)") { SceneFile(file, root: ProjectRoot.given ?? folder) }
    }
}

/// `--root DIR`: the scene's project, the folder tree its included files, string catalog and
/// images must lie in. Without it, a scene found in a folder the command was given
/// (`tintype test Snapshots`) belongs to that folder, and a scene named by itself to its own folder.
/// A path leading outside (absolute, `..` past it, a symbolic link out of it) is an error that
/// names the scene's line and column and the path as written, and reads nothing outside.
enum ProjectRoot {
    /// The folder in force; commands set it from their option before they start.
    nonisolated(unsafe) static var given: String?

    /// `--root DIR`, stored at `keyPath`.
    static func option<C: Command>(_ keyPath: WritableKeyPath<C, String?>) -> Option<C> {
        .value("--root", value: "DIR", help: """
            The project the scenes' includes, string catalogs and images must lie in
            (default: the folder given, else each scene's own folder).
            """
        ) { command, v throws(UsageError) in
            var isDirectory: ObjCBool = false
            guard !v.isEmpty, FileManager.default.fileExists(atPath: v, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw UsageError(message: "--root takes a folder, and \"\(v)\" is not one", command: C.self)
            }
            command[keyPath: keyPath] = v
        }
    }
}

/// Standard input, read until it ends or holds more than `limit` bytes: then it is refused as soon
/// as the limit is passed, without reading the rest.
func readStandardInput(limit: Int) -> Result<[UInt8], InputFiles.ReadFailure> {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count <= limit {
        let n = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, min($0.count, limit + 1 - bytes.count)) }
        if n < 0 && errno == EINTR { continue }
        if n < 0 { return .failure(.unreadable(String(cString: strerror(errno)))) }
        if n == 0 { return .success(bytes) }
        bytes += chunk[0..<n]
    }
    return .failure(.tooLarge(bytes.count))
}

/// The first `count` bytes of a file (the default is enough for a PNG's header); nil when it
/// cannot be read.
func readHead(_ path: String, count: Int = 64) -> [UInt8]? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    return (try? handle.read(upToCount: count)).map { Array($0) } ?? []
}

/// The comparison options `test` and `diff` share, declared once: each stores into the command's
/// tolerance at `keyPath`.
enum ToleranceOptions {
    static func options<C: Command>(_ keyPath: WritableKeyPath<C, Tolerance>) -> [Option<C>] {
        [
            .value("--threshold", value: "T", help: "Per-pixel YIQ threshold, 0 to 1 (default 0.1; 0 is exact).") { c, v throws(UsageError) in
                c[keyPath: keyPath].threshold = try number("--threshold", v, in: 0...1, command: C.self)
            },
            .value("--max-pixels", value: "N", help: "Differing pixels tolerated (default 0).") { c, v throws(UsageError) in
                c[keyPath: keyPath].maxDifferentPixels = Int(try number("--max-pixels", v, in: 0...1e12, command: C.self))
            },
            .value("--max-ratio", value: "R", help: "Share of differing pixels tolerated, 0 to 1 (default 0).") { c, v throws(UsageError) in
                c[keyPath: keyPath].maxDifferentRatio = try number("--max-ratio", v, in: 0...1, command: C.self)
            },
            .flag("--count-antialiasing", help: "Count anti-aliased pixels as differences too.") { c in c[keyPath: keyPath].countAntialiasing = true },
        ]
    }
}

/// The number `value` of `option`, within `range`.
func number(_ option: String, _ value: String, in range: ClosedRange<Double>, command: any Command.Type) throws(UsageError) -> Double {
    guard let d = Double(value), d.isFinite, range.contains(d) else {
        throw UsageError(message: "\(option) takes a number from \(format(range.lowerBound)) to \(format(range.upperBound)), found \"\(value)\"", command: command)
    }
    return d
}
