#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Shared state of one decode: the file's name and folder, and the issues found so far.
final class DecodeContext {
    let file: String
    let baseDirectory: String?
    private(set) var issues: [SceneIssue] = []
    /// When set, every object read and what each read accepts are recorded (for `SceneSchema`).
    var recorder: KeyRecorder?
    /// Things UIKit would accept but ignore or do differently than asked; the scene still renders.
    private(set) var warnings: [SceneIssue] = []

    /// Ids given to views and bar items (id → the path that declared it), and the places that
    /// refer to one; `checkReferences()` reports duplicates' and unknown names at the end.
    private(set) var ids: [String: String] = [:]
    private var references: [(id: String, path: String, position: SourcePosition?, rows: Bool)] = []
    /// Table rows' `accessibilityIdentifier`s: rows have no `id`, and the audit's settings name them by these.
    private(set) var rowIdentifiers: Set<String> = []

    /// Turns `{"localized": ...}` texts into the app's strings (set from the scene's `strings`,
    /// `locale` and `pseudoLanguage` before any view is read).
    var localizer = Localizer(catalog: nil, locale: "en", pseudo: nil, missing: .error)
    /// The scene's `systemVersion` (read before any view): what an older iOS lacks is a warning.
    var systemVersion = 11
    /// Locales to decode the scene's texts in besides those its matrix names (a command line's `--locale`).
    var extraLocales: [String] = []
    /// Where each view's object starts, by path, and the localized texts met, for audit findings.
    var source: SceneSource

    /// The scene's `appearance` rules (read before any view), and the containers around the object
    /// being read, outermost first, that `whenContainedIn` rules are matched against.
    var appearance: [AppearanceRule] = []
    /// The scene's `tableData` (read before any view): rows for tables by their id, which a table
    /// takes in place of its own; the ids a table used, so that one naming no table is reported.
    var tableData: [String: ObjectReader] = [:]
    var tableDataUsed: Set<String> = []
    /// The ids of the table views read so far, for naming them when tableData names none.
    var tableIds: Set<String> = []
    var containers: [AppearanceContainer] = []
    /// For each file merged with `"include"` (as positions name it), the folder its relative
    /// paths start from, relative to the scene's own folder (`theme/`), or absolute.
    var includeFolders: [String: String] = [:]
    /// While the appearance is read: the images it names, which the scene keeps whether or not a
    /// view uses them (so that stale-golden detection and the preview see them).
    var appearanceImages: [ImageSource]?
    /// Every image file the scene names (views, bar items, controls, its appearance), resolved
    /// against the scene's folder and standardized, in the order first read.
    private(set) var imageFiles: [String] = []
    private var imageFileSet: Set<String> = []

    /// Notes an image the scene names, so that commands know the scene's inputs without walking it.
    func noteImage(_ source: ImageSource) {
        let file = URL(fileURLWithPath: source.resolvedPath(in: baseDirectory ?? ".")).standardizedFileURL.path
        if imageFileSet.insert(file).inserted { imageFiles.append(file) }
    }

    /// A relative path as written at `position`, made relative to the scene's folder: a path in an
    /// included file starts from that file's folder.
    func relativePath(_ written: String, at position: SourcePosition?) -> String {
        guard !written.hasPrefix("/"), let file = position?.file, let folder = includeFolders[file], !folder.isEmpty else { return written }
        return folder + written
    }

    /// Takes the issues and warnings of `other` (a decode of the same file in another locale) that
    /// this decode has not found already: a problem that is not about the locale is reported once.
    func absorb(_ other: DecodeContext) {
        for i in other.issues where !issues.contains(i) { issues.append(i) }
        for w in other.warnings where !warnings.contains(w) { warnings.append(w) }
        for f in other.imageFiles where imageFileSet.insert(f).inserted { imageFiles.append(f) }
    }

    /// The folder tree the scene's files (includes, catalog, images) must lie in.
    let project: SceneProject

