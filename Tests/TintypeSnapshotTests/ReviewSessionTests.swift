// The decisions of `tintype review` on a run made through the real verify path: a golden that
// changed, one that is new, one no scene writes any more and one renamed, in a results bundle.
import Foundation
import Testing
@testable import TintypeRender
@testable import TintypeSnapshot

@Suite struct ReviewSessionTests {
    static let record = LayoutRecord(traits: [:], views: [], texts: [], images: [])

    /// A project with goldens recorded, then a run against changed renders, its bundle in `art`.
    struct Project {
        let dir: String
        var bundle: String { dir + "/art" }
        func path(_ name: String) -> String { dir + "/Snap/" + name + ".png" }

        static func make(tool: String = "9.9") throws -> Project {
            let p = Project(dir: try temporaryDirectory())
            let store = GoldenStore(artifactsDirectory: p.bundle)
            func record(_ name: String, _ bitmap: Bitmap) {
                _ = store.verify(RecordedImage(bitmap: bitmap, record: ReviewSessionTests.record), as: .recordedPNG, golden: p.path(name),
                                 name: "Snap/" + name, mode: .all)
            }
            // Before the run: the goldens as committed.
            record("big", solid(16, 16, (255, 255, 255)))
            record("small", solid(16, 16, (255, 255, 255)))
            record("same", solid(16, 16, (0, 0, 255)))
            record("gone", solid(16, 16, (0, 255, 0)))
            record("old-name", solid(16, 16, (9, 9, 9)))
            try Data("{}".utf8).write(to: URL(fileURLWithPath: p.dir + "/Snap/scene.json"))
            // The run: two changed (one by more), one passing, one new, one renamed (old-name's pixels).
            let renders: [(String, Bitmap)] = [
                ("small", solid(16, 16, (255, 255, 255), paint: [(1, 1, (0, 0, 0))])),
                ("big", solid(16, 16, (255, 255, 255), paint: (0..<16).map { ($0, 3, (0, 0, 0)) })),
                ("same", solid(16, 16, (0, 0, 255))),
                ("fresh", solid(16, 16, (255, 0, 0))),
                ("new-name", solid(16, 16, (9, 9, 9))),
            ]
            var entries: [RunResults.Entry] = []
            for (name, bitmap) in renders {
                let r = store.verify(RecordedImage(bitmap: bitmap, record: ReviewSessionTests.record), as: .recordedPNG, golden: p.path(name),
                                     name: "Snap/" + name, mode: .never)
                var e = ReportEntry(scene: p.dir + "/Snap/scene.json", variant: name, golden: p.path(name), status: r.status, message: r.message,
                                    comparison: r.comparison, artifacts: r.artifacts)
                e.goldenSHA256 = GoldenStore.fileHash(p.path(name))
                e.sceneSHA256 = GoldenStore.fileHash(p.dir + "/Snap/scene.json")
                entries.append(RunResults.Entry(e))
            }
            var results = RunResults(tool: tool, shard: nil, entries: entries)
            results.review = RunResults.Review(stale: ["gone", "old-name"].map {
                RunResults.StaleGolden(path: p.path($0), sha256: GoldenStore.fileHash(p.path($0))!)
            })
            try ResultBundle.write(results, to: p.bundle)
            return p
        }

        func bytes(_ name: String) -> [UInt8]? { FileManager.default.contents(atPath: path(name)).map { Array($0) } }
    }

    func item(_ s: ReviewSession, _ variant: String) throws -> ReviewSession.Item {
        try #require(s.snapshot.first { $0.variant == variant || $0.golden.hasSuffix("/" + variant + ".png") })
    }

    @Test func groupsAreSortedBySizeOfChange() throws {
        let p = try Project.make()
        defer { try? FileManager.default.removeItem(atPath: p.dir) }
        let s = try ReviewSession(bundle: p.bundle, project: p.dir, tool: "9.9")
        let order = s.snapshot.map { "\($0.group.rawValue):\($0.variant ?? ($0.golden as NSString).lastPathComponent)" }
        #expect(order == ["changed:big", "changed:small", "new:fresh", "removed:gone.png", "renamed:new-name", "passed:same"])
        let big = try item(s, "big")
        #expect(abs(big.ratio - 16.0 / 256.0) < 1e-9)
        #expect(try item(s, "new-name").renamedFrom == p.path("old-name"))
        #expect(try item(s, "same").undecidable != nil)
    }

