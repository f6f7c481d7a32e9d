import Foundation
import TintypeModel
import TintypeRender
import TintypeSnapshot

/// One launch image of Xcode's LaunchImage set for iOS 7 to 11.
struct LaunchImageSlot {
    var idiom: String
    /// Xcode's subtype ("2436h", "736h", "667h", "retina4"), nil for the 3.5-inch iPhone and iPads.
    var subtype: String?
    var orientation: Orientation
    var scale: Int
    var minimumSystemVersion: String
    /// The catalog device it is rendered on.
    var device: String
    /// The exact size Xcode expects.
    var width: Int
    var height: Int

    var filename: String {
        let kind = idiom == "ipad" ? "iPad" : (subtype ?? "iPhone")
        return "Default-\(kind)-\(orientation == .portrait ? "Portrait" : "Landscape")@\(scale)x.png"
    }

    /// Every slot Xcode 9 lists for iOS 7 and later, in its order.
    static let all: [LaunchImageSlot] = [
        LaunchImageSlot(idiom: "iphone", subtype: "2436h", orientation: .portrait, scale: 3, minimumSystemVersion: "11.0", device: "iPhone X", width: 1125, height: 2436),
        LaunchImageSlot(idiom: "iphone", subtype: "2436h", orientation: .landscape, scale: 3, minimumSystemVersion: "11.0", device: "iPhone X", width: 2436, height: 1125),
        LaunchImageSlot(idiom: "iphone", subtype: "736h", orientation: .portrait, scale: 3, minimumSystemVersion: "8.0", device: "iPhone 8 Plus", width: 1242, height: 2208),
        LaunchImageSlot(idiom: "iphone", subtype: "736h", orientation: .landscape, scale: 3, minimumSystemVersion: "8.0", device: "iPhone 8 Plus", width: 2208, height: 1242),
        LaunchImageSlot(idiom: "iphone", subtype: "667h", orientation: .portrait, scale: 2, minimumSystemVersion: "8.0", device: "iPhone 8", width: 750, height: 1334),
        LaunchImageSlot(idiom: "iphone", subtype: nil, orientation: .portrait, scale: 2, minimumSystemVersion: "7.0", device: "iPhone 4s", width: 640, height: 960),
        LaunchImageSlot(idiom: "iphone", subtype: "retina4", orientation: .portrait, scale: 2, minimumSystemVersion: "7.0", device: "iPhone SE", width: 640, height: 1136),
        LaunchImageSlot(idiom: "ipad", subtype: nil, orientation: .portrait, scale: 1, minimumSystemVersion: "7.0", device: "iPad", width: 768, height: 1024),
        LaunchImageSlot(idiom: "ipad", subtype: nil, orientation: .landscape, scale: 1, minimumSystemVersion: "7.0", device: "iPad", width: 1024, height: 768),
        LaunchImageSlot(idiom: "ipad", subtype: nil, orientation: .portrait, scale: 2, minimumSystemVersion: "7.0", device: "iPad", width: 1536, height: 2048),
        LaunchImageSlot(idiom: "ipad", subtype: nil, orientation: .landscape, scale: 2, minimumSystemVersion: "7.0", device: "iPad", width: 2048, height: 1536),
    ]

    /// The LaunchImage set's Contents.json, as Xcode writes it.
    static func contentsJSON(_ slots: [LaunchImageSlot]) -> String {
        let images = slots.map { s in
            var lines = ["\"extent\" : \"full-screen\"", "\"idiom\" : \"\(s.idiom)\""]
            if let subtype = s.subtype { lines.append("\"subtype\" : \"\(subtype)\"") }
            lines += ["\"filename\" : \"\(s.filename)\"", "\"minimum-system-version\" : \"\(s.minimumSystemVersion)\"",
                      "\"orientation\" : \"\(s.orientation == .portrait ? "portrait" : "landscape")\"", "\"scale\" : \"\(s.scale)x\""]
            return "    {\n" + lines.map { "      " + $0 }.joined(separator: ",\n") + "\n    }"
        }
        return "{\n  \"images\" : [\n" + images.joined(separator: ",\n") + "\n  ],\n  \"info\" : {\n    \"version\" : 1,\n    \"author\" : \"xcode\"\n  }\n}\n"
    }
}

