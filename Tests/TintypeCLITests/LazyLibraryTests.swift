import Foundation
import Testing

/// librsvg and poppler-glib are opened only when something needs them (CRsvg's and CPoppler's
/// shim.h say why): a scene of plain views never loads them, an SVG image loads librsvg alone.
/// glibc's dynamic loader lists every library it loads, and why, under `LD_DEBUG=files`.
extension CLITests {
    /// The sonames the process loaded, from the loader's `file=NAME [n];` lines.
    func loadedLibraries(_ args: [String], in dir: String) throws -> (run: Run, libraries: Set<String>) {
        let r = try run(args, in: dir, environment: ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": nil])
        var names = Set<String>()
        for line in r.stderr.split(separator: "\n") {
            guard let start = line.range(of: "file=") else { continue }
            names.insert(String(line[start.upperBound...].prefix { $0 != " " && $0 != "\t" }))
        }
        return (r, names)
    }

    @Test func librsvgAndPopplerAreLoadedOnlyWhenAnImageNeedsThem() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(tiny, to: dir + "/plain.json")
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='20' height='20'><rect width='20' height='20' fill='red'/></svg>".utf8)
            .write(to: URL(fileURLWithPath: dir + "/dot.svg"))
        write(#"{ "device": "iPhone SE", "scale": 1, "root": { "view": { "subviews": [ { "imageView": { "frame": [0, 0, 20, 20], "image": "dot.svg" } } ] } } }"#,
              to: dir + "/svg.json")

        let plain = try loadedLibraries(["render", "plain.json", "-o", "plain.png"], in: dir)
        #expect(plain.run.status == 0, "\(plain.run.stderr.suffix(2000))")
        // The control: the listing is read right, or this would fail too.
        #expect(plain.libraries.contains("libcairo.so.2"), "\(plain.libraries.sorted())")
        #expect(!plain.libraries.contains("librsvg-2.so.2"), "\(plain.libraries.sorted())")
        #expect(!plain.libraries.contains("libpoppler-glib.so.8"), "\(plain.libraries.sorted())")

        let svg = try loadedLibraries(["render", "svg.json", "-o", "svg.png"], in: dir)
        #expect(svg.run.status == 0, "\(svg.run.stderr.suffix(2000))")
        #expect(svg.libraries.contains("librsvg-2.so.2"), "\(svg.libraries.sorted())")
        #expect(!svg.libraries.contains("libpoppler-glib.so.8"), "\(svg.libraries.sorted())")
    }
}
