import Foundation
import Testing
@testable import tintype

/// The option tables themselves: every path an option names for writing is declared as an output,
/// so that the output guard sees it (OutputGuardTests runs the guard on each).
@Suite struct OptionTableTests {
    /// Value names that stand for a path; an option taking one is an output unless it is read.
    static let pathValues: Set<String> = ["PATH", "DIR", "FILE.png", "DIFF.png", "STRIP.png"]
    /// Options whose path is read, not written.
    static let inputs: Set<String> = ["schema --generate"]

    @Test func everyPathAnOptionWritesIsAnOutput() {
        var outputs: [String] = []
        for command in Tool.commands {
            for spec in command.specs {
                // --root names the folder the scenes' files are read from.
                guard let value = spec.value, Self.pathValues.contains(value), !Self.inputs.contains("\(command.name) \(spec.name)"),
                      spec.name != "--root" else { continue }
                #expect(spec.kind.isOutput, "\(command.name) \(spec.name) \(value) is not declared as an output")
                outputs.append("\(command.name) \(spec.names[0])")
            }
        }
        #expect(outputs.sorted() == ["audit --artifacts", "audit --json", "audit --junit", "diff --strip", "diff -o", "icon --preview", "icon -o", "import -o", "launch-images -o", "render -o", "report --junit",
                                     "report -o", "screenshots -o", "sheet -o", "test --artifacts", "test --bundle", "test --json", "test --junit"],
                "\(outputs.sorted())")
    }

    @Test func namesAreUniqueWithinACommand() {
        for command in Tool.commands {
            let names = command.specs.flatMap(\.names) + ["-h", "--help"]
            #expect(Set(names).count == names.count, "\(command.name): \(names)")
        }
    }
}
