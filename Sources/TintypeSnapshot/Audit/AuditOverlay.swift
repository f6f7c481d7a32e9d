import TintypeModel
import TintypeRender

/// The screen with each finding outlined: a translucent wash and a border in the severity's color
/// (red errors, orange warnings, blue notes), and the finding's number in a tag at its top left
/// corner, as the terminal, JSON and the report number them. Pixels only, no text engine: the same
/// findings on the same render give the same bytes.
public enum AuditOverlay {
    public static func image(_ bitmap: Bitmap, scale: Double, findings: [AuditFinding]) -> Bitmap {
        var out = bitmap
        for (n, f) in findings.enumerated() {
            guard let r = f.rect else { continue }
            let c: (UInt8, UInt8, UInt8) = switch f.severity {
            case .error: (0xE0, 0x20, 0x20)
            case .warning: (0xF0, 0x90, 0x00)
            case .info: (0x20, 0x70, 0xE0)
            }
            let x0 = max(0, Int((r.minX * scale).rounded(.down))), y0 = max(0, Int((r.minY * scale).rounded(.down)))
            let x1 = min(out.width, Int((r.maxX * scale).rounded(.up))), y1 = min(out.height, Int((r.maxY * scale).rounded(.up)))
            guard x1 > x0, y1 > y0 else { continue }
            let border = max(1, Int(scale.rounded()))
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let edge = x < x0 + border || x >= x1 - border || y < y0 + border || y >= y1 - border
                    blend(&out, x, y, c, alpha: edge ? 255 : 56)
                }
            }
            tag(&out, number: n + 1, x: x0, y: y0, color: c, scale: border)
        }
        return out
    }

    /// Composites an opaque color at `alpha` over a pixel (premultiplied BGRA).
    static func blend(_ b: inout Bitmap, _ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8), alpha: Int) {
        let i = (y * b.width + x) * 4
        let a = alpha, na = 255 - alpha
        b.pixels[i] = UInt8((Int(c.2) * a + Int(b.pixels[i]) * na) / 255)
        b.pixels[i + 1] = UInt8((Int(c.1) * a + Int(b.pixels[i + 1]) * na) / 255)
        b.pixels[i + 2] = UInt8((Int(c.0) * a + Int(b.pixels[i + 2]) * na) / 255)
        b.pixels[i + 3] = UInt8((255 * a + Int(b.pixels[i + 3]) * na) / 255)
    }

    /// 3 × 5 digits, a row of three bits each, top first.
    static let digits: [[UInt8]] = [
        [7, 5, 5, 5, 7], [2, 6, 2, 2, 7], [7, 1, 7, 4, 7], [7, 1, 7, 1, 7], [5, 5, 7, 1, 1],
        [7, 4, 7, 1, 7], [7, 4, 7, 5, 7], [7, 1, 1, 1, 1], [7, 5, 7, 5, 7], [7, 5, 7, 1, 7],
    ]

    /// The number in white on a tag of the finding's color, each digit cell `scale` × 2 pixels.
    static func tag(_ b: inout Bitmap, number: Int, x: Int, y: Int, color: (UInt8, UInt8, UInt8), scale: Int) {
        let text = Array(String(number)).compactMap { $0.wholeNumberValue }
        let cell = 2 * scale
        let w = (text.count * 4 + 1) * cell, h = 7 * cell
        for ty in 0..<h {
            for tx in 0..<w {
                let px = x + tx, py = y + ty
                guard px < b.width, py < b.height else { continue }
                let cx = tx / cell - 1, cy = ty / cell - 1
                var on = false
                if cy >= 0, cy < 5, cx >= 0, cx % 4 < 3, cx / 4 < text.count {
                    on = digits[text[cx / 4]][cy] & (4 >> UInt8(cx % 4)) != 0
                }
                blend(&b, px, py, on ? (255, 255, 255) : color, alpha: 255)
            }
        }
    }
}
