// Why the schema is generated: a hand-written JSON Schema drifts from the decoder the day someone
// adds a property. Here the decoder itself is the table. Decoding with a KeyRecorder lists, for
// every kind of object, each key the decoder asks for (present or not) and what the read accepts
// (`r.bool("hidden")` accepts true or false). One probe per view kind of `SceneDecoder.kinds` covers
// every kind's own keys; the scenes of Snapshots/ reach the nested objects. Scripts/schema
// regenerates docs/scene.schema.json, which the tintype binary carries (Plugins/SchemaText); a test
// fails when the committed schema and the decoder disagree.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON Schema (draft-07) of scene files, for editors and validators.
///
/// ```swift
/// let result = SceneSchema.generate(scenes: [(path: "Snapshots/Basics/corners.json", bytes: bytes)])
/// // result.json is the schema; result.problems lists scenes that did not decode
/// ```
///
/// What the schema checks: every object's keys (a key the decoder never asks for is an error, as
/// it is in the decoder), views' kinds, and the form of each value a typed read accepts (numbers
/// with their ranges, enums' names, colors as strings, points and insets). Values a helper decodes
/// in several ways that do not declare their forms are left open, so the schema never rejects a
/// scene the decoder reads.
public enum SceneSchema {
    public struct Generated: Sendable {
        /// The schema, pretty-printed with sorted keys and a final newline.
        public var json: String
        /// Scenes that did not decode (they add nothing to the schema), as the decoder reports them.
        public var problems: [String]
        /// Definition name → the keys the decoder asked for in such objects.
        public var keys: [String: Set<String>]
    }

    /// Decodes the probes and every scene with a recorder and builds the schema from what the
    /// decoder asked. Image paths and string catalogs resolve against each scene's folder, inside
    /// `root` (the folder the scenes were found in; by default each scene's own folder).
    public static func generate(scenes: [(path: String, bytes: [UInt8])], root: String? = nil) -> Generated {
        var builder = Builder()
        var problems: [String] = []
        for kind in SceneDecoder.kinds.map(\.name) {
            let recorder = KeyRecorder()
            // With an empty constraint, whose keys the decoder asks for all the same.
            _ = try? SceneDecoder.decode(Array("{\"root\": {\"\(kind)\": {\"constraints\": [{}]}}}".utf8), file: "<probe>", baseDirectory: nil, recorder: recorder)
            builder.add(recorder)
        }
        // Scene-level objects that no golden needs: "marketing" frames App Store screenshots, which
        // `tintype screenshots` draws and `render` leaves out. An empty object is enough, since the
        // decoder asks for every key it knows whether present or not.
        // Each appearance kind, plain and inside containers of both forms, likewise.
        let kinds = SceneAppearance.kinds.map { "\"\($0.name)\": {}" }.joined(separator: ", ")
        let appearance = #"{"appearance": {"# + kinds + #", "whenContainedIn": [{"containers": ["view", {"id": "p"}], "#
            + kinds + #"}]}, "root": {"view": {"id": "p"}}}"#
        for probe in [#"{"marketing": {}, "root": {"view": {}}}"#, appearance] {
            let recorder = KeyRecorder()
            _ = try? SceneDecoder.decode(Array(probe.utf8), file: "<probe>", baseDirectory: nil, recorder: recorder)
            builder.add(recorder)
        }
        for scene in scenes {
            let recorder = KeyRecorder()
            let folder = scene.path.contains("/") ? String(scene.path[..<scene.path.lastIndex(of: "/")!]) : "."
            do {
                _ = try SceneDecoder.decode(scene.bytes, file: scene.path, baseDirectory: folder, root: root, recorder: recorder)
            } catch {
                problems.append("\(error)")
                continue
            }
            builder.add(recorder)
        }
        return Generated(json: builder.schema().text() + "\n", problems: problems, keys: builder.definitions.mapValues(\.keys))
    }

