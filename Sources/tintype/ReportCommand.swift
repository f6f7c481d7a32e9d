import Foundation
import TintypeModel
import TintypeRender
import TintypeSnapshot

/// `tintype report merge`: the result bundles of a sharded run joined into one report.
struct ReportCommand: Command {
    static let name = "report"
    static let abstract = "Merge the result bundles of sharded runs into one HTML report and JUnit file."
    static let arguments = "merge DIR..."
    static let argumentHelp = [("merge DIR", """
        Each DIR is a result bundle ('tintype test --bundle DIR') or a folder
        holding bundles at any depth (as CI downloads them: bundles/shard-1/...).
        """)]
    static var options: [Option<Self>] { [
        .value("-o", "--output", value: "DIR", help: """
            Where the merged report goes (created if missing): index.html with its
            images/, junit.xml and results.json. Default: tintype-report.
            """, kind: .outputInto, \.output),
        .value("--junit", value: "PATH", help: "Write the JUnit XML here instead of DIR/junit.xml.", kind: .outputFile(.junit), \.junit),
    ] }
    static let discussion = """
        Every scene appears once: a scene found in two bundles is an error (bundles of different
        runs were mixed). The report is self-contained, as 'tintype test' writes it: it copies the
        images it shows, and reads only files inside its bundles (a results.json naming an artifact
        elsewhere is refused; a recorded golden named elsewhere shows as missing). The report is
        never written inside a bundle folder, and an images/ folder Tintype did not write is never
        replaced. The last line reads "N passed, N failed, N skipped, N recorded" for the
        whole run. Exit code: 0 when every merged scene passed, 1 when any failed or was recorded
        (or a bundle cannot be read), 64 for bad usage.

        Example (three shards, then one merge):
          tintype test --shard 1/3 --bundle bundles/1
          tintype test --shard 2/3 --bundle bundles/2
          tintype test --shard 3/3 --bundle bundles/3
          tintype report merge bundles -o report
        """

    var inputs: [String] = []
    var output = "tintype-report"
    var junit: String?

    /// The action named first (merge is the only one).
    var action: String?

    mutating func argument(_ v: String) throws(UsageError) {
        guard action == nil else { inputs.append(v); return }
        guard v == "merge" else {
            var message = "unknown action \"\(v)\"; report knows merge"
            if Suggest.closest(to: v, in: ["merge"]) != nil { message = "unknown action \"\(v)\"; did you mean \"merge\"?" }
            throw UsageError(message: message, command: Self.self)
        }
        action = v
    }

    func validate() throws(UsageError) {
        guard action != nil else { throw UsageError(message: "missing action (merge)", command: Self.self) }
        guard !inputs.isEmpty else { throw UsageError(message: "merge needs at least one bundle folder", command: Self.self) }
        for dir in inputs {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
                throw UsageError(message: "no such folder \"\(dir)\"", command: Self.self)
            }
        }
    }

    /// Why the report may not be written where it is asked: -o holding, or inside, a bundle folder
    /// (the next merge would read the report as a bundle), an images/ folder there that Tintype did
    /// not write, or a --junit file that is an input or not a JUnit report.
    func outputProblem() -> OutputProblem? {
        var outputs = OutputGuard(command: "report merge")
        for dir in inputs { outputs.add(input: dir, "the bundle folder \(dir)") }
        if let problem = outputs.folderProblem(output, option: "-o") { return problem }
        let out = OutputGuard.resolved(output)
        if let dir = inputs.first(where: { OutputGuard.contains(OutputGuard.resolved($0), out) }) {
            return OutputProblem(message: "-o \(output) is inside the bundle folder \(dir); the next merge would read the report as a bundle",
                                 hint: "Write the report beside the bundles.")
        }
        if let problem = HTMLReport.imagesProblem(in: output) {
            return OutputProblem(message: problem, hint: "Move those files away, or choose another -o.")
        }
        if let junit, let problem = outputs.fileProblem(junit, option: "--junit", content: .junit) { return problem }
        return nil
    }

    func run() -> Int32 {
        if let problem = outputProblem() {
            Tool.printError(problem.message, usage: Self.usage, hint: problem.hint)
            return ExitCode.usage
        }
        var parts: [(bundle: String, results: RunResults)] = []
        for dir in inputs {
            let found = ResultBundle.find(under: dir.hasSuffix("/") ? String(dir.dropLast()) : dir)
            if found.isEmpty { writeStderr("Error: no result bundle (results.json) under \(dir)"); return ExitCode.failure }
            for bundle in found {
                do { parts.append((bundle, try ResultBundle.read(bundle))) } catch {
                    writeStderr("Error: \(error.message)")
                    return ExitCode.failure
                }
            }
        }
        let merged: RunResults
        do { merged = try ResultBundle.merge(parts) } catch {
            writeStderr("Error: \(error.message)")
            return ExitCode.failure
        }
        let shards = parts.compactMap { $0.results.shard }
        if let count = shards.first?.count, shards.allSatisfy({ $0.count == count }) {
            let missing = Set(1...count).subtracting(shards.map(\.index)).sorted()
            if !missing.isEmpty {
                writeStderr("Warning: shard\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) of \(count) missing; the report covers the others")
            }
        }
        do {
            // Only files inside the bundles are read (a recorded golden named outside one shows as missing).
            // Each shard's mode as it ran (a bundle from before modes were written counts as never).
            let modes = parts.map { RecordMode(rawValue: $0.results.recordMode ?? "") ?? .never }
            let index = try HTMLReport.write(merged.entries.map(\.reportEntry), mode: .never, to: output,
                                             title: "Tintype snapshot report (\(parts.count) bundle\(parts.count == 1 ? "" : "s") merged)",
                                             readingOnlyUnder: parts.map(\.bundle), shardModes: modes)
            let junitPath = junit ?? output + "/junit.xml"
            let folder = (junitPath as NSString).deletingLastPathComponent
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try AtomicFile.write(Array(JUnitReport.xml(merged).utf8), to: junitPath)
            try AtomicFile.write(merged.encoded(), to: output + "/results.json")
            print("Merged \(parts.count) bundle\(parts.count == 1 ? "" : "s"): \(merged.entries.count) scenes")
            print("Report: \(index)")
            print("JUnit: \(junitPath)")
        } catch {
            writeStderr("Error: cannot write the merged report: \(error)")
            return ExitCode.failure
        }
        let c = merged.counts
        print("\(c.passed) passed, \(c.failed) failed, \(c.skipped) skipped, \(c.recorded) recorded")
        return c.failed == 0 && c.recorded == 0 ? ExitCode.success : ExitCode.failure
    }
}
