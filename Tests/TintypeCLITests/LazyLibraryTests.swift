import Foundation
import Testing

/// librsvg and poppler-glib are opened only when something needs them (CRsvg's and CPoppler's
/// shim.h say why): a scene of plain views never loads them, an SVG image loads librsvg alone.
/// Cairo, Pango, fontconfig and GLib are opened the first time one of their functions is called
/// (Sources/CLazyLibraries): a command that draws nothing never loads them.
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

    @Test func cairoPangoAndGLibAreLoadedOnlyByACommandThatDraws() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(tiny, to: dir + "/plain.json")
        let graphics = ["libcairo.so.2", "libpango-1.0.so.0", "libpangocairo-1.0.so.0", "libfontconfig.so.1", "libglib-2.0.so.0", "libharfbuzz.so.0"]

        for args in [["--version"], ["devices"], ["help", "render"]] {
            let r = try loadedLibraries(args, in: dir)
            #expect(r.run.status == 0, "\(args): \(r.run.stderr.suffix(2000))")
            // The control: the listing is read right (every process loads libc).
            #expect(r.libraries.contains("libc.so.6"), "\(args): \(r.libraries.sorted())")
            #expect(r.libraries.isDisjoint(with: graphics), "\(args): \(r.libraries.sorted())")
        }
        let render = try loadedLibraries(["render", "plain.json", "-o", "plain.png"], in: dir)
        #expect(render.run.status == 0, "\(render.run.stderr.suffix(2000))")
        #expect(render.libraries.isSuperset(of: graphics), "\(render.libraries.sorted())")
        // Opened on first use, the libraries draw what linked ones drew.
        let png = try Data(contentsOf: URL(fileURLWithPath: dir + "/plain.png"))
        #expect(Array(png.prefix(8)) == pngSignature)
    }
}
