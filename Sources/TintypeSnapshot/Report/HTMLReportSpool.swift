import Dispatch
import Foundation
import TintypeModel
import TintypeRender

/// The HTML report written as a run goes (`tintype test`): the report folder's `images/` is
/// replaced when the run starts, each failed or recorded check's images are copied into it as soon
/// as the check ends, and `index.html` is written again now and then with the checks done so far
/// (marked as running), so that a long run's failures can be looked at while it runs, and stay on
/// disk should it be stopped. `finish` writes the final page, the same bytes `HTMLReport.write`
/// gives for the same entries, without copying an image again.
///
/// The pages written while the run goes cost time in proportion to the checks done; a page is
/// written at most once every `interval` seconds, and never while the last one's writing took more
/// than a twentieth of the time since it.
public final class HTMLReportSpool: @unchecked Sendable {
    /// The report folder, and its index.html.
    public let directory: String
    public var index: String { directory + "/index.html" }
    private let title: String
    private let mode: RecordMode
    private let slugs: [String]
    private let interval: Double
    private let lock = NSLock()
    /// The checks done so far, by their index in the run.
    private var done: [Int: ReportEntry] = [:]
    /// The images copied for each check, by its index, and the slug (folder) they were copied under.
    private var copied: [Int: (slug: String, images: [ReportImage])] = [:]
    /// Whether a page is being written, when the last one was (monotonic nanoseconds), and how long it took.
    private var writing = false
    private var lastWrite: UInt64 = 0
    private var lastCost: UInt64 = 0
    /// The first error a page written while the run goes met; the run does not stop for it.
    public private(set) var problem: String?

    /// Starts the report of a run of `names.count` checks (each named by its scene, whether it is a
    /// variant, and its golden, in the order the entries will be given): checks that `directory`'s
    /// `images/` may be replaced, replaces it with an empty one, and writes a first page.
    public init(directory: String, names: [(scene: String, isVariant: Bool, golden: String)], mode: RecordMode,
                title: String = "Tintype snapshot report", interval: Double = 2) throws {
        self.directory = directory
        self.title = title
        self.mode = mode
        self.interval = interval
        slugs = ReportAssembler.slugs(names)
        let fm = FileManager.default
        if let problem = HTMLReport.imagesProblem(in: directory) { throw SnapshotError(problem) }
        let images = directory + "/images"
        do {
            try fm.createDirectory(atPath: directory, withIntermediateDirectories: true)
            if fm.fileExists(atPath: images) { try fm.removeItem(atPath: images) }
            try fm.createDirectory(atPath: images, withIntermediateDirectories: false)
        } catch {
            throw SnapshotError("cannot start the report in \(directory): \(error.localizedDescription)")
        }
        // The marker that lets the next report replace this images/ folder, even if this run stops.
        do { try AtomicFile.write(Array(HTMLReport.imagesMarkerText.utf8), to: images + "/" + HTMLReport.imagesMarker) } catch {
            throw SnapshotError("cannot write the report images: \(error.message)")
        }
        try writePage(ReportContents(), checked: 0)
    }

    /// Adds check `index`'s entry: copies its images into the report, and writes the page again
    /// when one is due. An image that cannot be copied is shown as missing, as in the final page.
    public func add(_ entry: ReportEntry, index: Int) {
        guard index < slugs.count else { return }
        let assembler = ReportAssembler(stagingDirectory: directory + "/images")
        var list = entry.status == .passed ? [] : assembler.sources(entry)
        if !entry.findings.isEmpty, let overlay = entry.auditOverlay { list.append((.audit, overlay)) }
        let images = list.compactMap { role, path in try? assembler.copy(role, path, slug: slugs[index]) }
        let due: Bool = lock.withLock {
            done[index] = entry
            if !images.isEmpty { copied[index] = (slugs[index], images) }
            let now = DispatchTime.now().uptimeNanoseconds
            guard !writing, now - lastWrite >= UInt64(interval * 1e9), now - lastWrite >= 20 * lastCost else { return false }
            writing = true
            return true
        }
        if due { writeProgress() }
    }

    /// Writes the page of the checks done so far.
    private func writeProgress() {
        let started = DispatchTime.now().uptimeNanoseconds
        let (indices, entries, slugs) = lock.withLock { () -> ([Int], [ReportEntry], [String]) in
            let keys = done.keys.sorted()
            return (keys, keys.map { done[$0]! }, keys.map { self.slugs[$0] })
        }
        do {
            let contents = try ReportAssembler(stagingDirectory: directory + "/images").assemble(entries, slugs: slugs) { k, list in
                self.images(of: indices[k], slug: slugs[k], list)
            }
            try writePage(contents, checked: entries.count)
        } catch {
            lock.withLock { if problem == nil { problem = "\(error)" } }
        }
        let now = DispatchTime.now().uptimeNanoseconds
        lock.withLock {
            writing = false
            lastWrite = now
            lastCost = now - started
        }
    }

    /// The copied images of check `index` for `list` (role and original path each), when every one
    /// was copied under `slug` (and, when `current`, from the file as it is now).
    private func images(of index: Int, slug: String, _ list: [(ReportImage.Role, String)], current: Bool = false) -> [ReportImage]? {
        guard let c = lock.withLock({ copied[index] }), c.slug == slug else { return list.isEmpty ? [] : nil }
        let have = c.images
        var out: [ReportImage] = []
        for (role, path) in list {
            guard let image = have.first(where: { $0.role == role && $0.original == path }) else { return nil }
            if current, let stamp = image.stamp, FileStamp(path) != stamp { return nil }
            out.append(image)
        }
        return out
    }

    private func writePage(_ contents: ReportContents, checked: Int?) throws {
        var page = ReportPage(title: title, mode: mode, page: contents)
        if let checked { page.progress = (checked, slugs.count) }
        do { try AtomicFile.write(Array(page.render().utf8), to: index) } catch {
            throw SnapshotError("cannot write the report: \(error.message)")
        }
    }

    /// Writes the final page for `entries` (the run's, in order: one for each name the spool was
    /// started with) and returns the path of its index.html. Images already copied are not copied
    /// again; an entry changed since it was added (audit findings joined at the end) has whatever
    /// images it now names copied.
    public func finish(_ entries: [ReportEntry]) throws -> String {
        // Wait for a page being written while the run went, so that it cannot replace the final one.
        while lock.withLock({ writing }) { usleep(1000) }
        // Slugs as the final entries give them: an entry's golden can change after its check (an
        // accessibility snapshot's failure names its own golden), and with it its slug. Images
        // copied under a slug the entry no longer has are taken away, and copied again.
        let final = ReportAssembler.slugs(entries)
        for (k, c) in lock.withLock({ copied }) where k >= final.count || final[k] != c.slug {
            try? FileManager.default.removeItem(atPath: directory + "/images/" + c.slug)
            lock.withLock { _ = copied.removeValue(forKey: k) }
        }
        // An image whose file was written again after it was copied (an overlay `AuditSession.finish()`
        // outlined a dynamic-type finding on) is copied again: the report shows the file as it ends.
        let contents = try ReportAssembler(stagingDirectory: directory + "/images").assemble(entries, slugs: final) { k, list in
            self.images(of: k, slug: final[k], list, current: true)
        }
        let html = ReportPage(title: title, mode: mode, page: contents).render()
        do { try AtomicFile.write(Array(html.utf8), to: index) } catch {
            throw SnapshotError("cannot write the report: \(error.message)")
        }
        return index
    }
}
