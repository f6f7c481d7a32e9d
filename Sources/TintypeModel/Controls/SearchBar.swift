/// UISearchBar, in either of its two looks: iOS 7–10 (a 44-point bar, a 28-point field, the
/// magnifier and placeholder centered while the field is empty and idle) or iOS 11 (a 56-point bar,
/// a 36-point field with radius 10, everything left aligned). An optional prompt sits above it and an
/// optional scope bar (a segmented control) below it.
///
/// Scene keys: `look` (`iOS7` or `iOS11`; by default the scene's `systemVersion` chooses: `iOS7`
/// before 11; Tintype's own key, UIKit has none),
/// `searchBarStyle` (`default`, `prominent`, `minimal`), `text`, `placeholder`, `prompt`,
/// `showsCancelButton`, `scopeButtonTitles`, `selectedScopeButtonIndex`, `showsScopeBar`,
/// `barTintColor`, `isEditing` (caret and left-aligned placeholder), `enabled` (the search field's).
public struct SearchBar: Sendable, Equatable {
    public enum Look: String, Sendable, Equatable, CaseIterable {
        /// iOS 7 to 10.
        case iOS7
        /// iOS 11 and 12.
        case iOS11

        static let aliases: [String: Look] = ["ios7": .iOS7, "ios11": .iOS11, "iOS 7": .iOS7, "iOS 11": .iOS11]
    }

    /// UISearchBar.Style.
    public enum Style: String, Sendable, Equatable, CaseIterable {
        /// The same as `prominent`.
        case `default`
        /// A gray bar behind an opaque white field.
        case prominent
        /// No bar, a translucent gray field.
        case minimal
    }

    /// The look; nil: the scene's era's (iOS 7–10's before `systemVersion` 11).
    public var look: Look?
    public var searchBarStyle: Style
    public var text: String
    public var placeholder: String?
    /// A line of text above the bar (adds 30 points).
    public var prompt: String?
    public var showsCancelButton: Bool
    public var scopeButtonTitles: [String]
    public var selectedScopeButtonIndex: Int
    /// Defaults to true when there are scope titles (UIKit's default is false).
    public var showsScopeBar: Bool
    /// The bar's background in place of the default gray (not for `minimal`).
    public var barTintColor: Color?
    /// Whether the field is the first responder: a tint caret, the placeholder at the leading edge.
    public var isEditing: Bool
    /// The search field's `isEnabled`: a disabled bar draws its field contents, cancel button and scope bar faded.
    public var isEnabled: Bool

    public init(look: Look? = nil, searchBarStyle: Style = .default, text: String = "", placeholder: String? = nil,
                prompt: String? = nil, showsCancelButton: Bool = false, scopeButtonTitles: [String] = [],
                selectedScopeButtonIndex: Int = 0, showsScopeBar: Bool? = nil, barTintColor: Color? = nil,
                isEditing: Bool = false, isEnabled: Bool = true) {
        self.look = look; self.searchBarStyle = searchBarStyle; self.text = text; self.placeholder = placeholder
        self.prompt = prompt; self.showsCancelButton = showsCancelButton; self.scopeButtonTitles = scopeButtonTitles
        self.selectedScopeButtonIndex = selectedScopeButtonIndex
        self.showsScopeBar = showsScopeBar ?? !scopeButtonTitles.isEmpty
        self.barTintColor = barTintColor; self.isEditing = isEditing; self.isEnabled = isEnabled
    }

    static func decode(_ r: ObjectReader) -> SearchBar? {
        var s = SearchBar()
        if let l = r.choice("look", Look.self, aliases: Look.aliases) { s.look = l }
        if let st = r.choice("searchBarStyle", Style.self) { s.searchBarStyle = st }
        if let t = r.string("text") { s.text = t }
        s.placeholder = r.string("placeholder")
        s.prompt = r.string("prompt")
        if let b = r.bool("showsCancelButton") { s.showsCancelButton = b }
        if let items = r.array("scopeButtonTitles") {
            for (n, p) in items {
                guard case .string(let title) = n.value else {
                    r.context.report(p, n.position, "expected a title string, found \(n.value.kindName)")
                    continue
                }
                s.scopeButtonTitles.append(title)
            }
        }
        let shows = r.bool("showsScopeBar")
        s.showsScopeBar = shows ?? !s.scopeButtonTitles.isEmpty
        if shows == true, s.scopeButtonTitles.isEmpty, let n = r.node("showsScopeBar") {
            r.report("showsScopeBar", n, "a scope bar needs \"scopeButtonTitles\"")
        }
        if let i = r.integer("selectedScopeButtonIndex", in: 0...10_000), let n = r.node("selectedScopeButtonIndex") {
            if i >= max(1, s.scopeButtonTitles.count) {
                let titles = s.scopeButtonTitles.isEmpty ? "there are no scopeButtonTitles, so it must be 0"
                    : "there are \(s.scopeButtonTitles.count) scopeButtonTitles, so it must be from 0 to \(s.scopeButtonTitles.count - 1)"
                r.report("selectedScopeButtonIndex", n, "selectedScopeButtonIndex \(i) is past the last scope button; \(titles)")
            } else {
                s.selectedScopeButtonIndex = i
            }
        }
        s.barTintColor = r.color("barTintColor")
        if let e = r.bool("enabled") { s.isEnabled = e }
        if let e = r.bool("isEditing") {
            if e && !s.isEnabled, let n = r.node("isEditing") {
                r.report("isEditing", n, "a disabled search bar cannot be editing; remove \"isEditing\" or \"enabled\": false")
            } else {
                s.isEditing = e
            }
        }
        return s
    }
}
