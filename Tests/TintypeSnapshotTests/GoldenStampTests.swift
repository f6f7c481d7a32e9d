import Foundation
import Testing
@testable import TintypeRender
@testable import TintypeSnapshot

/// The stamp in golden PNGs: a render that hashes the same passes without the golden being
/// decoded; a golden without a stamp, or whose bytes no longer match it, is compared pixel by pixel.
@Suite struct GoldenStampTests {
    let white = solid(12, 12, (255, 255, 255))
    let changed = solid(12, 12, (255, 255, 255), paint: [(5, 5, (0, 0, 0)), (6, 5, (0, 0, 0))])

    /// The offset of the IEND chunk (the last 12 bytes of the files Tintype writes).
    func iend(_ png: [UInt8]) -> Int { png.count - 12 }

    func stampChunk(_ png: [UInt8]) throws -> ArraySlice<UInt8> {
        let type = Array("tiNT".utf8)
        let at = try #require((8..<(png.count - 8)).first { png[($0 + 4)..<($0 + 8)].elementsEqual(type) })
        return png[at..<(at + 12 + GoldenStamp.dataLength)]
    }

    /// Runs `body` until a run in which no other test decoded a PNG either; true when its own run
    /// decoded nothing.
    func decodesNothing(_ body: () -> Void) -> Bool {
        for _ in 0..<20 {
            let before = PNGDecodeCounter.shared.value
            body()
            if PNGDecodeCounter.shared.value == before { return true }
        }
        return false
    }

    @Test func aRecordedGoldenIsStampedAndVerifiesWithoutDecoding() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = GoldenStore(artifactsDirectory: dir + "/artifacts")
        #expect(store.verify(white, golden: dir + "/g.png", name: "g", mode: .missing).status == .recorded)
        let bytes = Array(try #require(FileManager.default.contents(atPath: dir + "/g.png")))
        let stamp = try #require(GoldenStamp.valid(in: bytes))
        #expect(stamp.pixels == GoldenStamp.pixelHash(white))
        // The stamp is all that was added: without it, the file is the encoder's own output.
        let chunk = try stampChunk(bytes)
        #expect(Array(bytes[..<chunk.startIndex]) + Array(bytes[chunk.endIndex...]) == (try white.pngData()))
        #expect(try Bitmap(png: bytes) == white, "readers skip the chunk")
        var passed = true
        let quiet = decodesNothing {
            let r = store.verify(white, golden: dir + "/g.png", name: "g", mode: .never)
            passed = passed && r.status == .passed && r.comparison?.verdict == .identical
        }
        #expect(passed && quiet, "passes, decoding nothing")
        // Another render does not match the stamp: it is compared, fails, and gets its artifacts.
        let r = store.verify(changed, golden: dir + "/g.png", name: "g", mode: .never)
        #expect(r.status == .failed && r.comparison?.differentPixels == 2 && r.artifacts?.diff != nil)
    }

    @Test func aGoldenWithoutAStampIsComparedPixelByPixel() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try white.writePNG(to: dir + "/g.png")
        #expect(GoldenStamp.valid(in: Array(FileManager.default.contents(atPath: dir + "/g.png")!)) == nil)
        let store = GoldenStore(artifactsDirectory: dir + "/artifacts")
        let before = PNGDecodeCounter.shared.value
        #expect(store.verify(white, golden: dir + "/g.png", name: "g", mode: .never).status == .passed)
        #expect(PNGDecodeCounter.shared.value > before)
        #expect(store.verify(changed, golden: dir + "/g.png", name: "g", mode: .never).status == .failed)
        // Verifying never adds a stamp; only recording or `stamp` does.
        #expect(GoldenStamp.valid(in: Array(FileManager.default.contents(atPath: dir + "/g.png")!)) == nil)
    }

    @Test func aGoldenEditedByAnotherToolThatKeptTheStampStillFails() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = GoldenStore(artifactsDirectory: dir + "/artifacts")
        _ = store.verify(white, golden: dir + "/white.png", name: "w", mode: .missing)
        let stamped = Array(FileManager.default.contents(atPath: dir + "/white.png")!)
        // Other pixels under white's stamp: the image data of `changed`, the stamp copied over.
        let other = try changed.pngData()
        let tampered = Array(other[..<iend(other)]) + (try stampChunk(stamped)) + Array(other[iend(other)...])
        try AtomicFile.write(tampered, to: dir + "/g.png")
        #expect(GoldenStamp.valid(in: tampered) == nil, "the file hash no longer matches")
        let r = store.verify(white, golden: dir + "/g.png", name: "g", mode: .never)
        #expect(r.status == .failed && r.comparison?.differentPixels == 2)
        #expect(store.verify(changed, golden: dir + "/g.png", name: "g", mode: .never).status == .passed)
        // A damaged stamp (one byte of its pixel hash) is ignored the same way.
        var damaged = stamped
        let at = try stampChunk(stamped).startIndex + 9
        damaged[at] ^= 1
        #expect(GoldenStamp.valid(in: damaged) == nil)
    }

    @Test func stampingAnExistingGoldenKeepsEveryOtherByte() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let original = try changed.pngData()
        try AtomicFile.write(original, to: dir + "/g.png")
        #expect(try GoldenStore.stamp(golden: dir + "/g.png") == true)
        let bytes = Array(FileManager.default.contents(atPath: dir + "/g.png")!)
        let chunk = try stampChunk(bytes)
        #expect(Array(bytes[..<chunk.startIndex]) + Array(bytes[chunk.endIndex...]) == original)
        #expect(GoldenStamp.valid(in: bytes)?.pixels == GoldenStamp.pixelHash(changed))
        #expect(try GoldenStore.stamp(golden: dir + "/g.png") == false, "a valid stamp is left alone")
        #expect(Array(FileManager.default.contents(atPath: dir + "/g.png")!) == bytes)
        #expect(throws: ImageFileError.self) { try GoldenStore.stamp(golden: dir + "/missing.png") }
    }
}
