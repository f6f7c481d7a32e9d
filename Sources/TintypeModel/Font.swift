/// A font: a Dynamic Type text style (sized by the scene's content size category) or an explicit
/// size and weight, like UIFont.preferredFont(forTextStyle:) and UIFont.systemFont(ofSize:weight:).
public enum Font: Sendable, Equatable {
    /// A text style; `weight` overrides the style's own weight when set.
    case style(TextStyle, weight: FontWeight?)
    case system(size: Double, weight: FontWeight = .regular)

    public static func style(_ style: TextStyle) -> Font { .style(style, weight: nil) }
    public static let body = Font.style(.body)

    /// Point size for a content size category (docs/uikit-metrics.md, Dynamic Type).
    public func pointSize(category: ContentSizeCategory) -> Double {
        switch self {
        case .style(let style, _): style.pointSize(category: category)
        case .system(let size, _): size
        }
    }

    public var weight: FontWeight {
        switch self {
        case .style(let style, let weight): weight ?? style.weight
        case .system(_, let weight): weight
        }
    }
}

public enum TextStyle: String, Sendable, Equatable, CaseIterable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    public var weight: FontWeight { self == .headline ? .semibold : .regular }

    public func pointSize(category: ContentSizeCategory) -> Double {
        let table: [Double] = switch self {
        case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline, .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41]
        }
        return table[category.index]
    }
}

/// UIFont.Weight, with the OpenType weight class each maps to in Inter.
public enum FontWeight: String, Sendable, Equatable, CaseIterable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    public var cssWeight: Int {
        switch self {
        case .ultraLight: 100
        case .thin: 200
        case .light: 300
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        case .heavy: 800
        case .black: 900
        }
    }
}
