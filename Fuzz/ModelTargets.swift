// libFuzzer targets for TintypeModel, built by Scripts/fuzz together with the module's sources (so
// internal API is in reach) into one binary; TINTYPE_FUZZ_TARGET picks the target:
//   json   the JSON reader            scene  the scene decoder (and the JSON reader under it)
//   path   the SVG path-data parser   png    the PNG header reader
// Any input may be rejected; none may trap, hang or exhaust memory.
#if canImport(Glibc)
import Glibc
#endif

private let target: String = getenv("TINTYPE_FUZZ_TARGET").map { String(cString: $0) } ?? "scene"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch target {
    case "json":
        _ = try? JSONParser.parse(bytes)
    case "path":
        _ = try? PathData(parsing: String(decoding: bytes, as: UTF8.self))
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
