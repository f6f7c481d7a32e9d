// Why one results type: the JSON reporter, a shard's result bundle and `tintype report merge` all
// read and write the same document, so a merged report knows exactly what each shard knew. Paths in
// a bundle are relative to the bundle, so the folder can be uploaded, downloaded elsewhere and merged.
import Foundation
import TintypeModel
import TintypeRender

/// The outcome of one `tintype test` run (or of several merged), as tools read it.
///
/// ```swift
/// let results = RunResults(tool: "0.2.0", shard: nil, entries: entries.map { RunResults.Entry($0) })
/// try results.write(to: "bundle/results.json")
/// ```
public struct RunResults: Codable, Sendable, Equatable {
    /// The document's format; a reader refuses a newer one.
    public var format = 1
    /// The version of tintype that wrote it.
    public var tool: String
    /// The shard this run checked (1-based), if it was one.
    public var shard: Shard?
    /// The record mode the run compared in (`never`, `missing`, `failed`, `all`); in a merged
    /// document, set only when every shard ran in the same one. Absent in older documents.
    public var recordMode: String?
    public var counts: Counts
    public var entries: [Entry]
    /// What `tintype review` needs beyond the entries: the goldens no scene writes any more. Set
    /// by `tintype test` (absent from merged documents and from those of older versions).
    public var review: Review?

    public struct Review: Codable, Sendable, Equatable {
        /// Goldens Tintype recorded that no scene of the run's folders writes or uses.
        public var stale: [StaleGolden]
        public init(stale: [StaleGolden]) { self.stale = stale }
    }

    public struct StaleGolden: Codable, Sendable, Equatable {
        public var path: String
        public var sha256: String
        public init(path: String, sha256: String) { self.path = path; self.sha256 = sha256 }
    }

    public struct Shard: Codable, Sendable, Equatable {
        public var index: Int
        public var count: Int
        public init(index: Int, count: Int) { self.index = index; self.count = count }
    }

    public struct Counts: Codable, Sendable, Equatable {
        public var passed = 0, failed = 0, recorded = 0, skipped = 0
        public init() {}
    }

    /// One scene (one variant of it), with what the HTML report and JUnit need.
    public struct Entry: Codable, Sendable, Equatable {
        public var scene: String
        /// The variant's varying traits (`iPhone SE, AX3, RTL`); nil for a scene that renders once.
        public var variant: String?
        public var golden: String
        public var status: SnapshotResult.Status
        public var message: String
        /// Seconds spent rendering and comparing.
        public var duration: Double?
        public var differentPixels: Int?
        /// Pixels whose bytes changed at all, also in a render that passed within tolerance.
        public var changedPixels: Int?
        public var totalPixels: Int?
        /// The rest of the comparison, so a merged report shows the same numbers as the shard's:
        /// the image's size, the anti-aliased pixels, the changed area ([x, y, width, height]) and the verdict.
        public var width: Int?
        public var height: Int?
        public var antialiasedPixels: Int?
        public var changedArea: [Int]?
        public var verdict: String?
        public var expected: String?
        public var actual: String?
        public var diff: String?
        public var strip: String?
        /// The varying traits one by one (`[["devices", "iPhone SE"], ["contentSizeCategories", "AX3"]]`),
        /// so a merged report still lays variants out in a grid; nil for a scene that renders once.
        public var traits: [[String]]?
        /// The audit's findings on this variant (those its baseline does not hold); nil when none.
        public var findings: [Finding]?
        /// Findings the audit baseline holds; nil when none.
        public var knownFindings: Int?
        /// The screen with the findings outlined.
        public var auditOverlay: String?
        /// SHA-256 (hex) of the golden as the run left it (nil: none) and of the scene file.
        public var goldenSHA256: String?
        public var sceneSHA256: String?

        public init(_ e: ReportEntry, duration: Double? = nil) {
            scene = e.scene; variant = e.variant; golden = e.golden; status = e.status; message = e.message; self.duration = duration
            traits = e.traits.isEmpty ? nil : e.traits.map { [$0.dimension.rawValue, $0.label] }
            if let c = e.comparison, c.sizeMismatch == nil {
                differentPixels = c.differentPixels; changedPixels = c.changedPixels; totalPixels = c.totalPixels
                width = c.width; height = c.height; antialiasedPixels = c.antialiasedPixels; verdict = c.verdict.rawValue
                changedArea = c.changedArea.map { [$0.x, $0.y, $0.width, $0.height] }
            }
            expected = e.artifacts?.expected; actual = e.artifacts?.actual; diff = e.artifacts?.diff; strip = e.artifacts?.strip
            findings = e.findings.isEmpty ? nil : e.findings.map(Finding.init)
            knownFindings = e.knownFindings == 0 ? nil : e.knownFindings
            auditOverlay = e.auditOverlay
            goldenSHA256 = e.goldenSHA256; sceneSHA256 = e.sceneSHA256
        }

