import Glibc
@testable import KioskInput
import Testing

@Suite("libinput context internals")
struct LibinputContextTests {
    @Test(
        "failed opens are classified: missing node, permission (with the input-group hint), other")
    func openErrors() {
        let path = "/dev/input/event4"
        #expect(LibinputContext.error(opening: path, errno: ENOENT) == .deviceNotFound(path: path))
        #expect(LibinputContext.error(opening: path, errno: ENODEV) == .deviceNotFound(path: path))
        #expect(
            LibinputContext.error(opening: path, errno: EACCES) == .permissionDenied(path: path))
        #expect(LibinputContext.error(opening: path, errno: EPERM) == .permissionDenied(path: path))
        #expect(
            LibinputContext.error(opening: path, errno: EBUSY)
                == .openFailed(path: path, errno: EBUSY))
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
