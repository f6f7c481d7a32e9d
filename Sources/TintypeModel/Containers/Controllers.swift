/// A view controller hierarchy, embedded in the view tree as a view kind (`viewController`,
/// `navigationController`, `tabBarController`): it fills its frame (the screen, for the root) and lays
/// out bars, safe areas and its content the way UIKit's containers do.
public indirect enum Controller: Sendable, Equatable {
    case content(ViewController)
    case navigation(NavigationController)
    case tabBar(TabBarController)

    /// The status bar style asked for by the controller that shows the status bar: navigation and
    /// tab bar controllers forward to their visible child.
    public var childForStatusBar: ViewController? {
        switch self {
        case .content(let vc): vc
        case .navigation(let nav): nav.stack.last
        case .tabBar(let tabs): tabs.selectedTab.flatMap { $0.root.childForStatusBar }
        }
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
    }
    public var content: Content
    /// `done` draws a title in semibold.
    public var style: Style
    public var tintColor: Color?
    public var isEnabled: Bool

    public enum Style: String, Sendable, Equatable, CaseIterable { case plain, done }

    public init(_ content: Content, style: Style = .plain, tintColor: Color? = nil, isEnabled: Bool = true) {
        self.content = content; self.style = style; self.tintColor = tintColor; self.isEnabled = isEnabled
    }
}

/// UIBarButtonItem.SystemItem: drawn by Tintype (titles, or vector glyphs).
public enum SystemItem: String, Sendable, Equatable, CaseIterable {
    case done, cancel, edit, save, add, compose, reply, action, organize, bookmarks, search, refresh
    case trash, camera, play, pause, rewind, fastForward, undo, redo, stop

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
