/// One scene's line in a test run, as the HTML report shows it.
public struct ReportEntry: Sendable {
    /// The scene file as given on the command line (`Snapshots/Basics/alpha.json`).
    public var scene: String
    /// The golden PNG's path.
    public var golden: String
    public var status: SnapshotResult.Status
    public var message: String
    public var comparison: Comparison?
    public var artifacts: Artifacts?

    public init(scene: String, golden: String, status: SnapshotResult.Status, message: String, comparison: Comparison? = nil, artifacts: Artifacts? = nil) {
        self.scene = scene; self.golden = golden; self.status = status; self.message = message
        self.comparison = comparison; self.artifacts = artifacts
    }
}
