/// One problem in a scene, with where it is: the file, the path inside it, and the line and column.
public struct SceneIssue: Sendable, Equatable, CustomStringConvertible {
    /// The scene file as the user named it (`<stdin>` for standard input).
    public var file: String
    /// The path inside the scene, like `root.subviews[2].backgroundColor`; empty for the whole file.
    public var path: String
    public var position: SourcePosition?
    public var message: String
    /// For a warning an imported storyboard gives: its kind (`customClass`, `prototypeCells`, …)
    /// and the id of the Interface Builder object it is about, so that code can tell warnings
    /// apart without reading their text. Nil for the decoder's own.
    public var kind: String?
    public var objectID: String?

    public init(file: String, path: String, position: SourcePosition?, message: String, kind: String? = nil, objectID: String? = nil) {
        self.file = file; self.path = path; self.position = position; self.message = message
        self.kind = kind; self.objectID = objectID
    }

    /// `scene.json:12:5: root.subviews[2].backgroundColor: bad color "#12G" (...)`
    public var description: String {
        var s = file
        if let position { s += ":\(position.line):\(position.column)" }
        s += ": "
        if !path.isEmpty { s += path + ": " }
        return s + message
    }
}

/// Everything wrong with a scene file; decoding goes on past the first problem to report them all.
public struct SceneError: Error, Sendable, Equatable, CustomStringConvertible {
    public var issues: [SceneIssue]
    public init(issues: [SceneIssue]) { self.issues = issues }
    public init(file: String, path: String = "", position: SourcePosition? = nil, message: String) {
        issues = [SceneIssue(file: file, path: path, position: position, message: message)]
    }
    public var description: String { issues.map(\.description).joined(separator: "\n") }
}

/// Quotes a value for a message: strings in double quotes, other values as written.
public func quoted(_ s: String) -> String {
    var out = "\""
    for ch in s.prefix(80) {
        switch ch {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        default: out.append(ch)
        }
    }
    return out + (s.count > 80 ? "…\"" : "\"")
}
