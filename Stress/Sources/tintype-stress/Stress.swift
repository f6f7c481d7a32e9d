// The determinism check of Scripts/stress: every render of every scene under a folder (its PNG, SVG
// and PDF), twice, on more threads than there are cores, while the script keeps every core busy
// beside it. A snapshot tool promises that the same scene gives the same bytes whatever else is
// rendering: so each PNG must have its golden's pixels exactly, and each render must be the same
// bytes in both rounds.
//
//   tintype-stress DIR [--threads N] [--rounds N] [--artifacts DIR]
//
// The rounds differ in what runs side by side: the first starts with a new renderer (its image
// store fills while the scenes race) and takes the renders in order; the next ones keep its images,
// start a new renderer and take the renders in another order. Exit 0 when every render matched, 1 when one did not (each
// named, its render written to the artifacts folder), 64 on bad usage.
import Foundation
import TintypeModel
import TintypeRender
import TintypeSnapshot
import TintypeStoryboard

/// One render to check: a variant of a scene in one format.
struct Job: Sendable {
    var name: String
    var scene: Scene
    var format: ImageFormat
    /// The PNG golden beside the scene (PNG jobs only; nil when the scene keeps none).
    var golden: String?
}

/// The renders, their goldens, and what each round found (written by the workers under a lock).
final class Checker: @unchecked Sendable {
    let jobs: [Job]
    let goldens: [String: Bitmap]
    let artifacts: String
    private let lock = NSLock()
    private var next = 0
    /// Per round, per job: the render's bytes (a PNG's pixels), or why there are none.
    private var results: [[Result<[UInt8], RenderError>?]]
    private(set) var failures: [String] = []

    init(jobs: [Job], rounds: Int, artifacts: String) {
        self.jobs = jobs
        self.artifacts = artifacts
        var goldens: [String: Bitmap] = [:]
        for job in jobs { if let g = job.golden, goldens[g] == nil { goldens[g] = try? Bitmap(pngFile: g) } }
        self.goldens = goldens
        results = Array(repeating: Array(repeating: nil, count: jobs.count), count: rounds)
    }

    func take() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard next < jobs.count else { return nil }
        next += 1
        return next - 1
    }
    func restart() { lock.lock(); next = 0; lock.unlock() }
    var failureCount: Int { lock.lock(); defer { lock.unlock() }; return failures.count }
    private func store(_ r: Result<[UInt8], RenderError>, round: Int, job: Int) { lock.lock(); results[round][job] = r; lock.unlock() }
    private func stored(round: Int, job: Int) -> Result<[UInt8], RenderError>? { lock.lock(); defer { lock.unlock() }; return results[round][job] }
    private func fail(_ message: String) { lock.lock(); failures.append(message); lock.unlock(); print("FAIL \(message)") }

    private func save(_ bitmap: Bitmap, _ job: Job, round: Int) -> String {
        let safe = String(job.name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
        let path = artifacts + "/" + safe + ".round\(round + 1).png"
        try? FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
        return (try? bitmap.writePNG(to: path)) != nil ? path : "(could not be written)"
    }

    private static func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return max(a.count, b.count) / 4 }
        var n = 0
        for i in stride(from: 0, to: a.count, by: 4) where a[i..<i + 4] != b[i..<i + 4] { n += 1 }
        return n
    }

    /// Renders job `j` in `round` and checks it: a PNG against its golden's pixels, every format
    /// against the first round's bytes.
    func run(_ j: Int, round: Int, renderer: Renderer) {
        let job = jobs[j]
        let result: Result<[UInt8], RenderError>
        var bitmap: Bitmap?
        do throws(RenderError) {
            switch job.format {
            case .png:
                // The first round renders to memory as `tintype test` does; the others encode and
                // decode as `tintype render` does.
                let b: Bitmap
                if round == 0 { b = try renderer.render(job.scene) } else {
                    let png = try renderer.render(job.scene, as: .png)
                    do { b = try Bitmap(png: png) } catch { throw RenderError(path: "", message: "its PNG does not decode: \(error.message)") }
                }
                bitmap = b
                result = .success(b.pixels)
            case .svg, .pdf:
                result = .success(try renderer.render(job.scene, as: job.format))
            }
        } catch {
            result = .failure(error)
        }
        store(result, round: round, job: j)
        let what = "\(job.name) as \(job.format.rawValue.uppercased()), round \(round + 1)"
        switch result {
        case .failure(let error):
            fail("\(what): \(error)")
        case .success(let bytes):
            if let bitmap, let g = job.golden {
                if let golden = goldens[g] {
                    if golden.width != bitmap.width || golden.height != bitmap.height {
                        fail("\(what): \(bitmap.width)×\(bitmap.height), the golden \(g) is \(golden.width)×\(golden.height)")
                    } else if golden.pixels != bitmap.pixels {
                        fail("\(what): \(Self.differing(golden.pixels, bitmap.pixels)) pixels differ from the golden \(g); the render is at \(save(bitmap, job, round: round))")
                    }
                } else {
                    fail("\(what): the golden \(g) cannot be read")
                }
            }
            if round > 0, case .success(let first)? = stored(round: 0, job: j), first != bytes {
                let detail = bitmap.map { "\(Self.differing(first, $0.pixels)) pixels differ; the render is at \(save($0, job, round: round))" }
                    ?? "\(first.count) bytes then, \(bytes.count) now"
                fail("\(what): not what round 1 gave (\(detail))")
            }
        }
    }
}

