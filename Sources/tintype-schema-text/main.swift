// Writes a Swift file holding a text file as a string literal: the build-time half of the
// SchemaText plugin, which embeds docs/scene.schema.json in tintype (see Plugins/SchemaText).
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: tintype-schema-text SCHEMA.json OUTPUT.swift\n".utf8))
    exit(64)
}
let (input, output) = (arguments[1], arguments[2])
guard let data = FileManager.default.contents(atPath: input), var text = String(data: data, encoding: .utf8) else {
    FileHandle.standardError.write(Data("tintype-schema-text: cannot read \(input)\n".utf8))
    exit(1)
}
// A raw literal with one `#` ends at `"""#` and interpolates at `\#(`: the schema has neither.
guard !text.contains("\"\"\"#"), !text.contains("\\#") else {
    FileHandle.standardError.write(Data("tintype-schema-text: \(input) holds \"\"\"# or \\#, which the literal cannot\n".utf8))
    exit(1)
}
if text.hasSuffix("\n") { text.removeLast() }
let swift = """
    // Generated while building, from docs/scene.schema.json (Plugins/SchemaText); not committed.
    enum SchemaText {
        /// docs/scene.schema.json without its final newline.
        static let json = #\"\"\"
    \(text)
    \"\"\"#
    }

    """
do { try Data(swift.utf8).write(to: URL(fileURLWithPath: output), options: .atomic) } catch {
    FileHandle.standardError.write(Data("tintype-schema-text: cannot write \(output): \(error)\n".utf8))
    exit(1)
}
