/// An sRGB color with straight (not premultiplied) alpha, each channel in 0...1.
public struct Color: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// Channels are clamped into 0...1; non-finite channels become 0.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func clamp(_ v: Double) -> Double { v.isFinite ? min(1, max(0, v)) : 0 }
        self.red = clamp(red); self.green = clamp(green); self.blue = clamp(blue); self.alpha = clamp(alpha)
    }

    /// A color from 8-bit channels, as written in the spec (`Color(rgb8: 0, 122, 255)`).
    public init(rgb8 r: Int, _ g: Int, _ b: Int, alpha: Double = 1) {
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: alpha)
    }

    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    public func withAlpha(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }

    /// Rec. 709 luma of the gamma-encoded channels.
    public var luminance: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }

    /// The gray a tint turns into under `tintAdjustmentMode = .dimmed`.
    ///
    /// UIKit publishes no formula. Tintype maps the tint's Rec. 709 luma `L` into a band of readable
    /// mid grays: `gray = 0.4 + 0.3 × L`, alpha kept. The default blue (#007AFF, L ≈ 0.414) becomes
    /// ≈ 0.524 (134/255), a mid gray like the one iOS shows; black stays a readable 0.4 and white
    /// dims to 0.7 rather than vanishing on a white background.
    public var dimmed: Color {
        let gray = 0.4 + 0.3 * luminance
        return Color(white: gray, alpha: alpha)
    }

    /// `#RRGGBB` or `#RRGGBBAA` (alpha only when not opaque).
    public var description: String {
        func hex(_ v: Double) -> String {
            let n = Int((v * 255).rounded())
            let s = String(n, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        let a = hex(alpha)
        return "#" + hex(red) + hex(green) + hex(blue) + (a == "FF" ? "" : a)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)

    // iOS 7–12 system colors (docs/uikit-metrics.md, Colors).
    public static let systemBlue = Color(rgb8: 0x00, 0x7A, 0xFF)
    public static let systemRed = Color(rgb8: 0xFF, 0x3B, 0x30)
    public static let systemOrange = Color(rgb8: 0xFF, 0x95, 0x00)
    public static let systemYellow = Color(rgb8: 0xFF, 0xCC, 0x00)
    public static let systemGreen = Color(rgb8: 0x4C, 0xD9, 0x64)
    public static let systemTeal = Color(rgb8: 0x5A, 0xC8, 0xFA)
    public static let systemPurple = Color(rgb8: 0x58, 0x56, 0xD6)
    public static let systemPink = Color(rgb8: 0xFF, 0x2D, 0x55)
    public static let systemGray = Color(rgb8: 0x8E, 0x8E, 0x93)
    public static let systemLightGray = Color(rgb8: 0xC7, 0xC7, 0xCC)
    public static let groupTableViewBackground = Color(rgb8: 0xEF, 0xEF, 0xF4)
    public static let separator = Color(rgb8: 0xC8, 0xC7, 0xCC)

    /// The names a scene file may use, with the colors they stand for.
    public static let named: [(name: String, color: Color)] = [
        ("clear", .clear), ("black", .black), ("white", .white),
        ("darkGray", Color(white: 1.0 / 3)), ("lightGray", Color(white: 2.0 / 3)), ("gray", Color(white: 0.5)),
        ("red", Color(red: 1, green: 0, blue: 0)), ("green", Color(red: 0, green: 1, blue: 0)),
        ("blue", Color(red: 0, green: 0, blue: 1)), ("cyan", Color(red: 0, green: 1, blue: 1)),
        ("yellow", Color(red: 1, green: 1, blue: 0)), ("magenta", Color(red: 1, green: 0, blue: 1)),
        ("orange", Color(red: 1, green: 0.5, blue: 0)), ("purple", Color(red: 0.5, green: 0, blue: 0.5)),
        ("brown", Color(red: 0.6, green: 0.4, blue: 0.2)),
        ("systemBlue", .systemBlue), ("systemRed", .systemRed), ("systemOrange", .systemOrange),
        ("systemYellow", .systemYellow), ("systemGreen", .systemGreen), ("systemTeal", .systemTeal),
        ("systemPurple", .systemPurple), ("systemPink", .systemPink), ("systemGray", .systemGray),
        ("systemLightGray", .systemLightGray), ("groupTableViewBackground", .groupTableViewBackground),
        ("separator", .separator),
    ]
}

/// A color as written in a scene: a fixed color, or `tint`, the view's resolved tint color.
public enum ColorValue: Sendable, Equatable, Hashable {
    case color(Color)
    case tint

    public static let black = ColorValue.color(.black)
    public static let white = ColorValue.color(.white)
    public static let clear = ColorValue.color(.clear)
}

extension Color {
    /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA`, a named color (`systemRed`, `black`), or
    /// `white(W)` / `white(W, A)` (UIColor(white:alpha:)); any of these may end in `@A` to set the
    /// alpha (`black@0.4`). Returns nil for anything else.
    public init?(parsing text: String) {
        var body = Substring(text.trimmingSpaces)
        var alphaOverride: Double?
        if let at = body.lastIndex(of: "@") {
            guard let a = Double(body[body.index(after: at)...].trimmingSpaces), a.isFinite, (0...1).contains(a) else { return nil }
            alphaOverride = a
            body = body[..<at]
        }
        let s = String(body).trimmingSpaces
        var color: Color
        if s.hasPrefix("#") {
            let hex = Array(s.dropFirst())
            var digits: [Double] = []
            for ch in hex {
                guard ch.isASCII, let v = ch.hexDigitValue else { return nil }
                digits.append(Double(v))
            }
            switch digits.count {
            case 3: color = Color(red: digits[0] * 17 / 255, green: digits[1] * 17 / 255, blue: digits[2] * 17 / 255)
            case 6, 8:
                let c = stride(from: 0, to: digits.count, by: 2).map { (digits[$0] * 16 + digits[$0 + 1]) / 255 }
                color = Color(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 1)
            default: return nil
            }
        } else if let open = s.firstIndex(of: "("), s.hasSuffix(")") {
            let name = s[..<open].trimmingSpaces
            let args = s[s.index(after: open)..<s.index(before: s.endIndex)].split(separator: ",").map { Double($0.trimmingSpaces) }
            guard !args.isEmpty, args.count <= 2, args.allSatisfy({ $0 != nil && $0!.isFinite && (0...1).contains($0!) }) else { return nil }
            let level = args[0]!, alpha = args.count == 2 ? args[1]! : 1
            guard name == "white" else { return nil }
            color = Color(white: level, alpha: alpha)
        } else if let named = Color.named.first(where: { $0.name == s }) {
            color = named.color
        } else {
            return nil
        }
        if let alphaOverride { color.alpha = alphaOverride }
        self = color
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
