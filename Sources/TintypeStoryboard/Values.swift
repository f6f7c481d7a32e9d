import Foundation
import TintypeModel

/// Interface Builder's values (colors, fonts, rectangles, insets, dates) as scene-file values.
extension Importer {
    func number(_ s: String?) -> Double? {
        guard let s, let v = Double(s), v.isFinite else { return nil }
        return v
    }

    /// The number a string starts with ("10f" → 10), as Foundation's `doubleValue` reads it.
    func leadingNumber(_ s: String) -> Double? {
        let body = s.trimmingCharacters(in: .whitespaces)
        var end = body.startIndex
        var seenDigit = false
        for (n, ch) in zip(body.indices, body) {
            if ch.isASCII && ch.isNumber { seenDigit = true; end = body.index(after: n); continue }
            if ch == "." || ((ch == "-" || ch == "+") && n == body.startIndex) { end = body.index(after: n); continue }
            break
        }
        guard seenDigit, let v = Double(body[..<end]), v.isFinite else { return nil }
        return v
    }

    /// `<rect key="frame" x= y= width= height=>`.
    func rect(_ n: XMLNode, _ key: String) -> Rect? {
        guard let r = n.child("rect", key: key) else { return nil }
        return Rect(x: number(r["x"]) ?? 0, y: number(r["y"]) ?? 0, width: max(0, number(r["width"]) ?? 0), height: max(0, number(r["height"]) ?? 0))
    }

    /// `<edgeInsets top= left= bottom= right=>` as `[top, left, bottom, right]`.
    func insets(_ n: XMLNode) -> JSONOut {
        .array(["top", "left", "bottom", "right"].map { .number(number(n[$0]) ?? 0) })
    }

    /// `<inset minX= minY= maxX= maxY=>` (a button's edge insets) as `[top, left, bottom, right]`.
    func edgeInsets(_ n: XMLNode) -> JSONOut {
        .array(["minY", "minX", "maxY", "maxX"].map { .number(number(n[$0]) ?? 0) })
    }

