/// The services that act without a touch: `[idle]` (home, screensaver, blank) and
/// `[[schedule]]` (display power, brightness, pages by time). One field of the runner for all,
/// so none grows it.
final class PanelDay {
    let idle: IdleService
    let schedule: ScheduleService
    let screensaver = Screensaver()
    /// Touch to first lit frame of the current wake, logged once per wake.
    var wakeLatency = WakeLatency()

    init(idle: IdleService, schedule: ScheduleService) {
        self.idle = idle
        self.schedule = schedule
        // One backlight, two services: while idle has it off, the schedule's level waits (writing
        // it would light the blank panel) and is written once idle lights it again.
        schedule.holdsBacklight = { [unowned idle] in idle.isBlanked }
    }
}