    /// The keys each object definition of a schema allows (its `properties`), by definition name;
    /// nil when the text is not such a schema. The view definition (kinds, not keys) is left out.
    public static func keys(ofSchema json: String) -> [String: Set<String>]? {
        guard let root = try? JSONParser.parse(json), case .object(let members) = root.value,
              let defs = members.first(where: { $0.key == "definitions" }), case .object(let list) = defs.value.value else { return nil }
        var out: [String: Set<String>] = [:]
        for d in list where d.key != viewDefinition {
            guard case .object(let body) = d.value.value else { return nil }
            guard let p = body.first(where: { $0.key == "properties" }), case .object(let props) = p.value.value else { out[d.key] = []; continue }
            out[d.key] = Set(props.map(\.key))
        }
        return out
    }

    static let viewDefinition = "view"

    // MARK: - Building

    /// What is known of one key of a definition, gathered from every object of that definition.
    struct Property {
        /// The forms typed reads accept (`r.bool`, `r.choice`, ...): complete by themselves.
        var typed: Set<ValueForm> = []
        /// Forms helpers declared at the key's path (a view, a device name).
        var declared: Set<ValueForm> = []
        /// Definitions of objects read at the key's path.
        var readers: Set<String> = []
        /// The same for the elements of an array at the key's path.
        var itemDeclared: Set<ValueForm> = []
        var itemReaders: Set<String> = []
    }

    struct Definition {
        var titles: Set<String> = []
        var keys: Set<String> = []
        var properties: [String: Property] = [:]
    }

    struct Builder {
        var definitions: [String: Definition] = [:]

        mutating func add(_ recorder: KeyRecorder) {
            var byPath: [String: [KeyRecorder.Reader]] = [:]
            for r in recorder.readers { byPath[r.path, default: []].append(r) }
            var names: [String: String] = [:]  // path of a reader → its definition's name
            func name(_ r: KeyRecorder.Reader) -> String {
                if let n = r.name { return n }
                if r.what == "a scene object" { return "scene" }
                if let kind = SceneSchema.viewKind(r.what) { return "view." + kind }
                // Named by where it is: the nearest object read above it, then the keys down to it.
                var parent = r.path
                while let cut = parent.lastIndex(where: { $0 == "." || $0 == "[" }) {
                    parent = String(parent[..<cut])
                    if let p = byPath[parent]?.first { return name(p) + "." + SceneSchema.keyPath(String(r.path.dropFirst(parent.count))) }
                }
                let top = byPath[""]?.first.map(name) ?? "scene"
                return top + "." + SceneSchema.keyPath(r.path)
            }
            for r in recorder.readers where names[r.path + "\u{0}" + (r.name ?? r.what)] == nil {
                names[r.path + "\u{0}" + (r.name ?? r.what)] = name(r)
            }
            func readerNames(at path: String) -> Set<String> {
                Set((byPath[path] ?? []).map { names[$0.path + "\u{0}" + ($0.name ?? $0.what)]! })
            }
            // Array elements by the array's path.
            var itemPaths: [String: [String]] = [:]
            for p in Set(Array(byPath.keys) + Array(recorder.declared.keys)) where p.hasSuffix("]") {
                if let open = p.lastIndex(of: "[") { itemPaths[String(p[..<open]), default: []].append(p) }
            }
            for r in recorder.readers {
                let n = names[r.path + "\u{0}" + (r.name ?? r.what)]!
                var d = definitions[n] ?? Definition()
                d.titles.insert(r.what)
                for key in r.keys {
                    d.keys.insert(key)
                    let child = join(r.path, key)
                    var p = d.properties[key] ?? Property()
                    p.typed.formUnion(r.forms[key] ?? [])
                    p.declared.formUnion(recorder.declared[child] ?? [])
                    p.readers.formUnion(readerNames(at: child))
                    for item in itemPaths[child] ?? [] {
                        p.itemDeclared.formUnion(recorder.declared[item] ?? [])
                        p.itemReaders.formUnion(readerNames(at: item))
                    }
                    d.properties[key] = p
                }
                definitions[n] = d
            }
        }

