import Foundation
import KioskConfig
import KioskCore
import KioskRender

/// The whole path an operator's folder takes: load it, and when `check` would accept it, build
/// the navigation for every page (at most `maximumPages`), draw its scene through the page
/// surfaces and the compositor, run a few actions and draw again. Anything that traps, hangs or
/// allocates past the fuzzer's limits here would do the same to `render` or `run`.
enum FuzzOneInput {
    static let maximumPages = 6
    /// Small, so an input runs in milliseconds; the config's own preview size is bounded by
    /// `check` and exercised by `render` in the end-to-end tests.
    static let viewport = Size(width: 160, height: 120)

    static let folder: String = {
        let path = NSTemporaryDirectory() + "kiosk-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()
    nonisolated(unsafe) static let renderer = PageRenderer(imageCacheCapacity: 4)
    nonisolated(unsafe) static let compositor = LayerCompositor()

    static func run(_ data: [UInt8]) {
        ConfigFolderInput(data).write(to: folder)
        let result = ConfigLoader.load(directory: folder)
        for diagnostic in result.diagnostics where diagnostic.description.contains("\n") {
            preconditionFailure("diagnostic on two lines: \(diagnostic.description)")
        }
        guard let configuration = result.configuration else { return }
        let scale = min(configuration.settings.previewScale, 2)
        let surfaces = PageSurfaceCache(
            configuration: configuration, renderer: renderer, scale: scale)
        defer { surfaces.removeAll() }
        let now = WallClockTime(secondsSinceEpoch: 1_700_000_000, timeZone: "UTC")
        for page in configuration.pages.keys.sorted().prefix(maximumPages) {
            guard
                let navigator = try? Navigator(
                    configuration: configuration, viewport: viewport, scale: scale, rootPage: page,
                    panels: FuzzPanels(configuration: configuration, renderer: renderer))
            else { continue }
            draw(navigator.scene(), surfaces: surfaces, now: now)
            for action in [Action.nextFace, .previousFace, .back, .home] {
                _ = navigator.perform(action)
            }
            navigator.advance(to: 0.15)
            draw(navigator.scene(), surfaces: surfaces, now: now)
        }
    }

    static func draw(_ scene: Scene, surfaces: PageSurfaceCache, now: WallClockTime) {
        _ = surfaces.prepare(for: scene, now: now)
        guard
            let target = try? ImageBuffer(
                width: Int(scene.outputSize.width), height: Int(scene.outputSize.height))
        else { return }
        compositor.compose(scene: scene, surfaces: { surfaces.surface(for: $0) }, into: target)
    }
}