struct LaunchImagesCommand: Command {
    static let name = "launch-images"
    static let abstract = "Render a scene as every launch image iOS 7–11 asks for, with Xcode's Contents.json."
    static let arguments = "SCENE.json"
    static let argumentHelp = [("SCENE.json", "The launch screen, rendered on each device in each orientation it needs.")]
    static var options: [Option<Self>] { [
        .value("-o", "--output", value: "DIR", help: "The folder to write (default: LaunchImage.launchimage).", kind: .outputFolder, \.output),
        .flag("--force", help: """
            Replace the folder even if it holds files that are not part of the set,
            when Tintype wrote them all. A file Tintype did not write is never removed.
            """, \.force),
        Watchdog.option(\.timeout),
        ProjectRoot.option(\.root),
    ] }
    static let discussion = """
        Writes the 11 launch images of Xcode 9's LaunchImage set for iOS 7 and later, each the scene
        rendered on the device and in the orientation of its slot, named as Xcode names them
        (Default-2436h-Portrait@3x.png): iPhone X (1125×2436 and 2436×1125, iOS 11), iPhone 8 Plus
        (1242×2208 and 2208×1242, iOS 8), iPhone 8 (750×1334, iOS 8), iPhone 4s (640×960) and
        iPhone SE (640×1136), and the iPad at 1x and 2x in both orientations; with a Contents.json.
        A scene with a "canvas" or with variants cannot make these sizes and is refused; its own
        "scale" is replaced by each slot's. The images show no status bar content and no home
        indicator (iOS draws its live status bar over a launch image); their room stays, so the
        layout is the one the app shows after launch.

        The set is written to a temporary folder and renamed into place, so a failure leaves
        nothing; a folder holding files other than the set's is replaced only with --force, and only
        when Tintype wrote every file in it (it leaves a .tintype-output marker listing them). The
        output is never the current folder, the home folder or one above them, nor a folder holding
        the scene or a file it uses.

        Example:
          tintype launch-images launch.json -o Assets.xcassets/LaunchImage.launchimage
        """

    var scene = ""
    var output = "LaunchImage.launchimage"
    var force = false
    var timeout = Watchdog.defaultSeconds
    /// The scenes' project (--root); nil for the default.
    var root: String?

    /// The scenes named; one is taken.
    var scenes: [String] = []

    mutating func argument(_ value: String) throws(UsageError) { scenes.append(value) }

    mutating func validate() throws(UsageError) {
        guard let first = scenes.first else { throw UsageError(message: "missing scene file", command: Self.self) }
        guard scenes.count == 1 else { throw UsageError(message: "launch images are made from one scene, found \(scenes.count)", command: Self.self) }
        scene = first
        if output == "-" { throw UsageError(message: "launch images are a folder; -o - (standard output) cannot hold them", command: Self.self) }
    }

    func run() -> Int32 {
        Watchdog.seconds = timeout
        ProjectRoot.given = root
        let slots = LaunchImageSlot.all
        let folder = FolderOutput(output, command: "tintype launch-images")
        folder.removeLeftovers()
        var outputs = OutputGuard()
        outputs.add(Watchdog.read(scene))
        let ours = Set(slots.map(\.filename) + ["Contents.json"])
        if let problem = folder.problem(force: force, allowed: { ours.contains($0) }, guard: outputs) {
            Tool.printError(problem.message, usage: Self.usage, hint: problem.hint)
            return ExitCode.usage
        }
        let renderer = Renderer()
        var files: [(path: String, bytes: [UInt8])] = [("Contents.json", Array(LaunchImageSlot.contentsJSON(slots).utf8))]
        var failures: [String] = []
        for slot in slots {
            guard let device = Device.named(slot.device) else { failures.append("no device \(slot.device)"); continue }
            var traits = TraitSet(device: device, orientation: slot.orientation)
            traits.scale = Double(slot.scale)
            let file = Watchdog.read(scene, overriding: traits)
            guard file.outputs.count == 1, let out = file.outputs.first else {
                failures.append("\(scene) has \(file.outputs.count) variants; a launch image set is made from one screen")
                break
            }
            guard var s = out.variant?.scene else { failures.append(out.error ?? "\(scene): nothing to render"); break }
            // iOS draws the live status bar over a launch image, and the home indicator is not
            // part of the app's screen: the image keeps their room but not their drawing.
            s.drawsSystemOverlays = false
            guard s.pixelWidth == slot.width, s.pixelHeight == slot.height else {
                failures.append("\(scene) renders at \(s.pixelWidth)×\(s.pixelHeight) for \(slot.filename), "
                                + "which needs \(slot.width)×\(slot.height) (a \"canvas\" cannot be a launch image)")
                continue
            }
            do {
                files.append((slot.filename, try Watchdog.watch("rendering \(scene) for \(slot.filename)") { () throws(RenderError) in try renderer.renderPNG(s) }))
            } catch {
                failures.append(error.located(in: scene, variant: slot.filename))
            }
        }
        if !failures.isEmpty {
            for f in failures { writeStderr("Error: " + f) }
            writeStderr("Nothing was written to \(folder.path).")
            return ExitCode.failure
        }
        do { try folder.write(files) } catch {
            Tool.printError("cannot write \(folder.path): \(error.localizedDescription)", usage: nil, hint: nil)
            return ExitCode.failure
        }
        print("Wrote \(folder.path) (\(slots.count) launch images and Contents.json)")
        return ExitCode.success
    }
}
