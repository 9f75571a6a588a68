import KioskControl
import KioskCore
import KioskPlatform
import KioskRender

/// Remote and fleet (docs/control.md): the display and screensaver commands of MQTT and D-Bus,
/// the screenshot published over MQTT, and the health report.
extension KioskRunner {
    /// `display on|off|dim`, `brightness N`, `screensaver`, `screenshot` (MQTT).
    func performPanelCommand(_ command: RemoteCommand) throws(ControlError) {
        switch command {
        case .display(let power):
            // The schedule's path: backlight, output power, redraw and the retained state.
            schedule.command { $0.set(display: power) }
        case .brightness(let percent):
            schedule.command { $0.set(brightness: percent) }
        case .screensaver:
            guard let page = screensaverPage else {
                throw .refusedCommand("no screensaver page ([idle] screensaver or a schedule row)")
            }
            guard !day.screensaver.isShowing else { return }
            startScreensaver(quiet: nil)
            guard day.screensaver.isShowing else {
                throw .refusedCommand("cannot show the screensaver \"\(page)\"")
            }
            log.info("screensaver \"\(page)\" started by a remote command")
        case .publishScreenshot:
            try publishScreenshot()
        default:
            preconditionFailure("\(command) is not a panel command")
        }
    }

    /// The frame on screen as PNG on `<prefix>/screenshot`; over `[mqtt] screenshot_max_kib` it
    /// is not sent, and one line says so in the log and on `<prefix>/error`.
    private func publishScreenshot() throws(ControlError) {
        guard let mqtt = control?.mqtt, let limitKiB = control?.settings.mqtt?.screenshotMaxKiB
        else { throw .refusedCommand("screenshot needs [mqtt]") }
        let image = try screenImage()
        let topics = mqtt.configuration
        do {
            let png = try image.pngBytes(limit: limitKiB * 1024)
            mqtt.publish(topics.screenshotTopic, bytes: png)
            log.info(
                "screenshot \(image.width)x\(image.height) published to \(topics.screenshotTopic) (\(png.count) bytes)"
            )
        } catch {
            let line =
                "screenshot \(image.width)x\(image.height) not sent: \(error) ([mqtt] screenshot_max_kib = \(limitKiB))"
            mqtt.publish(topics.errorTopic, payload: line)
            throw .source(line)
        }
    }

    /// The health report now (docs/control.md, "Health").
    var healthReport: HealthReport {
        HealthReport(
            lastFrame: pipeline.lastPresentedAt,
            uptime: MonotonicClock.now - StartupTimeline.process.origin,
            residentKiB: ProcessMemory.residentKiB(), configHash: config.fingerprint,
            configErrors: config.errorCount, page: controlStatus.currentPage,
            scheduleRow: schedule.leadingRow, display: schedule.report)
    }

    /// Idle, blanked, display state and health to D-Bus and MQTT, where they changed.
    func reportToFleet() {
        control?.fleet.report(
            controlStatus, display: schedule.report, health: healthReport,
            now: WallClockTime.now().secondsSinceEpoch)
    }
}
