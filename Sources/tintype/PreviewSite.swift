import Foundation
import TintypeModel
import TintypeRender
import TintypeSnapshot

/// What `tintype preview` serves: the page, the folder's scenes as JSON (decoded with the page's
/// trait overrides, problems with line and column), each render as a PNG, and a change counter the
/// page waits on. Scenes decode through `SceneFile` and render through `Renderer`, as
/// `tintype render` does; nothing is written to disk.
///
/// Changes are found by comparing modification times and sizes: of every file under the folder,
/// and of every image a scene uses (wherever it is). Each scan that differs from the last raises
/// `generation`.
final class PreviewSite: @unchecked Sendable {
    /// The folder as given, without a trailing slash.
    let root: String
    /// The scenes' project: the folder their includes, catalogs and images must lie in (--root, by
    /// default the folder shown). Nothing outside it is read, and no file outside it is quoted.
    let project: String
    private let lock = NSLock()
    private let changed = NSCondition()
    private var generation = 0
    private var treeStamp: UInt64 = 0
    private var scenes: [String] = []
    /// A fresh renderer for each generation: its image store keeps decoded images by path, and an
    /// image saved since must be read again.
    private var renderer = Renderer()
    private var decoded: [String: Decoded] = [:]
    private var renders: [String: [UInt8]] = [:]
    private var renderBytes = 0
    /// Renders kept in memory; past this the cache starts over (the browser keeps its own copies).
    static let maxCachedBytes = 256 << 20
    /// Scene files decoded with one set of overrides each, kept.
    static let maxDecoded = 4096
    /// The longest a change request waits.
    static let maxWaitSeconds = 30.0
    /// Renders (and scene-list decodes) made at once; more requests wait their turn, at most
    /// `maxQueueSeconds`, then get a 503. Each render holds a screen of pixels or more.
    static let maxConcurrentRenders = 4
    static let maxQueueSeconds = 30.0
    private let workSlots = DispatchSemaphore(value: maxConcurrentRenders)

    /// One scene file decoded with one set of overrides.
    private struct Decoded {
        var file: SceneFile
        var issues: [SceneIssue]
        /// Standardized paths of the files it reads (images, string catalog), watched with it.
        var images: [String]
        var fingerprint: UInt64
    }

    init(root: String, project: String? = nil) {
        var r = root
        while r.count > 1 && r.hasSuffix("/") { r.removeLast() }
        self.root = r
        self.project = project ?? r
        _ = rescan()
    }

    // MARK: - Routing

