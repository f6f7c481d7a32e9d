// Why this target: docs/architecture.md asks that every claim of speed be a benchmark, measured side by side in
// one run. `tintype-bench` times the library's own paths (render, render to a file, verify that
// passes, verify that fails) on a real scene, makes the inputs for the `tintype diff` comparison, and
// measures Tintype's PNG writer (libdeflate) against Cairo's own (libpng + zlib, through CBenchCairo),
// libspng and libdeflate-based prototypes (CFastPNG, loaded at run time). It lives in the Benchmarks
// package, so users of the library never build it; Scripts/bench builds it, runs it beside the peers
// and prints tables. It is not part of the test suite: timings belong in benchmarks, never in tests.
import CBenchCairo
import CFastPNG
import Foundation
import TintypeModel
@_spi(Benchmarks) import TintypeRender
import TintypeSnapshot

// MARK: - Measuring

struct Sample {
    var times: [Double]  // milliseconds, sorted
    var median: Double {
        let n = times.count
        return n % 2 == 1 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2
    }
}

extension Duration {
    var milliseconds: Double { Double(components.seconds) * 1e3 + Double(components.attoseconds) / 1e15 }
}

/// Runs `body` `warmup` times untimed, then `iterations` times timed with ContinuousClock.
func measure(_ iterations: Int, warmup: Int, _ body: () throws -> Void) rethrows -> Sample {
    let clock = ContinuousClock()
    for _ in 0..<warmup { try body() }
    var times: [Double] = []
    for _ in 0..<iterations { times.append(try clock.measure { try body() }.milliseconds) }
    return Sample(times: times.sorted())
}

/// Times several bodies side by side: each round runs every body once, in turn, so a load that comes
/// and goes on the machine falls on all of them alike. Returns one sample per body.
func measureRoundRobin(_ iterations: Int, warmup: Int, _ bodies: [() throws -> Void]) throws -> [Sample] {
    let clock = ContinuousClock()
    for _ in 0..<warmup { for body in bodies { try body() } }
    var times = [[Double]](repeating: [], count: bodies.count)
    for _ in 0..<iterations {
        for (i, body) in bodies.enumerated() { times[i].append(try clock.measure { try body() }.milliseconds) }
    }
    return times.map { Sample(times: $0.sorted()) }
}

// MARK: - Output

func ms(_ v: Double) -> String { v >= 100 ? String(format: "%.0f ms", v) : v >= 10 ? String(format: "%.1f ms", v) : String(format: "%.2f ms", v) }
func ratio(_ v: Double) -> String { v >= 10 ? String(format: "%.0f×", v) : String(format: "%.2f×", v) }
func kb(_ bytes: Int) -> String { String(format: "%.0f KB", Double(bytes) / 1024) }
func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

func require(_ ok: Bool, _ message: @autoclosure () -> String) throws {
    if !ok { throw BenchError(message()) }
}

// MARK: - Scenes

/// The scene at `path`, and a slightly changed copy: one more label near the bottom, in the tint color
/// (a small, text-heavy change, as a real failing snapshot usually is).
func loadScenes(_ path: String) throws -> (scene: Scene, changed: Scene) {
    let scene = try SceneDecoder.load(path: path)
    var changed = scene
    changed.tintColor = .systemPink  // a change even where the root is a controller
    changed.root.subviews.append(.label("Edited: 3 unread messages", font: .style(.body), textColor: .tint,
                                        frame: Rect(x: 16, y: 590, width: 343, height: 24)))
    return (scene, changed)
}

func on(_ scene: Scene, device: Device, scale: Double? = nil) -> Scene {
    var s = scene
    s.device = device
    s.scale = scale
    return s
}

func describe(_ s: Scene) -> String { "\(s.device.name) @\(Int(s.effectiveScale))x (\(s.pixelWidth)×\(s.pixelHeight))" }

// MARK: - Part 1: render and verify

