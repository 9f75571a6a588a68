import KioskCore
import KioskRender

/// One kiosk as `run` has it, in memory, for `bench`: a Navigator for `root`, the frame
/// pipeline (`FramePipeline`: Scene → damage → display transform → compose) and an in-memory
/// output backend drawing through the swap chain every output uses (`MemoryOutput`, by
/// default with a consumer that holds the shown buffer, as weston and a DRM display do). Measurements drive the Navigator with
/// touches and actions, as a panel's user would, and draw frames through the pipeline.
final class BenchKiosk {
    let navigator: Navigator
    let pipeline: FramePipeline
    let output: MemoryOutput
    /// The wall-clock time frames show; the clock-only measurement moves it.
    var now = WallClockTime(secondsSinceEpoch: 1_700_000_000, timeZone: "UTC")

    /// The kiosk showing `root` on a panel of logical `size`, turned by `turn` onto the output,
    /// composing with `threads` threads (nil: as `run` would, `[display] threads` or the cores).
    init(
        configuration: KioskConfiguration, root: PageID, size: Size,
        turn: DisplayTransform = .normal, threads: Int? = nil,
        consumer: MemoryOutput.Consumer = .holdsShown
    ) throws {
        let renderer = FrameRenderer(configuration: configuration, scale: 1)
        if let threads { renderer.threads = threads }
        renderer.displayTransform = turn
        pipeline = FramePipeline(renderer: renderer)
        let native = turn.swapsAxes ? Size(width: size.height, height: size.width) : size
        output = try MemoryOutput(
            width: Int(native.width), height: Int(native.height), consumer: consumer)
        navigator = try Navigator(
            configuration: configuration, viewport: size, scale: 1, rootPage: root, panels: renderer
        )
        navigator.advance(to: 0)
        output.onDraw = { [unowned self] frame, time in
            pipeline.draw(navigator, into: frame, time: time, now: now)
        }
        output.onFrameFinished = { [unowned self] in _ = pipeline.finishedFrame() }
    }

    /// Holds a finger down that dragged `fraction` of a face along `axis` from 3/4 of the way
    /// across (a cube turned that far follows it 1:1 and stays while the finger is down).
    func holdDrag(fraction: Double, vertical: Bool) {
        let size = navigator.viewport
        let length = vertical ? size.height : size.width
        let start = Point(
            x: size.width * (vertical ? 0.5 : 0.75), y: size.height * (vertical ? 0.75 : 0.5))
        var time = 1.0
        navigator.handle(.down(id: 0, position: start, time: time))
        navigator.handle(.frame(time: time))
        for step in 1...10 {
            time += 0.016
            let travel = length * fraction * Double(step) / 10
            let p =
                vertical
                ? Point(x: start.x, y: start.y - travel) : Point(x: start.x - travel, y: start.y)
            navigator.handle(.motion(id: 0, position: p, time: time))
            navigator.handle(.frame(time: time))
        }
        navigator.advance(to: time)
        if pipeline.renderer.compositor.pairTier != nil { awaitTurningLayouts() }
    }

    /// As in a drag that has gone on a while: the turning faces' layouts built and attached
    /// (they are built on their own thread, so a measurement would otherwise catch some frames
    /// before and some after). Draws two frames: each asks for one page's layouts.
    func awaitTurningLayouts() {
        frame()
        frame()
        pipeline.renderer.surfaces.waitForTurningLayouts(
            pipeline.renderer.compositor.turningSurfaces)
    }

    /// Opens `page` (a push on a stack) and stops the clock `seconds` into the transition.
    func open(_ page: PageID, thenWait seconds: Double) {
        let start = navigator.now + 1
        navigator.advance(to: start)
        _ = navigator.perform(.open(page))
        navigator.advance(to: start + seconds)
    }

    /// Draws one frame; `whole` redraws all of it (a moving picture changes every pixel),
    /// otherwise only the damage since the buffer's last frame.
    func frame(whole: Bool = true) {
        if whole { pipeline.invalidate() }
        output.drawFrame(at: navigator.now)
    }

    /// The Scene the pipeline draws now (upright), for the pixman reference.
    var scene: Scene { pipeline.scene(navigator, outputSize: navigator.viewport, blanked: false) }
}
