/// UIButton: a title and/or an image laid out in the content rect, over an optional background
/// image, each of them per control state.
///
/// Scene keys: `buttonType` (system, custom, detailDisclosure, infoLight, infoDark, contactAdd),
/// `title`, `titleColor`, `image`, `backgroundImage` (each one value, or an object by state:
/// `{"normal": …, "highlighted": …, "selected": …, "disabled": …}`), `font`,
/// `contentEdgeInsets`, `titleEdgeInsets`, `imageEdgeInsets` (may be negative),
/// `contentHorizontalAlignment`, `contentVerticalAlignment`, `adjustsImageWhenHighlighted`,
/// `adjustsImageWhenDisabled`, plus `enabled`, `highlighted`, `selected`.
public struct Button: Sendable, Equatable {
    public enum ButtonType: String, Sendable, Equatable, CaseIterable {
        /// Tinted title and image, no bezel; highlighted fades, selected fills a tinted rounded rect.
        case system
        /// Nothing tinted: white title by default, images as they are.
        case custom
        /// The circled "i" (all three look alike since iOS 7).
        case detailDisclosure, infoLight, infoDark
        /// The circled "+".
        case contactAdd
    }

    public enum HorizontalAlignment: String, Sendable, Equatable, CaseIterable {
        case center, left, right, fill, leading, trailing
    }

    public enum VerticalAlignment: String, Sendable, Equatable, CaseIterable {
        case center, top, bottom, fill
    }

    public var buttonType: ButtonType
    public var title: PerState<String>
    /// Title colors; a missing state uses normal, and normal defaults to the tint (system) or white (custom).
    public var titleColor: PerState<ColorValue>
    /// Foreground images: template by default in a system button, original in a custom one.
    public var image: PerState<ControlImage>
    /// Background images, stretched over the bounds (nine-sliced with cap insets); original by default.
    public var backgroundImage: PerState<ControlImage>
    /// The title's font; nil is UIKit's default, the 15-point system font.
    public var font: Font?
    public var contentEdgeInsets: EdgeInsets
    public var titleEdgeInsets: EdgeInsets
    public var imageEdgeInsets: EdgeInsets
    public var contentHorizontalAlignment: HorizontalAlignment
    public var contentVerticalAlignment: VerticalAlignment
    public var adjustsImageWhenHighlighted: Bool
    public var adjustsImageWhenDisabled: Bool
    public var state: ControlState

    public init(buttonType: ButtonType = .system, title: PerState<String> = PerState(), titleColor: PerState<ColorValue> = PerState(),
                image: PerState<ControlImage> = PerState(), backgroundImage: PerState<ControlImage> = PerState(), font: Font? = nil,
                contentEdgeInsets: EdgeInsets = .zero, titleEdgeInsets: EdgeInsets = .zero, imageEdgeInsets: EdgeInsets = .zero,
                contentHorizontalAlignment: HorizontalAlignment = .center, contentVerticalAlignment: VerticalAlignment = .center,
                adjustsImageWhenHighlighted: Bool = true, adjustsImageWhenDisabled: Bool = true, state: ControlState = ControlState()) {
        self.buttonType = buttonType; self.title = title; self.titleColor = titleColor; self.image = image
        self.backgroundImage = backgroundImage; self.font = font; self.contentEdgeInsets = contentEdgeInsets
        self.titleEdgeInsets = titleEdgeInsets; self.imageEdgeInsets = imageEdgeInsets
        self.contentHorizontalAlignment = contentHorizontalAlignment; self.contentVerticalAlignment = contentVerticalAlignment
        self.adjustsImageWhenHighlighted = adjustsImageWhenHighlighted; self.adjustsImageWhenDisabled = adjustsImageWhenDisabled
        self.state = state
    }

