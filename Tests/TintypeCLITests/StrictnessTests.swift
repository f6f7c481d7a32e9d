import Foundation
import Testing

/// What makes the command line strict: nothing found is a failure, mistakes get suggestions, and
/// the usage line, the help and the parser come from one table per command.
@Suite struct StrictnessTests {
    let cli = CLITests()

    @Test func version() throws {
        let r = try cli.run(["--version"])
        #expect(r.status == 0)
        #expect(r.out.range(of: #"^tintype \d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(r.out)")
    }

    @Test func anEmptyFolderFailsUnlessAllowed() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try cli.run(["test", dir])
        #expect(r.status == 1)
        #expect(r.stderr.contains("no scene files (*.json) or storyboards in \(dir); nothing was checked. Pass --pass-with-no-scenes"), "\(r.stderr)")
        let allowed = try cli.run(["test", dir, "--pass-with-no-scenes"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    @Test func aFilterThatSelectsNothingFails() throws {
        let r = try cli.run(["test", CLITests.root + "/Snapshots/Basics", "--filter", "no-such-scene-anywhere"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("is selected by --filter \"no-such-scene-anywhere\""), "\(r.stderr)")
    }

    @Test func mistypedOptionsGetSuggestions() throws {
        for (args, suggestion) in [(["test", "--treshold", "0.2"], "--threshold"), (["test", "--tresh", "0.2"], "--threshold"),
                                   (["test", "--max-pix", "3"], "--max-pixels"), (["render", "a.json", "--ouptut", "x.png"], "--output"),
                                   (["diff", "a.png", "b.png", "--stirp", "s.png"], "--strip"), (["--verison"], "--version")] {
            let r = try cli.run(args)
            #expect(r.status == 64, "\(args)")
            #expect(r.stderr.contains("did you mean \"\(suggestion)\"?"), "\(args): \(r.stderr)")
        }
        let flagWithValue = try cli.run(["test", "--stale=yes"])
        #expect(flagWithValue.status == 64 && flagWithValue.stderr.contains("--stale takes no value"), "\(flagWithValue.stderr)")
    }

    @Test func renderOfAFolderSaysSo() throws {
        let r = try cli.run(["render", CLITests.root + "/Snapshots/Basics"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("is a folder; render takes scene files"), "\(r.stderr)")
    }

    @Test func outputIntoAMissingFolderCreatesIt() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try cli.run(["render", CLITests.root + "/Snapshots/Basics/corners.json", "-o", dir + "/a/b/corners.png"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/a/b/corners.png"))
    }

    /// Every option the help lists is in the usage line, for every command. The parser reads the
    /// same table, row by row, so no option can be listed and not parsed (or parsed and not listed).
    @Test func helpAndUsageAgree() throws {
        let overview = try cli.run(["--help"]).out
        let commands = overview.components(separatedBy: "Commands:\n")[1].components(separatedBy: "\n\n")[0]
            .split(separator: "\n").map { $0.split(separator: " ")[0] }.map(String.init).filter { $0 != "help" }
        #expect(commands.count >= 4, "\(overview)")
        for command in commands {
            let help = try cli.run(["help", command]).out
            let usage = help.split(separator: "\n").first { $0.hasPrefix("Usage: ") }.map(String.init) ?? ""
            let optionLines = help.components(separatedBy: "Options:\n")[1].split(separator: "\n").filter { $0.hasPrefix("  -") }
            #expect(!optionLines.isEmpty, "\(command)")
            for line in optionLines {
                let names = line.split(separator: " ").map(String.init).filter { $0.hasPrefix("-") }.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
                if names[0] != "-h" { #expect(usage.contains("[" + names[0]), "\(command): \(names[0]) is missing from \(usage)") }
            }
        }
    }
}
