import TintypeModel

/// What UIKit draws differently from iOS 7 to iOS 11, chosen by the scene's `systemVersion`
/// (default 11). Every rule that depends on the version lives here, so the components and
/// docs/eras.md (the table of differences, with the numbers) name the same thing.
package struct Era: Sendable, Equatable {
    /// The iOS major version, 7 to 11.
    package var version: Int

    package init(_ version: Int = 11) { self.version = version }

    // MARK: Tables

    /// Whether rows size themselves. iOS 11 made `rowHeight` and `estimatedRowHeight`
    /// `automaticDimension` by default; iOS 8–10 defaulted to 44-point rows and sized a row by its
    /// content only when the table opted in with an `estimatedRowHeight` above 0; iOS 7 had no
    /// self-sizing rows at all.
    func rowsSizeThemselves(_ table: TableView) -> Bool {
        guard table.rowHeight == nil else { return false }
        switch version {
        case 11...: return table.estimatedRowHeight != 0
        case 8...: return (table.estimatedRowHeight ?? 0) > 0
        default: return false
        }
    }

    /// A table cell's content margin when the table gives none: iOS 11 follows the system minimum
    /// layout margins (16, 20 on wide phones and iPads); iOS 7–10 inset cells by 15, and from iOS 8
    /// by 20 on the wide phones and iPads.
    func cellMargin(_ traits: Traits) -> Double {
        let wide = traits.layoutMargin >= 20
        switch version {
        case 11...: return traits.layoutMargin
        case 8...: return wide ? 20 : 15
        default: return 15
        }
    }

    /// Whether grouped section headers with titles grow with the text size (iOS 11's
    /// self-sizing headers, `estimatedSectionHeaderHeight` automatic); before, their height was fixed.
    var headersSizeThemselves: Bool { version >= 11 }

    // MARK: Bars

    /// Large titles and a search field in the navigation bar came with iOS 11.
    var hasLargeTitles: Bool { version >= 11 }
    var hasNavigationSearch: Bool { version >= 11 }

    /// The navigation bar title's weight: Helvetica Neue Medium on iOS 7–8, San Francisco
    /// Semibold from iOS 9 (Inter stands in for both faces).
    var navigationTitleWeight: FontWeight { version >= 9 ? .semibold : .medium }

    /// iOS 11 put a tab bar item's image beside its title on a landscape phone (a 32-point bar,
    /// 18-point images) and on iPad (a 50-point bar); iOS 7–10 stack image over title everywhere,
    /// on a 49-point bar.
    func tabItemsBesideTitles(_ traits: Traits) -> Bool {
        version >= 11 && (traits.isCompactHeight || traits.isPad)
    }

    func tabBarHeight(_ traits: Traits) -> Double {
        guard version >= 11 else { return 49 }
        return traits.isCompactHeight ? 32 : (traits.isPad ? 50 : 49)
    }

    // MARK: Controls

    /// The search bar's look when the scene names none: iOS 7–10's (a 44-point bar with a 28-point
    /// field) before 11.
    func searchBarLook(_ look: SearchBar.Look?) -> SearchBar.Look { look ?? (version >= 11 ? .iOS11 : .iOS7) }
}