        /// Back to a report entry, with its comparison when the document carries one whole.
        public var reportEntry: ReportEntry {
            let artifacts = actual.map { Artifacts(expected: expected, actual: $0, diff: diff, strip: strip) }
            var entry = ReportEntry(scene: scene, variant: variant, golden: golden, status: status, message: message, artifacts: artifacts)
            if let width, let height, let differentPixels, let verdict = verdict.flatMap(Comparison.Verdict.init(rawValue:)) {
                let area = changedArea.flatMap { $0.count == 4 ? Comparison.Area(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) : nil }
                entry.comparison = Comparison(verdict: verdict, width: width, height: height, differentPixels: differentPixels,
                                              antialiasedPixels: antialiasedPixels ?? 0, changedPixels: changedPixels ?? 0, changedArea: area)
            }
            entry.traits = (traits ?? []).compactMap { pair in
                guard pair.count == 2, let d = TraitDimension(rawValue: pair[0]) else { return nil }
                return (d, pair[1])
            }
            entry.findings = (findings ?? []).compactMap { $0.finding(scene: scene, variant: variant) }
            entry.knownFindings = knownFindings ?? 0
            entry.auditOverlay = auditOverlay
            entry.goldenSHA256 = goldenSHA256; entry.sceneSHA256 = sceneSHA256
            return entry
        }

        /// The entry with every artifact path passed through `f`.
        func mapPaths(_ f: (String) -> String) -> Entry {
            var e = self
            e.expected = expected.map(f); e.actual = actual.map(f); e.diff = diff.map(f); e.strip = strip.map(f)
            e.auditOverlay = auditOverlay.map(f)
            return e
        }
    }

    public init(tool: String, shard: Shard?, entries: [Entry], skipped: Int = 0, recordMode: RecordMode? = nil) {
        self.tool = tool; self.shard = shard; self.entries = entries; self.recordMode = recordMode?.rawValue
        counts = Counts()
        counts.skipped = skipped
        for e in entries {
            switch e.status {
            case .passed: counts.passed += 1
            case .failed: counts.failed += 1
            case .recorded: counts.recorded += 1
            }
        }
    }

    /// Pretty, key-sorted JSON with a final newline.
    public func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        return Array((try? encoder.encode(self)) ?? Data()) + [0x0A]
    }

    public static func decode(_ bytes: [UInt8], file: String) throws(SnapshotError) -> RunResults {
        let results: RunResults
        do { results = try JSONDecoder().decode(RunResults.self, from: Data(bytes)) } catch {
            throw SnapshotError("\(file) is not a Tintype results file: \(error)")
        }
        guard results.format <= 1 else {
            throw SnapshotError("\(file) has results format \(results.format); this tintype reads format 1 (upgrade it)")
        }
        return results
    }
}

/// A shard's result bundle: a folder with `results.json` and the run's artifacts under
/// `artifacts/`, every path in the JSON relative to the folder.
public enum ResultBundle {
    public static let resultsFile = "results.json"

