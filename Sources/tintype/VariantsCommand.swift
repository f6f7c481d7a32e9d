import Foundation
import TintypeModel
import TintypeSnapshot

struct VariantsCommand: Command {
    static let name = "variants"
    static let abstract = "List the images a scene file stands for, with their traits and file names."
    static let usage = "Usage: tintype variants SCENE.json... " + TraitOptions.usage
    static let help = """
        Arguments:
          SCENE.json            A scene file.

        Options:
        \(TraitOptions.help)
          -h, --help            Show this help.

        Prints one line per image: its golden's path beside the scene, then every trait it renders
        with (device, orientation, text size, direction, locale when set, tint adjustment, scale).
        File names carry only the traits that vary, in this order: device, orientation,
        contentSizeCategory, layoutDirection, locale, tintAdjustmentMode, scale
        (settings.iphone-se.ax3.rtl.png). The trait options pick or replace traits as for
        'tintype render'. Exit code: 0, or 1 when a scene does not decode.
        """

    var scenes: [String] = []
    var overrides = TraitSet()

    init(arguments: [String]) throws(UsageError) {
        var scanner = ArgumentScanner(arguments, command: Self.self)
        while let (option, argument) = scanner.next() {
            switch option {
            case nil: scenes.append(argument)
            case let option? where try TraitOptions.read(option, &scanner, into: &overrides): break
            case let other?: throw UsageError(message: "unknown option \"\(other)\"", command: Self.self)
            }
        }
        if scenes.isEmpty { throw UsageError(message: "missing scene file", command: Self.self) }
    }

    func run() -> Int32 {
        var failed = false
        for path in scenes {
            let file = SceneFile(path: path, overriding: overrides)
            if let error = file.error {
                writeStderr("Error: " + error)
                failed = true
                continue
            }
            let width = file.outputs.map(\.golden.count).max() ?? 0
            for out in file.outputs {
                guard let t = out.variant?.traits else { continue }
                print(out.golden.padding(toLength: width + 2, withPad: " ", startingAt: 0) + t.description)
            }
            if scenes.count > 1 { print("") }
        }
        return failed ? ExitCode.failure : ExitCode.success
    }
}