        func schema() -> SchemaValue {
            var defs: [String: SchemaValue] = [:]
            for (name, d) in definitions {
                var props: [String: SchemaValue] = [:]
                for key in d.keys { props[key] = property(d.properties[key] ?? Property()) }
                let specific = d.titles.filter { $0 != "an object" }
                defs[name] = .object([
                    "type": "object",
                    "title": .string((specific.isEmpty ? d.titles : specific).min()!),
                    "properties": .object(props),
                    "additionalProperties": false,
                ])
            }
            // A view is an object with one key, its kind, from the decoder's table of kinds.
            var kinds: [String: SchemaValue] = [:]
            for kind in SceneDecoder.kinds.map(\.name) { kinds[kind] = reference("view." + kind) }
            defs[SceneSchema.viewDefinition] = .object([
                "type": "object",
                "title": "a view: {\"<kind>\": {properties}}",
                "minProperties": 1, "maxProperties": 1,
                "properties": .object(kinds),
                "additionalProperties": false,
            ])
            return .object([
                "$schema": "http://json-schema.org/draft-07/schema#",
                "title": "Tintype scene",
                "description": "A Tintype scene file (docs/scene-format.md). Generated from the scene decoder by Scripts/schema; do not edit.",
                "allOf": [reference("scene")],
                "definitions": .object(defs),
            ])
        }

        func reference(_ name: String) -> SchemaValue { .object(["$ref": .string("#/definitions/" + name)]) }

        func property(_ p: Property) -> SchemaValue {
            if !p.typed.isEmpty { return anyOf(p.typed.map { fragment($0, p) }) }
            if !p.declared.isEmpty { return anyOf(p.declared.map { fragment($0, p) }) }
            if !p.readers.isEmpty { return objectsOnly(p.readers) }
            return .object(["description": "Read by the decoder in more than one form; see docs/scene-format.md."])
        }

        /// Objects must be one of these definitions; other values are left to the decoder.
        func objectsOnly(_ names: Set<String>) -> SchemaValue {
            .object(["if": .object(["type": "object"]), "then": anyOf(names.map(reference))])
        }

        func fragment(_ form: ValueForm, _ p: Property) -> SchemaValue {
            switch form {
            case .boolean: return .object(["type": "boolean"])
            case .null: return .object(["type": "null"])
            case .number(let lo, let hi): return .object(["type": "number", "minimum": .number(lo), "maximum": .number(hi)])
            case .integer(let lo, let hi): return .object(["type": "integer", "minimum": .number(Double(lo)), "maximum": .number(Double(hi))])
            case .choice(let names): return .object(["enum": .array(names.map(SchemaValue.string))])
            case .color(let tint):
                return .object(["type": "string",
                                "description": .string("A color: #RGB, #RRGGBB, #RRGGBBAA, a name like systemBlue, white(W) or white(W, A), optionally followed by @alpha"
                                                       + (tint ? ", or \"tint\"." : "."))])
            case .text:
                let localized = definitions["localizedText"] != nil ? reference("localizedText")
                    : .object(["type": "object", "required": ["localized"]])
                return anyOf([.object(["type": "string"]), localized])
            case .string: return .object(["type": "string"])
            case .lengthOrHairline:
                return anyOf([.object(["type": "number", "minimum": 0, "maximum": .number(SceneLimits.maxPoints)]), .object(["enum": ["hairline"]])])
            case .numbers(let names, let nonNegative):
                return numbers(names, nonNegative: Set(nonNegative))
            case .insets(let signed):
                let sides = ["top", "left", "bottom", "right"]
                let one: SchemaValue = signed ? .object(["type": "number"]) : .object(["type": "number", "minimum": 0])
                return anyOf([one, numbers(sides, nonNegative: signed ? [] : Set(sides))])
            case .array:
                var a: [String: SchemaValue] = ["type": "array"]
                if !p.itemDeclared.isEmpty { a["items"] = anyOf(p.itemDeclared.map { fragment($0, Property(readers: p.itemReaders)) }) }
                else if !p.itemReaders.isEmpty { a["items"] = objectsOnly(p.itemReaders) }
                return .object(a)
            case .object:
                return p.readers.isEmpty ? .object(["type": "object"]) : anyOf(p.readers.map(reference))
            case .view: return reference(SceneSchema.viewDefinition)
            case .oneKey(let prefix, let keys):
                var props: [String: SchemaValue] = [:]
                for k in keys { props[k] = definitions[prefix + "." + k] != nil ? reference(prefix + "." + k) : .object(["type": "object"]) }
                return .object(["type": "object", "minProperties": 1, "maxProperties": 1, "properties": .object(props), "additionalProperties": false])
            case .anyOf(let forms): return anyOf(forms.map { fragment($0, p) })
            }
        }