    static func decode(_ r: ObjectReader) -> Button? {
        var b = Button(state: ControlState.decode(r))
        if let t = r.choice("buttonType", ButtonType.self) { b.buttonType = t }
        // A title, or one per state, each a string or {"localized": KEY}, as every other text.
        let localized: (JSONNode) -> Bool = { n in
            if case .object(let m) = n.value { return m.contains { $0.key == "localized" } }
            return false
        }
        if let t = PerState<String>.decode(r, "title", form: .text, isSingleObject: localized, { n, p, c in
            if localized(n), let lr = ObjectReader(n, path: p, context: c, schemaName: "localizedText") { return c.localizer.text(lr) }
            guard case .string(let s) = n.value else { c.report(p, n.position, "expected a string, found \(n.value.kindName)"); return nil }
            return s
        }) { b.title = t }
        if let c = PerState<ColorValue>.decode(r, "titleColor", form: .color(tint: true), { n, p, c in ObjectReader.colorValue(n, path: p, context: c) }) { b.titleColor = c }
        if let i = PerState<ControlImage>.decodeImages(r, "image") { b.image = i }
        if let i = PerState<ControlImage>.decodeImages(r, "backgroundImage") { b.backgroundImage = i }
        if let n = r.node("font", as: .font) { b.font = Label.decodeFont(n, path: join(r.path, "font"), context: r.context) }
        if let i = r.signedInsets("contentEdgeInsets") { b.contentEdgeInsets = i }
        if let i = r.signedInsets("titleEdgeInsets") { b.titleEdgeInsets = i }
        if let i = r.signedInsets("imageEdgeInsets") { b.imageEdgeInsets = i }
        if let a = r.choice("contentHorizontalAlignment", HorizontalAlignment.self) { b.contentHorizontalAlignment = a }
        if let a = r.choice("contentVerticalAlignment", VerticalAlignment.self) { b.contentVerticalAlignment = a }
        if let v = r.bool("adjustsImageWhenHighlighted") { b.adjustsImageWhenHighlighted = v }
        if let v = r.bool("adjustsImageWhenDisabled") { b.adjustsImageWhenDisabled = v }
        return b
    }
}

/// A value that may differ by UIControl.State. A scene gives one value (it is the normal state's)
/// or an object with `normal`, `highlighted`, `selected` and `disabled` members.
public struct PerState<Value: Sendable & Equatable>: Sendable, Equatable {
    public var normal: Value?
    public var highlighted: Value?
    public var selected: Value?
    public var disabled: Value?

    public init(normal: Value? = nil, highlighted: Value? = nil, selected: Value? = nil, disabled: Value? = nil) {
        self.normal = normal; self.highlighted = highlighted; self.selected = selected; self.disabled = disabled
    }

    public static func all(_ value: Value) -> PerState { PerState(normal: value) }

    public var isEmpty: Bool { normal == nil && highlighted == nil && selected == nil && disabled == nil }

    /// What UIKit shows in `state`: that state's own value, else (highlighted while selected) the
    /// selected one, else the normal one.
    public func value(for state: ControlState) -> Value? {
        if !state.isEnabled { return disabled ?? normal }
        if state.isHighlighted { return highlighted ?? (state.isSelected ? selected : nil) ?? normal }
        if state.isSelected { return selected ?? normal }
        return normal
    }

    static var stateNames: [String] { ["normal", "highlighted", "selected", "disabled"] }

    /// One value, or an object of values by state. `isSingleObject` tells an object that is itself
    /// one value (an image object) from an object by state.
    /// `form` is what `single` accepts, for the JSON Schema.
    static func decode(_ r: ObjectReader, _ key: String, form: ValueForm? = nil,
                       isSingleObject: (JSONNode) -> Bool = { _ in false },
                       _ single: (JSONNode, String, DecodeContext) -> Value?) -> PerState? {
        guard let n = r.node(key, as: form.map { .anyOf([$0, .object]) }) else { return nil }
        let path = join(r.path, key)
        return decode(n, path: path, context: r.context, form: form, isSingleObject: isSingleObject, single)
    }

    static func decode(_ n: JSONNode, path: String, context: DecodeContext, form: ValueForm? = nil,
                       isSingleObject: (JSONNode) -> Bool = { _ in false },
                       _ single: (JSONNode, String, DecodeContext) -> Value?) -> PerState? {
        guard case .object = n.value, !isSingleObject(n) else {
            return single(n, path, context).map { PerState(normal: $0) }
        }
        guard let s = ObjectReader(n, path: path, context: context) else { return nil }
        defer { s.finish() }
        var out = PerState()
        func read(_ name: String) -> Value? {
            guard let v = s.node(name, as: form) else { return nil }
            return single(v, join(path, name), context)
        }
        out.normal = read("normal")
        out.highlighted = read("highlighted")
        out.selected = read("selected")
        out.disabled = read("disabled")
        if s.keys.isEmpty {
            context.report(path, n.position, "expected a value or an object by state (\(stateNames.joined(separator: ", "))), found an empty object")
        }
        return out
    }
}

