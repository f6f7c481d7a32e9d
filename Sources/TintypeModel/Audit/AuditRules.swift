#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The rules `tintype audit` checks a rendered screen against, each with a stable id (what a scene's
/// `"audit"` object, a suite file and a baseline name it by) and a severity. docs/audit/ has a page
/// per rule: what it finds, why it matters and how to fix or silence it.
public enum AuditRule: String, Sendable, Equatable, Hashable, CaseIterable, Comparable {
    /// A text ellipsized, or cut to fewer lines than it needs.
    case textTruncated = "text-truncated"
    /// A text cut off at its own frame's sides, or by a superview that clips to its bounds.
    case textClipped = "text-clipped"
    /// Two texts of different views drawn over each other.
    case textOverlap = "text-overlap"
    /// A control over another control, or over a text of another view.
    case controlOverlap = "control-overlap"
    /// An interactive view smaller than 44 × 44 points.
    case tapTarget = "tap-target"
    /// An interactive view partly outside the screen (or its clipping superview).
    case offscreen = "offscreen"
    /// Text below WCAG 2.x contrast against what is drawn under it.
    case textContrast = "text-contrast"
    /// A control's glyph (a template image) below 3:1 against what is drawn under it.
    case glyphContrast = "glyph-contrast"
    /// Content under the status bar, the notch or the home indicator.
    case safeArea = "safe-area"
    /// A text in a text style that keeps one size across content-size variants.
    case dynamicType = "dynamic-type"
    /// A localized text that is the development language's text in another locale.
    case untranslated = "untranslated"
    /// A localization key shown in place of its text.
    case localizationKey = "localization-key"
    /// Text aligned `left` or `right` rather than `natural` in a right-to-left layout.
    case rtlAlignment = "rtl-alignment"
    /// A view drawn in perspective (a `transform3D`), whose texts and glyphs the audit does not see: a note.
    case projected = "projected"

    public var id: String { rawValue }

    public var severity: AuditSeverity {
        switch self {
        case .textTruncated, .textClipped, .textOverlap, .controlOverlap, .textContrast, .localizationKey: .error
        case .tapTarget, .offscreen, .glyphContrast, .safeArea, .dynamicType, .rtlAlignment: .warning
        case .untranslated, .projected: .info
        }
    }

    /// One line for the terminal and the report.
    public var summary: String {
        switch self {
        case .textTruncated: "text truncated"
        case .textClipped: "text clipped"
        case .textOverlap: "text over text"
        case .controlOverlap: "control overlaps"
        case .tapTarget: "tap target under 44 × 44 pt"
        case .offscreen: "control partly off screen"
        case .textContrast: "text contrast below WCAG AA"
        case .glyphContrast: "glyph contrast below 3:1"
        case .safeArea: "content outside the safe area"
        case .dynamicType: "text style does not scale"
        case .untranslated: "text not translated"
        case .localizationKey: "key shown instead of its text"
        case .rtlAlignment: "left/right alignment under RTL"
        case .projected: "drawn in perspective, not audited inside"
        }
    }

    /// The rule with this id; nil for an unknown one.
    public init?(id: String) { self.init(rawValue: id) }

    public static func < (a: AuditRule, b: AuditRule) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Every id, in the order the docs list them.
    public static var ids: [String] { allCases.map(\.rawValue) }

    /// "unknown audit rule "x"; did you mean "y"? (rules: …)"
    public static func unknownMessage(_ id: String) -> String {
        var message = "unknown audit rule \(quoted(id))"
        if let s = Suggest.closest(to: id, in: ids) { message += "; did you mean \(quoted(s))?" }
        return message + " (rules: \(ids.joined(separator: ", ")))"
    }
}

public enum AuditSeverity: String, Sendable, Equatable, Hashable, CaseIterable, Comparable {
    case error, warning, info

    public static func < (a: AuditSeverity, b: AuditSeverity) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// Which audit rules a scene (or a suite file) turns off: for the whole scene, or for views by id
/// (the view and everything in it; a table row, which has no id, by its `accessibilityIdentifier`).
///
/// ```json
/// "audit": {"off": ["untranslated"], "views": {"legalFooter": ["text-contrast", "safe-area"]}}
/// ```
public struct AuditSettings: Sendable, Equatable {
    public var off: Set<AuditRule> = []
    /// View id (or table row accessibilityIdentifier) → the rules off for that view and its subviews.
    public var views: [String: Set<AuditRule>] = [:]

    public init(off: Set<AuditRule> = [], views: [String: Set<AuditRule>] = [:]) { self.off = off; self.views = views }

    public var isEmpty: Bool { off.isEmpty && views.isEmpty }

