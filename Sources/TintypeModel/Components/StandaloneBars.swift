/// A bar placed as a view of its own, not a navigation or tab bar controller's (a UINavigationBar,
/// UIToolbar or UITabBar dragged into a view in Interface Builder). Each draws as its container's
/// bar does, at its frame: the same background, hairline and items.

/// UINavigationBar as a view: a stack of navigation items, the last one shown, the one below it
/// naming the back button (UINavigationBar.items). 44 points high, 32 in a compact height, 30
/// more with a prompt; no large title and no search field (those come from a navigation
/// controller).
public struct NavigationBar: Sendable, Equatable {
    /// Bottom first, as UINavigationBar.items.
    public var items: [NavigationItem]
    public var appearance: BarAppearance

    public init(items: [NavigationItem] = [], appearance: BarAppearance = BarAppearance()) {
        self.items = items; self.appearance = appearance
    }
}

/// UIToolbar as a view: its bar button items spread across it, as a navigation controller's
/// toolbar spreads a controller's toolbarItems. 44 points high, 32 in a compact height.
public struct Toolbar: Sendable, Equatable {
    public var items: [BarButtonItem]
    public var appearance: BarAppearance

    public init(items: [BarButtonItem] = [], appearance: BarAppearance = BarAppearance()) {
        self.items = items; self.appearance = appearance
    }
}

/// UITabBar as a view: its items, and the selected one (UITabBar.selectedItem; nil, UIKit's
/// default for a bar no tab bar controller manages, shows every item unselected). 49 points high
/// (iOS 11: 32 on a landscape phone, 50 on iPad).
public struct TabBar: Sendable, Equatable {
    public var items: [TabBarItem]
    public var selectedIndex: Int?
    public var appearance: BarAppearance

    public init(items: [TabBarItem] = [], selectedIndex: Int? = nil, appearance: BarAppearance = BarAppearance()) {
        self.items = items; self.selectedIndex = selectedIndex; self.appearance = appearance
    }
}
