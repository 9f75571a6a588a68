import KioskCore
import KioskRender

extension BenchCommand {
    /// Percentiles of a tap's latency, in ms.
    struct Latency {
        var p50: Double
        var p99: Double
        /// Of all trials, how many rasterised a page on the frame path.
        var rasterising: Int
        /// The most frames drawn before the opened page showed (1: the first frame after the tap).
        var frames: Int
    }

    /// Tap to first moving frame for a page never shown before: a fresh kiosk shows a menu (a
    /// stack, slide transition) whose rows open the faces; after its first frame (and, with
    /// `lookAhead`, the idle time `run` gives `SurfacesAhead`), a finger taps a row. Timed on
    /// the wall clock: from the finger's lift (the tap) through the next frame, the first in
    /// which the pushed page shows, composed through the runtime pipeline. The vblank wait
    /// between the two is the compositor's and not counted.
    static func tapLatency(
        configuration: KioskConfiguration, pages: BenchPages, size: Size, trials: Int,
        lookAhead: Bool
    ) throws(BenchError) -> Latency {
        var samples: [Double] = []
        var rasterising = 0
        var maxFrames = 0
        for trial in 0..<max(1, trials) {
            let kiosk: BenchKiosk
            do {
                kiosk = try BenchKiosk(
                    configuration: configuration, root: BenchPages.tapStack, size: size)
            } catch {
                throw .setup("tap latency: \(error)")
            }
            let renderer = kiosk.pipeline.renderer
            kiosk.frame()
            let targets = renderer.targets(page: BenchPages.tapMenu, size: size)
            guard !targets.isEmpty else { throw .setup("tap latency: the menu has no rows to tap") }
            let target = targets[trial % targets.count]
            if lookAhead {
                SurfacesAhead.rasteriseAhead(
                    for: kiosk.navigator, renderer: renderer, now: kiosk.now)
            }
            let navigator = kiosk.navigator
            let down = navigator.now + 1
            let point = Point(x: target.rect.midX, y: target.rect.midY)
            navigator.advance(to: down)
            navigator.handle(.down(id: 0, position: point, time: down))
            navigator.handle(.frame(time: down))
            let lift = down + 0.08
            navigator.advance(to: lift)
            let before = renderer.surfaces.rasterisedOnFramePath
            let start = BenchmarkRunner.nanoseconds()
            navigator.handle(.up(id: 0, time: lift))
            navigator.handle(.frame(time: lift))
            guard case .open(let page) = target.action, navigator.isAnimating else {
                throw .setup("tap latency: tapping \(target.action) started no transition")
            }
            // Frames at 60 Hz until one shows the opened page (the first, unless the
            // transition's curve keeps it off screen that long).
            var frames = 0
            repeat {
                frames += 1
                navigator.advance(to: lift + Double(frames) / 60)
                kiosk.frame(whole: false)
            } while frames < 30 && !kiosk.scene.layers.contains { $0.content == .panel(page) }
            let end = BenchmarkRunner.nanoseconds()
            if renderer.surfaces.rasterisedOnFramePath > before { rasterising += 1 }
            maxFrames = max(maxFrames, frames)
            samples.append(Double(end - start) / 1_000_000)
        }
        samples.sort()
        func percentile(_ p: Double) -> Double {
            samples[
                min(samples.count - 1, max(0, Int((p * Double(samples.count)).rounded(.up)) - 1))]
        }
        return Latency(
            p50: percentile(0.5), p99: percentile(0.99), rasterising: rasterising, frames: maxFrames
        )
    }
}

/// Why `bench` could not measure.
enum BenchError: Error, CustomStringConvertible {
    case setup(String)
    var description: String {
        switch self {
        case .setup(let message): message
        }
    }
}
