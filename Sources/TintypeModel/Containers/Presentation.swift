/// What the window presents over the root: an alert or an action sheet (UIAlertController).
/// Presenting dims the window (tintAdjustmentMode dimmed, and a black dimming layer), while the
/// presented controller keeps its colors.
public enum Presentation: Sendable, Equatable {
    case alert(AlertController)
    case actionSheet(AlertController)
    /// A presented view controller (any view kind, usually a controller) in a modal style.
    case sheet(ModalSheet)
    /// A popover (iPad): content in a rounded panel whose arrow points at a bar item, a view or a
    /// rectangle. On a phone it adapts to a full-screen sheet, as UIKit's does by default.
    case popover(Popover)

    /// Whether presenting dims the window (its tints turn gray under a 40% black layer): alerts,
    /// action sheets, and sheets that leave the window visible around them.
    public func dimsWindow(on device: Device) -> Bool {
        switch self {
        case .alert: true
        // An iPad action sheet is a popover: the window's tints dim, without the black layer.
        case .actionSheet: !device.isPad
        case .sheet(let s): s.style == .custom || (device.isPad && (s.style == .formSheet || s.style == .pageSheet))
        case .popover: false
        }
    }

    /// Whether the window's tints turn gray: every presentation that dims the window, and
    /// iPad popovers and action sheets (which leave the window visible without the black layer).
    public func dimsTint(on device: Device) -> Bool {
        switch self {
        case .actionSheet: true
        case .popover: device.isPad
        default: dimsWindow(on: device)
        }
    }
}

/// What a popover's arrow points at (UIPopoverPresentationController's barButtonItem, or
/// sourceView and sourceRect), and the directions its arrow may take.
public struct PopoverSource: Sendable, Equatable {
    public enum Anchor: Sendable, Equatable {
        /// A bar button item or tab bar item with this id.
        case item(String)
        /// A view with this id; `rect`, when given, is in its coordinates.
        case view(String)
        /// The screen; `rect` is in screen points.
        case screen
    }
    public var anchor: Anchor
    public var rect: Rect?
    public var permittedArrowDirections: ArrowDirections

    public init(anchor: Anchor, rect: Rect? = nil, permittedArrowDirections: ArrowDirections = .any) {
        self.anchor = anchor; self.rect = rect; self.permittedArrowDirections = permittedArrowDirections
    }
}

/// UIPopoverArrowDirection: the side of the popover the arrow sticks out of. `up` puts the popover
/// below its source.
public struct ArrowDirections: OptionSet, Sendable, Equatable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let up = ArrowDirections(rawValue: 1)
    public static let down = ArrowDirections(rawValue: 2)
    public static let left = ArrowDirections(rawValue: 4)
    public static let right = ArrowDirections(rawValue: 8)
    public static let any: ArrowDirections = [.up, .down, .left, .right]
    /// UIKit's order of preference when several are permitted.
    public static let names: [(String, ArrowDirections)] = [("up", .up), ("down", .down), ("left", .left), ("right", .right)]
}

/// A popover: its content (a view or controller) at its preferred size, and its source.
public struct Popover: Sendable, Equatable {
    public var source: PopoverSource
    /// The content's size; nil is UIKit's default of 320 wide, as tall as the screen allows.
    public var preferredContentSize: Size?
    /// The panel's color under the content (UIPopoverPresentationController.backgroundColor); nil is
    /// the light blurred panel.
    public var backgroundColor: Color?
    public var root: View
    public init(source: PopoverSource, preferredContentSize: Size? = nil, backgroundColor: Color? = nil, root: View) {
        self.source = source; self.preferredContentSize = preferredContentSize; self.backgroundColor = backgroundColor; self.root = root
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
    /// UIModalTransitionStyle: how the sheet comes and goes (docs/motion.md, The system's animations).
    /// `partialCurl`, the page curl, is out of scope: the decoder refuses it.
    public enum TransitionStyle: String, Sendable, Equatable, CaseIterable {
        /// Slides up from the bottom edge (UIKit's default).
        case coverVertical
        /// The screen turns half a turn about its vertical axis, right to left, the sheet on its back.
        case flipHorizontal
        /// The sheet fades in over the screen.
        case crossDissolve
    }
    public var style: Style
    public var transitionStyle: TransitionStyle
    public var root: View
    public init(style: Style = .fullScreen, transitionStyle: TransitionStyle = .coverVertical, root: View) {
        self.style = style; self.transitionStyle = transitionStyle; self.root = root
    }
}

/// UIAlertController's content.
public struct AlertController: Sendable, Equatable {
    public var title: String?
    public var message: String?
    public var actions: [AlertAction]
    public var textFields: [AlertTextField]
    /// The actions' color; nil uses the window's tint (undimmed).
    public var tintColor: Color?
    /// Where an action sheet's popover points on an iPad (required there, as UIKit requires it).
    public var popoverSource: PopoverSource?

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
    /// The form of a presentation, for the JSON Schema.
    static var form: ValueForm { ValueForm.oneKey(prefix: "presentation", keys: ["alert", "actionSheet", "sheet", "popover"]) }

