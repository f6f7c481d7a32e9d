import Foundation
import TintypeModel

/// `tintype schema`: the JSON Schema of scene files, for editors and validators.
struct SchemaCommand: Command {
    static let name = "schema"
    static let abstract = "Print the JSON Schema of scene files (for editors and validators)."
    static let options = [
        OptionSpec("--generate", value: "DIR", help: """
            Instead, generate the schema from what the decoder reads in every scene
            under DIR (Scripts/schema does this with Snapshots to regenerate
            docs/scene.schema.json). Exit code 1 if a scene does not decode.
            """),
    ]
    static let discussion = """
        The schema (JSON Schema draft 2020-12) is generated from the scene decoder itself: for each
        kind of object, the keys it asks for, and the values the scenes in Snapshots/ give them. It is
        the same as docs/scene.schema.json. A scene may name it with "$schema", and editors that read
        JSON Schema (VS Code, JetBrains) then complete and check properties as you type.

        Example:
          tintype schema > scene.schema.json
        """

    var generate: String?

    init(arguments: [String]) throws(UsageError) {
        var scanner = ArgumentScanner(arguments, command: Self.self)
        while let (option, v) = try scanner.next() {
            switch option {
            case nil: throw UsageError(message: "unexpected argument \"\(v)\"", command: Self.self)
            case "--generate": generate = v
            case let other?: throw UsageError(message: "option \(other) is declared but not handled", command: Self.self)
            }
        }
        if let generate {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: generate, isDirectory: &isDir), isDir.boolValue else {
                throw UsageError(message: "no such folder \"\(generate)\"", command: Self.self)
            }
        }
    }

    func run() -> Int32 {
        guard let generate else {
            print(SceneSchema.committed)
            return ExitCode.success
        }
        let root = generate.hasSuffix("/") ? String(generate.dropLast()) : generate
        let files = TestCommand.files(under: root, ext: ".json").compactMap { relative -> (path: String, bytes: [UInt8])? in
            let path = root + "/" + relative
            return FileManager.default.contents(atPath: path).map { (path, Array($0)) }
        }
        let generated = SceneSchema.generate(files)
        for p in generated.problems { writeStderr("Error: " + p) }
        FileHandle.standardOutput.write(Data(generated.json.utf8))
        return generated.problems.isEmpty ? ExitCode.success : ExitCode.failure
    }
}
