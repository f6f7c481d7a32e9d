/// A PNG's signature and IHDR chunk, read without decoding any pixels.
///
/// Why: a small PNG can declare a huge image (a 48 KB file of 20000×20000 pixels decodes into 1.5 GB),
/// and libpng reports a corrupt header as "out of memory" through Cairo. Reading the 33 header bytes
/// first checks the declared size against the pixel budget (SceneLimits) and names corruption as such.
public struct PNGHeader: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var bitDepth: Int
    public var colorType: Int
    /// Adam7 interlacing (interlace method 1).
    public var interlaced = false

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The header of `bytes` (at least its first 33 bytes), or why it is not a usable PNG.
    public static func read(_ bytes: some Collection<UInt8>) -> Result<PNGHeader, PNGHeaderProblem> {
        let b = Array(bytes.prefix(33))
        guard b.count >= 8, Array(b[0..<8]) == signature else { return .failure(.notPNG) }
        guard b.count >= 33 else { return .failure(.corrupt("it ends inside its header")) }
        func u32(_ i: Int) -> UInt32 { UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3]) }
        guard u32(8) == 13, Array(b[12..<16]) == Array("IHDR".utf8) else { return .failure(.corrupt("its first chunk is not a valid IHDR")) }
        guard crc32(b[12..<29]) == u32(29) else { return .failure(.corrupt("the header's checksum (CRC) does not match")) }
        let width = u32(16), height = u32(20)
        let depth = Int(b[24]), color = Int(b[25])
        guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
            return .failure(.corrupt("its size \(width)×\(height) is not valid"))
        }
        let depths: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let allowed = depths[color] else { return .failure(.corrupt("color type \(color) is not valid")) }
        guard allowed.contains(depth) else { return .failure(.corrupt("bit depth \(depth) is not valid for color type \(color)")) }
        guard b[26] == 0, b[27] == 0, b[28] <= 1 else { return .failure(.corrupt("its compression, filter or interlace method is not valid")) }
        return .success(PNGHeader(width: Int(width), height: Int(height), bitDepth: depth, colorType: color, interlaced: b[28] == 1))
    }

    /// Why the decoded image would be too large, or nil when it is within `SceneLimits`.
    public var pixelLimitProblem: String? {
        guard !SceneLimits.allowsPixels(width: width, height: height) else { return nil }
        return "it is \(width)×\(height) pixels, more than the limit of \(SceneLimits.maxPixelDimension) pixels a side and \(SceneLimits.maxPixelCount / 1_048_576) megapixels"
    }

    /// CRC-32 (ISO 3309, as PNG uses it).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

public enum PNGHeaderProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// No PNG signature.
    case notPNG
    /// A PNG signature, then a header that cannot be right.
    case corrupt(String)

    public var description: String {
        switch self {
        case .notPNG: "not a PNG (bad signature)"
        case .corrupt(let why): "a corrupt PNG: \(why)"
        }
    }
}