    static func decode(_ n: JSONNode, path: String, context: DecodeContext) -> Presentation? {
        context.recorder?.declare(path, form)
        guard case .object(let members) = n.value, members.count == 1, let m = members.first else {
            context.report(path, n.position, "expected {\"alert\": {...}}, {\"actionSheet\": {...}}, {\"sheet\": {...}} or {\"popover\": {...}}")
            return nil
        }
        if m.key == "sheet" {
            guard let r = ObjectReader(m.value, path: path, context: context, schemaName: "presentation." + m.key) else { return nil }
            defer { r.finish() }
            let style = r.choice("modalPresentationStyle", ModalSheet.Style.self) ?? .fullScreen
            var transition = ModalSheet.TransitionStyle.coverVertical
            // The schema offers the three styles; the page curl is read only to be refused by name.
            if let n = r.node("modalTransitionStyle", as: .choice(ModalSheet.TransitionStyle.allCases.map(\.rawValue))) {
                if case .string("partialCurl") = n.value {
                    r.report("modalTransitionStyle", n, "\"partialCurl\" (UIKit's page curl) is out of scope: Tintype does not draw it; "
                             + "use coverVertical, crossDissolve or flipHorizontal")
                } else if let t = ObjectReader.choice(n, path: join(path, "modalTransitionStyle"), ModalSheet.TransitionStyle.self, context: context) {
                    transition = t
                }
            }
            guard let root = r.node("root") else {
                context.report(join(path, "root"), m.value.position, "a sheet needs a \"root\": the presented view or controller")
                return nil
            }
            guard let view = context.within(AppearanceContainer(kind: "sheet"), {
                SceneDecoder.decodeView(root, path: join(path, "root"), depth: 0, context: context)
            }) else { return nil }
            if style == .custom && view.frame == nil && view.layout == nil {
                context.report(join(path, "root"), root.position, "a custom presentation needs a \"frame\" or a \"layout\" on its root")
            }
            return .sheet(ModalSheet(style: style, transitionStyle: transition, root: view))
        }
        if m.key == "popover" {
            guard let r = ObjectReader(m.value, path: path, context: context, schemaName: "presentation." + m.key) else { return nil }
            defer { r.finish() }
            let source = PopoverSource.decode(r)
            let size = r.size("preferredContentSize")
            let background = r.color("backgroundColor")
            guard let root = r.node("root") else {
                context.report(join(path, "root"), m.value.position, "a popover needs a \"root\": the view or controller it shows")
                return nil
            }
            guard let view = context.within(AppearanceContainer(kind: "popover"), {
                SceneDecoder.decodeView(root, path: join(path, "root"), depth: 0, context: context)
            }) else { return nil }
            guard let source else {
                context.report(path, m.value.position, "a popover needs a \"sourceItem\", a \"sourceView\" or a \"sourceRect\" for its arrow")
                return nil
            }
            return .popover(Popover(source: source, preferredContentSize: size, backgroundColor: background, root: view))
        }
        guard m.key == "alert" || m.key == "actionSheet" else {
            var message = "unknown presentation \(quoted(m.key))"
            if let s = Suggest.closest(to: m.key, in: ["alert", "actionSheet", "sheet", "popover"]) { message += "; did you mean \(quoted(s))?" }
            context.report(path, m.keyPosition, message)
            return nil
        }
        guard let r = ObjectReader(m.value, path: path, context: context, schemaName: "presentation." + m.key) else { return nil }
        defer { r.finish() }
        var alert = AlertController(title: r.string("title"), message: r.string("message"))
        alert.tintColor = r.color("tintColor")
        if m.key == "actionSheet" { alert.popoverSource = PopoverSource.decode(r) }
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

extension PopoverSource {
    /// `sourceItem` (a bar item's id), or `sourceView` (a view's id) with an optional `sourceRect`
    /// in its coordinates, or `sourceRect` alone in screen points; and `permittedArrowDirections`.
    static func decode(_ r: ObjectReader) -> PopoverSource? {
        let item = r.reference("sourceItem")
        let view = r.reference("sourceView")
        let rect = r.rect("sourceRect")
        var directions = ArrowDirections.any
        if let n = r.node("permittedArrowDirections") {
            let p = join(r.path, "permittedArrowDirections")
            let names = ArrowDirections.names.map(\.0) + ["any"]
            let list: [(JSONNode, String)] = if case .array(let a) = n.value { a.enumerated().map { ($1, p + "[\($0)]") } } else { [(n, p)] }
            directions = []
            for (e, ep) in list {
                guard case .string(let s) = e.value, names.contains(s) else {
                    r.context.report(ep, e.position, "expected an arrow direction (\(names.joined(separator: ", "))), found \(describe(e))")
                    continue
                }
                directions.formUnion(s == "any" ? .any : ArrowDirections.names.first { $0.0 == s }!.1)
            }
            if directions.isEmpty { directions = .any }
        }
        if item != nil && (view != nil || rect != nil) {
            r.context.report(join(r.path, "sourceItem"), r.node.position, "give \"sourceItem\", or \"sourceView\" and \"sourceRect\", not both")
        }
        if let item { return PopoverSource(anchor: .item(item), permittedArrowDirections: directions) }
        if let view { return PopoverSource(anchor: .view(view), rect: rect, permittedArrowDirections: directions) }
        if let rect { return PopoverSource(anchor: .screen, rect: rect, permittedArrowDirections: directions) }
        return nil
    }
}
