/// What the window presents over the root: an alert or an action sheet (UIAlertController).
/// Presenting dims the window (tintAdjustmentMode dimmed, and a black dimming layer), while the
/// presented controller keeps its colors.
public enum Presentation: Sendable, Equatable {
    case alert(AlertController)
    case actionSheet(AlertController)
    /// A presented view controller (any view kind, usually a controller) in a modal style.
    case sheet(ModalSheet)

    /// Whether presenting dims the window (its tints turn gray under a 40% black layer): alerts,
    /// action sheets, and sheets that leave the window visible around them.
    public func dimsWindow(on device: Device) -> Bool {
        switch self {
        case .alert, .actionSheet: true
        case .sheet(let s): s.style == .custom || (device.isPad && (s.style == .formSheet || s.style == .pageSheet))
        }
    }
}

/// UIModalPresentationStyle, iOS 7–12: full screen and over current context cover the screen
/// without dimming; on iPad a page sheet (768 wide, full height) and a form sheet (540×620,
/// centered) sit over the dimmed window, and on a phone they are full screen; a custom
/// presentation dims the window and places the sheet at its root's frame. The sheet's views inherit
/// the dimmed adjustment mode unless they set `tintAdjustmentMode: normal` (the iOS 7 talk's
/// new-message sheet keeps its Cancel and Post red that way).
public struct ModalSheet: Sendable, Equatable {
    public enum Style: String, Sendable, Equatable, CaseIterable { case fullScreen, pageSheet, formSheet, overCurrentContext, custom }
    public var style: Style
    public var root: View
    public init(style: Style = .fullScreen, root: View) { self.style = style; self.root = root }
}

/// UIAlertController's content.
public struct AlertController: Sendable, Equatable {
    public var title: String?
    public var message: String?
    public var actions: [AlertAction]
    public var textFields: [AlertTextField]
    /// The actions' color; nil uses the window's tint (undimmed).
    public var tintColor: Color?

    public init(title: String? = nil, message: String? = nil, actions: [AlertAction] = [], textFields: [AlertTextField] = [], tintColor: Color? = nil) {
        self.title = title; self.message = message; self.actions = actions; self.textFields = textFields; self.tintColor = tintColor
    }
}

public struct AlertAction: Sendable, Equatable {
    public enum Style: String, Sendable, Equatable, CaseIterable { case `default`, cancel, destructive }
    public var title: String
    public var style: Style
    /// The preferred action is bold (UIAlertController.preferredAction).
    public var isPreferred: Bool
    public var isEnabled: Bool
    public init(title: String, style: Style = .default, isPreferred: Bool = false, isEnabled: Bool = true) {
        self.title = title; self.style = style; self.isPreferred = isPreferred; self.isEnabled = isEnabled
    }
}

public struct AlertTextField: Sendable, Equatable {
    public var text: String?
    public var placeholder: String?
    public var isSecure: Bool
    public init(text: String? = nil, placeholder: String? = nil, isSecure: Bool = false) {
        self.text = text; self.placeholder = placeholder; self.isSecure = isSecure
    }
}

extension Presentation {
    /// `{"alert": {...}}` or `{"actionSheet": {...}}`.
    static func decode(_ n: JSONNode, path: String, context: DecodeContext) -> Presentation? {
        guard case .object(let members) = n.value, members.count == 1, let m = members.first else {
            context.report(path, n.position, "expected {\"alert\": {...}}, {\"actionSheet\": {...}} or {\"sheet\": {...}}")
            return nil
        }
        if m.key == "sheet" {
            guard let r = ObjectReader(m.value, path: path, context: context) else { return nil }
            defer { r.finish() }
            let style = r.choice("modalPresentationStyle", ModalSheet.Style.self) ?? .fullScreen
            guard let root = r.node("root") else {
                context.report(join(path, "root"), m.value.position, "a sheet needs a \"root\": the presented view or controller")
                return nil
            }
            guard let view = SceneDecoder.decodeView(root, path: join(path, "root"), depth: 0, context: context) else { return nil }
            if style == .custom && view.frame == nil {
                context.report(join(path, "root"), root.position, "a custom presentation needs a \"frame\" on its root")
            }
            return .sheet(ModalSheet(style: style, root: view))
        }
        guard m.key == "alert" || m.key == "actionSheet" else {
            var message = "unknown presentation \(quoted(m.key))"
            if let s = Suggest.closest(to: m.key, in: ["alert", "actionSheet", "sheet"]) { message += "; did you mean \(quoted(s))?" }
            context.report(path, m.keyPosition, message)
            return nil
        }
        guard let r = ObjectReader(m.value, path: path, context: context) else { return nil }
        defer { r.finish() }
        var alert = AlertController(title: r.string("title"), message: r.string("message"))
        alert.tintColor = r.color("tintColor")
        if let items = r.array("actions") {
            for (node, p) in items {
                if case .string(let title) = node.value { alert.actions.append(AlertAction(title: title)); continue }
                guard let a = ObjectReader(node, path: p, context: context, what: "an action (a title or an object)") else { continue }
                var action = AlertAction(title: a.string("title") ?? "")
                if !a.has("title") { context.report(p, node.position, "an action needs a \"title\"") }
                if let s = a.choice("style", AlertAction.Style.self) { action.style = s }
                if let b = a.bool("preferred") { action.isPreferred = b }
                if let b = a.bool("enabled") { action.isEnabled = b }
                a.finish()
                alert.actions.append(action)
            }
        }
        if let items = r.array("textFields") {
            if m.key == "actionSheet" { context.report(join(path, "textFields"), n.position, "an action sheet cannot have text fields (UIKit allows them in alerts only)") }
            for (node, p) in items {
                guard let f = ObjectReader(node, path: p, context: context, what: "a text field object") else { continue }
                alert.textFields.append(AlertTextField(text: f.string("text"), placeholder: f.string("placeholder"), isSecure: f.bool("secureTextEntry") ?? false))
                f.finish()
            }
        }
        if alert.actions.filter({ $0.style == .cancel }).count > 1 {
            context.report(join(path, "actions"), n.position, "only one action may have the cancel style (UIKit raises otherwise)")
        }
        return m.key == "alert" ? .alert(alert) : .actionSheet(alert)
    }
}
