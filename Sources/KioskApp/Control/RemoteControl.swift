import KioskControl
import KioskRender

/// The runner as the D-Bus service's delegate: methods end in `KioskRunner.perform(_:)`,
/// properties read `controlStatus`. (A separate object because the runner's `status` is its
/// systemd status, and the service holds its delegate weakly: the hub keeps this alive.)
final class RemoteControl: KioskControlDelegate {
    unowned let runner: KioskRunner

    init(runner: KioskRunner) { self.runner = runner }

    func perform(_ command: RemoteCommand) throws(ControlError) { try runner.perform(command) }

    var status: KioskStatus { runner.controlStatus }

    var health: String {
        runner.healthReport.json(now: WallClockTime.now().secondsSinceEpoch)
    }
}