    init(file: String, baseDirectory: String?, project: SceneProject? = nil) {
        self.file = file; self.baseDirectory = baseDirectory; source = SceneSource(file: file)
        self.project = project ?? SceneProject(root: baseDirectory ?? FileManager.default.currentDirectoryPath)
    }

    /// Ids declared inside a table's prototype rows, and whether a row made from a prototype is
    /// being read: each such row is another cell of the prototype, holding the same views, so their
    /// ids are the prototype's (a cell's constraints are solved within the cell).
    var prototypeIds: Set<String> = []
    var readingPrototype = false
    var readingPrototypeInstance = 0

    func declare(id: String, path: String, position: SourcePosition?) {
        if id.isEmpty { report(path, position, "an id cannot be empty"); return }
        if readingPrototypeInstance > 0, prototypeIds.contains(id) { return }
        if readingPrototype, ids[id] == nil { prototypeIds.insert(id) }
        if let first = ids[id] {
            report(path, position, "the id \(quoted(id)) is already used by \(first)")
            return
        }
        ids[id] = path
    }

    /// A reference to a view (or bar item) by its id; `rows`: or to table rows by their
    /// `accessibilityIdentifier` (the audit's settings).
    func refer(to id: String, path: String, position: SourcePosition?, rows: Bool = false) {
        references.append((id, path, position, rows))
    }

    func declareRow(identifier: String) { rowIdentifiers.insert(identifier) }

    func checkReferences() {
        for r in references where ids[r.id] == nil && !(r.rows && rowIdentifiers.contains(r.id)) {
            var message = r.rows ? "no view, bar item or table row has the id \(quoted(r.id))" : "no view or bar item has the id \(quoted(r.id))"
            let known = Array(ids.keys) + (r.rows ? Array(rowIdentifiers) : [])
            if let s = Suggest.closest(to: r.id, in: Array(Set(known)).sorted()) { message += "; did you mean \(quoted(s))?" }
            else if known.isEmpty { message += r.rows ? " (give one an \"id\", or a row an \"accessibilityIdentifier\")" : " (give one an \"id\")" }
            report(r.path, r.position, message)
        }
    }

    func report(_ path: String, _ position: SourcePosition?, _ message: String) {
        issues.append(SceneIssue(file: position?.file ?? file, path: path, position: position, message: message))
    }

    /// A storyboard scene's translations (StoryboardScenes), by the `"strings"` value that names them.
    var storyboardStrings: (name: String, catalog: StringCatalog)?

    /// A warning found before decoding, with its own file and place (an imported storyboard's).
    func warn(_ issue: SceneIssue) { warnings.append(issue) }

    func warn(_ path: String, _ position: SourcePosition?, _ message: String) {
        warnings.append(SceneIssue(file: position?.file ?? file, path: path, position: position, message: message))
    }
}

/// Joins a path and a key: `root` + `frame` → `root.frame`.
func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

/// Reads one JSON object, remembering which keys were asked for so that `finish()` can report
/// the ones nobody knows (with the closest known key as a suggestion).
final class ObjectReader {
    let context: DecodeContext
    let path: String
    let node: JSONNode
    private let members: [JSONMember]
    /// Values from the scene's appearance, used for keys the object does not give itself.
    private let defaults: [JSONMember]
    /// Set when only some keys may be read (an appearance, which sets a part of a kind's
    /// properties): those keys, and the kind's name for messages.
    private let restriction: (keys: Set<String>, kind: String)?
    private var known: [String] = []
    // For the recorder (see `SceneSchema`): what each key's reads accept, and the keys read raw.
    private let what: String
    private let schemaName: String?
    private let recorded: Bool
    private var forms: [String: [ValueForm]] = [:]
    private var raw: Set<String> = []

