/// UIPageControl: a centered row of dots, one per page, the current page's dot brighter.
///
/// Scene keys: `numberOfPages`, `currentPage`, `pageIndicatorTintColor`,
/// `currentPageIndicatorTintColor` (colors or `"tint"`), `hidesForSinglePage`, plus `enabled`,
/// `highlighted`, `selected`. Like UIKit, a disabled page control looks the same as an enabled one.
public struct PageControl: Sendable, Equatable {
    public var numberOfPages: Int
    /// Zero-based; must be below `numberOfPages` (0 when there are no pages).
    public var currentPage: Int
    /// The other pages' dots; nil is UIKit's default, white at 20%.
    public var pageIndicatorTintColor: ColorValue?
    /// The current page's dot; nil is UIKit's default, white.
    public var currentPageIndicatorTintColor: ColorValue?
    /// Draws nothing when there is only one page.
    public var hidesForSinglePage: Bool
    public var state: ControlState

    public init(numberOfPages: Int = 0, currentPage: Int = 0, pageIndicatorTintColor: ColorValue? = nil,
                currentPageIndicatorTintColor: ColorValue? = nil, hidesForSinglePage: Bool = false,
                state: ControlState = ControlState()) {
        self.numberOfPages = numberOfPages; self.currentPage = currentPage
        self.pageIndicatorTintColor = pageIndicatorTintColor; self.currentPageIndicatorTintColor = currentPageIndicatorTintColor
        self.hidesForSinglePage = hidesForSinglePage; self.state = state
    }

    /// Most pages a scene may give (UIKit draws any number; beyond this they are far off screen).
    public static let maxPages = SceneLimits.maxPages

    static func decode(_ r: ObjectReader) -> PageControl? {
        var c = PageControl(state: ControlState.decode(r))
        if let n = r.integer("numberOfPages", in: 0...maxPages) { c.numberOfPages = n }
        if let p = r.integer("currentPage", in: 0...maxPages), let n = r.node("currentPage") {
            if p >= max(1, c.numberOfPages) {
                let pages = c.numberOfPages == 0 ? "there are no pages, so it must be 0"
                    : "numberOfPages is \(c.numberOfPages), so it must be from 0 to \(c.numberOfPages - 1)"
                r.report("currentPage", n, "currentPage \(p) is past the last page; \(pages)")
            } else {
                c.currentPage = p
            }
        }
        c.pageIndicatorTintColor = r.colorValue("pageIndicatorTintColor")
        c.currentPageIndicatorTintColor = r.colorValue("currentPageIndicatorTintColor")
        if let h = r.bool("hidesForSinglePage") { c.hidesForSinglePage = h }
        return c
    }
}
