import Foundation
import Testing
import TintypeModel
import TintypeRender
import TintypeSnapshot
import TintypeSnapshotTesting
import XCTest

/// assertSnapshot under Swift Testing: passes on a match, records an issue at the caller otherwise.
@Suite(.serialized) struct AssertSnapshotTests {
    let scene = Scene(device: .iPhoneSE, scale: 1, tintColor: .systemRed) {
        View(frame: Rect(x: 20, y: 40, width: 280, height: 120), backgroundColor: .tint, cornerRadius: 12, cornerCurve: .continuous)
    }

    @Test func recordsThenPasses() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        withKnownIssue("the first run records the golden and fails") {
            assertSnapshot(of: scene, named: "card", record: .missing, snapshotDirectory: dir)
        }
        #expect(FileManager.default.fileExists(atPath: dir + "/AssertSnapshotTests/card.png"))
        assertSnapshot(of: scene, named: "card", record: .missing, snapshotDirectory: dir)
        assertSnapshot(of: scene, named: "card", record: .never, snapshotDirectory: dir)
    }

    @Test func aMismatchIsRecordedAtTheCallersLine() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        withKnownIssue { assertSnapshot(of: scene, named: "card", record: .missing, snapshotDirectory: dir) }
        var other = scene
        other.tintColor = .systemBlue
        let line = #line + 2
        withKnownIssue {
            assertSnapshot(of: other, named: "card", record: .never, snapshotDirectory: dir)
        } matching: { issue in
            issue.sourceLocation?.line == line && "\(issue)".contains("does not match") && "\(issue)".contains(".diff.png")
        }
    }

    /// `swift test` writes the report `tintype test` writes, with every snapshot the run checked.
    @Test func theRunWritesTheHTMLReport() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        withKnownIssue { assertSnapshot(of: scene, named: "reported-card", record: .missing, snapshotDirectory: dir) }
        var other = scene
        other.tintColor = .systemBlue
        withKnownIssue { assertSnapshot(of: other, named: "reported-card", record: .never, snapshotDirectory: dir) }
        let index = try #require(try SnapshotRunReport.write(to: dir + "/report"))
        let html = try String(contentsOfFile: index, encoding: .utf8)
        #expect(html.contains("AssertSnapshotTests/reported-card"))
        #expect(html.contains("Failed"))
        let images = try FileManager.default.contentsOfDirectory(atPath: dir + "/report/images")
        #expect(!images.isEmpty, "the failure's images are copied beside the page")
    }

    @Test func missingGoldenFailsInNeverMode() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        withKnownIssue {
            assertSnapshot(of: scene, named: "absent", record: .never, snapshotDirectory: dir)
        } matching: { "\($0)".contains("No golden") }
        #expect(!FileManager.default.fileExists(atPath: dir + "/AssertSnapshotTests/absent.png"))
    }

    @Test func goldensDefaultToAFolderBesideTheTestFile() throws {
        // The default folder: __Snapshots__/<test file name>/ next to this file. Recorded in a
        // temporary copy of the path so the repository is not written to.
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
        let expected = here + "/__Snapshots__/AssertSnapshotTests/default-location.png"
        defer { try? FileManager.default.removeItem(atPath: here + "/__Snapshots__") }
        withKnownIssue { assertSnapshot(of: scene, named: "default-location", record: .missing) }
        #expect(FileManager.default.fileExists(atPath: expected))
    }
}

/// The same under XCTest.
final class AssertSnapshotXCTests: XCTestCase {
    func testPassesAgainstARecordedGolden() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = Scene(device: .iPhoneSE, scale: 1) { View(frame: Rect(x: 0, y: 0, width: 10, height: 10), backgroundColor: .tint) }
        let bitmap = try Renderer().render(scene)
        try FileManager.default.createDirectory(atPath: dir + "/AssertSnapshotTests", withIntermediateDirectories: true)
        try bitmap.writePNG(to: dir + "/AssertSnapshotTests/xc.png")
        assertSnapshot(of: scene, named: "xc", record: .never, snapshotDirectory: dir)
        assertSnapshot(of: bitmap, named: "xc", record: .never, snapshotDirectory: dir)
    }
}

/// The matrix from Swift, names that do not depend on run order, and scoped settings.
@Suite struct AssertSnapshotMatrixTests {
    let card = Scene(device: .iPhoneSE, scale: 1) {
        View(frame: Rect(x: 20, y: 40, width: 280, height: 120), backgroundColor: .tint, cornerRadius: 12)
    }

