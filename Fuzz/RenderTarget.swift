// The libFuzzer render target, built by Scripts/fuzz together with TintypeRender's sources (and
// TintypeModel as a module) into its own binary: a scene that decodes is rendered at a quarter of a
// point per pixel, so that every input is cheap to draw while every stage still runs (resolve,
// layout, display list, Cairo, text). Decoding may reject the input and rendering may fail with an
// error; neither may trap, hang or exhaust memory.
#if canImport(Glibc)
import Glibc
#endif
import CCairo
import TintypeModel

private let renderer = Renderer(warn: { _ in })

/// `TINTYPE_FUZZ_TARGET=pngread` (Scripts/fuzz's pngread target) fuzzes the PNG reader instead.
private let readsPNG = getenv("TINTYPE_FUZZ_TARGET").map { String(cString: $0) } == "pngread"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if readsPNG { return fuzzPNGReader(bytes) }
    guard var scene = try? SceneDecoder.decode(bytes, file: "fuzz.json", baseDirectory: "/nonexistent") else { return 0 }
    // The tiny pixel budget: a quarter point per pixel (an iPhone SE is 80×142 pixels).
    scene.scale = SceneLimits.scaleRange.lowerBound
    guard scene.pixelLimitProblem == nil else { return 0 }
    _ = try? renderer.render(scene)
    return 0
}

/// Whatever Tintype's own PNG reader takes must decode through Cairo's reader too, to the same
/// format and bytes; whatever it does not take falls to Cairo's, which may refuse it.
private func fuzzPNGReader(_ bytes: [UInt8]) -> Int32 {
    guard case .success(let header) = PNGHeader.read(bytes), header.width * header.height <= 1 << 20 else { return 0 }
    guard let direct = CairoSurface.decodeDirectly(bytes) else {
        _ = try? CairoSurface(png: bytes, directly: false)
        return 0
    }
    defer { cairo_surface_destroy(direct) }
    guard let viaCairo = try? CairoSurface(png: bytes, directly: false) else { fatalError("only the direct reader decodes this PNG") }
    let a = direct, b = viaCairo.pointer
    let h = Int(cairo_image_surface_get_height(a)), stride = Int(cairo_image_surface_get_stride(a))
    guard cairo_image_surface_get_format(a) == cairo_image_surface_get_format(b), cairo_image_surface_get_width(a) == cairo_image_surface_get_width(b),
          Int(cairo_image_surface_get_height(b)) == h, Int(cairo_image_surface_get_stride(b)) == stride,
          memcmp(cairo_image_surface_get_data(a), cairo_image_surface_get_data(b), h * stride) == 0
    else { fatalError("the two PNG readers disagree") }
    return 0
}
