import CBlake3
import CNettle
import Foundation
import TintypeRender

/// What Tintype writes into a golden PNG so that a passing verify need not inflate it: a private
/// ancillary chunk, `tiNT`, holding a hash of the pixels the file decodes to and a hash of the rest
/// of the file. A verify whose render hashes to the first passes after hashing the file's bytes
/// against the second, without decoding; a golden without the chunk, or whose bytes no longer match
/// it (edited or re-encoded by another tool), is decoded and compared pixel by pixel.
///
/// The chunk's first byte says which hash: 2 (written today) is BLAKE3 with 256-bit output, which
/// hashes a screen about four times as fast as SHA-256 does with the CPU's SHA instructions (the
/// stamp was a fifth of `tintype test`'s CPU time); 1 is SHA-256, which goldens stamped before
/// still carry and which is still checked (`tintype stamp` renews it).
///
/// The chunk's name marks it ancillary (readers skip it), private, and unsafe to copy: a PNG
/// editor that changes the image data is told to drop it. Should one keep it anyway, the file hash
/// no longer matches and the stamp is ignored.
struct GoldenStamp: Sendable, Equatable {
    static let chunkType: [UInt8] = Array("tiNT".utf8)
    /// The hash a stamp is written with.
    static let version = Hash.blake3
    /// The chunk's data: the version byte, then the two hashes.
    static let dataLength = 1 + 32 + 32

    /// The hash function of a stamp, by its version byte. Both give 32 bytes.
    enum Hash: UInt8, Sendable {
        case sha256 = 1
        case blake3 = 2
    }

    /// The hash both of the stamp's digests were made with.
    var hash: Hash = GoldenStamp.version
    /// The hash of the decoded image: width and height (32-bit big-endian), then the premultiplied
    /// pixels as `Bitmap` holds them.
    var pixels: [UInt8]
    /// The hash of every byte of the file except this chunk.
    var file: [UInt8]

    /// The stamp in `png` when there is exactly one, well formed (its CRC right, a version this
    /// Tintype knows), and the file's other bytes still hash to it; nil otherwise.
    static func valid(in png: [UInt8]) -> GoldenStamp? {
        guard let chunks = chunks(png) else { return nil }
        let stamps = chunks.filter { $0.isStamp }
        guard stamps.count == 1, let chunk = stamps.first, chunk.dataLength == dataLength else { return nil }
        let data = chunk.start + 8
        // A damaged chunk (its CRC wrong) counts as none.
        let crc = png[(data + dataLength)..<(data + dataLength + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard let hash = Hash(rawValue: png[data]), crc32(png[(chunk.start + 4)..<(data + dataLength)]) == crc else { return nil }
        let stamp = GoldenStamp(hash: hash, pixels: Array(png[(data + 1)..<(data + 33)]), file: Array(png[(data + 33)..<(data + 65)]))
        let rest = png.withUnsafeBufferPointer { b in
            digest([UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: b[0..<chunk.start])),
                    UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: b[chunk.end...]))], hash)
        }
        return rest == stamp.file ? stamp : nil
    }

    /// `png` with a stamp of today's version inserted before its IEND chunk (an earlier stamp
    /// removed first), every other byte unchanged. Decodes `png` once to hash the pixels any reader
    /// will get from it.
    static func stamped(_ png: [UInt8]) throws(ImageFileError) -> [UInt8] {
        guard let chunks = chunks(png), let iend = chunks.last, iend.type == Array("IEND".utf8) else {
            throw ImageFileError("not a complete PNG file")
        }
        var unstamped: [UInt8] = Array(png[0..<8])
        for c in chunks where !c.isStamp { unstamped += png[c.start..<c.end] }
        let pixels = pixelHash(try Bitmap(png: unstamped))
        let file = unstamped.withUnsafeBytes { digest([$0], version) }
        let iendStart = unstamped.count - 12
        var chunk = [UInt8]()
        chunk.reserveCapacity(12 + dataLength)
        chunk += bigEndian(UInt32(dataLength)) + chunkType + [version.rawValue] + pixels + file
        chunk += bigEndian(crc32(chunk[4...]))
        return Array(unstamped[0..<iendStart]) + chunk + Array(unstamped[iendStart...])
    }

    /// The hash a golden's stamp holds for `bitmap` when the golden decodes to exactly these
    /// pixels, with the stamp's hash (today's by default).
    static func pixelHash(_ bitmap: Bitmap, _ hash: Hash = GoldenStamp.version) -> [UInt8] {
        let size = bigEndian(UInt32(truncatingIfNeeded: bitmap.width)) + bigEndian(UInt32(truncatingIfNeeded: bitmap.height))
        return size.withUnsafeBytes { s in bitmap.pixels.withUnsafeBytes { p in digest([s, p], hash) } }
    }

    /// Whether `bitmap` hashes to this stamp's pixel hash.
    func matches(_ bitmap: Bitmap) -> Bool { GoldenStamp.pixelHash(bitmap, hash) == pixels }

    // MARK: PNG structure

    struct Chunk {
        var start: Int, dataLength: Int, type: [UInt8]
        var end: Int { start + 12 + dataLength }
        var isStamp: Bool { type == GoldenStamp.chunkType }
    }

    /// The chunks of a PNG file, or nil when it is not one or is cut short.
    static func chunks(_ png: [UInt8]) -> [Chunk]? {
        guard png.count >= 8, png[0..<8].elementsEqual([137, 80, 78, 71, 13, 10, 26, 10]) else { return nil }
        var chunks: [Chunk] = []
        var at = 8
        while at < png.count {
            guard at + 12 <= png.count else { return nil }
            let length = png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard length <= png.count - at - 12 else { return nil }
            chunks.append(Chunk(start: at, dataLength: length, type: Array(png[(at + 4)..<(at + 8)])))
            at += 12 + length
            if chunks.last!.type == Array("IEND".utf8) { break }
        }
        return chunks
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    /// The CRC-32 of a chunk's type and data, as PNG requires.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crcTable[Int(($0 ^ UInt32($1)) & 0xff)] ^ ($0 >> 8) }
    }

    /// The SHA-256 of `bytes` in lowercase hex: how a results bundle names a file's state.
    static func sha256Hex(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { digest([$0], .sha256) }.map { String(format: "%02x", $0) }.joined()
    }

    /// The 32-byte digest of `parts`, one after another, with `hash`.
    static func digest(_ parts: [UnsafeRawBufferPointer], _ hash: Hash) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        switch hash {
        case .sha256:
            var context = sha256_ctx()
            tt_sha256_init(&context)
            for p in parts where p.count > 0 { tt_sha256_update(&context, p.baseAddress, p.count) }
            digest.withUnsafeMutableBufferPointer { tt_sha256_digest(&context, $0.baseAddress) }
        case .blake3:
            var hasher = blake3_hasher()
            blake3_hasher_init(&hasher)
            for p in parts where p.count > 0 { blake3_hasher_update(&hasher, p.baseAddress, p.count) }
            digest.withUnsafeMutableBufferPointer { blake3_hasher_finalize(&hasher, $0.baseAddress, 32) }
        }
        return digest
    }
}
