import CWayland
import KioskCore
import KioskFrames
import KioskPlatform

// Ownership: WaylandWindow owns its wl_surface, xdg_surface, xdg_toplevel, the pending frame
// callback, the pending presentation feedbacks and the swap chain's buffers, and keeps its
// WaylandDisplay alive. deinit destroys the frame callback, feedbacks, role objects, buffers and
// surface, in that order, then flushes.

private nonisolated(unsafe) let xdgSurfaceListener = UnsafeMutablePointer<xdg_surface_listener>
    .permanent(
        xdg_surface_listener(configure: { data, _, serial in
            callbackOwner(data, as: WaylandWindow.self).configure(serial: serial)
        }))

private nonisolated(unsafe) let toplevelListener = UnsafeMutablePointer<xdg_toplevel_listener>
    .permanent(
        xdg_toplevel_listener(
            configure: { data, _, width, height, _ in
                callbackOwner(data, as: WaylandWindow.self).pendingSize = (width, height)
            },
            close: { data, _ in callbackOwner(data, as: WaylandWindow.self).onCloseRequested?() },
            configure_bounds: { _, _, _, _ in },
            wm_capabilities: { _, _, _ in }))

// Zero-filled, then the two slots used: libwayland 1.22 (Debian 13) added preferred_buffer_scale and
// preferred_buffer_transform, which a memberwise initialiser would have to name and 1.21 (Debian
// 12) does not have; they are sent only from wl_compositor v6 (bound at most 4 here).
private nonisolated(unsafe) let surfaceListener = UnsafeMutablePointer<wl_surface_listener>
    .permanent(
        {
            var listener = wl_surface_listener()
            listener.enter = { data, _, output in
                callbackOwner(data, as: WaylandWindow.self).outputEntered(output)
            }
            listener.leave = { data, _, output in
                callbackOwner(data, as: WaylandWindow.self).outputLeft(output)
            }
            return listener
        }())

private nonisolated(unsafe) let frameListener = UnsafeMutablePointer<wl_callback_listener>
    .permanent(
        wl_callback_listener(done: { data, _, milliseconds in
            callbackOwner(data, as: WaylandWindow.self).frameDone(milliseconds: milliseconds)
        }))

/// The fullscreen xdg_toplevel the app draws into.
///
/// Frames are drawn only when the app asked for one (`setNeedsFrame`) and the compositor is
/// ready for it (the previous frame's `wl_surface.frame` is done), so an idle shell uses no CPU.
/// A configure (new size or scale) always gets a frame at once.
public final class WaylandWindow {
    public let display: WaylandDisplay
    public let configuration: WindowConfiguration
    let surface: OpaquePointer
    private let xdgSurface: OpaquePointer
    private let toplevel: OpaquePointer
    private var frameCallback: OpaquePointer?
    private let swapChain = SwapChain<ShmBuffer>(capacity: 3)
    fileprivate var pendingSize: (Int32, Int32) = (0, 0)
    private var enteredOutputs: [OpaquePointer] = []
    private var committedScale = 1
    private var needsFrame = false
    private var mustDraw = false
    private var configureNeedsCommit = false
    private var idleThrottled = false
    /// True while drawing in answer to a frame callback (a continuous frame, FramePacing).
    private var drawingOnCallback = false
    /// Whether the last commit was a continuous frame (what the pending frame callback reports on).
    private var committedContinuous = false
    private var pendingFeedback: [PresentationFeedback] = []

    /// Frames drawn, committed and (with wp_presentation) presented so far.
    public private(set) var statistics = FrameStatistics()
    /// Monotonic seconds when the compositor last reported a frame presented (wp_presentation);
    /// nil before the first, or when it never answers.
    public private(set) var lastPresented: Double?

    /// The size and scale of the last acknowledged configure; nil before the first.
    public private(set) var sizing: SurfaceSizing?

    /// A configure changed the logical size or the scale (buffer size = size × scale).
    public var onConfigure: ((_ logicalSize: Size, _ scale: Int) -> Void)?
    /// Draw a frame into `buffer` for time `time` (MonotonicClock seconds); return the damaged
    /// rectangles in output pixels (an empty array: nothing changed, nothing is committed).
    /// Call `setNeedsFrame()` from here to keep animating.
    public var onDraw: ((_ buffer: PixelBuffer, _ time: Double) -> [Rect])?
    /// After each `onDraw`: the frame is committed, or was skipped because nothing changed.
    /// Side effects of a frame (saving state, status, logs) belong here, not in `onDraw`.
    /// The compositor reported a frame of ours presented (`lastPresented` has when).
    public var onPresented: (() -> Void)?
    public var onFrameFinished: (() -> Void)?
    /// Touch (and pointer-as-finger) events in logical pixels.
    public var onTouch: ((TouchEvent) -> Void)?
    /// Key presses and releases.
    public var onKey: ((KeyEvent) -> Void)?
    /// The compositor asked the window to close (xdg_toplevel.close).
    public var onCloseRequested: (() -> Void)?

