// Why a folder and not a page: CI uploads what a run leaves behind, and a reviewer opens it later,
// offline, maybe from a zip. So the report is one index.html with its CSS and JS inline and a copy
// of every image it shows under images/, linked relatively; nothing points at the artifacts folder,
// the network or the clock. The same entries give the same bytes.
import Foundation
import TintypeModel
import TintypeRender

/// A self-contained HTML report of a test run: a summary, each failed and recorded scene with its
/// numbers and its expected, actual and diff images (side by side, swipe and onion skin), and the
/// passed scenes listed last.
///
/// ```swift
/// let index = try HTMLReport.write(entries, mode: .never, to: ".build/tintype-artifacts/report")
/// print("Report: \(index)")
/// ```
public enum HTMLReport {
    /// Writes the report folder (`index.html` and `images/`) and returns the path of its index.html.
    ///
    /// The folder's `images/` is replaced as a whole, so images of an earlier run do not linger;
    /// nothing else in `directory` is touched. Every file is written to a temporary name and renamed.
    /// An artifact that cannot be read is shown as missing; it does not fail the report.
    ///
    /// An `images/` folder Tintype did not write (see `imagesProblem(in:)`) is never replaced. With
    /// `roots`, only files inside those folders are read (`tintype report merge` reads only files
    /// inside its bundles); an image named elsewhere shows as missing.
    ///
    /// A merged report passes each shard's record mode in `shardModes`: one mode is shown as such,
    /// several as each with its count of shards ("never in 2 shards, missing in 1").
    public static func write(_ entries: [ReportEntry], mode: RecordMode, to directory: String,
                             title: String = "Tintype snapshot report", readingOnlyUnder roots: [String]? = nil,
                             shardModes: [RecordMode] = []) throws -> String {
        let fm = FileManager.default
        if let problem = imagesProblem(in: directory) { throw SnapshotError(problem) }
        do { try fm.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw SnapshotError("cannot create the report folder \(directory): \(error.localizedDescription)")
        }
        // Images go to a staging folder first: the old images/ stays whole until the new one is ready,
        // and an artifact that happens to live under the old images/ is read before it is removed.
        let staging = directory + "/.images-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        defer { try? fm.removeItem(atPath: staging) }
        let page = try ReportAssembler(stagingDirectory: staging, roots: roots?.map { FilePaths.resolved($0) }).assemble(entries)
        if fm.fileExists(atPath: staging) {
            // The marker that lets the next report replace this images/ folder.
            do { try AtomicFile.write(Array(imagesMarkerText.utf8), to: staging + "/" + imagesMarker) } catch {
                throw SnapshotError("cannot write the report images: \(error.message)")
            }
        }
        let html = ReportPage(title: title, mode: Set(shardModes).count == 1 ? shardModes[0] : mode, page: page,
                              shardModes: Set(shardModes).count > 1 ? shardModes : []).render()

        let images = directory + "/images"
        if fm.fileExists(atPath: images) {
            do { try fm.removeItem(atPath: images) } catch {
                throw SnapshotError("cannot replace \(images): \(error.localizedDescription)")
            }
        }
        if fm.fileExists(atPath: staging) {
            guard rename(staging, images) == 0 else {
                throw SnapshotError("cannot move the report images to \(images): \(String(cString: strerror(errno)))")
            }
        }
        let index = directory + "/index.html"
        do { try AtomicFile.write(Array(html.utf8), to: index) } catch {
            throw SnapshotError("cannot write the report: \(error.message)")
        }
        return index
    }
}

// MARK: - The report's model: entries with their images copied and measured

extension HTMLReport {
    /// The file that marks a report's `images/` folder as Tintype's.
    public static let imagesMarker = ".tintype-output"
    static let imagesMarkerText = "# Written by tintype: the images of the report beside this folder. The next report replaces this folder.\n"

    /// Why the report in `directory` may not replace its `images/` folder: it is a file, or it holds
    /// files Tintype did not write. A folder with Tintype's marker, or one laid out as reports of
    /// earlier versions left it (folders of expected, actual, diff, strip and recorded PNGs), is
    /// Tintype's.
    public static func imagesProblem(in directory: String) -> String? {
        let images = directory + "/images"
        var st = stat()
        guard lstat(images, &st) == 0 else { return nil }
        guard st.st_mode & S_IFMT == S_IFDIR else { return "\(images) is not a folder of report images; the report will not replace it" }
        if let marker = FileManager.default.contents(atPath: images + "/" + imagesMarker),
           String(decoding: marker, as: UTF8.self).hasPrefix("# Written by tintype") { return nil }
        let roles = Set(["expected.png", "actual.png", "diff.png", "strip.png", "recorded.png"])
        var strangers: [String] = []
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: images)) ?? []).sorted() {
            let folder = images + "/" + name
            guard lstat(folder, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else { strangers.append(name); continue }
            for file in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
                if !roles.contains(file) || lstat(folder + "/" + file, &st) != 0 || st.st_mode & S_IFMT != S_IFREG { strangers.append(name + "/" + file) }
            }
        }
        guard !strangers.isEmpty else { return nil }
        let shown = strangers.prefix(3).joined(separator: ", ") + (strangers.count > 3 ? " and \(strangers.count - 3) more" : "")
        return "\(images) holds files Tintype did not write (\(shown)); the report will not replace it"
    }
}

