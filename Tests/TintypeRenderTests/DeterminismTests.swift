import CCairo
import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// The same scene gives the same bytes: twice in a row, from fresh renderers, and in parallel.
@Suite struct DeterminismTests {
    @Test func sameSceneTwiceGivesIdenticalPNGBytes() throws {
        let s = try SceneDecoder.load(path: snapshotsRoot + "/Tint/inheritance.json", root: snapshotsRoot)
        let first = try Renderer().renderPNG(s)
        let second = try Renderer().renderPNG(s)
        #expect(first == second)
        #expect(first.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func parallelRenderingMatchesSerialRendering() throws {
        let scenes = try snapshotScenes().map { try SceneDecoder.load(path: snapshotsRoot + "/" + $0, root: snapshotsRoot) }
        let serial = try scenes.map { try Renderer().renderPNG($0) }
        let renderer = Renderer()
        final class Box: @unchecked Sendable { var results: [[UInt8]?]; let lock = NSLock(); init(_ n: Int) { results = .init(repeating: nil, count: n) } }
        let box = Box(scenes.count * 2)
        DispatchQueue.concurrentPerform(iterations: scenes.count * 2) { i in
            let png = try? renderer.renderPNG(scenes[i % scenes.count])
            box.lock.lock(); box.results[i] = png; box.lock.unlock()
        }
        for i in 0..<(scenes.count * 2) {
            #expect(box.results[i] == serial[i % scenes.count], "scene \(i % scenes.count) differs when rendered in parallel")
        }
    }

    /// Renders share decoded images but no Cairo object (docs/determinism.md): every draw of a
    /// cached image gets a surface of its own over the shared pixels. Scenes that draw the same
    /// PNG and SVG images many times (whole, stretched and tiled through cap insets, which
    /// rasterize an SVG once for every render), rendered by one renderer with a cold image store on
    /// many threads at once as PNG, SVG and PDF, give the bytes each gives alone.
    @Test func sharedImagesDrawnByManyRendersAtOnceGiveTheSameBytes() throws {
        let names = ["nine-slice-stretch", "nine-slice-tile", "nine-slice-svg", "content-modes-png", "content-modes-svg"]
        let scenes = try names.map { try SceneDecoder.load(path: snapshotsRoot + "/Images/\($0).json", root: snapshotsRoot) }
        let formats: [ImageFormat] = [.png, .svg, .pdf]
        let jobs = scenes.indices.flatMap { s in formats.map { (s, $0) } }
        let alone = try jobs.map { s, format in try Renderer(warn: { _ in }).render(scenes[s], as: format) }
        for _ in 0..<3 {
            let renderer = Renderer(warn: { _ in })
            final class Box: @unchecked Sendable { var results: [[UInt8]?]; let lock = NSLock(); init(_ n: Int) { results = .init(repeating: nil, count: n) } }
            let copies = 4
            let box = Box(jobs.count * copies)
            DispatchQueue.concurrentPerform(iterations: jobs.count * copies) { i in
                let (s, format) = jobs[i % jobs.count]
                let bytes = try? renderer.render(scenes[s], as: format)
                box.lock.lock(); box.results[i] = bytes; box.lock.unlock()
            }
            for i in 0..<(jobs.count * copies) {
                let (s, format) = jobs[i % jobs.count]
                #expect(box.results[i] == alone[i % jobs.count], "Images/\(names[s]) as \(format.rawValue) differs when rendered beside the others")
            }
        }
    }

