import Glibc
import KioskCore
import KioskRender

/// `render --time "2026-12-24 22:00"`: what the panel shows at that local time: the schedule's
/// home page (or the configured one) with the page the schedule opens, clocks at that time, and
/// the backlight's level as a darker (or black) picture.
extension PageRendering {
    /// The state the schedule gives at `time`, and the PNG written to `out`.
    public func renderScheduled(
        configuration: KioskConfiguration, at time: LocalDateTime, out: String
    ) throws(Failure) -> ScheduleState {
        let state = configuration.settings.schedule.state(at: time)
        let script = try actionScript()
        let renderer = previewRenderer(for: configuration, at: time)
        let navigator = try previewNavigator(
            configuration, root: state.home ?? configuration.settings.home, renderer: renderer,
            name: "render")
        if let open = state.open {
            _ = navigator.reveal(open)
            // Settled, as the panel shows it once the page is in.
            navigator.advance(to: navigator.now + 60)
        }
        // `--actions` then run on what the panel shows at that time, as on any page.
        script?.play(on: navigator, until: at)
        try write(
            navigator.scene().seen(atBacklight: state.backlightPercent), renderer: renderer,
            now: Self.wallClock(at: time), to: out)
        return state
    }

    /// The instant a local reading stands for in the process's zone (TZ, else /etc/localtime).
    /// In the hour skipped by a spring change mktime(3) moves the reading forward, as a clock does.
    static func wallClock(at time: LocalDateTime) -> WallClockTime {
        var t = tm()
        t.tm_year = Int32(time.date.year - 1900)
        t.tm_mon = Int32(time.date.month - 1)
        t.tm_mday = Int32(time.date.day)
        t.tm_hour = Int32(time.minuteOfDay / 60)
        t.tm_min = Int32(time.minuteOfDay % 60)
        t.tm_isdst = -1
        return WallClockTime(secondsSinceEpoch: Double(mktime(&t)))
    }
}
