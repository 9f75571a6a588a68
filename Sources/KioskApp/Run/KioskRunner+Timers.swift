import KioskCore
import KioskPlatform
import KioskRender

/// Timers that ask for a frame only when something on screen can change: the next minute (or
/// second) of a visible clock, a pending long press, and file values (polled every 2 s while one
/// is on screen; the surface cache re-reads a file only when its stamp changed).
extension KioskRunner {
    func armClock(now: WallClockTime) {
        if let clockTimer { loop.cancelTimer(clockTimer) }
        clockTimer = nil
        if let deadline = renderer.surfaces.nextClockDeadline(now: now) {
            let delay = max(0.001, deadline.secondsSinceEpoch - now.secondsSinceEpoch)
            clockTimer = try? loop.addTimer(after: delay, repeating: nil) { [unowned self] _ in
                clockTimer = nil
                window?.setNeedsFrame()
            }
        }
        if renderer.surfaces.watchedFiles.isEmpty {
            if let fileTimer { loop.cancelTimer(fileTimer) }
            fileTimer = nil
        } else if fileTimer == nil {
            fileTimer = try? loop.addTimer(after: 2, repeating: 2) { [unowned self] _ in window?.setNeedsFrame() }
        }
    }

    /// A long press fires at a deadline with no touch event: wake up for it.
    func armDeadline() {
        if let deadlineTimer { loop.cancelTimer(deadlineTimer) }
        deadlineTimer = nil
        guard let deadline = navigator?.nextDeadline else { return }
        let delay = max(0.001, deadline - MonotonicClock.now)
        deadlineTimer = try? loop.addTimer(after: delay, repeating: nil) { [unowned self] _ in
            deadlineTimer = nil
            navigator?.advance(to: MonotonicClock.now)
            window?.setNeedsFrame()
        }
    }
}
