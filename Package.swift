// swift-tools-version:6.0
// kiosk-shell: a fullscreen Wayland touch-panel shell. The dependency rule of the module graph
// (docs/architecture.md): KioskCore imports only the standard library; C targets are imported
// only by Render, Wayland, DRM, Input, Platform and Control.
import Foundation
import PackageDescription

/// Include paths of a pkg-config package. Pango's .pc files (through glib) add `-pthread`, which
/// SwiftPM's pkgConfig support rejects with a warning on every build; asking pkg-config here and
/// keeping only the include paths builds the same code warning-free.
func includePaths(_ package: String) -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--cflags-only-I", package]
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return [] }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: " ")
        .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { $0.hasPrefix("-I") }
}

/// Set by Tests/Fuzz/run.sh (and the sanitizer steps of scripts/test.sh) for their own scratch
/// path: kiosk-fuzz then links libFuzzer's driver and runs as a coverage-guided fuzzer. The
/// instrumentation itself comes from the command line (`-sanitize-coverage=…`), for every module.
let libFuzzer = ProcessInfo.processInfo.environment["KIOSK_FUZZ_DRIVER"]
let fuzzSwiftSettings: [SwiftSetting] = libFuzzer == nil ? [] : [.define("KIOSK_FUZZ")]
let fuzzLinkerSettings: [LinkerSetting] = libFuzzer.map { [.unsafeFlags([$0, "-lstdc++"])] } ?? []

let pangoIncludes = includePaths("pangocairo")
/// Every Swift target that imports CPangoCairo, directly or through KioskRender, needs these.
let pangoSwiftSettings: [SwiftSetting] = [.unsafeFlags(pangoIncludes.flatMap { ["-Xcc", $0] })]

/// The compositor's release build without the run-time exclusivity checks: a frame touches the
/// compositor's class properties a few hundred thousand times, and each dynamic check costs a
/// call into the runtime and a thread-local lookup (2 M instructions of a 34 M-instruction cube
/// frame). Debug builds, and so every unit test, keep the checks.
let renderReleaseSettings: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
]

