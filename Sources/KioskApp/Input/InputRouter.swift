import KioskCore
import KioskPlatform
import Logging

/// What the input router needs from the runner: the navigation, and the idle service's
/// business (activity, the blank screen).
protocol InputRouterDelegate: AnyObject {
    /// Where events go; nil before the output's first configure.
    var navigator: Navigator? { get }
    /// The next touch or key only wakes the panel (blank, off, or showing the screensaver).
    var wakesOnInput: Bool { get }
    /// Any input: a new idle period starts.
    func inputActivity()
    /// The screen is blank and input arrived at `time` (monotonic seconds): light it (the event
    /// is swallowed).
    func wake(by cause: String, at time: Double)
    /// The navigation took an event: a frame is needed.
    func navigationChanged()
    /// Ctrl+Alt+F`vt`: true when the output switched consoles (the key goes nowhere else).
    func switchVirtualTerminal(_ vt: Int) -> Bool
}

/// Backend events → touch gate (the wake tap; touches the overlays take) → navigator.
///
/// Owns the input sources: the compositor's seat (given once the output exists) and the direct
/// (libinput) source that `[input]` asks for, started, restarted and stopped whenever the shown
/// configuration's `[input]`/`[display]` change. Keeps `InputRouting`, rebuilt from those
/// settings on every apply, so rotation, calibration and the source take effect at once.
final class InputRouter {
    private(set) var routing: InputRouting
    private var gate = TouchGate()
    /// Asked first about every touch (the banner, a dialog); nil: every touch goes to the pages.
    private let overlays: OverlayService?
    /// Written here whenever `[display]` is applied; the renderer reads the same object.
    let orientation: DisplayOrientation
    private var loggedRefusal: String?
    private var seat: (any InputBackend)?
    private var direct: (any InputBackend)?
    /// No compositor seat (DRM output): the direct source always runs.
    private var seatless = false
    /// One timerfd for long-press deadlines, re-armed per event (never a new descriptor).
    private var deadlineTimer: LoopTimer?
    private let log: Logger
    /// Starts a direct source (`BackendFactory.directInput` in a run; tests pass their own).
    private let startDirect: (InputGeometrySettings, Size) -> (any InputBackend)?
    weak var delegate: (any InputRouterDelegate)?

    init(
        settings: InputSettings, surfaceSize: Size, loop: EventLoop, log: Logger,
        overlays: OverlayService? = nil, orientation: DisplayOrientation = DisplayOrientation(),
        startDirect: @escaping (InputGeometrySettings, Size) -> (any InputBackend)?
    ) {
        routing = InputRouting(settings: settings, surfaceSize: surfaceSize)
        self.overlays = overlays
        self.orientation = orientation
        orientation.transform = routing.displayTransform
        self.log = log
        self.startDirect = startDirect
        deadlineTimer = try? LoopTimer(loop: loop) { [unowned self] in deadlineReached() }
    }

    var settings: InputSettings { routing.settings }
    var displayTransform: DisplayTransform { orientation.transform }
    /// The Navigator's upright viewport for the current surface size and rotation.
    var viewport: Size { routing.mapper.logicalSize }
    /// True while a direct (libinput) source runs.
    var readsDirectly: Bool { direct != nil }

    /// Takes events from the compositor's seat (the output's connection).
    func attach(seat: any InputBackend) {
        self.seat = seat
        connect(seat)
        seat.start()
    }

    /// The output has no compositor seat (DRM): libinput is the only source, whatever
    /// `[input] source` says (the config check rejects "wayland" with `backend = "drm"`).
    func runWithoutSeat() {
        seatless = true
        if settings.source != .libinput {
            log.notice("no compositor seat: reading touch and keys through libinput")
        }
    }

    /// The output's seat switched away (pause libinput, end a touch in progress) or back.
    func sessionChanged(active: Bool) {
        direct?.setSuspended(!active)
        if !active, gate.isSwallowing || delegate?.navigator?.isTouching == true {
            deliver(.cancel(time: MonotonicClock.now))
        }
    }

    /// Starts the direct source when the settings ask for one (at start, once the loop exists).
    func start() {
        guard direct == nil, settings.source != .wayland || seatless else { return }
        direct = startDirect(settings.geometry, routing.surfaceSize)
        if let direct {
            direct.follow(routing.mapper)
            connect(direct)
            direct.start()
        }
    }

    /// Applies a configuration's `[input]` and `[display]` (at a reload, or when the diagnostic
    /// page replaces the pages or is replaced): new rotation, calibration and touch rotation
    /// take effect with the next event; the direct source is started, restarted (new devices,
    /// seat or keymap) or stopped as `source` says. Returns false when nothing changed.
    @discardableResult
    func apply(_ new: InputSettings) -> Bool {
        let old = settings
        guard new != old else { return false }
        routing = InputRouting(settings: new, surfaceSize: routing.surfaceSize)
        orientation.transform = routing.displayTransform
        if old.geometry.displayTransform != new.geometry.displayTransform {
            log.notice("[display] rotation is now \(new.geometry.displayTransform)")
        }
        let restart =
            old.source == .wayland || new.source == .wayland
            || old.geometry.devicePaths != new.geometry.devicePaths
            || old.geometry.seat != new.geometry.seat
            || old.geometry.keymap != new.geometry.keymap
        if old.source != new.source { log.notice("[input] source is now \(new.source)") }
        if restart, direct != nil {
            stopDirect()
            if new.source == .wayland { log.info("libinput stopped") }
        }
        if new.source != .wayland || seatless { start() }
        direct?.follow(routing.mapper)
        // A contact that went down under the old geometry ends without effect.
        if gate.isSwallowing || delegate?.navigator?.isTouching == true {
            deliver(.cancel(time: MonotonicClock.now))
        }
        return true
    }

