import Testing

@testable import KioskDRM

/// When kiosk-shell switches the console keyboard off itself (Ctrl+Alt+Fn lock-down).
@Suite("Console keyboard lock-down")
struct ConsoleKeyboardTests {
    @Test("direct open without vt_switching: kiosk-shell switches the console keyboard off")
    func directOpen() {
        #expect(ConsoleKeyboard.needed(vtSwitching: false, seatManagesVT: false))
    }

    @Test("seatd or logind already keep it off; vt_switching = true leaves it to the kernel")
    func leftAlone() {
        #expect(!ConsoleKeyboard.needed(vtSwitching: false, seatManagesVT: true))
        #expect(!ConsoleKeyboard.needed(vtSwitching: true, seatManagesVT: false))
        #expect(!ConsoleKeyboard.needed(vtSwitching: true, seatManagesVT: true))
    }
}
