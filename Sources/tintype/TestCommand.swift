import Foundation
import TintypeModel
import TintypeRender
import TintypeSnapshot

struct TestCommand: Command {
    static let name = "test"
    static let abstract = "Render every scene and compare it with the golden PNG beside it."
    static let usage = "Usage: tintype test [DIR...] [--record MODE] [--shard I/N] [--filter PATTERN] [--threshold T] [--max-pixels N] [--max-ratio R] [--stale | --prune] " + TraitOptions.usage
    static let help = """
        Arguments:
          DIR                   Folders searched (recursively) for scene files, *.json, each with its
                                golden beside it (name.json + name.png). Default: Snapshots.

        Options:
          --record MODE         never | missing | failed | all. Default: TINTYPE_RECORD if set, else
                                never when CI is set (a missing golden fails), else missing.
                                Recording always counts as not passed: run again to verify.
          --shard I/N           Run only part I of N (1-based), a deterministic split for CI matrices.
          --filter PATTERN      Run only scenes whose path contains PATTERN (or matches it, with * and ?).
          --threshold T         Per-pixel YIQ threshold, 0 to 1 (default 0.1; 0 is exact).
          --max-pixels N        Differing pixels allowed (default 0).
          --max-ratio R         Share of differing pixels allowed, 0 to 1 (default 0).
          --count-antialiasing  Count anti-aliased pixels as differences too.
          --artifacts DIR       Where failure artifacts and the HTML report go. Default:
                                TINTYPE_ARTIFACTS if set, else .build/tintype-artifacts.
        \(TraitOptions.help)
                                Each trait option checks only the variants that have that value
                                (the others count as skipped).
          --stale               List goldens that no scene produces, and exit.
          --prune               Remove those goldens, and exit.
          -h, --help            Show this help.

        A scene with "variants" (or "devices") is checked once per variant, against the golden named
        after the traits that vary (settings.iphone-se.ax3.rtl.png; 'tintype variants' lists them).
        Scenes and their variants render in parallel; a variant that fails to render fails alone. Each failure prints one line with its numbers and the paths of its
        artifacts (expected, actual, diff, and an expected | diff | actual strip); the HTML report is
        written to ARTIFACTS/report/index.html. The last line reads "N passed, N failed, N skipped,
        N recorded". Exit code: 0 when every scene passed, 1 otherwise, 64 for bad usage.
        """

    var directories: [String] = []
    var record: RecordMode?
    var shard: (index: Int, count: Int)?
    var filter: String?
    var tolerance = Tolerance.default
    var artifacts: String?
    var stale = false
    var prune = false
    var pick = TraitSet()

