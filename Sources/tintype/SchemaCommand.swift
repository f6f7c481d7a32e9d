import Foundation
import TintypeModel

/// `tintype schema`: the JSON Schema of scene files, for editors and validators.
struct SchemaCommand: Command {
    static let name = "schema"
    static let abstract = "Print the JSON Schema of scene files (for editors and validators)."
    static var options: [Option<Self>] { [
        .value("--generate", value: "DIR", help: """
            Instead, generate the schema from the decoder and what it reads in
            every scene under DIR (Scripts/schema does this with Snapshots to
            regenerate docs/scene.schema.json). Exit code 1 if a scene does not
            decode.
            """, \.generate),
    ] }
    static let discussion = """
        The schema (JSON Schema draft-07) is generated from the scene decoder itself: for each kind
        of object, the keys it asks for and the form each read accepts. It is the same text as
        docs/scene.schema.json in Tintype's repository. A scene may name it with "$schema", and
        editors that read JSON Schema (VS Code, JetBrains IDEs) then complete and check properties
        as you type; see docs/scene-format.md.

        Example:
          tintype schema > scene.schema.json
        """

    var generate: String?

    func validate() throws(UsageError) {
        if let generate {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: generate, isDirectory: &isDir), isDir.boolValue else {
                throw UsageError(message: "no such folder \"\(generate)\"", command: Self.self)
            }
        }
    }

    func run() -> Int32 {
        guard let generate else {
            print(SchemaText.json)
            return ExitCode.success
        }
        let root = generate.hasSuffix("/") && generate.count > 1 ? String(generate.dropLast()) : generate
        var scenes: [(path: String, bytes: [UInt8])] = []
        for path in SceneFiles.scenes(among: TestCommand.files(under: root, ext: ".json").map { root + "/" + $0 }) {
            // Only a regular file is opened (a named pipe would hang the run), within the scene limit.
            switch InputFiles.read(path, limit: SceneLimits.maxFileSize) {
            case .success(let data): scenes.append((path, data))
            case .failure(let why):
                writeStderr("Error: \(path): the scene file \(why.message(limit: SceneLimits.maxFileSize))")
                return ExitCode.failure
            }
        }
        // The folder given is the scenes' project: their includes and images may be anywhere in it.
        let generated = SceneSchema.generate(scenes: scenes, root: root)
        for p in generated.problems { writeStderr("Error: " + p) }
        guard generated.problems.isEmpty else { return ExitCode.failure }
        FileHandle.standardOutput.write(Data(generated.json.utf8))
        return ExitCode.success
    }
}
