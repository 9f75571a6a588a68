import Glibc
import KioskCore
import KioskPlatform
import KioskRender
import Logging
import Testing

@testable import KioskApp

/// The schedule on the event loop with a manual wall clock and a fake sysfs backlight.
@Suite("ScheduleService")
struct ScheduleServiceTests {
    /// Evenings dim to 25 %, nights off.
    let schedule = Schedule(rows: [
        ScheduleRow(
            from: TimeOfDay(parsing: "18:00"), to: TimeOfDay(parsing: "22:00"),
            sets: ScheduleSettings(display: .dim, brightness: 25)),
        ScheduleRow(
            from: TimeOfDay(parsing: "22:00"), to: TimeOfDay(parsing: "07:00"),
            sets: ScheduleSettings(display: .off, open: "closed"))
    ])

    /// A fake /sys/class/backlight with one device, max_brightness 200.
    func fakeBacklight() -> String {
        var template = Array("/tmp/kiosk-backlight-XXXXXX".utf8CString)
        let root = template.withUnsafeMutableBufferPointer {
            String(cString: mkdtemp($0.baseAddress!))
        }
        mkdir(root + "/panel", 0o755)
        for (file, text) in [("brightness", "200\n"), ("max_brightness", "200\n")] {
            write(root + "/panel/" + file, text)
        }
        return root
    }

    func write(_ path: String, _ text: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
    }

    func writeBrightness(_ root: String, _ text: String) { write(root + "/panel/brightness", text) }

    func brightness(_ root: String) -> String {
        let fd = open(root + "/panel/brightness", O_RDONLY)
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 16)
        let n = read(fd, &buffer, 16)
        return String(decoding: buffer[0..<max(0, n)], as: UTF8.self)
    }

    /// A service on `schedule` over the backlight folder `root` (written at full before 18:00),
    /// reading the wall clock from `clock`; the loop is returned to keep it alive.
    func started(_ root: String, clock: @escaping () -> WallClockTime) throws
        -> (EventLoop, ScheduleService)
    {
        let loop = try EventLoop()
        let service = ScheduleService(
            loop: loop, log: Logger(label: "test"),
            idle: IdleService(loop: loop, log: Logger(label: "test")))
        service.now = clock
        service.apply(schedule, wakeFor: 120, backlight: "panel", backlightRoot: root)
        #expect(brightness(root) == "200\n")
        return (loop, service)
    }

    /// The instant of a local reading in UTC (the test runs the service in UTC).
    func utc(_ text: String) -> WallClockTime {
        let time = LocalDateTime(parsing: text)!
        return WallClockTime(
            secondsSinceEpoch: Double(time.date.dayNumber * 86400 + time.minuteOfDay * 60),
            timeZone: "UTC")
    }

    @Test(
        "the state follows the wall clock; the backlight is written at each change; a touch wakes an off panel"
    )
    func evening() throws {
        let root = fakeBacklight()
        defer { _ = system("rm -rf '\(root)'") }
        var clock = utc("2026-12-24 17:59")
        var changes: [ScheduleState] = []
        let (_, service) = try started(root) { clock }
        service.onChange = { _, new in changes.append(new) }
        #expect(service.state.display == .on && !service.isOff)

        clock = utc("2026-12-24 18:00")
        service.apply(schedule, wakeFor: 120, backlight: "panel", backlightRoot: root)
        #expect(service.state.display == .dim)
        #expect(brightness(root) == "50\n")

        clock = utc("2026-12-24 23:00")
        service.apply(schedule, wakeFor: 120, backlight: "panel", backlightRoot: root)
        #expect(service.isOff && service.state.open == "closed")
        #expect(brightness(root) == "0\n")
        #expect(changes.map(\.display) == [.dim, .off])

        // A touch lights it fully for wake_for; the schedule's state is unchanged underneath.
        service.wake()
        #expect(!service.isOff && service.state.display == .off)
        #expect(brightness(root) == "200\n")

        // Morning: the off row ends; the wake is over with it.
        clock = utc("2026-12-25 07:00")
        service.apply(schedule, wakeFor: 120, backlight: "panel", backlightRoot: root)
        #expect(service.state.display == .on && service.state.open == nil)
        service.stop()
    }

    @Test(
        "while idle holds the backlight off a schedule change writes nothing (the blank panel stays dark); the level follows once idle lets go"
    )
    func idleHoldsTheBacklight() throws {
        let root = fakeBacklight()
        defer { _ = system("rm -rf '\(root)'") }
        var clock = utc("2026-12-24 17:59")
        let (_, service) = try started(root) { clock }
        var idleBlank = true
        service.holdsBacklight = { idleBlank }
        // Idle blanked the panel (its own write, simulated here); 18:00 dims it underneath.
        writeBrightness(root, "0\n")
        clock = utc("2026-12-24 18:00")
        service.apply(schedule, wakeFor: 120, backlight: "panel", backlightRoot: root)
        #expect(service.state.display == .dim)
        #expect(brightness(root) == "0\n")
        idleBlank = false
        service.syncBacklight()
        #expect(brightness(root) == "50\n")
        service.stop()
    }

    @Test("the wake ends after wake_for and the panel goes dark again without a touch")
    func wakeEnds() throws {
        let loop = try EventLoop()
        let service = ScheduleService(
            loop: loop, log: Logger(label: "test"),
            idle: IdleService(loop: loop, log: Logger(label: "test")))
        service.now = { utc("2026-12-24 23:00") }
        var offAgain = false
        service.onChange = { [unowned service] _, _ in if service.isOff { offAgain = true } }
        service.apply(schedule, wakeFor: 0.05, backlight: nil)
        #expect(service.isOff)
        service.wake()
        #expect(!service.isOff)
        offAgain = false
        let started = MonotonicClock.now
        while !offAgain && MonotonicClock.now - started < 2 { _ = try loop.runOnce(timeout: 0.1) }
        #expect(offAgain && service.isOff)
        service.stop()
    }

    // Zones other than UTC switch the process's TZ (setenv) while converting, which races with
    // other tests' localtime_r on parallel threads: daylight saving is covered by the Core
    // schedule tests' manual clock; here only the edge's mapping of fields is checked, in UTC.
    @Test("the edge reads a wall clock into a local date and minute: leap day, midnight, year end")
    func edgeReading() {
        // 2028-02-29 23:59:59 UTC and a second later.
        let leap = WallClockTime(secondsSinceEpoch: 1_835_481_599, timeZone: "UTC")
        #expect(leap.localDateTime == LocalDateTime(parsing: "2028-02-29 23:59"))
        let next = WallClockTime(secondsSinceEpoch: 1_835_481_600, timeZone: "UTC")
        #expect(next.localDateTime == LocalDateTime(parsing: "2028-03-01 00:00"))
        let yearEnd = WallClockTime(secondsSinceEpoch: 1_798_761_540, timeZone: "UTC")
        #expect(yearEnd.localDateTime == LocalDateTime(parsing: "2026-12-31 23:59"))
    }
}
