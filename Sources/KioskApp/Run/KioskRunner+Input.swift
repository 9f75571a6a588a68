import KioskCore
import KioskPlatform

/// Touches and keys from any source (the compositor's seat, later libinput) go through here to
/// the navigation. Every event counts as activity for the idle clock; the tap that wakes a blank
/// screen and the tap on the error banner never reach the pages.
extension KioskRunner {
    func deliver(_ event: TouchEvent) {
        guard let navigator else { return }
        switch event {
        case .down(let id, let position, _):
            noteActivity()
            if idle.isBlanked {
                wake(by: "a touch")
                gate.swallowSequence(of: id)
            } else if let bannerFrame, bannerFrame.contains(position) {
                gate.swallowSequence(of: id)
                bannerContacts.insert(id)
            }
        case .motion, .up:
            noteActivity()
        case .cancel, .frame:
            break
        }
        let passes = gate.passes(event)
        if case .up(let id, _) = event, bannerContacts.remove(id) != nil { dismissBanner() }
        if case .cancel = event { bannerContacts = [] }
        guard passes else { return }
        navigator.advance(to: event.time)
        navigator.handle(event)
        reportRefusal()
        window?.setNeedsFrame()
        armDeadline()
    }

    func deliver(_ event: KeyEvent) {
        guard let navigator else { return }
        noteActivity()
        if event.isPressed && idle.isBlanked {
            wake(by: "a key")
            gate.swallowKey(event.key)
        }
        guard gate.passes(event) else { return }
        navigator.advance(to: event.time)
        navigator.handle(event)
        reportRefusal()
        window?.setNeedsFrame()
    }

    /// Logs why an action was refused, once: the navigator keeps its last refusal until the
    /// next action, and the touches after it must not log it again.
    func reportRefusal() {
        let refusal = navigator?.lastRefusal
        defer { loggedRefusal = refusal }
        if let refusal, refusal != loggedRefusal { log.notice("\(refusal)") }
    }
}
