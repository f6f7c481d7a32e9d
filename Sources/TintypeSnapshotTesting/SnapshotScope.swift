import Foundation
import Testing
import TintypeSnapshot

/// Snapshot settings for the code inside a scope, as swift-snapshot-testing's
/// `withSnapshotTesting` does: a value carried by the task, so parallel tests each see their own,
/// never a process-wide switch.
///
/// ```swift
/// @Test func profile() {
///     withSnapshotTesting(record: .failed) {
///         assertSnapshot(of: profileScene)      // re-records on a mismatch, in this test only
///     }
/// }
/// ```
public struct SnapshotSettings: Sendable {
    /// The record mode; nil falls back to `TINTYPE_RECORD`, then `never` on CI and `missing` elsewhere.
    public var record: RecordMode?
    /// Where goldens go: `<directory>/<TestFileName>/<name>.png`; nil means `__Snapshots__` beside the test file.
    public var directory: String?
    /// The comparison's tolerance; nil means exact (`Tolerance.default`).
    public var tolerance: Tolerance?

    public init(record: RecordMode? = nil, directory: String? = nil, tolerance: Tolerance? = nil) {
        self.record = record; self.directory = directory; self.tolerance = tolerance
    }

    /// The settings in force for the current task.
    @TaskLocal public static var current = SnapshotSettings()

    /// These settings with every setting `inner` gives taken from `inner`.
    func merging(_ inner: SnapshotSettings) -> SnapshotSettings {
        SnapshotSettings(record: inner.record ?? record, directory: inner.directory ?? directory, tolerance: inner.tolerance ?? tolerance)
    }
}

/// Runs `operation` with snapshot settings that apply to every assertion inside it (and to the
/// tasks it starts); settings not given keep the enclosing scope's.
public func withSnapshotTesting<R>(record: RecordMode? = nil, directory: String? = nil, tolerance: Tolerance? = nil,
                                   operation: () throws -> R) rethrows -> R {
    let settings = SnapshotSettings.current.merging(SnapshotSettings(record: record, directory: directory, tolerance: tolerance))
    return try SnapshotSettings.$current.withValue(settings) {
        try SnapshotCounter.$current.withValue(SnapshotCounter()) { try operation() }
    }
}

/// The same for asynchronous code.
public func withSnapshotTesting<R>(record: RecordMode? = nil, directory: String? = nil, tolerance: Tolerance? = nil,
                                   isolation: isolated (any Actor)? = #isolation,
                                   operation: () async throws -> R) async rethrows -> R {
    let settings = SnapshotSettings.current.merging(SnapshotSettings(record: record, directory: directory, tolerance: tolerance))
    return try await SnapshotSettings.$current.withValue(settings) {
        try await SnapshotCounter.$current.withValue(SnapshotCounter()) { try await operation() }
    }
}

/// A Swift Testing trait that applies snapshot settings to a test or a whole suite, and starts the
/// numbering of unnamed snapshots afresh for each test case.
///
/// ```swift
/// @Suite(.snapshots(record: .failed)) struct ProfileTests { ... }
/// ```
public struct SnapshotTrait: TestTrait, SuiteTrait, TestScoping {
    public var settings: SnapshotSettings
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await withSnapshotTesting(record: settings.record, directory: settings.directory, tolerance: settings.tolerance) {
            try await function()
        }
    }
}

extension Trait where Self == SnapshotTrait {
    /// Snapshot settings for this test or suite: `@Test(.snapshots(record: .failed))`.
    public static func snapshots(record: RecordMode? = nil, directory: String? = nil, tolerance: Tolerance? = nil) -> SnapshotTrait {
        SnapshotTrait(settings: SnapshotSettings(record: record, directory: directory, tolerance: tolerance))
    }
}
