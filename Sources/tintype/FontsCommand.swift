import TintypeRender

struct FontsCommand: Command {
    static let name = "fonts"
    static let abstract = "List the font chain text falls back along, and what each font covers."
    static var options: [Option<Self>] { [
        .value("--locale", value: "TAG",
               help: "the chain for a scene's locale (BCP 47): the Chinese, Japanese or Korean face that language prefers comes first among the CJK faces (ja → JP)",
               \.locale),
        .flag("--fontconfig", help: "print the private fontconfig configuration instead; it sees only the files listed, never the machine's own fonts", \.fontconfig),
    ] }
    static let discussion = """
        Prints the fonts text is drawn with, in the order a character falls back along them: Inter
        (the system font stand-in) first, then each pinned fallback with its Debian package, the
        file of its regular face, how many characters it has and what it is for. A character no
        font of the chain has is drawn as an empty box and reported on standard error.
        """

    var locale: String?
    var fontconfig = false

    func run() -> Int32 {
        if fontconfig { print(FontPolicy.configurationText, terminator: ""); return ExitCode.success }
        if let problem = FontPolicy.loadError {
            Tool.printError(problem, usage: nil, hint: nil)
            return ExitCode.failure
        }
        func pad(_ s: String, _ w: Int) -> String { s.count >= w ? s + " " : s + String(repeating: " ", count: w - s.count) }
        print(pad("#", 4) + pad("family", 22) + pad("package", 24) + pad("characters", 12) + "covers")
        var n = 0
        for (entry, faces) in FontPolicy.report(language: locale) {
            if faces.isEmpty {
                n += 1
                print(pad("\(n)", 4) + pad("(by coverage)", 22) + pad(entry.package, 24) + pad("", 12) + entry.covers)
                print("    " + entry.files.map { entry.directory + "/" + $0 }.joined(separator: ", "))
            }
            for face in faces {
                n += 1
                print(pad("\(n)", 4) + pad(face.family, 22) + pad(entry.package, 24) + pad(String(face.characters), 12) + entry.covers)
                print("    " + (face.file ?? "not installed: run Scripts/setup"))
            }
        }
        print("\nThe faces after Inter are tried in this order for each character Inter lacks.")
        return ExitCode.success
    }
}
