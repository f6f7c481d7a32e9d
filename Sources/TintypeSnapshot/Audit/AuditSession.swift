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
    /// Where overlay images go (`<artifact name>.audit.png`); nil writes none.
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
        var bitmap: Bitmap
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

    /// The findings of one variant, and the path of its overlay image when it has findings and
    /// overlays are written.
    public func audit(_ input: AuditInput, bitmap: Bitmap, artifactName: String) -> (findings: [AuditFinding], overlay: String?) {
        var findings = Auditor.audit(input, settings: settings(for: input.sceneName))
        for i in findings.indices { findings[i].number = i + 1 }
        let sizes = TextSizes(input)
        lock.lock()
        samples.append(sizes)
        if overlayDirectory != nil, sizeVaryingScenes?.contains(input.sceneName) ?? true, !sizes.texts.isEmpty {
            let category = input.scene.contentSizeCategory
            if let k = kept[sizes.group], k.category.index >= category.index {} else {
                kept[sizes.group] = Kept(bitmap: bitmap, scale: input.list.scale, artifactName: artifactName, findings: findings,
                                         category: category, scene: input.sceneName, variant: input.variant)
            }
        }
        lock.unlock()
        guard !findings.isEmpty, let overlayDirectory else { return (findings, nil) }
        let path = overlayDirectory + "/" + artifactName + ".audit.png"
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try AuditOverlay.image(bitmap, scale: input.list.scale, findings: findings).writePNG(to: path, fast: true)
            return (findings, path)
        } catch {
            return (findings, nil)
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
            let path = overlayDirectory + "/" + k.artifactName + ".audit.png"
            do {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try AuditOverlay.image(k.bitmap, scale: k.scale, findings: all).writePNG(to: path, fast: true)
                overlays[key] = path
            } catch {
                continue
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