    @Test func everyDeviceAndVariantTheSceneDeclaresIsChecked() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var scene = card
        scene.devices = [.iPhoneSE, .iPhone8]
        withKnownIssue("the first run records both goldens") {
            assertSnapshot(of: scene, named: "card", record: .missing, snapshotDirectory: dir)
        }
        let folder = dir + "/AssertSnapshotTests"
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["card.iphone-8.png", "card.iphone-se.png"])
        assertSnapshot(of: scene, named: "card", record: .never, snapshotDirectory: dir)

        let matrix = Variants(contentSizeCategories: [.large, .accessibilityExtraLarge], layoutDirections: [.leftToRight, .rightToLeft])
        withKnownIssue { assertSnapshot(of: card, variants: matrix, named: "sizes", record: .missing, snapshotDirectory: dir) }
        #expect(FileManager.default.fileExists(atPath: folder + "/sizes.ax3.rtl.png"))
        assertSnapshot(of: card, variants: matrix, named: "sizes", record: .never, snapshotDirectory: dir)
        // One changed variant fails alone, named by its traits, and says how to accept the change.
        try FileManager.default.copyItem(atPath: folder + "/card.iphone-8.png", toPath: folder + "/swap.png")
        try FileManager.default.removeItem(atPath: folder + "/card.iphone-8.png")
        try FileManager.default.copyItem(atPath: folder + "/card.iphone-se.png", toPath: folder + "/card.iphone-8.png")
        final class Seen: @unchecked Sendable { let lock = NSLock(); var issues: [String] = [] }
        let seen = Seen()
        withKnownIssue {
            assertSnapshot(of: scene, named: "card", record: .never, snapshotDirectory: dir)
        } matching: { issue in seen.lock.lock(); seen.issues.append("\(issue)"); seen.lock.unlock(); return true }
        let failures = seen.issues
        #expect(failures.count == 1)
        #expect(failures.first?.contains("[iPhone 8]") == true && failures.first?.contains("TINTYPE_RECORD=failed swift test") == true)
        // A matrix that is wrong fails at the caller, as the file decoder would refuse it.
        withKnownIssue {
            assertSnapshot(of: card, variants: Variants(devices: [.iPhoneSE, .iPhoneSE]), named: "bad", snapshotDirectory: dir)
        } matching: { "\($0)".contains("variants.devices[1]: \"iPhone SE\" is listed twice") }
    }

    /// An animation checked frame by frame from Swift: one golden per time, and a failure names the frame's time.
    @Test func timesAreCheckedFrameByFrame() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var slide = Scene(device: .iPhoneSE, scale: 1) { View.of(.plain, frame: Rect(x: 0, y: 40, width: 60, height: 60), id: "box") }
        slide.root.subviews[0].backgroundColor = .color(.systemRed)
        slide.animations = [.block(view: "box", to: [(.center, .point(Point(x: 250, y: 70)))], duration: 0.3)]
        let times = Variants(times: [0, 0.15, 0.3])
        withKnownIssue { assertSnapshot(of: slide, variants: times, named: "slide", record: .missing, snapshotDirectory: dir) }
        let folder = dir + "/AssertSnapshotTests"
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["slide@0.00s.png", "slide@0.15s.png", "slide@0.30s.png"])
        assertSnapshot(of: slide, variants: times, named: "slide", record: .never, snapshotDirectory: dir)
        // The middle frame replaced by the first: that frame alone fails, named by its time.
        try FileManager.default.removeItem(atPath: folder + "/slide@0.15s.png")
        try FileManager.default.copyItem(atPath: folder + "/slide@0.00s.png", toPath: folder + "/slide@0.15s.png")
        final class Seen: @unchecked Sendable { let lock = NSLock(); var issues: [String] = [] }
        let seen = Seen()
        withKnownIssue {
            assertSnapshot(of: slide, variants: times, named: "slide", record: .never, snapshotDirectory: dir)
        } matching: { issue in seen.lock.lock(); seen.issues.append("\(issue)"); seen.lock.unlock(); return true }
        #expect(seen.issues.count == 1 && seen.issues.first?.contains("[t = 0.15 s]") == true, "\(seen.issues)")
    }

    static let folder = NSTemporaryDirectory() + "tintype-parameterized-" + UUID().uuidString

    /// Run in parallel, each case names its unnamed snapshot from its own arguments.
    @Test(arguments: [Device.iPhoneSE, .iPhone8, .iPhoneX], [ContentSizeCategory.large, .accessibilityMedium])
    func unnamedSnapshotsAreNamedFromTheArguments(_ device: Device, _ size: ContentSizeCategory) throws {
        var scene = card
        scene.device = device
        scene.contentSizeCategory = size
        withSnapshotTesting(record: .missing, directory: Self.folder) {
            withKnownIssue { assertSnapshot(of: scene) }
            withKnownIssue { assertSnapshot(of: scene) }
        }
        let slug = device.slug + "," + size.rawValue.lowercased()
        let folder = Self.folder + "/AssertSnapshotTests/"
        #expect(FileManager.default.fileExists(atPath: folder + "unnamedSnapshotsAreNamedFromTheArguments(\(slug)).1.png"))
        #expect(FileManager.default.fileExists(atPath: folder + "unnamedSnapshotsAreNamedFromTheArguments(\(slug)).2.png"))
    }

    @Test func settingsAreScopedToTheirBlock() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        withSnapshotTesting(record: .never, directory: dir) {
            withKnownIssue { assertSnapshot(of: card, named: "absent") } matching: { "\($0)".contains("No golden") }
            withSnapshotTesting(record: .missing) {
                withKnownIssue { assertSnapshot(of: card, named: "present") } matching: { "\($0)".contains("recorded it") }
            }
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/AssertSnapshotTests/absent.png"))
        #expect(FileManager.default.fileExists(atPath: dir + "/AssertSnapshotTests/present.png"))
        #expect(SnapshotSettings.current.record == nil && SnapshotSettings.current.directory == nil)
        #expect("\(Device.iPhoneSE)" == "iPhone SE" && "\(ContentSizeCategory.accessibilityExtraLarge)" == "AX3" && "\(LayoutDirection.rightToLeft)" == "RTL")
    }
}