    /// Text in more faces than Cairo keeps open (ten): nine weights of Inter and a dozen scripts of
    /// the fallback chain, so faces are closed and opened all the time. Written as PDF and SVG on
    /// eight threads beside PNG renders, a document's fonts emitted as it was shown or finished
    /// while other threads looked glyphs up: Cairo closed a face in use and the process crashed in
    /// FreeType. Every render must now give the bytes it gives alone.
    @Test func documentsEmittingFontsBesideTextDrawnElsewhere() throws {
        let weights = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
        let texts = ["Hamburgefonstiv 0123", "مرحبا بالعالم", "שלום עולם", "नमस्ते दुनिया", "สวัสดีชาวโลก", "こんにちは世界", "안녕하세요",
                     "你好，世界", "Привет мир", "Γειά σου Κόσμε", "😀🎉👍🏽", "ሰላም", "Բարեւ"]
        var labels: [String] = []
        for (i, weight) in weights.enumerated() {
            for (j, size) in [12, 24].enumerated() {
                labels.append(#"{"label": {"frame": [\#(4 + j * 160), \#(10 + i * 22), 156, 20], "text": "\#(texts[(i + j) % texts.count]) \#(weight)", "#
                    + #""font": {"size": \#(size), "weight": "\#(weight)"}}}"#)
            }
        }
        for (k, text) in texts.enumerated() {
            labels.append(#"{"label": {"frame": [4, \#(210 + k * 24), 300, 22], "text": "\#(text)", "font": {"size": \#(15 + k), "weight": "\#(weights[k % 9])"}}}"#)
        }
        let scene = try SceneDecoder.decode(#"{"device": "iPhone SE", "scale": 1, "root": {"view": {"subviews": [\#(labels.joined(separator: ", "))]}}}"#)
        let formats: [ImageFormat] = [.pdf, .svg, .png]
        let alone = try formats.map { try Renderer(warn: { _ in }).render(scene, as: $0) }
        let renderer = Renderer(warn: { _ in })
        final class Box: @unchecked Sendable { var differing: [String] = []; let lock = NSLock() }
        let box = Box()
        let group = DispatchGroup()
        for t in 0..<8 {
            group.enter()
            let thread = Thread {
                for round in 0..<6 {
                    let f = (t + round) % formats.count
                    let bytes = try? renderer.render(scene, as: formats[f])
                    if bytes != alone[f] { box.lock.withLock { box.differing.append("\(formats[f].rawValue) on thread \(t), round \(round)") } }
                }
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        #expect(box.differing.isEmpty, "differs from the render made alone: \(box.differing)")
    }

    /// A surface over shared pixels keeps them alive while Cairo holds it, after every Swift
    /// reference is gone, and carries the PNG file's bytes for vector output to embed.
    @Test func sharedPixelsOutliveTheirOwnersWhileCairoHoldsAView() throws {
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: snapshotsRoot + "/Images/assets/button@2x.png")))
        var held: OpaquePointer?
        var expected: Bitmap?
        do {
            let pixels = try SharedPixels(try CairoSurface(png: png))
            let view = try pixels.surface()
            let other = try pixels.surface()
            #expect(view.pointer != other.pointer, "each use gets a surface of its own")
            // Read through the other view: a flush (as bitmap() does) detaches a surface's mime data.
            expected = other.bitmap()
            held = cairo_surface_reference(view.pointer)
        }
        let surface = try #require(held)
        defer { cairo_surface_destroy(surface) }
        var data: UnsafePointer<UInt8>?
        var length: UInt = 0
        cairo_surface_get_mime_data(surface, CAIRO_MIME_TYPE_PNG, &data, &length)
        #expect(Int(length) == png.count && data.map { Array(UnsafeBufferPointer(start: $0, count: Int(length))) } == png)
        let copy = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, cairo_image_surface_get_width(surface), cairo_image_surface_get_height(surface))!
        let cr = cairo_create(copy)!
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        let read = try CairoSurface(owning: copy).bitmap()
        #expect(read == expected)
    }

    /// Many SVG and PDF documents written at once, some dropped half-written: a two-page PDF whose
    /// second page is over the pixel limit fails after Cairo has written its first page, and the
    /// document is dropped unfinished. Cairo then finishes the surface as its last reference
    /// goes, writing through the stream's closure; the closure's sink used to be released before
    /// the surface, so those writes went into freed memory, which other renders had taken by then
    /// (`Scripts/stress renders` crashed in the write callback). Every complete document must be
    /// the bytes it is alone, and no sink may outlive its document.
    @Test func manyDocumentsAtOnceSomeDroppedUnfinished() throws {
        let names = ["Basics/shadows", "Localization/emoji", "Images/nine-slice-svg", "Bars/navbar-large-title-collapsed", "Tables/grouped-headers-footers"]
        let scenes = try names.map { try SceneDecoder.load(path: snapshotsRoot + "/\($0).json", root: snapshotsRoot) }
        var over = scenes[0]
        over.scale = 100
        let tooLarge = over
        #expect(tooLarge.pixelLimitProblem != nil, "the second page is over the pixel limit")
        let formats: [ImageFormat] = [.svg, .pdf]
        let jobs = scenes.indices.flatMap { s in formats.map { (s, $0) } }
        let alone = try jobs.map { s, format in try Renderer(warn: { _ in }).render(scenes[s], as: format) }
        // The count of live sinks is the process's: other suites running beside this one write SVG
        // and PDF documents too (the CI run once counted one of theirs before and none after). So
        // wait for theirs to finish before counting, and after the run give theirs time to finish.
        func live() -> Int { VectorDocument.Sink.lock.withLock { VectorDocument.Sink.live } }
        func settle(to target: Int) {
            let start = Date()
            while live() > target, Date().timeIntervalSince(start) < 20 { Thread.sleep(forTimeInterval: 0.05) }
        }
        settle(to: 0)
        let liveBefore = live()
        let renderer = Renderer(warn: { _ in })
        let rounds = 8
        let results = concurrentMap(count: jobs.count * rounds) { i -> (ok: Bool, failed: Bool) in
            let (s, format) = jobs[i % jobs.count]
            // Every other job also writes a PDF that fails on its second page.
            var failed = false
            if i % 2 == 0 { failed = (try? renderer.renderPDF(pages: [scenes[s], tooLarge])) == nil }
            return ((try? renderer.render(scenes[s], as: format)) == alone[i % jobs.count], failed || i % 2 == 1)
        }
        let differing = results.filter { !$0.ok }.count, unfailed = results.filter { !$0.failed }.count
        #expect(differing == 0, "\(differing) documents differ from the same document written alone")
        #expect(unfailed == 0, "every two-page PDF with a page over the limit fails")
        settle(to: liveBefore)
        let liveAfter = live()
        #expect(liveAfter <= liveBefore, "every sink is released with its surface (\(liveAfter) live, \(liveBefore) before)")
    }
}
