import Foundation
import Testing

/// `tintype schema`: prints the committed JSON Schema; `--generate` builds it from a folder of scenes.
/// (What the schema says is tested in TintypeModelTests/SchemaTests.)
@Suite struct SchemaCommandTests {
    let cli = CLITests()

    @Test func printsTheCommittedSchema() throws {
        let r = try cli.run(["schema"])
        #expect(r.status == 0, "\(r.stderr)")
        let committed = try Data(contentsOf: URL(fileURLWithPath: CLITests.root + "/docs/scene.schema.json"))
        #expect(r.stdout == committed, "tintype schema differs from docs/scene.schema.json: run Scripts/schema")
    }

    @Test func generatesFromAFolderAndRefusesAFolderWithABadScene() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"root": {"label": {"text": "Hi"}}}"#.write(toFile: dir + "/good.json", atomically: true, encoding: .utf8)
        let good = try cli.run(["schema", "--generate", dir])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(String(decoding: good.stdout, as: UTF8.self).contains("\"view.label\""))

        try #"{"root": {"label": {"txet": "Hi"}}}"#.write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
        let bad = try cli.run(["schema", "--generate", dir])
        #expect(bad.status == 1)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderr.contains("bad.json") && bad.stderr.contains("txet"), "\(bad.stderr)")
    }

    /// A named pipe among the scenes is refused unopened (it used to hang the run, waiting for a
    /// writer). Should it be opened, a writer connects after 30 seconds so the test fails, not hangs.
    @Test func aNamedPipeAmongTheScenesIsRefusedUnopened() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"root": {"label": {"text": "Hi"}}}"#.write(toFile: dir + "/good.json", atomically: true, encoding: .utf8)
        #expect(mkfifo(dir + "/pipe.json", 0o600) == 0)
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            guard finished.wait(timeout: .now() + 30) == .timedOut else { return }
            let fd = open(dir + "/pipe.json", O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
        }
        let r = try cli.run(["schema", "--generate", dir])
        finished.signal()
        #expect(r.status == 1 && r.stdout.isEmpty)
        #expect(r.stderr.contains("pipe.json: the scene file is a named pipe (FIFO), not a file; it was not opened"), "\(r.stderr)")
    }

    @Test func aMissingFolderIsAUsageError() throws {
        let r = try cli.run(["schema", "--generate", "/nonexistent-tintype-folder"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("no such folder"), "\(r.stderr)")
    }
}
