import TintypeModel

/// One problem with an Interface Builder file: the file, the line and column, the object's id, and
/// what is wrong. A warning's `kind` groups it for a summary (`customClass`, `unknownClass`, …).
public struct StoryboardIssue: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var position: SourcePosition?
    /// The id Interface Builder gave the object (`BYZ-38-t0r`), when the problem is with one.
    public var id: String?
    public var message: String
    /// A short name for the kind of problem, the same for every issue of that kind.
    public var kind: String

    public init(file: String, position: SourcePosition?, id: String?, message: String, kind: String) {
        self.file = file; self.position = position; self.id = id; self.message = message; self.kind = kind
    }

    /// `Main.storyboard:12:5: BYZ-38-t0r: a segue names "xyz", which no object has`
    public var description: String {
        var s = file
        if let position { s += ":\(position.line):\(position.column)" }
        s += ": "
        if let id { s += id + ": " }
        return s + message
    }
}

/// Everything that keeps an Interface Builder file from being read.
public struct StoryboardError: Error, Sendable, Equatable, CustomStringConvertible {
    public var issues: [StoryboardIssue]
    public init(issues: [StoryboardIssue]) { self.issues = issues }
    public var description: String { issues.map(\.description).joined(separator: "\n") }
}
