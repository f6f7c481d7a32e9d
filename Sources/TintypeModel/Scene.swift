/// A scene: one screen of an iOS app, as data. It renders to one PNG.
///
/// ```swift
/// let scene = Scene(device: .iPhone8, tintColor: .systemRed) {
///     View(frame: Rect(x: 20, y: 40, width: 335, height: 120), backgroundColor: .color(.white),
///          cornerRadius: 12, cornerCurve: .continuous) {
///         View.label("Hello", font: .style(.title1), frame: Rect(x: 16, y: 16, width: 303, height: 40))
///     }
/// }
/// ```
public struct Scene: Sendable, Equatable {
    // Every stored property clears `limitsMark` when set or changed in place (`didSet` runs after a
    // change anywhere inside the value, `scene.root.subviews[3].frame` included), so a scene the
    // decoder checked and nobody changed since is not walked again before each render. A stored
    // property added here needs the same `didSet` (LimitsTests lists them).
    public var device: Device { didSet { limitsMark.checked = false } }
    public var orientation: Orientation { didSet { limitsMark.checked = false } }
    /// Overrides the device's scale (1, 2 or 3) when set.
    public var scale: Double? { didSet { limitsMark.checked = false } }
    /// The window's tint color; nil means the system blue.
    public var tintColor: Color? { didSet { limitsMark.checked = false } }
    /// The window's tint adjustment mode (`dimmed` when an alert is up).
    public var tintAdjustmentMode: TintAdjustmentMode { didSet { limitsMark.checked = false } }
    /// The window's background, drawn under the root view.
    public var backgroundColor: Color { didSet { limitsMark.checked = false } }
    public var statusBar: StatusBar { didSet { limitsMark.checked = false } }
    /// The iOS version whose look the status bar takes (7 through 11; 11, today's look, by default):
    /// signal dots before 11, bars from 11, and on iOS 7 a landscape phone keeps its status bar.
    public var systemVersion: Int = 11 { didSet { limitsMark.checked = false } }
    public var contentSizeCategory: ContentSizeCategory { didSet { limitsMark.checked = false } }
    public var layoutDirection: LayoutDirection { didSet { limitsMark.checked = false } }
    /// The app's locale (a BCP 47 tag such as `de-DE`, `ar` or `ja-JP`); nil: English (United States).
    public var locale: String? { didSet { limitsMark.checked = false } }
    /// The app's string catalog as the scene names it (texts are already translated when decoded).
    public var strings: String? { didSet { limitsMark.checked = false } }
    /// A pseudo-language the scene's localized texts are shown in.
    public var pseudoLanguage: PseudoLanguage? { didSet { limitsMark.checked = false } }
    /// The scene as decoded in each other locale its matrix names (`variants.locales`, a
    /// combination's `locale`, or a locale asked for when it was decoded), by canonical tag (`de-DE`).
    /// A scene file's texts are translated as it is decoded, so a locale variant renders the copy
    /// decoded in its locale, with the variant's other traits. Empty for a scene made in Swift.
    public var localizations: [String: Scene] = [:] { didSet { limitsMark.checked = false } }
    /// A scene from a storyboard with size-class variations, decoded again for each other set of
    /// size classes its variants' devices and orientations have: a variant takes the copy of its own.
    public var sizeClassCopies: [SizeClasses: Scene] = [:] { didSet { limitsMark.checked = false } }
    /// The root view; its frame defaults to the whole screen.
    public var root: View { didSet { limitsMark.checked = false } }
    /// The folder image paths are relative to (the scene file's folder); nil means the current directory.
    public var baseDirectory: String? { didSet { limitsMark.checked = false } }
    /// The files merged into the scene with `"include"`, standardized, in the order they were read
    /// (a preview redraws the scene when one of them is saved).
    public var includedFiles: [String] = [] { didSet { limitsMark.checked = false } }
    /// Every image file the scene file names, in any view, bar, control, appearance rule or
    /// locale's copy, standardized: the files a command must not overwrite and a preview watches.
    /// Empty for a scene made in Swift.
    public var imageFiles: [String] = [] { didSet { limitsMark.checked = false } }
    /// The images the scene's `appearance` names, whether or not a view of the scene uses them.
    public var appearanceImages: [ImageSource] = [] { didSet { limitsMark.checked = false } }
    /// An alert, action sheet, sheet or popover presented over the root.
    public var presented: Presentation? { didSet { limitsMark.checked = false } }
    /// The accessibility HUD showing a bar item enlarged, over everything but the status bar.
    public var largeContentViewer: LargeContentViewer? { didSet { limitsMark.checked = false } }
    /// What the decoder accepted but UIKit would ignore (a back indicator image without its
    /// transition mask, say), each with its file, place and reason. Printed as warnings; the scene
    /// renders as UIKit would draw it.
    public var warnings: [SceneIssue] = [] { didSet { limitsMark.checked = false } }
    /// Touch marks drawn over everything, for documentation images.
    public var touches: [TouchMark] = [] { didSet { limitsMark.checked = false } }
    /// When set, the root view renders alone on a canvas of its own size instead of a screen.
    public var canvas: Canvas? { didSet { limitsMark.checked = false } }
    /// Whether the status bar's content and the home indicator are drawn. A launch image sets it
    /// to false: iOS draws its own status bar over the image and no home indicator is part of it.
    /// Their room stays either way, so the layout is the one the app shows after launch.
    public var drawsSystemOverlays = true { didSet { limitsMark.checked = false } }
    /// `tintype test` also checks the accessibility snapshot of each render (its VoiceOver
    /// elements numbered, with a legend) against `NAME.accessibility.png` beside the golden.
    public var accessibilitySnapshot = false { didSet { limitsMark.checked = false } }
    /// The caption band and background of an App Store screenshot (`tintype screenshots` draws
    /// it around the screen); nil for a plain screen.
    public var marketing: Marketing? { didSet { limitsMark.checked = false } }
    /// The traits the scene varies over (`Scene.expandVariants` makes one render of each);
    /// empty for a scene that renders once.
    public var variants = Variants() { didSet { limitsMark.checked = false } }
    /// The moment drawn, in seconds on the scene's clock (`"time"`, `tintype render --time`): every
    /// animation is evaluated then. 0 by default; never the wall clock.
    public var time: Double = 0 { didSet { limitsMark.checked = false } }
    /// UIView blocks and Core Animation animations, each naming a view by its id (docs/motion.md).
    public var animations: [Animation] = [] { didSet { limitsMark.checked = false } }
    /// One of UIKit's own animations (a push, a pop, an alert appearing), at the scene's time.
    public var systemAnimation: SystemAnimation? { didSet { limitsMark.checked = false } }
    /// What fingers are doing at the moment drawn (docs/motion.md, Gestures), applied to the model
    /// before layout (`applyingGestures`).
    public var gestures: [Gesture] = [] { didSet { limitsMark.checked = false } }
    /// The audit rules the scene turns off (`"audit"`), for `tintype audit` and `test --audit`.
    public var audit = AuditSettings() { didSet { limitsMark.checked = false } }
    /// Where the scene was read from (its file and each view's position), for audit findings.
    /// Bookkeeping: it does not make two scenes unequal.
    public var source = SceneSource() { didSet { limitsMark.checked = false } }
    /// Whether the decoder checked this scene against `SceneLimits` and nothing has changed it since
    /// (see the top of this type). The renderer walks every other scene (`limitProblems`) first.
    public var limitsChecked: Bool { limitsMark.checked }
    var limitsMark = LimitsMark()
    /// The shorthand for `variants.devices`: the scene renders once per device, each to its own PNG
    /// (`name.iphone-8.png`); `device` is then the first of them.
    public var devices: [Device] {
        get { variants.devices }
        set { variants.devices = newValue; if let first = newValue.first { device = first } }
    }

