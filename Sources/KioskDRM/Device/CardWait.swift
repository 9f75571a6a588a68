import Glibc
import KioskPlatform

/// Waits for the display card at boot. udev's coldplug loads the GPU's driver late (on the virtual
/// panel 1 to 2.5 s after seatd is up), and a kiosk that asked libseat for the card before it
/// existed exited and came up only on systemd's restart. Waiting here instead of in the unit
/// (`udevadm wait` before exec) lets the loader, the config and the fonts load meanwhile.
///
/// Ready means what `udevadm wait` checks: the node exists and udev has finished with it (its
/// database entry `/run/udev/data/c<major>:<minor>` exists, so its group and seat tags are set).
/// Where no udev runs (a container, an initramfs) the node alone counts.
public struct CardWait {
    /// The card's device node, e.g. `/dev/dri/card0`.
    public let path: String
    /// Where udev keeps its database (tests pass their own).
    public let udevRoot: String

    /// What to check when the card does not come.
    public static let hint =
        "is the GPU's driver loaded? a drop-in with Environment=KIOSK_DRM_DEVICE=… names another card"

    public init(path: String, udevRoot: String = "/run/udev") {
        self.path = path
        self.udevRoot = udevRoot
    }

    /// True when the card can be opened now.
    public var isReady: Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        guard access(udevRoot + "/control", F_OK) == 0 else { return true }
        let major = DeviceNumber.major(info.st_rdev), minor = DeviceNumber.minor(info.st_rdev)
        return access("\(udevRoot)/data/c\(major):\(minor)", F_OK) == 0
    }

    /// Returns the seconds waited once the card is ready; throws after `timeout` seconds (pass
    /// `.infinity` to wait as long as it takes), or as soon as `stopping` returns a reason. While
    /// the card is missing, `waiting` is called with the seconds waited every `reportInterval`
    /// seconds, for the caller to say so. Polls every 20 ms: a stat or two per poll for a wait
    /// that happens once, at boot, and is over in seconds (an inotify watch would have to follow
    /// /dev/dri's own creation too).
    public func wait(
        timeout: Double, reportInterval: Double = 5, stopping: () -> String? = { nil },
        waiting: (Double) -> Void = { _ in }
    ) throws(DRMError) -> Double {
        let start = MonotonicClock.now
        var nextReport = reportInterval
        while !isReady {
            let waited = MonotonicClock.now - start
            guard waited < timeout else {
                let seconds = timeout == timeout.rounded() ? "\(Int(timeout))" : "\(timeout)"
                throw DRMError(
                    "no display card: \(path) did not appear within \(seconds) s (\(CardWait.hint))"
                )
            }
            if let reason = stopping() {
                throw DRMError("stopped while waiting for \(path): \(reason)")
            }
            if waited >= nextReport {
                waiting(waited)
                nextReport = waited + reportInterval
            }
            usleep(20_000)
        }
        return MonotonicClock.now - start
    }
}
