import KioskCore

/// Where an input source's events come from, which decides how they are mapped
/// (`InputRouting`): a compositor's seat gives window coordinates, a direct source maps its
/// devices itself.
public enum InputOrigin: Hashable, Sendable {
    /// The compositor's `wl_seat` (touch, pointer as one finger, keyboard).
    case compositor
    /// Devices read without a compositor's seat (libinput).
    case direct
}

/// Touches and keys from one place (docs/architecture.md, "Backends are siblings"). Both kinds feed
/// the same translation (KioskInput's `XKBKeyboard` and `PointerFinger`); they differ only in where
/// the events come from. The input router owns the sources it starts and stops them.
public protocol InputBackend: AnyObject {
    var origin: InputOrigin { get }
    /// Touches: window coordinates from a compositor, logical pixels from a direct source.
    var onTouch: ((TouchEvent) -> Void)? { get set }
    var onKey: ((KeyEvent) -> Void)? { get set }
    /// The touch geometry changed (panel size, rotation, calibration): a direct source maps its
    /// devices' normalised coordinates with it; a compositor's seat ignores it.
    func follow(_ mapper: TouchMapper)
    /// Starts delivering, once the callbacks are set (a direct source hands over the devices it
    /// found while starting).
    func start()
    /// Stops reading; no callbacks after it.
    func stop()
    /// Pauses (true) or resumes (false) reading while the seat is switched away; a direct source
    /// closes its devices meanwhile.
    func setSuspended(_ suspended: Bool)
    /// Delivers, now, the events already waiting to be read (without blocking): a long-press
    /// deadline is decided only after the touches that happened before it.
    func readPending()
}

extension InputBackend {
    /// A compositor's seat is paused by the compositor itself.
    func setSuspended(_ suspended: Bool) {}
    /// A source without a queue of its own has nothing to read ahead.
    func readPending() {}
}