func benchScenes(scenePath: String, work: String, iterations: Int, warmup: Int) throws {
    let (base, baseChanged) = try loadScenes(scenePath)
    let variants = [
        (on(base, device: .iPhone8), on(baseChanged, device: .iPhone8)),
        (on(base, device: .iPhoneX), on(baseChanged, device: .iPhoneX)),
    ]
    let renderer = Renderer()
    let store = GoldenStore(artifactsDirectory: work + "/artifacts")
    try FileManager.default.createDirectory(atPath: work + "/goldens", withIntermediateDirectories: true)

    let names = [
        "render to memory",
        "render to PNG file",
        "verify, pass, stamped golden (render + hashes)",
        "verify, pass, unstamped golden (+ decode, compare)",
        "verify, fail (+ diff image, 4 artifact PNGs)",
        "  part: PNG encode (libdeflate) of the render",
        "  part: PNG decode (Cairo) of the golden",
        "  part: compare, identical (memcmp path)",
        "  part: compare + diff image, different",
        "  part: write the 4 artifact PNGs",
    ]
    var columns: [[Sample]] = []
    for (index, (scene, changed)) in variants.enumerated() {
        let tag = index == 0 ? "2x" : "3x"
        // Goldens from this build's own renders, so a pass is a pass whatever the committed PNGs hold.
        let passGolden = work + "/goldens/\(tag)-pass.png", failGolden = work + "/goldens/\(tag)-fail.png"
        let stampedGolden = work + "/goldens/\(tag)-stamped.png"
        let bitmap = try renderer.render(scene)
        try bitmap.writePNG(to: passGolden)
        try bitmap.writePNG(to: stampedGolden)
        _ = try GoldenStore.stamp(golden: stampedGolden)
        try renderer.render(changed).writePNG(to: failGolden)
        let out = work + "/render-\(tag).png"
        let golden = try Bitmap(pngFile: passGolden), other = try Bitmap(pngFile: failGolden)
        let (_, diffImage) = Compare.imagesWithDiff(expected: other, actual: bitmap)
        guard let diff = diffImage else { throw BenchError("the changed scene renders the same as the scene") }
        // The artifacts, as GoldenStore writes them for a failure: expected (a copy), actual, diff, strip.
        let strip = Strip.make([other, diff, bitmap])
        let dir = work + "/artifacts/\(tag)/parts"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let goldenBytes = Array(FileManager.default.contents(atPath: failGolden)!)

        let bodies: [() throws -> Void] = [
            { _ = try renderer.render(scene) },
            { try AtomicFile.write(try renderer.renderPNG(scene), to: out) },
            {
                let r = store.verify(try renderer.render(scene), golden: stampedGolden, name: "\(tag)/stamped", mode: .never)
                try require(r.status == .passed, "verify should pass: \(r.message)")
            },
            {
                let r = store.verify(try renderer.render(scene), golden: passGolden, name: "\(tag)/pass", mode: .never)
                try require(r.status == .passed, "verify should pass: \(r.message)")
            },
            {
                let r = store.verify(try renderer.render(scene), golden: failGolden, name: "\(tag)/fail", mode: .never)
                try require(r.status == .failed && r.artifacts != nil, "verify should fail with artifacts: \(r.message)")
            },
            { _ = try bitmap.pngData() },
            { _ = try Bitmap(pngFile: passGolden) },
            { try require(Compare.images(expected: golden, actual: bitmap).verdict == .identical, "not identical") },
            { try require(Compare.imagesWithDiff(expected: other, actual: bitmap).0.verdict == .different, "not different") },
            {
                try AtomicFile.write(goldenBytes, to: dir + "/expected.png")
                try bitmap.writePNG(to: dir + "/actual.png")
                try diff.writePNG(to: dir + "/diff.png")
                try strip.writePNG(to: dir + "/strip.png")
            },
        ]
        columns.append(try measureRoundRobin(iterations, warmup: warmup, bodies))
    }

    print("Scene \(scenePath); the 3x variant sets device iPhone X in code. Median of \(iterations) rounds after \(warmup)")
    print("warm-up; each round runs every row once, in turn. ×: the row's median over \"render to memory\" on the")
    print("same device. One thread, one Renderer (fonts and images cached across runs, as in a suite).")
    print("")
    let w0 = 50, w1 = 28
    print(pad("operation", w0) + lpad(describe(variants[0].0), w1) + lpad(describe(variants[1].0), w1) + lpad("3x/2x", 8))
    print(String(repeating: "-", count: w0 + 2 * w1 + 8))
    for (row, name) in names.enumerated() {
        var line = pad(name, w0)
        for column in columns {
            line += lpad(ms(column[row].median), w1 - 8) + lpad(ratio(column[row].median / column[0].median), 8)
        }
        line += lpad(ratio(columns[1][row].median / columns[0][row].median), 8)
        print(line)
    }
    let name = URL(fileURLWithPath: scenePath).deletingPathExtension().lastPathComponent
    let ratios = columns.map { $0[2].median / $0[0].median }
    let met = ratios.allSatisfy { $0 <= 1.3 }
    print("GOAL passing verify ≤ 1.3× the in-memory render, \(name): 2x \(ratio(ratios[0])), 3x \(ratio(ratios[1])) "
          + "(render \(ms(columns[0][0].median)) / \(ms(columns[1][0].median))) — \(met ? "met" : "MISSED")")
}

// MARK: - Part 4: a long table against a short one

/// A plain table of `rows` rows in a navigation controller on an iPhone 8, whose screen shows 14
/// rows (603 points under the bar): 10 rows leave part of it empty, 14 or more fill it.
func tableScene(rows: Int) throws -> Scene {
    let list = (1...rows).map { "{\"text\": \"Row \($0)\", \"detailText\": \"Detail \($0)\", \"style\": \"value1\", \"accessoryType\": \"disclosureIndicator\"}" }
    let json = """
        { "device": "iPhone 8", "root": { "navigationController": { "stack": [ { "title": "\(rows) rows", "view": {
          "tableView": { "style": "plain", "sections": [ { "rows": [ \(list.joined(separator: ", ")) ] } ] } } } ] } } }
        """
    return try SceneDecoder.decode(json, file: "<\(rows)-row table>", baseDirectory: nil)
}

func benchTable(iterations: Int, warmup: Int) throws {
    // The goal compares with 10 rows; 14 rows, a full screen, draws what the long table draws, so
    // the second ratio is the cost of the 9,986 rows off screen alone.
    let short = try tableScene(rows: 10), full = try tableScene(rows: 14), long = try tableScene(rows: 10_000)
    let renderer = Renderer()
    let samples = try measureRoundRobin(iterations, warmup: warmup, [{ _ = try renderer.render(short) }, { _ = try renderer.render(full) },
                                                                     { _ = try renderer.render(long) }])
    let r = samples[2].median / samples[0].median, offScreen = samples[2].median / samples[1].median
    print("Plain table, iPhone 8 @2x, in memory; median of \(iterations) rounds after \(warmup) warm-up, taking turns.")
    print(pad("10 rows", 24) + lpad(ms(samples[0].median), 12))
    print(pad("14 rows (a screenful)", 24) + lpad(ms(samples[1].median), 12) + lpad(ratio(samples[1].median / samples[0].median), 10))
    print(pad("10,000 rows", 24) + lpad(ms(samples[2].median), 12) + lpad(ratio(r), 10) + lpad(ratio(offScreen), 10) + " against 14 rows")
    print("GOAL a 10,000-row table within 1.1× a 10-row one: \(ratio(r)) — \(r <= 1.1 ? "met" : "MISSED")")
}