    /// A date from seconds since 2001-01-01 (UTC), as the date picker's `"YYYY-MM-DD HH:MM"`.
    func dateString(_ interval: Double) -> String {
        let date = Date(timeIntervalSinceReferenceDate: interval)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ v: Int?) -> String { let s = String(v ?? 0); return s.count < 2 ? "0" + s : s }
        return "\(c.year ?? 2001)-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute))"
    }

    // MARK: Text

    /// A text as the scene writes it: itself, or `{"localized": "ID.key"}` when the storyboard has
    /// translations (`xx.lproj/Main.strings`), its own text then being the English one.
    mutating func localized(_ text: String, id: String?, key: String) -> JSONOut {
        guard !strings.isEmpty, let id else { return .string(text) }
        let k = id + "." + key
        if strings.baseKeys.insert(k).inserted { strings.base.append((k, text)) }
        return .object([("localized", .string(k))])
    }

    // MARK: Fonts

    static let textStyles = [
        "UICTFontTextStyleTitle0": "largeTitle", "UICTFontTextStyleLargeTitle": "largeTitle", "UICTFontTextStyleTitle1": "title1",
        "UICTFontTextStyleTitle2": "title2", "UICTFontTextStyleTitle3": "title3", "UICTFontTextStyleHeadline": "headline",
        "UICTFontTextStyleBody": "body", "UICTFontTextStyleCallout": "callout", "UICTFontTextStyleSubhead": "subheadline",
        "UICTFontTextStyleFootnote": "footnote", "UICTFontTextStyleCaption1": "caption1", "UICTFontTextStyleCaption2": "caption2",
    ]
    static let weights = ["ultraLight": "ultraLight", "thin": "thin", "light": "light", "regular": "regular", "medium": "medium",
                          "semibold": "semibold", "bold": "bold", "heavy": "heavy", "black": "black"]

    /// The weight a font's PostScript or family name says ("HelveticaNeue-Bold", "AvenirNext-DemiBold",
    /// "Avenir-Heavy", "HelveticaNeue-UltraLight"), the longer words first so that "semibold" is not
    /// read as "bold" nor "ultralight" as "light"; nil when the name says none.
    static func weight(ofFontNamed name: String) -> String? {
        let lower = name.lowercased()
        let words: [(String, String)] = [("semibold", "semibold"), ("demibold", "semibold"), ("extrabold", "heavy"),
                                         ("ultrabold", "heavy"), ("heavy", "heavy"), ("black", "black"), ("bold", "bold"),
                                         ("medium", "medium"), ("ultralight", "ultraLight"), ("extralight", "ultraLight"),
                                         ("thin", "thin"), ("light", "light")]
        return words.first { lower.contains($0.0) }?.1
    }

    /// `<fontDescription key="fontDescription" …>`: system fonts by size and weight, text styles;
    /// a named font is drawn as the system font of its size (and reported).
    mutating func font(_ n: XMLNode, key: String = "fontDescription") -> JSONOut? {
        guard let f = n.child("fontDescription", key: key) else { return nil }
        if let style = f["style"] {
            guard let s = Self.textStyles[style] else {
                warn(f, "font", "the text style \(quoted(style)) is not one Tintype has; the body style is used", attribute: "style", id: n["id"])
                return .string("body")
            }
            return .string(s)
        }
        let size = number(f["pointSize"]) ?? 17
        let clamped = min(max(size, 1), 1000)
        var weight = f["weight"].flatMap { Self.weights[$0] }
        switch f["type"] {
        case "system"?: break
        case "boldSystem"?: weight = "bold"
        case "italicSystem"?:
            warn(f, "font", "italic system fonts are drawn upright (Tintype pins Inter's upright faces)", attribute: "type", id: n["id"])
        case nil:
            let name = f["name"] ?? f["family"] ?? "?"
            warn(f, "font", "the font \(quoted(name)) is drawn as the system font of its size (Tintype draws with its pinned fonts only)", attribute: "name", id: n["id"])
            weight = Self.weight(ofFontNamed: name) ?? weight
        default:
            warn(f, "font", "the font type \(quoted(f["type"]!)) is drawn as the system font", attribute: "type", id: n["id"])
        }
        if let weight, weight != "regular" { return .object([("size", .number(clamped)), ("weight", .string(weight))]) }
        return .number(clamped)
    }

    // MARK: Colors

    /// The color child with `key`, as a scene color string.
    mutating func color(_ n: XMLNode, _ key: String) -> JSONOut? {
        guard let c = n.children.first(where: { $0.name == "color" && $0["key"] == key }) else { return nil }
        return colorValue(c, owner: n)
    }

    func isBlack(_ n: XMLNode, _ key: String) -> Bool { colorHex(n, key) == "#000000" }
    func isWhite(_ n: XMLNode, _ key: String) -> Bool { colorHex(n, key) == "#FFFFFF" }
    func colorHex(_ n: XMLNode, _ key: String) -> String? {
        guard let c = n.children.first(where: { $0.name == "color" && $0["key"] == key }) else { return nil }
        var copy = self
        if case .string(let s)? = copy.colorValue(c, owner: n) { return s }
        return nil
    }

    /// UIKit's pre-iOS 13 named colors (`cocoaTouchSystemColor`).
    static let cocoaTouchColors = [
        "darkTextColor": "#000000", "lightTextColor": "#FFFFFF99", "groupTableViewBackgroundColor": "groupTableViewBackground",
        "whiteColor": "#FFFFFF", "blackColor": "#000000", "clearColor": "#00000000", "tableCellGroupedBackgroundColor": "#FFFFFF",
        "viewFlipsideBackgroundColor": "#1F2124", "scrollViewTexturedBackgroundColor": "#6F7178", "underPageBackgroundColor": "#B5B5B5",
        "lightGrayColor": "#AAAAAA", "grayColor": "#808080", "darkGrayColor": "#555555",
    ]
    /// iOS 13's semantic colors, in their light appearance, for files that do not carry them.
    static let semanticColors = [
        "systemBackgroundColor": "#FFFFFF", "secondarySystemBackgroundColor": "#F2F2F7", "tertiarySystemBackgroundColor": "#FFFFFF",
        "systemGroupedBackgroundColor": "#F2F2F7", "secondarySystemGroupedBackgroundColor": "#FFFFFF",
        "tertiarySystemGroupedBackgroundColor": "#F2F2F7", "labelColor": "#000000", "secondaryLabelColor": "#3C3C4399",
        "tertiaryLabelColor": "#3C3C434D", "quaternaryLabelColor": "#3C3C432E", "placeholderTextColor": "#3C3C434D",
        "separatorColor": "#3C3C434A", "opaqueSeparatorColor": "#C6C6C8", "linkColor": "#007AFF", "systemFillColor": "#78788033",
        "secondarySystemFillColor": "#78788029", "tertiarySystemFillColor": "#7676801F", "quaternarySystemFillColor": "#74748014",
        "systemGray2Color": "#AEAEB2", "systemGray3Color": "#C7C7CC", "systemGray4Color": "#D1D1D6", "systemGray5Color": "#E5E5EA",
        "systemGray6Color": "#F2F2F7", "systemIndigoColor": "#5856D6", "groupTableViewBackgroundColor": "groupTableViewBackground",
        "tableCellGroupedBackgroundColor": "#FFFFFF", "darkTextColor": "#000000", "lightTextColor": "#FFFFFF99",
    ]

    /// A `<color>` element as a scene color: components in sRGB (or calibrated RGB, P3 and gray
    /// converted to it), a system color, or a named color from the file's resources or the asset catalog.
    mutating func colorValue(_ c: XMLNode, owner: XMLNode? = nil) -> JSONOut? {
        if c["red"] != nil || c["white"] != nil {
            return components(c)
        }
        if let name = c["systemColor"] {
            if let r = resourceColors[name], r["red"] != nil || r["white"] != nil { return components(r) }
            let short = name.hasSuffix("Color") ? String(name.dropLast(5)) : name
            if Color.named.contains(where: { $0.name == short }) { return .string(short) }
            if let v = Self.semanticColors[name] { return .string(v) }
            warn(c, "color", "the system color \(quoted(name)) is not one Tintype knows; black is used", attribute: "systemColor", id: owner?["id"])
            return .string("#000000")
        }
        if let name = c["cocoaTouchSystemColor"] {
            if let v = Self.cocoaTouchColors[name] { return .string(v) }
            warn(c, "color", "the system color \(quoted(name)) is not one Tintype knows; black is used", attribute: "cocoaTouchSystemColor", id: owner?["id"])
            return .string("#000000")
        }
        if let name = c["name"] {
            if let r = resourceColors[name], r["red"] != nil || r["white"] != nil { return components(r) }
            if let hex = assets.color(named: name) { return .string(hex) }
            warn(c, "missingColor", "the color \(quoted(name)) is in no asset catalog near the file (\(assets.describeSearch())); it is left out",
                 attribute: "name", id: owner?["id"])
            return nil
        }
        return nil
    }

    /// Components as `#RRGGBB` or `#RRGGBBAA`, in sRGB.
    func components(_ c: XMLNode) -> JSONOut {
        let alpha = min(max(number(c["alpha"]) ?? 1, 0), 1)
        var rgb: (Double, Double, Double)
        if let w = number(c["white"]) {
            rgb = (w, w, w)
        } else {
            rgb = (number(c["red"]) ?? 0, number(c["green"]) ?? 0, number(c["blue"]) ?? 0)
            if c["customColorSpace"] == "displayP3" { rgb = Self.p3ToSRGB(rgb) }
        }
        func byte(_ v: Double) -> String {
            let b = Int((min(max(v, 0), 1) * 255).rounded())
            let hex = String(b, radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }
        return .string("#" + byte(rgb.0) + byte(rgb.1) + byte(rgb.2) + (alpha < 1 ? byte(alpha) : ""))
    }

    /// Display P3 to sRGB: linearize, convert (the primaries' matrix), encode; out-of-gamut clamps.
    static func p3ToSRGB(_ c: (Double, Double, Double)) -> (Double, Double, Double) {
        func lin(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        func enc(_ v: Double) -> Double { let x = min(max(v, 0), 1); return x <= 0.0031308 ? x * 12.92 : 1.055 * pow(x, 1 / 2.4) - 0.055 }
        let (r, g, b) = (lin(c.0), lin(c.1), lin(c.2))
        return (enc(1.2249401 * r - 0.2249404 * g),
                enc(-0.0420569 * r + 1.0420571 * g),
                enc(-0.0196376 * r - 0.0786361 * g + 1.0982735 * b))
    }

    // MARK: Images

    /// The path of an image named in the asset catalog (a `.png` of an `.imageset`), relative to
    /// the folder the scene is written to; nil (and a warning) when it cannot be drawn.
    mutating func imagePath(_ name: String, node: XMLNode, attribute: String, catalog: String? = nil) -> String? {
        if catalog == "system" {
            warn(node, "systemImage", "the SF Symbol \(quoted(name)) (iOS 13) is not drawn", attribute: attribute)
            return nil
        }
        switch assets.image(named: name) {
        case .found(let file, let scaleNote):
            if let scaleNote { warn(node, "imageScale", "the image \(quoted(name)): \(scaleNote)", attribute: attribute) }
            return relative(file)
        case .unsupported(let file):
            warn(node, "imageFormat", "the image \(quoted(name)) is \((file as NSString).lastPathComponent), which Tintype does not draw (PNG and SVG only); it is left out",
                 attribute: attribute)
            return nil
        case .missing:
            // A loose file beside the storyboard (older projects).
            for candidate in [name, name + ".png", name + "@2x.png"] {
                let path = (directory as NSString).appendingPathComponent(candidate)
                if candidate.lowercased().hasSuffix(".png"), FileManager.default.fileExists(atPath: path) { return relative(path) }
            }
            warn(node, "missingImage", "the image \(quoted(name)) is in no asset catalog near the file (\(assets.describeSearch())); it is left out", attribute: attribute)
            return nil
        }
    }

    /// The asset catalog's rendering intent of an image (`template`, `original`), if it says.
    func renderingIntent(_ name: String) -> String? { assets.renderingIntent(named: name) }

    /// `path` relative to the folder the scene files go to.
    func relative(_ path: String) -> String {
        let base = options.imageDirectory ?? directory
        return relativePath(from: base, to: path)
    }
}

/// The path from folder `base` to `target`, both made absolute against the current folder.
func relativePath(from base: String, to target: String) -> String {
    func parts(_ p: String) -> [String] {
        let absolute = p.hasPrefix("/") ? p : FileManager.default.currentDirectoryPath + "/" + p
        var out: [String] = []
        for c in absolute.split(separator: "/") {
            if c == "." || c.isEmpty { continue }
            if c == ".." { if !out.isEmpty { out.removeLast() }; continue }
            out.append(String(c))
        }
        return out
    }
    let b = parts(base), t = parts(target)
    var common = 0
    while common < b.count && common < t.count && b[common] == t[common] { common += 1 }
    let up = Array(repeating: "..", count: b.count - common)
    return (up + t[common...]).joined(separator: "/")
}
