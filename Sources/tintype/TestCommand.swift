import Foundation
import TintypeModel
import TintypeRender
import TintypeSnapshot

struct TestCommand: Command {
    static let name = "test"
    static let abstract = "Render every scene and compare it with the golden PNG beside it."
    static let arguments = "[DIR|FILE.storyboard|FILE.xib...]"
    static let argumentHelp = [("DIR", """
        Folders searched (recursively) for scene files, *.json, each with its
        golden beside it (name.json + name.png). A file the scenes include that
        has no "root" (a theme) is not a scene. Storyboards and xibs found there
        are checked too, unless a scene file of the run names them.
        Default: Snapshots.
        """), ("FILE.storyboard", """
        An iOS storyboard or xib: each of its scenes is checked against the
        golden beside it, Main.SCENE.png ('tintype render Main.storyboard'
        writes the same names).
        """)]
    static var options: [Option<Self>] { [
        .value("--record", value: "MODE", help: """
            never | missing | failed | all. Default: TINTYPE_RECORD if set, else
            never when CI is set (a missing golden fails), else missing.
            Recording always counts as not passed: run again to verify.
            """) { c, v throws(UsageError) in
            guard let m = RecordMode(rawValue: v) else {
                throw UsageError(message: "--record takes never, missing, failed or all, found \"\(v)\"", command: Self.self)
            }
            c.record = m
        },
        .value("--shard", value: "I/N", help: """
            Run only part I of N (1-based), a deterministic split for CI matrices.
            auto reads the split from the CI system: GitLab (CI_NODE_INDEX,
            CI_NODE_TOTAL), CircleCI (CIRCLE_NODE_INDEX, CIRCLE_NODE_TOTAL), Buildkite
            (BUILDKITE_PARALLEL_JOB, BUILDKITE_PARALLEL_JOB_COUNT) or a Kubernetes
            Indexed Job (JOB_COMPLETION_INDEX, with TINTYPE_SHARD_COUNT); with none
            of them set, every scene runs.
            """) { c, v throws(UsageError) in
            if v == "auto" { c.autoShard = true; return }
            let parts = v.split(separator: "/").map { Int($0) }
            guard parts.count == 2, let i = parts[0], let n = parts[1], n >= 1, i >= 1, i <= n else {
                throw UsageError(message: "--shard takes I/N with 1 ≤ I ≤ N, found \"\(v)\"", command: Self.self)
            }
            c.shard = (i, n)
        },
        .value("--filter", value: "PATTERN", help: "Run only scenes whose path contains PATTERN (or matches it, with * and ?).", \.filter),
        .value("--exclude", value: "PATTERN", help: """
            Leave out files and folders matching PATTERN (a path under DIR, or a glob
            with * and ? matched against the path or the file's name); repeatable.
            Asset catalogs (*.xcassets) and folders starting with a dot are always
            left out.
            """) { c, v in c.exclude.append(v) },
    ] + ToleranceOptions.options(\.tolerance) + [
        .flag("--strict", help: """
            Fail on any changed pixel, even one the tolerance allows. Without it, a
            render within tolerance passes and a CHANGED line says how many changed.
            """) { c in c.tolerance.strict = true },
        .value("--artifacts", value: "DIR", help: """
            Where failure artifacts and the HTML report go. Default:
            TINTYPE_ARTIFACTS if set, else .build/tintype-artifacts.
            """, kind: .outputInto, \.artifacts),
    ] + TraitOptions.options(\.pick).map {
        $0.helping("\nChecks only the variants with that value (the others count as skipped).")
    } + [
        .value("--reporter", value: "LIST", help: """
            Comma-separated, or repeated: list (the default: a line per finished
            scene, or one updating line on a terminal), dot, junit, github
            (annotations; added by itself when GITHUB_ACTIONS=true), json.
            """) { c, v throws(UsageError) in
            for name in v.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
                guard let kind = ReporterKind(rawValue: name) else {
                    var message = "--reporter takes " + ReporterKind.allCases.map(\.rawValue).joined(separator: ", ") + ", found \"\(name)\""
                    if let s = Suggest.closest(to: name, in: ReporterKind.allCases.map(\.rawValue)) { message += "; did you mean \"\(s)\"?" }
                    throw UsageError(message: message, command: Self.self)
                }
                if !c.reporters.contains(kind) { c.reporters.append(kind) }
            }
        },
        .value("--junit", value: "PATH", help: "Write JUnit XML to PATH (implies --reporter junit; default ARTIFACTS/junit.xml).", kind: .outputFile(.junit), \.junit),
        .value("--json", value: "PATH",
               help: "Write the JSON results to PATH (implies --reporter json; default standard output,\nand then the other reporters write to standard error).",
               kind: .outputFile(.results), \.json),
        .value("--bundle", value: "DIR", help: """
            Write a result bundle for 'tintype report merge': DIR/results.json and
            the artifacts (under DIR/artifacts unless --artifacts is given).
            """, kind: .outputInto, \.bundle),
        .flag("--audit", help: """
            Also audit every variant from the render it is checked with (no second
            render): truncated or clipped text, overlaps, small or off-screen
            controls, contrast, safe areas, Dynamic Type, localization (see 'tintype
            help audit'). Findings are printed, go into the JSON, JUnit and HTML
            report with an overlay image each (ARTIFACTS/audit/), and errors and
            warnings fail the run.
            """, \.audit),
        .value("--audit-baseline", value: "FILE", help: """
            Implies --audit. Findings FILE holds are accepted; only new ones fail.
            A missing FILE is written with today's findings.
            """) { c, v in c.auditBaseline = v; c.audit = true },
        .flag("--update-audit-baseline", help: "Write the --audit-baseline FILE again with today's findings (reasons kept).", \.updateAuditBaseline),
        .flag("--pass-with-no-scenes", help: "Pass when the folders hold no scene (or none is selected); without it, that fails.", \.passWithNoScenes),
        .flag("--stale", help: """
            List goldens that no scene produces, and exit: images Tintype recorded
            (stamped PNGs, PDFs it made) that no scene, include or SVG uses.
            """, \.stale),
        .value("--layout-records", value: "text", help: """
            Also keep each PNG golden's layout record as text beside it
            (NAME.layout.txt, what 'tintype layout' prints), checked and recorded
            with the golden, for review of a layout change in a pull request.
            """) { c, v throws(UsageError) in
            guard v == "text" else { throw UsageError(message: "--layout-records takes text, found \"\(v)\"", command: Self.self) }
            c.layoutText = true
        },
        .flag("--verbose", help: "Also print the layout's notes (see 'tintype help render').", \.verbose),
        .flag("--prune", help: """
            Remove those goldens (with their layout texts), and exit. Never an
            SVG, an icon or a diagram Tintype did not record. Refuses (removing
            nothing), as --stale does, while a scene fails to decode: the images
            it uses cannot be known.
            """, \.prune),
        Watchdog.option(\.timeout),
        ProjectRoot.option(\.root),
    ] }
    static let discussion = """
        A scene with "variants" (or "devices") is checked once per variant, against the golden named
        after the traits that vary (settings.iphone-se.ax3.rtl.png; 'tintype variants' lists them).
        Scenes and their variants render in parallel; a variant that fails to render fails alone.
        Each failure prints one line with its numbers and the paths of its artifacts (expected,
        actual, diff, and an expected | diff | actual strip); the HTML report is written to
        ARTIFACTS/report/index.html as the run goes (each failure's images as its check ends, the
        page every few seconds) and whole at the end. A render that passes within the tolerance but is not identical
        prints a CHANGED line with the number of pixels that changed at all (--strict fails it).
        The last line reads "N passed, N failed, N skipped, N recorded".
        A scene file may name a storyboard's scene ({"storyboard": "../App/Base.lproj/Main.storyboard",
        "scene": "Settings", "devices": [...]}): the app's screen is checked as Interface Builder
        describes it, with its goldens beside that file. A storyboard or xib named itself (or found
        in a folder no scene file of the run points into it from) is checked scene by scene against
        Main.SCENE.png beside it, written by --record. Views placed by constraints that break or
        leave a frame undecided print a warning (UIKit's log) and still render.
        A scene with "accessibilitySnapshot": true is also checked against NAME.accessibility.png
        beside its golden (one per variant): its VoiceOver elements numbered in order with a legend
        of their labels, traits, values and hints ('tintype render --accessibility' draws one).
        A run that finds no scene to check fails (a mistyped folder or filter should not pass
        quietly) unless --pass-with-no-scenes is given. Exit code: 0 when every scene passed,
        1 otherwise, 64 for bad usage.
        """

    var directories: [String] = []
    var record: RecordMode?
    var shard: (index: Int, count: Int)?
    var filter: String?
    var exclude: [String] = []
    var tolerance = Tolerance.default
    var artifacts: String?
    var stale = false
    var verbose = false
    var prune = false
    var timeout = Watchdog.defaultSeconds
    /// The scenes' project (--root); nil for the default.
    var root: String?
    var pick = TraitSet()
    var passWithNoScenes = false
    var autoShard = false
    var reporters: [ReporterKind] = []
    var junit: String?
    var json: String?
    var bundle: String?
    var audit = false
    var auditBaseline: String?
    var updateAuditBaseline = false
    /// --layout-records text: each PNG golden's record kept as text beside it.
    var layoutText = false

    mutating func argument(_ value: String) throws(UsageError) { directories.append(value) }

    mutating func validate() throws(UsageError) {
        if directories.isEmpty { directories = ["Snapshots"] }
        for dir in directories {
            var isDir: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: dir, isDirectory: &isDir)
            if StoryboardFiles.isStoryboard(dir) && exists && !isDir.boolValue { continue }
            guard exists, isDir.boolValue else {
                throw UsageError(message: StoryboardFiles.isStoryboard(dir) ? "no such file \"\(dir)\"" : "no such folder \"\(dir)\"",
                                 command: Self.self)
            }
        }
        if stale && prune { throw UsageError(message: "give --stale or --prune, not both", command: Self.self) }
        if updateAuditBaseline && auditBaseline == nil {
            throw UsageError(message: "--update-audit-baseline needs --audit-baseline FILE", command: Self.self)
        }
        if reporters.contains(.list) && reporters.contains(.dot) {
            throw UsageError(message: "--reporter list and dot both report progress; choose one", command: Self.self)
        }
    }

    /// The scene files under the folders, each expanded to its renders (SceneFile names them); files
    /// only included by others are left out.
    /// Each file is read and parsed once, and files are read and decoded on every core.
    /// Storyboards and xibs named on the command line are checked scene by scene (`Main.SCENE.json`,
    /// never written, with its golden `Main.SCENE.png` beside the storyboard); those found in a folder
    /// are too, unless a scene file of the run names them (it says which of their scenes to check).
    func sceneFiles() -> [SceneFile] {
        var found: [(file: SceneFiles.Read, root: String)] = []
        var named: [String] = []
        var storyboards: [String] = []
        for dir in directories {
            if StoryboardFiles.isStoryboard(dir) { named.append(dir); continue }
            let root = dir.hasSuffix("/") ? String(dir.dropLast()) : dir
            // A theme the scenes include is not a scene (SceneFiles says which files are).
            let read = SceneFiles.read(Self.files(under: root, ext: ".json", exclude: exclude).map { root + "/" + $0 })
            found += SceneFiles.scenes(among: read).map { ($0, root) }
            storyboards += (Self.files(under: root, ext: ".storyboard", exclude: exclude) + Self.files(under: root, ext: ".xib", exclude: exclude))
                .sorted().map { root + "/" + $0 }
        }
        let files = found
        let decoded = concurrentMap(count: files.count) { Watchdog.decode(files[$0].file, under: files[$0].root) }
        let pointedAt = Set(decoded.flatMap { $0.scene?.includedFiles ?? [] })
        var seen = Set<String>()
        let checked = (named + storyboards.filter { !pointedAt.contains(Self.standardized($0)) }).filter { seen.insert(Self.standardized($0)).inserted }
        let fromStoryboards = concurrentMap(count: checked.count) { StoryboardFiles.sceneFiles(checked[$0], only: [], overriding: TraitSet()).files }
        return decoded + fromStoryboards.flatMap { $0 }
    }

    static func standardized(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    /// The files under `root` whose names end in `ext`, relative to it and sorted. Folders whose
    /// name starts with a dot and asset catalogs (a folder named *.xcassets, whose Contents.json
    /// files describe images, not scenes) are not searched, nor are paths an `exclude` pattern matches.
    static func files(under root: String, ext: String, exclude: [String] = []) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: root) else { return [] }
        var out: [String] = []
        while let rel = e.nextObject() as? String {
            let name = (rel as NSString).lastPathComponent
            if (e.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory,
               name.hasPrefix(".") || name.lowercased().hasSuffix(".xcassets") || excluded(rel, by: exclude) {
                e.skipDescendants()
                continue
            }
            if rel.hasSuffix(ext), !excluded(rel, by: exclude) { out.append(rel) }
        }
        return out.sorted()
    }

    /// Whether `relative` (a path under a searched folder) matches one of `patterns`: a glob with
    /// * and ? matched against the whole path or its last part, or a folder's path and all under it.
    static func excluded(_ relative: String, by patterns: [String]) -> Bool {
        let name = (relative as NSString).lastPathComponent
        return patterns.contains { raw in
            let p = raw.hasSuffix("/") ? String(raw.dropLast()) : raw
            if p.isEmpty { return false }
            if relative == p || relative.hasPrefix(p + "/") { return true }
            return fnmatch(p, relative, 0) == 0 || fnmatch(p, name, 0) == 0
        }
    }

    /// Whether a variant has every trait value the trait options ask for.
    func picked(_ output: SceneFile.Output) -> Bool {
        guard !pick.isEmpty, let traits = output.plan?.traits else { return true }
        return TraitDimension.allCases.allSatisfy { !pick.sets($0) || pick.slug($0) == traits.slug($0) }
    }

    func matches(_ path: String) -> Bool {
        guard let filter else { return true }
        if filter.contains("*") || filter.contains("?") { return fnmatch(filter, path, 0) == 0 || fnmatch("*" + filter + "*", path, 0) == 0 }
        return path.contains(filter)
    }

    func run() -> Int32 {
        Watchdog.seconds = timeout
        ProjectRoot.given = root
        if stale || prune { return runStale() }
        let mode: RecordMode
        do { mode = try record ?? RecordMode.fromEnvironment() } catch {
            Tool.printError("\(error)", usage: Self.usage, hint: "See 'tintype help test'.")
            return ExitCode.usage
        }
        var shard = self.shard
        let env = ProcessInfo.processInfo.environment
        if autoShard {
            do {
                if let found = try AutoShard.resolve(env) {
                    shard = (found.index, found.count)
                    writeStderr("Shard \(found.index)/\(found.count) (from \(found.source))")
                }
            } catch {
                Tool.printError(error.message, usage: Self.usage, hint: "See 'tintype help test'.")
                return ExitCode.usage
            }
        }
        // Reporters: list unless chosen; github added under GitHub Actions; junit and json when
        // their files are named. JSON without a file takes standard output, the rest standard error.
        var kinds = reporters
        if junit != nil && !kinds.contains(.junit) { kinds.append(.junit) }
        if json != nil && !kinds.contains(.json) { kinds.append(.json) }
        if !kinds.contains(.list) && !kinds.contains(.dot) && reporters.isEmpty { kinds.insert(.list, at: 0) }
        if env["GITHUB_ACTIONS"] == "true" && !kinds.contains(.github) { kinds.append(.github) }
        let jsonToStdout = kinds.contains(.json) && json == nil
        let text = TextStream(jsonToStdout ? FileHandle.standardError : FileHandle.standardOutput)
        func say(_ s: String) { text.write(s + "\n") }

        let files = sceneFiles()
        if let problem = guardOutputs(files) {
            Tool.printError(problem.message, usage: Self.usage, hint: problem.hint)
            return ExitCode.usage
        }
        // What UIKit would ignore in a scene is said once per file, before the results.
        for file in files where matches(file.path) { for w in file.scene?.warnings ?? [] { writeStderr("Warning: \(w)") } }
        let all = files.flatMap(\.outputs)
        var selected = all.filter { matches($0.scenePath) && picked($0) }
        if let shard { selected = selected.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element) }
        let skipped = all.count - selected.count
        let chosen = selected
        if chosen.isEmpty && !passWithNoScenes {
            let folders = directories.joined(separator: ", ")
            let by = [filter.map { "--filter \"\($0)\"" }, shard.map { "--shard \($0.index)/\($0.count)" }, pick.isEmpty ? nil : "the trait options"]
            let why = all.isEmpty
                ? "no scene files (*.json) or storyboards in \(folders)"
                : "none of the \(all.count) scenes in \(folders) is selected by " + by.compactMap { $0 }.joined(separator: " and ")
            writeStderr("Error: \(why); nothing was checked. Pass --pass-with-no-scenes to allow this.")
            return ExitCode.failure
        }

        let artifactsDirectory = self.artifactsDirectory
        let store = GoldenStore(artifactsDirectory: artifactsDirectory)
        let renderer = Renderer()
        var session: AuditSession?
        if audit {
            do {
                session = AuditSession(suites: try AuditSupport.suites(in: directories), overlayDirectory: artifactsDirectory + "/audit")
                session?.sizeVaryingScenes = AuditSupport.sizeVaryingScenes(files)
            } catch {
                writeStderr("Error: \(error)")
                return ExitCode.failure
            }
        }
        let verbose = self.verbose
        let layoutText = self.layoutText
        let auditSession = session
        let tolerance = self.tolerance
        let progress = LiveProgress(kinds: kinds, out: text, total: chosen.count)
        // JUnit is written as the run goes: each finished check's test case into a spool beside the file.
        let junitPath = junit ?? artifactsDirectory + "/junit.xml"
        var spool: JUnitSpool?
        if kinds.contains(.junit) {
            do { spool = try JUnitSpool(path: junitPath) } catch {
                writeStderr("Error: cannot write the JUnit XML to \(junitPath): \(error)")
                return ExitCode.failure
            }
        }
        let junitSpool = spool
        // The HTML report is written as the run goes too: images copied as each check ends, the page now and then.
        var reportSpool: HTMLReportSpool?
        if !chosen.isEmpty {
            do {
                reportSpool = try HTMLReportSpool(directory: store.artifactsDirectory + "/report",
                                                  names: chosen.map { ($0.scenePath, $0.label != nil, $0.golden) }, mode: mode)
            } catch {
                writeStderr("Error: cannot write the HTML report: \(error)")
            }
        }
        let report = reportSpool
        // Largest screens first: the workers take scenes in this order, and a big scene left for
        // last would keep one core busy while the other has nothing to do. Results keep their order.
        let pixels = chosen.map { $0.variant.map { $0.scene.pixelWidth * $0.scene.pixelHeight } ?? 0 }
        let order = chosen.indices.sorted { a, b in pixels[a] != pixels[b] ? pixels[a] > pixels[b] : a < b }
        let timed = concurrentMap(count: chosen.count, order: order) { i in
            let item = chosen[i]
            let started = DispatchTime.now().uptimeNanoseconds
            let r = LayoutNote.renderer(sharing: renderer, for: item.displayName, notes: verbose)
            let entry = Watchdog.watch("checking \(item.displayName)") { Self.check(item, renderer: r, store: store, mode: mode, tolerance: tolerance, audit: auditSession,
                                                                                layoutText: layoutText) }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            progress.finished(entry, name: entry.displayName, seconds: seconds)
            junitSpool?.add(RunResults.Entry(entry, duration: seconds), index: i)
            report?.add(entry, index: i)
            return (entry, seconds)
        }
        progress.end()
        var entries = timed.map(\.0)
        var passed = 0, failed = 0, recorded = 0, changed = 0
        for e in entries {
            switch e.status {
            case .passed:
                passed += 1
                // Within tolerance is not unchanged: the pixels that changed are said, not hidden.
                if let c = e.comparison, c.passedWithChanges {
                    changed += 1
                    say("CHANGED \(e.displayName): \(c.summary)")
                }
            case .failed:
                failed += 1
                say("FAIL \(e.displayName): \(e.message)")
                if let a = e.artifacts {
                    say("     actual: \(a.actual)" + (a.diff.map { "  diff: \($0)" } ?? "") + (a.strip.map { "  strip: \($0)" } ?? ""))
                }
            case .recorded:
                recorded += 1
                say("RECORDED \(e.displayName): \(e.message)")
            }
        }
        var auditFailed = false
        if let session {
            guard let fails = AuditSupport.finish(&entries, session: session, baseline: auditBaseline, update: updateAuditBaseline, say: say) else {
                return ExitCode.failure
            }
            auditFailed = fails
        }
        if let report {
            do {
                let index = try report.finish(entries)
                if failed + recorded > 0 || auditFailed { say("Report: \(index)") }
            } catch {
                writeStderr("Error: cannot write the HTML report: \(error)")
            }
        }
        var ok = true
        var results = RunResults(tool: Tool.version, shard: shard.map { RunResults.Shard(index: $0.index, count: $0.count) },
                                 entries: zip(entries, timed).map { RunResults.Entry($0.0, duration: $0.1.1) }, skipped: skipped, recordMode: mode)
        // For `tintype review`: the goldens no scene writes any more (unknowable while a scene fails to decode).
        if files.allSatisfy({ $0.scene != nil }) {
            results.review = RunResults.Review(stale: staleGoldens(files).compactMap { path in
                GoldenStore.fileHash(path).map { RunResults.StaleGolden(path: path, sha256: $0) }
            })
        }
        if kinds.contains(.github) { for line in GitHubAnnotations.lines(entries) { say(line) } }
        if let junitSpool {
            do { try junitSpool.finish(results) } catch {
                writeStderr("Error: cannot write the JUnit XML to \(junitPath): \(error)")
                ok = false
            }
        }
        if kinds.contains(.json) {
            if let json { ok = write(results.encoded(), to: json, what: "JSON results") && ok } else if let reason = writeAll(results.encoded(), to: STDOUT_FILENO) {
                writeStderr("Error: cannot write the JSON results to standard output: \(reason)")
                ok = false
            }
        }
        // The artifacts folder is a bundle too, unless it lies among the scenes (the next run would read its results.json as one).
        let reviewable = !directories.contains(where: { FilePaths.contains(FilePaths.resolved($0), FilePaths.resolved(artifactsDirectory)) })
        if let bundle {
            do { try ResultBundle.write(results, to: bundle); say("Bundle: \(bundle)") } catch {
                writeStderr("Error: cannot write the result bundle: \(error.message)"); ok = false
            }
        } else if reviewable {
            // The artifacts folder is the run's bundle: what `tintype review` opens by default (not
            // when it lies among the scenes, where the next run would read its results.json as one).
            do { try ResultBundle.write(results, to: artifactsDirectory) } catch {
                writeStderr("Error: cannot write \(artifactsDirectory)/\(ResultBundle.resultsFile): \(error.message)"); ok = false
            }
        }
        if failed + recorded > 0 && (bundle != nil || reviewable) { say("Review: tintype review" + (bundle.map { " " + $0 } ?? artifacts.map { " " + $0 } ?? "")) }
        if changed > 0 {
            say("\(changed) of the \(passed) passed with pixels changed within the tolerance; --strict fails on any change.")
        }
        say("\(passed) passed, \(failed) failed, \(skipped) skipped, \(recorded) recorded")
        return failed == 0 && recorded == 0 && ok && !auditFailed ? ExitCode.success : ExitCode.failure
    }

    /// Why this run may not write what it writes: two scenes whose renders share a golden (one
    /// would record over the other, as `render` refuses two scenes written to one file), or an
    /// artifacts folder, bundle or report file that would hold or replace one of the scenes, the
    /// images they use, the files they include or their catalogs.
    func guardOutputs(_ files: [SceneFile]) -> OutputProblem? {
        var owners: [String: SceneFile.Output] = [:]
        for file in files {
            for out in file.outputs {
                let key = OutputGuard.resolved(out.golden)
                if let other = owners[key], other.scenePath != out.scenePath {
                    return OutputProblem(message: "\(other.displayName) and \(out.displayName) have the same golden \(out.golden); recording one would replace the other's",
                                         hint: "Rename one of the scenes (a variant's golden is NAME.VARIANT.png).")
                }
                owners[key] = out
            }
        }
        var outputs = OutputGuard(command: Self.name)
        for file in files { outputs.add(file) }
        let artifactsOption = artifacts != nil ? "--artifacts" : bundle != nil ? "--bundle" : "TINTYPE_ARTIFACTS"
        if let problem = outputs.folderProblem(artifactsDirectory, option: artifactsOption) { return problem }
        if let bundle, let problem = outputs.folderProblem(bundle, option: "--bundle") { return problem }
        if let junit, let problem = outputs.fileProblem(junit, option: "--junit", content: .junit) { return problem }
        if let json, let problem = outputs.fileProblem(json, option: "--json", content: .results) { return problem }
        if let problem = outputs.auditBaselineProblem(auditBaseline, update: updateAuditBaseline) { return problem }
        return nil
    }

    /// Where failure artifacts and the HTML report go.
    var artifactsDirectory: String { artifacts ?? bundle.map { $0 + "/artifacts" } ?? GoldenStore.defaultArtifactsDirectory() }

    /// Writes a report file whole (its folder created); false, with the error printed, if it cannot.
    func write(_ bytes: [UInt8], to path: String, what: String) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try AtomicFile.write(bytes, to: path)
            return true
        } catch {
            writeStderr("Error: cannot write the \(what) to \(path): \(error)")
            return false
        }
    }

    /// Renders one variant and verifies it; a variant that fails to render fails alone.
    static func check(_ item: SceneFile.Output, renderer: Renderer, store: GoldenStore, mode: RecordMode, tolerance: Tolerance,
                      audit: AuditSession? = nil, layoutText: Bool = false) -> ReportEntry {
        let box = FindingsBox()
        // The render's scene is made here, once, and let go when the check ends.
        let variant = item.variant
        var entry = verify(item, variant: variant, renderer: renderer, store: store, mode: mode, tolerance: tolerance, audit: audit.map { ($0, box) },
                           layoutText: layoutText)
        if let v = variant { entry.traits = v.named.compactMap { d in v.traits.label(d).map { (d, $0) } } }
        entry.findings = box.findings
        entry.auditOverlay = box.overlay
        if let pos = variant?.scene.source.viewPositions["root"], pos.file == nil { entry.rootPosition = (pos.line, pos.column) }
        // The state the run leaves, for `tintype review` to tell whether the files changed since.
        entry.goldenSHA256 = GoldenStore.fileHash(entry.golden)
        entry.sceneSHA256 = GoldenStore.fileHash(item.scenePath)
        return entry
    }

    private static func verify(_ item: SceneFile.Output, variant: Variant?, renderer: Renderer, store: GoldenStore, mode: RecordMode, tolerance: Tolerance,
                               audit: (session: AuditSession, box: FindingsBox)? = nil, layoutText: Bool = false) -> ReportEntry {
        func entry(_ status: SnapshotResult.Status, _ message: String) -> ReportEntry {
            ReportEntry(scene: item.scenePath, variant: item.label, golden: item.golden, status: status, message: message)
        }
        guard let scene = variant?.scene else { return entry(.failed, item.error ?? "\(item.scenePath): the scene does not decode") }
        // The same strategies as assertSnapshot's: a PNG golden by pixels, an SVG or PDF one by its pixels drawn back.
        func check<Format>(_ strategy: Snapshotting<Scene, Format>) -> ReportEntry {
            let artifact: Format
            do { artifact = try strategy.snapshot(scene) } catch {
                return entry(.failed, "rendering failed: " + ((error as? RenderError).map(item.describe) ?? "\(error)"))
            }
            let r = store.verify(artifact, as: strategy.diffing, golden: item.golden, name: item.artifactName, mode: mode, tolerance: tolerance)
            if let audit, artifact is RecordedImage {
                // The overlay's screen is a PNG this check wrote or read already: the golden the render
                // passed against (or was recorded as), or the failure's actual image.
                let png: String? = switch r.status {
                case .passed, .recorded: item.golden
                case .failed: r.artifacts?.actual
                }
                audit.box.writeOverlay(audit.session, screen: png, item: item)
            }
            var e = ReportEntry(scene: item.scenePath, variant: item.label, golden: item.golden, status: r.status, message: r.message,
                                comparison: r.comparison, artifacts: r.artifacts)
            if layoutText, let recorded = artifact as? RecordedImage { e = Self.checkLayoutText(recorded, of: item, entry: e, store: store, mode: mode) }
            return e
        }
        var e: ReportEntry
        if let format = ImageFormat(path: item.golden), format != .png {
            // An SVG or PDF golden has no pixels of its own: the audit takes a raster render of its own.
            if let audit {
                _ = try? AuditSupport.strategy(renderer: renderer, session: audit.session, item: item, box: audit.box).snapshot(scene)
                audit.box.writeOverlay(audit.session, screen: nil, item: item)
            }
            e = check(.document(format, renderer: renderer))
        } else if let audit {
            e = check(AuditSupport.strategy(renderer: renderer, session: audit.session, item: item, box: audit.box))
        } else {
            e = check(.recordedImage(renderer: renderer))
        }
        if scene.accessibilitySnapshot { e = checkAccessibility(scene, of: item, entry: e, renderer: renderer, store: store, mode: mode, tolerance: tolerance) }
        return e
    }

    /// Checks (or records) the accessibility snapshot beside the golden (`NAME.accessibility.png`)
    /// of a scene that asks for one, joined with the image's outcome as the layout text is.
    static func checkAccessibility(_ scene: Scene, of item: SceneFile.Output, entry: ReportEntry, renderer: Renderer, store: GoldenStore,
                                   mode: RecordMode, tolerance: Tolerance) -> ReportEntry {
        let path = SceneFile.accessibilityGolden(of: item.golden)
        let strategy = Snapshotting<Scene, Bitmap>.accessibility(renderer: renderer)
        let image: Bitmap
        do { image = try strategy.snapshot(scene) } catch {
            var e = entry
            e.status = .failed
            e.message = "the accessibility snapshot failed: " + ((error as? RenderError).map(item.describe) ?? "\(error)")
            return e
        }
        let r = store.verify(image, as: strategy.diffing, golden: path, name: item.artifactName + ".accessibility", mode: mode, tolerance: tolerance)
        var e = joined(entry, r, what: "Accessibility snapshot")
        // What the entry's artifacts stand for is the accessibility golden when the image passed:
        // `tintype review` approves them onto it, not onto the screen's golden.
        if entry.status == .passed && r.status != .passed { e.golden = path }
        return e
    }

    /// The layout text beside a PNG golden (`NAME.layout.txt`), as `--layout-records text` keeps it.
    static func layoutTextPath(_ golden: String) -> String { String(golden.dropLast(4)) + ".layout.txt" }

    /// Checks (or records, as `mode` says) the record's text beside the golden, and joins the
    /// outcome with the image's: the image's failure comes first; a text that differs fails a
    /// render whose pixels passed; a text recorded makes the entry recorded.
    static func checkLayoutText(_ image: RecordedImage, of item: SceneFile.Output, entry: ReportEntry, store: GoldenStore, mode: RecordMode) -> ReportEntry {
        let path = layoutTextPath(item.golden)
        let r = store.verify(image.record.tree(), as: .lines, golden: path, name: item.artifactName + ".layout", mode: mode)
        return joined(entry, r, what: "Layout text")
    }

    /// The outcome of a check of a second golden beside a render's joined with the render's: the
    /// image's failure comes first; a second golden that differs fails a render whose pixels
    /// passed; one recorded makes the entry recorded.
    static func joined(_ entry: ReportEntry, _ r: SnapshotResult, what: String) -> ReportEntry {
        var e = entry
        switch (entry.status, r.status) {
        case (_, .passed): break
        case (.failed, _): e.message += "\n\(what): " + r.message
        case (.passed, .failed):
            e.status = .failed
            e.message = r.message
            e.artifacts = r.artifacts
        case (.passed, .recorded): e.status = .recorded; e.message = r.message
        case (.recorded, _): e.message += " " + r.message
        }
        return e
    }

    /// Goldens no scene produces: images Tintype wrote as goldens (GoldenMarks: a stamped PNG, a
    /// PDF it created) that are neither a golden of a scene (one per variant of a scene with
    /// variants) nor an image a scene, an included file or an SVG uses. Any other file (an icon
    /// source, a diagram, an SVG) is never stale. While a scene fails to decode, the images it uses
    /// cannot be known, so nothing is listed or removed.
    func runStale() -> Int32 {
        let files = sceneFiles()
        let broken = files.filter { $0.scene == nil }
        if !broken.isEmpty {
            for file in broken { writeStderr("Error: \(file.error ?? file.path)") }
            let what = prune ? "--prune removes nothing" : "--stale lists nothing"
            writeStderr("Error: \(what) while a scene fails to decode (\(broken.count) of them): the images it uses cannot be known; fix them, then run it again")
            return ExitCode.failure
        }
        let stale = staleGoldens(files)
        for png in stale {
            if prune {
                do { try FileManager.default.removeItem(atPath: png); print("Removed \(png)") } catch {
                    writeStderr("Error: cannot remove \(png): \(error.localizedDescription)")
                    return ExitCode.failure
                }
            } else {
                print(png)
            }
        }
        if stale.isEmpty { print("No stale goldens.") } else if !prune {
            print("\(stale.count) stale golden\(stale.count == 1 ? "" : "s"); remove them with 'tintype test --prune'.")
        }
        return ExitCode.success
    }

    /// The goldens under the run's folders that no scene of `files` (all decoded) writes or uses.
    func staleGoldens(_ files: [SceneFile]) -> [String] {
        var used = Set<String>()
        var stale: [String] = []
        for file in files {
            used.formUnion(file.goldens)
            if let scene = file.scene { used.formUnion(scene.imageFiles) }
        }
        var candidates: [String] = []
        for dir in directories {
            if StoryboardFiles.isStoryboard(dir) {
                // A storyboard's own goldens: Main.SCENE.png beside it.
                let folder = (dir as NSString).deletingLastPathComponent
                let prefix = ((dir as NSString).lastPathComponent as NSString).deletingPathExtension + "."
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
                candidates += names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".png") }.sorted()
                    .map { folder.isEmpty ? $0 : (folder as NSString).appendingPathComponent($0) }
                continue
            }
            let root = dir.hasSuffix("/") ? String(dir.dropLast()) : dir
            for svg in Self.files(under: root, ext: ".svg") { used.formUnion(Self.references(ofSVG: root + "/" + svg)) }
            candidates += (Self.files(under: root, ext: ".png") + Self.files(under: root, ext: ".pdf")).map { root + "/" + $0 }
        }
        for path in candidates where !used.contains(URL(fileURLWithPath: path).standardizedFileURL.path) {
            guard !files.contains(where: { $0.owns(path) }) && GoldenMarks.isTintypeGolden(path) else { continue }
            stale.append(path)
            // The layout text `--layout-records text` kept beside it goes with it, when it is one.
            if path.hasSuffix(".png"), Self.isLayoutText(Self.layoutTextPath(path)) { stale.append(Self.layoutTextPath(path)) }
        }
        return stale
    }

    /// Whether `path` is a layout text as Tintype writes it (it begins with the traits line).
    static func isLayoutText(_ path: String) -> Bool { readHead(path, count: 7) == Array("traits ".utf8) }

    /// The files an SVG refers to (`href`, `xlink:href`, CSS `url(...)`), standardized; fragments,
    /// `data:` and other URLs are not files.
    static func references(ofSVG path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path), data.count <= 64 << 20 else { return [] }
        let text = String(decoding: data, as: UTF8.self)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        var out: [String] = []
        for pattern in [#"href\s*=\s*"([^"]*)""#, #"href\s*=\s*'([^']*)'"#, #"url\(\s*["']?([^"')]+)"#] {
            guard let regex = try? NSRegularExpression(pattern: pattern) else { continue }
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 1), in: text) else { continue }
                var ref = String(text[range]).trimmingCharacters(in: .whitespaces)
                if ref.hasPrefix("file://") { ref = String(ref.dropFirst(7)) }
                if ref.isEmpty || ref.hasPrefix("#") || ref.hasPrefix("data:") || ref.contains("://") { continue }
                if let hash = ref.firstIndex(of: "#") { ref = String(ref[..<hash]) }
                let decoded = ref.removingPercentEncoding ?? ref
                out.append(URL(fileURLWithPath: decoded, relativeTo: folder).standardizedFileURL.path)
            }
        }
        return out
    }
}



