// Why this module: tests written in Swift check scenes the same way `tintype test` does, failing at
// the caller's line under Swift Testing or XCTest. It is a module of its own so that the command
// line never links a test framework.
import Foundation
import Testing
import TintypeModel
import TintypeRender
import TintypeSnapshot
import XCTest

/// Where goldens of Swift tests live, unless an assertion says otherwise.
public enum SnapshotDefaults {
    /// When set, goldens go to `<directory>/<TestFileName>/<name>.png` instead of
    /// `__Snapshots__/<TestFileName>/` beside the test file.
    nonisolated(unsafe) public static var directory: String?
    /// One renderer shared by every assertion, so images and fonts load once.
    public static let renderer = Renderer()
}

/// Renders `scene` and checks it against its golden PNG, recording the golden when the record mode
/// says so (`TINTYPE_RECORD`, or `never` on CI and `missing` elsewhere).
///
/// ```swift
/// @Test func greeting() throws {
///     let scene = Scene(device: .iPhone8) { View.label("Hello", frame: Rect(x: 16, y: 40, width: 343, height: 30)) }
///     assertSnapshot(of: scene, named: "greeting")
/// }
/// ```
/// The golden is `__Snapshots__/<TestFile>/greeting.png` beside the test file. A failure is reported
/// at the caller's line, with the artifacts' paths (expected, actual, diff, strip).
public func assertSnapshot(
    of scene: Scene,
    named name: String? = nil,
    record: RecordMode? = nil,
    tolerance: Tolerance = .default,
    snapshotDirectory: String? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, function: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    let location = Location(fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    let bitmap: Bitmap
    do { bitmap = try SnapshotDefaults.renderer.render(scene) } catch {
        location.fail("Rendering failed: \(error)")
        return
    }
    check(bitmap, named: name, record: record, tolerance: tolerance, snapshotDirectory: snapshotDirectory, at: location)
}

/// Checks an already rendered bitmap against its golden PNG.
public func assertSnapshot(
    of bitmap: Bitmap,
    named name: String? = nil,
    record: RecordMode? = nil,
    tolerance: Tolerance = .default,
    snapshotDirectory: String? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, function: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    let location = Location(fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    check(bitmap, named: name, record: record, tolerance: tolerance, snapshotDirectory: snapshotDirectory, at: location)
}

private func check(_ bitmap: Bitmap, named name: String?, record: RecordMode?, tolerance: Tolerance,
                   snapshotDirectory: String?, at location: Location) {
    let mode: RecordMode
    do { mode = try record ?? RecordMode.fromEnvironment() } catch {
        location.fail("\(error)")
        return
    }
    let file = URL(fileURLWithPath: "\(location.filePath)")
    let testFile = file.deletingPathExtension().lastPathComponent
    let folder = (snapshotDirectory ?? SnapshotDefaults.directory).map { $0 + "/" + testFile }
        ?? file.deletingLastPathComponent().path + "/__Snapshots__/" + testFile
    let snapshotName = name ?? Counter.shared.next(for: location)
    let result = GoldenStore().verify(bitmap, golden: folder + "/" + snapshotName + ".png", name: testFile + "/" + snapshotName,
                                      mode: mode, tolerance: tolerance)
    switch result.status {
    case .passed: return
    case .recorded, .failed:
        var message = result.message
        if let a = result.artifacts {
            message += "\nactual: \(a.actual)"
            if let d = a.diff { message += "\ndiff: \(d)" }
            message += "\nexpected | diff | actual: \(a.strip)"
        }
        location.fail(message)
    }
}

/// The caller's place, and how to fail there under whichever framework runs the test.
private struct Location {
    var fileID: String
    var filePath: StaticString
    var function: String
    var line: UInt
    var column: UInt

    func fail(_ message: String) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message),
                         sourceLocation: SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }
}

/// Names unnamed snapshots after their test function, numbered in call order: `greeting.1`, `greeting.2`.
private final class Counter: @unchecked Sendable {
    static let shared = Counter()
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func next(for location: Location) -> String {
        let base = location.function.prefix { $0 != "(" }
        let key = "\(location.filePath)#\(base)"
        lock.lock()
        defer { lock.unlock() }
        counts[key, default: 0] += 1
        return "\(base).\(counts[key]!)"
    }
}
