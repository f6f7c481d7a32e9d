import Foundation
import TintypeModel
import TintypeRender
import TintypeSnapshot

/// What `tintype audit` and `tintype test --audit` share: suite files, the one observed render a
/// variant gets, the baseline, and the findings printed.
enum AuditSupport {
    /// The suite files (`tintype-audit.json`) at the top of the folders given; an error names the
    /// file, line:column, path and value.
    static func suites(in folders: [String]) throws(SceneError) -> [(folder: String, settings: AuditSettings)] {
        var out: [(String, AuditSettings)] = []
        for dir in folders {
            let root = dir.hasSuffix("/") ? String(dir.dropLast()) : dir
            let file = root + "/" + AuditSettings.suiteFileName
            guard FileManager.default.fileExists(atPath: file) else { continue }
            out.append((root, try AuditSettings.load(path: file)))
        }
        return out
    }

    /// The scenes whose variants differ in content size category: the only ones `finish()` needs
    /// a render of to outline a `dynamic-type` finding.
    static func sizeVaryingScenes(_ files: [SceneFile]) -> Set<String> {
        Set(files.filter { Set($0.outputs.compactMap { $0.plan?.traits.contentSizeCategory }).count > 1 }.map(\.path))
    }

    /// The variant rendered once, observed: the bitmap a golden is compared with, and the audit's
    /// findings from the same render (written into `box`).
    static func strategy(renderer: Renderer, session: AuditSession, item: SceneFile.Output, box: FindingsBox) -> Snapshotting<Scene, RecordedImage> {
        Snapshotting(pathExtension: "png", diffing: .recordedPNG) { scene in
            let (bitmap, list, observation) = try renderer.renderObserved(scene)
            let input = AuditInput(scene: scene, list: list, observation: observation, sceneName: item.scenePath, variant: item.label)
            box.set(session.audit(input, artifactName: item.artifactName), bitmap: bitmap, scale: input.list.scale)
            return RecordedImage(bitmap: bitmap, record: LayoutRecord(scene: scene, list: list, observation: observation), file: scene.source.file)
        }
    }

    /// Adds the findings only a comparison of variants gives to their entries, applies the baseline
    /// (recording it when it is missing or `update` is set), and prints every finding left. Returns
    /// whether findings fail the run (errors or warnings not in the baseline), or nil after an
    /// error reading or writing the baseline (printed).
    static func finish(_ entries: inout [ReportEntry], session: AuditSession, baseline path: String?, update: Bool,
                       say: (String) -> Void) -> Bool? {
        for f in session.finish() {
            if let i = entries.firstIndex(where: { $0.scene == f.scene && $0.variant == f.variant }) {
                entries[i].findings.append(f)
                if let o = session.overlay(scene: f.scene, variant: f.variant) { entries[i].auditOverlay = o }
            }
        }
        if let path {
            let all = entries.flatMap(\.findings)
            let exists = FileManager.default.fileExists(atPath: path)
            var previous: AuditBaseline?
            if exists {
                do { previous = try AuditBaseline.load(path: path) } catch {
                    if !update { writeStderr("Error: \(error)"); return nil }
                }
            }
            if !exists || update {
                let b = AuditBaseline(findings: all, previous: previous)
                do { try AtomicFile.write(Array(b.encoded().utf8), to: path) } catch {
                    writeStderr("Error: cannot write the audit baseline \(path): \(error.message)"); return nil
                }
                say("Audit baseline: recorded \(all.count) \(all.count == 1 ? "finding" : "findings") in \(path)")
                previous = b
            }
            if let b = previous {
                for i in entries.indices {
                    let (new, known) = b.split(entries[i].findings)
                    entries[i].findings = new
                    entries[i].knownFindings = known.count
                }
            }
        }
        var counts: [AuditSeverity: Int] = [:]
        var variants = 0
        for e in entries where !e.findings.isEmpty {
            variants += 1
            say("AUDIT \(e.displayName): \(e.findings.count) \(e.findings.count == 1 ? "finding" : "findings")" + (e.auditOverlay.map { "  overlay: \($0)" } ?? ""))
            for f in e.findings {
                say("  \(f.number.map { "\($0)." } ?? "-") \(f.line)")
                counts[f.severity, default: 0] += 1
            }
        }
        let known = entries.map(\.knownFindings).reduce(0, +)
        let parts = [(AuditSeverity.error, "error"), (.warning, "warning"), (.info, "note")].map { s, word in
            let n = counts[s] ?? 0
            return "\(n) \(n == 1 ? word : word + "s")"
        }
        say("Audit: \(parts.joined(separator: ", ")) in \(variants) of \(entries.count) variants" + (known > 0 ? " (\(known) in the baseline)" : ""))
        return (counts[.error] ?? 0) + (counts[.warning] ?? 0) > 0
    }
}

/// Where a variant's findings and its render wait between the render (inside a strategy) and its
/// report entry, and its overlay once written.
final class FindingsBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var findings: [AuditFinding] = []
    private(set) var bitmap: Bitmap?
    private(set) var scale = 1.0
    private(set) var overlay: String?
    func set(_ f: [AuditFinding], bitmap b: Bitmap, scale s: Double) { lock.withLock { findings = f; bitmap = b; scale = s } }

    /// Writes the variant's overlay over `screen` (nil: the render itself, encoded), once its check
    /// is done, and lets the render go.
    func writeOverlay(_ session: AuditSession, screen: String?, item: SceneFile.Output) {
        guard let bitmap = lock.withLock({ self.bitmap }) else { return }
        let o = session.writeOverlay(findings, screen: screen.map { .png($0) } ?? .bitmap(bitmap), scale: scale, scene: item.scenePath,
                                     variant: item.label, artifactName: item.artifactName)
        lock.withLock { overlay = o; self.bitmap = nil }
    }
}
