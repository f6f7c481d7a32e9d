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
/// its position, so a problem in it is reported in that file, at its line and column, and a path
/// in it (an image, a string catalog) is relative to its folder.
enum SceneIncludes {
    /// A file merged into the scene.
    struct Included: Equatable {
        /// The name positions carry (the include as written, after the including file's folder).
        var shown: String
        /// The file, standardized.
        var absolute: String
        /// The folder its relative paths start from: relative to the scene's folder (`theme/`,
        /// empty for the scene's own), or absolute with a final slash.
        var folder: String
    }

    /// `root` with its includes merged. `file` names the including file in messages and
    /// `directory` is the folder its include paths are relative to; `chain` holds the files
    /// being included around this one (absolute paths), to find cycles. `folder` is the including
    /// file's folder relative to the scene's; every file merged is added to `included`.
    static func resolve(_ root: JSONNode, file: String, directory: String, chain: [String],
                        folder: String = "", included: inout [Included]) throws(SceneError) -> JSONNode {
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
            let absolute = URL(fileURLWithPath: name, relativeTo: URL(fileURLWithPath: directory, isDirectory: true)).absoluteURL.standardized.path
            // Named as the user would find it: relative to the including file's folder as written.
            let shown = name.hasPrefix("/") ? name : (file.contains("/") ? URL(fileURLWithPath: file).deletingLastPathComponent().relativePath + "/" + name : name)
            if chain.contains(absolute) || absolute == URL(fileURLWithPath: file, relativeTo: URL(fileURLWithPath: directory, isDirectory: true)).absoluteURL.standardized.path {
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
            let ownFile = file.hasPrefix("/") ? file : URL(fileURLWithPath: file, relativeTo: URL(fileURLWithPath: directory, isDirectory: true)).absoluteURL.standardized.path
            let parent = name.lastIndex(of: "/").map { String(name[..<$0]) } ?? ""
            let itsFolder = name.hasPrefix("/") ? parent + "/" : folder + (parent.isEmpty ? "" : parent + "/")
            if !included.contains(where: { $0.shown == shown }) { included.append(Included(shown: shown, absolute: absolute, folder: itsFolder)) }
            node = try resolve(node, file: shown, directory: URL(fileURLWithPath: absolute).deletingLastPathComponent().path,
                               chain: chain + [ownFile, absolute], folder: itsFolder, included: &included)
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

/// Which .json files of a folder are scenes. A file meant only to be included (a theme) sits among
/// the scenes that include it, and is not a broken scene: a file that another file of the folder
/// names in its `"include"` and that has no `"root"` of its own is a part of scenes, not a scene.
/// `tintype test`, `render`, `preview`, stale-golden detection and the schema all ask here.
///
/// ```swift
/// SceneFiles.scenes(among: ["s/a.json", "s/b.json", "s/theme.json"])   // ["s/a.json", "s/b.json"]
/// ```
public enum SceneFiles {
    /// `paths` without the files that are only included and without audit suite files
    /// (`tintype-audit.json`), in the same order. A file that cannot be
    /// read or parsed stays (decoding it reports why).
    public static func scenes(among paths: [String]) -> [String] {
        var included = Set<String>()
        var roots: [String: Bool] = [:]
        for path in paths {
            guard let top = topLevel(of: path) else { continue }
            roots[standardized(path)] = top.hasRoot
            included.formUnion(top.includes)
        }
        return paths.filter { p in
            // An audit suite file sets rules for the scenes beside it; it is not one.
            if p.split(separator: "/").last.map(String.init) == AuditSettings.suiteFileName { return false }
            let s = standardized(p)
            return !(included.contains(s) && roots[s] == false)
        }
    }

    /// Whether the file at `path` is one that only `others` include (see `scenes(among:)`).
    public static func isIncludedOnly(_ path: String, among others: [String]) -> Bool {
        !scenes(among: others + [path]).contains(path)
    }

    /// The files `path` names in its `"include"` (standardized) and whether it has a `"root"`.
    static func topLevel(of path: String) -> (includes: [String], hasRoot: Bool)? {
        guard let size = fileSize(atPath: path), size <= SceneLimits.maxFileSize,
              let data = FileManager.default.contents(atPath: path),
              let node = try? JSONParser.parse(Array(data)), case .object(let members) = node.value else { return nil }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        var includes: [String] = []
        if case .array(let items)? = members.first(where: { $0.key == "include" })?.value.value {
            for item in items {
                if case .string(let name) = item.value, !name.isEmpty {
                    includes.append(URL(fileURLWithPath: name, relativeTo: folder).absoluteURL.standardized.path)
                }
            }
        }
        return (includes, members.contains { $0.key == "root" })
    }

    static func standardized(_ path: String) -> String { URL(fileURLWithPath: path).absoluteURL.standardized.path }
}
