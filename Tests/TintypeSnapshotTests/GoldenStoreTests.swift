import Foundation
import Testing
@testable import TintypeRender
@testable import TintypeSnapshot

func temporaryDirectory() throws -> String {
    let dir = NSTemporaryDirectory() + "tintype-snap-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

@Suite struct GoldenStoreTests {
    let white = solid(12, 12, (255, 255, 255))
    let changed = solid(12, 12, (255, 255, 255), paint: [(5, 5, (0, 0, 0)), (6, 5, (0, 0, 0)), (5, 6, (0, 0, 0)), (6, 6, (0, 0, 0))])

    func modificationDate(_ path: String) throws -> Date {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    @Test func recordModeFromTheEnvironment() throws {
        #expect(try RecordMode.fromEnvironment([:]) == .missing)
        #expect(try RecordMode.fromEnvironment(["CI": "true"]) == .never)
        #expect(try RecordMode.fromEnvironment(["CI": "true", "TINTYPE_RECORD": "all"]) == .all)
        #expect(try RecordMode.fromEnvironment(["TINTYPE_RECORD": "failed"]) == .failed)
        #expect(try RecordMode.fromEnvironment(["CI": "false"]) == .missing)
        #expect(throws: SnapshotError.self) { try RecordMode.fromEnvironment(["TINTYPE_RECORD": "sometimes"]) }
    }

    @Test func missingGoldenIsRecordedAndFailsUnlessModeIsNever() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = GoldenStore(artifactsDirectory: dir + "/artifacts")
        let never = store.verify(white, golden: dir + "/a.png", name: "a", mode: .never)
        #expect(never.status == .failed && never.message.contains("No golden"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/a.png"))
        #expect(never.artifacts.map { FileManager.default.fileExists(atPath: $0.actual) } == true, "the render is kept for a look")
        for mode in [RecordMode.missing, .failed] {
            try? FileManager.default.removeItem(atPath: dir + "/a.png")
            let r = store.verify(white, golden: dir + "/a.png", name: "a", mode: mode)
            #expect(r.status == .recorded, "\(mode)")
            #expect(r.message.contains("recorded it") && r.message.contains("run again"), "\(mode)")
            #expect(try Bitmap(pngFile: dir + "/a.png") == white)
        }
    }

    /// A stamped golden whose render hashes differently is compared exactly first: a render
    /// within tolerance passes, but says how many pixels changed; strict fails it.
    @Test func aRenderWithinToleranceOfAStampedGoldenSaysWhatChanged() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let golden = dir + "/g.png"
        let store = GoldenStore(artifactsDirectory: dir + "/artifacts")
        #expect(store.verify(white, golden: golden, name: "g", mode: .missing).status == .recorded)
        #expect(GoldenStamp.valid(in: try [UInt8](Data(contentsOf: URL(fileURLWithPath: golden)))) != nil, "recorded goldens are stamped")
        let shifted = solid(12, 12, (255, 255, 255), paint: [(1, 1, (254, 255, 255)), (2, 1, (254, 255, 255)), (3, 1, (254, 255, 255))])
        let r = store.verify(shifted, golden: golden, name: "g", mode: .never)
        #expect(r.status == .passed)
        #expect(r.comparison?.changedPixels == 3 && r.comparison?.passedWithChanges == true)
        #expect(r.message == "within tolerance: 3 pixels changed (2.08%), none beyond the threshold", "\(r.message)")
        let strict = store.verify(shifted, golden: golden, name: "g", mode: .never, tolerance: Tolerance(strict: true))
        #expect(strict.status == .failed && strict.message.contains("3 pixels changed"), "\(strict.message)")
        #expect(strict.artifacts != nil, "a strict failure writes its artifacts like any other")
        #expect(store.verify(white, golden: golden, name: "g", mode: .never, tolerance: Tolerance(strict: true)).message == "identical")
    }

    @Test func verifyingNeverTouchesTheGolden() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let golden = dir + "/g.png"
        try white.writePNG(to: golden)
        let before = try Data(contentsOf: URL(fileURLWithPath: golden)), date = try modificationDate(golden)
        let store = GoldenStore(artifactsDirectory: dir + "/artifacts")
        for mode in [RecordMode.never, .missing] {
            #expect(store.verify(white, golden: golden, name: "g", mode: mode).status == .passed)
            #expect(store.verify(changed, golden: golden, name: "g", mode: mode).status == .failed)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: golden)) == before)
        #expect(try modificationDate(golden) == date)
    }

    @Test func aPassingVerifyEncodesNoPNG() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try white.writePNG(to: dir + "/g.png")
        let store = GoldenStore(artifactsDirectory: dir + "/artifacts")
        // Other tests encode concurrently, so look for a window where none did.
        var sawNoEncode = false
        for _ in 0..<20 where !sawNoEncode {
            let before = PNGEncodeCounter.shared.value
            #expect(store.verify(white, golden: dir + "/g.png", name: "g", mode: .never).status == .passed)
            sawNoEncode = PNGEncodeCounter.shared.value == before
        }
        #expect(sawNoEncode)
        let before = PNGEncodeCounter.shared.value
        _ = store.verify(changed, golden: dir + "/g.png", name: "g", mode: .never)
        #expect(PNGEncodeCounter.shared.value >= before + 3, "a failure encodes its actual, diff and strip")
    }

    @Test func failureWritesExpectedActualDiffAndStrip() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try white.writePNG(to: dir + "/g.png")
        let r = GoldenStore(artifactsDirectory: dir + "/artifacts").verify(changed, golden: dir + "/g.png", name: "Group/g", mode: .never)
        #expect(r.status == .failed)
        #expect(r.comparison?.differentPixels == 4)
        let a = try #require(r.artifacts)
        #expect(a.expected == dir + "/artifacts/Group/g.expected.png")
        #expect(a.actual == dir + "/artifacts/Group/g.actual.png")
        #expect(a.diff == dir + "/artifacts/Group/g.diff.png")
        #expect(a.strip == dir + "/artifacts/Group/g.strip.png")
        #expect(try Bitmap(pngFile: a.expected!) == white)
        #expect(try Bitmap(pngFile: a.actual) == changed)
        #expect(try Bitmap(pngFile: a.diff!).rgba8(x: 5, y: 5) == (255, 0, 0, 255))
        #expect(try Bitmap(pngFile: a.strip!).width == 12 * 3 + 16 * 4)
    }

    @Test func failedModeRecordsOverAMismatchAndAllModeRecordsAlways() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let golden = dir + "/g.png"
        try white.writePNG(to: golden)
        let store = GoldenStore(artifactsDirectory: dir + "/artifacts")
        #expect(store.verify(white, golden: golden, name: "g", mode: .failed).status == .passed)
        let r = store.verify(changed, golden: golden, name: "g", mode: .failed)
        #expect(r.status == .recorded && r.message.contains("did not match"))
        #expect(try Bitmap(pngFile: golden) == changed)
        let all = store.verify(changed, golden: golden, name: "g", mode: .all)
        #expect(all.status == .recorded && all.message.contains("record mode all"))
    }

    @Test func anUnreadableGoldenFailsClearly() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: dir + "/g.png"))
        let r = GoldenStore(artifactsDirectory: dir + "/artifacts").verify(white, golden: dir + "/g.png", name: "g", mode: .missing)
        #expect(r.status == .failed && r.message.contains("unreadable"))
    }

    @Test func aSizeMismatchFailsWithBothSizes() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try solid(10, 12, (255, 255, 255)).writePNG(to: dir + "/g.png")
        let r = GoldenStore(artifactsDirectory: dir + "/artifacts").verify(white, golden: dir + "/g.png", name: "g", mode: .never)
        #expect(r.status == .failed && r.message.contains("golden is 10×12, render is 12×12"))
    }
}
