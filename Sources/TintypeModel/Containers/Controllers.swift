/// A view controller hierarchy, embedded in the view tree as a view kind (`viewController`,
/// `navigationController`, `tabBarController`): it fills its frame (the screen, for the root) and lays
/// out bars, safe areas and its content the way UIKit's containers do.
public indirect enum Controller: Sendable, Equatable {
    case content(ViewController)
    case navigation(NavigationController)
    case tabBar(TabBarController)
    case split(SplitViewController)

    /// The status bar style asked for by the controller that shows the status bar: navigation and
    /// tab bar controllers forward to their visible child.
    public var childForStatusBar: ViewController? {
        switch self {
        case .content(let vc): vc
        case .navigation(let nav): nav.stack.last
        case .tabBar(let tabs): tabs.selectedTab.flatMap { $0.root.childForStatusBar }
        case .split(let split): split.secondary.childForStatusBar
        }
    }
}

/// UISplitViewController (iOS 8–12): a primary column (320 wide) beside the secondary one, split by
/// a hairline, when the width is regular (iPad, or a Plus or Max phone in landscape). In a compact
/// width it collapses into one navigation stack: by default the secondary controller is pushed onto
/// the primary navigation controller, as UIKit does; `collapsesToPrimary` shows the primary alone.
public struct SplitViewController: Sendable, Equatable {
    public enum DisplayMode: String, Sendable, Equatable, CaseIterable {
        /// Both columns in landscape; the secondary alone in portrait.
        case automatic
        case allVisible, primaryHidden
        /// The primary column over the secondary one, which keeps the whole width.
        case primaryOverlay
    }
    public var primary: Controller
    public var secondary: Controller
    public var preferredDisplayMode: DisplayMode
    public var primaryColumnWidth: Double
    public var collapsesToPrimary: Bool

    public init(primary: Controller, secondary: Controller, preferredDisplayMode: DisplayMode = .automatic,
                primaryColumnWidth: Double = 320, collapsesToPrimary: Bool = false) {
        self.primary = primary; self.secondary = secondary; self.preferredDisplayMode = preferredDisplayMode
        self.primaryColumnWidth = primaryColumnWidth; self.collapsesToPrimary = collapsesToPrimary
    }

    /// The one controller shown in a compact width.
    public var collapsed: Controller {
        guard !collapsesToPrimary, case .navigation(var nav) = primary else { return primary }
        switch secondary {
        case .content(let vc): nav.stack.append(vc)
        case .navigation(let other): nav.stack += other.stack
        default: return primary
        }
        return .navigation(nav)
    }
}

/// UIViewController: a content view, its title and bar items, and how it lays out under bars.
public struct ViewController: Sendable, Equatable {
    public var title: String?
    /// The content view; its frame is set by the container (subviews keep their own frames).
    public var view: View
    public var navigationItem: NavigationItem
    public var toolbarItems: [BarButtonItem]
    public var preferredStatusBarStyle: StatusBar.Style?
    public var prefersStatusBarHidden: Bool?
    /// Edges that extend under translucent bars (UIRectEdge): all by default.
    public var edgesForExtendedLayout: RectEdges
    public var extendedLayoutIncludesOpaqueBars: Bool
    public var additionalSafeAreaInsets: EdgeInsets
    /// Pushed onto a navigation controller inside a tab bar controller, the tab bar goes away
    /// while this controller is in the stack.
    public var hidesBottomBarWhenPushed = false
    /// UIViewController.viewRespectsSystemMinimumLayoutMargins (iOS 11, on by default): the root
    /// view's own layout margins are never narrower at the sides than the system's minimum (16
    /// points, 20 on wide phones and iPads). Off, they may be.
    public var viewRespectsSystemMinimumLayoutMargins = true

    public init(title: String? = nil, view: View = View(backgroundColor: .white), navigationItem: NavigationItem = NavigationItem(),
                toolbarItems: [BarButtonItem] = [], preferredStatusBarStyle: StatusBar.Style? = nil,
                prefersStatusBarHidden: Bool? = nil, edgesForExtendedLayout: RectEdges = .all,
                extendedLayoutIncludesOpaqueBars: Bool = false, additionalSafeAreaInsets: EdgeInsets = .zero) {
        self.title = title; self.view = view; self.navigationItem = navigationItem; self.toolbarItems = toolbarItems
        self.preferredStatusBarStyle = preferredStatusBarStyle; self.prefersStatusBarHidden = prefersStatusBarHidden
        self.edgesForExtendedLayout = edgesForExtendedLayout
        self.extendedLayoutIncludesOpaqueBars = extendedLayoutIncludesOpaqueBars
        self.additionalSafeAreaInsets = additionalSafeAreaInsets
    }

    /// The navigation bar title: the item's title, else the controller's.
    public var displayTitle: String? { navigationItem.title ?? title }
}

