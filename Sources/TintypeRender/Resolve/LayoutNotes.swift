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

    /// A renderer that shares `base`'s images and prints each note on standard error as
    /// `note: NAME: path: message` (NAME: the scene file, and its variant).
    public static func renderer(sharing base: Renderer, for name: String) -> Renderer {
        Renderer(images: base.images, warn: base.warn) { note in
            FileHandle.standardError.write(Data("note: \(name): \(note)\n".utf8))
        }
    }
}

/// Collects the notes of one scene's layout (shared by every environment of the scene, like the anchors).
public final class LayoutNotes: Sendable {
    private let notes = Mutex<[LayoutNote]>([])
    public init() {}

    func add(_ path: String, _ message: String) {
        notes.withLock { list in
            // A view measured more than once (fitting, then placing) says it once.
            let note = LayoutNote(path: path, message: message)
            if !list.contains(note) { list.append(note) }
        }
    }

    public var all: [LayoutNote] { notes.withLock { $0 } }
}