@main
enum Stress {
    static let usage = "Usage: tintype-stress DIR [--threads N] [--rounds N] [--artifacts DIR]"

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("tintype-stress: \(message)\n\(usage)\n".utf8))
        exit(64)
    }

    static func main() {
        // Scene files that name a storyboard's scene are read as the tintype command reads them.
        StoryboardImporter.registerWithSceneDecoder()
        var arguments = Array(CommandLine.arguments.dropFirst())
        var folder: String?
        var threads = 3 * ProcessInfo.processInfo.activeProcessorCount
        var rounds = 2
        var artifacts = ".build/stress"
        while !arguments.isEmpty {
            let a = arguments.removeFirst()
            guard a.hasPrefix("-") else {
                if folder != nil { fail("unexpected argument \"\(a)\"") }
                folder = a
                continue
            }
            guard !arguments.isEmpty else { fail("\(a) needs a value") }
            let v = arguments.removeFirst()
            switch a {
            case "--threads": guard let n = Int(v), n > 0 else { fail("--threads takes a whole number above 0") }; threads = n
            case "--rounds": guard let n = Int(v), n > 1 else { fail("--rounds takes a whole number above 1") }; rounds = n
            case "--artifacts": artifacts = v
            default: fail("unexpected argument \"\(a)\"")
            }
        }
        guard let folder else { fail("no folder given") }

        guard let walk = FileManager.default.enumerator(atPath: folder) else { fail("cannot read \(folder)") }
        let files = walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
        var jobs: [Job] = []
        var problems: [String] = []
        for path in SceneFiles.scenes(among: files) {
            // The folder walked is the scenes' project: their includes and images may be anywhere in it.
            for output in SceneFile(path: path, root: folder).outputs {
                guard let variant = output.variant else {
                    problems.append("\(output.displayName): \(output.error ?? "does not decode")")
                    continue
                }
                for format in [ImageFormat.png, .svg, .pdf] {
                    let png = format == .png && output.golden.hasSuffix(".png") && FileManager.default.fileExists(atPath: output.golden)
                    jobs.append(Job(name: output.displayName, scene: variant.scene, format: format, golden: png ? output.golden : nil))
                }
            }
        }
        guard problems.isEmpty else {
            problems.forEach { print("FAIL \($0)") }
            exit(1)
        }
        guard !jobs.isEmpty else { fail("no scene under \(folder)") }

        let checker = Checker(jobs: jobs, rounds: rounds, artifacts: artifacts)
        let start = Date()
        var renderer = Renderer(warn: { _ in })
        let count = jobs.count
        for round in 0..<rounds {
            // Round 1 in order; later rounds in another order (a stride coprime with the count), so
            // that other renders run beside each one.
            var step = count / 2 + round * 7 + 1
            while gcd(step, count) != 1 { step += 1 }
            let order = round == 0 ? Array(0..<count) : (0..<count).map { ($0 * step) % count }
            checker.restart()
            let group = DispatchGroup()
            let shared = renderer
            for _ in 0..<threads {
                group.enter()
                let thread = Thread {
                    while let k = checker.take() { checker.run(order[k], round: round, renderer: shared) }
                    group.leave()
                }
                // Deep view trees recurse: the main thread's stack size, not a secondary thread's default.
                thread.stackSize = 8 << 20
                thread.start()
            }
            group.wait()
            let elapsed = String(format: "%.1f", Date().timeIntervalSince(start))
            print("round \(round + 1): \(count) renders on \(threads) threads, \(checker.failureCount) failures so far (\(elapsed) s)")
            // Later rounds keep the decoded images but start new text and layout work.
            if round == 0 { renderer = Renderer(images: renderer.images, warn: { _ in }) }
        }

        let variants = Set(jobs.map(\.name)).count
        if checker.failures.isEmpty {
            print("tintype-stress: \(variants) renders × PNG, SVG and PDF, \(rounds) rounds on \(threads) threads: "
                  + "every PNG is its golden's pixels and every render the same bytes in every round")
            exit(0)
        }
        print("tintype-stress: \(checker.failures.count) of \(count * rounds) renders failed (above); renders in \(artifacts)")
        exit(1)
    }

    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}
