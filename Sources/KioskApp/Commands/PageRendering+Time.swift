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
        let logicalSize = size ?? configuration.settings.previewSize
        let outputScale = scale ?? configuration.settings.previewScale
        let renderer = FrameRenderer(configuration: configuration, scale: outputScale)
        renderer.displayTransform =
            rotation ?? configuration.settings.input.geometry.displayTransform
        let (lookup, problems) = ValuePreview.lookup(
            for: configuration.settings.control, payloads: values,
            schedule: configuration.settings.schedule, at: time)
        for problem in problems { StandardStream.error.write("render: " + problem + "\n") }
        renderer.surfaces.liveValues = lookup
        let navigator: Navigator
        do {
            navigator = try Navigator(
                configuration: configuration, viewport: logicalSize, scale: outputScale,
                rootPage: state.home ?? configuration.settings.home, panels: renderer)
        } catch {
            throw Failure(lines: ["render: \(error)"], exitCode: .failure)
        }
        if let open = state.open {
            _ = navigator.reveal(open)
            // Settled, as the panel shows it once the page is in.
            navigator.advance(to: navigator.now + 60)
        }
        do {
            let scene = navigator.scene().seen(atBacklight: state.backlightPercent)
            try renderer.render(scene, now: Self.wallClock(at: time)).writePNG(to: out)
        } catch {
            throw Failure(lines: [error.description], exitCode: .failure)
        }
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
