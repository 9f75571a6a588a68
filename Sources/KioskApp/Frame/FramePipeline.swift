import KioskCore
import KioskRender

/// One frame, the same for `run` and `bench`: the Navigator's Scene (with the error banner, or
/// black while blanked) → damage against the previous frame → the buffer repaired outside that
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
    /// Where the error banner is, in logical pixels; nil when none is shown.
    public var bannerFrame: Rect?
    /// Drawn over everything else (the control layer's toast and dialog).
    public var overlayLayers: [SceneLayer] = []

    public init(renderer: FrameRenderer) {
        self.renderer = renderer
    }

    /// The next frame redraws everything (a new configuration, a wake, a new size).
    public func invalidate() {
        previousScene = nil
    }

    /// Draws `navigator` at `time` into `frame` (a black frame when `blanked`: the idle service's
    /// screen-off, read by the caller each frame); returns the damage in output pixels (empty:
    /// nothing changed).
    public func draw(
        _ navigator: Navigator, into frame: OutputFrame, time: Double, now: WallClockTime, blanked: Bool = false
    ) -> [Rect] {
        navigator.advance(to: time)
        let target = frame.image
        let outputSize = Size(width: Double(target.width), height: Double(target.height))
        let scene = self.scene(navigator, outputSize: outputSize, blanked: blanked)
        let prepared = renderer.prepare(scene, previous: frame.holdsPreviousFrame ? previousScene : nil, now: now)
        let damage = prepared.damage
        // Nothing changed: no repair either (the backend repairs if it commits anyway).
        if frame.holdsPreviousFrame && !damage.isEmpty { frame.repair(outside: damage.rects) }
        renderer.compose(prepared, into: target)
        target.markDirty()
        previousScene = scene
        framesDrawn += 1
        outcome = FrameOutcome(
            isAnimating: scene.isAnimating, isSettled: !scene.isAnimating && !navigator.isTouching,
            isFirst: framesDrawn == 1, now: now)
        if !frame.holdsPreviousFrame {
            return [Rect(x: 0, y: 0, width: Double(target.width), height: Double(target.height))]
        }
        return damage.rects
    }

    /// What the frame just drawn leads to, once (nil when no frame was drawn since).
    public func finishedFrame() -> FrameOutcome? {
        defer { outcome = nil }
        return outcome
    }

    /// The navigation's Scene with the error banner over it; a black frame while blanked (the
    /// navigation still moves underneath, e.g. going home).
    func scene(_ navigator: Navigator, outputSize: Size, blanked: Bool) -> Scene {
        if blanked {
            return Scene(
                outputSize: outputSize, background: RGBA(red: 0, green: 0, blue: 0), layers: [],
                isAnimating: navigator.isAnimating)
        }
        var scene = navigator.scene()
        if let bannerFrame {
            scene.layers.append(ErrorBanner.layer(frame: bannerFrame, scale: navigator.scale))
        }
        scene.layers += overlayLayers
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
}