// MARK: - Part 5: long text, 10,000 against 40,000 characters

/// A full-screen label on an iPhone SE at 1x holding `text`, wrapped onto every line the screen has.
func longTextScene(_ text: String) -> Scene {
    Scene(device: .iPhoneSE, scale: 1) {
        View(.label(Label(text: text, numberOfLines: 0, lineBreakMode: .byCharWrapping)), frame: Rect(x: 0, y: 0, width: 320, height: 568))
    }
}

func benchText(iterations: Int, warmup: Int) throws {
    let kinds: [(String, (Int) -> String)] = [
        ("one token, no spaces", { String(String(repeating: "abcdefghij", count: $0 / 10 + 1).prefix($0)) }),
        ("words", { String(String(repeating: "lorem ipsum dolor sit amet ", count: $0 / 27 + 1).prefix($0)) }),
        ("two-letter lines", { String(String(repeating: "ab\n", count: $0 / 3 + 1).prefix($0)) }),
    ]
    let renderer = Renderer()
    print("A 320×568 label (iPhone SE @1x) wrapping long text, in memory; median of \(iterations) rounds after \(warmup) warm-up, taking turns.")
    print(pad("text", 24) + lpad("10,000 chars", 14) + lpad("40,000 chars", 14) + lpad("ratio", 10))
    var worst = 0.0
    for (name, make) in kinds {
        let short = longTextScene(make(10_000)), long = longTextScene(make(40_000))
        let samples = try measureRoundRobin(iterations, warmup: warmup, [{ _ = try renderer.render(short) }, { _ = try renderer.render(long) }])
        let r = samples[1].median / samples[0].median
        worst = max(worst, r)
        print(pad(name, 24) + lpad(ms(samples[0].median), 14) + lpad(ms(samples[1].median), 14) + lpad(ratio(r), 10))
    }
    print("Linear is 4× (less, as the fixed cost of a render is shared); quadratic would be 16×.")
    print("GOAL 4× the text within 5× the time, for every kind: worst \(ratio(worst)) — \(worst <= 5 ? "met" : "MISSED")")
}

// MARK: - Part 6: self-sizing rows against fixed rows

/// 200 subtitle rows whose text wraps to one to three lines, self-sizing (iOS 11's default), or at
/// a fixed `rowHeight` when given.
func selfSizingScene(rowHeight: Double?) throws -> Scene {
    let words = ["granite", "meadow", "switchback", "summit", "trail", "ridge", "valley", "cable", "dawn", "pine"]
    let list = (1...200).map { i -> String in
        let detail = (0..<(4 + (i * 7) % 19)).map { words[($0 * 3 + i) % words.count] }.joined(separator: " ")
        return "{\"text\": \"Memory \(i)\", \"detailText\": \"\(detail)\", \"style\": \"subtitle\", \"detailNumberOfLines\": 0}"
    }
    let height = rowHeight.map { "\"rowHeight\": \($0), " } ?? ""
    let json = """
        { "device": "iPhone 8", "root": { "navigationController": { "stack": [ { "title": "200 rows", "view": {
          "tableView": { "style": "plain", \(height)"sections": [ { "rows": [ \(list.joined(separator: ", ")) ] } ] } } } ] } } }
        """
    return try SceneDecoder.decode(json, file: "<200-row table>", baseDirectory: nil)
}

func benchSelfSizing(iterations: Int, warmup: Int) throws {
    let fixed = try selfSizingScene(rowHeight: 64), sizing = try selfSizingScene(rowHeight: nil)
    let renderer = Renderer()
    let samples = try measureRoundRobin(iterations, warmup: warmup, [{ _ = try renderer.render(fixed) }, { _ = try renderer.render(sizing) }])
    let r = samples[1].median / samples[0].median
    print("200 subtitle rows with wrapping details, iPhone 8 @2x, in memory; median of \(iterations) rounds after \(warmup) warm-up, taking turns.")
    print(pad("fixed 64-point rows", 24) + lpad(ms(samples[0].median), 12))
    print(pad("self-sizing rows", 24) + lpad(ms(samples[1].median), 12) + lpad(ratio(r), 10))
    print("GOAL a 200-row self-sizing table within 1.2× the same table with fixed rows: \(ratio(r)) — \(r <= 1.2 ? "met" : "MISSED")")
}

// MARK: - Part 7: the fallback chain and Latin text

