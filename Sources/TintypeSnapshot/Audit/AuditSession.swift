import Foundation
import TintypeModel
import TintypeRender

/// One audit run over many variants, on many threads: audits each variant as it is rendered,
/// writes its overlay image, keeps what `dynamic-type` compares across variants, and at the end
/// gives those findings. A variant is never rendered for the audit alone: the session is handed
/// the render a test made (`AuditInput` and its bitmap).
public final class AuditSession: @unchecked Sendable {
    /// Suite files' settings by the folder they apply under.
    let suites: [(folder: String, settings: AuditSettings)]
    /// Where overlay images go (`<artifact name>.audit.svg`); nil writes none.
    let overlayDirectory: String?
    private let lock = NSLock()
    private var samples: [TextSizes] = []
    /// The scenes whose variants differ in content size category (the only ones `dynamic-type` can
    /// find anything in); nil: any scene may. Set it to keep fewer renders for `finish()`'s overlays.
    public var sizeVaryingScenes: Set<String>?
    /// The render of each group's variant with the largest content size category so far, where a
    /// `dynamic-type` finding is reported: `finish()` outlines those findings on it.
    private var kept: [String: Kept] = [:]
    private struct Kept {
        /// Given by `writeOverlay` once the variant's check is done.
        var screen: AuditOverlay.Screen?
        var scale: Double
        var artifactName: String
        var findings: [AuditFinding]
        var category: ContentSizeCategory
        var scene: String
        var variant: String?
    }
    private var overlays: [String: String] = [:]

    public init(suites: [(folder: String, settings: AuditSettings)] = [], overlayDirectory: String?) {
        self.suites = suites; self.overlayDirectory = overlayDirectory
    }

    /// The settings of the suite files over a scene file.
    public func settings(for scene: String) -> AuditSettings {
        suites.filter { scene.hasPrefix($0.folder.hasSuffix("/") ? $0.folder : $0.folder + "/") }
            .reduce(AuditSettings()) { $0.merging($1.settings) }
    }

    /// The findings of one variant, numbered. Its overlay is written once the run knows which PNG
    /// holds its pixels (`writeOverlay`).
    public func audit(_ input: AuditInput, artifactName: String) -> [AuditFinding] {
        var findings = Auditor.audit(input, settings: settings(for: input.sceneName))
        for i in findings.indices { findings[i].number = i + 1 }
        let sizes = TextSizes(input)
        lock.lock()
        samples.append(sizes)
        if overlayDirectory != nil, sizeVaryingScenes?.contains(input.sceneName) ?? true, !sizes.texts.isEmpty {
            let category = input.scene.contentSizeCategory
            if let k = kept[sizes.group], k.category.index >= category.index {} else {
                kept[sizes.group] = Kept(screen: nil, scale: input.list.scale, artifactName: artifactName, findings: findings,
                                         category: category, scene: input.sceneName, variant: input.variant)
            }
        }
        lock.unlock()
        return findings
    }

    /// Writes the overlay of a variant with findings (`<artifact name>.audit.svg`) over `screen`,
    /// and returns its path; nil when it has none, overlays are not written, or the write failed.
    /// Called for every audited variant, findings or not: a variant `finish()` may outline a
    /// `dynamic-type` finding on keeps its screen until then.
    public func writeOverlay(_ findings: [AuditFinding], screen: AuditOverlay.Screen, scale: Double, scene: String, variant: String?,
                             artifactName: String) -> String? {
        guard let overlayDirectory else { return nil }
        lock.withLock {
            for (group, k) in kept where k.scene == scene && k.variant == variant { kept[group]?.screen = screen }
        }
        guard !findings.isEmpty else { return nil }
        return write(screen, scale: scale, findings: findings, directory: overlayDirectory, artifactName: artifactName)
    }

    private func write(_ screen: AuditOverlay.Screen, scale: Double, findings: [AuditFinding], directory: String, artifactName: String) -> String? {
        let path = directory + "/" + artifactName + ".audit." + AuditOverlay.pathExtension
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try AuditOverlay.write(screen, scale: scale, findings: findings, to: path)
            return path
        } catch {
            return nil
        }
    }

    /// The findings only a comparison of variants gives (`dynamic-type`), once every variant is in,
    /// numbered after their variant's own findings and outlined with them on its overlay image
    /// (`overlay(scene:variant:)`), when overlays are written.
    public func finish() -> [AuditFinding] {
        lock.lock(); defer { lock.unlock() }
        // Variants finish in any order; compare them in a fixed one.
        let sorted = samples.sorted { ($0.sceneName, $0.variant ?? "") < ($1.sceneName, $1.variant ?? "") }
        var out: [AuditFinding] = []
        for (scene, group) in Dictionary(grouping: sorted, by: \.sceneName).sorted(by: { $0.key < $1.key }) {
            out += Auditor.dynamicType(group, settings: settings(for: scene))
        }
        guard let overlayDirectory else { return out }
        var added: [String: [Int]] = [:]
        var order: [String] = []
        for (i, f) in out.enumerated() {
            let key = f.scene + "\u{0}" + (f.variant ?? "")
            if added[key] == nil { order.append(key) }
            added[key, default: []].append(i)
        }
        for key in order {
            guard let k = kept.values.first(where: { $0.scene + "\u{0}" + ($0.variant ?? "") == key }) else { continue }
            var all = k.findings
            for i in added[key]! {
                out[i].number = all.count + 1
                all.append(out[i])
            }
            if let screen = k.screen, let path = write(screen, scale: k.scale, findings: all, directory: overlayDirectory, artifactName: k.artifactName) {
                overlays[key] = path
            }
        }
        kept = [:]
        return out
    }

    /// The overlay image `finish()` wrote for a variant with `dynamic-type` findings (its own findings outlined too).
    public func overlay(scene: String, variant: String?) -> String? {
        lock.lock(); defer { lock.unlock() }
        return overlays[scene + "\u{0}" + (variant ?? "")]
    }
}
