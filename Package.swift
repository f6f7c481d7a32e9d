// swift-tools-version:6.0
import PackageDescription

// CCairo and CRsvg name their own pkg-config files (beside their module maps) rather than
// pangocairo.pc and librsvg-2.0.pc: those pull in gmodule's -pthread C flag, which SwiftPM refuses
// with a warning on every build. CRsvg's and CPoppler's also leave out the library itself, which
// Tintype opens only when a scene needs it (see their shim.h), and all three link none of Cairo,
// Pango, fontconfig and GLib, which CLazyLibraries opens on first use. SwiftPM accepts an absolute
// path to a .pc file.
let pcDirectory = Context.packageDirectory + "/Sources"

let package = Package(
    name: "Tintype",
    products: [
        .library(name: "TintypeModel", targets: ["TintypeModel"]),
        .library(name: "TintypeConstraints", targets: ["TintypeConstraints"]),
        .library(name: "TintypeStoryboard", targets: ["TintypeStoryboard"]),
        .library(name: "TintypeLayout", targets: ["TintypeLayout"]),
        .library(name: "TintypeRender", targets: ["TintypeRender"]),
        .library(name: "TintypeSnapshot", targets: ["TintypeSnapshot"]),
        .library(name: "TintypeSnapshotTesting", targets: ["TintypeSnapshotTesting"]),
        .executable(name: "tintype", targets: ["tintype"]),
    ],
    targets: [
        // C libraries, found through pkg-config; Scripts/setup installs the Debian packages named here.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: pcDirectory + "/CCairo/tintype-pangocairo.pc",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "libfontconfig-dev"])]
        ),
        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        // Only to say what is wrong with a PNG that libpng refuses (TintypeRender's PNGDiagnosis).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CRsvg",
            pkgConfig: pcDirectory + "/CRsvg/tintype-rsvg.pc",
            providers: [.apt(["librsvg2-dev"])]
        ),
        .systemLibrary(
            name: "CNettle",
            pkgConfig: "nettle",
            providers: [.apt(["nettle-dev"])]
        ),
        // PDF goldens are compared as pixels: poppler renders them back with cairo.
        .systemLibrary(
            name: "CPoppler",
            pkgConfig: pcDirectory + "/CPoppler/tintype-poppler.pc",
            providers: [.apt(["libpoppler-glib-dev"])]
        ),
        // BLAKE3: the hash of a golden's stamp, four times as fast as SHA-256 with the CPU's SHA
        // instructions. Debian ships its C implementation only inside the Rust crate's sources, so
        // Scripts/setup builds a static library from them (see Sources/CBlake3/tintype-blake3.pc).
        .systemLibrary(
            name: "CBlake3",
            pkgConfig: pcDirectory + "/CBlake3/tintype-blake3.pc",
            providers: [.apt(["librust-blake3-dev"])]
        ),
        // Cairo, Pango, fontconfig and GLib opened the first time one of their functions is called
        // (a stub a function, in C and assembly) instead of linked: a process that draws nothing
        // never loads them or the libraries they bring (36 in all).
        .target(name: "CLazyLibraries"),
        .target(name: "TintypeModel"),
        // Auto Layout's solver (Cassowary), pure Swift with no dependencies: unit-tested on numbers.
        .target(name: "TintypeConstraints"),
        // Interface Builder's storyboards and xibs read into scene files (its own XML reader: no entities).
        .target(name: "TintypeStoryboard", dependencies: ["TintypeModel"]),
        // Layout: scenes to display lists (resolve, measure, place, draw as items). No C library:
        // text and images are measured through protocols the renderer implements.
        .target(name: "TintypeLayout", dependencies: ["TintypeModel", "TintypeConstraints"]),
        // Rasterizing: display lists to pixels, SVG and PDF through Cairo, Pango and librsvg.
        .target(name: "TintypeRender", dependencies: ["TintypeModel", "TintypeLayout", "CCairo", "CRsvg", "CDeflate", "CZlib", "CPoppler",
                                                           "CLazyLibraries"]),
        .target(name: "TintypeSnapshot", dependencies: ["TintypeModel", "TintypeRender", "CBlake3", "CNettle", "CZlib"]),
        // assertSnapshot for Swift Testing and XCTest; kept apart so the CLI never links a test framework.
        .target(name: "TintypeSnapshotTesting", dependencies: ["TintypeModel", "TintypeRender", "TintypeSnapshot"]),
        // `tintype schema` prints docs/scene.schema.json, which the SchemaText plugin builds into the
        // binary (a resource bundle would be a folder an installed copy of the binary loses).
        .executableTarget(name: "tintype", dependencies: ["TintypeModel", "TintypeRender", "TintypeSnapshot", "TintypeStoryboard"],
                          plugins: ["SchemaText"]),
        .executableTarget(name: "tintype-schema-text", path: "Sources/tintype-schema-text"),
        .plugin(name: "SchemaText", capability: .buildTool(), dependencies: ["tintype-schema-text"]),
        // TintypeStoryboard: the schema is generated from every scene in Snapshots, storyboard scenes too.
        .testTarget(name: "TintypeModelTests", dependencies: ["TintypeModel", "TintypeStoryboard"]),
        .testTarget(name: "TintypeConstraintsTests", dependencies: ["TintypeConstraints"]),
        // Fixtures/ holds storyboards and asset catalogs written for the tests, read as files.
        .testTarget(name: "TintypeStoryboardTests", dependencies: ["TintypeStoryboard", "TintypeModel"], exclude: ["Fixtures"]),
        // TintypeStoryboard: Snapshots/ holds scenes that name a storyboard's scene.
        .testTarget(name: "TintypeRenderTests", dependencies: ["TintypeModel", "TintypeLayout", "TintypeRender", "TintypeSnapshot", "TintypeStoryboard"]),
        // Runs the built `tintype` binary as a user would; depending on it makes `swift test` build it.
        .testTarget(name: "TintypeCLITests", dependencies: ["tintype"]),
        .testTarget(name: "TintypeSnapshotTests", dependencies: ["TintypeModel", "TintypeRender", "TintypeSnapshot", "TintypeSnapshotTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
