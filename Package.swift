// swift-tools-version:6.0
// kiosk-shell: a fullscreen Wayland touch-panel shell. Module graph and the dependency rule are in
// ../shared/DESIGN.md: KioskCore imports only the standard library; C targets are imported only by
// Render, Wayland, Input and Platform.
import PackageDescription

let package = Package(
    name: "kiosk-shell",
    products: [
        .executable(name: "kiosk-shell", targets: ["kiosk-shell"])
    ],
    dependencies: [
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // C libraries through pkg-config.
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        .systemLibrary(
            name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),

        // Swift modules, innermost first.
        .target(name: "KioskCore"),
        .target(
            name: "KioskConfig",
            dependencies: ["KioskCore", .product(name: "TOMLKit", package: "TOMLKit")]),
        .target(
            name: "KioskRender",
            dependencies: ["KioskCore", "CPangoCairo", "CPixman"]),
        .target(
            name: "KioskApp",
            dependencies: [
                "KioskCore", "KioskConfig", "KioskRender",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "kiosk-shell",
            dependencies: [
                "KioskApp",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        .testTarget(name: "KioskCoreTests", dependencies: ["KioskCore"]),
        .testTarget(
            name: "KioskConfigTests", dependencies: ["KioskConfig"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "KioskRenderTests", dependencies: ["KioskRender", "KioskConfig"],
            resources: [.copy("Golden")]),
    ]
)
