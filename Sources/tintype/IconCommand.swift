import Foundation
import TintypeModel
import TintypeRender

struct IconCommand: Command {
    static let name = "icon"
    static let abstract = "Make an app icon set (every iOS 7–11 size and its Contents.json) from one source."
    static let arguments = "SOURCE"
    static let argumentHelp = [("SOURCE", "An .svg, a .png (at least 1024×1024) or a scene .json, square and opaque.")]
    static let options = [
        OptionSpec("-o", "--output", value: "DIR", help: """
            The folder to write, usually NAME.appiconset inside an asset catalog
            (default: AppIcon.appiconset in the current folder).
            """),
        OptionSpec("--force", help: """
            Replace the folder even if it holds files that are not part of an
            icon set (they are removed).
            """),
    ]
    static let discussion = """
        Writes the icons Xcode 9 asks for on iOS 7 to 11: iPhone notification (20 points at 2x and
        3x), settings (29), Spotlight (40) and app (60); iPad notification, settings, Spotlight (1x
        and 2x) and app (76, and 83.5 at 2x for the iPad Pro); and the 1024-pixel App Store icon.
        One PNG per pixel size (Icon-40.png serves 20 points at 2x and 40 at 1x) and a Contents.json
        that names each slot. The PNGs have no alpha channel.

        An SVG or a scene is drawn at 1024 pixels, a PNG is taken as it is, and every size is
        scaled down from that with a box filter. A scene's scale is chosen for 1024 pixels:
        "canvas": {"size": [1024, 1024]} draws at 1x, a 512-point canvas at 2x (64 to 4096 points).
        The source must be square, and a PNG at least 1024 pixels a side; a source with any
        transparent pixel is refused, as the App Store refuses it. The icons are square: iOS
        applies the rounded (continuous) corner mask itself.

        The set is written to a temporary folder beside the output and renamed into place: a failed
        run leaves no partial folder. An existing output folder is replaced when it holds only files
        of an icon set; if it holds anything else, only with --force.

        Examples:
          tintype icon icon.svg -o Assets.xcassets/AppIcon.appiconset
          tintype icon icon.json -o AppIcon.appiconset
        """

    var source = ""
    var output = "AppIcon.appiconset"
    var force = false

    init(arguments: [String]) throws(UsageError) {
        var scanner = ArgumentScanner(arguments, command: Self.self)
        var sources: [String] = []
        while let (option, v) = try scanner.next() {
            switch option {
            case nil: sources.append(v)
            case "--output": output = v
            case "--force": force = true
            case let other?: throw UsageError(message: "option \(other) is declared but not handled", command: Self.self)
            }
        }
        guard let first = sources.first else { throw UsageError(message: "missing icon source (an .svg, .png or scene .json)", command: Self.self) }
        guard sources.count == 1 else { throw UsageError(message: "an icon set is made from one source, found \(sources.count)", command: Self.self) }
        source = first
        let ext = URL(fileURLWithPath: source).pathExtension.lowercased()
        guard ["svg", "png", "json"].contains(ext) else {
            throw UsageError(message: "\"\(source)\" is not an icon source: use an .svg, a .png or a scene .json", command: Self.self)
        }
        if output == "-" { throw UsageError(message: "an icon set is a folder; -o - (standard output) cannot hold it", command: Self.self) }
    }

    func run() -> Int32 {
        let fm = FileManager.default
        let dest = output.hasSuffix("/") && output.count > 1 ? String(output.dropLast()) : output
        var isDir: ObjCBool = false
        let exists = fm.fileExists(atPath: dest, isDirectory: &isDir)
        if exists && !isDir.boolValue {
            Tool.printError("\(dest) is a file; an icon set is written as a folder", usage: Self.usage, hint: "Name a folder, such as AppIcon.appiconset.")
            return ExitCode.usage
        }
        if exists && !force {
            let ours = Set(AppIconSet.filenames)
            let others = ((try? fm.contentsOfDirectory(atPath: dest)) ?? []).filter { !ours.contains($0) }.sorted()
            if !others.isEmpty {
                let shown = others.prefix(3).joined(separator: ", ") + (others.count > 3 ? " and \(others.count - 3) more" : "")
                Tool.printError("\(dest) already holds files that are not part of an icon set (\(shown))", usage: Self.usage,
                                hint: "Pass --force to replace the folder, or choose another -o.")
                return ExitCode.usage
            }
        }
        let files: [String: [UInt8]]
        do { files = try AppIconSet.make(from: source) } catch {
            Tool.printError(error.message, usage: nil, hint: nil)
            return ExitCode.failure
        }
        // Written beside the destination, then renamed: a failure leaves no partial folder.
        let url = URL(fileURLWithPath: dest).standardizedFileURL
        let parent = url.deletingLastPathComponent().path
        let pid = ProcessInfo.processInfo.processIdentifier
        let temp = parent + "/." + url.lastPathComponent + ".tmp-\(pid)"
        let old = parent + "/." + url.lastPathComponent + ".old-\(pid)"
        do {
            try fm.createDirectory(atPath: parent, withIntermediateDirectories: true)
            try? fm.removeItem(atPath: temp)
            try fm.createDirectory(atPath: temp, withIntermediateDirectories: false)
            for (name, bytes) in files.sorted(by: { $0.key < $1.key }) {
                try Data(bytes).write(to: URL(fileURLWithPath: temp + "/" + name))
            }
            if exists { try fm.moveItem(atPath: url.path, toPath: old) }
            do { try fm.moveItem(atPath: temp, toPath: url.path) } catch {
                if exists { try? fm.moveItem(atPath: old, toPath: url.path) }
                throw error
            }
            if exists { try? fm.removeItem(atPath: old) }
        } catch {
            try? fm.removeItem(atPath: temp)
            Tool.printError("cannot write \(dest): \(error.localizedDescription)", usage: nil, hint: nil)
            return ExitCode.failure
        }
        print("Wrote \(dest) (\(files.count - 1) icons for \(AppIconSet.slots.count) slots, and Contents.json)")
        return ExitCode.success
    }
}
