// Why this module: tests written in Swift check scenes the same way `tintype test` does, failing at
// the caller's line under Swift Testing or XCTest. It is a module of its own so that the command
// line never links a test framework.
import Foundation
import Testing
import TintypeModel
import TintypeRender
import TintypeSnapshot
import XCTest

/// What every assertion shares.
public enum SnapshotDefaults {
    /// One renderer shared by every assertion, so images and fonts load once (the strategies' own).
    public static var renderer: Renderer { SnapshotRenderer.shared }
}

/// Renders `scene` and checks it against its golden PNG, recording the golden when the record mode
/// says so (`record:`, else `withSnapshotTesting`'s, else `TINTYPE_RECORD`, else `never` on CI and
/// `missing` elsewhere). A scene with `variants` (or `devices`) is checked once per variant, each
/// against its own golden named by the traits that vary, as `tintype test` names them.
///
/// ```swift
/// @Test func greeting() throws {
///     let scene = Scene(device: .iPhone8) { View.label("Hello", frame: Rect(x: 16, y: 40, width: 343, height: 30)) }
///     assertSnapshot(of: scene, named: "greeting")
/// }
/// ```
/// The golden is `__Snapshots__/<TestFile>/greeting.png` beside the test file (for a variant,
/// `greeting.iphone-se.ax3.png`). An unnamed snapshot is named after its test function and numbered
/// within its test case (`greeting.1`); a case of a parameterized test adds its arguments
/// (`greeting(iphone-se,ax3).1`), so names never depend on the order tests run in. A failure is
/// reported at the caller's line, with the artifacts' paths and how to accept the change.
public func assertSnapshot(
    of scene: Scene,
    named name: String? = nil,
    record: RecordMode? = nil,
    tolerance: Tolerance? = nil,
    snapshotDirectory: String? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, function: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    assertSnapshot(of: scene, as: .recordedImage, named: name, record: record, tolerance: tolerance, snapshotDirectory: snapshotDirectory,
                   fileID: fileID, filePath: filePath, function: function, line: line, column: column)
}