    /// Writes `results` into `directory` (created if missing): artifacts that lie outside the
    /// bundle are copied in, and every artifact path becomes relative to the bundle.
    public static func write(_ results: RunResults, to directory: String) throws(SnapshotError) {
        let fm = FileManager.default
        do { try fm.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw SnapshotError("cannot create the bundle folder \(directory): \(error.localizedDescription)")
        }
        let root = URL(fileURLWithPath: directory).standardizedFileURL.path + "/"
        var copied: [String: String] = [:]
        var failure: SnapshotError?
        var out = results
        out.entries = results.entries.map { entry in
            entry.mapPaths { path in
                let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
                if absolute.hasPrefix(root) { return String(absolute.dropFirst(root.count)) }
                if let done = copied[absolute] { return done }
                // Outside the bundle (--artifacts elsewhere): copy it in, under its own name.
                let relative = "artifacts/" + ReportSlug.make(entry.scene) + "/" + (path as NSString).lastPathComponent
                do {
                    try fm.createDirectory(atPath: ((root + relative) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                    guard let data = fm.contents(atPath: path) else { return path }
                    try AtomicFile.write(Array(data), to: root + relative)
                } catch {
                    failure = SnapshotError("cannot copy \(path) into the bundle: \(error)")
                }
                copied[absolute] = relative
                return relative
            }
        }
        if let failure { throw failure }
        do { try AtomicFile.write(out.encoded(), to: root + resultsFile) } catch {
            throw SnapshotError("cannot write \(root + resultsFile): \(error.message)")
        }
    }

    /// Every bundle under `directory` (any folder holding a results.json), sorted by path.
    public static func find(under directory: String) -> [String] {
        var found: [String] = []
        if FileManager.default.fileExists(atPath: directory + "/" + resultsFile) { found.append(directory) }
        if let e = FileManager.default.enumerator(atPath: directory) {
            for case let relative as String in e where (relative as NSString).lastPathComponent == resultsFile && relative != resultsFile {
                found.append(directory + "/" + (relative as NSString).deletingLastPathComponent)
            }
        }
        return found.sorted()
    }

    /// Reads a bundle; its artifact paths come back as paths that work from the current folder.
    public static func read(_ bundle: String) throws(SnapshotError) -> RunResults {
        let file = bundle + "/" + resultsFile
        guard let data = FileManager.default.contents(atPath: file) else { throw SnapshotError("cannot read \(file)") }
        var results = try RunResults.decode(Array(data), file: file)
        // Every artifact lies inside the bundle: a results.json naming any other file (an absolute
        // path, a way out with .., a symbolic link leading out) is refused, and nothing of that
        // file is read or quoted.
        for e in results.entries {
            for (role, path) in [("expected", e.expected), ("actual", e.actual), ("diff", e.diff), ("strip", e.strip)] {
                guard let path, let how = FilePaths.escape(of: path, inside: bundle) else { continue }
                throw SnapshotError("\(file): the \(role) image of \(e.scene) lies outside the bundle (\(how)); report merge reads only files inside its bundles")
            }
        }
        results.entries = results.entries.map { $0.mapPaths { bundle + "/" + $0 } }
        return results
    }

    /// Joins bundles into one result: entries in scene order, counts added up, no shard. The same
    /// scene in two bundles is an error (two shards of different splits were mixed).
    public static func merge(_ parts: [(bundle: String, results: RunResults)]) throws(SnapshotError) -> RunResults {
        var seen: [String: String] = [:]
        var entries: [RunResults.Entry] = []
        for (bundle, results) in parts {
            for e in results.entries {
                let key = e.golden
                if let other = seen[key] {
                    throw SnapshotError("\(e.scene) (golden \(e.golden)) is in both \(other) and \(bundle): were bundles of different runs mixed?")
                }
                seen[key] = bundle
                entries.append(e)
            }
        }
        entries.sort { ($0.scene, $0.golden) < ($1.scene, $1.golden) }
        // Each shard counts the others' scenes as skipped; after merging only what no shard ran is.
        let total = parts.map { $0.results.entries.count + $0.results.counts.skipped }.max() ?? 0
        var merged = RunResults(tool: parts.first?.results.tool ?? "", shard: nil, entries: entries, skipped: max(0, total - entries.count))
        let modes = Set(parts.map { $0.results.recordMode ?? "" })
        merged.recordMode = modes.count == 1 && modes.first != "" ? modes.first : nil
        return merged
    }
}

extension SnapshotResult.Status: Codable {}

extension RunResults {
    /// An audit finding as the results file carries it (the scene and variant are the entry's).
    public struct Finding: Codable, Sendable, Equatable {
        public var rule: String
        public var severity: String
        public var path: String
        public var location: String?
        public var message: String
        public var numbers: [String: Double]?
        /// x, y, width, height in points.
        public var rect: [Double]?
        public var text: String?

        public init(_ f: AuditFinding) {
            rule = f.rule.id; severity = f.severity.rawValue; path = f.path; location = f.location; message = f.message
            numbers = f.numbers.isEmpty ? nil : f.numbers
            rect = f.rect.map { [$0.minX, $0.minY, $0.width, $0.height] }
            text = f.subject
        }

        func finding(scene: String, variant: String?) -> AuditFinding? {
            guard let r = AuditRule(id: rule) else { return nil }
            return AuditFinding(rule: r, scene: scene, variant: variant, path: path, location: location, message: message,
                                numbers: numbers ?? [:], rect: rect.flatMap { $0.count == 4 ? Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) : nil },
                                subject: text)
        }
    }
}