    /// `schemaName` names the JSON Schema definition objects read here share wherever they appear
    /// (a font, a bar button item); without one, the definition is named by where the object is.
    /// `recorded: false` leaves the object out of the schema (its form is described by the read).
    /// `defaults` are read for keys the object lacks (an appearance's values); `restriction` makes
    /// every other key unknown, so that a kind's own decoder reads only the keys an appearance may set.
    init?(_ node: JSONNode, path: String, context: DecodeContext, what: String = "an object",
          schemaName: String? = nil, recorded: Bool = true, defaults: [JSONMember] = [],
          restriction: (keys: Set<String>, kind: String)? = nil) {
        guard case .object(let members) = node.value else {
            context.report(path, node.position, "expected \(what), found \(node.value.kindName)")
            return nil
        }
        self.node = node; self.members = members; self.path = path; self.context = context
        self.what = what; self.schemaName = schemaName; self.recorded = recorded
        self.defaults = defaults; self.restriction = restriction
    }

    // Every key asked for is known by now, whichever way decoding went.
    deinit {
        guard recorded, let recorder = context.recorder else { return }
        recorder.add(KeyRecorder.Reader(path: path, what: what, name: schemaName, keys: known, forms: forms, raw: raw))
    }

    var keys: [String] { members.map(\.key) }

    func report(_ key: String, _ node: JSONNode, _ message: String) {
        context.report(join(path, key), node.position, message)
    }

    /// The value for `key`, or nil when absent (an explicit `null` counts as absent unless `keepNull`).
    /// `form` is what the caller accepts there, for the JSON Schema; without it the caller's own
    /// decoding says (`SceneSchema` looks at what it declares or reads at the key's path).
    func node(_ key: String, keepNull: Bool = false, as form: ValueForm? = nil) -> JSONNode? {
        if let restriction, !restriction.keys.contains(key) { return nil }
        if context.recorder != nil {
            if let form {
                if !(forms[key] ?? []).contains(form) { forms[key, default: []].append(form) }
            } else {
                raw.insert(key)
            }
        }
        return find(key, keepNull: keepNull)
    }

    private func find(_ key: String, keepNull: Bool = false) -> JSONNode? {
        if let restriction, !restriction.keys.contains(key) { return nil }
        if !known.contains(key) { known.append(key) }
        // The object's own value wins, even null (which turns an appearance's value off).
        guard let m = members.first(where: { $0.key == key }) ?? defaults.first(where: { $0.key == key }) else { return nil }
        if case .null = m.value.value, !keepNull { return nil }
        return m.value
    }

    /// Whether `key` has a value (`null` counts as none, so a required member set to null is "missing").
    func has(_ key: String) -> Bool { find(key) != nil }

    /// Whether the object itself gives `key` (not an appearance's default for it).
    func gives(_ key: String) -> Bool { members.contains { $0.key == key } }

    /// Reports every key that no read asked for.
    func finish() {
        for m in members where !known.contains(m.key) {
            if let restriction {
                let keys = restriction.keys.sorted()
                var message = "\(quoted(m.key)) is not an appearance property of \(restriction.kind)"
                if let s = Suggest.closest(to: m.key, in: keys) { message += "; did you mean \(quoted(s))?" }
                message += " (the \(restriction.kind) appearance sets \(keys.joined(separator: ", ")))"
                context.report(join(path, m.key), m.keyPosition, message)
                continue
            }
            var message = "unknown property \(quoted(m.key))"
            if let s = Suggest.closest(to: m.key, in: known) { message += "; did you mean \(quoted(s))?" }
            context.report(join(path, m.key), m.keyPosition, message)
        }
    }

    // MARK: Scalars

