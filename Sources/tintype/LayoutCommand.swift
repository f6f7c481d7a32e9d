import Foundation
import TintypeModel
import TintypeRender
import TintypeSnapshot

/// `tintype layout`: a scene's layout record as an indented tree, for review in a pull request.
struct LayoutCommand: Command {
    static let name = "layout"
    static let abstract = "Print what a scene draws as an indented tree: views, frames, texts, fonts, colors."
    static let arguments = "SCENE.json..."
    static let argumentHelp = [("SCENE.json", "A scene file; every variant it declares is printed, each under a line naming it.")]
    static var options: [Option<Self>] { TraitOptions.options(\.overrides) + [Watchdog.option(\.timeout), ProjectRoot.option(\.root)] }
    static let discussion = """
        Prints the layout record a golden carries (see 'tintype explain'): a line with the traits,
        then one line a view (kind, #id, path in the scene, frame in points, the background and
        tint the scene gives it), its texts (string, font, size, color, frame) and images indented
        under it; a text that does not fit its frame ends with "truncated". The text is stable: the same scene prints the same lines on every machine, so it
        reads as a diff in a pull request. Exit code: 0, or 1 when a scene does not decode or render.
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
        let renderer = Renderer(warn: { _ in })
        var failed = false
        for path in scenes {
            let file = Watchdog.read(path, overriding: overrides)
            if let error = file.error {
                writeStderr("Error: " + error)
                failed = true
                continue
            }
            for out in file.outputs {
                guard let scene = out.variant?.scene else { continue }
                do {
                    // Drawn, as a golden's record is made, to know which texts do not fit.
                    let record = try Watchdog.watch("laying out \(out.displayName)") { try LayoutRecord.rendering(scene, with: renderer).record }
                    if file.outputs.count > 1 || scenes.count > 1 { print("== \(out.displayName)") }
                    print(record.tree(), terminator: "")
                } catch {
                    writeStderr("Error: \((error as? RenderError).map(out.describe) ?? "\(error)")")
                    failed = true
                }
            }
        }
        return failed ? ExitCode.failure : ExitCode.success
    }
}

/// `tintype explain`: what changed between two recorded goldens, in words.
struct ExplainCommand: Command {
    static let name = "explain"
    static let abstract = "Say in words what changed between two goldens that carry layout records."
    static let arguments = "OLD.png NEW.png"
    static let argumentHelp = [("OLD.png NEW.png", "Two PNGs recorded by tintype test or assertSnapshot (each carries its layout record).")]
    static var options: [Option<Self>] { [] }
    static let discussion = """
        Goldens recorded by 'tintype test' and assertSnapshot carry a record of what was drawn
        (a zTXt chunk, tintype-layout). This compares the two records and prints one line a change,
        most important first: traits, views added or removed, texts, fonts, colors, views moved or
        resized, images. When the records are the same it says so (the drawing changed with the
        layout intact). Exit code: 0 when the records are the same, 1 when they differ, 2 when a
        file cannot be read or carries no record.
        """

    var files: [String] = []

    mutating func argument(_ value: String) throws(UsageError) { files.append(value) }

    func validate() throws(UsageError) {
        if files.count != 2 { throw UsageError(message: "give two PNG files, found \(files.count)", command: Self.self) }
    }

    func run() -> Int32 {
        var records: [LayoutRecord] = []
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else {
                writeStderr("Error: \(path): cannot read it")
                return ExitCode.unreadable
            }
            do {
                guard let r = try LayoutRecordChunk.record(in: Array(data), file: path) else {
                    writeStderr("Error: \(path) carries no layout record (record it again with tintype test --record all, or assertSnapshot)")
                    return ExitCode.unreadable
                }
                records.append(r)
            } catch {
                writeStderr("Error: \(error.message)")
                return ExitCode.unreadable
            }
        }
        let lines = LayoutRecord.explain(from: records[0], to: records[1])
        if lines.isEmpty {
            print("The layout records are the same (every view's frame, text, font, color and image).")
            return ExitCode.success
        }
        for l in lines { print(l) }
        return ExitCode.failure
    }
}
