internal import CDRM
import Glibc

/// The kernel console's own keyboard on the VT we draw on, switched off (`KDSKBMODE K_OFF`) so
/// Ctrl+Alt+Fn no longer switches consoles (and no keystroke reaches the VT's tty), while
/// libinput still reads the keyboard's evdev node. `chvt` still works: it asks the VT layer
/// (`VT_ACTIVATE`), not the keyboard. The mode it found is put back by `restore()`.
///
/// Needed only when the devices are opened directly (`DirectSeat`): seatd and logind already
/// switch the keyboard of the VT they hand out off, and give it back when the seat closes.
/// Ownership: the descriptor of /dev/tty0 (the console in front when opened) is ours.
final class ConsoleKeyboard {
    private var fd: Int32
    private let savedMode: Int32

    /// Switches the console keyboard off; throws a one-line reason (no console, no permission).
    init() throws(DRMError) {
        let fd = open("/dev/tty0", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw DRMError.errno("cannot open /dev/tty0", errno) }
        let mode = kiosk_console_keyboard_mode(fd)
        guard mode >= 0 else {
            let code = errno
            close(fd)
            throw DRMError.errno("reading the console keyboard mode", code)
        }
        guard kiosk_console_set_keyboard_mode(fd, -1) == 0 else {
            let code = errno
            close(fd)
            throw DRMError.errno("switching the console keyboard off", code)
        }
        self.fd = fd
        savedMode = mode
    }

    deinit { restore() }

    /// Gives the console its keyboard mode back (at exit; a second call does nothing).
    func restore() {
        guard fd >= 0 else { return }
        _ = kiosk_console_set_keyboard_mode(fd, savedMode)
        close(fd)
        fd = -1
    }

    /// Whether kiosk-shell must switch the console keyboard off itself: only when VT switching
    /// is not allowed and no seat manager (seatd, logind) has done it for the VT it hands out.
    static func needed(vtSwitching: Bool, seatManagesVT: Bool) -> Bool {
        !vtSwitching && !seatManagesVT
    }
}