    init(arguments: [String]) throws {
        var scanner = ArgumentScanner(arguments, command: Self.self)
        while let (option, argument) = scanner.next() {
            switch option {
            case nil: directories.append(argument)
            case "--record":
                let v = try scanner.value(for: "--record")
                guard let m = RecordMode(rawValue: v) else {
                    throw UsageError(message: "--record takes never, missing, failed or all, found \"\(v)\"", command: Self.self)
                }
                record = m
            case "--shard":
                let v = try scanner.value(for: "--shard")
                let parts = v.split(separator: "/").map { Int($0) }
                guard parts.count == 2, let i = parts[0], let n = parts[1], n >= 1, i >= 1, i <= n else {
                    throw UsageError(message: "--shard takes I/N with 1 ≤ I ≤ N, found \"\(v)\"", command: Self.self)
                }
                shard = (i, n)
            case "--filter": filter = try scanner.value(for: "--filter")
            case let option? where try scanner.tolerance(option, into: &tolerance): break
            case "--artifacts": artifacts = try scanner.value(for: "--artifacts")
            case "--stale": stale = true
            case "--prune": prune = true
            case let option? where try TraitOptions.read(option, &scanner, into: &pick): break
            case let other?: throw UsageError(message: "unknown option \"\(other)\"", command: Self.self)
            }
        }
        if directories.isEmpty { directories = ["Snapshots"] }
        for dir in directories {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
                throw UsageError(message: "no such folder \"\(dir)\"", command: Self.self)
            }
        }
        if stale && prune { throw UsageError(message: "give --stale or --prune, not both", command: Self.self) }
    }

    /// The scene files under the folders, each expanded to its renders (SceneFile names them).
    func sceneFiles() -> [SceneFile] {
        var all: [SceneFile] = []
        for dir in directories {
            let root = dir.hasSuffix("/") ? String(dir.dropLast()) : dir
            for relative in Self.files(under: root, ext: ".json") {
                all.append(SceneFile(path: root + "/" + relative))
            }
        }
        return all
    }

    static func files(under root: String, ext: String) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: root) else { return [] }
        return e.compactMap { $0 as? String }.filter { $0.hasSuffix(ext) }.sorted()
    }

    /// Whether a variant has every trait value the trait options ask for.
    func picked(_ output: SceneFile.Output) -> Bool {
        guard !pick.isEmpty, let traits = output.variant?.traits else { return true }
        return TraitDimension.allCases.allSatisfy { !pick.sets($0) || pick.slug($0) == traits.slug($0) }
    }

    func matches(_ path: String) -> Bool {
        guard let filter else { return true }
        if filter.contains("*") || filter.contains("?") { return fnmatch(filter, path, 0) == 0 || fnmatch("*" + filter + "*", path, 0) == 0 }
        return path.contains(filter)
    }

    func run() -> Int32 {
        if stale || prune { return runStale() }
        let mode: RecordMode
        do { mode = try record ?? RecordMode.fromEnvironment() } catch {
            Tool.printError("\(error)", usage: Self.usage, hint: "See 'tintype help test'.")
            return ExitCode.usage
        }
        let all = sceneFiles().flatMap(\.outputs)
        var selected = all.filter { matches($0.scenePath) && picked($0) }
        if let shard { selected = selected.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element) }
        let skipped = all.count - selected.count
        let chosen = selected

        let store = GoldenStore(artifactsDirectory: artifacts ?? GoldenStore.defaultArtifactsDirectory())
        let renderer = Renderer()
        let tolerance = self.tolerance
        let slots = Slots<ReportEntry>(count: chosen.count)
        DispatchQueue.concurrentPerform(iterations: chosen.count) { i in
            let item = chosen[i]
            slots.set(i, Self.check(item, renderer: renderer, store: store, mode: mode, tolerance: tolerance))
        }
        let entries = slots.values.compactMap { $0 }
        var passed = 0, failed = 0, recorded = 0
        for e in entries {
            switch e.status {
            case .passed: passed += 1
            case .failed:
                failed += 1
                print("FAIL \(e.displayName): \(e.message)")
                if let a = e.artifacts {
                    print("     actual: \(a.actual)" + (a.diff.map { "  diff: \($0)" } ?? "") + "  strip: \(a.strip)")
                }
            case .recorded:
                recorded += 1
                print("RECORDED \(e.displayName): \(e.message)")
            }
        }
        if !entries.isEmpty {
            do {
                let index = try HTMLReport.write(entries, mode: mode, to: store.artifactsDirectory + "/report")
                if failed + recorded > 0 { print("Report: \(index)") }
            } catch {
                writeStderr("Error: cannot write the HTML report: \(error)")
            }
        }
        print("\(passed) passed, \(failed) failed, \(skipped) skipped, \(recorded) recorded")
        return failed == 0 && recorded == 0 ? ExitCode.success : ExitCode.failure
    }

    /// Renders one variant and verifies it; a variant that fails to render fails alone.
    static func check(_ item: SceneFile.Output, renderer: Renderer, store: GoldenStore, mode: RecordMode, tolerance: Tolerance) -> ReportEntry {
        func entry(_ status: SnapshotResult.Status, _ message: String) -> ReportEntry {
            ReportEntry(scene: item.scenePath, variant: item.label, golden: item.golden, status: status, message: message)
        }
        guard let scene = item.variant?.scene else { return entry(.failed, item.error ?? "\(item.scenePath): the scene does not decode") }
        let bitmap: Bitmap
        do { bitmap = try renderer.render(scene) } catch {
            return entry(.failed, "rendering failed: \(error)")
        }
        let r = store.verify(bitmap, golden: item.golden, name: item.artifactName, mode: mode, tolerance: tolerance)
        return ReportEntry(scene: item.scenePath, variant: item.label, golden: item.golden, status: r.status, message: r.message,
                           comparison: r.comparison, artifacts: r.artifacts)
    }

    /// Goldens no scene produces: PNGs that are neither a scene's golden (one per device for a
    /// scene with `devices`) nor an image a scene uses.
    func runStale() -> Int32 {
        var used = Set<String>()
        var stale: [String] = []
        let files = sceneFiles()
        for file in files {
            used.formUnion(file.goldens)
            if let scene = file.scene {
                Self.collectImages(scene, base: scene.baseDirectory ?? ".", into: &used)
            }
        }
        for dir in directories {
            let root = dir.hasSuffix("/") ? String(dir.dropLast()) : dir
            for relative in Self.files(under: root, ext: ".png") {
                let png = root + "/" + relative
                if !used.contains(URL(fileURLWithPath: png).standardizedFileURL.path) && !files.contains(where: { $0.owns(png) }) { stale.append(png) }
            }
        }
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

    /// Every image file a scene uses, wherever it sits in the tree: image views, bar and tab
    /// items, bar backgrounds, controls, cells. Found by reflection, so new kinds are covered too.
    static func collectImages(_ value: Any, base: String, into used: inout Set<String>) {
        if let source = value as? ImageSource {
            used.insert(URL(fileURLWithPath: source.resolvedPath(in: base)).standardizedFileURL.path)
            return
        }
        for child in Mirror(reflecting: value).children {
            collectImages(child.value, base: base, into: &used)
        }
    }
}

func format(_ v: Double) -> String { v.rounded() == v && abs(v) < 1e15 ? String(Int(v)) : String(v) }

/// Results written from parallel workers, read after they finish.
final class Slots<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [T?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: T) { lock.lock(); slots[i] = value; lock.unlock() }
    var values: [T?] { lock.lock(); defer { lock.unlock() }; return slots }
}