/// One image as the page shows it: a path relative to the report folder and its size in pixels.
struct ReportImage: Equatable {
    enum Role: String { case expected, actual, diff, strip, recorded, audit }
    var role: Role
    /// Relative to the report folder (`images/Basics-alpha/actual.png`); nil when the artifact
    /// could not be read.
    var src: String?
    /// The artifact as the run named it, shown when the copy is missing.
    var original: String
    var width: Int?
    var height: Int?
    /// The original file as it was when copied: a report written as the run goes copies an image
    /// again when its file was written again since (an audit overlay `finish()` adds findings to).
    var stamp: FileStamp?
}

/// Which version of a file is on disk: its inode, size and modification time. Every file the
/// run writes is written whole to a new file, then renamed, so a rewrite changes the stamp.
struct FileStamp: Equatable {
    var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int

    init?(_ path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        device = UInt64(st.st_dev); inode = UInt64(st.st_ino); size = Int64(st.st_size)
        seconds = Int(st.st_mtim.tv_sec); nanoseconds = Int(st.st_mtim.tv_nsec)
    }

    /// The first 512 bytes of a file (enough for a PNG's or an overlay SVG's size).
    static func head(_ path: String) -> [UInt8]? {
        guard let h = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? h.close() }
        return (try? h.read(upToCount: 512)).map { Array($0) }
    }
}

/// An entry, ready to be shown.
struct ReportItem {
    var entry: ReportEntry
    /// Unique in the report, safe in ids and file names.
    var slug: String
    var images: [ReportImage]

    func image(_ role: ReportImage.Role) -> ReportImage? { images.first { $0.role == role } }
}

struct ReportContents {
    var failed: [ReportItem] = []
    var recorded: [ReportItem] = []
    var passed: [ReportItem] = []
    /// Variants the audit found something on (whatever their status), with their overlay image.
    var audited: [ReportItem] = []
}

/// Sorts entries by status, names them and copies their images into the staging folder.
struct ReportAssembler {
    var stagingDirectory: String
    /// When set, the only folders (resolved) images are read from.
    var roots: [String]? = nil

    /// The slug of each entry, in order: unique in the report, safe in ids and file names.
    static func slugs(_ entries: [ReportEntry]) -> [String] {
        slugs(entries.map { ($0.scene, $0.variant != nil, $0.golden) })
    }

    /// The slugs of entries named by their scene, whether they are a variant, and their golden.
    static func slugs(_ names: [(scene: String, isVariant: Bool, golden: String)]) -> [String] {
        var slugs = ReportSlugSet()
        // A variant's slug comes from its golden (`settings.iphone-se.ax3`), so each is its own.
        return names.map { slugs.unique(ReportSlug.make($0.isVariant ? String($0.golden.dropLast($0.golden.hasSuffix(".png") ? 4 : 0)) : $0.scene)) }
    }

    /// The report's contents. `copied(k, sources)` gives the images of entry `k` when they were
    /// copied already (a report written as the run goes); the others are copied now.
    func assemble(_ entries: [ReportEntry], slugs given: [String]? = nil,
                  copied: (Int, [(ReportImage.Role, String)]) -> [ReportImage]? = { _, _ in nil }) throws -> ReportContents {
        var contents = ReportContents()
        let slugs = given ?? Self.slugs(entries)
        for (k, entry) in entries.enumerated() {
            let slug = slugs[k]
            switch entry.status {
            case .passed:
                contents.passed.append(ReportItem(entry: entry, slug: slug, images: []))
            case .failed, .recorded:
                let list = sources(entry)
                let images = try copied(k, list) ?? list.map { role, path in try copy(role, path, slug: slug) }
                if entry.status == .failed {
                    contents.failed.append(ReportItem(entry: entry, slug: slug, images: images))
                } else {
                    contents.recorded.append(ReportItem(entry: entry, slug: slug, images: images))
                }
            }
            if !entry.findings.isEmpty {
                let list = entry.auditOverlay.map { [(ReportImage.Role.audit, $0)] } ?? []
                let overlay = try copied(k, list) ?? list.map { role, path in try copy(role, path, slug: slug) }
                contents.audited.append(ReportItem(entry: entry, slug: slug, images: overlay))
            }
        }
        return contents
    }

