import Foundation
import Testing
import TintypeModel
import TintypeSnapshot

/// SceneFile: the one place a scene file's goldens and artifacts are named.
@Suite struct SceneFileTests {
    @Test func namesGoldensAndArtifactsPerVariant() throws {
        var scene = Scene(root: View())
        scene.variants = Variants(devices: [.iPhoneSE, .iPhoneX], contentSizeCategories: [.large, .accessibilityExtraLarge])
        let file = SceneFile(path: "Snapshots/Settings/settings.json", scene: scene)
        #expect(file.outputs.map(\.golden) == [
            "Snapshots/Settings/settings.iphone-se.l.png", "Snapshots/Settings/settings.iphone-se.ax3.png",
            "Snapshots/Settings/settings.iphone-x.l.png", "Snapshots/Settings/settings.iphone-x.ax3.png",
        ])
        #expect(file.outputs[1].artifactName == "Snapshots/Settings/settings.iphone-se.ax3")
        #expect(file.outputs[1].displayName == "Snapshots/Settings/settings.json [iPhone SE, AX3]")
        #expect(file.outputs[1].file(base: "out/x") == "out/x.iphone-se.ax3.png")
        #expect(file.owns("Snapshots/Settings/./settings.iphone-x.l.png"))
        #expect(!file.owns("Snapshots/Settings/settings.png"))
        let single = SceneFile(path: "../a/b.json", scene: Scene(root: View()))
        #expect(single.outputs.map(\.golden) == ["../a/b.png"] && single.outputs[0].artifactName == "up/a/b")
    }

    /// A file's outputs hold its traits and names, not a scene each: a run of 10,000 variants keeps
    /// one decoded scene a file, and each render's scene is made when it is asked for, the same
    /// scene `expandVariants` makes.
    @Test func outputsMakeTheirScenesWhenAskedAndHoldNone() throws {
        var scene = Scene(root: View())
        scene.variants = Variants(devices: [.iPhoneSE, .iPhoneX], orientations: [.portrait, .landscape],
                                  contentSizeCategories: [.large, .accessibilityExtraLarge], layoutDirections: [.leftToRight, .rightToLeft])
        let file = SceneFile(path: "S/s.json", scene: scene, overriding: TraitSet(orientation: .landscape))
        let expanded = try scene.expandVariants(overriding: TraitSet(orientation: .landscape))
        #expect(file.outputs.count == 8 && expanded.count == 8)
        for (output, variant) in zip(file.outputs, expanded) {
            #expect(output.variant == variant)
            #expect(output.plan?.traits == variant.traits && output.suffix == variant.suffix && output.label == variant.label)
        }
        // Before, each output carried its variant's whole scene (and runs copied outputs twice more).
        #expect(MemoryLayout<SceneFile.Output>.size < MemoryLayout<Scene>.size / 2,
                "\(MemoryLayout<SceneFile.Output>.size) bytes an output, \(MemoryLayout<Scene>.size) a scene")
    }

    @Test func aSceneThatDoesNotDecodeIsOneOutputWithItsErrorAndKeepsItsGoldens() throws {
        let dir = NSTemporaryDirectory() + "tintype-scenefile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{ "devices": ["iPhone 8", "iPhone X"], "root": { "view": { "alpah": 1 } } }"#.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let file = SceneFile(path: dir + "/s.json")
        #expect(file.scene == nil && file.outputs.count == 1 && file.outputs[0].variant == nil)
        #expect(file.error?.contains("root.alpah: unknown property \"alpah\"") == true)
        #expect(file.owns(dir + "/s.iphone-8.png") && file.owns(dir + "/s.png") && !file.owns(dir + "/t.png"))
    }
}
