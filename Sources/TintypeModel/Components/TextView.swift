/// UITextView: text that starts at the top of the view and wraps, inside its text container inset
/// (8 points above and below by default) and the line fragment padding (5 points at each side),
/// clipped to the view's bounds. UIKit's default font is the 12-point system font.
public struct TextView: Sendable, Equatable {
    public var text: String
    public var font: Font
    public var textColor: ColorValue
    public var textAlignment: TextAlignment
    public var textContainerInset: EdgeInsets
    /// Extra space between lines, in points (NSParagraphStyle.lineSpacing).
    public var lineSpacing: Double

    public init(text: String, font: Font = .system(size: 12), textColor: ColorValue = .black, textAlignment: TextAlignment = .natural,
                textContainerInset: EdgeInsets = EdgeInsets(top: 8, left: 0, bottom: 8, right: 0), lineSpacing: Double = 0) {
        self.text = text; self.font = font; self.textColor = textColor; self.textAlignment = textAlignment
        self.textContainerInset = textContainerInset; self.lineSpacing = lineSpacing
    }

    /// The line fragment padding at each side of the text container.
    public static let lineFragmentPadding = 5.0
}

extension TextView {
    static func decode(_ r: ObjectReader) -> TextView {
        var v = TextView(text: r.string("text") ?? "")
        if let n = r.node("font", as: .font) { v.font = Label.decodeFont(n, path: join(r.path, "font"), context: r.context) ?? v.font }
        if let c = r.colorValue("textColor") { v.textColor = c }
        if let a = r.choice("textAlignment", TextAlignment.self) { v.textAlignment = a }
        if let i = r.insets("textContainerInset") { v.textContainerInset = i }
        if let s = r.length("lineSpacing") { v.lineSpacing = s }
        return v
    }
}
