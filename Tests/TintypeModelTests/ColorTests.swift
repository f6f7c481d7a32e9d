import Testing
@testable import TintypeModel

/// `Color(parsing:)`, `description`, clamping, luma and the dimmed formula.
struct ColorTests {
    private func close(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    private func close(_ a: Color, _ b: Color, tolerance: Double = 1e-9) -> Bool {
        close(a.red, b.red, tolerance: tolerance) && close(a.green, b.green, tolerance: tolerance)
            && close(a.blue, b.blue, tolerance: tolerance) && close(a.alpha, b.alpha, tolerance: tolerance)
    }

    // MARK: Accepted syntaxes

    @Test func shortHexExpandsEachDigit() {
        #expect(Color(parsing: "#F80") == Color(rgb8: 0xFF, 0x88, 0x00))
        #expect(Color(parsing: "#fff") == .white)
        #expect(Color(parsing: "#000") == .black)
        #expect(Color(parsing: "#F80")?.alpha == 1)
    }

    @Test func sixDigitHexInEitherCase() {
        #expect(Color(parsing: "#007AFF") == .systemBlue)
        #expect(Color(parsing: "#007aff") == .systemBlue)
        #expect(Color(parsing: "#FF3B30") == .systemRed)
        #expect(Color(parsing: "#123456") == Color(rgb8: 0x12, 0x34, 0x56))
    }

    @Test func eightDigitHexCarriesAlpha() {
        #expect(Color(parsing: "#FF000080") == Color(rgb8: 255, 0, 0, alpha: 128.0 / 255))
        #expect(Color(parsing: "#11223344") == Color(rgb8: 0x11, 0x22, 0x33, alpha: Double(0x44) / 255))
        #expect(Color(parsing: "#000000FF") == .black)
        #expect(Color(parsing: "#00000000") == .clear)
    }

    @Test(arguments: Color.named)
    func everyNamedColorParses(_ entry: (name: String, color: Color)) {
        #expect(Color(parsing: entry.name) == entry.color)
    }

    @Test func namedColorsHaveTheSpecValues() {
        func named(_ n: String) -> Color? { Color.named.first { $0.name == n }?.color }
        #expect(named("systemBlue") == Color(rgb8: 0x00, 0x7A, 0xFF))
        #expect(named("systemRed") == Color(rgb8: 0xFF, 0x3B, 0x30))
        #expect(named("systemOrange") == Color(rgb8: 0xFF, 0x95, 0x00))
        #expect(named("systemYellow") == Color(rgb8: 0xFF, 0xCC, 0x00))
        #expect(named("systemGreen") == Color(rgb8: 0x4C, 0xD9, 0x64))
        #expect(named("systemTeal") == Color(rgb8: 0x5A, 0xC8, 0xFA))
        #expect(named("systemPurple") == Color(rgb8: 0x58, 0x56, 0xD6))
        #expect(named("systemPink") == Color(rgb8: 0xFF, 0x2D, 0x55))
        #expect(named("systemGray") == Color(rgb8: 0x8E, 0x8E, 0x93))
        #expect(named("systemLightGray") == Color(rgb8: 0xC7, 0xC7, 0xCC))
        #expect(named("groupTableViewBackground") == Color(rgb8: 0xEF, 0xEF, 0xF4))
        #expect(named("separator") == Color(rgb8: 0xC8, 0xC7, 0xCC))
        #expect(named("clear") == Color(red: 0, green: 0, blue: 0, alpha: 0))
        // Names are unique.
        #expect(Set(Color.named.map(\.name)).count == Color.named.count)
    }

    @Test func whiteFunction() {
        #expect(Color(parsing: "white(0.5)") == Color(white: 0.5))
        #expect(Color(parsing: "white(0.2, 0.5)") == Color(white: 0.2, alpha: 0.5))
        #expect(Color(parsing: "white(0,1)") == .black)
        #expect(Color(parsing: "white(1)") == .white)
        #expect(Color(parsing: " white( 0.25 ,  0.75 ) ") == Color(white: 0.25, alpha: 0.75))
    }

    @Test func alphaSuffixOverridesAlpha() {
        #expect(Color(parsing: "black@0.4") == Color(white: 0, alpha: 0.4))
        #expect(Color(parsing: "systemRed@0.3") == Color.systemRed.withAlpha(0.3))
        #expect(Color(parsing: "systemRed @ 0.3") == Color.systemRed.withAlpha(0.3))
        #expect(Color(parsing: "#007AFF@0.5") == Color.systemBlue.withAlpha(0.5))
        #expect(Color(parsing: "#F00@0") == Color(red: 1, green: 0, blue: 0, alpha: 0))
        // The suffix replaces (does not multiply) an alpha the color already has.
        #expect(Color(parsing: "#FF000080@0.25") == Color(red: 1, green: 0, blue: 0, alpha: 0.25))
        #expect(Color(parsing: "white(0.2, 0.5)@1") == Color(white: 0.2))
        #expect(Color(parsing: "clear@1") == .black)
    }

    @Test func surroundingSpacesAndTabsAreIgnored() {
        #expect(Color(parsing: "  systemBlue\t") == .systemBlue)
        #expect(Color(parsing: "\t#007AFF ") == .systemBlue)
    }

    // MARK: Rejected syntaxes

    @Test(arguments: [
        "#12", "#1234", "#12345", "#1234567", "#123456789", "#", "#GGGGGG", "#12345G", "#-12",
        "white(2)", "white(-0.1)", "white(0.5, 2)", "white()", "white(0.1, 0.2, 0.3)", "white(x)", "white(nan)",
        "white(0.5", "gray(0.5)", "rgb(1, 0, 0)",
        "@1.5", "@0.5", "black@1.5", "black@-0.1", "black@", "black@x", "black@inf", "black@nan", "#FFF@2",
        "notacolor", "", "   ", "tint", "system Blue", "007AFF",
    ])
    func rejects(_ text: String) {
        #expect(Color(parsing: text) == nil, "\"\(text)\" should not parse")
    }

    // MARK: Construction

    @Test func channelsAreClampedAndNonFiniteBecomesZero() {
        let c = Color(red: 2, green: -1, blue: .nan, alpha: .infinity)
        #expect(c.red == 1)
        #expect(c.green == 0)
        #expect(c.blue == 0)
        #expect(c.alpha == 0)
        #expect(Color(white: 1.5, alpha: -3) == Color(red: 1, green: 1, blue: 1, alpha: 0))
        #expect(Color.black.withAlpha(7).alpha == 1)
    }

    @Test func rgb8AndWhiteInitializers() {
        let c = Color(rgb8: 255, 128, 0, alpha: 0.5)
        #expect(c.red == 1)
        #expect(c.green == 128.0 / 255)
        #expect(c.blue == 0)
        #expect(c.alpha == 0.5)
        #expect(Color(white: 0.3) == Color(red: 0.3, green: 0.3, blue: 0.3, alpha: 1))
    }

    @Test func colorValueConstants() {
        #expect(ColorValue.black == .color(.black))
        #expect(ColorValue.white == .color(.white))
        #expect(ColorValue.clear == .color(.clear))
        #expect(ColorValue.tint != .color(.systemBlue))
    }

    // MARK: Description

    @Test func descriptionIsUppercaseHex() {
        #expect(Color.systemBlue.description == "#007AFF")
        #expect(Color.white.description == "#FFFFFF")
        #expect(Color.black.description == "#000000")
        #expect(Color.clear.description == "#00000000")
        #expect(Color(rgb8: 0x0A, 0x0B, 0x0C).description == "#0A0B0C")
    }

    @Test func descriptionAddsAlphaOnlyWhenNotOpaque() {
        #expect(Color(rgb8: 255, 0, 0, alpha: 128.0 / 255).description == "#FF000080")
        #expect(Color.black.withAlpha(0.4).description == "#00000066")
        #expect(Color(white: 0.5).description == "#808080")
    }

    @Test(arguments: ["#007AFF", "#FF3B30", "#000000", "#FFFFFF", "#123456", "#ABCDEF80", "#00000000", "#0A0B0C0D"])
    func descriptionRoundTripsFromText(_ text: String) throws {
        let color = try #require(Color(parsing: text))
        #expect(color.description == text)
        #expect(Color(parsing: color.description) == color)
    }

    @Test func descriptionRoundTripsEveryNamedColorWithinHalfAStep() throws {
        for (name, color) in Color.named {
            let again = try #require(Color(parsing: color.description), "\(name)")
            #expect(close(again, color, tolerance: 0.5 / 255), "\(name): \(color.description)")
            // Colors made of 8-bit channels come back exactly.
            let eightBit = [color.red, color.green, color.blue, color.alpha].allSatisfy { ($0 * 255).rounded() == $0 * 255 }
            if eightBit { #expect(again == color, "\(name)") }
        }
    }

    @Test func descriptionOfParsedShortForms() {
        #expect(Color(parsing: "#F80")?.description == "#FF8800")
        #expect(Color(parsing: "black@0.4")?.description == "#00000066")
        #expect(Color(parsing: "white(0.2, 0.5)")?.description == "#33333380")
    }

    // MARK: Luma and dimming

    @Test func luminanceIsRec709Luma() {
        #expect(close(Color.white.luminance, 1))
        #expect(Color.black.luminance == 0)
        #expect(close(Color(red: 1, green: 0, blue: 0).luminance, 0.2126))
        #expect(close(Color(red: 0, green: 1, blue: 0).luminance, 0.7152))
        #expect(close(Color(red: 0, green: 0, blue: 1).luminance, 0.0722))
        #expect(close(Color.systemBlue.luminance, 0.7152 * 122 / 255 + 0.0722))
    }

    @Test func dimmedDefaultBlueIsMidGray134() {
        let d = Color.systemBlue.dimmed
        #expect(d.red == d.green && d.green == d.blue)
        #expect(close(d.red, 0.4 + 0.3 * (0.7152 * 122 / 255 + 0.0722)))
        #expect(close(d.red, 0.524, tolerance: 0.001))
        #expect(Int((d.red * 255).rounded()) == 134)
        #expect(d.alpha == 1)
    }

    @Test func dimmedBlackAndWhiteStayReadable() {
        #expect(close(Color.black.dimmed.red, 0.4))
        #expect(close(Color.white.dimmed.red, 0.7))
        #expect(close(Color.white.dimmed, Color(white: 0.7)))
        #expect(close(Color.black.dimmed, Color(white: 0.4)))
    }

    @Test(arguments: [
        Color.systemRed, .systemGreen, .systemOrange, .systemPink, Color(red: 0.2, green: 0.9, blue: 0.1, alpha: 0.35),
        Color(white: 0.5, alpha: 0), .clear,
    ])
    func dimmedFollowsTheDocumentedFormulaAndKeepsAlpha(_ color: Color) {
        let luma = 0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue
        let d = color.dimmed
        #expect(close(d, Color(white: 0.4 + 0.3 * luma, alpha: color.alpha)))
        #expect(d.alpha == color.alpha)
        #expect(d.red >= 0.4 && d.red <= 0.7)
    }
}