/// Checks `scene` as `strategy` makes and compares it: `.recordedImage` (a PNG carrying its layout
/// record, whose failures say what changed; the default), `.image` (a PNG alone), `.svg` and `.pdf`
/// (compared by their pixels drawn back), `.layout` (the display list as text, compared by lines),
/// or a strategy of your own. Every variant the scene declares is checked against its own golden,
/// `<name><variant suffix>.<extension>`.
///
/// ```swift
/// assertSnapshot(of: settings, as: .layout)   // __Snapshots__/SettingsTests/settings.txt
/// ```
public func assertSnapshot<Format>(
    of scene: Scene,
    as strategy: Snapshotting<Scene, Format>,
    named name: String? = nil,
    record: RecordMode? = nil,
    tolerance: Tolerance? = nil,
    snapshotDirectory: String? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, function: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    let location = Location(fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    do { try scene.validate() } catch {
        location.fail("The scene is not valid (a scene file with the same values would not decode):\n\(error)")
        return
    }
    let renders: [Variant]
    do { renders = try scene.expandVariants() } catch {
        location.fail("The scene's variants are wrong: \(error)")
        return
    }
    let snapshotName = name ?? SnapshotCounter.name(function: function, filePath: "\(filePath)")
    // Variants render in parallel; their results are reported in the matrix's order.
    let artifacts = concurrentMap(count: renders.count) { i in Result { try strategy.snapshot(renders[i].scene) } }
    for (i, variant) in renders.enumerated() {
        switch artifacts[i] {
        case .success(let artifact):
            check(artifact, as: strategy, named: snapshotName, variant: variant, record: record, tolerance: tolerance, snapshotDirectory: snapshotDirectory, at: location)
        case .failure(let error):
            location.fail("Rendering\(variant.label.map { " the variant \($0)" } ?? "") failed: \(error)")
            let testFile = URL(fileURLWithPath: "\(location.filePath)").deletingPathExtension().lastPathComponent
            SnapshotRunReport.add(ReportEntry(scene: testFile + "/" + snapshotName, variant: variant.label,
                                              golden: snapshotName + (variant.suffix ?? "") + "." + strategy.pathExtension,
                                              status: .failed, message: "rendering failed: \(error)"))
        }
    }
}

/// Renders `scene` across `variants` (replacing any the scene declares) and checks each render
/// against its golden: `assertSnapshot(of: settings, variants: Variants(devices: [.iPhoneSE, .iPhoneX],
/// contentSizeCategories: [.large, .accessibilityExtraLarge]))` checks four goldens,
/// `settings.iphone-se.l.png` … `settings.iphone-x.ax3.png`.
public func assertSnapshot(
    of scene: Scene,
    variants: Variants,
    named name: String? = nil,
    record: RecordMode? = nil,
    tolerance: Tolerance? = nil,
    snapshotDirectory: String? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, function: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    var matrix = scene
    matrix.variants = variants
    if let first = variants.devices.first { matrix.device = first }
    assertSnapshot(of: matrix, named: name, record: record, tolerance: tolerance, snapshotDirectory: snapshotDirectory,
                   fileID: fileID, filePath: filePath, function: function, line: line, column: column)
}

/// Checks an already rendered bitmap against its golden PNG.
public func assertSnapshot(
    of bitmap: Bitmap,
    named name: String? = nil,
    record: RecordMode? = nil,
    tolerance: Tolerance? = nil,
    snapshotDirectory: String? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, function: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    assertSnapshot(of: bitmap, as: Snapshotting(pathExtension: "png", diffing: .png) { $0 }, named: name, record: record,
                   tolerance: tolerance, snapshotDirectory: snapshotDirectory,
                   fileID: fileID, filePath: filePath, function: function, line: line, column: column)
}

/// Checks any value as `strategy` makes and compares it, against the golden
/// `__Snapshots__/<TestFile>/<name>.<extension>`.
public func assertSnapshot<Value, Format>(
    of value: Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: RecordMode? = nil,
    tolerance: Tolerance? = nil,
    snapshotDirectory: String? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, function: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    let location = Location(fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    let snapshotName = name ?? SnapshotCounter.name(function: function, filePath: "\(filePath)")
    let artifact: Format
    do { artifact = try strategy.snapshot(value) } catch {
        location.fail("Making the snapshot failed: \(error)")
        return
    }
    check(artifact, as: strategy, named: snapshotName, variant: nil, record: record, tolerance: tolerance, snapshotDirectory: snapshotDirectory, at: location)
}

private func check<Value, Format>(_ artifact: Format, as strategy: Snapshotting<Value, Format>, named name: String, variant: Variant?,
                                  record: RecordMode?, tolerance: Tolerance?, snapshotDirectory: String?, at location: Location) {
    let settings = SnapshotSettings.current
    let mode: RecordMode
    do { mode = try record ?? settings.record ?? RecordMode.fromEnvironment() } catch {
        location.fail("\(error)")
        return
    }
    let file = URL(fileURLWithPath: "\(location.filePath)")
    let testFile = file.deletingPathExtension().lastPathComponent
    let folder = (snapshotDirectory ?? settings.directory).map { $0 + "/" + testFile }
        ?? file.deletingLastPathComponent().path + "/__Snapshots__/" + testFile
    // The one naming rule, as for scene files: base name, the variant's suffix, `.png`.
    let golden = SceneFile.file(base: folder + "/" + name, suffix: variant?.suffix, pathExtension: strategy.pathExtension)
    let artifactName = testFile + "/" + name + (variant?.suffix ?? "")
    let result = GoldenStore().verify(artifact, as: strategy.diffing, golden: golden, name: artifactName, mode: mode,
                                      tolerance: tolerance ?? settings.tolerance ?? .default)
    var entry = ReportEntry(scene: testFile + "/" + name, variant: variant?.label, golden: golden, status: result.status,
                            message: result.message, comparison: result.comparison, artifacts: result.artifacts)
    if let v = variant { entry.traits = v.named.compactMap { d in v.traits.label(d).map { (d, $0) } } }
    SnapshotRunReport.add(entry)
    switch result.status {
    case .passed: return
    case .recorded, .failed:
        var message = (variant?.label.map { "[\($0)] " } ?? "") + result.message
        if let a = result.artifacts {
            message += "\nactual: \(a.actual)"
            if let d = a.diff { message += "\ndiff: \(d)" }
            if let strip = a.strip { message += "\nexpected | diff | actual: \(strip)" }
        }
        if result.status == .failed && result.comparison != nil {
            message += "\nIf the change is intended, accept it with TINTYPE_RECORD=failed swift test (or record: .failed), then look at the new golden."
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

