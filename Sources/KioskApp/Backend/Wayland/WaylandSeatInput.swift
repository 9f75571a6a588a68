import KioskCore
import KioskWayland

/// The compositor's seat as an input source: `wl_touch`, the pointer as one finger and the
/// keyboard, already translated by the seat (KioskInput's `PointerFinger` and `XKBKeyboard`).
/// Touches come in window coordinates; the router maps them.
final class WaylandSeatInput: InputBackend {
    private weak var window: WaylandWindow?
    var onTouch: ((TouchEvent) -> Void)?
    var onKey: ((KeyEvent) -> Void)?

    init(window: WaylandWindow) {
        self.window = window
        window.onTouch = { [unowned self] event in onTouch?(event) }
        window.onKey = { [unowned self] event in onKey?(event) }
    }

    var origin: InputOrigin { .compositor }

    func follow(_ mapper: TouchMapper) {}

    func start() {}

    /// Touches still in the compositor's socket are read before a long-press deadline is decided.
    func readPending() {
        window?.display.readPendingEvents()
    }

    func stop() {
        window?.onTouch = nil
        window?.onKey = nil
        onTouch = nil
        onKey = nil
    }
}
