/// UINavigationController: a stack whose top controller is shown, under a navigation bar.
public struct NavigationController: Sendable, Equatable {
    /// Bottom first; the last is on screen, the one below it names the back button.
    public var stack: [ViewController]
    public var navigationBar: BarAppearance
    public var prefersLargeTitles: Bool
    public var isNavigationBarHidden: Bool
    public var isToolbarHidden: Bool
    public var toolbar: BarAppearance

    public init(stack: [ViewController], navigationBar: BarAppearance = BarAppearance(), prefersLargeTitles: Bool = false,
                isNavigationBarHidden: Bool = false, isToolbarHidden: Bool = true, toolbar: BarAppearance = BarAppearance()) {
        self.stack = stack; self.navigationBar = navigationBar; self.prefersLargeTitles = prefersLargeTitles
        self.isNavigationBarHidden = isNavigationBarHidden; self.isToolbarHidden = isToolbarHidden; self.toolbar = toolbar
    }

    /// Whether the top controller shows a large title: `always` and `never` decide; `automatic`
    /// keeps what the stack showed below it; the bottom of the stack starts from prefersLargeTitles.
    public var showsLargeTitle: Bool {
        guard prefersLargeTitles else { return false }
        var large = true
        for vc in stack {
            switch vc.navigationItem.largeTitleDisplayMode {
            case .always: large = true
            case .never: large = false
            case .automatic: break
            }
        }
        return large
    }

    /// The back button's title: the previous item's back title, else its title, else "Back".
    public var backButtonTitle: String? {
        guard stack.count > 1 else { return nil }
        let previous = stack[stack.count - 2]
        return previous.navigationItem.backButtonTitle ?? previous.displayTitle ?? "Back"
    }
}

/// UITabBarController.
public struct TabBarController: Sendable, Equatable {
    public var tabs: [Tab]
    public var selectedIndex: Int
    public var tabBar: BarAppearance

    public init(tabs: [Tab], selectedIndex: Int = 0, tabBar: BarAppearance = BarAppearance()) {
        self.tabs = tabs; self.selectedIndex = selectedIndex; self.tabBar = tabBar
    }

    public var selectedTab: Tab? { tabs.indices.contains(selectedIndex) ? tabs[selectedIndex] : nil }

    /// Whether the tab bar shows: UIKit hides it while a controller that `hidesBottomBarWhenPushed`
    /// is in the selected tab's navigation stack (above its root).
    public var showsTabBar: Bool {
        guard case .navigation(let nav)? = selectedTab?.root else { return true }
        return !nav.stack.dropFirst().contains { $0.hidesBottomBarWhenPushed }
    }
}

/// One tab: its bar item and its controller (often a navigation controller).
public struct Tab: Sendable, Equatable {
    public var item: TabBarItem
    public var root: Controller
    public init(item: TabBarItem, root: Controller) { self.item = item; self.root = root }
}

/// UITabBarItem.
public struct TabBarItem: Sendable, Equatable {
    public var title: String?
    public var image: ImageSource?
    public var selectedImage: ImageSource?
    /// Rendering of the images: automatic means template in a tab bar.
    public var renderingMode: RenderingMode
    public var badgeValue: String?
    public var badgeColor: Color?
    /// A name a popover, the large content viewer or a touch mark refers to.
    public var id: String?
    /// UIBarItem.landscapeImagePhone (iOS 11): the smaller image of a landscape phone's compact bar.
    public var landscapeImagePhone: ImageSource?
    /// UIBarItem.largeContentSizeImage (iOS 11): the image the large content viewer shows.
    public var largeContentSizeImage: ImageSource?

    public init(title: String? = nil, image: ImageSource? = nil, selectedImage: ImageSource? = nil,
                renderingMode: RenderingMode = .automatic, badgeValue: String? = nil, badgeColor: Color? = nil) {
        self.title = title; self.image = image; self.selectedImage = selectedImage; self.renderingMode = renderingMode
        self.badgeValue = badgeValue; self.badgeColor = badgeColor
    }
}

