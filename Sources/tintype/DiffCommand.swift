import Foundation
import TintypeModel
import TintypeRender
import TintypeSnapshot

struct DiffCommand: Command {
    static let name = "diff"
    static let abstract = "Compare two PNG images perceptually."
    static let arguments = "A.png B.png"
    static let argumentHelp = [("A.png", "The expected image."), ("B.png", "The actual image.")]
    static var options: [Option<Self>] { [
        .value("-o", "--output", value: "DIFF.png", help: """
            A's pixels faded toward white in gray, differing pixels red, anti-aliased
            ones yellow. Written only when the images differ.
            """, kind: .outputFile(.image), \.output),
        .value("--strip", value: "STRIP.png", help: "A | diff | B side by side.", kind: .outputFile(.image), \.strip),
    ] + ToleranceOptions.options(\.tolerance) }
    static let discussion = """
        Compares B (actual) with A (expected): identical bytes first, then pixelmatch's YIQ distance
        per pixel with anti-aliasing detection. Prints one line: identical, or how many pixels
        differ, how many are anti-aliasing, and where.

        Exit code: 0 when the images match (within the tolerance), 1 when they differ (or their
        sizes do, or an output cannot be written), 2 when an input cannot be read (missing, corrupt,
        or past the pixel limit of 16384 a side and 64 megapixels), 64 for bad usage (among it an
        output that names an input).
        """

    var inputs: [String] = []
    var output: String?
    var strip: String?
    var tolerance = Tolerance.default

    mutating func argument(_ value: String) throws(UsageError) { inputs.append(value) }

    func validate() throws(UsageError) {
        guard inputs.count == 2 else {
            throw UsageError(message: inputs.count < 2 ? "diff needs two PNG files" : "diff takes two PNG files, found \(inputs.count)", command: Self.self)
        }
        // An output never replaces an input or the other output.
        func same(_ a: String, _ b: String) -> Bool {
            URL(fileURLWithPath: a).standardizedFileURL.path == URL(fileURLWithPath: b).standardizedFileURL.path
        }
        for (option, path) in [("-o", output), ("--strip", strip)] {
            guard let path else { continue }
            if let input = inputs.first(where: { same($0, path) }) {
                throw UsageError(message: "\(option) \(path) is the input \(input); diff will not overwrite its own input", command: Self.self)
            }
        }
        if let output, let strip, same(output, strip) {
            throw UsageError(message: "-o and --strip name the same file \(output)", command: Self.self)
        }
    }

    func run() -> Int32 {
        // Both headers first: an image past the pixel budget is refused before either is decoded.
        var sizes: [PNGHeader] = []
        for path in inputs {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
                writeStderr("Error: \(path) is a folder, not a PNG file")
                return ExitCode.unreadable
            }
            guard let head = readHead(path) else {
                writeStderr("Error: cannot read \(path)")
                return ExitCode.unreadable
            }
            switch PNGHeader.read(head) {
            case .failure(let problem):
                writeStderr("Error: \(path) is \(problem)")
                return ExitCode.unreadable
            case .success(let header):
                if let problem = header.pixelLimitProblem {
                    writeStderr("Error: \(path) is too large: \(problem)")
                    return ExitCode.unreadable
                }
                sizes.append(header)
            }
        }
        if strip != nil {
            // The strip is A | diff | B side by side with 16-pixel gaps; refused before anything
            // is decoded, compared or printed.
            let sameSize = sizes[0].width == sizes[1].width && sizes[0].height == sizes[1].height
            let w = sizes[0].width + sizes[1].width + (sameSize ? sizes[0].width : 0) + 4 * 16
            let h = max(sizes[0].height, sizes[1].height) + 2 * 16
            if !SceneLimits.allowsPixels(width: w, height: h) {
                writeStderr("Error: --strip would be \(w)×\(h) pixels, more than the limit of \(SceneLimits.maxPixelDimension) pixels a side and "
                            + "\(SceneLimits.maxPixelCount / 1_048_576) megapixels; leave out --strip for images this large")
                return ExitCode.failure
            }
        }
        // Both files decode at once, on two threads.
        let paths = inputs
        let decoded = concurrentMap(count: 2) { i in Result { () throws(ImageFileError) in try Bitmap(pngFile: paths[i]) } }
        var images: [Bitmap] = []
        for result in decoded {
            switch result {
            case .success(let image): images.append(image)
            case .failure(let error):
                writeStderr("Error: \(error.message)")
                return ExitCode.unreadable
            }
        }
        // The diff image is drawn only when one is asked for, so rows that are the same in both
        // images are skipped without looking at their pixels.
        let result: Comparison, diff: Bitmap?
        if output != nil || strip != nil {
            (result, diff) = Compare.imagesWithDiff(expected: images[0], actual: images[1], tolerance: tolerance)
        } else {
            (result, diff) = (Compare.images(expected: images[0], actual: images[1], tolerance: tolerance), nil)
        }
        // Outputs before the summary: a summary saying "identical" is never followed by a failure.
        do {
            if let output, let diff { try diff.writePNG(to: output, fast: true) }
            if let strip { try Strip.make([images[0]] + (diff.map { [$0] } ?? []) + [images[1]]).writePNG(to: strip, fast: true) }
        } catch {
            writeStderr("Error: \(error.message)")
            return ExitCode.failure
        }
        print(result.summary)
        return result.passed ? ExitCode.success : ExitCode.failure
    }
}