/// A screen of Latin text: 16 labels in the text styles, wrapping paragraphs of English and
/// accented European words, on an iPhone 8 @2x.
func latinTextScene() throws -> Scene {
    let styles = ["title1", "headline", "body", "callout", "subheadline", "footnote", "caption1", "body"]
    let words = ["Half", "Dome", "cables", "déjà", "vu", "Straße", "über", "façade", "naïve", "trail", "summit", "at",
                 "dawn", "the", "granite", "switchbacks", "Ærø", "smørrebrød", "Kraków", "señor", "çà", "et", "là"]
    var labels: [String] = []
    var y = 24.0
    for i in 0..<16 {
        let text = (0..<(6 + i * 5 % 17)).map { words[($0 * 5 + i * 3) % words.count] }.joined(separator: " ")
        labels.append("{\"label\": {\"frame\": [16, \(y), 343, 38], \"text\": \"\(text).\", \"font\": \"\(styles[i % styles.count])\", \"numberOfLines\": 2}}")
        y += 39
    }
    let json = "{ \"device\": \"iPhone 8\", \"root\": { \"view\": { \"subviews\": [ \(labels.joined(separator: ", ")) ] } } }"
    return try SceneDecoder.decode(json, file: "<Latin text screen>", baseDirectory: nil)
}

/// Latin text drawn with the whole pinned chain (Inter, then emoji, Arabic, CJK, …) against the same
/// render with the chain cut to Inter alone: the fallback faces must cost Latin text nothing. Both
/// renderers must give the same bytes first, or the comparison would not be of the same work.
func benchFallback(scenePath: String, iterations: Int, warmup: Int) throws {
    let full = Renderer(), interOnly = Renderer(fontChain: FontPolicy.table.filter(\.primary))
    let screens: [(String, Scene)] = [("settings screen", try loadScenes(scenePath).0), ("Latin text screen", try latinTextScene())]
    print("iPhone 8 @2x, in memory; median of \(iterations) rounds after \(warmup) warm-up, taking turns. Peer: the same")
    print("renderer with the fallback chain cut to Inter alone (its own fontconfig configuration and Pango font map).")
    print(pad("screen", 24) + lpad("Inter only", 12) + lpad("full chain", 12) + lpad("ratio", 10))
    var worst = 0.0
    for (name, scene) in screens {
        guard try full.render(scene) == interOnly.render(scene) else {
            throw BenchError("\(name): the full chain and Inter alone draw different pixels; the screen is not Latin text alone")
        }
        let samples = try measureRoundRobin(iterations, warmup: warmup, [{ _ = try interOnly.render(scene) }, { _ = try full.render(scene) }])
        let r = samples[1].median / samples[0].median
        worst = max(worst, r)
        print(pad(name, 24) + lpad(ms(samples[0].median), 12) + lpad(ms(samples[1].median), 12) + lpad(ratio(r), 10))
    }
    print("GOAL Latin text with the full fallback chain within 1.05× of Inter alone: worst \(ratio(worst)) — \(worst <= 1.05 ? "met" : "MISSED")")
}

/// Layout records' cost (issue 30): every variant of the scenes under `folder`, verified (passing)
/// against goldens recorded without a record (`.image`) and with one (`.recordedImage`, as
/// `tintype test` records them), taking turns; and the goldens' sizes both ways.
func benchRecords(folder: String, work: String, iterations: Int, warmup: Int) throws {
    var paths: [String] = []
    if let e = FileManager.default.enumerator(atPath: folder) {
        while let rel = e.nextObject() as? String { if rel.hasSuffix(".json") { paths.append(folder + "/" + rel) } }
    }
    let scenes = SceneFiles.scenes(among: paths.sorted()).flatMap { SceneFile(path: $0, root: folder).outputs }.compactMap { o in
        o.variant.map { (name: o.artifactName, scene: $0.scene) }
    }
    guard !scenes.isEmpty else { throw BenchError("no scenes under \(folder)") }
    let renderer = Renderer(warn: { _ in })
    let store = GoldenStore(artifactsDirectory: work + "/records/artifacts")
    let plain = Snapshotting<Scene, Bitmap>.image(renderer: renderer), recorded = Snapshotting<Scene, RecordedImage>.recordedImage(renderer: renderer)
    var plainBytes = 0, recordedBytes = 0
    for (name, scene) in scenes {
        let a = work + "/records/plain/" + name + ".png", b = work + "/records/recorded/" + name + ".png"
        _ = store.verify(try plain.snapshot(scene), as: plain.diffing, golden: a, name: name, mode: .all)
        _ = store.verify(try recorded.snapshot(scene), as: recorded.diffing, golden: b, name: name, mode: .all)
        plainBytes += (try FileManager.default.attributesOfItem(atPath: a)[.size] as? Int) ?? 0
        recordedBytes += (try FileManager.default.attributesOfItem(atPath: b)[.size] as? Int) ?? 0
    }
    func verifyAll<F>(_ strategy: Snapshotting<Scene, F>, _ kind: String) throws {
        for (name, scene) in scenes {
            let r = store.verify(try strategy.snapshot(scene), as: strategy.diffing, golden: work + "/records/\(kind)/" + name + ".png", name: name, mode: .never)
            guard r.status == .passed else { throw BenchError("\(name) did not pass against its \(kind) golden: \(r.message)") }
        }
    }
    // The parts: the record alone (no texts' fit), to tell the record's cost from the observing render's.
    let unobserved = Snapshotting<Scene, RecordedImage>(pathExtension: "png", diffing: .recordedPNG) { scene in
        let list = try renderer.displayList(for: scene)
        return RecordedImage(bitmap: try renderer.render(list), record: LayoutRecord(scene: scene, list: list))
    }
    let all = try measureRoundRobin(iterations, warmup: warmup, [
        { try verifyAll(plain, "plain") }, { try verifyAll(recorded, "recorded") }, { try verifyAll(unobserved, "recorded") },
    ])
    let samples = Array(all.prefix(2))
    // The record alone, made from display lists made beforehand: the part of a verify it adds, measured
    // directly (a difference of two totals drowns in the machine's noise).
    let lists = try scenes.map { ($0.scene, try renderer.displayList(for: $0.scene)) }
    let alone = measure(iterations, warmup: warmup) { for (scene, list) in lists { _ = LayoutRecord(scene: scene, list: list) } }
    // The fastest rounds: on a busy machine a median carries the load's noise (±10% here at a load of 13
    // on 2 cores), while the fastest round of each is what the work costs when it gets the cores.
    let time = samples[1].times[0] / samples[0].times[0], size = Double(recordedBytes) / Double(plainBytes)
    print("\(scenes.count) variants of the scenes under \(folder), in memory, one after another; median of \(iterations) rounds after \(warmup)")
    print("warm-up, taking turns. Each verify renders and passes on the golden's stamp (no decode).")
    print(pad("", 40) + lpad("no record", 12) + lpad("with record", 13) + lpad("ratio", 9))
    print(pad("verify every variant, median", 40) + lpad(ms(samples[0].median), 12) + lpad(ms(samples[1].median), 13)
          + lpad(ratio(samples[1].median / samples[0].median), 9))
    print(pad("verify every variant, fastest round", 40) + lpad(ms(samples[0].times[0]), 12) + lpad(ms(samples[1].times[0]), 13) + lpad(ratio(time), 9))
    print(pad("  a record without the texts' fit, fastest", 40) + lpad("", 12) + lpad(ms(all[2].times[0]), 13)
          + lpad(ratio(all[2].times[0] / samples[0].times[0]), 9))
    print(pad("  the records alone (no render), median", 40) + lpad("", 12) + lpad(ms(alone.median), 13)
          + lpad(String(format: "%.2f%%", alone.median / samples[0].median * 100), 9))
    print(pad("goldens' size, all together", 40) + lpad(kb(plainBytes), 12) + lpad(kb(recordedBytes), 13) + lpad(ratio(size), 9))
    print("GOAL layout records add at most 5% to verifying (fastest rounds): \(ratio(time)) — \(time <= 1.05 ? "met" : "MISSED")")
    print("GOAL layout records add at most 10% to a golden's size: \(ratio(size)) — \(size <= 1.10 ? "met" : "MISSED")")
}

