import Foundation
import TintypeRender
import TintypeSnapshot

struct DiffCommand: Command {
    static let name = "diff"
    static let abstract = "Compare two PNG images perceptually."
    static let usage = "Usage: tintype diff A.png B.png [-o DIFF.png] [--strip STRIP.png] [--threshold T] [--max-pixels N] [--max-ratio R] [--count-antialiasing]"
    static let help = """
        Compares B (actual) with A (expected): identical bytes first, then pixelmatch's YIQ distance
        per pixel with anti-aliasing detection. Prints one line: identical, or how many pixels
        differ, how many are anti-aliasing, and where.

        Options:
          -o, --output DIFF.png A's pixels faded toward white in gray, differing pixels red,
                                anti-aliased ones yellow. Written only when the images differ.
          --strip STRIP.png     A | diff | B side by side.
          --threshold T         Per-pixel threshold, 0 to 1 (default 0.1; 0 is exact).
          --max-pixels N        Differing pixels tolerated (default 0).
          --max-ratio R         Share of differing pixels tolerated, 0 to 1 (default 0).
          --count-antialiasing  Count anti-aliased pixels as differences too.

        Exit code: 0 when the images match (within the tolerance), 1 when they differ (or their
        sizes do), 2 when an input cannot be read, 64 for bad usage.
        """

    var inputs: [String] = []
    var output: String?
    var strip: String?
    var tolerance = Tolerance.default

    init(arguments: [String]) throws {
        var scanner = ArgumentScanner(arguments, command: Self.self)
        while let (option, argument) = scanner.next() {
            switch option {
            case nil: inputs.append(argument)
            case "-o", "--output": output = try scanner.value(for: "--output")
            case "--strip": strip = try scanner.value(for: "--strip")
            case let option? where try scanner.tolerance(option, into: &tolerance): break
            case let other?: throw UsageError(message: "unknown option \"\(other)\"", command: Self.self)
            }
        }
        guard inputs.count == 2 else {
            throw UsageError(message: inputs.count < 2 ? "diff needs two PNG files" : "diff takes two PNG files, found \(inputs.count)", command: Self.self)
        }
    }

    func run() -> Int32 {
        // Both files decode at once, on two threads.
        final class Slots: @unchecked Sendable {
            let lock = NSLock()
            var results: [Result<Bitmap, ImageFileError>?] = [nil, nil]
        }
        let slots = Slots(), paths = inputs
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            let result = Result { () throws(ImageFileError) in try Bitmap(pngFile: paths[i]) }
            slots.lock.withLock { slots.results[i] = result }
        }
        var images: [Bitmap] = []
        for result in slots.results {
            switch result! {
            case .success(let image): images.append(image)
            case .failure(let error):
                writeStderr("Error: \(error.message)")
                return 2
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
        print(result.summary)
        do {
            if let output, let diff { try diff.writePNG(to: output) }
            if let strip { try Strip.make([images[0]] + (diff.map { [$0] } ?? []) + [images[1]]).writePNG(to: strip) }
        } catch {
            writeStderr("Error: \(error.message)")
            return ExitCode.failure
        }
        return result.passed ? ExitCode.success : ExitCode.failure
    }
}
