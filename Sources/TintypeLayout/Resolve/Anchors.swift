import Synchronization
import TintypeModel

/// Where the views and bar items that have ids landed, recorded as the scene resolves, for what
/// points at them afterwards: a popover's arrow, the large content viewer, touch marks.
final class Anchors: Sendable {
    /// A bar item's icon as drawn in its bar.
    enum Icon: Sendable, Equatable {
        case image(ImageSource, filePath: String, template: Bool)
        case glyph(Glyph)
    }

    struct Entry: Sendable, Equatable {
        /// In screen points.
        var frame: Rect
        /// A bar item's title and icon (nil for views).
        var title: String?
        var icon: Icon?
        /// The color the item shows in (its tint, or gray for an unselected tab).
        var color: Color?
        /// The item's largeContentSizeImage (template when its bar icon is), which the viewer
        /// shows fitted instead of the bar icon enlarged.
        var largeImage: Icon?
    }

    private let entries = Mutex<[String: Entry]>([:])

    init() {}

    func record(_ id: String?, _ entry: Entry) {
        guard let id else { return }
        entries.withLock { $0[id] = entry }
    }

    subscript(id: String) -> Entry? { entries.withLock { $0[id] } }

    /// Every entry, by id, sorted by id (a row in motion hands its views' entries on, moved).
    var all: [(id: String, entry: Entry)] { entries.withLock { $0.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } } }
}
