import Glibc
@testable import KioskInput
import Testing

@Suite("libinput context internals")
struct LibinputContextTests {
    @Test("failed opens are classified: missing node, permission (with the input-group hint), other")
    func openErrors() {
        let path = "/dev/input/event4"
        #expect(LibinputContext.error(opening: path, errno: ENOENT) == .deviceNotFound(path: path))
        #expect(LibinputContext.error(opening: path, errno: ENODEV) == .deviceNotFound(path: path))
        #expect(LibinputContext.error(opening: path, errno: EACCES) == .permissionDenied(path: path))
        #expect(LibinputContext.error(opening: path, errno: EPERM) == .permissionDenied(path: path))
        #expect(LibinputContext.error(opening: path, errno: EBUSY) == .openFailed(path: path, errno: EBUSY))
    }

    @Test("device numbers split into majors as glibc does: evdev nodes are major 13")
    func majors() {
        #expect(LibinputContext.major(dev_t(13 << 8 | 64)) == 13)  // 13:64 = /dev/input/event0
        #expect(LibinputContext.major(dev_t(1 << 8 | 3)) == 1)  // /dev/null
        #expect(LibinputContext.major(dev_t(0x1000_0000_0000) | dev_t(0x0d << 8)) == 0x1000 | 13)
    }

    @Test("a path context reports no devices and gives an open close-on-exec fd to poll")
    func pathContextFD() throws {
        // (Whether the fd closes with the context is not checked: tests run in parallel and
        // another one may get the same fd number at once.)
        let context = try LibinputContext(mode: .paths) { _, _ in }
        #expect(context.fileDescriptor >= 0)
        #expect(context.readEvents() == [])
        #expect(fcntl(context.fileDescriptor, F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test("an unknown seat still starts: libinput waits for devices to appear on it")
    func otherSeat() throws {
        let context = try LibinputContext(mode: .udev(seat: "seat-kiosk-test")) { _, _ in }
        #expect(context.readEvents() == [])
    }
}