extension PerState where Value == ControlImage {
    /// Images: a path, an image object (`{"image": …, "capInsets": …}`), or an object by state of either.
    static func decodeImages(_ r: ObjectReader, _ key: String) -> PerState? {
        decode(r, key, form: ControlImage.form, isSingleObject: ControlImage.isImageObject) { n, p, c in ControlImage.decode(n, path: p, context: c) }
    }
}

/// An image a control draws: a file, how it is rendered, and its caps when it is resizable.
///
/// A scene gives a path (`"assets/star.png"`) or an object: `{"image": "assets/bg.png",
/// "capInsets": [4, 4, 4, 4], "resizingMode": "stretch", "renderingMode": "alwaysTemplate"}`.
public struct ControlImage: Sendable, Equatable {
    public var source: ImageSource
    /// What `automatic` means depends on the place (docs/uikit-metrics.md, Image rendering modes).
    public var renderingMode: RenderingMode
    /// Cap insets for a resizable image; nil stretches the whole image.
    public var capInsets: EdgeInsets?
    public var resizingMode: ResizingMode

    public init(_ path: String, renderingMode: RenderingMode = .automatic, capInsets: EdgeInsets? = nil, resizingMode: ResizingMode = .stretch) {
        self.init(source: ImageSource(path), renderingMode: renderingMode, capInsets: capInsets, resizingMode: resizingMode)
    }

    public init(source: ImageSource, renderingMode: RenderingMode = .automatic, capInsets: EdgeInsets? = nil, resizingMode: ResizingMode = .stretch) {
        self.source = source; self.renderingMode = renderingMode; self.capInsets = capInsets; self.resizingMode = resizingMode
    }

    static func isImageObject(_ n: JSONNode) -> Bool {
        guard case .object(let members) = n.value else { return false }
        return members.contains { $0.key == "image" }
    }

    /// A path or an image object, for the JSON Schema.
    static var form: ValueForm { ValueForm.anyOf([.string, .object]) }

    static func decode(_ n: JSONNode, path: String, context: DecodeContext) -> ControlImage? {
        context.recorder?.declare(path, form)
        switch n.value {
        case .string:
            return context.imageSource(n, path: path).map { ControlImage(source: $0) }
        case .object:
            guard let r = ObjectReader(n, path: path, context: context) else { return nil }
            defer { r.finish() }
            let mode = r.choice("renderingMode", RenderingMode.self)
            let caps = r.insets("capInsets")
            let resizing = r.choice("resizingMode", ResizingMode.self)
            guard r.has("image") else {
                context.report(path, n.position, "an image object needs an \"image\" (a .png or .svg path)")
                return nil
            }
            guard let source = r.imageSource("image") else { return nil }
            return ControlImage(source: source, renderingMode: mode ?? .automatic, capInsets: caps, resizingMode: resizing ?? .stretch)
        default:
            context.report(path, n.position, "expected an image path or an object with \"image\", found \(n.value.kindName)")
            return nil
        }
    }
}

extension ObjectReader {
    /// Insets that may be negative (UIButton's edge insets): one number, `[top, left, bottom, right]`, or an object.
    func signedInsets(_ key: String) -> EdgeInsets? {
        guard let n = node(key, as: .insets(signed: true)) else { return nil }
        if case .number = n.value {
            return ObjectReader.number(n, path: join(path, key), in: nil, context: context)
                .map { EdgeInsets(top: $0, left: $0, bottom: $0, right: $0) }
        }
        return ObjectReader.numbers(n, path: join(path, key), names: ["top", "left", "bottom", "right"], context: context)
            .map { EdgeInsets(top: $0[0], left: $0[1], bottom: $0[2], right: $0[3]) }
    }

    /// A number that must lie in `lower...upper`, reported against its own key with both bounds named.
    func number(_ key: String, between lower: (name: String, value: Double), and upper: (name: String, value: Double)) -> Double? {
        let range = SceneLimits.controlValue
        guard let n = node(key, as: .number(range.lowerBound, range.upperBound)),
              let v = ObjectReader.number(n, path: join(path, key), in: range, context: context) else { return nil }
        guard v >= lower.value, v <= upper.value else {
            report(key, n, "\(key) \(format(v)) is outside \(lower.name)…\(upper.name) (\(format(lower.value))…\(format(upper.value)))")
            return nil
        }
        return v
    }
}
