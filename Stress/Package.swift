// swift-tools-version:6.0
// Scripts/stress's determinism check, in a package of its own so that users of Tintype never build
// it: it depends on the repository's package by path, and Scripts/stress builds it (and the tintype
// command, for the release run of the suite) in release.
import PackageDescription

// A package depended on by path is known by its folder's name (lowercased), which differs between
// checkouts, so it is read from where this manifest sits rather than written down.
let root = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "tintype"
let tintype = root.lowercased()

let package = Package(
    name: "TintypeStress",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "tintype-stress",
            dependencies: [
                .product(name: "TintypeModel", package: tintype),
                .product(name: "TintypeRender", package: tintype),
                .product(name: "TintypeSnapshot", package: tintype),
                .product(name: "TintypeStoryboard", package: tintype),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
