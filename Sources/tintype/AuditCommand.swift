import Foundation
import TintypeModel
import TintypeRender
import TintypeSnapshot

struct AuditCommand: Command {
    static let name = "audit"
    static let abstract = "Find truncated text, overlaps, small targets, low contrast and unsafe areas in every variant."
    static let arguments = "SCENE.json|DIR..."
    static let argumentHelp = [("SCENE.json|DIR", """
        A scene file, or a folder searched (recursively) for scene files. A
        folder's tintype-audit.json, when it has one, turns rules off for the
        scenes under it ({"off": [RULE...], "views": {"ID": [RULE...]}}).
        """)]
    static var options: [Option<Self>] { TraitOptions.options(\.overrides).map {
        $0.helping("\nAudits only the variants with that value (or every variant with it replaced).")
    } + [
        .value("--exclude", value: "PATTERN", help: """
            Leave out files and folders of a DIR matching PATTERN, as 'tintype test
            --exclude' does; repeatable.
            """) { c, v in c.exclude.append(v) },
        .value("--json", value: "PATH", help: "Write the findings as JSON results (as 'tintype test --json' writes them) to PATH.", kind: .outputFile(.results), \.json),
        .value("--junit", value: "PATH", help: "Write JUnit XML to PATH: a failing test case per variant with errors or warnings.", kind: .outputFile(.junit), \.junit),
        .value("--artifacts", value: "DIR", help: """
            Where the overlay images (DIR/audit/) and the HTML report
            (DIR/audit-report/index.html) go. Default: TINTYPE_ARTIFACTS if set,
            else .build/tintype-artifacts.
            """, kind: .outputInto, \.artifacts),
        .value("--audit-baseline", value: "FILE", help: """
            Findings FILE holds are accepted; only new ones fail. A missing FILE is
            written with today's findings.
            """, \.baseline),
        .flag("--update-audit-baseline", help: "Write the --audit-baseline FILE again with today's findings (reasons kept).", \.update),
        Watchdog.option(\.timeout),
        ProjectRoot.option(\.root),
    ] }
    static let discussion = """
        Renders every variant of each scene once and checks what was drawn: each text's lines as they
        were laid out, the pixels under it, and the frames views landed at. Rules (docs/audit/ has a
        page for each, with its severity):
          text-truncated    text ellipsized, or cut to fewer lines than it needs
          text-clipped      text cut at its frame's sides, by a clipping superview or the screen edge
          text-overlap      texts of different views over each other
          control-overlap   a control over another control or over another view's text
          tap-target        a control under 44 × 44 points (a switch's and stepper's fixed sizes excepted)
          offscreen         a control partly off screen
          text-contrast     text under WCAG 2.x AA contrast against what is drawn under it: 4.5:1, or
                            3:1 from 18 points (14 points bold); translucent layers over it included
          glyph-contrast    a template glyph under 3:1 against what is under it
          safe-area         text or a control under the status bar, notch or home indicator
          dynamic-type      a text style drawn at one size across the content sizes of the matrix
          localization-key  a localization key shown in place of its text
          untranslated      a localized text that is the development language's in another locale
          rtl-alignment     text aligned left or right, not natural, in a right-to-left layout
          projected         a note: a view drawn in perspective (transform3D), whose texts and
                            glyphs the audit does not see (its controls it does)
        A scene's "audit" object turns rules off for the scene or for views by id (a table row by
        its accessibilityIdentifier), as a suite file does. Each finding is printed with its variant, rule, severity, the view's path and the
        scene's file:line:column, and the numbers; a variant with findings gets an overlay image
        outlining each one, numbered as printed. Exit code: 0 when no error or warning is found
        (notes never fail), 1 when one is (or a scene does not decode or render), 64 for bad usage.
        """

    var inputs: [String] = []
    var exclude: [String] = []
    var overrides = TraitSet()
    var json: String?
    var junit: String?
    var artifacts: String?
    var baseline: String?
    var update = false
    var timeout = Watchdog.defaultSeconds
    /// The scenes' project (--root); nil for the default.
    var root: String?

    mutating func argument(_ value: String) throws(UsageError) { inputs.append(value) }

    func validate() throws(UsageError) {
        if inputs.isEmpty { throw UsageError(message: "missing scene file or folder", command: Self.self) }
        for p in inputs where !FileManager.default.fileExists(atPath: p) {
            throw UsageError(message: "no such file or folder \"\(p)\"", command: Self.self)
        }
        if update && baseline == nil { throw UsageError(message: "--update-audit-baseline needs --audit-baseline FILE", command: Self.self) }
    }