/// Renders one scene in this fresh process and prints every font file the process has mapped
/// (FreeType maps a face's file when the face is first opened), one path a line.
func fontsOpened(scenePath: String) throws {
    let (scene, _) = try loadScenes(scenePath)
    _ = try Renderer().render(scene)
    // Read to the end: /proc files report a size of 0, and reading by that size can stop after
    // the first page, before the font files (a Latin scene then seemed to map none, not even Inter).
    guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps"), let data = try handle.readToEnd() else {
        throw BenchError("cannot read /proc/self/maps")
    }
    let maps = String(decoding: data, as: UTF8.self)
    let files = Set(maps.split(separator: "\n").compactMap { line -> String? in
        guard let slash = line.firstIndex(of: "/") else { return nil }
        let path = String(line[slash...])
        return [".ttf", ".otf", ".ttc"].contains(where: path.hasSuffix) ? path : nil
    })
    for f in files.sorted() { print(f) }
}

// MARK: - Part 2: inputs for `tintype diff`, and tintype's in-process compare

func makeDiffInputs(scenePath: String, work: String) throws {
    let (scene, changed) = try loadScenes(scenePath)
    let renderer = Renderer()
    // 414×896 points at 3x: 1242×2688, an iPhone XS Max / 11 Pro Max screenshot.
    let a = on(scene, device: .iPhoneXR, scale: 3), b = on(changed, device: .iPhoneXR, scale: 3)
    try renderer.render(a).writePNG(to: work + "/a.png")
    try renderer.render(b).writePNG(to: work + "/b.png")
    print("\(work)/a.png and b.png: \(scenePath) on \(describe(a)); b has one more label")
}

/// Prints one JSON object: tintype's own decode / compare / encode medians for A and B.
func compareInProcess(_ a: String, _ b: String, iterations: Int, warmup: Int) throws {
    let decode = try measure(iterations, warmup: warmup) { _ = try Bitmap(pngFile: a); _ = try Bitmap(pngFile: b) }
    let x = try Bitmap(pngFile: a), y = try Bitmap(pngFile: b)
    var result: Comparison?
    var diff: Bitmap?
    let compare = measure(iterations, warmup: warmup) { (result, diff) = Compare.imagesWithDiff(expected: x, actual: y) }
    // Identical images have no diff image, hence nothing to encode.
    let encode = try diff.map { d in try measure(iterations, warmup: warmup) { _ = try d.pngData() }.median } ?? 0
    print("{\"decode_ms\": \(decode.median), \"compare_ms\": \(compare.median), \"encode_ms\": \(encode), "
          + "\"different\": \(result!.differentPixels), \"antialiased\": \(result!.antialiasedPixels)}")
}

// MARK: - Part 3: PNG encoders

struct Encoder {
    var name: String
    var settings: String
    var encode: (Bitmap) throws -> [UInt8]
}

func loadFastPNG() throws -> tt_libs {
    var libs = tt_libs()
    if let error = tt_load_libraries(&libs) { throw BenchError(String(cString: error)) }
    return libs
}

/// Cairo's rows for the bitmap (RGB when opaque, else straight RGBA), as Cairo hands them to libpng.
func pngRows(_ bitmap: Bitmap) -> (rows: [UInt8], channels: Int32) {
    var rows = [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 4)
    let channels = bitmap.pixels.withUnsafeBufferPointer { src in
        rows.withUnsafeMutableBufferPointer { dst in
            tt_png_rows_from_cairo(src.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height), dst.baseAddress)
        }
    }
    return (rows, channels)
}

