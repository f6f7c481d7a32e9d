import TintypeModel

/// One scene's line in a test run, as the HTML report shows it.
public struct ReportEntry: Sendable {
    /// The scene file as given on the command line (`Snapshots/Basics/alpha.json`).
    public var scene: String
    /// The variant's varying traits (`iPhone SE, AX3, RTL`); nil for a scene that renders once.
    public var variant: String?
    /// The golden PNG's path.
    public var golden: String
    public var status: SnapshotResult.Status
    public var message: String
    public var comparison: Comparison?
    public var artifacts: Artifacts?
    /// The varying traits one by one, in file-name order (`devices`: `iPhone SE`, …), so that the
    /// report can lay a scene's variants out in a grid; empty for a scene that renders once.
    public var traits: [(dimension: TraitDimension, label: String)] = []
    /// What the audit found on this variant that its baseline does not hold (`tintype audit`,
    /// `tintype test --audit`); empty when it was not audited or found nothing.
    public var findings: [AuditFinding] = []
    /// Findings the audit baseline holds (not shown, not failing).
    public var knownFindings = 0
    /// The screen with the findings outlined (`<name>.audit.png`), when written.
    public var auditOverlay: String?
    /// Where the scene file writes its `"root"` (the screen), for annotations of a render that
    /// differs; nil when not known or when the root comes from an included file.
    public var rootPosition: (line: Int, column: Int)?
    /// SHA-256 (hex) of the golden as the check left it, nil when there is none; and of the scene
    /// file. `tintype review` writes nothing while either differs from the files on disk.
    public var goldenSHA256: String?
    public var sceneSHA256: String?

    public init(scene: String, variant: String? = nil, golden: String, status: SnapshotResult.Status, message: String, comparison: Comparison? = nil, artifacts: Artifacts? = nil) {
        self.scene = scene; self.variant = variant; self.golden = golden; self.status = status; self.message = message
        self.comparison = comparison; self.artifacts = artifacts
    }

    /// The scene with its variant, as lines and the report name it: `settings.json [iPhone SE, AX3, RTL]`.
    public var displayName: String { variant.map { "\(scene) [\($0)]" } ?? scene }
}