let package = Package(
    name: "kiosk-shell",
    products: [
        .executable(name: "kiosk-shell", targets: ["kiosk-shell"])
    ],
    dependencies: [
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0")
    ],
    targets: [
        // C libraries through pkg-config.
        .target(name: "CPangoCairo", cSettings: [.unsafeFlags(pangoIncludes)]),
        .systemLibrary(
            name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        // libinput, libudev and xkbcommon (headers in /usr/include; the module map links them),
        // with a small C shim for libinput's va_list log handler.
        .target(name: "CLibinput"),
        // libwayland-client + committed wayland-scanner output + xkbcommon (headers in /usr/include).
        .target(
            name: "CWayland",
            linkerSettings: [.linkedLibrary("wayland-client"), .linkedLibrary("xkbcommon")]),
        // libdrm (KMS, dumb buffers, page-flip events) and libseat (device access, VT switches),
        // with a small C shim for drmHandleEvent's context and libseat's va_list log handler.
        .target(name: "CDRM", cSettings: [.unsafeFlags(includePaths("libdrm"))]),
        .systemLibrary(name: "CPlatform"),  // epoll, timerfd, signalfd, malloc headers only
        // libcrypt (libxcrypt): the PIN hashes of locked pages (`lock`, `kiosk-shell hash-pin`).
        .systemLibrary(name: "CCrypt"),
        // libmosquitto (MQTT client; the socket is driven by our epoll loop, no mosquitto thread),
        // loaded with dlopen only when [mqtt] is configured, so OpenSSL is not mapped otherwise.
        .target(name: "CMosquitto"),
        // libqrencode (the `qr` widget's encoder), loaded with dlopen on the first QR code drawn:
        // no -dev package to build (amd64 or the arm64 sysroot), libqrencode4 at run time.
        .target(name: "CQREncode"),
        // sd-bus from libsystemd, with a C shim for its macro-built vtable and variadic calls.
        .target(
            name: "CSystemdBus", cSettings: [.unsafeFlags(includePaths("libsystemd"))],
            linkerSettings: [.linkedLibrary("systemd")]),

        // The compositor's column-pair kernels (a page stored for turning, and the loops that
        // read it): C, so each instruction-set tier is one function with
        // __attribute__((target(...))), picked at run time (SSE2/SSSE3/AVX2, NEON on aarch64).
        .target(name: "CPixelKernels"),

        // Swift modules, innermost first.
        .target(name: "KioskCore"),
        .target(
            name: "KioskConfig",
            dependencies: ["KioskCore", .product(name: "TOMLKit", package: "TOMLKit")]),
        // The swap chain every output draws through (Wayland window, DRM display, memory for
        // `bench`): which buffer a frame goes into, what to repair from the last shown one, each
        // buffer's damage history. A module of its own, not in KioskWayland (the DRM and memory
        // outputs must not need the Wayland client) nor in KioskRender: it handles raw ARGB
        // memory and KioskCore's rectangles only, so it needs no C library (no cairo or pixman
        // in the Wayland module) and its tests build in seconds.
        .target(name: "KioskFrames", dependencies: ["KioskCore"]),
        .target(
            name: "KioskRender",
            dependencies: ["KioskCore", "CPangoCairo", "CPixman", "CPixelKernels", "CQREncode"],
            swiftSettings: pangoSwiftSettings + renderReleaseSettings),
        .target(name: "KioskInput", dependencies: ["KioskCore", "KioskPlatform", "CLibinput"]),
        .target(
            name: "KioskApp",
            dependencies: [
                "KioskCore", "KioskConfig", "KioskFrames", "KioskRender", "KioskPlatform",
                "KioskWayland", "KioskDRM", "KioskInput", "KioskControl",
                .product(name: "Logging", package: "swift-log")
            ],
            swiftSettings: pangoSwiftSettings),
        .target(name: "KioskPlatform", dependencies: ["CPlatform", "CCrypt"]),
        // Output without a compositor: KMS through libseat, dumb buffers, page flips, hotplug.
        .target(
            name: "KioskDRM", dependencies: ["CDRM", "KioskCore", "KioskPlatform"],
            swiftSettings: [.unsafeFlags(includePaths("libdrm").flatMap { ["-Xcc", $0] })]),
        .target(
            name: "KioskControl",
            dependencies: ["KioskCore", "KioskPlatform", "CMosquitto", "CSystemdBus"]),
        // The seat feeds KioskInput's keyboard wrapper and pointer-as-finger machine (one translation).
        .target(
            name: "KioskWayland",
            dependencies: ["CWayland", "KioskCore", "KioskFrames", "KioskPlatform", "KioskInput"]),
        .executableTarget(
            name: "kiosk-wayland-probe",
            dependencies: ["KioskWayland", "KioskFrames", "KioskPlatform", "KioskCore"]),
        .executableTarget(
            name: "kiosk-shell",
            dependencies: [
                "KioskApp", "KioskControl",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ],
            swiftSettings: pangoSwiftSettings),

        // The fuzz target over config loading and drawing (Tests/Fuzz/run.sh builds it with
        // libFuzzer; an ordinary build replays inputs given as arguments).
        .executableTarget(
            name: "kiosk-fuzz",
            dependencies: ["KioskConfig", "KioskRender", "KioskCore", "CPlatform"],
            path: "Tests/Fuzz/Sources",
            swiftSettings: pangoSwiftSettings + fuzzSwiftSettings,
            linkerSettings: fuzzLinkerSettings),

        // Golden-image comparison and font pinning shared by the rendering test targets.
        .target(
            name: "KioskTestSupport", dependencies: ["KioskRender", "CTestFonts"],
            path: "Tests/KioskTestSupport", swiftSettings: pangoSwiftSettings),
        // Pins fontconfig to Tests/Fonts when the test binary loads (a C constructor).
        .target(name: "CTestFonts", path: "Tests/CTestFonts"),
        .testTarget(name: "KioskCoreTests", dependencies: ["KioskCore"]),
        .testTarget(
            name: "KioskConfigTests", dependencies: ["KioskConfig"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "KioskInputTests", dependencies: ["KioskInput", "KioskCore"],
            resources: [.copy("Recordings")]),
        .testTarget(
            name: "KioskRenderTests",
            dependencies: ["KioskRender", "KioskConfig", "KioskTestSupport"],
            resources: [.copy("Golden")], swiftSettings: pangoSwiftSettings),
        .testTarget(name: "KioskPlatformTests", dependencies: ["KioskPlatform"]),
        // Starts its own mosquitto broker and dbus-daemon on loopback / a temporary socket.
        .testTarget(
            name: "KioskControlTests", dependencies: ["KioskControl", "KioskCore", "KioskPlatform"]),
        .testTarget(name: "KioskDRMTests", dependencies: ["KioskDRM", "KioskCore"]),
        .testTarget(name: "KioskFramesTests", dependencies: ["KioskFrames", "KioskCore"]),
        .testTarget(
            name: "KioskWaylandTests", dependencies: ["KioskWayland", "KioskCore", "CWayland"]),
        // Reads Golden/ and Fixtures/ through #filePath and runs the built kiosk-shell binary.
        .testTarget(
            name: "KioskAppTests",
            dependencies: ["KioskApp", "KioskConfig", "KioskRender", "KioskTestSupport"],
            exclude: ["Golden", "Fixtures"], swiftSettings: pangoSwiftSettings)
    ]
)
