// libFuzzer targets for TintypeModel, built by Scripts/fuzz together with the module's sources (so
// internal API is in reach) into one binary; TINTYPE_FUZZ_TARGET picks the target:
//   json   the JSON reader            scene  the scene decoder (and the JSON reader under it)
//   path   the SVG path-data parser   png    the PNG header reader
//   outpath  output and report paths (FilePaths) in a sandbox of links leading in, out and round
//   format   localized string formats (Format.render) with their arguments, and %f of any double
//   include  include graphs of up to eight files (diamonds, cycles, ways out), read as a scene
// Any input may be rejected; none may trap, hang or exhaust memory.
#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The outpath target's sandbox: a bundle folder with links leading in (`in`), out (`up`, to a
/// folder two levels down outside it, so that `up/../..` climbs out), round (`loop`) and nowhere
/// (`gone`), a file inside and a secret outside.
private let sandbox: String = {
    let root = "/tmp/tintype-fuzz-outpath-\(getpid())"
    let fm = FileManager.default
    for dir in ["bundle/artifacts/a", "outside/deep/er"] { try? fm.createDirectory(atPath: root + "/" + dir, withIntermediateDirectories: true) }
    fm.createFile(atPath: root + "/bundle/artifacts/a/x.png", contents: Data())
    fm.createFile(atPath: root + "/outside/secret", contents: Data())
    for (link, target) in [("bundle/artifacts/up", root + "/outside/deep/er"), ("bundle/artifacts/in", root + "/bundle/artifacts/a"),
                           ("bundle/artifacts/loop", root + "/bundle/artifacts/loop"), ("bundle/artifacts/gone", root + "/nowhere")] {
        try? fm.createSymbolicLink(atPath: root + "/" + link, withDestinationPath: target)
    }
    return root
}()

/// A path from the input: one component of a small alphabet per byte, absolute when the first
/// byte's high bit is set.
private func outputPath(_ bytes: [UInt8]) -> String {
    let alphabet = ["..", ".", "a", "up", "in", "loop", "gone", "x.png", "", "artifacts", "bundle", "outside", "secret", "deep", "er"]
    let path = bytes.dropFirst().map { alphabet[Int($0) % alphabet.count] }.joined(separator: "/")
    return (bytes.first.map { $0 & 0x80 != 0 } ?? false) ? sandbox + "/" + path : path
}

private let target: String = getenv("TINTYPE_FUZZ_TARGET").map { String(cString: $0) } ?? "scene"

/// The format target's input: the format up to the first zero byte, then arguments of nine bytes
/// each (a kind byte and a double's bits): a number, a string of the double's digits, or null.
private func formatCase(_ bytes: [UInt8]) -> (format: String, arguments: [JSONValue]) {
    let cut = bytes.firstIndex(of: 0) ?? bytes.count
    var arguments: [JSONValue] = []
    var i = cut + 1
    while i + 9 <= bytes.count && arguments.count < 64 {
        var bits: UInt64 = 0
        for b in bytes[(i + 1)..<(i + 9)] { bits = bits << 8 | UInt64(b) }
        let d = Double(bitPattern: bits)
        switch bytes[i] % 3 {
        // JSON numbers are finite; a double that is not stands for its bits as a whole number.
        case 0: arguments.append(.number(d.isFinite ? d : Double(bits >> 11)))
        case 1: arguments.append(.string(String(d)))
        default: arguments.append(.null)
        }
        i += 9
    }
    return (String(decoding: bytes[..<cut], as: UTF8.self), arguments)
}

/// The include target's sandbox: a project folder (files are written into it for each input), a
/// secret beside it, and a link inside that leads out to the secret.
private let includeSandbox: String = {
    let root = "/tmp/tintype-fuzz-include-\(getpid())"
    try? FileManager.default.createDirectory(atPath: root + "/p", withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: root + "/secret.json", contents: Data("{\"fuzz-secret\": 1, oops}".utf8))
    try? FileManager.default.createSymbolicLink(atPath: root + "/p/out.json", withDestinationPath: root + "/secret.json")
    return root
}()

