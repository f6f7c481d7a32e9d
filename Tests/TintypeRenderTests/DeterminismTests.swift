import Foundation
import Testing
import TintypeModel
@testable import TintypeRender

/// The same scene gives the same bytes: twice in a row, from fresh renderers, and in parallel.
@Suite struct DeterminismTests {
    @Test func sameSceneTwiceGivesIdenticalPNGBytes() throws {
        let s = try SceneDecoder.load(path: snapshotsRoot + "/Tint/inheritance.json")
        let first = try Renderer().renderPNG(s)
        let second = try Renderer().renderPNG(s)
        #expect(first == second)
        #expect(first.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func parallelRenderingMatchesSerialRendering() throws {
        let scenes = try snapshotScenes().map { try SceneDecoder.load(path: snapshotsRoot + "/" + $0) }
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
}
