// The determinism check of Scripts/stress: every render of every scene under a folder (its PNG, SVG
// and PDF), twice, on more threads than there are cores, while the script keeps every core busy
// beside it. A snapshot tool promises that the same scene gives the same bytes whatever else is
// rendering: so each PNG must have its golden's pixels exactly, and each render must be the same
// bytes in both rounds.
//
//   tintype-stress DIR [--threads N] [--rounds N] [--artifacts DIR]
//
// The rounds differ in what runs side by side: the first starts with a new renderer (its image
// store and caches fill while the scenes race) and takes the renders in order, the next ones reuse
// it and take them in another order. Exit 0 when every render matched, 1 when one did not (each
// named, its render written to the artifacts folder), 64 on bad usage.
import Foundation
import TintypeModel
import TintypeRender
import TintypeSnapshot

setvbuf(stdout, nil, _IOLBF, 0)

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("tintype-stress: \(message)\nUsage: tintype-stress DIR [--threads N] [--rounds N] [--artifacts DIR]\n".utf8))
    exit(64)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var folder: String?
var threads = 3 * ProcessInfo.processInfo.activeProcessorCount
var rounds = 2
var artifacts = ".build/stress"
while !arguments.isEmpty {
    let a = arguments.removeFirst()
    func value() -> String { arguments.isEmpty ? fail("\(a) needs a value") : arguments.removeFirst() }
    switch a {
    case "--threads": threads = Int(value()).flatMap { $0 > 0 ? $0 : nil } ?? fail("--threads takes a whole number above 0")
    case "--rounds": rounds = Int(value()).flatMap { $0 > 1 ? $0 : nil } ?? fail("--rounds takes a whole number above 1")
    case "--artifacts": artifacts = value()
    default:
        if a.hasPrefix("-") || folder != nil { fail("unexpected argument \"\(a)\"") }
        folder = a
    }
}
guard let folder else { fail("no folder given") }

/// One render to check: a variant of a scene in one format.
struct Job: Sendable {
    var name: String
    var scene: Scene
    var format: ImageFormat
    /// The PNG golden beside the scene (PNG jobs only; nil when the scene keeps none).
    var golden: String?
}

guard let walk = FileManager.default.enumerator(atPath: folder) else { fail("cannot read \(folder)") }
let files = walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
var jobs: [Job] = []
var problems: [String] = []
for path in SceneFiles.scenes(among: files) {
    for output in SceneFile(path: path).outputs {
        guard let variant = output.variant else {
            problems.append("\(output.displayName): \(output.error ?? "does not decode")")
            continue
        }
        for format in [ImageFormat.png, .svg, .pdf] {
            let golden = format == .png && output.golden.hasSuffix(".png") && FileManager.default.fileExists(atPath: output.golden) ? output.golden : nil
            jobs.append(Job(name: output.displayName, scene: variant.scene, format: format, golden: golden))
        }
    }
}
guard problems.isEmpty else {
    problems.forEach { print("FAIL \($0)") }
    exit(1)
}
guard !jobs.isEmpty else { fail("no scene under \(folder)") }
let fixedJobs = jobs

/// What each round found, written by the workers under a lock.
final class Ledger: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    /// Per round, per job: the render's bytes (PNG: its pixels), or why there are none.
    private var results: [[Result<[UInt8], RenderError>?]]
    private(set) var failures: [String] = []

    init(rounds: Int, jobs: Int) { results = Array(repeating: Array(repeating: nil, count: jobs), count: rounds) }

    func take(limit: Int) -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard next < limit else { return nil }
        next += 1
        return next - 1
    }
    func restart() { lock.lock(); next = 0; lock.unlock() }
    func store(_ r: Result<[UInt8], RenderError>, round: Int, job: Int) { lock.lock(); results[round][job] = r; lock.unlock() }
    func result(round: Int, job: Int) -> Result<[UInt8], RenderError>? { lock.lock(); defer { lock.unlock() }; return results[round][job] }
    func fail(_ message: String) { lock.lock(); failures.append(message); lock.unlock(); print("FAIL \(message)") }
}

let ledger = Ledger(rounds: rounds, jobs: fixedJobs.count)
let goldens: [String: Bitmap] = {
    var out: [String: Bitmap] = [:]
    for job in fixedJobs { if let g = job.golden, out[g] == nil { out[g] = try? Bitmap(pngFile: g) } }
    return out
}()