    /// The response to one request. Pure apart from the folder's files, so tests call it directly.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let s = request.segments
        switch s.first {
        case nil where request.method != "POST":
            return HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: Array(PreviewPage.html.utf8),
                                headers: [("Content-Security-Policy", PreviewPage.contentSecurityPolicy)])
        case "api" where s == ["api", "scenes"] && request.method != "POST":
            _ = rescan()
            switch traits(from: request) {
            // The generation too, so that the page waits for the next change instead of asking again.
            case .failure(let problem): return .json(["error": problem.message, "generation": currentGeneration], status: 400)
            case .success(let (traits, key)):
                guard workSlots.wait(timeout: .now() + Self.maxQueueSeconds) == .success else { return Self.busy }
                defer { workSlots.signal() }
                return .json(sceneList(traits: traits, key: key, query: request.query))
            }
        case "api" where s == ["api", "changes"] && request.method != "POST":
            guard let since = Int(request.parameter("since") ?? "-1") else { return .json(["error": "since takes a number"], status: 400) }
            let wait = request.parameter("wait").map { Double($0) ?? -1 } ?? 0
            guard wait >= 0 && wait <= Self.maxWaitSeconds else {
                return .json(["error": "wait takes a number of seconds from 0 to \(Int(Self.maxWaitSeconds))"], status: 400)
            }
            return .json(["generation": waitForChange(since: since, seconds: wait)])
        case "render" where s.count > 1 && request.method != "POST":
            return render(relative: s.dropFirst().joined(separator: "/"), request: request)
        case "api" where s.count > 2 && s[1] == "touch":
            return touch(relative: s.dropFirst(2).joined(separator: "/"), request: request)
        case _ where request.method == "POST":
            return .text(405, "POST is answered at /api/touch/SCENE only; \(request.path) takes GET and HEAD")
        default:
            return .text(404, "not found: \(request.path)")
        }
    }

    // MARK: - Changes

    /// Scans the folder; true when anything changed since the last scan (and the generation rose).
    @discardableResult
    func rescan() -> Bool {
        var entries: [(String, Stamp?)] = []
        var found: [String] = []
        if let e = FileManager.default.enumerator(atPath: root) {
            while let rel = e.nextObject() as? String {
                let name = (rel as NSString).lastPathComponent
                // Hidden files and folders (.git, an editor's .#lock files) are neither scenes nor watched.
                let stamp = Stamp(path: root + "/" + rel)
                if name.hasPrefix(".") {
                    if stamp?.isDirectory == true { e.skipDescendants() }
                    continue
                }
                // Folders are left out: an editor's temporary file touches its folder on every save.
                guard stamp?.isDirectory != true else { continue }
                entries.append((rel, stamp))
                if rel.hasSuffix(".json"), stamp?.isFile == true { found.append(rel) }
            }
        }
        lock.lock()
        // Images outside the folder, as scenes name them ("../art/icon.png"), are watched too.
        let outside = Set(decoded.values.flatMap(\.images)).subtracting(entries.map { Self.standardized(root + "/" + $0.0) })
        lock.unlock()
        for path in outside.sorted() { entries.append((path, Stamp(path: path))) }
        var hasher = Fingerprint()
        for (path, stamp) in entries.sorted(by: { $0.0 < $1.0 }) { hasher.add(path); hasher.add(stamp) }
        let stamp = hasher.value

        lock.lock()
        guard stamp != treeStamp else { lock.unlock(); return false }
        // A theme the scenes include is not a scene; it is watched (an entry) all the same. Telling
        // them apart reads every .json file, so only when the folder changed (a changed "include"
        // changes its file's stamp), not on every poll.
        scenes = SceneFiles.scenes(among: found.map { root + "/" + $0 }).map { String($0.dropFirst(root.count + 1)) }.sorted()
        treeStamp = stamp
        generation += 1
        renderer = Renderer()
        renders = [:]
        renderBytes = 0
        lock.unlock()
        // Waiters hold `changed` while they read the generation under `lock`: never the other way round.
        changed.lock(); changed.broadcast(); changed.unlock()
        return true
    }

    var currentGeneration: Int { lock.lock(); defer { lock.unlock() }; return generation }

    /// Waits until the generation is not `since` (or `seconds` pass), then returns it. A request
    /// for an old generation returns at once.
    func waitForChange(since: Int, seconds: Double) -> Int {
        let deadline = Date().addingTimeInterval(seconds)
        changed.lock()
        defer { changed.unlock() }
        while currentGeneration == since && Date() < deadline {
            // Short waits: a scan that raced this wait is seen within a tenth of a second anyway.
            _ = changed.wait(until: min(deadline, Date().addingTimeInterval(0.1)))
        }
        return currentGeneration
    }

    /// Scans every `interval` seconds on a thread of its own, so that waiting pages learn of a
    /// save without asking.
    func watch(every interval: Double) {
        let thread = Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: interval)
                rescan()
            }
        }
        thread.start()
    }

    // MARK: - Scenes

    typealias TraitsResult = Result<(TraitSet, String), HTTPRequest.Problem>

    /// The page's trait overrides, read as `tintype render` reads its options (same names without
    /// the dashes: device, orientation, content-size, direction, locale, dimmed), and a key that
    /// names them. Empty values leave the trait to the scene.
    func traits(from request: HTTPRequest) -> TraitsResult {
        var traits = TraitSet()
        for name in PreviewPage.traitParameters {
            guard let value = request.parameter(name), !value.isEmpty else { continue }
            if name == "dimmed" && (value == "0" || value == "false") { continue }
            do {
                _ = try TraitOptions.read("--" + name, value, command: PreviewCommand.self, into: &traits)
            } catch {
                return .failure(HTTPRequest.Problem(status: 400, message: error.message))
            }
        }
        var key: [String] = []
        if let d = traits.device { key.append("device=" + d.name) }
        if let o = traits.orientation { key.append("orientation=" + o.rawValue) }
        if let c = traits.contentSizeCategory { key.append("content-size=" + c.rawValue) }
        if let d = traits.layoutDirection { key.append("direction=" + (d == .leftToRight ? "ltr" : "rtl")) }
        if let l = traits.locale { key.append("locale=" + l) }
        if traits.tintAdjustmentMode == .dimmed { key.append("dimmed=1") }
        return .success((traits, key.joined(separator: "&")))
    }

    /// The scene file decoded with these overrides: from the cache while neither it nor an image
    /// it uses changed, else afresh.
    private func scene(_ relative: String, traits: TraitSet, key: String) -> Decoded {
        let path = root + "/" + relative
        let cacheKey = relative + "\u{0}" + key
        lock.lock()
        let cached = decoded[cacheKey]
        let tree = treeStamp
        lock.unlock()
        if let cached, cached.fingerprint == fingerprint(path, images: cached.images, failed: !cached.issues.isEmpty || cached.file.scene == nil, tree: tree) {
            return cached
        }
        var issues: [SceneIssue] = []
        let file: SceneFile
        do throws(SceneError) {
            // A scene file that is a symbolic link leading out of the project is not read.
            if let problem = SceneProject(root: project).problem(with: relative, from: root) {
                throw SceneError(file: path, message: "the scene file " + problem)
            }
            let scene = try SceneDecoder.load(path: path, locales: traits.locale.map { [$0] } ?? [], root: project)
            file = SceneFile(path: path, scene: scene, overriding: traits)
        } catch {
            issues = error.issues
            file = SceneFile(path: path, failed: error.description)
        }
        let images = file.scene.map(Self.inputs(of:)) ?? []
        let entry = Decoded(file: file, issues: issues, images: images,
                            fingerprint: fingerprint(path, images: images, failed: file.scene == nil, tree: tree))
        lock.lock()
        // Every override tried keeps its decodes; past this many the cache starts over.
        if decoded.count >= Self.maxDecoded { decoded = [:] }
        decoded[cacheKey] = entry
        lock.unlock()
        return entry
    }

    /// The files a decoded scene reads besides itself, standardized: the files it includes, the
    /// images it uses and its string catalog (a file, or every file of a folder of .lproj folders).
    static func inputs(of scene: Scene) -> [String] {
        var used = Set<String>(scene.includedFiles.map(standardized))
        used.formUnion(scene.imageFiles)
        for s in [scene] + scene.localizations.values {
            guard let strings = s.strings else { continue }
            let full = standardized(strings.hasPrefix("/") ? strings : (s.baseDirectory ?? ".") + "/" + strings)
            if Stamp(path: full)?.isDirectory == true, let e = FileManager.default.enumerator(atPath: full) {
                while let rel = e.nextObject() as? String { used.insert(full + "/" + rel) }
            } else {
                used.insert(full)
            }
        }
        return used.sorted()
    }

    /// What a scene's renders depend on: its file and the files it reads. A scene that does not decode
    /// depends on the whole folder too, since the image it misses may appear anywhere.
    private func fingerprint(_ path: String, images: [String], failed: Bool, tree: UInt64) -> UInt64 {
        var h = Fingerprint()
        h.add(Stamp(path: path))
        for image in images { h.add(image); h.add(Stamp(path: image)) }
        if failed { h.add(String(tree)) }
        return h.value
    }

    /// The JSON the page draws from.
    private func sceneList(traits: TraitSet, key: String, query: [(String, String)]) -> [String: Any] {
        lock.lock()
        let list = scenes
        let gen = generation
        lock.unlock()
        var out: [[String: Any]] = []
        for relative in list {
            let entry = scene(relative, traits: traits, key: key)
            let fp = String(entry.fingerprint, radix: 16)
            var item: [String: Any] = ["path": relative, "fingerprint": fp]
            var issues = entry.issues.map { issueJSON($0) }
            if entry.file.scene == nil && issues.isEmpty, let error = entry.file.error {
                issues = [["file": entry.file.path, "message": error]]
            }
            item["issues"] = issues
            item["warnings"] = (entry.file.scene?.warnings ?? []).map(\.description)
            var renders: [[String: Any]] = []
            if entry.file.scene != nil {
                for (i, output) in entry.file.outputs.enumerated() {
                    guard let scene = output.variant?.scene else { continue }
                    var r: [String: Any] = [
                        "label": output.label ?? "",
                        "width": scene.screenSize.width,
                        "height": scene.screenSize.height,
                        "url": "/render/" + Self.escapePath(relative) + "?variant=\(i)" + (key.isEmpty ? "" : "&" + Self.escapeQuery(key)) + "&fp=" + fp,
                    ]
                    if let problem = scene.pixelLimitProblem { r["problem"] = problem }
                    renders.append(r)
                }
            }
            item["renders"] = renders
            out.append(item)
        }
        var applied: [String: String] = [:]
        for (name, value) in query where PreviewPage.traitParameters.contains(name) && !value.isEmpty { applied[name] = value }
        return [
            "folder": root,
            "generation": gen,
            "traits": applied,
            "scenes": out,
            "choices": [
                "device": Device.catalog.map(\.name),
                "orientation": Orientation.allCases.map(\.rawValue),
                "content-size": ContentSizeCategory.allCases.map(\.rawValue),
                "direction": ["ltr", "rtl"],
            ],
        ]
    }

    /// One problem, with the lines around it and its line split at the column, so that the page can
    /// point at it without counting characters itself.
    private func issueJSON(_ issue: SceneIssue) -> [String: Any] {
        var j: [String: Any] = ["file": issue.file, "path": issue.path, "message": issue.message, "text": issue.description]
        guard let position = issue.position else { return j }
        j["line"] = position.line
        j["column"] = position.column
        // Lines are shown only from a file of the project, and only from a regular file.
        guard FilePaths.contains(FilePaths.resolved(project), FilePaths.resolved(issue.file)),
              case .success(let data) = InputFiles.read(issue.file, limit: SceneLimits.maxFileSize) else { return j }
        // Scalars, not Characters: "\r\n" is one Character and would not split on "\n".
        let lines = String(decoding: data, as: UTF8.self).unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String(String.UnicodeScalarView($0)) }
        var excerpt: [[String: Any]] = []
        for n in max(1, position.line - 2)...max(1, min(lines.count, position.line + 2)) where n <= lines.count {
            var text = String(lines[n - 1].prefix(400))
            if text.hasSuffix("\r") { text.removeLast() }
            var row: [String: Any] = ["line": n, "text": text]
            if n == position.line {
                let scalars = Array(text.unicodeScalars)
                let cut = min(max(0, position.column - 1), scalars.count)
                row["before"] = String(String.UnicodeScalarView(scalars[..<cut]))
                row["after"] = String(String.UnicodeScalarView(scalars[cut...]))
            }
            excerpt.append(row)
        }
        j["excerpt"] = excerpt
        return j
    }

    // MARK: - Renders

    /// The render a request names: a scene of the folder (only those are served, so no path can
    /// reach past it), the request's traits and its `variant`.
    private struct Requested {
        var entry: Decoded
        var key: String
        var index: Int
        var output: SceneFile.Output
        var scene: Scene
    }

    /// The render `relative` and the request name, or the answer that says why there is none.
    private func requested(_ relative: String, _ request: HTTPRequest) -> Result<Requested, HTTPAnswer> {
        lock.lock()
        let known = scenes.contains(relative)
        lock.unlock()
        guard known else { return .failure(HTTPAnswer(.text(404, "no scene \(relative) in \(root)"))) }
        let (traits, key): (TraitSet, String)
        switch self.traits(from: request) {
        case .failure(let problem): return .failure(HTTPAnswer(.text(problem.status, problem.message)))
        case .success(let t): (traits, key) = t
        }
        let entry = scene(relative, traits: traits, key: key)
        guard let index = Int(request.parameter("variant") ?? "0"), entry.file.outputs.indices.contains(index) else {
            return .failure(HTTPAnswer(.text(404, "\(relative) has no variant \(request.parameter("variant") ?? "")")))
        }
        let output = entry.file.outputs[index]
        guard let scene = output.variant?.scene else { return .failure(HTTPAnswer(.text(404, output.error ?? "\(relative) does not decode"))) }
        if let problem = scene.pixelLimitProblem { return .failure(HTTPAnswer(.text(500, "\(output.displayName): \(problem)"))) }
        return .success(Requested(entry: entry, key: key, index: index, output: output, scene: scene))
    }

    private func render(relative: String, request: HTTPRequest) -> HTTPResponse {
        let found: Requested
        switch requested(relative, request) {
        case .failure(let answer): return answer.response
        case .success(let r): found = r
        }
        let (entry, key, index, output, scene) = (found.entry, found.key, found.index, found.output, found.scene)
        let cacheKey = "\(relative)\u{0}\(key)\u{0}\(index)\u{0}\(entry.fingerprint)"
        lock.lock()
        let hit = renders[cacheKey]
        let renderer = self.renderer
        lock.unlock()
        let png: [UInt8]
        if let hit {
            png = hit
        } else {
            guard workSlots.wait(timeout: .now() + Self.maxQueueSeconds) == .success else { return Self.busy }
            defer { workSlots.signal() }
            do { png = try renderer.render(scene, as: .png) } catch {
                return .text(500, output.describe(error))
            }
            lock.lock()
            if renderBytes + png.count > Self.maxCachedBytes { renders = [:]; renderBytes = 0 }
            renders[cacheKey] = png
            renderBytes += png.count
            lock.unlock()
        }
        // The URL carries the scene's fingerprint, so a cached copy is never a stale one.
        return HTTPResponse(status: 200, contentType: "image/png", body: png, headers: [("Cache-Control", "private, max-age=86400")])
    }

    // MARK: - Touches

    /// The touches on one render (a scene's variant with one set of overrides): what the page's
    /// events left (`TouchState`), the scene with its views named for gestures, the layout the next
    /// press is hit-tested on, and the last frame drawn.
    final class TouchSession: @unchecked Sendable {
        let fingerprint: UInt64
        let named: Scene
        /// The ids the preview gave to views the scene left unnamed.
        let given: Set<String>
        /// Guards everything below; `drawing` is held while a frame is drawn, so frames are drawn one
        /// at a time and a request that waited finds a frame at least as new as its events.
        let lock = NSLock()
        let drawing = NSLock()
        var state = TouchState()
        var list: DisplayList?
        /// Raised by every request's events; `drawn` is the version the last frame shows.
        var version = 0
        var drawn = -1
        var png: [UInt8] = []
        var gestures: [Gesture.Kind] = []
        var snippet = ""
        var note: String?
        var problem: String?
        var layoutMs = 0.0
        var rasterMs = 0.0
        var used = 0

        init(fingerprint: UInt64, scene: Scene) {
            self.fingerprint = fingerprint
            (named, given) = scene.namingViews(prefix: "touch-")
            state.unnamed = given
        }
    }

    private var touchSessions: [String: TouchSession] = [:]
    private var touchUses = 0
    /// Renders touched at once are kept; past this many the least recently touched is forgotten.
    static let maxTouchSessions = 16

    /// `POST /api/touch/SCENE?variant=N&…traits`: applies the page's events (`TouchEvent`) to that
    /// render's touches, draws the frame they leave (one at a time per render: events that arrive
    /// while a frame is drawn are applied at once and the next frame shows them all) and answers
    /// with the gestures as a scene snippet and where the frame is. `GET` of the same address with
    /// `frame=N` answers the last frame's PNG.
    private func touch(relative: String, request: HTTPRequest) -> HTTPResponse {
        let found: Requested
        switch requested(relative, request) {
        case .failure(let answer): return answer.response
        case .success(let r): found = r
        }
        let (entry, key, index, scene) = (found.entry, found.key, found.index, found.scene)
        let sessionKey = "\(relative)\u{0}\(key)\u{0}\(index)"
        lock.lock()
        touchUses += 1
        var session = touchSessions[sessionKey]
        if session?.fingerprint != entry.fingerprint {
            // A scene saved since is touched afresh: its views and their ids may have changed.
            if touchSessions.count >= Self.maxTouchSessions, let oldest = touchSessions.min(by: { $0.value.used < $1.value.used })?.key {
                touchSessions[oldest] = nil
            }
            session = TouchSession(fingerprint: entry.fingerprint, scene: scene)
            touchSessions[sessionKey] = session
        }
        session!.used = touchUses
        let renderer = self.renderer
        lock.unlock()
        let touched = session!

        if request.method != "POST" {
            touched.lock.lock()
            defer { touched.lock.unlock() }
            guard touched.drawn >= 0 else { return .text(404, "\(relative) has not been touched yet: POST its events first") }
            return HTTPResponse(status: 200, contentType: "image/png", body: touched.png)
        }
        guard request.headers["content-type"]?.lowercased().hasPrefix("application/json") == true else {
            // A page of another site can POST text/plain without asking first, never application/json.
            return .text(415, "the events must be sent as application/json")
        }
        let events: [TouchEvent]
        do { events = try TouchEvent.parse(request.body) } catch { return .text(error.status, error.message) }

        guard workSlots.wait(timeout: .now() + Self.maxQueueSeconds) == .success else { return Self.busy }
        defer { workSlots.signal() }
        touched.lock.lock()
        if touched.list == nil {
            touched.list = try? renderer.displayList(for: touched.state.scene(touched.named, list: DisplayList(size: scene.screenSize, scale: 1, items: [])).scene)
        }
        let list = touched.list ?? DisplayList(size: scene.screenSize, scale: 1, items: [])
        for event in events { touched.state.apply(event, scene: touched.named, list: list) }
        touched.version += 1
        let mine = touched.version
        touched.lock.unlock()

        touched.drawing.lock()
        defer { touched.drawing.unlock() }
        touched.lock.lock()
        if touched.drawn < mine {
            // Drawn for the newest events: those of requests still waiting are in it too.
            let version = touched.version
            let (frameScene, kinds) = touched.state.scene(touched.named, list: list)
            let note = touched.state.note
            touched.lock.unlock()
            let start = DispatchTime.now().uptimeNanoseconds
            var drawnList: DisplayList?, png: [UInt8]?, problem: String?, laidOut = start
            do throws(RenderError) {
                let l = try renderer.displayList(for: frameScene)
                laidOut = DispatchTime.now().uptimeNanoseconds
                let bitmap = try renderer.render(l)
                // The fast encoding: a frame is looked at once (a third of the time, a larger file).
                do { png = try bitmap.pngData(fast: true) } catch { problem = error.message }
                drawnList = l
            } catch {
                problem = entry.file.outputs[index].describe(error)
            }
            let end = DispatchTime.now().uptimeNanoseconds
            touched.lock.lock()
            touched.drawn = version
            touched.problem = problem
            if let png, let drawnList {
                touched.png = png
                touched.list = drawnList
                touched.gestures = kinds
                touched.note = note
                touched.snippet = touched.state.snippet(kinds, given: touched.given, list: drawnList)
                touched.layoutMs = Double(laidOut - start) / 1e6
                touched.rasterMs = Double(end - laidOut) / 1e6
            }
        }
        defer { touched.lock.unlock() }
        if let problem = touched.problem { return .json(["error": problem], status: 422) }
        let address = "/api/touch/" + Self.escapePath(relative) + "?variant=\(index)" + (key.isEmpty ? "" : "&" + Self.escapeQuery(key)) + "&frame=\(touched.drawn)"
        var body: [String: Any] = [
            "frame": touched.drawn,
            "image": address,
            "gestures": touched.gestures.map(TouchState.json),
            "snippet": touched.snippet,
            "layoutMs": (touched.layoutMs * 10).rounded() / 10,
            "rasterMs": (touched.rasterMs * 10).rounded() / 10,
        ]
        if let note = touched.note { body["note"] = note }
        return .json(body)
    }

    // MARK: - Helpers

    /// The answer when every render slot stayed taken for `maxQueueSeconds`.
    static let busy = HTTPResponse.text(503, "busy: \(maxConcurrentRenders) renders are being made; try again")

    static func standardized(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    /// Percent-encodes each segment of a relative path for a URL.
    static func escapePath(_ relative: String) -> String {
        relative.split(separator: "/").map { String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#;"))) ?? "" }
            .joined(separator: "/")
    }

    /// Percent-encodes the values of a `name=value&…` key.
    static func escapeQuery(_ key: String) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        return key.split(separator: "&").map { pair in
            let p = pair.split(separator: "=", maxSplits: 1)
            return String(p[0]) + "=" + (String(p.count > 1 ? p[1] : "").addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        }.joined(separator: "&")
    }
}

/// A file's modification time and size, as `stat` gives them.
struct Stamp: Equatable {
    var seconds: Int
    var nanoseconds: Int
    var size: Int
    var isFile: Bool
    var isDirectory: Bool

    init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        seconds = Int(st.st_mtim.tv_sec); nanoseconds = Int(st.st_mtim.tv_nsec); size = Int(st.st_size)
        isFile = (st.st_mode & S_IFMT) == S_IFREG
        isDirectory = (st.st_mode & S_IFMT) == S_IFDIR
    }
}

/// FNV-1a over what is added: a stable fingerprint, the same on every run.
struct Fingerprint {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func add(_ s: String) {
        for b in s.utf8 { value = (value ^ UInt64(b)) &* 0x100_0000_01b3 }
        value = (value ^ 0xff) &* 0x100_0000_01b3
    }
    mutating func add(_ stamp: Stamp?) {
        add(stamp.map { "\($0.seconds).\($0.nanoseconds):\($0.size)" } ?? "-")
    }
}

/// An HTTP answer carried as an error, for lookups that either find what a request names or say why not.
struct HTTPAnswer: Error {
    let response: HTTPResponse
    init(_ response: HTTPResponse) { self.response = response }
}
