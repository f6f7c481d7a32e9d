/// A device from the catalog: its screen in points, its scale, and its status bar and safe areas per
/// orientation (docs/uikit-metrics.md, Devices).
public struct Device: Sendable, Equatable, Hashable {
    public var name: String
    /// Other names a scene may use for this device ("iPhone 7", "iPhone XS").
    public var aliases: [String]
    /// Portrait size in points.
    public var size: Size
    public var scale: Double
    public var statusBarHeight: Double
    public var portraitSafeArea: EdgeInsets
    public var landscapeSafeArea: EdgeInsets
    /// True where the status bar is hidden in landscape (phones before iOS 13 hid it).
    public var hidesStatusBarInLandscape: Bool
    public var isPad: Bool
    /// Corner radius of the display, for an optional device mask; 0 for square screens.
    public var displayCornerRadius: Double

    public var hasNotch: Bool { portraitSafeArea.bottom > 0 && !isPad }

    public func size(in orientation: Orientation) -> Size {
        orientation == .portrait ? size : Size(width: size.height, height: size.width)
    }

    public func safeArea(in orientation: Orientation) -> EdgeInsets {
        orientation == .portrait ? portraitSafeArea : landscapeSafeArea
    }

    public func statusBarHeight(in orientation: Orientation) -> Double {
        orientation == .landscape && hidesStatusBarInLandscape ? 0 : statusBarHeight
    }
}

extension Device {
    private static func phone(_ name: String, _ aliases: [String], _ w: Double, _ h: Double, scale: Double,
                              status: Double, top: Double, bottom: Double, side: Double, corner: Double = 0) -> Device {
        let notched = bottom > 0
        return Device(
            name: name, aliases: aliases, size: Size(width: w, height: h), scale: scale, statusBarHeight: status,
            portraitSafeArea: EdgeInsets(top: top, left: 0, bottom: bottom, right: 0),
            landscapeSafeArea: notched ? EdgeInsets(top: 0, left: side, bottom: 21, right: side) : .zero,
            hidesStatusBarInLandscape: true, isPad: false, displayCornerRadius: corner)
    }
    private static func pad(_ name: String, _ aliases: [String], _ w: Double, _ h: Double, status: Double, bottom: Double, corner: Double) -> Device {
        Device(
            name: name, aliases: aliases, size: Size(width: w, height: h), scale: 2, statusBarHeight: status,
            portraitSafeArea: EdgeInsets(top: status, bottom: bottom),
            landscapeSafeArea: EdgeInsets(top: status, bottom: bottom),
            hidesStatusBarInLandscape: false, isPad: true, displayCornerRadius: corner)
    }

    public static let iPhone4s = phone("iPhone 4s", ["iPhone 4S", "iPhone 4"], 320, 480, scale: 2, status: 20, top: 20, bottom: 0, side: 0)
    public static let iPhoneSE = phone("iPhone SE", ["iPhone SE (1st generation)", "iPhone 5s", "iPhone 5"], 320, 568, scale: 2, status: 20, top: 20, bottom: 0, side: 0)
    public static let iPhone8 = phone("iPhone 8", ["iPhone 7", "iPhone 6s", "iPhone 6"], 375, 667, scale: 2, status: 20, top: 20, bottom: 0, side: 0)
    public static let iPhone8Plus = phone("iPhone 8 Plus", ["iPhone 7 Plus", "iPhone 6s Plus", "iPhone 6 Plus"], 414, 736, scale: 3, status: 20, top: 20, bottom: 0, side: 0)
    public static let iPhoneX = phone("iPhone X", ["iPhone XS", "iPhone 11 Pro"], 375, 812, scale: 3, status: 44, top: 44, bottom: 34, side: 44, corner: 39)
    public static let iPhoneXR = phone("iPhone XR", ["iPhone 11"], 414, 896, scale: 2, status: 48, top: 48, bottom: 34, side: 48, corner: 41.5)
    public static let iPhone12mini = phone("iPhone 12 mini", ["iPhone 13 mini"], 375, 812, scale: 3, status: 50, top: 50, bottom: 34, side: 50, corner: 44)
    public static let iPhone12 = phone("iPhone 12", ["iPhone 12 Pro", "iPhone 13", "iPhone 13 Pro", "iPhone 14"], 390, 844,
                                       scale: 3, status: 47, top: 47, bottom: 34, side: 47, corner: 47.33)
    public static let iPhone14Plus = phone("iPhone 14 Plus", ["iPhone 12 Pro Max", "iPhone 13 Pro Max"], 428, 926,
                                           scale: 3, status: 47, top: 47, bottom: 34, side: 47, corner: 53.33)
    public static let iPhone15Pro = phone("iPhone 15 Pro", ["iPhone 15", "iPhone 14 Pro"], 393, 852, scale: 3, status: 54, top: 59, bottom: 34, side: 59, corner: 55)
    public static let iPhone15ProMax = phone("iPhone 15 Pro Max", ["iPhone 15 Plus", "iPhone 14 Pro Max"], 430, 932,
                                             scale: 3, status: 54, top: 59, bottom: 34, side: 59, corner: 55)
    public static let iPad = pad("iPad", ["iPad (9.7-inch)", "iPad Air", "iPad mini"], 768, 1024, status: 20, bottom: 0, corner: 0)
    public static let iPadPro11 = pad("iPad Pro 11", ["iPad Pro (11-inch)", "iPad Pro 11-inch"], 834, 1194, status: 24, bottom: 20, corner: 18)
    public static let iPadPro12_9 = pad("iPad Pro 12.9", ["iPad Pro (12.9-inch)", "iPad Pro 12.9-inch"], 1024, 1366, status: 24, bottom: 20, corner: 18)

    /// Every device a scene can name, in catalog order.
    public static let catalog: [Device] = [
        iPhone4s, iPhoneSE, iPhone8, iPhone8Plus, iPhoneX, iPhoneXR, iPhone12mini, iPhone12, iPhone14Plus,
        iPhone15Pro, iPhone15ProMax, iPad, iPadPro11, iPadPro12_9,
    ]

    /// The device's name in file names: `iPhone 8 Plus` → `iphone-8-plus`, `iPad Pro 12.9` → `ipad-pro-12.9`.
    public var slug: String {
        name.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: "-")
    }

    /// The catalog device with this name or alias, ignoring case and spaces.
    public static func named(_ name: String) -> Device? {
        let key = normalize(name)
        return catalog.first { normalize($0.name) == key || $0.aliases.contains { normalize($0) == key } }
    }

    static func normalize(_ s: String) -> String {
        String(s.lowercased().filter { !$0.isWhitespace && $0 != "-" && $0 != "_" })
    }
}
