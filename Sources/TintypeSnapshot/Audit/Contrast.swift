import Foundation
import TintypeModel

/// WCAG 2.x contrast: relative luminance and contrast ratio of sRGB colors.
public enum Contrast {
    /// Relative luminance (WCAG 2.x): each sRGB channel linearized, weighted 0.2126, 0.7152, 0.0722.
    public static func luminance(_ c: Color) -> Double {
        func lin(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : Foundation.pow((v + 0.055) / 1.055, 2.4) }
        return 0.2126 * lin(c.red) + 0.7152 * lin(c.green) + 0.0722 * lin(c.blue)
    }

    /// (L1 + 0.05) / (L2 + 0.05), the lighter over the darker: 1 to 21.
    public static func ratio(_ a: Color, _ b: Color) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `top` (with its alpha) composited over the opaque `bottom`.
    public static func over(_ top: Color, _ bottom: Color) -> Color {
        let a = top.alpha
        return Color(red: top.red * a + bottom.red * (1 - a), green: top.green * a + bottom.green * (1 - a),
                     blue: top.blue * a + bottom.blue * (1 - a))
    }

    /// The ratio WCAG 2.x AA asks of text: 3:1 for large text (18 points and up, or 14 points and
    /// up in bold), 4.5:1 for the rest. Tintype takes iOS points as WCAG's points, as Apple's own
    /// guidance does.
    public static func required(size: Double, weight: FontWeight) -> Double {
        size >= 18 || (size >= 14 && weight.cssWeight >= 700) ? 3 : 4.5
    }

    /// The ratio rounded down to two decimals, so that a failing ratio never reads as the limit.
    public static func shown(_ r: Double) -> String {
        let floored = (r * 100).rounded(.down) / 100
        return format(floored, places: 2)
    }
}