func takeMalloced(_ p: UnsafeMutablePointer<UInt8>?, _ n: Int) throws -> [UInt8] {
    guard let p else { throw BenchError("encoder failed") }
    defer { free(p) }
    return Array(UnsafeBufferPointer(start: p, count: n))
}

func encoders(_ libs: tt_libs) -> [Encoder] {
    var libs = libs
    func spng(_ filterName: String, _ filters: Int32, level: Int32) -> Encoder {
        let name = filters == 0 ? "libspng, defaults" : "libspng zlib \(level), \(filterName)"
        let settings = filters == 0 ? "libspng defaults: zlib 6, Z_FILTERED, adaptive filters, bKGD white"
            : "libspng: SPNG_IMG_COMPRESSION_LEVEL \(level), Z_FILTERED, SPNG_FILTER_CHOICE \(filterName), bKGD white"
        return Encoder(name: name, settings: settings) { bitmap in
            let (rows, channels) = pngRows(bitmap)
            var n = 0, error: Int32 = 0
            let p = rows.withUnsafeBufferPointer {
                tt_spng_encode(&libs, $0.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height), channels, level, -1, filters, &n, &error)
            }
            if error != 0 { throw BenchError("libspng: \(String(cString: libs.spng.strerror(error)!))") }
            return try takeMalloced(p, n)
        }
    }
    func deflate(_ filterName: String, _ filter: Int32, level: Int32) -> Encoder {
        Encoder(name: "proto libdeflate \(level), \(filterName)",
                settings: "libdeflate_zlib_compress level \(level), filter \(filterName) on every row, one IDAT, bKGD white") { bitmap in
            let (rows, channels) = pngRows(bitmap)
            var n = 0
            let p = rows.withUnsafeBufferPointer {
                tt_deflate_png(&libs, $0.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height), channels, filter, level, &n)
            }
            return try takeMalloced(p, n)
        }
    }
    let none = Int32(TT_FILTER_NONE), up = Int32(TT_FILTER_UP), adaptive = Int32(TT_FILTER_ADAPTIVE)
    return [
        Encoder(name: "Cairo (libpng + zlib)", settings: "cairo_surface_write_to_png_stream: libpng defaults, zlib 6, adaptive filters") { bitmap in
            var n = 0
            let p = bitmap.pixels.withUnsafeBufferPointer { tt_cairo_png_encode($0.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height), &n) }
            return try takeMalloced(p, n)
        },
        // What Bitmap.pngData() runs: the library's writer in CDeflate.
        Encoder(name: "Tintype (libdeflate 6, up)", settings: "Bitmap.pngData(): libdeflate level 6, filter up on every row, one IDAT, no bKGD") {
            try $0.pngData()
        },
        spng("adaptive", 0, level: -1),
        spng("up", Int32(TT_SPNG_FILTER_CHOICE_UP), level: 6),
        spng("none", Int32(TT_SPNG_FILTER_CHOICE_NONE), level: 6),
        deflate("up", up, level: 1),
        deflate("up", up, level: 4),
        deflate("up", up, level: 6),
        deflate("up", up, level: 9),
        deflate("none", none, level: 6),
        deflate("adaptive", adaptive, level: 6),
    ]
}

/// The bitmaps encoded in part 3: the scene's renders, a failure's diff and strip, and a photo screen.
func pngImages(scenePath: String) throws -> [(String, Bitmap)] {
    let (scene, changed) = try loadScenes(scenePath)
    let renderer = Renderer()
    let render2x = try renderer.render(on(scene, device: .iPhone8))
    let render3x = try renderer.render(on(scene, device: .iPhoneX))
    let changed3x = try renderer.render(on(changed, device: .iPhoneX))
    let (_, diff3x) = Compare.imagesWithDiff(expected: changed3x, actual: render3x)
    var images: [(String, Bitmap)] = [
        ("render, iPhone 8 @2x", render2x),
        ("render, iPhone X @3x", render3x),
        ("diff image @3x (a failure's artifact)", diff3x!),
        ("strip @3x (expected | diff | actual)", Strip.make([changed3x, diff3x!, render3x])),
    ]
    // Continuous tone, where PNG's row filters matter most: a photo filling most of the screen.
    let photoScene = """
        { "device": "iPhone X", "root": { "view": { "subviews": [
          { "imageView": { "frame": [0, 0, 375, 560], "image": "assets/photo@2x.png", "contentMode": "scaleAspectFill", "clipsToBounds": true } },
          { "label": { "frame": [16, 580, 343, 34], "text": "A photo, scaled to fill", "font": { "style": "title2", "weight": "bold" } } },
          { "label": { "frame": [16, 620, 343, 20], "text": "Snapshots/Images/assets/photo@2x.png", "font": "footnote", "textColor": "systemGray" } }
        ] } } }
        """
    do {
        let photo = try SceneDecoder.decode(photoScene, file: "<photo scene>", baseDirectory: "Snapshots/Images")
        images.append(("photo screen, iPhone X @3x", try renderer.render(photo)))
    } catch {
        print("(no photo screen: \(error))")
    }
    // Translucent pixels take the other path of Cairo's writer (straight RGBA, unpremultiplied).
    let translucent = """
        { "device": "iPhone 8", "backgroundColor": "clear", "statusBar": { "hidden": true }, "root": { "view": { "subviews": [
          { "view": { "frame": [20, 40, 335, 200], "backgroundColor": "#007AFF80", "cornerRadius": 24 } },
          { "view": { "frame": [60, 160, 255, 220], "backgroundColor": "#FF3B3040", "cornerRadius": 110 } },
          { "label": { "frame": [20, 400, 335, 34], "text": "Translucent, over nothing", "font": "title2", "textColor": "#000000B0" } }
        ] } } }
        """
    do {
        let scene = try SceneDecoder.decode(translucent, file: "<translucent scene>", baseDirectory: nil)
        images.append(("translucent screen, iPhone 8 @2x (RGBA)", try renderer.render(scene)))
    } catch {
        print("(no translucent screen: \(error))")
    }
    return images
}