func save(_ bitmap: Bitmap, _ job: Job, round: Int) -> String {
    let safe = job.name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
    let path = artifacts + "/" + String(safe) + ".round\(round + 1).png"
    try? FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    return (try? bitmap.writePNG(to: path)) != nil ? path : "(could not be written)"
}

func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
    guard a.count == b.count else { return max(a.count, b.count) / 4 }
    var n = 0
    for i in stride(from: 0, to: a.count, by: 4) where a[i..<i + 4] != b[i..<i + 4] { n += 1 }
    return n
}

/// Renders job `j` in `round` and checks it: a PNG against its golden's pixels, every format
/// against the first round's bytes.
func run(_ j: Int, round: Int, renderer: Renderer) {
    let job = fixedJobs[j]
    let result: Result<[UInt8], RenderError>
    var bitmap: Bitmap?
    do throws(RenderError) {
        switch job.format {
        case .png:
            // The first round renders to memory as `tintype test` does; the others encode and
            // decode as `tintype render` does.
            if round == 0 { bitmap = try renderer.render(job.scene) } else {
                let png = try renderer.render(job.scene, as: .png)
                do { bitmap = try Bitmap(png: png) } catch { throw RenderError(path: "", message: "its PNG does not decode: \(error.message)") }
            }
            result = .success(bitmap!.pixels)
        case .svg, .pdf:
            result = .success(try renderer.render(job.scene, as: job.format))
        }
    } catch {
        result = .failure(error)
    }
    ledger.store(result, round: round, job: j)
    let what = "\(job.name) as \(job.format.rawValue.uppercased()), round \(round + 1)"
    switch result {
    case .failure(let error):
        ledger.fail("\(what): \(error)")
    case .success(let bytes):
        if let bitmap, let g = job.golden {
            if let golden = goldens[g] {
                if golden.width != bitmap.width || golden.height != bitmap.height {
                    ledger.fail("\(what): \(bitmap.width)×\(bitmap.height), the golden \(g) is \(golden.width)×\(golden.height)")
                } else if golden.pixels != bitmap.pixels {
                    ledger.fail("\(what): \(differing(golden.pixels, bitmap.pixels)) pixels differ from the golden \(g); the render is at \(save(bitmap, job, round: round))")
                }
            } else {
                ledger.fail("\(what): the golden \(g) cannot be read")
            }
        }
        if round > 0, case .success(let first)? = ledger.result(round: 0, job: j), first != bytes {
            let detail = bitmap.map { "\(differing(first, $0.pixels)) pixels differ; the render is at \(save($0, job, round: round))" }
                ?? "\(first.count) bytes then, \(bytes.count) now"
            ledger.fail("\(what): not what round 1 gave (\(detail))")
        }
    }
}

func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

let start = Date()
var renderer = Renderer(warn: { _ in })
for round in 0..<rounds {
    // Round 1 in order; later rounds in a different order (a stride coprime with the count), so
    // that other renders run beside each one.
    let count = fixedJobs.count
    var step = count / 2 + round * 7 + 1
    while gcd(step, count) != 1 { step += 1 }
    let order = round == 0 ? Array(0..<count) : (0..<count).map { ($0 * step) % count }
    ledger.restart()
    let group = DispatchGroup()
    let shared = renderer
    for _ in 0..<threads {
        group.enter()
        let thread = Thread {
            while let k = ledger.take(limit: count) { run(order[k], round: round, renderer: shared) }
            group.leave()
        }
        // Deep view trees recurse: the main thread's size, not a secondary thread's default.
        thread.stackSize = 8 << 20
        thread.start()
    }
    group.wait()
    print("round \(round + 1): \(count) renders on \(threads) threads, \(ledger.failures.count) failures so far (\(String(format: "%.1f", Date().timeIntervalSince(start))) s)")
    if round == 0 { renderer = Renderer(images: renderer.images, warn: { _ in }) }
}

let scenes = Set(fixedJobs.map(\.name)).count
if ledger.failures.isEmpty {
    print("tintype-stress: \(scenes) renders × PNG, SVG and PDF, \(rounds) rounds on \(threads) threads: every PNG is its golden's pixels and every render the same bytes in every round")
    exit(0)
}
print("tintype-stress: \(ledger.failures.count) of \(fixedJobs.count * rounds) renders failed (above); renders in \(artifacts)")
exit(1)
