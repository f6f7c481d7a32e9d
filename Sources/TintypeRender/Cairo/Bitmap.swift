import CCairo
import Foundation
import TintypeLayout
import TintypeModel

/// Rendered pixels: premultiplied ARGB32 as Cairo stores it (B, G, R, A bytes on little-endian
/// machines), rows packed without padding.
public struct Bitmap: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// The unpremultiplied color of one pixel.
    public func color(x: Int, y: Int) -> Color {
        let i = (y * width + x) * 4
        let a = Double(pixels[i + 3])
        guard a > 0 else { return .clear }
        return Color(red: Double(pixels[i + 2]) / a, green: Double(pixels[i + 1]) / a, blue: Double(pixels[i]) / a, alpha: a / 255)
    }

    /// 8-bit straight RGBA of one pixel, as a PNG viewer would read it.
    public func rgba8(x: Int, y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let i = (y * width + x) * 4
        let a = Int(pixels[i + 3])
        guard a > 0 else { return (0, 0, 0, 0) }
        func un(_ v: UInt8) -> Int { (Int(v) * 255 + a / 2) / a }
        return (un(pixels[i + 2]), un(pixels[i + 1]), un(pixels[i]), a)
    }
}

extension Bitmap {
    /// The bitmap as PNG bytes (Tintype's writer: deterministic, the pixels Cairo's writer would
    /// give). `fast` writes a larger file in a third of the time or so: for images people look at
    /// once (failure artifacts, diff images), never for goldens. Encoded from the bitmap's own
    /// memory, with no surface to fill: the bytes a surface holding these pixels would give.
    public func pngData(fast: Bool = false) throws(ImageFileError) -> [UInt8] {
        guard width > 0, height > 0, SceneLimits.allowsPixels(width: width, height: height), pixels.count >= width * height * 4 else {
            return try CairoSurface(bitmap: self).pngData(fast: fast)  // which names the problem
        }
        return try pixels.withUnsafeBufferPointer { buffer throws(ImageFileError) in
            try CairoSurface.encodePNG(buffer.baseAddress!, width: width, height: height, stride: width * 4, fast: fast)
        }
    }

    /// Decodes PNG bytes: the PNGs Tintype's own reader takes straight into the bitmap's memory,
    /// any other through Cairo's reader.
    public init(png bytes: [UInt8]) throws(ImageFileError) {
        _ = try CairoSurface.checkedHeader(bytes)
        if let bitmap = CairoSurface.decodeDirectlyToBitmap(bytes) {
            PNGDecodeCounter.shared.increment()
            self = bitmap
            return
        }
        self = try CairoSurface(png: bytes).bitmap()
    }

    /// Reads a PNG file.
    public init(pngFile path: String) throws(ImageFileError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImageFileError("cannot read \(path)")
        }
        do { try self.init(png: Array(data)) } catch { throw ImageFileError("\(path): \(error.message)") }
    }

    /// Writes the bitmap as a PNG file atomically: a temporary file beside it, then a rename, so a
    /// reader never sees a half-written file.
    public func writePNG(to path: String, fast: Bool = false) throws(ImageFileError) {
        try AtomicFile.write(try pngData(fast: fast), to: path)
    }
}

/// Writes files whole or not at all.
public enum AtomicFile {
    /// Waits for the writes in progress to finish and holds every later one for good, so that a
    /// process that must end now (a `--timeout`) exits without leaving a temporary file behind.
    public static func stopWriting() { gate.close() }

    private static let gate = WriteGate()

    /// Counts writes in progress; once closed, no write starts.
    private final class WriteGate: @unchecked Sendable {
        let condition = NSCondition()
        var inFlight = 0
        var closed = false
        func enter() { condition.lock(); while closed { condition.wait() }; inFlight += 1; condition.unlock() }
        func leave() { condition.lock(); inFlight -= 1; condition.broadcast(); condition.unlock() }
        func close() { condition.lock(); closed = true; while inFlight > 0 { condition.wait() }; condition.unlock() }
    }

    public static func write(_ bytes: [UInt8], to path: String) throws(ImageFileError) {
        gate.enter()
        defer { gate.leave() }
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        let temp = dir + "/.\(url.lastPathComponent).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw ImageFileError("cannot write \(path): \(String(cString: strerror(errno)))") }
        var written = 0
        let ok = bytes.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n <= 0 { return false }
                written += n
            }
            return true
        }
        let closed = close(fd) == 0
        guard ok, closed, rename(temp, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw ImageFileError("cannot write \(path): \(reason)")
        }
    }
}
