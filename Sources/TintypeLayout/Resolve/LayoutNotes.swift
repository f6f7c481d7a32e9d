import Foundation
import Synchronization

/// Something the layout resolved on its own that a scene's author may want to know: content that
/// did not fit, where the lowest priority gave way as Auto Layout lets it. A render says nothing
/// about these unless asked (`tintype render --verbose`).
public struct LayoutNote: Sendable, Equatable, CustomStringConvertible {
    /// Where in the scene (`root.subviews[0]`).
    public var path: String
    public var message: String
    public var description: String { (path.isEmpty ? "" : path + ": ") + message }
}

/// Collects the notes of one scene's layout (shared by every environment of the scene, like the anchors).
package final class LayoutNotes: Sendable {
    private let notes = Mutex<[LayoutNote]>([])
    package init() {}

    func add(_ path: String, _ message: String) {
        notes.withLock { list in
            // A view measured more than once (fitting, then placing) says it once.
            let note = LayoutNote(path: path, message: message)
            if !list.contains(note) { list.append(note) }
        }
    }

    package var all: [LayoutNote] { notes.withLock { $0 } }
}