    /// A configure sized the output (native orientation): returns the Navigator's viewport.
    func configured(surfaceSize: Size) -> Size {
        let logical = routing.configured(surfaceSize: surfaceSize)
        direct?.follow(routing.mapper)
        return logical
    }

    func stop() {
        stopDirect()
        seat?.stop()
        seat = nil
        deadlineTimer?.invalidate()
        deadlineTimer = nil
    }

    private func stopDirect() {
        direct?.stop()
        direct = nil
    }

    private func connect(_ source: any InputBackend) {
        let origin = source.origin
        source.onTouch = { [unowned self] event in
            switch origin {
            case .compositor:
                guard let mapped = routing.fromCompositor(event) else {
                    if case .down(let id, _, _) = event {
                        log.debug(
                            "compositor touch \(id) ignored ([input] source = \"\(settings.source)\")"
                        )
                    }
                    return
                }
                deliver(mapped)
            case .direct:
                if case .down(let id, let position, _) = event {
                    log.debug(
                        "libinput touch \(id) down at \(position) (surface \(routing.surfaceSize), viewport \(viewport))"
                    )
                }
                deliver(routing.fromLibinput(event))
            }
        }
        source.onKey = { [unowned self] event in
            switch origin {
            case .compositor: if let key = routing.fromCompositor(event) { deliver(key) }
            case .direct: deliver(event)
            }
        }
    }

    // MARK: delivery

    /// A touch in logical pixels. Every event counts as activity for the idle clock; the tap that
    /// wakes a blank screen and the touches an overlay takes never reach the pages.
    func deliver(_ event: TouchEvent) {
        guard let delegate, let navigator = delegate.navigator else {
            if case .down(let id, _, _) = event {
                log.debug("touch \(id) dropped: no navigator yet")
            }
            return
        }
        switch event {
        case .down(let id, let position, _):
            delegate.inputActivity()
            if delegate.wakesOnInput {
                delegate.wake(by: "a touch", at: event.time)
                gate.swallowSequence(of: id)
            } else if overlays?.touchDown(id, at: position) == true {
                gate.swallowSequence(of: id)
                // The pages never see it, but the visitor is there (a playlist pauses).
                navigator.visitorInteracted(at: event.time)
            }
        case .motion, .up:
            delegate.inputActivity()
        case .cancel, .frame:
            break
        }
        let passes = gate.passes(event)
        if case .up(let id, _) = event { overlays?.touchUp(id) }
        if case .cancel = event { overlays?.touchesCancelled() }
        if case .down(let id, _, _) = event {
            log.debug("touch \(id) \(passes ? "goes to the pages" : "swallowed")")
        }
        guard passes else { return }
        navigator.advance(to: event.time)
        navigator.handle(event)
        reportRefusal(of: navigator)
        delegate.navigationChanged()
        armDeadline(navigator)
    }

    func deliver(_ event: KeyEvent) {
        guard let delegate, let navigator = delegate.navigator else { return }
        if event.isPressed, let vt = event.key.virtualTerminal,
            delegate.switchVirtualTerminal(vt)
        {
            return
        }
        delegate.inputActivity()
        if event.isPressed && delegate.wakesOnInput {
            delegate.wake(by: "a key", at: event.time)
            gate.swallowKey(event.key)
        } else if event.isPressed, overlays?.keyPressed(event.key) == true {
            // An open keypad types it; its release must not reach the pages either.
            gate.swallowKey(event.key)
            navigator.visitorInteracted(at: event.time)
            return
        }
        guard gate.passes(event) else { return }
        navigator.advance(to: event.time)
        navigator.handle(event)
        reportRefusal(of: navigator)
        delegate.navigationChanged()
    }

    /// Logs why an action was refused, once: the navigator keeps its last refusal until the
    /// next action, and the touches after it must not log it again. `quietly` only remembers it
    /// (an action the runner performed itself, e.g. going home when idle).
    func reportRefusal(of navigator: Navigator, quietly: Bool = false) {
        let refusal = navigator.lastRefusal
        defer { loggedRefusal = refusal }
        if !quietly, let refusal, refusal != loggedRefusal { log.notice("\(refusal)") }
    }

    /// Reads the touches the sources already hold, before the navigator's clock moves to "now".
    ///
    /// Touches carry the kernel's time, the long-press deadline is checked against the clock (the
    /// deadline timer, every frame). When the loop runs late (a slow frame, a loaded CPU), the
    /// moves of a swipe that began before the deadline may still be unread when the clock passes
    /// it: a frame drawn first (under a compositor its frame event comes on another fd than
    /// libinput's touches) would turn the swipe into a long press and drop its moves.
    func readPendingInput() {
        direct?.readPending()
        seat?.readPending()
    }

    /// A long press fires at a deadline with no touch event: wake up for it.
    private func armDeadline(_ navigator: Navigator) {
        guard let deadline = navigator.nextDeadline else {
            deadlineTimer?.disarm()
            return
        }
        deadlineTimer?.arm(after: max(0.001, deadline - MonotonicClock.now))
    }

    private func deadlineReached() {
        readPendingInput()
        guard let navigator = delegate?.navigator else { return }
        navigator.advance(to: MonotonicClock.now)
        delegate?.navigationChanged()
    }
}
