import KioskCore
import KioskPlatform
import KioskRender

/// Timers that ask for a frame only when something on screen can change: the next minute (or
/// second) of a visible clock, file values (polled every 2 s while one is on screen; the
/// surface cache re-reads a file only when its stamp changed), and the navigation's next change
/// of its own (a playlist's next turn: between turns the loop sleeps). Re-armed after every frame: the
/// clock keeps one timerfd for the whole run (`LoopTimer`), armed anew, never a new descriptor.
final class FrameWakeups {
    private let loop: EventLoop
    private let requestFrame: () -> Void
    private var clockTimer: LoopTimer?
    private var fileTimer: EventLoop.TimerID?
    private var navigationTimer: LoopTimer?

    init(loop: EventLoop, requestFrame: @escaping () -> Void) {
        self.loop = loop
        self.requestFrame = requestFrame
    }

    /// After a frame that showed `now`: wakes at the next tick of the clocks `surfaces` show,
    /// polls while file values are on screen, and wakes at `navigationDeadline` (monotonic
    /// seconds, `Navigator.nextDeadline`).
    func arm(for surfaces: PageSurfaceCache, now: WallClockTime, navigationDeadline: Double?) {
        armNavigation(at: navigationDeadline)
        if let deadline = surfaces.nextClockDeadline(now: now) {
            let delay = max(0.001, deadline.secondsSinceEpoch - now.secondsSinceEpoch)
            if clockTimer == nil {
                clockTimer = try? LoopTimer(loop: loop) { [unowned self] in requestFrame() }
            }
            clockTimer?.arm(after: delay)
        } else {
            clockTimer?.disarm()
        }
        if surfaces.watchedFiles.isEmpty {
            if let fileTimer { loop.cancelTimer(fileTimer) }
            fileTimer = nil
        } else if fileTimer == nil {
            fileTimer = try? loop.addTimer(after: 2, repeating: 2) { [unowned self] _ in
                requestFrame()
            }
        }
    }

    /// The frame that the deadline asks for advances the navigator to its time (the turn starts).
    private func armNavigation(at deadline: Double?) {
        guard let deadline else {
            navigationTimer?.disarm()
            return
        }
        if navigationTimer == nil {
            navigationTimer = try? LoopTimer(loop: loop) { [unowned self] in requestFrame() }
        }
        navigationTimer?.arm(after: max(0.001, deadline - MonotonicClock.now))
    }
}
