import Foundation
import TintypeModel
import TintypeSnapshot

struct VariantsCommand: Command {
    static let name = "variants"
    static let abstract = "List the images a scene file stands for, with their traits and file names."
    static let arguments = "SCENE.json..."
    static let argumentHelp = [("SCENE.json", "A scene file.")]
    static var options: [Option<Self>] { TraitOptions.options(\.overrides) + [Watchdog.option(\.timeout), ProjectRoot.option(\.root)] }
    static let discussion = """
        Prints one line per image: its golden's path beside the scene, then every trait it renders
        with (device, orientation, text size, direction, locale when set, tint adjustment, scale).
        File names carry only the traits that vary, in this order: device, orientation,
        contentSizeCategory, layoutDirection, locale, tintAdjustmentMode, scale
        (settings.iphone-se.ax3.rtl.png). The trait options pick or replace traits as for
        'tintype render'. Exit code: 0, or 1 when a scene does not decode.
        """

    var scenes: [String] = []
    var overrides = TraitSet()
    var timeout = Watchdog.defaultSeconds
    /// The scenes' project (--root); nil for the default.
    var root: String?

    mutating func argument(_ value: String) throws(UsageError) { scenes.append(value) }

    func validate() throws(UsageError) {
        if scenes.isEmpty { throw UsageError(message: "missing scene file", command: Self.self) }
    }

    func run() -> Int32 {
        Watchdog.seconds = timeout
        ProjectRoot.given = root
        var failed = false
        for path in scenes {
            let file = Watchdog.read(path, overriding: overrides)
            if let error = file.error {
                writeStderr("Error: " + error)
                failed = true
                continue
            }
            let width = file.outputs.map(\.golden.count).max() ?? 0
            for out in file.outputs {
                guard let t = out.plan?.traits else { continue }
                print(out.golden.padding(toLength: width + 2, withPad: " ", startingAt: 0) + t.description)
            }
            if scenes.count > 1 { print("") }
        }
        return failed ? ExitCode.failure : ExitCode.success
    }
}
