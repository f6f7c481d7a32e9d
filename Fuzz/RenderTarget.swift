// The libFuzzer render target, built by Scripts/fuzz together with TintypeRender's sources (and
// TintypeModel as a module) into its own binary: a scene that decodes is rendered at a quarter of a
// point per pixel, so that every input is cheap to draw while every stage still runs (resolve,
// layout, display list, Cairo, text). Decoding may reject the input and rendering may fail with an
// error; neither may trap, hang or exhaust memory.
#if canImport(Glibc)
import Glibc
#endif
import TintypeModel

private let renderer = Renderer(warn: { _ in })

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard var scene = try? SceneDecoder.decode(bytes, file: "fuzz.json", baseDirectory: "/nonexistent") else { return 0 }
    // The tiny pixel budget: a quarter point per pixel (an iPhone SE is 80×142 pixels).
    scene.scale = SceneLimits.scaleRange.lowerBound
    guard scene.pixelLimitProblem == nil else { return 0 }
    _ = try? renderer.render(scene)
    return 0
}
