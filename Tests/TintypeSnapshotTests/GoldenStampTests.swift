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

    /// The hashes against published test vectors: BLAKE3's (its test_vectors.json: the empty input,
    /// and 1,025 bytes counting 0…250 over and over, which spans two chunks) and SHA-256's ("abc").
    @Test func theHashesAreBlake3AndSHA256() {
        func hex(_ bytes: [UInt8], _ hash: GoldenStamp.Hash) -> String {
            bytes.withUnsafeBytes { GoldenStamp.digest([$0], hash) }.map { String(format: "%02x", $0) }.joined()
        }
        #expect(hex([], .blake3) == "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262")
        #expect(hex((0..<1025).map { UInt8($0 % 251) }, .blake3) == "d00278ae47eb27b34faecf67b4fe263f82d5412916c1ffd97c8cb7fb814b8444")
        #expect(hex(Array("abc".utf8), .sha256) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // Parts hash as their concatenation.
        let whole = (0..<5000).map { UInt8($0 % 251) }
        let parts = whole.withUnsafeBytes { all in GoldenStamp.digest([UnsafeRawBufferPointer(rebasing: all[..<7]), UnsafeRawBufferPointer(rebasing: all[7...])], .blake3) }
        #expect(parts == whole.withUnsafeBytes { GoldenStamp.digest([$0], .blake3) })
    }

    /// A golden stamped by an earlier Tintype holds SHA-256 hashes (version 1): it still passes
    /// without being decoded, and `stamp` renews it to today's hash, every other byte kept.
    @Test func aStampOfSHA256HashesStillVerifiesAndIsRenewed() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let png = try white.pngData()
        let iendAt = iend(png)
        let unstamped = Array(png[..<iendAt]) + Array(png[iendAt...])
        let sha = { (parts: [UnsafeRawBufferPointer]) in GoldenStamp.digest(parts, .sha256) }
        let fileHash = unstamped.withUnsafeBytes { sha([$0]) }
        var chunk = GoldenStamp.bigEndian(UInt32(GoldenStamp.dataLength)) + GoldenStamp.chunkType + [1]
            + GoldenStamp.pixelHash(white, .sha256) + fileHash
        chunk += GoldenStamp.bigEndian(GoldenStamp.crc32(chunk[4...]))
        let old = Array(png[..<iendAt]) + chunk + Array(png[iendAt...])
        try AtomicFile.write(old, to: dir + "/g.png")
        let stamp = try #require(GoldenStamp.valid(in: old))
        #expect(stamp.hash == .sha256 && stamp.matches(white) && !stamp.matches(changed))
        let store = GoldenStore(artifactsDirectory: dir + "/artifacts")
        var passed = true
        let quiet = decodesNothing { passed = passed && store.verify(white, golden: dir + "/g.png", name: "g", mode: .never).status == .passed }
        #expect(passed && quiet, "passes, decoding nothing")
        #expect(try GoldenStore.stamp(golden: dir + "/g.png") == true, "an old stamp is renewed")
        let renewed = Array(FileManager.default.contents(atPath: dir + "/g.png")!)
        let now = try #require(GoldenStamp.valid(in: renewed))
        #expect(now.hash == .blake3 && now.pixels == GoldenStamp.pixelHash(white) && now.pixels != stamp.pixels)
        let newChunk = try stampChunk(renewed)
        #expect(renewed[newChunk.startIndex + 8] == 2, "version byte 2: BLAKE3")
        #expect(Array(renewed[..<newChunk.startIndex]) + Array(renewed[newChunk.endIndex...]) == png)
        #expect(try GoldenStore.stamp(golden: dir + "/g.png") == false)
    }

    /// A stamp of a version this Tintype does not know is no stamp: the golden is decoded.
    @Test func aStampOfAnUnknownVersionIsIgnored() throws {
        let stamped = try GoldenStamp.stamped(try white.pngData())
        var future = stamped
        let at = try stampChunk(stamped).startIndex
        future[at + 8] = 3
        let crc = GoldenStamp.crc32(future[(at + 4)..<(at + 8 + GoldenStamp.dataLength)])
        future.replaceSubrange((at + 8 + GoldenStamp.dataLength)..<(at + 12 + GoldenStamp.dataLength), with: GoldenStamp.bigEndian(crc))
        #expect(GoldenStamp.valid(in: stamped) != nil)
        #expect(GoldenStamp.valid(in: future) == nil)
    }
}
