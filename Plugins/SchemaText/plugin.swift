// Why a plugin: `tintype schema` prints the committed schema from wherever the binary is installed,
// so the text must be inside the binary, and a SwiftPM resource bundle is a folder beside it that an
// installed copy loses. Generating the Swift source at build time keeps one copy in the repository
// (docs/scene.schema.json) and rebuilds tintype whenever that file changes.
import PackagePlugin

@main
struct SchemaText: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let schema = context.package.directoryURL.appending(path: "docs/scene.schema.json")
        let output = context.pluginWorkDirectoryURL.appending(path: "SchemaText.swift")
        return [.buildCommand(displayName: "Embedding docs/scene.schema.json in \(target.name)",
                              executable: try context.tool(named: "tintype-schema-text").url,
                              arguments: [schema.path, output.path],
                              inputFiles: [schema], outputFiles: [output])]
    }
}
