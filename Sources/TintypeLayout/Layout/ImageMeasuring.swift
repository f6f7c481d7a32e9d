import TintypeModel

/// Image sizes for layout, so that layout reads no pixels itself; the renderer's `ImageStore`
/// answers from its decoded images.
package protocol ImageMeasuring: Sendable {
    func resolvedPath(_ source: ImageSource, baseDirectory: String?) -> String
    /// The image's size in points.
    func size(of source: ImageSource, at file: String) throws(ImageFileError) -> Size
    /// Every pixel opaque (UIKit makes a bar with such a background image opaque).
    func isOpaque(_ source: ImageSource, at file: String) throws(ImageFileError) -> Bool
}