    @Test func approveWritesTheRenderStampedAndUndoPutsTheOldBytesBack() throws {
        let p = try Project.make()
        defer { try? FileManager.default.removeItem(atPath: p.dir) }
        let s = try ReviewSession(bundle: p.bundle, project: p.dir, tool: "9.9")
        let small = try item(s, "small")
        let before = try #require(p.bytes("small"))
        let actual = try #require(FileManager.default.contents(atPath: small.actual!))

        let approved = s.decide([small.id], .approved, seen: [small.id: 0])
        #expect(approved.status == 200, "\(approved.message)")
        let after = try #require(p.bytes("small"))
        #expect(after == Array(actual))
        #expect(GoldenStamp.valid(in: after) != nil, "the golden is stamped")
        #expect(try LayoutRecordChunk.record(in: after, file: "x") == Self.record, "and carries its layout record, as recording writes it")
        #expect(try Bitmap(png: after) == solid(16, 16, (255, 255, 255), paint: [(1, 1, (0, 0, 0))]))
        #expect(try item(s, "small").decision == .approved)

        let undone = s.undo(small.id, seen: 1)
        #expect(undone.status == 200, "\(undone.message)")
        #expect(p.bytes("small") == before)
        #expect(try item(s, "small").decision == .pending)

        // Reject writes nothing.
        #expect(s.decide([small.id], .rejected, seen: [:]).status == 200)
        #expect(p.bytes("small") == before)
    }