    /// A string, or the app's translation of `{"localized": "KEY", "arguments": [...]}`.
    func string(_ key: String) -> String? {
        guard let n = node(key, as: .text) else { return nil }
        if case .object(let members) = n.value, members.contains(where: { $0.key == "localized" }),
           let r = ObjectReader(n, path: join(path, key), context: context, schemaName: "localizedText") {
            return context.localizer.text(r)
        }
        guard case .string(let s) = n.value else {
            report(key, n, "expected a string\(context.localizer.catalog == nil ? "" : " or {\"localized\": KEY}"), found \(n.value.kindName)")
            return nil
        }
        return s
    }

    func bool(_ key: String) -> Bool? {
        guard let n = node(key, as: .boolean) else { return nil }
        guard case .bool(let b) = n.value else { report(key, n, "expected true or false, found \(n.value.kindName)"); return nil }
        return b
    }

    /// A finite number in `range`; the default is `SceneLimits.coordinate` (points that may be negative).
    func number(_ key: String, in range: ClosedRange<Double>? = nil) -> Double? {
        let r = range ?? SceneLimits.coordinate
        guard let n = node(key, as: .number(r.lowerBound, r.upperBound)) else { return nil }
        return ObjectReader.number(n, path: join(path, key), in: range, context: context)
    }

    /// A length in points: not negative, at most `SceneLimits.maxPoints`.
    func length(_ key: String) -> Double? { number(key, in: SceneLimits.length) }

    /// A whole number in `range` (which never reaches past `Int`: a Double as large as `Int.max` rounds past it).
    func integer(_ key: String, in range: ClosedRange<Int>) -> Int? {
        guard let n = node(key, as: .integer(range.lowerBound, range.upperBound)) else { return nil }
        guard case .number(let v) = n.value else {
            report(key, n, "expected a whole number, found \(n.value.kindName)")
            return nil
        }
        guard v.isFinite, v.rounded() == v, v >= Double(range.lowerBound), v <= Double(range.upperBound),
              let i = Int(exactly: v), range.contains(i) else {
            report(key, n, "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(format(v))")
            return nil
        }
        return i
    }

    /// A finite number in `range`; nil means `SceneLimits.coordinate`, so that no number escapes the table.
    static func number(_ n: JSONNode, path: String, in range: ClosedRange<Double>?, context: DecodeContext) -> Double? {
        guard case .number(let v) = n.value else {
            context.report(path, n.position, "expected a number, found \(n.value.kindName)")
            return nil
        }
        guard v.isFinite else { context.report(path, n.position, "number \(v) is not finite"); return nil }
        let range = range ?? SceneLimits.coordinate
        if !range.contains(v) {
            if range.lowerBound == 0 && v < 0 {
                context.report(path, n.position, "must not be negative, found \(format(v))")
            } else {
                context.report(path, n.position, "must be from \(format(range.lowerBound)) to \(format(range.upperBound)), found \(format(v))")
            }
            return nil
        }
        return v
    }

    /// A length that may be `"hairline"` (one device pixel).
    func lengthOrHairline(_ key: String) -> Length? {
        guard let n = node(key, as: .lengthOrHairline) else { return nil }
        if case .string(let s) = n.value {
            guard s == "hairline" else { report(key, n, "expected a number or \"hairline\", found \(quoted(s))"); return nil }
            return .hairline
        }
        return ObjectReader.number(n, path: join(path, key), in: SceneLimits.length, context: context).map { .points($0) }
    }

    /// One of an enum's raw values (or an alias), with a suggestion when it is none of them.
    func choice<E: RawRepresentable & CaseIterable>(_ key: String, _ type: E.Type, aliases: [String: E] = [:]) -> E? where E.RawValue == String {
        guard let n = node(key, as: .choice(E.allCases.map(\.rawValue) + aliases.keys.sorted())) else { return nil }
        return ObjectReader.choice(n, path: join(path, key), type, aliases: aliases, context: context)
    }

    static func choice<E: RawRepresentable & CaseIterable>(_ n: JSONNode, path: String, _ type: E.Type, aliases: [String: E] = [:],
                                                           context: DecodeContext) -> E? where E.RawValue == String {
        guard case .string(let s) = n.value else {
            context.report(path, n.position, "expected a string, found \(n.value.kindName)")
            return nil
        }
        if let v = E(rawValue: s) ?? aliases[s] { return v }
        let names = E.allCases.map(\.rawValue) + aliases.keys.sorted()
        var message = "unknown value \(quoted(s)); expected one of \(names.joined(separator: ", "))"
        if let best = Suggest.closest(to: s, in: names) { message = "unknown value \(quoted(s)); did you mean \(quoted(best))? (expected one of \(names.joined(separator: ", ")))" }
        context.report(path, n.position, message)
        return nil
    }

    // MARK: Colors

    static let colorHelp = "expected #RGB, #RRGGBB, #RRGGBBAA, a color name like systemBlue, white(W) or white(W, A), optionally followed by @alpha"

    func color(_ key: String) -> Color? {
        guard let n = node(key, as: .color(tint: false)) else { return nil }
        return ObjectReader.color(n, path: join(path, key), context: context)
    }

    /// A fixed color; `allowsTint` only changes the messages (the caller handles `tint` itself).
    static func color(_ n: JSONNode, path: String, context: DecodeContext, allowsTint: Bool = false) -> Color? {
        guard case .string(let s) = n.value else {
            context.report(path, n.position, "expected a color string, found \(n.value.kindName)")
            return nil
        }
        if let c = Color(parsing: s) { return c }
        if s == "tint" {
            context.report(path, n.position, "\"tint\" is not allowed here; give a fixed color")
            return nil
        }
        var message = "bad color \(quoted(s)); \(colorHelp)"
        if let at = s.lastIndex(of: "@"), Color(parsing: String(s[..<at])) != nil {
            message = "bad color \(quoted(s)); the alpha after @ must be a number from 0 to 1"
        } else if !s.hasPrefix("#"), let best = Suggest.closest(to: s, in: Color.named.map(\.name) + (allowsTint ? ["tint"] : [])) {
            message = "bad color \(quoted(s)); did you mean \(quoted(best))?"
        }
        context.report(path, n.position, message)
        return nil
    }

    /// A color or `tint`.
    func colorValue(_ key: String) -> ColorValue? {
        guard let n = node(key, as: .color(tint: true)) else { return nil }
        return ObjectReader.colorValue(n, path: join(path, key), context: context)
    }

    static func colorValue(_ n: JSONNode, path: String, context: DecodeContext) -> ColorValue? {
        if case .string("tint") = n.value { return .tint }
        return color(n, path: path, context: context, allowsTint: true).map { .color($0) }
    }

    // MARK: Structures

    /// The object at `key`; `schemaName` as for `init`.
    func object(_ key: String, schemaName: String? = nil) -> ObjectReader? {
        guard let n = node(key, as: .object) else { return nil }
        return ObjectReader(n, path: join(path, key), context: context, schemaName: schemaName)
    }

    /// Elements of an array with their paths (`key[i]`).
    func array(_ key: String) -> [(node: JSONNode, path: String)]? {
        guard let n = node(key, as: .array) else { return nil }
        guard case .array(let items) = n.value else { report(key, n, "expected an array, found \(n.value.kindName)"); return nil }
        return items.enumerated().map { (i, item) in (item, join(path, key) + "[\(i)]") }
    }

    /// Numbers given as an array (`[x, y]`) or as an object with named members (`{"x": 1, "y": 2}`).
    func numbers(_ key: String, names: [String], nonNegative: Set<String> = []) -> [Double]? {
        guard let n = node(key, as: .numbers(names, nonNegative: names.filter(nonNegative.contains))) else { return nil }
        return ObjectReader.numbers(n, path: join(path, key), names: names, nonNegative: nonNegative, context: context)
    }

    static func numbers(_ n: JSONNode, path: String, names: [String], nonNegative: Set<String> = [], context: DecodeContext) -> [Double]? {
        let form = "[" + names.joined(separator: ", ") + "]"
        switch n.value {
        case .array(let items):
            guard items.count == names.count else {
                context.report(path, n.position, "expected \(names.count) numbers \(form), found \(items.count)")
                return nil
            }
            var out: [Double] = []
            for (i, item) in items.enumerated() {
                let range: ClosedRange<Double>? = nonNegative.contains(names[i]) ? SceneLimits.length : nil
                guard let v = number(item, path: path + "[\(i)]", in: range, context: context) else { return nil }
                out.append(v)
            }
            return out
        case .object:
            guard let r = ObjectReader(n, path: path, context: context, recorded: false) else { return nil }
            var out: [Double] = []
            var ok = true
            for name in names {
                let range: ClosedRange<Double>? = nonNegative.contains(name) ? SceneLimits.length : nil
                if let v = r.number(name, in: range) { out.append(v) } else {
                    if !r.has(name) { context.report(join(path, name), n.position, "missing number \(quoted(name))") }
                    ok = false
                }
            }
            r.finish()
            return ok ? out : nil
        default:
            context.report(path, n.position, "expected \(form) or an object with \(names.joined(separator: ", ")), found \(n.value.kindName)")
            return nil
        }
    }

    /// The object's `"id"`, declared in the scene's namespace of ids.
    func id() -> String? {
        guard let n = node("id", as: .string) else { return nil }
        guard case .string(let s) = n.value else {
            context.report(join(path, "id"), n.position, "expected an id (a string), found \(n.value.kindName)")
            return nil
        }
        context.declare(id: s, path: path, position: n.position)
        return s
    }

    /// A string naming an id declared somewhere in the scene (checked once the scene is read).
    func reference(_ key: String) -> String? {
        guard let n = node(key, as: .string) else { return nil }
        guard case .string(let s) = n.value else {
            context.report(join(path, key), n.position, "expected an id (a string), found \(n.value.kindName)")
            return nil
        }
        context.refer(to: s, path: join(path, key), position: n.position)
        return s
    }

    func rect(_ key: String) -> Rect? {
        numbers(key, names: ["x", "y", "width", "height"], nonNegative: ["width", "height"]).map {
            Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3])
        }
    }

    func size(_ key: String, nonNegative: Bool = true) -> Size? {
        numbers(key, names: ["width", "height"], nonNegative: nonNegative ? ["width", "height"] : []).map {
            Size(width: $0[0], height: $0[1])
        }
    }

    func point(_ key: String) -> Point? {
        numbers(key, names: ["x", "y"]).map { Point(x: $0[0], y: $0[1]) }
    }

    /// Insets as one number for all sides, `[top, left, bottom, right]`, or an object.
    func insets(_ key: String) -> EdgeInsets? {
        guard let n = node(key, as: .insets(signed: false)) else { return nil }
        if case .number = n.value {
            return ObjectReader.number(n, path: join(path, key), in: SceneLimits.length, context: context)
                .map { EdgeInsets(top: $0, left: $0, bottom: $0, right: $0) }
        }
        let all: Set = ["top", "left", "bottom", "right"]
        return ObjectReader.numbers(n, path: join(path, key), names: ["top", "left", "bottom", "right"], nonNegative: all, context: context)
            .map { EdgeInsets(top: $0[0], left: $0[1], bottom: $0[2], right: $0[3]) }
    }
}

/// A number as messages, names and reports show it: whole numbers without a fraction, others as
/// Swift prints them; with `places`, rounded to that many decimals first (`format(2.456, places: 2)`
/// is "2.46"). The one number formatter of the package.
public func format(_ v: Double, places: Int? = nil) -> String {
    var v = v
    if let places {
        var m = 1.0
        for _ in 0..<places { m *= 10 }
        v = (v * m).rounded() / m
    }
    if v.rounded() == v, abs(v) < 9e15 { return String(Int(v)) }  // whole numbers Double holds exactly
    return String(v)
}