/// Writes the graph the input describes: 1 to 8 files, each including up to three names among
/// the files, a way out with .., an absolute path and the link leading out. File 0 is the scene.
private func includeGraph(_ bytes: [UInt8]) -> Int {
    var b = bytes.makeIterator()
    let count = Int(b.next() ?? 0) % 8 + 1
    let outside = ["../secret.json", includeSandbox + "/secret.json", "out.json"]
    for i in 0..<count {
        var names: [String] = []
        for _ in 0..<(Int(b.next() ?? 0) % 4) {
            let pick = Int(b.next() ?? 0) % (count + outside.count)
            names.append(pick < count ? "f\(pick).json" : outside[pick - count])
        }
        let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
        let text = "{\"include\": [\(list)], \"statusBar\": {\"carrier\": \"F\(i)\"}" + (i == 0 ? ", \"root\": {\"view\": {}}}" : "}")
        FileManager.default.createFile(atPath: includeSandbox + "/p/f\(i).json", contents: Data(text.utf8))
    }
    return count
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch target {
    case "json":
        _ = try? JSONParser.parse(bytes)
    case "path":
        _ = try? PathData(parsing: String(decoding: bytes, as: UTF8.self))
    case "outpath":
        let path = outputPath(bytes), bundle = sandbox + "/bundle"
        let resolved = FilePaths.resolved(path, from: bundle)
        // Absolute and clean, whatever the input.
        precondition(resolved.hasPrefix("/") && !resolved.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            .contains { $0.isEmpty || $0 == "." || $0 == ".." } || resolved == "/", "not clean: \(resolved)")
        let full = path.hasPrefix("/") ? path : bundle + "/" + path
        if let real = realpath(full, nil) {
            // What exists resolves to the file the kernel opens.
            defer { free(real) }
            precondition(resolved == String(cString: real), "\(path): \(resolved), the kernel says \(String(cString: real))")
        }
        if FilePaths.escape(of: path, inside: bundle) == nil {
            // Kept inside: the file it names, if any, is inside, and so is the path written to.
            let root = FilePaths.resolved(bundle)
            precondition(FilePaths.contains(root, resolved), "\(path) escapes to \(resolved)")
            if let real = realpath(full, nil) {
                defer { free(real) }
                precondition(FilePaths.contains(root, String(cString: real)), "\(path) opens \(String(cString: real))")
            }
        }
    case "format":
        let (format, arguments) = formatCase(bytes)
        _ = Format.specifiers(format)
        _ = Pseudo.accented(format)
        _ = Format.render(format, arguments: arguments)
        for case .number(let d) in arguments {
            for places in [0, 2, 6, 15] {
                // Digits, a point and digits, whatever the double: never a trap, never an exponent.
                let s = Format.fixed(d, places: places)
                precondition(s.drop(while: { $0 == "-" }).allSatisfy { $0.isNumber || $0 == "." } && s.filter { $0 == "." }.count == (places > 0 ? 1 : 0), s)
            }
        }
    case "include":
        let count = includeGraph(bytes)
        do {
            let scene = try SceneDecoder.load(path: includeSandbox + "/p/f0.json")
            // Each file at most once, and nothing outside the project.
            precondition(scene.includedFiles.count < count, "\(scene.includedFiles)")
            precondition(scene.includedFiles.allSatisfy { $0.hasPrefix(includeSandbox + "/p/") && !$0.hasSuffix("out.json") }, "\(scene.includedFiles)")
        } catch {
            precondition(!error.description.contains("fuzz-secret") && !error.description.contains("oops"), error.description)
        }
    case "png":
        if case .success(let header) = PNGHeader.read(bytes) {
            precondition(header.width > 0 && header.height > 0)
            _ = header.pixelLimitProblem
        }
    default:
        if let scene = try? SceneDecoder.decode(bytes, file: "fuzz.json", baseDirectory: "/nonexistent") {
            // What decodes meets the limits a Swift-built scene is held to.
            precondition(scene.limitProblems.isEmpty, "decoded scene outside the limits: \(scene.limitProblems)")
        }
    }
    return 0
}
