internal import CDRM
import Glibc

/// udev's "drm" uevents (a connector plugged or unplugged: HOTPLUG=1 on the card): the display
/// re-probes its connectors when the descriptor is readable.
///
/// Ownership: the udev context and monitor are this object's, unreferenced in deinit.
final class DRMHotplugMonitor {
    private let udev: OpaquePointer
    private let monitor: OpaquePointer

    /// nil when udev's netlink monitor cannot be opened (no netlink in a sandbox): then only a
    /// failed commit re-probes.
    init?() {
        guard let udev = udev_new() else { return nil }
        guard let monitor = udev_monitor_new_from_netlink(udev, "udev") else {
            udev_unref(udev)
            return nil
        }
        guard udev_monitor_filter_add_match_subsystem_devtype(monitor, "drm", nil) >= 0,
            udev_monitor_enable_receiving(monitor) >= 0
        else {
            udev_monitor_unref(monitor)
            udev_unref(udev)
            return nil
        }
        self.udev = udev
        self.monitor = monitor
    }

    deinit {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    var fileDescriptor: Int32 { udev_monitor_get_fd(monitor) }

    /// Drains the queued uevents; true when one was a "change" of a card. A connector plugged
    /// or unplugged sends one with HOTPLUG=1; any change is worth a probe (it is cheap, and a
    /// forced connector status or a synthesized event carries no HOTPLUG).
    func drain() -> Bool {
        var changed = false
        while let device = udev_monitor_receive_device(monitor) {
            if let action = udev_device_get_action(device), String(cString: action) == "change" {
                changed = true
            }
            udev_device_unref(device)
        }
        return changed
    }
}
