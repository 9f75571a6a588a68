import Glibc
import KioskCore
import KioskInput
import Testing

private let panel = Size(width: 800, height: 480)

/// Collects log lines.
private final class LogBox: @unchecked Sendable {
    var lines: [(InputLogLevel, String)] = []
}

/// These run against the real libinput, udev and xkbcommon. The test machine has no /dev/input,
/// so they prove the zero-device paths, not event reading (the recordings cover that).
@Suite("libinput source on a machine without input devices")
struct LibinputSourceTests {
    @Test("a udev context on seat0 starts with zero devices and an fd to poll")
    func udevZeroDevices() throws {
        let source = try LibinputSource(settings: InputGeometrySettings(), nativeSize: panel)
        #expect(source.usesUdev)
        #expect(source.fileDescriptor >= 0)
        #expect(source.dispatch() == [])
        #expect(source.devices.isEmpty && source.missingDevicePaths.isEmpty)
        #expect(source.cursor == Point(x: 400, y: 240))
        source.suspend()
        #expect(source.resume())
        #expect(source.dispatch() == [])
    }

    @Test("a path context with no paths starts with zero devices")
    func pathZeroDevices() throws {
        let source = try LibinputSource(
            settings: InputGeometrySettings(devicePaths: []), nativeSize: panel)
        _ = source.dispatch()
        var settings = InputGeometrySettings()
        settings.devicePaths = ["/dev/input/kiosk-shell-test-missing"]
        let log = LogBox()
        let pathSource = try LibinputSource(settings: settings, nativeSize: panel) {
            log.lines.append(($0, $1))
        }
        #expect(!pathSource.usesUdev)
        #expect(pathSource.fileDescriptor >= 0)
        #expect(pathSource.dispatch() == [])
        #expect(pathSource.missingDevicePaths == ["/dev/input/kiosk-shell-test-missing"])
        #expect(
            log.lines.map(\.1) == [
                "input device /dev/input/kiosk-shell-test-missing does not exist"
            ])
        #expect(pathSource.retryMissingDevices() == 0)
        #expect(pathSource.missingDevicePaths == ["/dev/input/kiosk-shell-test-missing"])
    }

    @Test("adding a missing device path throws a clear error and leaves the source usable")
    func missingPath() throws {
        var settings = InputGeometrySettings()
        settings.devicePaths = ["/nonexistent/event0"]
        let source = try LibinputSource(settings: settings, nativeSize: panel)
        #expect(throws: InputError.deviceNotFound(path: "/dev/input/event99")) {
            try source.addDevice(path: "/dev/input/event99")
        }
        #expect(source.dispatch() == [])
    }

    @Test("a node that is not an input device is refused by name, without a crash")
    func notAnInputDevice() throws {
        var settings = InputGeometrySettings()
        settings.devicePaths = ["/dev/null"]
        let log = LogBox()
        let source = try LibinputSource(settings: settings, nativeSize: panel) {
            log.lines.append(($0, $1))
        }
        #expect(source.missingDevicePaths == ["/dev/null"])
        #expect(log.lines.last?.1 == "/dev/null is not an input device libinput can use")
        #expect(source.dispatch() == [])
    }

    @Test("an unknown keyboard layout is logged and the navigation keys still work")
    func badLayoutFallsBack() throws {
        var settings = InputGeometrySettings()
        settings.keymap = KeymapSettings(layout: "kiosk-shell-no-such-layout")
        let log = LogBox()
        _ = try LibinputSource(settings: settings, nativeSize: panel) { log.lines.append(($0, $1)) }
        #expect(
            log.lines.contains {
                $0.0 == .warning && $0.1.hasPrefix("keyboard layout")
                    && $0.1.contains("kiosk-shell-no-such-layout")
            })
        // xkbcommon's details come through the log at debug level instead of on stderr.
        #expect(
            log.lines.contains {
                $0.0 == .debug && $0.1.hasPrefix("xkbcommon: ")
                    && $0.1.contains("kiosk-shell-no-such-layout")
            })
    }

    @Test("error messages are single lines; permission errors say what to do")
    func messages() {
        let errors: [InputError] = [
            .udevUnavailable, .contextCreationFailed, .seatAssignmentFailed(seat: "seat9"),
            .deviceNotFound(path: "/dev/input/event3"),
            .permissionDenied(path: "/dev/input/event3"),
            .openFailed(path: "/dev/input/event3", errno: EBUSY),
            .notAnInputDevice(path: "/dev/null"),
            .keymapFailed(KeymapSettings(layout: "xx")), .dispatchFailed(errno: EIO)
        ]
        for e in errors { #expect(!e.description.contains("\n")) }
        #expect(
            InputError.permissionDenied(path: "/dev/input/event3").description
                == "permission denied opening /dev/input/event3: add the service user to the 'input' group or run it in a logind session"
        )
        #expect(
            InputError.openFailed(path: "/dev/input/event3", errno: EBUSY).description
                == "cannot open input device /dev/input/event3: Device or resource busy")
    }
}