    /// A suite that keeps layout texts (`--layout-records text`) gets the approved image's text too.
    @Test func approvingRewritesTheLayoutTextBesideTheGolden() throws {
        let p = try Project.make()
        defer { try? FileManager.default.removeItem(atPath: p.dir) }
        let text = p.dir + "/Snap/small.layout.txt"
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: text))
        let s = try ReviewSession(bundle: p.bundle, project: p.dir, tool: "9.9")
        let small = try item(s, "small")
        #expect(s.decide([small.id], .approved, seen: [:]).written.count == 2)
        #expect(try String(contentsOfFile: text, encoding: .utf8) == Self.record.tree())
        #expect(s.undo(small.id, seen: nil).status == 200)
        #expect(try String(contentsOfFile: text, encoding: .utf8) == "old\n")
    }

    @Test func newRemovedAndRenamed() throws {
        let p = try Project.make()
        defer { try? FileManager.default.removeItem(atPath: p.dir) }
        let s = try ReviewSession(bundle: p.bundle, project: p.dir, tool: "9.9")
        let fresh = try item(s, "fresh"), gone = try item(s, "gone"), renamed = try item(s, "new-name")
        #expect(s.decide([fresh.id, gone.id, renamed.id], .approved, seen: [:]).status == 200)
        #expect(p.bytes("fresh") != nil && p.bytes("gone") == nil && p.bytes("old-name") == nil && p.bytes("new-name") != nil)
        for id in [fresh.id, gone.id, renamed.id] { #expect(s.undo(id, seen: nil).status == 200) }
        #expect(p.bytes("fresh") == nil && p.bytes("gone") != nil && p.bytes("old-name") != nil && p.bytes("new-name") == nil)
    }

    @Test func nothingIsWrittenWhileTheFolderChangedSinceTheRun() throws {
        let p = try Project.make()
        defer { try? FileManager.default.removeItem(atPath: p.dir) }
        let s = try ReviewSession(bundle: p.bundle, project: p.dir, tool: "9.9")
        let small = try item(s, "small"), big = try item(s, "big")
        // Another golden of the folder was re-recorded since the run.
        let bigBytes = try #require(p.bytes("big"))
        try Data(bigBytes + [0]).write(to: URL(fileURLWithPath: p.path("big")))
        let before = p.bytes("small")
        let refused = s.decide([small.id], .approved, seen: [:])
        #expect(refused.status == 409)
        #expect(refused.message.contains("changed since the run (Snap/big.png was changed)") && refused.message.contains("Run 'tintype test' again"),
                "\(refused.message)")
        #expect(p.bytes("small") == before && s.snapshot[small.id].decision == .pending)
        // Put back, it is allowed; a batch with a refused image writes none of it.
        try Data(bigBytes).write(to: URL(fileURLWithPath: p.path("big")))
        try Data("{ }".utf8).write(to: URL(fileURLWithPath: p.dir + "/Snap/scene.json"))
        #expect(s.decide([big.id, small.id], .approved, seen: [:]).status == 409)
        #expect(p.bytes("big") == bigBytes && p.bytes("small") == before)
    }

    @Test func twoApprovalsOfOneImageAtOnceWriteOnce() throws {
        let p = try Project.make()
        defer { try? FileManager.default.removeItem(atPath: p.dir) }
        let s = try ReviewSession(bundle: p.bundle, project: p.dir, tool: "9.9")
        let small = try item(s, "small")
        let writes = WriteCounter()
        s.afterWrite = { paths in writes.add(paths.count); return nil }
        let statuses = Statuses()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in statuses.add(s.decide([small.id], .approved, seen: [small.id: 0]).status) }
        #expect(statuses.sorted == [200] + Array(repeating: 409, count: 7))
        #expect(writes.total == 1)
        // A page that saw the image before it was decided cannot undo it either.
        #expect(s.undo(small.id, seen: 0).status == 409)
        // An image decided one way must be undone before the other.
        #expect(s.decide([small.id], .rejected, seen: [:]).status == 409)
    }

    @Test func aBundleFromAnotherVersionOrNamingFilesOutsideIsRefused() throws {
        let p = try Project.make(tool: "0.1.0")
        defer { try? FileManager.default.removeItem(atPath: p.dir) }
        #expect(throws: SnapshotError.self) { try ReviewSession(bundle: p.bundle, project: p.dir, tool: "9.9") }
        do { _ = try ReviewSession(bundle: p.bundle, project: p.dir, tool: "9.9") } catch {
            #expect(error.message.contains("was written by tintype 0.1.0; this is tintype 9.9"), "\(error.message)")
        }
        // The same bundle read as a project it does not lie in: its goldens are outside.
        do { _ = try ReviewSession(bundle: p.bundle, project: p.dir + "/art", tool: "0.1.0"); Issue.record("read") } catch {
            #expect(error.message.contains("lies outside"), "\(error.message)")
        }
        // Without review data (a merged document, an older run).
        var results = try ResultBundle.read(p.bundle)
        results.review = nil
        results.entries = []
        try Data(results.encoded()).write(to: URL(fileURLWithPath: p.bundle + "/results.json"))
        do { _ = try ReviewSession(bundle: p.bundle, project: p.dir, tool: "0.1.0"); Issue.record("read") } catch {
            #expect(error.message.contains("has no review data"), "\(error.message)")
        }
    }

    @Test func changedRegionsAreBoxesAroundTheDiffsRedAndYellow() {
        let red: (UInt8, UInt8, UInt8) = (255, 0, 0), yellow: (UInt8, UInt8, UInt8) = (255, 255, 0)
        let diff = solid(200, 100, (240, 240, 240), paint: [(10, 10, red), (12, 14, yellow), (150, 80, red), (151, 81, red)])
        let boxes = ChangedRegions.boxes(in: diff)
        #expect(boxes == [Comparison.Area(x: 10, y: 10, width: 3, height: 5), Comparison.Area(x: 150, y: 80, width: 2, height: 2)])
        #expect(ChangedRegions.boxes(in: solid(20, 20, (255, 255, 255))).isEmpty)
    }
}

final class WriteCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add(_ n: Int) { lock.lock(); count += n; lock.unlock() }
    var total: Int { lock.lock(); defer { lock.unlock() }; return count }
}

final class Statuses: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Int] = []
    func add(_ s: Int) { lock.lock(); list.append(s); lock.unlock() }
    var sorted: [Int] { lock.lock(); defer { lock.unlock() }; return list.sorted() }
}
