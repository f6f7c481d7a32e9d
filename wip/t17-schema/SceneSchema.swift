// Why the schema is generated: a hand-written JSON Schema drifts from the decoder the day someone
// adds a property. Here the decoder itself is the table: decoding a corpus of scenes with a
// KeyRecorder lists, for every kind of object, each key the decoder asks for (present or not), and
// the values the corpus gives them. `Scripts/schema` regenerates docs/scene.schema.json (and the
// copy `tintype schema` prints) from Snapshots/; a test fails when the committed schema and the
// decoder disagree about a key.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON Schema (draft 2020-12) of scene files, for editors and validators.
///
/// ```swift
/// let files = [(path: "Snapshots/Basics/corners.json", bytes: Array(data))]
/// let result = SceneSchema.generate(files)   // result.json is the schema; result.problems lists
///                                            // files that did not decode
/// ```
public enum SceneSchema {
    /// The schema as committed (docs/scene.schema.json), printed by `tintype schema`.
    public static var committed: String { SceneSchemaText.json }

    public struct Generated: Sendable {
        public var json: String
        /// Files of the corpus that did not decode (they add nothing to the schema).
        public var problems: [String]
        /// Definition name → the keys the decoder asked for in such objects.
        public var keys: [String: Set<String>]
    }

    /// Decodes every file with a recorder and builds the schema from what the decoder asked.
    public static func generate(_ files: [(path: String, bytes: [UInt8])]) -> Generated {
        var builder = Builder()
        var problems: [String] = []
        for f in files {
            let recorder = KeyRecorder()
            do {
                _ = try SceneDecoder.decode(f.bytes, file: f.path, baseDirectory: (f.path as NSString).deletingLastPathComponent, recorder: recorder)
            } catch {
                problems.append("\(error)")
                continue
            }
            builder.add(recorder)
        }
        return Generated(json: builder.json(), problems: problems, keys: builder.definitions.mapValues { Set($0.keys) })
    }

    /// The keys each definition of a schema allows (its `properties`), for comparing with a
    /// decoder's reads.
    public static func keys(ofSchema json: String) -> [String: Set<String>] {
        guard let data = json.data(using: .utf8),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let defs = root["$defs"] as? [String: Any] else { return [:] }
        var out: [String: Set<String>] = [:]
        for (name, value) in defs {
            guard let d = value as? [String: Any], let props = d["properties"] as? [String: Any], name != viewDefinition else { continue }
            out[name] = Set(props.keys)
        }
        return out
    }

    static let viewDefinition = "view"

    // MARK: - Building

    struct Definition {
        var title: String
        var keys: [String] = []
        /// key → the alternatives seen for its value.
        var values: [String: Set<ValueShape>] = [:]
    }

    indirect enum ValueShape: Hashable {
        case reference(String)
        case string(Set<KeyRecorder.Hint>)
        case number, boolean, null, object
        case array(Set<ValueShape>)
    }

    struct Builder {
        var definitions: [String: Definition] = [:]
        var viewKinds: Set<String> = []

        mutating func add(_ recorder: KeyRecorder) {
            var byPath: [String: KeyRecorder.Object] = [:]
            for o in recorder.objects where byPath[o.path] == nil { byPath[o.path] = o }
            var names: [String: String] = [:]
            func name(_ o: KeyRecorder.Object) -> String {
                if let n = names[o.path] { return n }
                let n: String
                if o.what == "a scene object" {
                    n = "scene"
                } else if let kind = SceneSchema.viewKind(o.what) {
                    n = "view." + kind
                } else if o.what != "an object", !o.what.isEmpty {
                    n = SceneSchema.slug(o.what)
                } else if let (parent, key) = SceneSchema.parent(of: o.path, in: byPath) {
                    n = name(parent) + "." + key
                } else {
                    n = "object." + SceneSchema.lastKey(o.path)
                }
                names[o.path] = n
                return n
            }
            func shape(_ node: JSONNode, path: String) -> ValueShape {
                switch node.value {
                case .null: return .null
                case .bool: return .boolean
                case .number: return .number
                case .string: return .string(recorder.hints[path] ?? [])
                case .array(let items):
                    return .array(Set(items.enumerated().map { shape($0.element, path: path + "[\($0.offset)]") }))
                case .object:
                    guard let child = byPath[path] else { return .object }
                    if SceneSchema.viewKind(child.what) != nil { return .reference(SceneSchema.viewDefinition) }
                    return .reference(name(child))
                }
            }
            for o in recorder.objects {
                let n = name(o)
                if let kind = SceneSchema.viewKind(o.what) { viewKinds.insert(kind) }
                var d = definitions[n] ?? Definition(title: o.what)
                for k in o.keys where !d.keys.contains(k) { d.keys.append(k) }
                for m in o.members where o.keys.contains(m.key) {
                    d.values[m.key, default: []].insert(shape(m.value, path: join(o.path, m.key)))
                }
                definitions[n] = d
            }
        }

