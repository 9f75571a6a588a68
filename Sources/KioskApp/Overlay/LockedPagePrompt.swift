import KioskCore
import KioskPlatform
import Logging

/// Asks for a locked page's PIN (`lock = "…"`) on the field's numeric pad (`EntryOverlay`)
/// when an `open` leads to it: the right PIN opens it, a wrong one clears the pad and says how
/// long to wait before the next (`PINBackoff`, kept by the navigator's `PageLocks`, so closing
/// and opening the pad again does not skip the wait). Holds no state of its own: it is the
/// navigator's `lockHandler`.
enum LockedPagePrompt {
    /// Long enough for any PIN staff will remember (`hash-pin` takes no longer one).
    static let longestPIN = 12
    /// Digits only.
    static let pinField = FieldSpec(
        entry: .pin, rules: FieldRules(maxLength: longestPIN), layout: .numeric)

    /// Makes `navigator` ask for PINs on `overlays`; `clock` is monotonic seconds, `matches`
    /// checks a PIN against a hash (libcrypt's, replaced only where a test needs a fast one).
    static func install(
        on navigator: Navigator, overlays: OverlayService, log: Logger,
        clock: @escaping () -> Double = { MonotonicClock.now },
        matches: @escaping (_ pin: String, _ hash: String) -> Bool = PINHash.matches
    ) {
        navigator.lockHandler = { [weak navigator, unowned overlays] page, unlockAndOpen in
            guard let hash = page.lock else { return }
            log.info("page \(page.id): locked, asking for its PIN")
            let pad = EntryOverlay(
                field: pinField, label: "Enter the PIN",
                submitted: { _ in
                    log.notice("page \(page.id): unlocked")
                    unlockAndOpen()
                },
                refused: { reason in log.notice("page \(page.id): \(reason)") },
                verify: { pin in
                    guard let navigator else { return "This page is no longer shown" }
                    return check(pin, against: hash, locks: &navigator.locks, at: clock()) {
                        matches($0, $1)
                    }
                })
            overlays.show(pad)
        }
    }

    /// Why `pin` does not open the page at `now` (a wait still running, or a wrong PIN, which
    /// starts the next wait); nil when it is the right one. During a wait the PIN is not even
    /// checked, so guessing faster than the backoff tells nothing.
    static func check(
        _ pin: String, against hash: String, locks: inout PageLocks, at now: Double,
        matches: (String, String) -> Bool
    ) -> String? {
        if let wait = locks.backoff.wait(at: now) {
            return "Wait \(PINBackoff.said(wait)), then try again"
        }
        if matches(pin, hash) { return nil }
        let wait = locks.backoff.failed(at: now)
        return "Wrong PIN. Try again in \(PINBackoff.said(wait))"
    }
}
