import Foundation

/// When a check writes its golden instead of (only) comparing.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Only compare; a missing golden fails. The default on CI.
    case never
    /// Record goldens that do not exist yet. The default elsewhere.
    case missing
    /// Record over goldens that do not match (and missing ones).
    case failed
    /// Record every golden.
    case all

    /// `TINTYPE_RECORD` when set; otherwise `never` when the `CI` variable is set (so a missing
    /// golden fails on CI), else `missing`.
    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) throws(SnapshotError) -> RecordMode {
        if let value = env["TINTYPE_RECORD"], !value.isEmpty {
            guard let mode = RecordMode(rawValue: value) else {
                throw SnapshotError("TINTYPE_RECORD is \"\(value)\"; expected one of \(allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return mode
        }
        if let ci = env["CI"], !ci.isEmpty, ci != "0", ci.lowercased() != "false" { return .never }
        return .missing
    }
}

/// An error of the snapshot layer (bad settings, unreadable files).
public struct SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
