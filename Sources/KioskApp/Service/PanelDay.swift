/// The services that act without a touch: `[idle]` (home, blank) and `[[schedule]]` (display
/// power, brightness, pages by time). One field of the runner for both, so neither grows it.
final class PanelDay {
    let idle: IdleService
    let schedule: ScheduleService

    init(idle: IdleService, schedule: ScheduleService) {
        self.idle = idle
        self.schedule = schedule
    }
}