    /// The images to show for a failed or recorded entry. A recorded golden without artifacts
    /// shows the golden itself: the brief for a recording is "look at it".
    func sources(_ entry: ReportEntry) -> [(ReportImage.Role, String)] {
        if let a = entry.artifacts {
            var list: [(ReportImage.Role, String)] = []
            if let e = a.expected { list.append((.expected, e)) }
            list.append((.actual, a.actual))
            if let d = a.diff { list.append((.diff, d)) }
            if let s = a.strip { list.append((.strip, s)) }
            return list
        }
        if entry.status == .recorded { return [(.recorded, entry.golden)] }
        return []
    }

    func copy(_ role: ReportImage.Role, _ path: String, slug: String) throws -> ReportImage {
            let readable = roots.map { roots in roots.contains { FilePaths.contains($0, FilePaths.resolved(path)) } } ?? true
            // An audit overlay is an SVG (its screen embedded); every other image a PNG.
            let ext = role == .audit && path.lowercased().hasSuffix(".svg") ? "svg" : "png"
            let relative = "images/\(slug)/\(role.rawValue).\(ext)"
            let dir = stagingDirectory + "/" + slug
            let destination = dir + "/\(role.rawValue).\(ext)"
            let stamp = FileStamp(path)
            guard readable, stamp != nil else { return ReportImage(role: role, src: nil, original: path) }
            var head: [UInt8]
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                if role == .audit, Self.hardLink(path, to: destination), let h = FileStamp.head(path) {
                    head = h
                } else {
                    guard let data = FileManager.default.contents(atPath: path) else { return ReportImage(role: role, src: nil, original: path) }
                    head = Array(data)
                    try AtomicFile.write(head, to: destination)
                }
            } catch let error as ImageFileError {
                throw SnapshotError("cannot copy \(path) into the report: \(error.message)")
            } catch {
                throw SnapshotError("cannot copy \(path) into the report: \(error.localizedDescription)")
            }
            let size = ext == "svg" ? ReportSVGSize.size(head) : ReportPNGSize.size(head)
            return ReportImage(role: role, src: relative, original: path, width: size?.width, height: size?.height, stamp: stamp)
    }

    /// An audit overlay is the run's own artifact, written whole by a rename and never changed in
    /// place, so the report takes it as a hard link (a temporary name beside it, then a rename)
    /// rather than writing its bytes again: an audited suite has an overlay for most variants.
    /// False when the file system refuses the link (another device, no links): the caller copies.
    static func hardLink(_ source: String, to destination: String) -> Bool {
        // The report's images/ is new each run: the name is usually free, and taken at once.
        if link(source, destination) == 0 { return true }
        let temporary = destination + ".link-\(getpid())"
        unlink(temporary)
        guard link(source, temporary) == 0 else { return false }
        guard rename(temporary, destination) == 0 else { unlink(temporary); return false }
        return true
    }
}

/// An audit overlay's size, from its `<svg width="W" height="H"` (in pixels, as the overlay writes it).
enum ReportSVGSize {
    static func size(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let text = String(decoding: bytes.prefix(512), as: UTF8.self)
        guard let svg = text.range(of: "<svg ") else { return nil }
        func number(_ name: String) -> Int? {
            guard let r = text.range(of: " \(name)=\"", range: svg.upperBound..<text.endIndex) else { return nil }
            return Int(text[r.upperBound...].prefix { $0.isNumber })
        }
        guard let w = number("width"), let h = number("height"), w > 0, h > 0 else { return nil }
        return (w, h)
    }
}

/// A PNG's size from its IHDR chunk, without decoding it.
enum ReportPNGSize {
    static func size(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func be32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        let w = be32(16), h = be32(20)
        guard w > 0, h > 0 else { return nil }
        return (w, h)
    }
}

/// File- and id-safe names derived from scene paths: `Snapshots/Basics/alpha.json` → `Snapshots-Basics-alpha`.
enum ReportSlug {
    static func make(_ scene: String) -> String {
        var s = Substring(scene)
        if s.hasPrefix("./") { s = s.dropFirst(2) }
        if s.lowercased().hasSuffix(".json") { s = s.dropLast(5) }
        var out = ""
        var lastWasDash = false
        for c in s.unicodeScalars {
            let safe = (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "_" || c == "."
            if safe { out.unicodeScalars.append(c); lastWasDash = false } else if !lastWasDash { out += "-"; lastWasDash = true }
        }
        while let f = out.first, f == "-" || f == "." { out.removeFirst() }
        while let l = out.last, l == "-" || l == "." { out.removeLast() }
        if out.count > 100 { out = String(out.suffix(100)); while out.first == "-" || out.first == "." { out.removeFirst() } }
        return out.isEmpty ? "scene" : out
    }
}

/// Hands out each slug once (case-insensitively, for case-insensitive file systems).
struct ReportSlugSet {
    private var taken = Set<String>()
    mutating func unique(_ slug: String) -> String {
        var candidate = slug, n = 2
        while taken.contains(candidate.lowercased()) { candidate = "\(slug)-\(n)"; n += 1 }
        taken.insert(candidate.lowercased())
        return candidate
    }
}
