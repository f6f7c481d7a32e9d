#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Merges the files a scene names in `"include": ["theme.json", ...]` into the scene's JSON
/// before it is decoded, so a suite states its shared settings once.
///
/// Include paths are relative to the file that names them; an included file may include others.
/// Files are merged in the order listed (a later one wins over an earlier one) and the including
/// file's own keys win over all of them. Objects merge key by key, recursively; arrays and other
/// values are replaced whole. Every value read from an included file keeps that file's name in
/// its position, so a problem in it is reported in that file, at its line and column.
enum SceneIncludes {
    /// `root` with its includes merged. `file` names the including file in messages and
    /// `directory` is the folder its include paths are relative to; `chain` holds the files
    /// being included around this one (absolute paths), to find cycles.
    static func resolve(_ root: JSONNode, file: String, directory: String, chain: [String]) throws(SceneError) -> JSONNode {
        guard case .object(let members) = root.value,
              let include = members.first(where: { $0.key == "include" }) else { return root }
        guard case .array(let items) = include.value.value else {
            throw SceneError(file: file, path: "include", position: include.value.position,
                             message: "expected a list of scene files to merge, like [\"theme.json\"], found \(include.value.value.kindName)")
        }
        var merged: [JSONMember] = []
        for (i, item) in items.enumerated() {
            let at = "include[\(i)]"
            guard case .string(let name) = item.value, !name.isEmpty else {
                throw SceneError(file: file, path: at, position: item.position,
                                 message: "expected the path of a scene file (a string), found \(item.value.kindName)")
            }
            let absolute = URL(fileURLWithPath: name, relativeTo: URL(fileURLWithPath: directory, isDirectory: true)).standardized.path
            // Named as the user would find it: relative to the including file's folder as written.
            let shown = name.hasPrefix("/") ? name : (file.contains("/") ? URL(fileURLWithPath: file).deletingLastPathComponent().relativePath + "/" + name : name)
            if chain.contains(absolute) || absolute == URL(fileURLWithPath: file, relativeTo: URL(fileURLWithPath: directory, isDirectory: true)).standardized.path {
                throw SceneError(file: file, path: at, position: item.position,
                                 message: "\(quoted(name)) includes itself, directly or through the files it includes")
            }
            if let size = fileSize(atPath: absolute), size > SceneLimits.maxFileSize {
                throw SceneError(file: file, path: at, position: item.position,
                                 message: "\(quoted(name)) is \(size) bytes, more than the limit of \(SceneLimits.maxFileSize)")
            }
            guard fileSize(atPath: absolute) != nil, let data = FileManager.default.contents(atPath: absolute) else {
                throw SceneError(file: file, path: at, position: item.position,
                                 message: "no such file \(quoted(name)) (looked for \(absolute))")
            }
            var node: JSONNode
            do { node = try JSONParser.parse(Array(data)) } catch {
                throw SceneError(file: shown, position: error.position, message: "malformed JSON: \(error.message)")
            }
            guard case .object = node.value else {
                throw SceneError(file: shown, position: node.position, message: "an included file must hold an object of scene properties, found \(node.value.kindName)")
            }
            stamp(&node, file: shown)
            let ownFile = file.hasPrefix("/") ? file : URL(fileURLWithPath: file, relativeTo: URL(fileURLWithPath: directory, isDirectory: true)).standardized.path
            node = try resolve(node, file: shown, directory: URL(fileURLWithPath: absolute).deletingLastPathComponent().path,
                               chain: chain + [ownFile, absolute])
            guard case .object(let included) = node.value else { continue }
            merged = merge(merged, included.filter { $0.key != "include" })
        }
        return JSONNode(value: .object(merge(merged, members)), position: root.position)
    }

    /// `over`'s members laid over `base`'s: objects merge key by key, anything else is replaced.
    static func merge(_ base: [JSONMember], _ over: [JSONMember]) -> [JSONMember] {
        var out = base
        for m in over {
            guard let i = out.firstIndex(where: { $0.key == m.key }) else { out.append(m); continue }
            if case .object(let a) = out[i].value.value, case .object(let b) = m.value.value {
                out[i] = JSONMember(key: m.key, keyPosition: m.keyPosition,
                                    value: JSONNode(value: .object(merge(a, b)), position: m.value.position))
            } else {
                out[i] = m
            }
        }
        return out
    }

    /// Marks every position in `node` as read from `file` (those already marked keep theirs).
    static func stamp(_ node: inout JSONNode, file: String) {
        if node.position.file == nil { node.position.file = file }
        switch node.value {
        case .array(var items):
            for i in items.indices { stamp(&items[i], file: file) }
            node.value = .array(items)
        case .object(var members):
            for i in members.indices {
                if members[i].keyPosition.file == nil { members[i].keyPosition.file = file }
                stamp(&members[i].value, file: file)
            }
            node.value = .object(members)
        case .null, .bool, .number, .string:
            break
        }
    }
}