/// FNV-1a, 64 bits: enough to tell whether two runs wrote the same bytes.
func digest(_ bytes: [UInt8]) -> String {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    return String(h, radix: 16)
}

/// One line per image and encoder: the digest of one encode. A second process prints the same lines
/// when the encoders are deterministic across runs, not only within one.
func pngDigests(scenePath: String) throws -> [String] {
    let all = encoders(try loadFastPNG())
    return try pngImages(scenePath: scenePath).flatMap { label, bitmap in
        try all.map { "\(label)\t\($0.name)\t\(digest(try $0.encode(bitmap)))" }
    }
}

func benchPNG(scenePath: String, work: String, iterations: Int, warmup: Int) throws {
    let libs = try loadFastPNG()
    let images = try pngImages(scenePath: scenePath)
    let all = encoders(libs)
    print("Tintype's writer (libdeflate), libspng \(String(cString: libs.spng.version_string()!)) (on zlib) and libdeflate prototypes")
    print("(\"proto\", loaded at run time) against Cairo's writer (libpng + zlib). Median of \(iterations) rounds after \(warmup) warm-up, encoders taking turns in each round.")
    print("Every encoder's time includes turning Cairo's premultiplied ARGB into PNG rows.")
    print("decode: Cairo's decoder (what verify runs on a golden) reading that encoder's file.")
    print("same pixels: decodes to exactly the pixels of Cairo's own file; stable: two encodes give the same bytes.")

    var speedups = [[Double]](repeating: [], count: all.count), sizes = [[Double]](repeating: [], count: all.count)
    var totals = [Double](repeating: 0, count: all.count)
    var sameBytes = [Bool](repeating: true, count: all.count)
    var decoderLibs = libs
    var failures: [String] = []
    var digests: [String] = []
    for (index, (label, bitmap)) in images.enumerated() {
        let reference = try all[0].encode(bitmap)  // Cairo's own file
        try AtomicFile.write(reference, to: work + "/image\(index + 1).png")
        let referencePixels = try Bitmap(png: reference)
        var files: [[UInt8]] = []
        var checks: [(Bool, Bool)] = []
        for encoder in all {
            let first = try encoder.encode(bitmap), second = try encoder.encode(bitmap)
            let samePixels = try Bitmap(png: first) == referencePixels, stable = first == second
            if !samePixels { failures.append("\(encoder.name) on \(label): decoded pixels differ from Cairo's") }
            if !stable { failures.append("\(encoder.name) on \(label): two encodes give different bytes") }
            files.append(first)
            checks.append((samePixels, stable))
        }
        digests += zip(all, files).map { "\(label)\t\($0.name)\t\(digest($1))" }
        let encode = try measureRoundRobin(iterations, warmup: warmup, all.map { e in { _ = try e.encode(bitmap) } })
        let decode = try measureRoundRobin(max(3, iterations / 2), warmup: 1, files.map { f in { _ = try Bitmap(png: f) } })

        print("")
        print("\(label): \(bitmap.width)×\(bitmap.height)")
        let w0 = 28
        print(pad("encoder", w0) + lpad("encode", 10) + lpad("speed-up", 10) + lpad("size", 10) + lpad("vs Cairo", 10)
              + lpad("decode", 10) + lpad("same pixels", 13) + lpad("stable", 8))
        print(String(repeating: "-", count: w0 + 81))
        for (i, encoder) in all.enumerated() {
            let speedup = encode[0].median / encode[i].median, size = Double(files[i].count) / Double(files[0].count)
            speedups[i].append(speedup); sizes[i].append(size); totals[i] += Double(files[i].count)
            sameBytes[i] = sameBytes[i] && files[i] == files[0]
            print(pad(encoder.name, w0) + lpad(ms(encode[i].median), 10) + lpad(ratio(speedup), 10)
                  + lpad(kb(files[i].count), 10) + lpad(String(format: "%.2f×", size), 10)
                  + lpad(ms(decode[i].median), 10) + lpad(checks[i].0 ? "yes" : "NO", 13) + lpad(checks[i].1 ? "yes" : "NO", 8))
        }
        // Decoding, which every passing verify pays: Cairo's decoder against libspng's, on Cairo's file.
        let spngDecode: () throws -> Bitmap = {
            var w: UInt32 = 0, h: UInt32 = 0, error: Int32 = 0
            let p = reference.withUnsafeBufferPointer { tt_spng_decode_to_cairo(&decoderLibs, $0.baseAddress, $0.count, &w, &h, &error) }
            guard let p, error == 0 else { throw BenchError("libspng could not decode") }
            defer { free(p) }
            return Bitmap(width: Int(w), height: Int(h), pixels: Array(UnsafeBufferPointer(start: p, count: Int(w) * Int(h) * 4)))
        }
        let spngSame = try spngDecode() == referencePixels
        if !spngSame { failures.append("libspng's decoder on \(label): other pixels than Cairo's decoder") }
        let decoders = try measureRoundRobin(iterations, warmup: warmup, [{ _ = try Bitmap(png: reference) }, { _ = try spngDecode() }])
        print("decoding Cairo's file: Cairo \(ms(decoders[0].median)), libspng \(ms(decoders[1].median)) "
              + "(\(ratio(decoders[0].median / decoders[1].median)) Cairo's speed, \(spngSame ? "same pixels" : "OTHER PIXELS"))")
    }

    // The verdict: the fastest encoder whose files, all together, are no larger than Cairo's, with no
    // single file more than 5% larger.
    func geomean(_ v: [Double]) -> Double { exp(v.map { log($0) }.reduce(0, +) / Double(v.count)) }
    print("")
    print("Over the \(images.count) images: geometric mean of the speed-ups; all files together, and the largest one, against Cairo's:")
    var best: Int?
    for i in all.indices.dropFirst() {
        let total = totals[i] / totals[0], worst = sizes[i].max()!
        let ok = total <= 1.0 && worst <= 1.05 && !failures.contains { $0.hasPrefix(all[i].name + " on") }
        print("  " + pad(all[i].name, 28) + "speed-up " + lpad(ratio(geomean(speedups[i])), 6) + ", size "
              + String(format: "%.2f×", total) + " in all, " + String(format: "%.2f×", worst) + " at most"
              + (ok ? "" : "  (larger than Cairo's)") + (sameBytes[i] ? "  (the very bytes of Cairo's files)" : ""))
        if ok, best.map({ geomean(speedups[i]) > geomean(speedups[$0]) }) ?? true { best = i }
    }
    if let best, geomean(speedups[best]) > 1 {
        print("Fastest with files as small as Cairo's (all together; none over 1.05×): \(all[best].name), "
              + "\(ratio(geomean(speedups[best]))) Cairo's speed (\(all[best].settings)).")
    } else {
        print("No encoder here is both faster than Cairo's and as small: keep Cairo's writer.")
    }
    try (digests.joined(separator: "\n") + "\n").write(toFile: work + "/digests.txt", atomically: true, encoding: .utf8)
    if !failures.isEmpty { throw BenchError("checks failed:\n  " + failures.joined(separator: "\n  ")) }
}

