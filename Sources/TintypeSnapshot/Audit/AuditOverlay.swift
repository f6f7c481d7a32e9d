import Foundation
import TintypeModel
import TintypeRender

/// The screen with each finding outlined, as an SVG file: the screen's PNG embedded whole (a
/// `data:` URI, so the file stands alone) under a translucent wash and a border in the severity's
/// color (red errors, orange warnings, blue notes) for each finding, and the finding's number in a
/// tag at its top left corner, as the terminal, JSON and the report number them. Each outline
/// carries the finding's line as its `<title>` (a tooltip where the file is opened on its own).
///
/// The screen is a PNG the run has already written (the golden a variant passed against, or the
/// failure's actual image), so an overlay costs no image encoding: only a test of an SVG or PDF
/// golden and `tintype audit` encode the render (with the fast encoder). The same findings on the
/// same screen give the same bytes.
public enum AuditOverlay {
    /// The overlay's file extension (`<artifact name>.audit.svg`).
    public static let pathExtension = "svg"

    static func color(_ s: AuditSeverity) -> String {
        switch s {
        case .error: "#E02020"
        case .warning: "#F09000"
        case .info: "#2070E0"
        }
    }

    /// The SVG of `png` (the screen, `width` × `height` pixels at `scale` pixels a point) with
    /// `findings` outlined, numbered from 1 in their order.
    public static func svg(png: [UInt8], width: Int, height: Int, scale: Double, findings: [AuditFinding]) -> [UInt8] {
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
        s += "width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
        s += "<image x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" xlink:href=\"data:image/png;base64,"
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + (png.count + 2) / 3 * 4 + 400 * findings.count + 64)
        out += s.utf8
        base64(png, into: &out)
        s = "\"/>\n"
        let border = max(1, scale.rounded())
        for (n, f) in findings.enumerated() {
            guard let r = f.rect else { continue }
            let x0 = max(0, (r.minX * scale).rounded(.down)), y0 = max(0, (r.minY * scale).rounded(.down))
            let x1 = min(Double(width), (r.maxX * scale).rounded(.up)), y1 = min(Double(height), (r.maxY * scale).rounded(.up))
            guard x1 > x0, y1 > y0 else { continue }
            let c = color(f.severity)
            let label = String(n + 1)
            // The tag: 2 × scale per digit cell, as tall as a 5-cell digit with a cell around it.
            let cell = 2 * border
            let tagWidth = Double(label.count * 4 + 1) * cell, tagHeight = 7 * cell
            s += "<g><title>\(escape("\(n + 1). \(f.line)"))</title>"
            // The border lies inside the finding's box, as wide as a point.
            s += "<rect x=\"\(n2(x0 + border / 2))\" y=\"\(n2(y0 + border / 2))\" width=\"\(n2(max(0, x1 - x0 - border)))\" "
            s += "height=\"\(n2(max(0, y1 - y0 - border)))\" fill=\"\(c)\" fill-opacity=\"0.22\" stroke=\"\(c)\" stroke-width=\"\(n2(border))\"/>"
            s += "<rect x=\"\(n2(x0))\" y=\"\(n2(y0))\" width=\"\(n2(tagWidth))\" height=\"\(n2(tagHeight))\" fill=\"\(c)\"/>"
            s += "<text x=\"\(n2(x0 + tagWidth / 2))\" y=\"\(n2(y0 + tagHeight - 1.5 * cell))\" font-family=\"sans-serif\" "
            s += "font-size=\"\(n2(5 * cell))\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#FFFFFF\">\(label)</text></g>\n"
        }
        s += "</svg>\n"
        out += s.utf8
        return out
    }

    /// Appends `bytes` in base64 (RFC 4648, padded, no line breaks): Foundation's encoder, which
    /// takes about 0.2 ms for an overlay's 300 KB screen.
    static func base64(_ bytes: [UInt8], into out: inout [UInt8]) {
        out.append(contentsOf: Data(bytes).base64EncodedData())
    }

    /// Writes the overlay of `screen` to `path` (by a rename).
    public static func write(_ screen: Screen, scale: Double, findings: [AuditFinding], to path: String) throws(ImageFileError) {
        let png: [UInt8], width: Int, height: Int
        switch screen {
        case .png(let file):
            guard let data = FileManager.default.contents(atPath: file) else { throw ImageFileError("cannot read \(file)") }
            png = Array(data)
            guard let size = ReportPNGSize.size(png) else { throw ImageFileError("\(file) is not a PNG") }
            (width, height) = size
        case .bitmap(let bitmap):
            png = try bitmap.pngData(fast: true)
            (width, height) = (bitmap.width, bitmap.height)
        }
        try AtomicFile.write(svg(png: png, width: width, height: height, scale: scale, findings: findings), to: path)
    }

    /// Where an overlay's screen comes from.
    public enum Screen: Sendable {
        /// A PNG file holding the render's pixels (a golden it passed against, its failure's actual image).
        case png(String)
        /// The render itself, encoded for the overlay.
        case bitmap(Bitmap)
    }

    /// XML text: the same escaping as the JUnit file's (control characters become spaces,
    /// newlines and tabs character references, which a tooltip shows as they were).
    static func escape(_ s: String) -> String { JUnitReport.escape(s) }

    static func n2(_ v: Double) -> String { format(v, places: 2) }
}
