/// UIImageView: a PNG or SVG file drawn into the view's bounds by a content mode.
public struct ImageView: Sendable, Equatable {
    public var image: ImageSource
    public var renderingMode: RenderingMode
    public var contentMode: ContentMode
    /// Cap insets, in points of the image, for a resizable (nine-slice) image; nil draws it whole.
    public var capInsets: EdgeInsets?
    public var resizingMode: ResizingMode

    public init(image: ImageSource, renderingMode: RenderingMode = .automatic, contentMode: ContentMode = .scaleToFill,
                capInsets: EdgeInsets? = nil, resizingMode: ResizingMode = .stretch) {
        self.image = image; self.renderingMode = renderingMode; self.contentMode = contentMode
        self.capInsets = capInsets; self.resizingMode = resizingMode
    }
}

/// An image file, by path (relative paths are relative to the scene file's folder).
///
/// A PNG's size in points is its pixel size divided by the scale in its name (`star@2x.png` is 2x,
/// `star.png` 1x). An SVG's size in points is its width and height (or its viewBox).
public struct ImageSource: Sendable, Equatable, Hashable {
    public var path: String
    /// Where the scene file named the image (nil for a scene made in Swift), so that a problem
    /// found only when the image is drawn is still reported at its line and column. Two sources
    /// are equal when their paths are: the place is not part of the image.
    public var position: SourcePosition?
    public init(_ path: String, position: SourcePosition? = nil) { self.path = path; self.position = position }

    public static func == (a: ImageSource, b: ImageSource) -> Bool { a.path == b.path }
    public func hash(into hasher: inout Hasher) { hasher.combine(path) }

    /// The file on disk: the path as it is when absolute, else inside `baseDirectory` (the scene
    /// file's folder; the current folder when nil).
    public func resolvedPath(in baseDirectory: String?) -> String {
        if path.hasPrefix("/") { return path }
        guard let base = baseDirectory, !base.isEmpty else { return path }
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }

    public enum Format: String, Sendable { case png, svg }

    /// The format the file name says; nil for any other extension.
    public var format: Format? {
        let lower = path.lowercased()
        if lower.hasSuffix(".png") { return .png }
        if lower.hasSuffix(".svg") { return .svg }
        return nil
    }

    /// The scale in the file name's `@2x`/`@3x` suffix, 1 without one.
    public var scale: Double {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return 1 }
        let stem = name[..<dot]
        for s in [2, 3] where stem.hasSuffix("@\(s)x") { return Double(s) }
        return 1
    }
}

/// UIImage.RenderingMode: what "automatic" means depends on where the image is used.
public enum RenderingMode: String, Sendable, Equatable, CaseIterable {
    case automatic, alwaysOriginal, alwaysTemplate

    /// The mode after resolving `automatic` for a place that defaults to template or original.
    public func resolved(templateByDefault: Bool) -> RenderingMode {
        self == .automatic ? (templateByDefault ? .alwaysTemplate : .alwaysOriginal) : self
    }
}

public enum ContentMode: String, Sendable, Equatable, CaseIterable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
    case topLeft, topRight, bottomLeft, bottomRight

    /// Short names a scene file may use instead.
    public static let aliases: [String: ContentMode] = ["aspectFit": .scaleAspectFit, "aspectFill": .scaleAspectFill]
}

/// How a resizable image fills the space between its caps.
public enum ResizingMode: String, Sendable, Equatable, CaseIterable {
    case stretch, tile
}

extension View {
    /// An image view.
    public static func image(_ path: String, renderingMode: RenderingMode = .automatic,
                             contentMode: ContentMode = .scaleToFill, capInsets: EdgeInsets? = nil,
                             resizingMode: ResizingMode = .stretch, frame: Rect? = nil,
                             tintColor: Color? = nil) -> View {
        View(.image(ImageView(image: ImageSource(path), renderingMode: renderingMode, contentMode: contentMode,
                              capInsets: capInsets, resizingMode: resizingMode)),
             frame: frame, tintColor: tintColor)
    }
}

extension ImageView {
    static func decode(_ r: ObjectReader) -> ImageView? {
        // Every property is read first, so that a bad image never makes the others look unknown.
        let renderingMode = r.choice("renderingMode", RenderingMode.self)
        let contentMode = r.choice("contentMode", ContentMode.self, aliases: ContentMode.aliases)
        let capInsets = r.insets("capInsets")
        let resizingMode = r.choice("resizingMode", ResizingMode.self)
        guard let n = r.node("image", as: .string) else {
            r.context.report(r.path, r.node.position, "an image view needs an \"image\" (a .png or .svg path)")
            return nil
        }
        guard case .string(let path) = n.value else {
            r.report("image", n, "expected a file path, found \(n.value.kindName)")
            return nil
        }
        let source = ImageSource(r.context.relativePath(path, at: n.position), position: n.position)
        r.context.noteImage(source)
        var view = ImageView(image: source)
        if let renderingMode { view.renderingMode = renderingMode }
        if let contentMode { view.contentMode = contentMode }
        view.capInsets = capInsets
        if let resizingMode { view.resizingMode = resizingMode }
        if let problem = ImageFileCheck.problem(with: source, baseDirectory: r.context.baseDirectory, project: r.context.project) {
            r.report("image", n, problem)
        }
        return view
    }
}