        func numbers(_ names: [String], nonNegative: Set<String>) -> SchemaValue {
            var props: [String: SchemaValue] = [:]
            for n in names { props[n] = nonNegative.contains(n) ? .object(["type": "number", "minimum": 0]) : .object(["type": "number"]) }
            let count = SchemaValue.number(Double(names.count))
            return anyOf([
                .object(["type": "array", "items": .object(["type": "number"]), "minItems": count, "maxItems": count]),
                .object(["type": "object", "properties": .object(props), "required": .array(names.map(SchemaValue.string)), "additionalProperties": false]),
            ])
        }

        /// One alternative as itself; several, flattened, without repeats, in a fixed order.
        func anyOf(_ alternatives: [SchemaValue]) -> SchemaValue {
            var flat: [SchemaValue] = []
            for a in alternatives {
                if case .object(let o) = a, o.count == 1, case .array(let inner)? = o["anyOf"] { flat += inner } else { flat.append(a) }
            }
            let unique = Dictionary(flat.map { ($0.text(), $0) }, uniquingKeysWith: { a, _ in a })
            let sorted = unique.keys.sorted().map { unique[$0]! }
            return sorted.count == 1 ? sorted[0] : .object(["anyOf": .array(sorted)])
        }
    }

    /// `an object of label properties` → `label`.
    static func viewKind(_ what: String) -> String? {
        guard what.hasPrefix("an object of "), what.hasSuffix(" properties") else { return nil }
        return String(what.dropFirst("an object of ".count).dropLast(" properties".count))
    }

    /// `.sections[2].rows[0]` → `sections.rows`: the keys of a path without indices.
    static func keyPath(_ tail: String) -> String {
        var out = "", skipping = false
        for c in tail {
            if c == "[" { skipping = true } else if c == "]" { skipping = false } else if !skipping { out.append(c) }
        }
        return out.split(separator: ".").joined(separator: ".")
    }
}

/// A JSON value written with sorted keys, for the schema's text (the same bytes on every run).
indirect enum SchemaValue: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
                           ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral {
    case string(String), number(Double), bool(Bool), array([SchemaValue]), object([String: SchemaValue])

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: SchemaValue...) { self = .array(elements) }

    func text(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .string(let s): return Self.quote(s)
        case .number(let v): return format(v)
        case .bool(let b): return b ? "true" : "false"
        case .array(let items):
            if items.isEmpty { return "[]" }
            // Short arrays of scalars (enums, required names) stay on one line.
            if items.allSatisfy({ if case .object = $0 { false } else if case .array = $0 { false } else { true } }) {
                let line = "[" + items.map { $0.text() }.joined(separator: ", ") + "]"
                if line.count + indent.count <= 100 { return line }
            }
            return "[\n" + items.map { inner + $0.text(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{\n" + members.keys.sorted().map { inner + Self.quote($0) + ": " + members[$0]!.text(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }

    static func quote(_ s: String) -> String { JSONString.quoted(s) }
}