        func json() -> String {
            var defs: [String: Any] = [:]
            for (name, d) in definitions {
                var props: [String: Any] = [:]
                for k in d.keys {
                    let shapes = d.values[k] ?? []
                    props[k] = shapes.isEmpty ? ["description": "Read by the decoder; no scene in Snapshots/ uses it yet, so its value is not described."] as [String: Any]
                        : SceneSchema.schema(for: shapes)
                }
                defs[name] = ["type": "object", "title": d.title, "properties": props, "additionalProperties": false] as [String: Any]
            }
            // A view is an object with one key, its kind, from the decoder's table of kinds.
            var kinds: [String: Any] = [:]
            for kind in SceneDecoder.kinds.map(\.name) {
                kinds[kind] = viewKinds.contains(kind) ? ["$ref": "#/$defs/view." + kind] : ["type": "object", "description": "A \(kind); no scene in Snapshots/ uses it yet, so its properties are not described."]
            }
            defs[SceneSchema.viewDefinition] = ["type": "object", "title": "a view: {\"<kind>\": {properties}}", "minProperties": 1, "maxProperties": 1,
                                                "properties": kinds, "additionalProperties": false] as [String: Any]
            let root: [String: Any] = [
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "title": "Tintype scene",
                "description": "A Tintype scene file. Generated by Scripts/schema from the scene decoder; do not edit by hand.",
                "$ref": "#/$defs/scene",
                "$defs": defs,
            ]
            let data = (try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
            return String(decoding: data, as: UTF8.self) + "\n"
        }
    }

    static func schema(for shapes: Set<ValueShape>) -> [String: Any] {
        var alternatives: [[String: Any]] = []
        var strings: [Set<KeyRecorder.Hint>] = []
        var refs = Set<String>()
        var arrays = Set<ValueShape>()
        var hasArray = false
        var types = Set<String>()
        for s in shapes {
            switch s {
            case .reference(let r): refs.insert(r)
            case .string(let h): strings.append(h)
            case .number: types.insert("number")
            case .boolean: types.insert("boolean")
            case .null: types.insert("null")
            case .object: types.insert("object")
            case .array(let items): hasArray = true; arrays.formUnion(items)
            }
        }
        for r in refs.sorted() { alternatives.append(["$ref": "#/$defs/" + r]) }
        if !strings.isEmpty {
            // An enum only when every string seen here was read as one of the enum's names.
            let enums = strings.map { $0.compactMap { if case .oneOf(let n) = $0 { n } else { nil } }.first }
            if enums.allSatisfy({ $0 != nil }) {
                let names = Set(enums.flatMap { $0! })
                alternatives.append(["type": "string", "enum": names.sorted()])
            } else if strings.allSatisfy({ $0.contains(.color) }) {
                alternatives.append(["type": "string", "description": "a color: #RGB, #RRGGBB, #RRGGBBAA, a name like systemBlue, white(W) or white(W, A), optionally @alpha"])
            } else {
                alternatives.append(["type": "string"])
            }
        }
        if hasArray { alternatives.append(arrays.isEmpty ? ["type": "array"] : ["type": "array", "items": schema(for: arrays)]) }
        for t in types.sorted() { alternatives.append(["type": t]) }
        return alternatives.count == 1 ? alternatives[0] : ["anyOf": alternatives]
    }

    /// `an object of label properties` → `label`.
    static func viewKind(_ what: String) -> String? {
        guard what.hasPrefix("an object of "), what.hasSuffix(" properties") else { return nil }
        return String(what.dropFirst("an object of ".count).dropLast(" properties".count))
    }

    /// The nearest recorded ancestor of `path` and the key under it that leads to `path`.
    static func parent(of path: String, in byPath: [String: KeyRecorder.Object]) -> (KeyRecorder.Object, String)? {
        var p = path
        while !p.isEmpty {
            guard let cut = p.lastIndex(where: { $0 == "." || $0 == "[" }) else { p = ""; break }
            p = String(p[..<cut])
            if let o = byPath[p] {
                let rest = path.dropFirst(p.count).drop { $0 == "." }
                let key = rest.prefix { $0 != "." && $0 != "[" }
                return (o, key.isEmpty ? "item" : String(key))
            }
        }
        if let o = byPath[""], path != "" {
            return (o, String(path.prefix { $0 != "." && $0 != "[" }))
        }
        return nil
    }

    static func lastKey(_ path: String) -> String {
        let last = path.split(separator: ".").last.map(String.init) ?? path
        return String(last.prefix { $0 != "[" })
    }

    /// `a tab object` → `tab`; `a row (a string or an object)` → `row`.
    static func slug(_ what: String) -> String {
        var w = what
        if let paren = w.firstIndex(of: "(") { w = String(w[..<paren]) }
        var words = w.split(separator: " ").map(String.init)
        if let first = words.first, ["a", "an", "the"].contains(first) { words.removeFirst() }
        if words.last == "object" && words.count > 1 { words.removeLast() }
        let s = words.joined(separator: "-").filter { $0.isLetter || $0.isNumber || $0 == "-" }
        return s.isEmpty ? "object" : s
    }
}