public struct RectEdges: OptionSet, Sendable, Equatable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let top = RectEdges(rawValue: 1)
    public static let left = RectEdges(rawValue: 2)
    public static let bottom = RectEdges(rawValue: 4)
    public static let right = RectEdges(rawValue: 8)
    public static let all: RectEdges = [.top, .left, .bottom, .right]
    public static let names: [(String, RectEdges)] = [("top", .top), ("left", .left), ("bottom", .bottom), ("right", .right)]
}

/// UINavigationItem.
public struct NavigationItem: Sendable, Equatable {
    public var title: String?
    public var prompt: String?
    public var leftItems: [BarButtonItem]
    public var rightItems: [BarButtonItem]
    /// The title the back button shows when this item is below the top one; nil uses the title.
    public var backButtonTitle: String?
    public var hidesBackButton: Bool
    public var largeTitleDisplayMode: LargeTitleDisplayMode
    /// A search bar in the navigation bar (iOS 11), with its placeholder; nil for none.
    public var searchBarPlaceholder: String?
    /// UINavigationItem.hidesSearchBarWhenScrolling (iOS 11, on by default): the search bar tucks
    /// away under the large title as the content scrolls, and a screen first shows without it
    /// (pulling the content down reveals it). Off, it stays pinned under the title.
    public var hidesSearchBarWhenScrolling: Bool = true
    /// UINavigationItem.titleView: any view in place of the inline title, sized by its frame or
    /// its intrinsic size, centered on the bar between the items.
    public var titleView: View?

    public init(title: String? = nil, prompt: String? = nil, leftItems: [BarButtonItem] = [], rightItems: [BarButtonItem] = [],
                backButtonTitle: String? = nil, hidesBackButton: Bool = false,
                largeTitleDisplayMode: LargeTitleDisplayMode = .automatic, searchBarPlaceholder: String? = nil) {
        self.title = title; self.prompt = prompt; self.leftItems = leftItems; self.rightItems = rightItems
        self.backButtonTitle = backButtonTitle; self.hidesBackButton = hidesBackButton
        self.largeTitleDisplayMode = largeTitleDisplayMode; self.searchBarPlaceholder = searchBarPlaceholder
    }
}

public enum LargeTitleDisplayMode: String, Sendable, Equatable, CaseIterable {
    /// Keeps whatever the stack shows at this point.
    case automatic, always, never
}

/// UIBarButtonItem.
public struct BarButtonItem: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case title(String)
        case image(ImageSource, RenderingMode)
        case system(SystemItem)
        case flexibleSpace
        case fixedSpace(Double)
        /// UIBarButtonItem(customView:): any view, sized by its frame or its intrinsic size.
        case customView(View)
    }
    public var content: Content
    /// `done` draws a title in semibold.
    public var style: Style
    public var tintColor: Color?
    public var isEnabled: Bool
    /// Being pressed (`"highlighted": true`, or a `tap` gesture's down phase): its title, image or
    /// glyph fades to 20% as a system button's does.
    public var isHighlighted = false
    /// A name a popover (`sourceItem`), the large content viewer or a touch mark refers to.
    public var id: String?
    /// UIBarItem.landscapeImagePhone (iOS 11): an image item's smaller image in a landscape phone's bars.
    public var landscapeImagePhone: ImageSource?
    /// UIBarItem.largeContentSizeImage (iOS 11): the image the large content viewer shows.
    public var largeContentSizeImage: ImageSource?

    public enum Style: String, Sendable, Equatable, CaseIterable { case plain, done }

    public init(_ content: Content, style: Style = .plain, tintColor: Color? = nil, isEnabled: Bool = true) {
        self.content = content; self.style = style; self.tintColor = tintColor; self.isEnabled = isEnabled
    }
}

/// UIBarButtonItem.SystemItem: drawn by Tintype (titles, or vector glyphs).
public enum SystemItem: String, Sendable, Equatable, CaseIterable {
    case done, cancel, edit, save, add, compose, reply, action, organize, bookmarks, search, refresh
    case trash, camera, play, pause, rewind, fastForward, undo, redo, stop

    /// What the item is called when it shows as a glyph (the large content viewer's title):
    /// `fastForward` → "Fast Forward".
    public var accessibilityName: String {
        var words = ""
        for c in rawValue {
            if c.isUppercase { words += " " }
            words.append(words.isEmpty ? Character(c.uppercased()) : c)
        }
        return words
    }

    /// The title of a system item drawn as text; nil for glyph items.
    public var title: String? {
        switch self {
        case .done: "Done"
        case .cancel: "Cancel"
        case .edit: "Edit"
        case .save: "Save"
        case .undo: "Undo"
        case .redo: "Redo"
        default: nil
        }
    }
}
