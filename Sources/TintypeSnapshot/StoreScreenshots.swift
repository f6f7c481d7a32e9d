import Foundation
import TintypeModel

/// The App Store's screenshot sizes of the iOS 7–11 era (App Store Connect, 2017–2018): for each
/// display class, the device Tintype renders it on and the exact pixel sizes the store accepts.
public struct StoreScreenshotSize: Sendable, Equatable {
    /// The display class as the store names it: "5.5-inch".
    public var name: String
    /// The catalog device a screenshot of this class is rendered on.
    public var device: String
    /// Width × height in pixels, portrait and landscape, that the store accepts.
    public var accepted: [(Int, Int)]

    public static func == (a: Self, b: Self) -> Bool { a.name == b.name }

    /// Every class Tintype can render, largest phones first, then iPads.
    public static let all: [StoreScreenshotSize] = [
        StoreScreenshotSize(name: "5.8-inch", device: "iPhone X", accepted: [(1125, 2436), (2436, 1125)]),
        StoreScreenshotSize(name: "5.5-inch", device: "iPhone 8 Plus", accepted: [(1242, 2208), (2208, 1242)]),
        StoreScreenshotSize(name: "4.7-inch", device: "iPhone 8", accepted: [(750, 1334), (1334, 750)]),
        StoreScreenshotSize(name: "4-inch", device: "iPhone SE", accepted: [(640, 1136), (1136, 640), (640, 1096), (1136, 600)]),
        StoreScreenshotSize(name: "3.5-inch", device: "iPhone 4s", accepted: [(640, 960), (960, 640), (640, 920), (960, 600)]),
        StoreScreenshotSize(name: "12.9-inch", device: "iPad Pro 12.9", accepted: [(2048, 2732), (2732, 2048)]),
        StoreScreenshotSize(name: "9.7-inch", device: "iPad", accepted: [(1536, 2048), (2048, 1536), (1536, 2008), (2048, 1496),
                                                                     (768, 1024), (1024, 768), (768, 1004), (1024, 748)]),
    ]

    /// The classes the era's store required or asked for first: the iPhone X, the 5.5-inch
    /// iPhones (from which the store scaled the smaller ones) and the 12.9-inch iPad Pro.
    public static let defaults = ["5.8-inch", "5.5-inch", "12.9-inch"]

    /// A class by name: "5.5-inch", "5.5" or "5.5in".
    public static func named(_ name: String) -> StoreScreenshotSize? {
        let n = name.lowercased().replacingOccurrences(of: "-inch", with: "").replacingOccurrences(of: "in", with: "")
        return all.first { $0.name.dropLast(5) == n }
    }

    /// Whether the store takes a screenshot of `width`×`height` pixels in this class.
    public func accepts(width: Int, height: Int) -> Bool { accepted.contains { $0 == (width, height) } }

    /// "1242×2208 or 2208×1242", for messages.
    public var acceptedList: String {
        let sizes = accepted.map { "\($0.0)×\($0.1)" }
        return sizes.dropLast().joined(separator: ", ") + (sizes.count > 1 ? " or " : "") + sizes.last!
    }
}
