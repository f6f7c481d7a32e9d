import Synchronization

/// A layout the scene asked for that UIKit could not make as written: constraints that cannot all
/// hold (one is broken, as UIKit's log says), a frame the constraints leave undecided, a constraint
/// that names a view laid out elsewhere. The render still succeeds; every command prints these as
/// warnings (`warning: NAME: root.subviews[1]: …`), and tests read them off the display list.
public struct LayoutWarning: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        /// "Unable to simultaneously satisfy constraints": a required constraint was broken.
        case unsatisfiable
        /// A view whose frame the constraints do not decide (UIView.hasAmbiguousLayout).
        case ambiguous
        /// A constraint that could not be added: it names a view outside its hierarchy, or one UIKit refuses.
        case leftOut
    }
    public var kind: Kind
    /// Where in the scene (`root.subviews[0]`): the view the broken constraint or the ambiguity places.
    public var path: String
    /// What went wrong, in UIKit's words where UIKit logs it.
    public var message: String
    public var description: String { (path.isEmpty ? "" : path + ": ") + message }

    public init(kind: Kind, path: String, message: String) { self.kind = kind; self.path = path; self.message = message }
}

/// Collects the warnings of one scene's layout (shared by every environment of the scene, like the notes).
package final class LayoutWarnings: Sendable {
    private let list = Mutex<[LayoutWarning]>([])
    package init() {}

    func add(_ warning: LayoutWarning) {
        // A hierarchy laid out twice (measured, then placed) warns once.
        list.withLock { if !$0.contains(warning) { $0.append(warning) } }
    }

    package var all: [LayoutWarning] { list.withLock { $0 } }
}
