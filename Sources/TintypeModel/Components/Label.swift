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
