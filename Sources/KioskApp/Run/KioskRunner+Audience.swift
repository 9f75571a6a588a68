import KioskCore
import KioskPlatform

/// Who sees the pages (`Audience`), decided here once for the whole navigation: unseen while
/// the display is dark (idle blank, or off by the schedule or a remote command, and not woken),
/// busy while a dialog is open over the pages (a field's keypad, a locked page's PIN pad, a
/// confirmation), else watching. What turns by itself (a playlist) reads only that, so no part
/// of the navigation asks about the display or the overlays on its own.
extension KioskRunner {
    var audience: Audience {
        if isBlanked { return .unseen }
        return pipeline.overlays.isDialogOpen ? .busy : .watching
    }

    /// Tells the navigations the audience now; called where what it is made of changes (a redraw
    /// of everything follows each of those) and before each frame. Cheap when nothing changed.
    func syncAudience() {
        let now = MonotonicClock.now
        navigator?.setAudience(audience, at: now)
        // The visitor's navigation held aside by the screensaver is seen by nobody: its playlist
        // does not turn behind the attract loop, and its page gets a whole dwell on return.
        day.screensaver.visitor?.setAudience(.unseen, at: now)
    }
}
