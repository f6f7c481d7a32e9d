// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Tintype",
    products: [
        .library(name: "TintypeModel", targets: ["TintypeModel"]),
        .library(name: "TintypeRender", targets: ["TintypeRender"]),
        .library(name: "TintypeSnapshot", targets: ["TintypeSnapshot"]),
        .library(name: "TintypeSnapshotTesting", targets: ["TintypeSnapshotTesting"]),
        .executable(name: "tintype", targets: ["tintype"]),
    ],
    targets: [
        // C libraries, found through pkg-config; Scripts/setup installs the Debian packages named here.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "libfontconfig-dev"])]
        ),
        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        .systemLibrary(
            name: "CRsvg",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"])]
        ),
        .target(name: "TintypeModel"),
        .target(name: "TintypeRender", dependencies: ["TintypeModel", "CCairo", "CRsvg", "CDeflate"]),
        .target(name: "TintypeSnapshot", dependencies: ["TintypeModel", "TintypeRender"]),
        // assertSnapshot for Swift Testing and XCTest; kept apart so the CLI never links a test framework.
        .target(name: "TintypeSnapshotTesting", dependencies: ["TintypeModel", "TintypeRender", "TintypeSnapshot"]),
        .executableTarget(name: "tintype", dependencies: ["TintypeModel", "TintypeRender", "TintypeSnapshot"]),
        // Scripts/bench only. CFastPNG loads libspng and libdeflate at run time, so no build needs them.
        .systemLibrary(name: "CFastPNG"),
        .executableTarget(name: "tintype-bench", dependencies: ["TintypeModel", "TintypeRender", "TintypeSnapshot", "CFastPNG"]),
        .testTarget(name: "TintypeModelTests", dependencies: ["TintypeModel"]),
        .testTarget(name: "TintypeRenderTests", dependencies: ["TintypeModel", "TintypeRender"]),
        // Runs the built `tintype` binary as a user would; depending on it makes `swift test` build it.
        .testTarget(name: "TintypeCLITests", dependencies: ["tintype"]),
        .testTarget(name: "TintypeSnapshotTests", dependencies: ["TintypeModel", "TintypeRender", "TintypeSnapshot", "TintypeSnapshotTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