// MARK: - Main

func main() -> Int32 {
    var args = Array(CommandLine.arguments.dropFirst())
    guard let command = args.first else {
        print("Usage: tintype-bench scenes|png [--scene S.json] [--work DIR] [--iterations N] [--warmup N]\n"
              + "       tintype-bench table [--iterations N] [--warmup N]\n"
              + "       tintype-bench constraints [--iterations N] [--warmup N]\n"
              + "       tintype-bench text [--iterations N] [--warmup N]\n"
              + "       tintype-bench self-sizing [--iterations N] [--warmup N]\n"
              + "       tintype-bench fallback [--scene S.json] [--iterations N] [--warmup N]\n"
              + "       tintype-bench fonts-opened --scene S.json\n"
              + "       tintype-bench records [FOLDER] [--work DIR] [--iterations N] [--warmup N]\n"
              + "       tintype-bench png-digests [--scene S.json]\n"
              + "       tintype-bench diff-inputs [--scene S.json] --work DIR\n"
              + "       tintype-bench compare A.png B.png [--iterations N] [--warmup N]")
        return 64
    }
    args.removeFirst()
    var scene = "Snapshots/Tint/inheritance.json", work = ".build/bench-work", iterations = 15, warmup = 3
    var positional: [String] = []
    var i = 0
    while i < args.count {
        let a = args[i], value = i + 1 < args.count ? args[i + 1] : ""
        switch a {
        case "--scene": scene = value; i += 1
        case "--work": work = value; i += 1
        case "--iterations": iterations = Int(value) ?? iterations; i += 1
        case "--warmup": warmup = Int(value) ?? warmup; i += 1
        default: positional.append(a)
        }
        i += 1
    }
    do {
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        switch command {
        case "scenes": try benchScenes(scenePath: scene, work: work, iterations: iterations, warmup: warmup)
        case "diff-inputs": try makeDiffInputs(scenePath: scene, work: work)
        case "compare":
            guard positional.count == 2 else { throw BenchError("compare takes two PNG files") }
            try compareInProcess(positional[0], positional[1], iterations: iterations, warmup: warmup)
        case "table": try benchTable(iterations: iterations, warmup: warmup)
        case "constraints": try benchConstraints(iterations: iterations, warmup: warmup)
        case "text": try benchText(iterations: iterations, warmup: warmup)
        case "self-sizing": try benchSelfSizing(iterations: iterations, warmup: warmup)
        case "fallback": try benchFallback(scenePath: scene, iterations: iterations, warmup: warmup)
        case "fonts-opened": try fontsOpened(scenePath: scene)
        case "records": try benchRecords(folder: positional.first ?? "Snapshots/Gallery", work: work, iterations: iterations, warmup: warmup)
        case "png": try benchPNG(scenePath: scene, work: work, iterations: iterations, warmup: warmup)
        case "png-digests": print(try pngDigests(scenePath: scene).joined(separator: "\n"))
        default: throw BenchError("unknown command \(command)")
        }
    } catch {
        FileHandle.standardError.write(Data("tintype-bench: \(error)\n".utf8))
        return 1
    }
    return 0
}

exit(main())
