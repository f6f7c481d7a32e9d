import TintypeModel

/// Measures text for layout (bar titles, item widths), so layout can be tested without pixels.
package protocol TextMeasuring: Sendable {
    /// The size of `text` on one line in `font`: its advance width and its line height.
    func size(of text: String, font: ResolvedFont) -> Size
    /// The height of `text` wrapped at `width`, all of its lines.
    func height(of text: String, font: ResolvedFont, width: Double, lineSpacing: Double) -> Double
}
