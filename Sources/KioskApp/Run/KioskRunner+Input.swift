import KioskCore

/// Touches and keys from any source (the compositor's seat, later libinput) go through here to
/// the navigation.
extension KioskRunner {
    func deliver(_ event: TouchEvent) {
        guard let navigator else { return }
        navigator.advance(to: event.time)
        navigator.handle(event)
        reportRefusal()
        window?.setNeedsFrame()
        armDeadline()
    }

    func deliver(_ event: KeyEvent) {
        guard let navigator else { return }
        navigator.advance(to: event.time)
        navigator.handle(event)
        reportRefusal()
        window?.setNeedsFrame()
    }

    func reportRefusal() {
        if let refusal = navigator?.lastRefusal { log.notice("\(refusal)") }
    }
}
