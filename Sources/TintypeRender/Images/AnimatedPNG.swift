import CDeflate

/// An animated PNG (APNG) made of PNG frames of one size: the first frame is the image every PNG
/// viewer shows; viewers that know APNG play the rest. The frames' compressed data is taken as it
/// is (IDAT chunks become fdAT chunks), so the bytes are as deterministic as the frames'.
public enum AnimatedPNG {
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Each frame takes screens of memory (its surface, the filtered rows, the compressed data) and
    /// gives them back; glibc returns such blocks to the kernel, so the next frame page-faults them in
    /// again, zeroed (a sixth of a 22-frame push's time). Called before rendering the frames of one
    /// animation, it keeps them in the process for the next frame (the frames are held to the end anyway).
    public static func keepFreedMemory() { tt_keep_freed_memory() }

    /// One APNG of `frames` (PNG files), each shown for `delay` seconds as the fraction
    /// `numerator`/`denominator`, played for ever.
    public static func assemble(_ frames: [[UInt8]], delayNumerator: UInt16 = 1, delayDenominator: UInt16) throws(Problem) -> [UInt8] {
        guard let first = frames.first else { throw Problem(message: "an animation needs at least one frame") }
        let header = try chunks(first).first { $0.type == "IHDR" }
        guard let ihdr = header?.data, ihdr.count == 13 else { throw Problem(message: "the first frame has no image header") }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        append("IHDR", ihdr, to: &out)
        append("acTL", be32(UInt32(frames.count)) + be32(0), to: &out)
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            let parts = try chunks(frame)
            guard parts.first(where: { $0.type == "IHDR" })?.data == ihdr else {
                throw Problem(message: "frame \(index) is not the size and kind of the first")
            }
            // fcTL: sequence, width, height, x and y offsets, delay, dispose (none) and blend (source).
            append("fcTL", be32(sequence) + Array(ihdr[0..<8]) + be32(0) + be32(0) + be16(delayNumerator) + be16(delayDenominator) + [0, 0], to: &out)
            sequence += 1
            for part in parts where part.type == "IDAT" {
                if index == 0 {
                    append("IDAT", part.data, to: &out)
                } else {
                    append("fdAT", be32(sequence) + part.data, to: &out)
                    sequence += 1
                }
            }
        }
        append("IEND", [], to: &out)
        return out
    }

    /// The chunks of a PNG file, in order.
    static func chunks(_ png: [UInt8]) throws(Problem) -> [(type: String, data: [UInt8])] {
        guard png.count >= 8, png[0] == 0x89, png[1] == 0x50 else { throw Problem(message: "a frame is not a PNG") }
        var out: [(String, [UInt8])] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            guard length >= 0, i + 12 + length <= png.count else { throw Problem(message: "a frame's chunk runs past its end") }
            let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
            out.append((type, Array(png[(i + 8)..<(i + 8 + length)])))
            i += 12 + length
            if type == "IEND" { break }
        }
        return out
    }

    static func append(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        out += be32(UInt32(data.count)) + body + be32(crc)
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
}
