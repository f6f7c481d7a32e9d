import TintypeModel

/// UIPageControl: dots 7 across, 9 apart, the row centered in the frame; the current page white
/// (or its color), the others white at 20% (or theirs). Disabled draws the same, as in UIKit.
struct PageControlComponent: ViewComponent {
    let pageControl: PageControl

    static let height = 37.0

    func measure(_ view: View, width offer: Double?, env: Environment, context: LayoutContext) throws(RenderError) -> Measured {
        // Dots 7 wide, 9 apart, with room around them as UIPageControl's size(forNumberOfPages:).
        let n = Double(max(1, pageControl.numberOfPages))
        return Measured(size: Size(width: n * 7 + (n - 1) * 9 + 16, height: Self.height))
    }

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        try Self.items(pageControl, frame: frame, env: env, context: context)
    }

    static let diameter = 7.0
    static let spacing = 9.0
    static let defaultPageColor = Color(white: 1, alpha: 0.2)
    static let defaultCurrentColor = Color.white

    /// The dots' frames, left to right.
    static func dotFrames(count: Int, in frame: Rect) -> [Rect] {
        guard count > 0 else { return [] }
        let width = Double(count) * diameter + Double(count - 1) * spacing
        let x0 = frame.midX - width / 2, y = frame.midY - diameter / 2
        return (0..<count).map { Rect(x: x0 + Double($0) * (diameter + spacing), y: y, width: diameter, height: diameter) }
    }

    static func items(_ c: PageControl, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        guard c.numberOfPages > 0, !(c.hidesForSinglePage && c.numberOfPages == 1) else { return [] }
        let page = c.pageIndicatorTintColor.map(env.resolve) ?? defaultPageColor
        let current = c.currentPageIndicatorTintColor.map(env.resolve) ?? defaultCurrentColor
        // Right to left, the first page is the rightmost dot.
        let rtl = env.layoutDirection == .rightToLeft
        let count = min(c.numberOfPages, PageControl.maxPages)
        return dotFrames(count: count, in: frame).enumerated().map { i, dot in
            let index = rtl ? count - 1 - i : i
            return .fill(path: RoundedRect.path(dot, radius: diameter / 2, curve: .circular),
                         paint: .color(index == c.currentPage ? current : page), rule: .nonZero)
        }
    }
}
