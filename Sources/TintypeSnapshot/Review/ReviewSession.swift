// Why decisions are kept here and not in the page: the page may be open twice (two reviewers, two
// tabs), the golden folder may change under it (a new run, a checkout), and a half-written golden
// is worse than none. Every decision goes through one lock, names the revision of the image the
// page saw, checks that the files are still as the run left them, and writes as recording writes.
import Foundation
import TintypeModel
import TintypeRender

/// The last `tintype test` run (its results bundle) as `tintype review` shows it: its images in
/// groups, and the decisions taken on them, which write goldens.
///
/// ```swift
/// let review = try ReviewSession(bundle: ".build/tintype-artifacts", tool: "0.2.0")
/// let outcome = review.decide([3], .approved, seen: [3: 0])   // writes the new golden of item 3
/// _ = review.undo(3, seen: 1)                                   // puts the old bytes back
/// ```
public final class ReviewSession: @unchecked Sendable {
    public enum Group: String, Sendable, CaseIterable {
        /// A golden that exists and differs from the render.
        case changed
        /// A render with no golden before the run.
        case new
        /// A golden Tintype recorded that no scene writes any more.
        case removed
        /// A new render with the same pixels as a removed golden: the scene (or variant) was renamed.
        case renamed
        case passed
    }

    public enum Decision: String, Sendable { case pending, approved, rejected }

    /// One image of the review.
    public struct Item: Sendable {
        public var id: Int
        public var group: Group
        /// The scene file and variant (nil for a removed golden).
        public var scene: String?
        public var variant: String?
        /// The golden's path as the run named it.
        public var golden: String
        /// Changed pixels over all pixels (1 for a new or removed image).
        public var ratio: Double
        public var message: String
        /// The explanation ("Why: …" lines), when the run gave one.
        public var why: String?
        /// Bundle files: the golden as it was (expected), the render (actual) and the diff image.
        public var expected: String?
        public var actual: String?
        public var diff: String?
        public var width: Int?
        public var height: Int?
        /// The changed area in pixels (x, y, width, height), as the comparison found it.
        public var changedArea: [Int]?
        /// For a renamed image: the old golden, which approving removes.
        public var renamedFrom: String?
        /// Why this image cannot be decided here (not a PNG golden), or nil.
        public var undecidable: String?
        public var decision: Decision = .pending
        /// Raised by every decision and undo; a request naming an older one is refused.
        public var revision = 0
        /// The golden state each decision writes: path → bytes (nil: the file is removed).
        var onApprove: [(String, Source)] = []
        var onReject: [(String, Source)] = []
        /// What the decision replaced, for undo: path → the bytes before (nil: there was no file),
        /// and what it wrote (its hash, nil for a removal).
        var undo: [(path: String, before: [UInt8]?, written: String?)] = []

        public var displayName: String { scene.map { s in variant.map { "\(s) [\($0)]" } ?? s } ?? golden }
    }

    /// Where a decision's bytes come from.
    enum Source {
        case file(String), absent
        /// The layout text (`tintype layout`'s tree) of the record inside this PNG.
        case layoutText(String)
    }

    /// The outcome of a decision or an undo.
    public struct Outcome: Sendable {
        /// 200 done, 404 no such image, 409 refused (decided meanwhile, files changed), 500 not written.
        public var status: Int
        public var message: String
        /// The goldens written or removed.
        public var written: [String]
    }

    public let bundle: String
    /// The folder golden paths are relative to, and which no golden may leave.
    public let project: String
    public let tool: String
    public private(set) var items: [Item] = []
    /// After a golden is written or removed (for `--git`); returns a warning to show, or nil.
    public var afterWrite: (@Sendable ([String]) -> String?)?
    private let lock = NSLock()
    /// Each file's hash as the run left it, updated by this review's own writes (nil: no file).
    private var expectedHash: [String: String?] = [:]
    /// The files each golden folder holds that the run knew of (goldens and scene files).
    private var filesByFolder: [String: [String]] = [:]

