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
        lock.lock(); samples.append(sizes); lock.unlock()
        guard !findings.isEmpty, let overlayDirectory else { return (findings, nil) }
        let path = overlayDirectory + "/" + artifactName + ".audit.png"
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try AuditOverlay.image(bitmap, scale: input.list.scale, findings: findings).writePNG(to: path)
            return (findings, path)
        } catch {
            return (findings, nil)
        }
    }

    /// The findings only a comparison of variants gives (`dynamic-type`), once every variant is in.
    public func finish() -> [AuditFinding] {
        lock.lock(); defer { lock.unlock() }
        // Variants finish in any order; compare them in a fixed one.
        let sorted = samples.sorted { ($0.sceneName, $0.variant ?? "") < ($1.sceneName, $1.variant ?? "") }
        var out: [AuditFinding] = []
        for (scene, group) in Dictionary(grouping: sorted, by: \.sceneName).sorted(by: { $0.key < $1.key }) {
            out += Auditor.dynamicType(group, settings: settings(for: scene))
        }
        return out
    }
}
