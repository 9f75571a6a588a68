import KioskCore
import KioskRender

/// One frame, the same for `run`, `calibrate` and `bench`: a Scene (the Navigator's with the
/// overlays over it, or black while blanked; the calibration screen's) → damage against the previous frame → the buffer repaired outside that
/// damage (`OutputFrame.repair(outside:)`: it gets only what it misses of the previous frame and
/// the new one does not redraw) → compose (display transform, page surfaces, the CPU compositor)
/// into the output's buffer. The backend commits after `draw` returns; what a frame leads to
/// (save the state, tell systemd, log the page) is read from `finishedFrame()` afterwards, never
/// done inside the draw.
public final class FramePipeline {
    public let renderer: FrameRenderer
    /// The Scene the output's current buffer holds (nil: draw everything).
    private var previousScene: Scene?
    /// What the last draw leads to, until `finishedFrame()` takes it.
    private var outcome: FrameOutcome?
    /// Frames drawn so far.
    public private(set) var framesDrawn = 0
    /// Drawn over the pages: the error banner, toasts, dialogs.
    let overlays: OverlayService
    /// Wall-clock seconds of the last frame that changed pixels and was committed to the output
    /// (the health report's `last_frame` where the output cannot say when one was presented);
    /// nil before the first.
    public private(set) var lastCommittedAt: Double?

    public init(renderer: FrameRenderer) {
        self.renderer = renderer
        overlays = OverlayService(
            surfaces: renderer.surfaces, theme: renderer.configuration.settings.theme)
    }

    /// The next frame redraws everything (a new configuration, a wake, a new size).
    public func invalidate() {
        previousScene = nil
    }

    /// Draws `navigator` at `time` into `frame` (a black frame when `blanked`: the idle service's
    /// screen-off, read by the caller each frame); returns the damage in output pixels (empty:
    /// nothing changed).
    public func draw(
        _ navigator: Navigator, into frame: OutputFrame, time: Double, now: WallClockTime,
        blanked: Bool = false
    ) -> [Rect] {
        navigator.advance(to: time)
        let outputSize = Size(width: Double(frame.image.width), height: Double(frame.image.height))
        let scene = self.scene(navigator, outputSize: outputSize, blanked: blanked)
        return draw(scene, into: frame, now: now, isTouching: navigator.isTouching)
    }

    /// Draws `scene` into `frame`, only what changed since the frame's buffer was drawn when it
    /// holds the previous frame; returns the damage in output pixels (empty: nothing changed).
    /// `isTouching`: a finger is down, so the frame does not count as settled.
    func draw(_ scene: Scene, into frame: OutputFrame, now: WallClockTime, isTouching: Bool = false)
        -> [Rect]
    {
        let target = frame.image
        let prepared = renderer.prepare(
            scene, previous: frame.holdsPreviousFrame ? previousScene : nil, now: now)
        let damage = prepared.damage
        // Nothing changed: no repair either (the backend repairs if it commits anyway).
        if frame.holdsPreviousFrame && !damage.isEmpty { frame.repair(outside: damage.rects) }
        renderer.compose(prepared, into: target)
        target.markDirty()
        previousScene = scene
        framesDrawn += 1
        let drawn =
            frame.holdsPreviousFrame
            ? damage.rects
            : [Rect(x: 0, y: 0, width: Double(target.width), height: Double(target.height))]
        outcome = FrameOutcome(
            isAnimating: scene.isAnimating, isSettled: !scene.isAnimating && !isTouching,
            isFirst: framesDrawn == 1, now: now, isCommitted: !drawn.isEmpty)
        return drawn
    }

    /// What the frame just drawn leads to, once (nil when no frame was drawn since). Called after
    /// the commit, it also stores the faces that turned in that frame for turning (their smaller
    /// copies, and their column-pair layout when the compositor reads those,
    /// `LayerCompositor.pairTier`; one page a frame) and frees the others once the navigation
    /// has settled (until then a face that stops turning for a frame keeps them).
    public func finishedFrame() -> FrameOutcome? {
        defer { outcome = nil }
        if let outcome, outcome.isCommitted { lastCommittedAt = outcome.now.secondsSinceEpoch }
        if let outcome {
            let compositor = renderer.compositor
            renderer.surfaces.storeForTurning(
                compositor.turningSurfaces, pairs: compositor.pairTier != nil,
                keepingOthers: !outcome.isSettled)
        }
        return outcome
    }

    /// The navigation's Scene with the overlays over it; a black frame while blanked (the
    /// navigation still moves underneath, e.g. going home).
    func scene(_ navigator: Navigator, outputSize: Size, blanked: Bool) -> Scene {
        if blanked {
            return Scene(
                outputSize: outputSize, background: RGBA(red: 0, green: 0, blue: 0), layers: [],
                isAnimating: navigator.isAnimating)
        }
        var scene = navigator.scene()
        scene.layers += overlays.layers
        return scene
    }
}

/// What a drawn frame leads to, acted on after the commit.
public struct FrameOutcome: Hashable, Sendable {
    /// Something moves: ask for the next frame.
    public var isAnimating: Bool
    /// Nothing moves and no finger is down: the navigation came to rest (save it, report it).
    public var isSettled: Bool
    /// The first frame of the run (systemd's READY=1 follows it).
    public var isFirst: Bool
    /// The wall-clock time the frame showed (the next clock tick is counted from it).
    public var now: WallClockTime
    /// It changed pixels, so the backend committed it (an unchanged frame is not sent).
    public var isCommitted: Bool
}