    /// Reads the bundle; refuses one written by another version of tintype, one without what a
    /// review needs, and one naming a golden or an artifact outside its folder.
    public init(bundle: String, project: String = FileManager.default.currentDirectoryPath, tool: String) throws(SnapshotError) {
        self.bundle = bundle
        self.project = FilePaths.lexical(project.hasPrefix("/") ? project : FileManager.default.currentDirectoryPath + "/" + project)
        self.tool = tool
        let results = try ResultBundle.read(bundle)
        let file = bundle + "/" + ResultBundle.resultsFile
        guard results.tool == tool else {
            throw SnapshotError("\(file) was written by tintype \(results.tool); this is tintype \(tool). "
                                + "Run 'tintype test' again with this one, then review")
        }
        guard let review = results.review else {
            throw SnapshotError("\(file) has no review data (a merged report, or a run in which a scene failed to decode); "
                                + "fix the scenes and run 'tintype test' again, then review")
        }
        let project = self.project
        // Every golden and scene the results name lies in the project; the paths used are absolute.
        func inside(_ path: String, _ what: String) throws(SnapshotError) -> String {
            let how: String?
            if path.hasPrefix("/") {
                how = FilePaths.contains(FilePaths.resolved(project), FilePaths.resolved(path)) ? nil : "an absolute path outside it"
            } else {
                how = FilePaths.escape(of: path, inside: project)
            }
            if let how { throw SnapshotError("\(file): \(what) \(path) lies outside \(project) (\(how)); review writes only goldens inside it") }
            return FilePaths.lexical(path.hasPrefix("/") ? path : project + "/" + path)
        }
        var stale = review.stale
        var list: [Item] = []
        for e in results.entries {
            let golden = try inside(e.golden, "the golden")
            let scene = try inside(e.scene, "the scene")
            remember(golden, hash: e.goldenSHA256)
            remember(scene, hash: e.sceneSHA256, golden: golden)
            let isPNG = e.golden.lowercased().hasSuffix(".png")
            var item = Item(id: list.count, group: .passed, scene: e.scene, variant: e.variant, golden: e.golden, ratio: 0, message: e.message,
                            expected: e.expected, actual: e.actual, diff: e.diff, width: e.width, height: e.height, changedArea: e.changedArea)
            if let r = e.message.range(of: "Why:") { item.why = String(e.message[r.lowerBound...]) }
            if let d = e.differentPixels, let t = e.totalPixels, t > 0 { item.ratio = Double(d) / Double(t) }
            switch e.status {
            case .passed:
                item.group = .passed
                item.expected = nil
                item.actual = golden
                item.undecidable = "it passed: there is nothing to decide"
            case .failed:
                guard let actual = e.actual, actual.lowercased().hasSuffix(".png") || !isPNG else {
                    if let actual = e.actual, actual.hasSuffix(".txt") {
                        item.group = .changed
                        item.undecidable = "its layout text changed, not its pixels: record it with 'tintype test --record failed --layout-records text'"
                        (item.expected, item.actual, item.diff) = (nil, golden, nil)
                        list.append(item)
                        continue
                    }
                    // Nothing rendered: the scene failed to decode or render; nothing to approve.
                    item.group = e.goldenSHA256 == nil ? .new : .changed
                    item.undecidable = "the scene did not render: fix it and run 'tintype test' again"
                    item.ratio = 1
                    list.append(item)
                    continue
                }
                item.group = e.goldenSHA256 == nil ? .new : .changed
                if e.goldenSHA256 == nil || e.differentPixels == nil { item.ratio = 1 }
                item.onApprove = [(golden, .file(actual))]
                // A suite that keeps layout texts (--layout-records text) gets the approved one's too.
                let text = String(golden.dropLast(4)) + ".layout.txt"
                if isPNG && FileManager.default.fileExists(atPath: text) { item.onApprove.append((text, .layoutText(actual))) }
            case .recorded:
                // The run recorded it already: approving keeps it; rejecting puts back what was there.
                item.actual = e.actual ?? golden
                item.group = e.expected == nil ? .new : .changed
                if e.expected == nil { item.ratio = 1 }
                item.onReject = [(golden, e.expected.map { .file($0) } ?? .absent)]
            }
            if !isPNG && item.undecidable == nil && !(item.onApprove.isEmpty && item.onReject.isEmpty) {
                item.undecidable = "only PNG goldens are approved here; record it with 'tintype test --record failed --filter \(e.scene)'"
            }
            // A new render with the same pixels as a removed golden: renamed.
            var match: Int?
            if item.group == .new, let actual = item.actual, let pixels = Self.pixelHash(ofFile: actual) {
                for (i, s) in stale.enumerated() where Self.pixelHash(ofFile: try inside(s.path, "the stale golden")) == pixels { match = i; break }
            }
            if let i = match {
                let old = stale.remove(at: i)
                let oldFile = try inside(old.path, "the golden")
                remember(oldFile, hash: old.sha256)
                item.group = .renamed
                item.ratio = 0
                item.renamedFrom = old.path
                item.expected = oldFile
                item.onApprove += [(oldFile, .absent)]
                item.why = "Same pixels as \(old.path), which no scene writes any more: approving moves the golden to its new name."
            }
            list.append(item)
        }
        for s in stale {
            let path = try inside(s.path, "the stale golden")
            remember(path, hash: s.sha256)
            var item = Item(id: list.count, group: .removed, golden: s.path, ratio: 1,
                            message: "\(s.path) is a golden no scene writes any more.", expected: path)
            item.why = "No scene of the run writes or uses it: approving removes it."
            item.onApprove = [(path, .absent)]
            list.append(item)
        }
        // Each group by size of change, largest first; ties in the run's order.
        let order = Group.allCases
        items = list.sorted { a, b in
            let ga = order.firstIndex(of: a.group)!, gb = order.firstIndex(of: b.group)!
            if ga != gb { return ga < gb }
            if a.ratio != b.ratio { return a.ratio > b.ratio }
            return a.id < b.id
        }
        for i in items.indices { items[i].id = i }
    }

