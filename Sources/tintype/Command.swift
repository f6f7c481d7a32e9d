import Foundation
import TintypeModel
import TintypeSnapshot

/// A subcommand: parsed from its arguments, then run.
protocol Command {
    static var name: String { get }
    static var abstract: String { get }
    static var usage: String { get }
    /// The full `--help` text after the usage line.
    static var help: String { get }
    init(arguments: [String]) throws
    func run() -> Int32
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
    static let usage: Int32 = 64
}

enum Tool {
    static let usage = "Usage: tintype <command> [options]"

    static func overview(_ commands: [any Command.Type]) -> String {
        var s = "tintype: draws iOS screens from scene files, without iOS.\n\n\(usage)\n\nCommands:\n"
        for c in commands { s += "  " + c.name.padding(toLength: 10, withPad: " ", startingAt: 0) + c.abstract + "\n" }
        s += "  help      Show help for a command.\n\nSee 'tintype help <command>' for a command's options."
        return s
    }

    static func main(_ args: [String], commands: [any Command.Type]) -> Int32 {
        guard let first = args.first else {
            printError("missing command", usage: usage, hint: "See 'tintype --help'.")
            return ExitCode.usage
        }
        if first == "--help" || first == "-h" { print(overview(commands)); return ExitCode.success }
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
            var message = "unknown command \"\(first)\""
            if let best = Suggest.closest(to: first, in: commands.map { $0.name } + ["help"]) { message += "; did you mean \"\(best)\"?" }
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
        FileHandle.standardError.write(Data(s.utf8))
    }
}

/// Walks `--flag value` / `--flag=value` style arguments.
struct ArgumentScanner {
    private var args: [String]
    private var index = 0
    private var positionalOnly = false
    let command: any Command.Type

    init(_ args: [String], command: any Command.Type) { self.args = args; self.command = command }

    /// The next argument: an option (`--scale`, with `--scale=2` split in two) or a positional one.
    /// After `--` every argument is positional.
    mutating func next() -> (option: String?, argument: String)? {
        guard index < args.count else { return nil }
        let a = args[index]
        index += 1
        if !positionalOnly {
            if a == "--" { positionalOnly = true; return next() }
            if a.hasPrefix("-") && a != "-" {
                if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") {
                    args.insert(String(a[a.index(after: eq)...]), at: index)
                    return (String(a[..<eq]), a)
                }
                return (a, a)
            }
        }
        return (nil, a)
    }

    /// The value after an option.
    mutating func value(for option: String) throws(UsageError) -> String {
        guard index < args.count else { throw UsageError(message: "missing value for \(option)", command: command) }
        let v = args[index]
        index += 1
        return v
    }
}

func writeStderr(_ s: String) { FileHandle.standardError.write(Data((s + "\n").utf8)) }

extension ArgumentScanner {
    /// The number after `option`, within `range`.
    mutating func number(for option: String, in range: ClosedRange<Double>) throws(UsageError) -> Double {
        let v = try value(for: option)
        guard let d = Double(v), d.isFinite, range.contains(d) else {
            throw UsageError(message: "\(option) takes a number from \(format(range.lowerBound)) to \(format(range.upperBound)), found \"\(v)\"", command: command)
        }
        return d
    }

    /// Reads a comparison option (`--threshold`, `--max-pixels`, `--max-ratio`,
    /// `--count-antialiasing`) into `tolerance`; false when `option` is none of them.
    mutating func tolerance(_ option: String, into tolerance: inout Tolerance) throws(UsageError) -> Bool {
        switch option {
        case "--threshold": tolerance.threshold = try number(for: option, in: 0...1)
        case "--max-pixels": tolerance.maxDifferentPixels = Int(try number(for: option, in: 0...1e12))
        case "--max-ratio": tolerance.maxDifferentRatio = try number(for: option, in: 0...1)
        case "--count-antialiasing": tolerance.countAntialiasing = true
        default: return false
        }
        return true
    }
}
