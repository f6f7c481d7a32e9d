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
    /// `directory` is the folder its include paths are relative to; every file merged is added
    /// to `included`. Every include must resolve inside `project` (no absolute path, no way out
    /// with `..` or through a symbolic link) and name a regular file, checked before it is opened.
    ///
    /// The graph is walked without recursion, each file read and resolved once however often it
    /// is included (a diamond of files each including the next twice costs one read a file), within
    /// `SceneLimits.maxIncludeDepth` levels and `SceneLimits.maxIncludedBytes` read in all.
    static func resolve(_ root: JSONNode, file: String, directory: String, project: SceneProject,
                        included: inout [Included]) throws(SceneError) -> JSONNode {
        guard case .object(let rootMembers) = root.value, rootMembers.contains(where: { $0.key == "include" }) else { return root }
        /// A file whose includes are being merged: its members, its include list and how far it got.
        struct Frame {
            var members: [JSONMember]
            var items: [JSONNode] = []
            var next = 0
            var merged: [JSONMember] = []
            var shown: String
            var directory: String
            var folder: String
            /// The file as the kernel resolves it (nil for a scene that is not a file): its identity.
            var identity: String?
            var position: SourcePosition
        }
        var done: [String: JSONNode] = [:]
        var bytesRead = 0
        let here = FileManager.default.currentDirectoryPath
        let rootDirectory = directory.hasPrefix("/") ? directory : here + "/" + directory
        let sceneIdentity: String? = {
            let absolute = file.hasPrefix("/") ? file : here + "/" + file
            guard case .file = InputFiles.kind(atPath: absolute) else { return nil }
            return FilePaths.resolved(absolute)
        }()

        /// The frame of a file's members, its include list checked.
        func frame(_ node: JSONNode, shown: String, directory: String, folder: String, identity: String?) throws(SceneError) -> Frame {
            guard case .object(let members) = node.value else {
                throw SceneError(file: shown, position: node.position,
                                 message: "an included file must hold an object of scene properties, found \(node.value.kindName)")
            }
            var f = Frame(members: members, shown: shown, directory: directory, folder: folder, identity: identity, position: node.position)
            guard let include = members.first(where: { $0.key == "include" }) else { return f }
            guard case .array(let items) = include.value.value else {
                throw SceneError(file: shown, path: "include", position: include.value.position,
                                 message: "expected a list of scene files to merge, like [\"theme.json\"], found \(include.value.value.kindName)")
            }
            f.items = items
            return f
        }

        var stack = [try frame(root, shown: file, directory: rootDirectory, folder: "", identity: sceneIdentity)]
        while true {
            let top = stack.count - 1
            if stack[top].next == stack[top].items.count {
                // Every include of this file merged: the file is done, and merged into the one that includes it.
                let finished = stack.removeLast()
                let node = JSONNode(value: .object(merge(finished.merged, finished.members)), position: finished.position)
                guard let parent = stack.indices.last else { return node }
                if let identity = finished.identity { done[identity] = node }
                stack[parent].merged = merge(stack[parent].merged, members(of: node))
                stack[parent].next += 1
                continue
            }
            let f = stack[top]
            let i = f.next
            let item = f.items[i]
            let at = "include[\(i)]"
            guard case .string(let name) = item.value, !name.isEmpty else {
                throw SceneError(file: f.shown, path: at, position: item.position,
                                 message: "expected the path of a scene file (a string), found \(item.value.kindName)")
            }
            if let problem = project.problem(with: name, from: f.directory) {
                throw SceneError(file: f.shown, path: at, position: item.position, message: problem)
            }
            let absolute = FilePaths.lexical(f.directory + "/" + name)
            let identity = FilePaths.resolved(absolute)
            if stack.contains(where: { $0.identity == identity }) {
                throw SceneError(file: f.shown, path: at, position: item.position,
                                 message: "\(quoted(name)) includes itself, directly or through the files it includes")
            }
            if let node = done[identity] {
                stack[top].merged = merge(stack[top].merged, members(of: node))
                stack[top].next += 1
                continue
            }
            guard stack.count <= SceneLimits.maxIncludeDepth else {
                throw SceneError(file: f.shown, path: at, position: item.position,
                                 message: "includes nest deeper than \(SceneLimits.maxIncludeDepth) files: \(quoted(name)) is one level too deep")
            }
            let data: [UInt8]
            switch InputFiles.read(absolute, limit: min(SceneLimits.maxFileSize, SceneLimits.maxIncludedBytes - bytesRead)) {
            case .success(let bytes): data = bytes
            case .failure(.notAFile(.missing)):
                throw SceneError(file: f.shown, path: at, position: item.position, message: "no such file \(quoted(name)) (looked for \(absolute))")
            case .failure(.tooLarge(let size)) where bytesRead > 0 && size <= SceneLimits.maxFileSize:
                throw SceneError(file: f.shown, path: at, position: item.position,
                                 message: "\(quoted(name)) is \(size) bytes, and with the \(bytesRead) bytes already included more than the limit of "
                                    + "\(SceneLimits.maxIncludedBytes) bytes a scene may include in all")
            case .failure(let why):
                throw SceneError(file: f.shown, path: at, position: item.position,
                                 message: "\(quoted(name)) \(why.message(limit: SceneLimits.maxFileSize))")
            }
            bytesRead += data.count
            // Named as the user would find it: relative to the including file's folder as written.
            let shown = f.shown.contains("/") ? URL(fileURLWithPath: f.shown).deletingLastPathComponent().relativePath + "/" + name : name
            var node: JSONNode
            do { node = try JSONParser.parse(data) } catch {
                throw SceneError(file: shown, position: error.position, message: "malformed JSON: \(error.message)")
            }
            stamp(&node, file: shown)
            let parent = name.lastIndex(of: "/").map { String(name[..<$0]) } ?? ""
            let itsFolder = f.folder + (parent.isEmpty ? "" : parent + "/")
            if !included.contains(where: { $0.shown == shown }) { included.append(Included(shown: shown, absolute: absolute, folder: itsFolder)) }
            stack.append(try frame(node, shown: shown, directory: URL(fileURLWithPath: absolute).deletingLastPathComponent().path,
                                   folder: itsFolder, identity: identity))
        }
    }

    /// An included file's members to merge: all but its own `"include"`.
    private static func members(of node: JSONNode) -> [JSONMember] {
        guard case .object(let members) = node.value else { return [] }
        return members.filter { $0.key != "include" }
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
    /// A .json file read and parsed once: what `scenes(among:)` reads of it to tell a scene from a
    /// part of scenes, and what decoding it as a scene starts from (`SceneDecoder.load(_:)`), so
    /// that a run that does both reads and parses each file once.
    public struct Read: Sendable {
        /// The file as given.
        public let path: String
        /// Its bytes, or why they could not be read (a scene's limit on size applies).
        let bytes: Result<[UInt8], InputFiles.ReadFailure>
        /// Its JSON, or where the syntax is wrong; nil when it could not be read.
        let parsed: Result<JSONNode, JSONSyntaxError>?

        /// Reads and parses the file at `path`.
        public init(path: String) {
            self.path = path
            bytes = InputFiles.read(path, limit: SceneLimits.maxFileSize)
            if case .success(let data) = bytes {
                do throws(JSONSyntaxError) { parsed = .success(try JSONParser.parse(data)) } catch { parsed = .failure(error) }
            } else {
                parsed = nil
            }
        }

        /// The files its `"include"` names (standardized) and whether it has a `"root"`; nil when
        /// it is not a JSON object.
        var topLevel: (includes: [String], hasRoot: Bool)? {
            guard case .success(let node)? = parsed, case .object(let members) = node.value else { return nil }
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
    }

    /// The files at `paths`, read and parsed on every core, in the same order.
    public static func read(_ paths: [String]) -> [Read] {
        concurrentMap(count: paths.count) { Read(path: paths[$0]) }
    }

    /// `paths` without the files that are only included, without audit suite files
    /// (`tintype-audit.json`) and without the files inside asset catalogs (`*.xcassets`), in the same order. A file that cannot be
    /// read or parsed stays (decoding it reports why).
    public static func scenes(among paths: [String]) -> [String] {
        scenes(among: read(paths)).map(\.path)
    }

    /// `files` without the ones that are not scenes, as `scenes(among:)` for paths says.
    public static func scenes(among files: [Read]) -> [Read] {
        var included = Set<String>()
        var roots: [String: Bool] = [:]
        for file in files {
            guard let top = file.topLevel else { continue }
            roots[standardized(file.path)] = top.hasRoot
            included.formUnion(top.includes)
        }
        return files.filter { file in
            let p = file.path
            // An audit suite file sets rules for the scenes beside it; it is not one.
            if p.split(separator: "/").last.map(String.init) == AuditSettings.suiteFileName { return false }
            // An asset catalog's Contents.json files (an app's storyboard beside its Assets.xcassets) are Xcode's.
            if p.split(separator: "/").dropLast().contains(where: { $0.hasSuffix(".xcassets") }) { return false }
            let s = standardized(p)
            return !(included.contains(s) && roots[s] == false)
        }
    }

    /// Whether the file at `path` is one that only `others` include (see `scenes(among:)`).
    public static func isIncludedOnly(_ path: String, among others: [String]) -> Bool {
        !scenes(among: others + [path]).contains(path)
    }

    static func standardized(_ path: String) -> String { URL(fileURLWithPath: path).absoluteURL.standardized.path }
}
