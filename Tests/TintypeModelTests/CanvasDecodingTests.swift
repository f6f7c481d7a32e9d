import Testing
@testable import TintypeModel

/// "canvas": a view rendered alone, at a size or at its own.
@Suite struct CanvasDecodingTests {
    func decode(_ json: String) throws -> Scene {
        try SceneDecoder.decode(Array(json.utf8), file: "c.json", baseDirectory: nil)
    }

    func problems(_ json: String) -> String {
        do { _ = try decode(json); return "" } catch { return "\(error)" }
    }

    @Test func aSizedCanvasIsTheScreen() throws {
        let s = try decode(#"{"device": "iPhone 8", "canvas": {"size": [51, 31]}, "root": {"switch": {}}}"#)
        #expect(s.canvas == .size(Size(width: 51, height: 31)))
        #expect(s.screenSize == Size(width: 51, height: 31))
        #expect(s.pixelWidth == 102 && s.pixelHeight == 62)
        // The device's size classes stay the device's.
        #expect(!s.hasRegularWidth)
    }

    @Test func fitTakesTheRootViewsFrame() throws {
        let s = try decode(#"{"canvas": "fit", "scale": 3, "root": {"switch": {"frame": [10, 20, 51, 31]}}}"#)
        #expect(s.canvas == .fit)
        #expect(s.pixelWidth == 153 && s.pixelHeight == 93)
    }

    @Test func badCanvasesSayWhatIsWrong() {
        // A kind with no size of its own needs a frame; a switch or a label measures itself.
        let noFrame = problems(#"{"canvas": "fit", "root": {"view": {}}}"#)
        #expect(noFrame.contains("canvas") && noFrame.contains("this view has neither"), "\(noFrame)")
        #expect(problems(#"{"canvas": "fit", "root": {"switch": {}}}"#) == "")
        #expect(problems(#"{"canvas": "fit", "root": {"label": {"text": "Hi"}}}"#) == "")
        let typo = problems(#"{"canvas": "fitt", "root": {"view": {}}}"#)
        #expect(typo.contains("did you mean \"fit\""), "\(typo)")
        let zero = problems(#"{"canvas": {"size": [0, 31]}, "root": {"view": {}}}"#)
        #expect(zero.contains("canvas.size") && zero.contains("above 0"), "\(zero)")
        let missing = problems(#"{"canvas": {"width": 3}, "root": {"view": {}}}"#)
        #expect(missing.contains("needs a \"size\""), "\(missing)")
        // A canvas beyond the pixel budget is refused like any output.
        let huge = problems(#"{"canvas": {"size": [9000, 9000]}, "scale": 2, "root": {"view": {}}}"#)
        #expect(huge.contains("exceeds the limit"), "\(huge)")
    }

    /// Issue 35: a canvas under a pixel failed at encoding ("PNG encoding failed: no pixel data")
    /// with no line or column; it is an error at the canvas, for each scale the matrix draws.
    @Test func aCanvasUnderOnePixelIsAnErrorAtTheCanvas() {
        #expect(problems(#"{"canvas": {"size": [0.1, 0.1]}, "root": {"view": {}}}"#)
                == "c.json:1:12: canvas: the canvas is 0.1×0.1 points, 0×0 pixels at scale 2: less than one pixel; give it at least 0.25 points each way")
        #expect(problems(#"{"canvas": {"size": [1, 1]}, "variants": {"scales": [0.25, 1]}, "root": {"view": {}}}"#)
                .hasPrefix("c.json:1:12: canvas: on the @0.25x, the canvas is 1×1 points, 0×0 pixels at scale 0.25"))
        #expect(problems(#"{"canvas": "fit", "scale": 1, "root": {"view": {"frame": [0, 0, 0.1, 10]}}}"#).hasPrefix("c.json:1:12: canvas: the canvas is 0.1×10 points"))
        // A fit canvas measured at render time is rounded up to whole pixels; one pixel is enough.
        #expect(problems(#"{"canvas": {"size": [0.25, 0.25]}, "root": {"view": {}}}"#) == "")
    }
}