    public init(device: Device = .iPhone8, orientation: Orientation = .portrait, scale: Double? = nil,
                tintColor: Color? = nil, tintAdjustmentMode: TintAdjustmentMode = .automatic,
                backgroundColor: Color = .white, statusBar: StatusBar = StatusBar(),
                contentSizeCategory: ContentSizeCategory = .large, layoutDirection: LayoutDirection = .leftToRight,
                baseDirectory: String? = nil, root: View) {
        self.device = device; self.orientation = orientation; self.scale = scale
        self.tintColor = tintColor; self.tintAdjustmentMode = tintAdjustmentMode
        self.backgroundColor = backgroundColor; self.statusBar = statusBar
        self.contentSizeCategory = contentSizeCategory; self.layoutDirection = layoutDirection
        self.baseDirectory = baseDirectory; self.root = root
    }

    /// A scene whose root is a plain view holding `subviews`.
    public init(device: Device = .iPhone8, orientation: Orientation = .portrait, scale: Double? = nil,
                tintColor: Color? = nil, tintAdjustmentMode: TintAdjustmentMode = .automatic,
                backgroundColor: Color = .white, statusBar: StatusBar = StatusBar(),
                contentSizeCategory: ContentSizeCategory = .large, layoutDirection: LayoutDirection = .leftToRight,
                baseDirectory: String? = nil, @ViewBuilder subviews: () -> [View]) {
        self.init(device: device, orientation: orientation, scale: scale, tintColor: tintColor,
                  tintAdjustmentMode: tintAdjustmentMode, backgroundColor: backgroundColor, statusBar: statusBar,
                  contentSizeCategory: contentSizeCategory, layoutDirection: layoutDirection,
                  baseDirectory: baseDirectory, root: View(subviews: subviews))
    }

    /// Whether the width is regular (the horizontal size class): an iPad, or a phone at least 414
    /// points wide (Plus, XR, Max) in landscape.
    public var hasRegularWidth: Bool {
        let screen = device.size(in: orientation)
        return device.isPad || (orientation == .landscape && min(screen.width, screen.height) >= 414)
    }

    /// The versions `systemVersion` may name.
    public static let systemVersions: ClosedRange<Int> = 7...11

