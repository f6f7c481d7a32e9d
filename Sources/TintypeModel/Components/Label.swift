/// UILabel: text in a font and color, laid out in the view's bounds and centered vertically.
public struct Label: Sendable, Equatable {
    public var text: String
    public var font: Font
    public var textColor: ColorValue
    public var textAlignment: TextAlignment
    /// Maximum number of lines; 0 means no limit.
    public var numberOfLines: Int
    public var lineBreakMode: LineBreakMode
    /// Extra space between lines, in points (NSParagraphStyle.lineSpacing).
    public var lineSpacing: Double
    /// The width a multi-line label wraps at when it sizes itself (nil: the width it is offered).
    public var preferredMaxLayoutWidth: Double?
    /// Whether a text-style font follows the content size category (UIKit's
    /// `adjustsFontForContentSizeCategory`). Tintype's default is true: a scene shows the screen as
    /// it is laid out in its category. False draws the style at its Large size in every category, as a
    /// label does whose font was set once and never updated (the `dynamic-type` audit finds it).
    public var adjustsFontForContentSizeCategory = true

    public init(text: String, font: Font = .body, textColor: ColorValue = .black, textAlignment: TextAlignment = .natural,
                numberOfLines: Int = 1, lineBreakMode: LineBreakMode = .byTruncatingTail, lineSpacing: Double = 0) {
        self.text = text; self.font = font; self.textColor = textColor; self.textAlignment = textAlignment
        self.numberOfLines = numberOfLines; self.lineBreakMode = lineBreakMode; self.lineSpacing = lineSpacing
    }
}

public enum TextAlignment: String, Sendable, Equatable, CaseIterable {
    /// Left in a left-to-right layout, right in a right-to-left one.
    case natural, left, center, right
}

public enum LineBreakMode: String, Sendable, Equatable, CaseIterable {
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle

    /// Short names a scene file may use instead ("wordWrap", "truncateTail", ...).
    public static let aliases: [String: LineBreakMode] = [
        "wordWrap": .byWordWrapping, "charWrap": .byCharWrapping, "clip": .byClipping,
        "truncateHead": .byTruncatingHead, "truncateTail": .byTruncatingTail, "truncateMiddle": .byTruncatingMiddle,
    ]
}

extension View {
    /// A label view.
    public static func label(_ text: String, font: Font = .body, textColor: ColorValue = .black,
                             textAlignment: TextAlignment = .natural, numberOfLines: Int = 1,
                             lineBreakMode: LineBreakMode = .byTruncatingTail, lineSpacing: Double = 0,
                             frame: Rect? = nil, backgroundColor: ColorValue? = nil) -> View {
        View(.label(Label(text: text, font: font, textColor: textColor, textAlignment: textAlignment,
                          numberOfLines: numberOfLines, lineBreakMode: lineBreakMode, lineSpacing: lineSpacing)),
             frame: frame, backgroundColor: backgroundColor)
    }
}

extension Label {
    /// The category the label's font is sized for: the scene's, or Large when it does not adjust.
    public func category(_ scene: ContentSizeCategory) -> ContentSizeCategory {
        adjustsFontForContentSizeCategory ? scene : .large
    }

    static func decode(_ r: ObjectReader) -> Label? {
        var label = Label(text: r.string("text") ?? "")
        if let n = r.node("font", as: .font) { label.font = decodeFont(n, path: join(r.path, "font"), context: r.context) ?? label.font }
        if let c = r.colorValue("textColor") { label.textColor = c }
        if let a = r.choice("textAlignment", TextAlignment.self) { label.textAlignment = a }
        if let n = r.integer("numberOfLines", in: 0...SceneLimits.maxNumberOfLines) { label.numberOfLines = n }
        if let m = r.choice("lineBreakMode", LineBreakMode.self, aliases: LineBreakMode.aliases) { label.lineBreakMode = m }
        if let s = r.length("lineSpacing") { label.lineSpacing = s }
        label.preferredMaxLayoutWidth = r.length("preferredMaxLayoutWidth")
        if let b = r.bool("adjustsFontForContentSizeCategory") { label.adjustsFontForContentSizeCategory = b }
        return label
    }

    /// `"body"`, `17`, `{"style": "body", "weight": "bold"}` or `{"size": 17, "weight": "semibold"}`.
    static func decodeFont(_ n: JSONNode, path: String, context: DecodeContext) -> Font? {
        context.recorder?.declare(path, .font)
        switch n.value {
        case .string:
            return ObjectReader.choice(n, path: path, TextStyle.self, context: context).map { .style($0) }
        case .number:
            return ObjectReader.number(n, path: path, in: SceneLimits.fontSize, context: context).map { .system(size: $0) }
        case .object:
            guard let r = ObjectReader(n, path: path, context: context, schemaName: "font") else { return nil }
            defer { r.finish() }
            let weight = r.choice("weight", FontWeight.self)
            if r.has("style") {
                if let size = r.node("size") { context.report(join(path, "size"), size.position, "give either \"style\" or \"size\", not both") }
                return r.choice("style", TextStyle.self).map { .style($0, weight: weight) }
            }
            guard let size = r.number("size", in: SceneLimits.fontSize) else {
                if !r.has("size") { context.report(path, n.position, "a font needs a \"style\" (like \"body\") or a \"size\"") }
                return nil
            }
            return .system(size: size, weight: weight ?? .regular)
        default:
            context.report(path, n.position, "expected a text style name, a size, or an object, found \(n.value.kindName)")
            return nil
        }
    }
}
