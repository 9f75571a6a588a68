import Glibc
import KioskCore
@testable import KioskRender

/// Scenes, configurations and times for the surface cache and frame damage tests.
enum SurfaceTestSupport {
    /// 2023-11-14 12:00:00 UTC.
    static let noon = 1_699_963_200.0

    static func at(_ hours: Int, _ minutes: Int, _ seconds: Double) -> WallClockTime {
        WallClockTime(
            secondsSinceEpoch: noon + Double((hours - 12) * 3600 + minutes * 60) + seconds,
            timeZone: "UTC")
    }

    static func configuration(_ panels: [PageID: Panel], theme: Theme = .standard)
        -> KioskConfiguration
    {
        var pages: [PageID: PageDefinition] = [:]
        for (id, panel) in panels {
            pages[id] = PageDefinition(id: id, title: id.rawValue, content: .panel(panel))
        }
        let home = panels.keys.sorted().first ?? "home"
        return KioskConfiguration(
            settings: KioskSettings(home: home, theme: theme), pages: pages, directory: "/tmp")
    }

    /// A cache with the pinned fonts.
    static func cache(
        _ panels: [PageID: Panel], scale: Double = 1, byteBudget: Int? = nil,
        retainedPrepares: Int = 120,
        readFile: @escaping (String) -> String? = RenderContext.readSmallFile
    ) -> PageSurfaceCache {
        PageSurfaceCache(
            configuration: configuration(panels), renderer: TestFixtures.renderer(), scale: scale,
            byteBudget: byteBudget, retainedPrepares: retainedPrepares, readFile: readFile)
    }

    static func layer(
        _ content: LayerContent, size: Size, x: Double = 0, y: Double = 0, scale: Double = 1,
        opacity: Double = 1
    ) -> SceneLayer {
        SceneLayer(
            content: content, size: size,
            transform: Matrix4.scale(x: scale, y: scale).then(.translation(x: x, y: y)),
            opacity: opacity)
    }

    static func scene(_ layers: [SceneLayer], output: Size = Size(width: 1280, height: 800))
        -> Scene
    {
        Scene(
            outputSize: output, background: RGBA(red: 0, green: 0, blue: 0), layers: layers,
            isAnimating: false)
    }

    /// Pixels where two equally sized buffers differ at all.
    static func differingPixels(_ a: ImageBuffer, _ b: ImageBuffer) -> Int {
        precondition(a.width == b.width && a.height == b.height, "sizes differ")
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { count += 1 }
        }
        return count
    }

    /// `rect` (logical) times `scale`.
    static func scaled(_ rect: Rect, _ scale: Double) -> Rect {
        Rect(
            x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale,
            height: rect.height * scale)
    }

    /// Sets a file's modification time `secondsAgo` into the past.
    static func age(_ path: String, by secondsAgo: Int) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var times = [
            timespec(tv_sec: now.tv_sec - secondsAgo, tv_nsec: 0),
            timespec(tv_sec: now.tv_sec - secondsAgo, tv_nsec: 0)
        ]
        _ = utimensat(AT_FDCWD, path, &times, 0)
    }
}

/// Counts reads through the cache's injected file reader.
final class ReadCounter {
    var reads: [String] = []
    func read(_ path: String) -> String? {
        reads.append(path)
        return RenderContext.readSmallFile(path)
    }
}
