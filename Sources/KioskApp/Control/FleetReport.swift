import KioskControl
import KioskPlatform

/// What the panel tells the fleet about itself (docs/control.md): the D-Bus Idle and Blanked
/// property changes, the retained `<prefix>/display` state when it changes, and the retained
/// `<prefix>/health` report every minute and whenever a field other than the clock-driven ones
/// (last frame, uptime, memory) changes. Messages wait in the MQTT client while the broker is
/// away and go out on the next connect.
final class FleetReport {
    private let loop: EventLoop
    private let mqtt: MQTTClient?
    private let bus: KioskBusService?
    private var timer: EventLoop.TimerID?
    /// What was last reported, to send only changes.
    private var status: KioskStatus?
    private var display: DisplayReport?
    private var health: HealthReport?

    /// Seconds between two health messages when nothing changes.
    static let healthInterval = 60.0

    /// `current` gives the health report's JSON now (the runner's, through the delegate).
    init(loop: EventLoop, mqtt: MQTTClient?, bus: KioskBusService?, current: @escaping () -> String)
    {
        self.loop = loop
        self.mqtt = mqtt
        self.bus = bus
        guard let mqtt else { return }
        timer = try? loop.addTimer(after: Self.healthInterval, repeating: Self.healthInterval) {
            [unowned mqtt] _ in
            mqtt.publishRetained(mqtt.configuration.healthTopic, payload: current())
        }
    }

    /// After anything that may change what the panel reports (a frame at rest, a schedule or
    /// remote change, a wake, a reload): sends what differs from the last report.
    func report(_ status: KioskStatus, display: DisplayReport, health: HealthReport, now: Double) {
        if let bus, let last = self.status {
            if last.idle != status.idle { bus.statusChanged("Idle") }
            if last.blanked != status.blanked { bus.statusChanged("Blanked") }
        }
        self.status = status
        guard let mqtt else { return }
        if display != self.display {
            self.display = display
            mqtt.publishRetained(mqtt.configuration.displayTopic, payload: display.json)
        }
        if health.newsworthy != self.health {
            self.health = health.newsworthy
            mqtt.publishRetained(mqtt.configuration.healthTopic, payload: health.json(now: now))
        }
    }

    func stop() {
        if let timer { loop.cancelTimer(timer) }
        timer = nil
    }
}
