import Foundation
import TintypeModel
import TintypeRender
import TintypeSnapshot

/// A subcommand: parsed from its arguments, then run. Its usage line, its help and its parsing
/// all come from one table (`options`), so none of them can list an option the others lack.
protocol Command {
    static var name: String { get }
    static var abstract: String { get }
    /// The positional arguments as the usage line shows them ("SCENE.json...").
    static var arguments: String { get }
    /// One row per positional argument for the help: its name and what it is.
    static var argumentHelp: [(String, String)] { get }
    static var options: [OptionSpec] { get }
    /// The help text after the options: what the command does, exit codes, examples.
    static var discussion: String { get }
    init(arguments: [String]) throws
    func run() -> Int32
}

/// One option of a command: its names (short first), the value it takes (nil for a flag), and
/// its help. The last name is the one the command matches on.
struct OptionSpec: Sendable {
    var names: [String]
    var value: String?
    var help: String
    init(_ names: String..., value: String? = nil, help: String) {
        self.names = names; self.value = value; self.help = help
    }
    var name: String { names[names.count - 1] }
}

extension Command {
    static var arguments: String { "" }
    static var argumentHelp: [(String, String)] { [] }
    static var options: [OptionSpec] { [] }
    static var discussion: String { "" }

    /// `Usage: tintype test [DIR...] [--record MODE] …`, from the table.
    static var usage: String {
        var parts = ["Usage: tintype", name]
        if !arguments.isEmpty { parts.append(arguments) }
        for o in options { parts.append("[" + o.names[0] + (o.value.map { " " + $0 } ?? "") + "]") }
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
        let optionRows = (options + [OptionSpec("-h", "--help", help: "Show this help.")]).map { o in
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
            command = try type.init(arguments: rest)
        } catch {
            let message = (error as? UsageError)?.message ?? "\(error)"
            printError(message, usage: type.usage, hint: "See 'tintype help \(type.name)'.")
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
    let command: any Command.Type

    init(_ args: [String], command: any Command.Type) { self.args = args; self.command = command }

    /// The next argument: an option from the table with its value (nil for a flag), or a
    /// positional argument (`option` nil).
    mutating func next() throws(UsageError) -> (option: String?, value: String)? {
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
        guard let spec = command.options.first(where: { $0.names.contains(name) }) else {
            var message = "unknown option \"\(name)\""
            let all = command.options.flatMap(\.names).filter { $0.hasPrefix("--") } + ["--help"]
            // A mistyped or shortened option ("--tresh", "--max-pix") is also compared with each
            // option's start, as long as it is.
            let best = Suggest.closest(to: name, in: all)
                ?? Suggest.closest(to: name, in: all.map { String($0.prefix(name.count + 1)) }).flatMap { p in all.first { $0.hasPrefix(p) } }
            if let best { message += "; did you mean \"\(best)\"?" }
            throw UsageError(message: message, command: command)
        }
        guard spec.value != nil else {
            if inline != nil { throw UsageError(message: "\(spec.name) takes no value, found \"\(a)\"", command: command) }
            return (spec.name, "")
        }
        if let inline { return (spec.name, inline) }
        guard index < args.count else { throw UsageError(message: "missing value for \(spec.name)", command: command) }
        let v = args[index]
        index += 1
        return (spec.name, v)
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

/// The time budget of a render or test run (`--timeout SECONDS`): when it runs out, the run ends
/// with an error and exit 1 instead of running on. Generous by default; a hang is a bug, and this
/// turns it into a failure CI can see.
enum Watchdog {
    static let defaultSeconds: Double = 3600
    static let spec = OptionSpec("--timeout", value: "SECONDS", help: "End the run with an error (exit 1) when it takes longer (default 3600).")

    /// Reads the option's value: 0.001 seconds to about four months.
    static func read(_ value: String, command: any Command.Type) throws(UsageError) -> Double {
        try number("--timeout", value, in: 0.001...1e7, command: command)
    }

    /// Starts the clock; `what` names the run in the message.
    static func start(seconds: Double, what: String) {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        timer.schedule(deadline: .now() + seconds)
        timer.setEventHandler {
            // A file being written is finished first, so that no temporary file is left behind.
            AtomicFile.stopWriting()
            writeStderr("Error: \(what) took longer than --timeout \(format(seconds)) seconds; stopped")
            exit(ExitCode.failure)
        }
        timer.resume()
        armed = timer
    }
    nonisolated(unsafe) private static var armed: DispatchSourceTimer?
}

/// The first bytes of a file, enough for a PNG's header; nil when it cannot be read.
func readPNGHead(_ path: String) -> [UInt8]? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    return (try? handle.read(upToCount: 64)).map { Array($0) } ?? []
}

/// The comparison options `test` and `diff` share, and their reading into a tolerance.
enum ToleranceOptions {
    static let specs: [OptionSpec] = [
        OptionSpec("--threshold", value: "T", help: "Per-pixel YIQ threshold, 0 to 1 (default 0.1; 0 is exact)."),
        OptionSpec("--max-pixels", value: "N", help: "Differing pixels tolerated (default 0)."),
        OptionSpec("--max-ratio", value: "R", help: "Share of differing pixels tolerated, 0 to 1 (default 0)."),
        OptionSpec("--count-antialiasing", help: "Count anti-aliased pixels as differences too."),
    ]

    /// Reads `option` into `tolerance`; false when it is none of the comparison options.
    static func read(_ option: String, _ value: String, into tolerance: inout Tolerance, command: any Command.Type) throws(UsageError) -> Bool {
        switch option {
        case "--threshold": tolerance.threshold = try number(option, value, in: 0...1, command: command)
        case "--max-pixels": tolerance.maxDifferentPixels = Int(try number(option, value, in: 0...1e12, command: command))
        case "--max-ratio": tolerance.maxDifferentRatio = try number(option, value, in: 0...1, command: command)
        case "--count-antialiasing": tolerance.countAntialiasing = true
        default: return false
        }
        return true
    }
}

/// The number `value` of `option`, within `range`.
func number(_ option: String, _ value: String, in range: ClosedRange<Double>, command: any Command.Type) throws(UsageError) -> Double {
    guard let d = Double(value), d.isFinite, range.contains(d) else {
        throw UsageError(message: "\(option) takes a number from \(format(range.lowerBound)) to \(format(range.upperBound)), found \"\(value)\"", command: command)
    }
    return d
}
