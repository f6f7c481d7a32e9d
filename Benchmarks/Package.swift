// swift-tools-version:6.0
// Scripts/bench's measuring tool, in a package of its own so that users of Tintype never build it:
// it depends on the repository's package by path, and Scripts/bench builds it in release.
import PackageDescription

// A package depended on by path is known by its folder's name (lowercased), which differs between
// checkouts, so it is read from where this manifest sits rather than written down.
let root = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "tintype"
let tintype = root.lowercased()

let package = Package(
    name: "TintypeBenchmarks",
    dependencies: [.package(path: "..")],
    targets: [
        // Loads libspng and libdeflate at run time, so building needs neither.
        .systemLibrary(name: "CFastPNG"),
        // Cairo's own PNG writer (libpng + zlib), the baseline of the encoder table.
        .systemLibrary(name: "CBenchCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .executableTarget(
            name: "tintype-bench",
            dependencies: [
                .product(name: "TintypeModel", package: tintype),
                .product(name: "TintypeConstraints", package: tintype),
                .product(name: "TintypeRender", package: tintype),
                .product(name: "TintypeSnapshot", package: tintype),
                "CFastPNG",
                "CBenchCairo",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