/// The look of a bar (navigation bar, toolbar, tab bar): UIBarStyle, barTintColor, tintColor,
/// translucency, and background and shadow images.
public struct BarAppearance: Sendable, Equatable {
    public var barStyle: BarStyle
    /// The bar's background color (UIKit's barTintColor).
    public var barTintColor: Color?
    /// The items' color (UIKit's tintColor on the bar).
    public var tintColor: Color?
    /// The bar's own tintAdjustmentMode: `normal` keeps its items in color while the window is
    /// dimmed under an alert (the iOS 7 talk's tab bar); nil inherits the window's.
    public var tintAdjustmentMode: TintAdjustmentMode?
    /// Nil is UIKit's default: translucent, unless a background image is set that has no transparency.
    public var isTranslucent: Bool?
    public var titleColor: Color?
    public var titleFont: Font?
    public var largeTitleColor: Color?
    /// Background images by bar position.
    public var backgroundImages: [BackgroundImage]
    /// Replaces the hairline; an image with no pixels removes it.
    public var shadowImage: ImageSource?
    /// Navigation bar: a custom back chevron and its transition mask (used only together).
    public var backIndicatorImage: ImageSource?
    public var backIndicatorTransitionMaskImage: ImageSource?
    /// Navigation bar: UIBarButtonItem's back button background image (for the normal state), drawn
    /// behind the back title and stretched by its cap insets; with one, UIKit draws no chevron.
    public var backButtonBackgroundImage: BackgroundImage?
    /// Tab bar: the color of unselected items.
    public var unselectedItemTintColor: Color?
    /// Tab bar: drawn behind the selected item.
    public var selectionIndicatorImage: ImageSource?

    public init(barStyle: BarStyle = .default, barTintColor: Color? = nil, tintColor: Color? = nil, isTranslucent: Bool? = nil,
                titleColor: Color? = nil, titleFont: Font? = nil, largeTitleColor: Color? = nil,
                backgroundImages: [BackgroundImage] = [], shadowImage: ImageSource? = nil,
                backIndicatorImage: ImageSource? = nil, backIndicatorTransitionMaskImage: ImageSource? = nil,
                unselectedItemTintColor: Color? = nil, selectionIndicatorImage: ImageSource? = nil) {
        self.barStyle = barStyle; self.barTintColor = barTintColor; self.tintColor = tintColor
        self.isTranslucent = isTranslucent; self.titleColor = titleColor; self.titleFont = titleFont
        self.largeTitleColor = largeTitleColor; self.backgroundImages = backgroundImages; self.shadowImage = shadowImage
        self.backIndicatorImage = backIndicatorImage; self.backIndicatorTransitionMaskImage = backIndicatorTransitionMaskImage
        self.unselectedItemTintColor = unselectedItemTintColor; self.selectionIndicatorImage = selectionIndicatorImage
    }
}

public enum BarStyle: String, Sendable, Equatable, CaseIterable { case `default`, black }

/// A bar background image for a bar position. Without cap insets it is tiled across the bar (as
/// UIKit tiles a plain image); with them (a resizable image) the caps stay and the middle is
/// stretched or tiled by `resizingMode`.
public struct BackgroundImage: Sendable, Equatable {
    public var image: ImageSource
    public var barPosition: BarPosition
    public var capInsets: EdgeInsets?
    public var resizingMode: ResizingMode
    public init(image: ImageSource, barPosition: BarPosition = .any, capInsets: EdgeInsets? = nil, resizingMode: ResizingMode = .stretch) {
        self.image = image; self.barPosition = barPosition; self.capInsets = capInsets; self.resizingMode = resizingMode
    }
}

/// UIBarPosition: alone (44 high), attached to the status bar (64 high, extending behind it), or any.
public enum BarPosition: String, Sendable, Equatable, CaseIterable { case any, top, topAttached, bottom }