    func run() -> Int32 {
        Watchdog.seconds = timeout
        ProjectRoot.given = root
        var paths: [String] = []
        // The folder each scene was found in: its project, unless --root names one.
        var under: [String: String] = [:]
        var folders: [String] = []
        for p in inputs {
            var isDir: ObjCBool = false
            FileManager.default.fileExists(atPath: p, isDirectory: &isDir)
            if isDir.boolValue {
                let root = p.hasSuffix("/") ? String(p.dropLast()) : p
                folders.append(root)
                let found = SceneFiles.scenes(among: TestCommand.files(under: root, ext: ".json", exclude: exclude).map { root + "/" + $0 })
                for path in found where under[path] == nil { under[path] = root }
                paths += found
            } else {
                paths.append(p)
            }
        }
        let artifactsDirectory = artifacts ?? GoldenStore.defaultArtifactsDirectory()
        let session: AuditSession
        do { session = AuditSession(suites: try AuditSupport.suites(in: folders), overlayDirectory: artifactsDirectory + "/audit") } catch {
            writeStderr("Error: \(error)")
            return ExitCode.failure
        }
        let files = paths.map { Watchdog.read($0, overriding: overrides, under: under[$0]) }
        var broken = false
        for f in files {
            if let e = f.error { writeStderr("Error: " + e); broken = true }
            for w in f.scene?.warnings ?? [] { writeStderr("Warning: \(w)") }
        }
        // The baseline, when this run writes it, passes the guard every output passes.
        var guarded = OutputGuard(command: Self.name)
        for f in files { guarded.add(f) }
        if let problem = guarded.auditBaselineProblem(baseline, update: update) {
            Tool.printError(problem.message, usage: Self.usage, hint: problem.hint)
            return ExitCode.usage
        }
        session.sizeVaryingScenes = AuditSupport.sizeVaryingScenes(files)
        let outputs = files.flatMap(\.outputs)
        if outputs.isEmpty && !broken {
            writeStderr("Error: no scene files (*.json) in \(inputs.joined(separator: ", ")); nothing was audited.")
            return ExitCode.failure
        }
        let renderer = Renderer()
        var entries = concurrentMap(count: outputs.count) { i -> ReportEntry in
            let item = outputs[i]
            var entry = ReportEntry(scene: item.scenePath, variant: item.label, golden: item.golden, status: .passed, message: "")
            if let v = item.variant { entry.traits = v.named.compactMap { d in v.traits.label(d).map { (d, $0) } } }
            guard let scene = item.variant?.scene else {
                entry.status = .failed
                entry.message = item.error ?? "\(item.scenePath): the scene does not decode"
                return entry
            }
            let box = FindingsBox()
            do {
                _ = try Watchdog.watch("auditing \(item.displayName)") { () throws -> RecordedImage in
                    try AuditSupport.strategy(renderer: renderer, session: session, item: item, box: box).snapshot(scene)
                }
            } catch {
                entry.status = .failed
                entry.message = "rendering failed: " + ((error as? RenderError).map(item.describe) ?? "\(error)")
                return entry
            }
            box.writeOverlay(session, screen: nil, item: item)
            entry.findings = box.findings
            entry.auditOverlay = box.overlay
            return entry
        }
        for e in entries where e.status == .failed { print("FAIL \(e.displayName): \(e.message)"); broken = true }
        guard let fails = AuditSupport.finish(&entries, session: session, baseline: baseline, update: update, say: { print($0) }) else {
            return ExitCode.failure
        }
        for i in entries.indices where entries[i].status == .passed {
            let failing = entries[i].findings.filter { $0.severity != .info }.count
            entries[i].message = entries[i].findings.isEmpty ? "no findings" : "\(entries[i].findings.count) audit findings"
            if failing > 0 { entries[i].message = "\(failing) audit \(failing == 1 ? "finding fails" : "findings fail")" }
        }
        var ok = true
        let results = RunResults(tool: Tool.version, shard: nil, entries: entries.map { RunResults.Entry($0) })
        if let json { ok = write(results.encoded(), to: json, what: "JSON results") && ok }
        if let junit { ok = write(Array(JUnitReport.xml(results, name: "tintype audit").utf8), to: junit, what: "JUnit XML") && ok }
        do {
            let index = try HTMLReport.write(entries, mode: .never, to: artifactsDirectory + "/audit-report", title: "Tintype audit")
            if fails { print("Report: \(index)") }
        } catch {
            writeStderr("Error: cannot write the HTML report: \(error)")
            ok = false
        }
        return !fails && !broken && ok ? ExitCode.success : ExitCode.failure
    }

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
}