    private func remember(_ path: String, hash: String?, golden: String? = nil) {
        let key = FilePaths.lexical(path)
        if expectedHash[key] == nil { expectedHash[key] = .some(hash) }
        let folder = (FilePaths.lexical(golden ?? path) as NSString).deletingLastPathComponent
        filesByFolder[folder, default: []].append(key)
    }

    /// The pixels' hash of a PNG file, with today's stamp hash: from its stamp when it has a valid
    /// one of that hash, else decoded (a stamp of an older hash could not be compared with it).
    static func pixelHash(ofFile path: String) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = Array(data)
        if let stamp = GoldenStamp.valid(in: bytes), stamp.hash == GoldenStamp.version { return stamp.pixels }
        return (try? Bitmap(png: bytes)).map { GoldenStamp.pixelHash($0) }
    }

    /// A snapshot of the items, taken under the lock.
    public var snapshot: [Item] { lock.lock(); defer { lock.unlock() }; return items }

    /// Approves or rejects the items `ids`. `seen` holds the revision of each the page showed: an
    /// item decided since (by another page) is refused with 409, as is any write while a file of
    /// an image's golden folder differs from what the run left. A batch is checked whole first:
    /// nothing is written when any of it is refused. Items already so decided are skipped.
    public func decide(_ ids: [Int], _ decision: Decision, seen: [Int: Int]) -> Outcome {
        lock.lock(); defer { lock.unlock() }
        guard decision != .pending else { return Outcome(status: 400, message: "decide approves or rejects", written: []) }
        var todo: [Int] = []
        for id in ids {
            guard items.indices.contains(id) else { return Outcome(status: 404, message: "no image \(id) in this review", written: []) }
            let item = items[id]
            if let why = item.undecidable { return Outcome(status: 409, message: "\(item.displayName): \(why)", written: []) }
            if let rev = seen[id], rev != item.revision {
                return Outcome(status: 409, message: "\(item.displayName) was \(item.decision.rawValue) meanwhile (in another page); the page shows it now",
                               written: [])
            }
            if item.decision == decision { continue }
            if item.decision != .pending {
                return Outcome(status: 409, message: "\(item.displayName) is \(item.decision.rawValue); undo that first", written: [])
            }
            todo.append(id)
        }
        for id in todo {
            if let problem = changedSinceRun(items[id]) { return Outcome(status: 409, message: problem, written: []) }
        }
        var written: [String] = []
        for id in todo {
            let changes = decision == .approved ? items[id].onApprove : items[id].onReject
            var undo: [(path: String, before: [UInt8]?, written: String?)] = []
            for (path, source) in changes {
                let before = FileManager.default.contents(atPath: path).map { Array($0) }
                do {
                    switch source {
                    case .file(let artifact):
                        guard let data = FileManager.default.contents(atPath: artifact) else { throw SnapshotError("cannot read \(artifact)") }
                        var bytes = Array(data)
                        // As recording writes it: stamped (an artifact of an older run may not be).
                        if GoldenStamp.valid(in: bytes) == nil { bytes = try GoldenStamp.stamped(bytes) }
                        try GoldenStore.write(golden: bytes, to: path)
                        undo.append((path, before, GoldenStamp.sha256Hex(bytes)))
                        expectedHash[FilePaths.lexical(path)] = .some(GoldenStamp.sha256Hex(bytes))
                    case .layoutText(let artifact):
                        guard let data = FileManager.default.contents(atPath: artifact),
                              let record = try LayoutRecordChunk.record(in: Array(data), file: artifact) else {
                            throw SnapshotError("\(artifact) carries no layout record")
                        }
                        let bytes = Array(record.tree().utf8)
                        try GoldenStore.write(golden: bytes, to: path)
                        undo.append((path, before, GoldenStamp.sha256Hex(bytes)))
                        expectedHash[FilePaths.lexical(path)] = .some(GoldenStamp.sha256Hex(bytes))
                    case .absent:
                        if before != nil { try FileManager.default.removeItem(atPath: path) }
                        undo.append((path, before, nil))
                        expectedHash[FilePaths.lexical(path)] = .some(nil)
                    }
                    written.append(path)
                } catch {
                    // Put back what this decision already wrote, so an image is decided whole or not at all.
                    restore(undo)
                    return Outcome(status: 500, message: "\(shown(path)) was not written: \(error)", written: [])
                }
            }
            items[id].undo = undo
            items[id].decision = decision
            items[id].revision += 1
        }
        let warning = written.isEmpty ? nil : afterWrite?(written)
        let verb = decision == .approved ? "approved" : "rejected"
        let what = todo.count == 1 ? items[todo[0]].displayName : "\(todo.count) images"
        return Outcome(status: 200, message: (todo.isEmpty ? "nothing to do" : "\(what) \(verb)") + (warning.map { "; " + $0 } ?? ""), written: written)
    }

    /// Takes back the decision on item `id`: the goldens it wrote get their old bytes back, the
    /// ones it removed come back. Refused while a golden no longer holds what the decision wrote.
    public func undo(_ id: Int, seen: Int?) -> Outcome {
        lock.lock(); defer { lock.unlock() }
        guard items.indices.contains(id) else { return Outcome(status: 404, message: "no image \(id) in this review", written: []) }
        let item = items[id]
        if let seen, seen != item.revision {
            return Outcome(status: 409, message: "\(item.displayName) was changed meanwhile (in another page); the page shows it now", written: [])
        }
        guard item.decision != .pending else { return Outcome(status: 409, message: "\(item.displayName) is not decided", written: []) }
        for u in item.undo where GoldenStore.fileHash(u.path) != u.written {
            return Outcome(status: 409, message: "\(shown(u.path)) changed since it was \(item.decision.rawValue); not undone. Run 'tintype test' again", written: [])
        }
        restore(item.undo)
        let paths = item.undo.map(\.path)
        items[id].undo = []
        items[id].decision = .pending
        items[id].revision += 1
        let warning = paths.isEmpty ? nil : afterWrite?(paths)
        return Outcome(status: 200, message: "\(item.displayName) undone" + (warning.map { "; " + $0 } ?? ""), written: paths)
    }

    private func restore(_ undo: [(path: String, before: [UInt8]?, written: String?)]) {
        for u in undo.reversed() {
            if let before = u.before { try? GoldenStore.write(golden: before, to: u.path) } else { try? FileManager.default.removeItem(atPath: u.path) }
            expectedHash[FilePaths.lexical(u.path)] = .some(u.before.map(GoldenStamp.sha256Hex))
        }
    }

    /// Why nothing may be written for `item`: a file of its golden folder (a golden or a scene the
    /// run checked) differs from what the run left, or one that was absent exists now.
    func changedSinceRun(_ item: Item) -> String? {
        let files = (item.onApprove + item.onReject).map(\.0)
        let folders = Set(files.map { ($0 as NSString).deletingLastPathComponent }).sorted()
        for folder in folders {
            for path in Set(filesByFolder[folder] ?? []).sorted() {
                let now = GoldenStore.fileHash(path)
                guard let expected = expectedHash[path], now != expected else { continue }
                let how = now == nil ? "was removed" : expected == nil ? "was created" : "was changed"
                return "Not written: \(shown(folder)) changed since the run (\(shown(path)) \(how)). Run 'tintype test' again, then review"
            }
        }
        return nil
    }

    /// `path` relative to the project when it lies inside it, as messages name files.
    func shown(_ path: String) -> String {
        path == project ? "." : path.hasPrefix(project + "/") ? String(path.dropFirst(project.count + 1)) : path
    }

    /// The regions the diff image of `item` marks as changed (red pixels), as boxes in pixels.
    public func regions(_ id: Int) -> [[Int]] {
        let item: Item? = { lock.lock(); defer { lock.unlock() }; return items.indices.contains(id) ? items[id] : nil }()
        guard let path = item?.diff, let data = FileManager.default.contents(atPath: path),
              let bitmap = try? Bitmap(png: Array(data)) else { return item?.changedArea.map { [$0] } ?? [] }
        return ChangedRegions.boxes(in: bitmap).map { [$0.x, $0.y, $0.width, $0.height] }
    }
}