    /// Creates the surface, asks for fullscreen and commits without a buffer; the compositor
    /// answers with a configure, after which the first frame is drawn.
    public init(display: WaylandDisplay, configuration: WindowConfiguration = .init())
        throws(WaylandError)
    {
        guard let compositor = display.compositor, let wmBase = display.wmBase else {
            throw .missingGlobal("wl_compositor")
        }
        precondition(display.window == nil, "one WaylandWindow per WaylandDisplay")
        self.display = display
        self.configuration = configuration
        guard let surface = wl_compositor_create_surface(compositor),
            let xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface),
            let toplevel = xdg_surface_get_toplevel(xdgSurface)
        else { throw .connectionLost("the compositor connection refused to create a surface") }
        self.surface = surface
        self.xdgSurface = xdgSurface
        self.toplevel = toplevel
        wl_surface_add_listener(surface, surfaceListener, callbackData(self))
        xdg_surface_add_listener(xdgSurface, xdgSurfaceListener, callbackData(self))
        xdg_toplevel_add_listener(toplevel, toplevelListener, callbackData(self))
        xdg_toplevel_set_app_id(toplevel, configuration.appID)
        xdg_toplevel_set_title(toplevel, configuration.title)
        if configuration.fullscreen { xdg_toplevel_set_fullscreen(toplevel, nil) }
        wl_surface_commit(surface)
        display.window = self
        statistics.presentationOffered = display.presentation != nil
        display.flush()
    }

    deinit {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        pendingFeedback.removeAll()
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
        swapChain.reset()
        wl_surface_destroy(surface)
        display.flush()
    }

    /// Asks for a frame: drawn at once when the compositor is idle, else at the next frame
    /// callback. Cheap to call many times.
    /// Powers the outputs the window is on (all of them before it entered one) down or up, by
    /// the compositor's wlr-output-power-management. False when the compositor offers none.
    @discardableResult
    public func setOutputsPowered(_ on: Bool) -> Bool {
        let entered = display.outputs.filter { enteredOutputs.contains($0.proxy) }
        return display.setOutputPower(on: on, outputs: entered.isEmpty ? display.outputs : entered)
    }

    public func setNeedsFrame() {
        needsFrame = true
    }

    // MARK: configure and scale

    fileprivate func configure(serial: UInt32) {
        // Every configure is acknowledged before the commit that obeys it.
        xdg_surface_ack_configure(xdgSurface, serial)
        let next = SurfaceSizing.forConfigure(
            width: pendingSize.0, height: pendingSize.1, defaultSize: configuration.defaultSize,
            scale: currentScale())
        if next != sizing {
            sizing = next
            onConfigure?(
                Size(width: Double(next.logicalWidth), height: Double(next.logicalHeight)),
                next.scale)
        }
        // A configure wants a commit even when nothing changed.
        mustDraw = true
        configureNeedsCommit = true
    }

    /// The scale of the outputs the surface is on (the highest), or of all outputs before the
    /// compositor said where the surface is.
    private func currentScale() -> Int {
        let entered = display.outputs.filter { output in enteredOutputs.contains(output.proxy) }
        let candidates = entered.isEmpty ? display.outputs : entered
        return candidates.map(\.scale).max() ?? 1
    }

    func scaleMayHaveChanged() {
        // A fullscreen surface's logical size is the output's mode divided by its scale, so a new
        // scale brings a new configure (sway sends output scale, then configure). Applying the
        // scale before it would attach a buffer larger than the output (old size × new scale).
        guard !configuration.fullscreen else { return }
        guard var next = sizing else { return }
        next.scale = max(1, min(currentScale(), 8))
        guard next != sizing else { return }
        sizing = next
        onConfigure?(
            Size(width: Double(next.logicalWidth), height: Double(next.logicalHeight)), next.scale)
        mustDraw = true
    }

    fileprivate func outputEntered(_ output: OpaquePointer?) {
        guard let output, !enteredOutputs.contains(output) else { return }
        enteredOutputs.append(output)
        scaleMayHaveChanged()
    }

    fileprivate func outputLeft(_ output: OpaquePointer?) {
        enteredOutputs.removeAll { $0 == output }
        scaleMayHaveChanged()
    }

    func outputRemoved(_ output: WaylandOutput) {
        outputLeft(output.proxy)
    }

    // MARK: frames

    fileprivate func frameDone(milliseconds: UInt32) {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        statistics.callbacks.record(
            at: Double(milliseconds) / 1000, refresh: refreshPeriod, continuous: committedContinuous
        )
        guard needsFrame else {
            prepareSpareBuffer()
            return
        }
        drawingOnCallback = true
        draw()
        drawingOnCallback = false
    }

    /// Nothing to draw: ready the buffer the next frame needs while the compositor holds the
    /// shown one (`SwapChain.prepareSpare`). A failure is left to that frame, which makes the
    /// buffer itself and reports it.
    private func prepareSpareBuffer() {
        guard let shm = display.shm, !display.isClosed else { return }
        _ = try? swapChain.prepareSpare { width, height throws(WaylandError) in
            try ShmBuffer(shm: shm, width: width, height: height)
        }
    }

    /// Called by the display before the loop waits.
    func drawIfNeeded() {
        if mustDraw || (needsFrame && frameCallback == nil && !idleThrottled) { draw() }
    }

    private func draw() {
        guard let sizing, let shm = display.shm, !display.isClosed else { return }
        let acquired: Int?
        do {
            acquired = try swapChain.acquire(width: sizing.bufferWidth, height: sizing.bufferHeight)
            {
                width, height throws(WaylandError) in
                try ShmBuffer(shm: shm, width: width, height: height)
            }
        } catch {
            display.fail(error)
            return
        }
        guard let index = acquired else {
            // All buffers are with the compositor: draw when one comes back.
            retryWhenABufferIsReleased()
            return
        }
        needsFrame = false
        mustDraw = false
        let buffer = swapChain.buffers[index]
        let pixels = swapChain.lend(index, scale: sizing.scale)
        let fullFrame = [
            Rect(x: 0, y: 0, width: Double(buffer.width), height: Double(buffer.height))
        ]
        let started = MonotonicClock.now
        let drawn = onDraw?(pixels, started) ?? fullFrame
        let took = MonotonicClock.now - started
        statistics.drawn += 1
        statistics.drawingSeconds += took
        statistics.longestDraw = max(statistics.longestDraw, took)
        let damage = swapChain.damage(drawn, drawnInto: index)
        let resized = committedScale != sizing.scale
        // Nothing changed: no commit, unless an acknowledged configure waits for one. Without a
        // commit no frame callback comes, so a new request waits one nominal frame (1/60 s)
        // instead of spinning.
        if damage.isEmpty && !resized && !configureNeedsCommit {
            idleThrottled = true
            display.after(1.0 / 60) { [weak self] in self?.idleThrottled = false }
            onFrameFinished?()
            return
        }
        configureNeedsCommit = false
        // Repairs what the app left (outside its damage) before the compositor can read it.
        swapChain.present(index, damage: damage)

        if resized {
            wl_surface_set_buffer_scale(surface, Int32(sizing.scale))
            committedScale = sizing.scale
        }
        if frameCallback == nil {
            frameCallback = wl_surface_frame(surface)
            wl_callback_add_listener(frameCallback, frameListener, callbackData(self))
        }
        wl_surface_attach(surface, buffer.proxy, 0, 0)
        for region in damage {
            if display.compositorVersion >= 4 {
                wl_surface_damage_buffer(
                    surface, Int32(region.x), Int32(region.y), Int32(region.width),
                    Int32(region.height))
            } else {
                // Before v4 damage is in surface (logical) coordinates: round outwards.
                let s = sizing.scale
                wl_surface_damage(
                    surface, Int32(region.x / s), Int32(region.y / s),
                    Int32((region.width + s - 1) / s + 1), Int32((region.height + s - 1) / s + 1))
            }
        }
        requestPresentationFeedback()
        wl_surface_commit(surface)
        statistics.committed += 1
        committedContinuous = drawingOnCallback
        buffer.isBusy = true
        onFrameFinished?()
    }

    /// Seconds between refreshes of the output the surface is on (1/60 when no output says).
    private var refreshPeriod: Double {
        let entered = display.outputs.filter {
            enteredOutputs.contains($0.proxy) && $0.refreshPeriod > 0
        }
        return entered.map(\.refreshPeriod).min() ?? 1.0 / 60
    }

    private func requestPresentationFeedback() {
        guard let presentation = display.presentation else { return }
        // A compositor may offer wp_presentation and never answer (sway 1.7 headless): give up on
        // the oldest request beyond a few frames' worth, and stop asking once many went
        // unanswered without a single frame reported, since each request then lives on in the
        // compositor.
        if pendingFeedback.count >= Self.maximumPendingFeedback {
            pendingFeedback.removeFirst()
            statistics.unanswered += 1
            statistics.presentation.breakRun()
        }
        guard
            statistics.presentation.frames > 0
                || statistics.unanswered < Self.maximumPendingFeedback
        else { return }
        let feedback = PresentationFeedback(
            presentation: presentation, surface: surface, continuous: drawingOnCallback
        ) { [unowned self] feedback, time, refresh in
            if let time {
                // When we heard of it: the compositor's own timestamp is on its clock.
                lastPresented = MonotonicClock.now
                onPresented?()
                statistics.presentation.record(
                    at: time, refresh: refresh > 0 ? refresh : refreshPeriod,
                    continuous: feedback.continuous)
            } else {
                statistics.discarded += 1
                statistics.presentation.breakRun()
            }
            pendingFeedback.removeAll { $0 === feedback }
        }
        if let feedback { pendingFeedback.append(feedback) }
    }

    private static let maximumPendingFeedback = 30

    private func retryWhenABufferIsReleased() {
        for buffer in swapChain.buffers {
            buffer.onRelease = { [unowned self] in
                for other in self.swapChain.buffers { other.onRelease = nil }
                self.mustDraw = true
            }
        }
    }
}
