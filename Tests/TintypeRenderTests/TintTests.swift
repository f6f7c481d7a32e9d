import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// Tint and tintAdjustmentMode resolution (docs/uikit-metrics.md, Tint).
@Suite struct TintTests {
    let window = Environment(tint: .systemBlue, inheritedTint: .systemBlue, tintAdjustmentMode: .normal, scale: 2,
                             contentSizeCategory: .large, layoutDirection: .leftToRight, baseDirectory: nil, path: "")

    @Test func inheritedTintIsSpecificElseParentElseSystemBlue() {
        let plain = window.child(tintColor: nil, mode: .automatic, path: "a")
        #expect(plain.tint == .systemBlue)
        let red = plain.child(tintColor: .systemRed, mode: .automatic, path: "b")
        #expect(red.tint == .systemRed)
        let inheritsRed = red.child(tintColor: nil, mode: .automatic, path: "c")
        #expect(inheritsRed.tint == .systemRed)
        let green = inheritsRed.child(tintColor: .systemGreen, mode: .automatic, path: "d")
        #expect(green.tint == .systemGreen)
        #expect(green.child(tintColor: nil, mode: .automatic, path: "e").tint == .systemGreen)
    }

    @Test func adjustmentModeInheritsAndDimsToGray() {
        let dimmed = window.child(tintColor: .systemRed, mode: .dimmed, path: "a")
        #expect(dimmed.tintAdjustmentMode == .dimmed)
        #expect(dimmed.tint == Color.systemRed.dimmed)
        #expect(dimmed.inheritedTint == .systemRed, "the specific tint survives dimming")
        let child = dimmed.child(tintColor: .systemGreen, mode: .automatic, path: "b")
        #expect(child.tintAdjustmentMode == .dimmed)
        #expect(child.tint == Color.systemGreen.dimmed)
        let island = dimmed.child(tintColor: nil, mode: .normal, path: "c")
        #expect(island.tintAdjustmentMode == .normal)
        #expect(island.tint == .systemRed)
        #expect(island.child(tintColor: nil, mode: .automatic, path: "d").tint == .systemRed)
    }

    @Test func dimmedColorIsAReadableGray() {
        let gray = Color.systemBlue.dimmed
        #expect(gray.red == gray.green && gray.green == gray.blue)
        #expect(abs(gray.red * 255 - 134) < 1)
        #expect(Color.systemBlue.withAlpha(0.5).dimmed.alpha == 0.5)
        #expect(Color.black.dimmed.red == 0.4)
        #expect(abs(Color.white.dimmed.red - 0.7) < 1e-9)
    }

    @Test func sceneTintsFlowIntoTheDisplayList() throws {
        let json = """
        { "tintColor": "systemRed", "statusBar": { "hidden": true }, "root": { "view": { "subviews": [
          { "view": { "frame": [0, 0, 10, 10], "backgroundColor": "tint" } },
          { "view": { "tintColor": "systemGreen", "subviews": [ { "view": { "frame": [0, 0, 10, 10], "backgroundColor": "tint" } } ] } },
          { "view": { "tintAdjustmentMode": "dimmed", "subviews": [ { "view": { "frame": [0, 0, 10, 10], "backgroundColor": "tint" } } ] } }
        ] } } }
        """
        let list = try sharedRenderer.displayList(for: try scene(json))
        let fills = list.items.compactMap { item -> Color? in
            if case .fill(_, .color(let c), _) = item { return c }
            return nil
        }
        #expect(fills == [.white, .systemRed, .systemGreen, Color.systemRed.dimmed])
    }

    @Test func undimmingRestoresEveryColor() throws {
        let base = try SceneDecoder.load(path: snapshotsRoot + "/Tint/inheritance.json", root: snapshotsRoot)
        var dimmed = base
        dimmed.tintAdjustmentMode = .dimmed
        var restored = dimmed
        restored.tintAdjustmentMode = .automatic
        let renderer = Renderer()
        let before = try renderer.render(base)
        let during = try renderer.render(dimmed)
        let after = try renderer.render(restored)
        #expect(before != during)
        #expect(before == after)
    }
}
