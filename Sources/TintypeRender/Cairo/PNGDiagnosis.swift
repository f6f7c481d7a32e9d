import CDeflate
import CZlib
import TintypeLayout
import TintypeModel

/// What is wrong with a PNG that libpng refused. libpng's errors reach Cairo as "out of memory",
/// which says nothing to someone holding the file; this reads the file again, chunk by chunk, to
/// name the fault: a file that ends inside a chunk, a chunk whose checksum does not match, no
/// image data or palette, compressed data that is not valid, too little of it, or a row filter
/// PNG does not define. The image data is inflated as a stream into a small buffer, so a corrupt
/// file costs no more memory than a good one.
enum PNGDiagnosis {
    /// Why `bytes` cannot be decoded (after "a corrupt PNG: "), or nil when no fault is found.
    static func problem(in bytes: [UInt8], header: PNGHeader) -> String? {
        var offset = 8, index = 0
        var idat: [UInt8] = []
        var sawPalette = false, sawEnd = false, idatEnded = false
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        while offset < bytes.count {
            guard offset + 8 <= bytes.count else { return "it ends inside the head of its chunk number \(index + 1)" }
            let length = u32(offset)
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }), length <= 0x7FFF_FFFF else {
                return "its chunk number \(index + 1), at byte \(offset), has no valid type or length"
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            let end = offset + 8 + length + 4
            guard end <= bytes.count else {
                return "it ends inside its \(type) chunk (\(end - bytes.count) of its \(length + 12) bytes are missing)"
            }
            let crc = bytes.withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress! + offset + 4, length + 4) }
            guard crc == UInt32(u32(offset + 8 + length)) else { return "the checksum (CRC) of its \(type) chunk does not match" }
            switch type {
            case "IDAT":
                if idatEnded { return "its IDAT chunks are not consecutive" }
                idat += bytes[(offset + 8)..<(offset + 8 + length)]
            case "PLTE": sawPalette = true
            case "IEND": sawEnd = true
            default: if !idat.isEmpty { idatEnded = true }
            }
            offset = end
            index += 1
            if sawEnd { break }
        }
        guard !idat.isEmpty else { return "it has no image data (no IDAT chunk)" }
        if header.colorType == 3 && !sawPalette { return "it has no palette (PLTE chunk), which color type 3 needs" }
        if let problem = imageDataProblem(idat, header: header) { return problem }
        if !sawEnd { return "it ends without an IEND chunk" }
        return nil
    }

    /// The rows of each pass (one pass, or Adam7's seven when interlaced): how many, and their bytes
    /// each, filter byte included.
    static func rows(of header: PNGHeader) -> [(count: Int, bytes: Int)] {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][header.colorType] ?? 4
        func rowBytes(_ width: Int) -> Int { 1 + (width * channels * header.bitDepth + 7) / 8 }
        guard header.interlaced else { return [(header.height, rowBytes(header.width))] }
        // Adam7: each pass's first column and row, and its steps.
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return passes.compactMap { (x0, y0, dx, dy) in
            let w = (header.width - x0 + dx - 1) / dx, h = (header.height - y0 + dy - 1) / dy
            return w > 0 && h > 0 ? (h, rowBytes(w)) : nil
        }
    }

    /// Inflates the image data and checks its length and each row's filter type.
    static func imageDataProblem(_ data: [UInt8], header: PNGHeader) -> String? {
        let rows = rows(of: header)
        let expected = rows.reduce(0) { $0 + $1.count * $1.bytes }
        var stream = z_stream()
        guard tt_inflate_init(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var input = data
        var buffer = [UInt8](repeating: 0, count: 65536)
        // Where the next row starts, as a position in the inflated data, and which row that is.
        var produced = 0, nextRowStart = 0, pass = 0, rowInPass = 0, rowNumber = 0
        var status: Int32 = Z_OK
        return input.withUnsafeMutableBufferPointer { inBuf -> String? in
            stream.next_in = inBuf.baseAddress
            stream.avail_in = uInt(inBuf.count)
            while status == Z_OK {
                let chunk: Int = buffer.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    return out.count - Int(stream.avail_out)
                }
                // Check the filter byte of every row that starts in this chunk.
                while pass < rows.count, nextRowStart < produced + chunk {
                    let filter = buffer[nextRowStart - produced]
                    if filter > 4 {
                        return "row \(rowNumber + 1) of its image data has filter type \(filter), which PNG does not define (0 to 4)"
                    }
                    nextRowStart += rows[pass].bytes
                    rowNumber += 1
                    rowInPass += 1
                    if rowInPass == rows[pass].count { pass += 1; rowInPass = 0 }
                }
                produced += chunk
                if produced >= expected { return nil }
                if status == Z_BUF_ERROR && stream.avail_in == 0 { break }
                if status == Z_BUF_ERROR && chunk > 0 { status = Z_OK }
            }
            if status == Z_DATA_ERROR || status == Z_NEED_DICT || status == Z_MEM_ERROR || status == Z_STREAM_ERROR {
                let reason = stream.msg.map { String(cString: $0) } ?? "not valid zlib data"
                return "its compressed image data is not valid (zlib: \(reason))"
            }
            return "its image data ends early: \(produced) of the \(expected) bytes a \(header.width)×\(header.height) image needs"
        }
    }
}
