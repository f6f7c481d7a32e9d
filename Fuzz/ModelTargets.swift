// libFuzzer targets for TintypeModel, built by Scripts/fuzz together with the module's sources (so
// internal API is in reach) into one binary; TINTYPE_FUZZ_TARGET picks the target:
//   json   the JSON reader            scene  the scene decoder (and the JSON reader under it)
//   path   the SVG path-data parser   png    the PNG header reader
//   outpath  output and report paths (FilePaths) in a sandbox of links leading in, out and round
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