/// The changed regions of a diff image (differing pixels red, anti-aliased ones yellow): cells of 16×16 pixels
/// holding one are joined with their neighbours (a cell's gap apart) into boxes.
public enum ChangedRegions {
    public static let cell = 16
    /// The most boxes returned; the smallest beyond are dropped.
    public static let maxBoxes = 32

    public static func boxes(in diff: Bitmap) -> [Comparison.Area] {
        let cw = (diff.width + cell - 1) / cell, ch = (diff.height + cell - 1) / cell
        guard cw > 0, ch > 0 else { return [] }
        var marked = [Bool](repeating: false, count: cw * ch)
        // Where a cell's pixels lie, to tighten each box to them.
        var minX = [Int](repeating: Int.max, count: cw * ch), minY = minX
        var maxX = [Int](repeating: -1, count: cw * ch), maxY = maxX
        diff.pixels.withUnsafeBufferPointer { p in
            for y in 0..<diff.height {
                var i = y * diff.width * 4
                for x in 0..<diff.width {
                    // Bytes B, G, R, A: red (0, 0, 255) or the anti-aliased yellow (0, 255, 255).
                    if p[i] == 0 && p[i + 2] == 255 && p[i + 3] == 255 && (p[i + 1] == 0 || p[i + 1] == 255) {
                        let c = (y / cell) * cw + x / cell
                        marked[c] = true
                        minX[c] = min(minX[c], x); maxX[c] = max(maxX[c], x); minY[c] = min(minY[c], y); maxY[c] = max(maxY[c], y)
                    }
                    i += 4
                }
            }
        }
        var seen = [Bool](repeating: false, count: cw * ch)
        var boxes: [Comparison.Area] = []
        for start in 0..<(cw * ch) where marked[start] && !seen[start] {
            var stack = [start]
            seen[start] = true
            var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
            while let c = stack.popLast() {
                x0 = min(x0, minX[c]); y0 = min(y0, minY[c]); x1 = max(x1, maxX[c]); y1 = max(y1, maxY[c])
                let cx = c % cw, cy = c / cw
                for dy in -2...2 {
                    for dx in -2...2 {
                        let nx = cx + dx, ny = cy + dy
                        guard nx >= 0, ny >= 0, nx < cw, ny < ch else { continue }
                        let n = ny * cw + nx
                        if marked[n] && !seen[n] { seen[n] = true; stack.append(n) }
                    }
                }
            }
            boxes.append(Comparison.Area(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1))
        }
        boxes.sort { ($0.width * $0.height, -$0.y, -$0.x) > ($1.width * $1.height, -$1.y, -$1.x) }
        return Array(boxes.prefix(maxBoxes)).sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }
}