    /// The status bar's height as the scene's system shows it: phones hide it in landscape from
    /// iOS 8 on, while iOS 7 kept it (20 points over a 32-point bar: the 52-point bar image).
    public var statusBarHeight: Double {
        if systemVersion < 8 && orientation == .landscape && !device.isPad && !device.hasNotch { return device.statusBarHeight }
        return device.statusBarHeight(in: orientation)
    }

    /// Screen size in points for the scene's orientation.
    public var screenSize: Size { canvas?.size(root: root) ?? device.size(in: orientation) }
    /// The scale pixels are rendered at.
    public var effectiveScale: Double { scale ?? device.scale }
    public var pixelWidth: Int { Int((screenSize.width * effectiveScale).rounded()) }
    public var pixelHeight: Int { Int((screenSize.height * effectiveScale).rounded()) }

    /// Why the output would be too large to render (SceneLimits), or nil when it is within the limits.
    public var pixelLimitProblem: String? {
        let w = pixelWidth, h = pixelHeight
        // A fit canvas without a frame has its size only once its root is measured (the renderer checks it then).
        if w < 1 || h < 1, canvas != .fit || root.frame != nil {
            let size = screenSize
            return "the \(canvas == nil ? "screen" : "canvas") is \(format(size.width))×\(format(size.height)) points, \(w)×\(h) pixels at scale "
                + "\(format(effectiveScale)): less than one pixel; give it at least \(format(0.5 / effectiveScale)) points each way"
        }
        guard w > SceneLimits.maxPixelDimension || h > SceneLimits.maxPixelDimension || w * h > SceneLimits.maxPixelCount else { return nil }
        return "output of \(w)×\(h) pixels exceeds the limit (\(SceneLimits.maxPixelDimension) pixels a side, \(SceneLimits.maxPixelCount / 1_048_576) megapixels)"
    }
}

public enum Orientation: String, Sendable, Equatable, CaseIterable {
    case portrait, landscape
}

public enum TintAdjustmentMode: String, Sendable, Equatable, CaseIterable {
    case automatic, normal, dimmed
}

public enum LayoutDirection: String, Sendable, Equatable, CaseIterable {
    case leftToRight, rightToLeft
}

public struct StatusBar: Sendable, Equatable {
    public enum Style: String, Sendable, Equatable, CaseIterable {
        /// Dark content, for light backgrounds.
        case `default`
        /// White content, for dark backgrounds.
        case lightContent
    }
    public var style: Style
    public var hidden: Bool
    public var time: String
    /// The carrier's name, after the signal (phones without a notch and iPads); nil shows none.
    public var carrier: String?
    /// Signal strength from 0 to 5: five dots before iOS 11; four bars from iOS 11, of which
    /// strength 5 lights all four (each step of 1.25 lights one more).
    public var signal: Int
    /// Wi-Fi strength from 0 (no glyph) to 3 (every arc).
    public var wifi: Int
    /// The Bluetooth glyph, left of the battery (phones without a notch and iPads).
    public var bluetooth: Bool
    /// The battery's charge, 0 to 1.
    public var batteryLevel: Double
    /// A charging battery fills green (with a bolt beside it before iOS 11).
    public var charging: Bool
    /// The percentage beside the battery; nil shows it on phones without a notch and iPads, never
    /// on a notched phone (its ear has no room).
    public var showsBatteryPercentage: Bool?

    public static let signalRange = 0...5, wifiRange = 0...3

    public init(style: Style = .default, hidden: Bool = false, time: String = "9:41", carrier: String? = nil,
                signal: Int = 5, wifi: Int = 3, bluetooth: Bool = false, batteryLevel: Double = 1, charging: Bool = false,
                showsBatteryPercentage: Bool? = nil) {
        self.style = style; self.hidden = hidden; self.time = time; self.carrier = carrier
        self.signal = min(Self.signalRange.upperBound, max(0, signal)); self.wifi = min(Self.wifiRange.upperBound, max(0, wifi))
        self.bluetooth = bluetooth; self.batteryLevel = batteryLevel.isNaN ? 0 : min(1, max(0, batteryLevel)); self.charging = charging
        self.showsBatteryPercentage = showsBatteryPercentage
    }
}

/// The user's preferred text size (UIContentSizeCategory); `L` is the default.
public enum ContentSizeCategory: String, Sendable, Equatable, CaseIterable {
    case extraSmall = "XS", small = "S", medium = "M", large = "L", extraLarge = "XL"
    case extraExtraLarge = "XXL", extraExtraExtraLarge = "XXXL"
    case accessibilityMedium = "AX1", accessibilityLarge = "AX2", accessibilityExtraLarge = "AX3"
    case accessibilityExtraExtraLarge = "AX4", accessibilityExtraExtraExtraLarge = "AX5"

    var index: Int { Self.allCases.firstIndex(of: self)! }

    /// AX1 to AX5: the accessibility sizes, where cells stack their labels.
    public var isAccessibilityCategory: Bool { index >= 7 }
}
