import KioskCore
import KioskPlatform
import KioskRender

/// Rasterises, in idle time, the pages the next gesture or tap may show (`LikelyPages`), on the
/// surface cache's `AheadRasteriser` thread, so the first frame of a turn, push or pop finds
/// their surfaces ready. Finished surfaces are taken into the cache on the loop (the rasteriser's
/// pipe is a loop source). Idle means: a frame settled and nothing moved for `settleDelay`.
final class SurfacesAhead {
    private let loop: EventLoop
    private let renderer: FrameRenderer
    private var timer: LoopTimer?
    private var source: EventLoop.SourceID?
    /// What was last looked ahead from; the same again needs no new look.
    private var lastKey: Key?
    private weak var navigator: Navigator?
    /// Quiet time after a settled frame before looking ahead: a second tap right after the
    /// first is not delayed by it.
    static let settleDelay = 0.05

    private struct Key: Equatable {
        var state: NavigationState
        var generation: Int
        var navigator: ObjectIdentifier
        var viewport: Size
        var scale: Double
    }

    init(loop: EventLoop, renderer: FrameRenderer) {
        self.loop = loop
        self.renderer = renderer
        let cache = renderer.surfaces
        if let rasteriser = AheadRasteriser() {
            cache.aheadRasteriser = rasteriser
            source = try? loop.addSource(fd: rasteriser.notificationFD) { _ in cache.adoptAhead() }
            // Without the source nobody would take the results: draw ahead on the loop instead.
            if source == nil { cache.aheadRasteriser = nil }
        }
        timer = try? LoopTimer(loop: loop) { [unowned self] in lookAhead() }
    }

    deinit {
        if let source { loop.removeSource(source) }
        timer?.invalidate()
    }

    /// The navigation came to rest: look ahead once it stays quiet.
    func settled(_ navigator: Navigator) {
        self.navigator = navigator
        timer?.arm(after: Self.settleDelay)
    }

    /// Something moves again: no looking ahead while frames are drawn.
    func moving() {
        timer?.disarm()
    }

    private func lookAhead() {
        guard let navigator, !navigator.isAnimating, !navigator.isTouching else { return }
        let key = Key(
            state: navigator.state, generation: renderer.surfaces.generation,
            navigator: ObjectIdentifier(navigator),
            viewport: navigator.viewport, scale: navigator.scale)
        guard key != lastKey else { return }
        lastKey = key
        SurfacesAhead.rasteriseAhead(for: navigator, renderer: renderer, now: .now())
    }

    /// Starts rasterising what may come next from `navigator`'s current Scene (bench and tests
    /// call it directly). Returns how many pages were started.
    @discardableResult
    static func rasteriseAhead(
        for navigator: Navigator, renderer: FrameRenderer, now: WallClockTime
    ) -> Int {
        // Surface sizes are upright (the display transform turns only the layers' placement).
        let wanted = LikelyPages(navigator: navigator, panels: renderer).surfaces(
            in: navigator.scene())
        return renderer.surfaces.rasteriseAhead(wanted, now: now)
    }
}