    /// These settings with `other`'s added (a suite file's and a scene's).
    public func merging(_ other: AuditSettings) -> AuditSettings {
        var r = self
        r.off.formUnion(other.off)
        for (id, rules) in other.views { r.views[id, default: []].formUnion(rules) }
        return r
    }
}

/// Where a scene came from, for messages that point into it: the file and the position of each
/// view. Bookkeeping: two scenes that differ only here are equal.
public struct SceneSource: Sendable, Equatable {
    /// The scene file as it was named when decoded; nil for a scene built in Swift.
    public var file: String?
    /// The position of each view's object (`{"label": …}`), by its path (`root.subviews[2]`).
    public var viewPositions: [String: SourcePosition] = [:]
    /// Every localized text the scene shows, as the decoder looked it up.
    public var localizedTexts: [LocalizedText] = []

    public init(file: String? = nil) { self.file = file }

    public static func == (_: SceneSource, _: SceneSource) -> Bool { true }

    /// `file:line:column` of the view at `path` (or the nearest view holding it); nil when unknown.
    public func location(of path: String) -> String? {
        var p = path
        while !p.isEmpty {
            if let pos = viewPositions[p] {
                let f = pos.file ?? file ?? "<scene>"
                return "\(f):\(pos.line):\(pos.column)"
            }
            guard let cut = p.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            p = String(p[..<cut])
        }
        return nil
    }
}

/// A `{"localized": KEY}` text as the decoder resolved it for the scene's locale.
public struct LocalizedText: Sendable, Equatable {
    /// The text's path (`root.subviews[0].text`).
    public var path: String
    public var key: String
    /// The locale it was looked up in.
    public var locale: String
    /// The catalog's development (source) language.
    public var sourceLanguage: String
    /// The catalog had no text for the key and the key itself is shown (`"missingStrings": "showKey"`).
    public var showsKey: Bool
    /// The locale's text is the development language's, word for word, in another language.
    public var sameAsSource: Bool
    /// The text shown.
    public var text: String
    public var position: SourcePosition?

    public init(path: String, key: String, locale: String, sourceLanguage: String, showsKey: Bool, sameAsSource: Bool, text: String,
                position: SourcePosition? = nil) {
        self.path = path; self.key = key; self.locale = locale; self.sourceLanguage = sourceLanguage
        self.showsKey = showsKey; self.sameAsSource = sameAsSource; self.text = text; self.position = position
    }
}

extension AuditSettings {
    /// Reads `{"off": [ids], "views": {"id": [ids]}}`; every unknown rule id is reported at its place.
    static func decode(_ r: ObjectReader) -> AuditSettings {
        var s = AuditSettings()
        func rules(_ items: [(node: JSONNode, path: String)]) -> Set<AuditRule> {
            var out: Set<AuditRule> = []
            for (n, p) in items {
                r.context.recorder?.declare(p, .choice(AuditRule.ids))
                guard case .string(let id) = n.value else {
                    r.context.report(p, n.position, "expected an audit rule id (a string), found \(n.value.kindName)")
                    continue
                }
                guard let rule = AuditRule(id: id) else { r.context.report(p, n.position, AuditRule.unknownMessage(id)); continue }
                out.insert(rule)
            }
            return out
        }
        if let items = r.array("off") { s.off = rules(items) }
        if let v = r.node("views", as: .object) {
            if case .object(let members) = v.value {
                for m in members {
                    let p = join(join(r.path, "views"), m.key)
                    r.context.refer(to: m.key, path: p, position: m.keyPosition, rows: true)
                    guard case .array(let items) = m.value.value else {
                        r.context.report(p, m.value.position, "expected a list of audit rule ids, found \(m.value.value.kindName)")
                        continue
                    }
                    s.views[m.key] = rules(items.enumerated().map { ($0.element, p + "[\($0.offset)]") })
                }
            } else {
                r.context.report(join(r.path, "views"), v.position, "expected an object of view ids, each with a list of rule ids, found \(v.value.kindName)")
            }
        }
        r.finish()
        return s
    }
}

extension AuditSettings {
    /// The name of a suite file: in a folder given to `tintype audit` or `tintype test --audit`, its
    /// settings apply to every scene under the folder. It is not a scene.
    public static let suiteFileName = "tintype-audit.json"

    /// Reads a suite file, `{"off": [...], "views": {...}}` as a scene's `"audit"`; every problem is
    /// an error with the file, line:column, path and value.
    public static func load(path: String) throws(SceneError) -> AuditSettings {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneError(file: path, message: "cannot read the audit suite file")
        }
        let root: JSONNode
        do { root = try JSONParser.parse(Array(data)) } catch {
            throw SceneError(file: path, position: error.position, message: "malformed JSON: \(error.message)")
        }
        let context = DecodeContext(file: path, baseDirectory: nil)
        guard let r = ObjectReader(root, path: "", context: context, what: "an audit suite object like {\"off\": [\"untranslated\"]}") else {
            throw SceneError(issues: context.issues)
        }
        let settings = decode(r)
        if !context.issues.isEmpty { throw SceneError(issues: context.issues) }
        return settings
    }
}
