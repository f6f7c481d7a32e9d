import TintypeModel

/// A rendering failure, naming the view it happened in.
public struct RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String
    /// Where the scene file gave the value at fault (the image reference of an image that cannot
    /// be drawn); nil when the problem has no place in the file or the scene was made in Swift.
    public var position: SourcePosition?
    public init(path: String, message: String, position: SourcePosition? = nil) {
        self.path = path; self.message = message; self.position = position
    }
    /// An image that cannot be loaded or drawn, at the place the scene named it.
    package init(path: String, image: ImageSource, _ error: ImageFileError) {
        self.init(path: path, message: error.message, position: image.position)
    }
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }

    /// The error as the decoder reports one, `scene.json:12:5: root.subviews[2].image: message`:
    /// the file (an included file when the value came from one), its line and column when known,
    /// the variant in brackets when there is one, then the path and message.
    public func located(in file: String, variant: String? = nil) -> String {
        var s = position?.file ?? file
        if let position { s += ":\(position.line):\(position.column)" }
        if let variant { s += " [\(variant)]" }
        return s + ": " + description
    }
}

/// An error from encoding, decoding or writing an image file.
public struct ImageFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
