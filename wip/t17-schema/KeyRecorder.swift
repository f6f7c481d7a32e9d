#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What decoding asked of a scene file: each object read (its path, what the decoder expected
/// there, and every key it asked for, present or not) and hints about values (a color, one of an
/// enum's names). `SceneSchema` turns this into the JSON Schema, so the schema is the decoder's own
/// account of the format rather than a second description of it.
final class KeyRecorder {
    struct Object {
        var path: String
        var what: String
        var keys: [String]
        /// The members present: key → the JSON kind of its value.
        var members: [(key: String, value: JSONNode)]
    }
    enum Hint: Hashable { case color, oneOf([String]) }

    private(set) var objects: [Object] = []
    private(set) var hints: [String: Set<Hint>] = [:]

    func object(path: String, what: String, keys: [String], members: [JSONMember]) {
        objects.append(Object(path: path, what: what, keys: keys, members: members.map { ($0.key, $0.value) }))
    }

    func hint(_ path: String, _ hint: Hint) { hints[path, default: []].insert(hint) }
}
