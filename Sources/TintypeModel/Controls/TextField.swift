/// UITextField: one line of text or a placeholder, a border style, an optional clear button and
/// left and right views; `isEditing` shows the caret (in the tint) the way a first responder does.
///
/// Scene keys: `borderStyle` (`none`, `line`, `bezel`, `roundedRect`), `text`, `placeholder`, `font`
/// (as a label's), `textColor`, `textAlignment`, `clearButtonMode` (`never`, `whileEditing`,
/// `unlessEditing`, `always`), `isEditing`, `secureTextEntry`, `leftView` / `rightView` (any view,
/// sized by its frame), `leftViewMode` / `rightViewMode`, plus `enabled`, `highlighted`, `selected`.
public struct TextField: Sendable, Equatable {
    public enum BorderStyle: String, Sendable, Equatable, CaseIterable {
        case none, line, bezel, roundedRect
    }

    /// UITextField.ViewMode: when the clear button or a side view shows.
    public enum ViewMode: String, Sendable, Equatable, CaseIterable {
        case never, whileEditing, unlessEditing, always

        public func shows(editing: Bool) -> Bool {
            switch self {
            case .never: false
            case .whileEditing: editing
            case .unlessEditing: !editing
            case .always: true
            }
        }
    }

    public var borderStyle: BorderStyle
    public var text: String
    public var placeholder: String?
    /// UITextField's default font is the 17-point system font.
    public var font: Font
    public var textColor: ColorValue
    public var textAlignment: TextAlignment
    public var clearButtonMode: ViewMode
    /// Whether the field is the first responder: shows the caret; `whileEditing` views show.
    public var isEditing: Bool
    /// Shows a bullet for each character of `text`.
    public var isSecureTextEntry: Bool
    /// Placed at the field's leading edge, centered vertically, at its frame's size (its origin is ignored).
    public var leftView: View?
    /// Defaults to `always` (UIKit's default is `never`): a scene that gives a view means to show it.
    public var leftViewMode: ViewMode
    public var rightView: View?
    public var rightViewMode: ViewMode
    public var state: ControlState

    public init(borderStyle: BorderStyle = .none, text: String = "", placeholder: String? = nil,
                font: Font = .system(size: 17), textColor: ColorValue = .black, textAlignment: TextAlignment = .natural,
                clearButtonMode: ViewMode = .never, isEditing: Bool = false, isSecureTextEntry: Bool = false,
                leftView: View? = nil, leftViewMode: ViewMode = .always, rightView: View? = nil,
                rightViewMode: ViewMode = .always, state: ControlState = ControlState()) {
        self.borderStyle = borderStyle; self.text = text; self.placeholder = placeholder; self.font = font
        self.textColor = textColor; self.textAlignment = textAlignment; self.clearButtonMode = clearButtonMode
        self.isEditing = isEditing; self.isSecureTextEntry = isSecureTextEntry
        self.leftView = leftView; self.leftViewMode = leftViewMode
        self.rightView = rightView; self.rightViewMode = rightViewMode; self.state = state
    }

    /// The text as shown: one bullet per character when secure.
    public var displayText: String {
        isSecureTextEntry ? String(repeating: "\u{2022}", count: text.count) : text
    }

    /// Whether the clear button shows: only over some text, and as `clearButtonMode` says.
    public var showsClearButton: Bool { !text.isEmpty && clearButtonMode.shows(editing: isEditing) }

    static func decode(_ r: ObjectReader) -> TextField? {
        var f = TextField(state: ControlState.decode(r))
        if let s = r.choice("borderStyle", BorderStyle.self) { f.borderStyle = s }
        if let t = r.string("text") { f.text = t }
        f.placeholder = r.string("placeholder")
        if let n = r.node("font", as: .font) { f.font = Label.decodeFont(n, path: join(r.path, "font"), context: r.context) ?? f.font }
        if let c = r.colorValue("textColor") { f.textColor = c }
        if let a = r.choice("textAlignment", TextAlignment.self) { f.textAlignment = a }
        if let m = r.choice("clearButtonMode", ViewMode.self) { f.clearButtonMode = m }
        if let e = r.bool("isEditing") {
            if e && !f.state.isEnabled, let n = r.node("isEditing") {
                r.report("isEditing", n, "a disabled text field cannot be editing; remove \"isEditing\" or \"enabled\": false")
            } else {
                f.isEditing = e
            }
        }
        if let s = r.bool("secureTextEntry") { f.isSecureTextEntry = s }
        f.leftView = decodeSideView(r, "leftView")
        if let m = r.choice("leftViewMode", ViewMode.self) { f.leftViewMode = m }
        f.rightView = decodeSideView(r, "rightView")
        if let m = r.choice("rightViewMode", ViewMode.self) { f.rightViewMode = m }
        return f
    }

    /// A side view: any view kind, nested as deep as its path already is.
    static func decodeSideView(_ r: ObjectReader, _ key: String) -> View? {
        guard let n = r.node(key, as: .view) else { return nil }
        let path = join(r.path, key)
        // Control decoders are not told their depth; each level of nesting adds a "." to the path,
        // so counting them bounds the depth from above and keeps recursion within the limit.
        let depth = path.filter { $0 == "." }.count
        return SceneDecoder.decodeView(n, path: path, depth: depth, context: r.context)
    }
}
