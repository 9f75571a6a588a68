import KioskPlatform

extension KMSDisplay {
    /// Seconds of waiting for the card after which a warning says what to check (a wrong card
    /// never appears); the wait goes on.
    static let cardWarningAfter = 20.0
    /// How much longer systemd is asked to let the start take, at each report of the wait (every
    /// 5 s): the rest of the start has at least 25 s once the card is there.
    static let cardStartExtension = 30.0

    /// The card to open and the seconds waited for it: `options.devicePath` when set, waited for
    /// (`CardWait`); else the first card with connectors (`CardSearch`), waited for until one
    /// comes. One line says which card and why. While it waits, systemd hears that the start is
    /// waiting, not hung (TimeoutStartSec= would otherwise stop it), and `systemctl status` says
    /// for what. A stop (SIGTERM, Ctrl-C) ends the wait: the loop that takes those signals does
    /// not run yet.
    static func findCard(_ options: Options, seat: any DeviceSeat, log: (LogLevel, String) -> Void)
        throws(DRMError) -> (path: String, waited: Double)
    {
        let notifier = SystemdNotifier()
        var warned = false
        let stopping = { ProcessSignal.pendingStop.map { "\($0.name) received" } }
        guard let path = options.devicePath else {
            // The seat opens what the kiosk may not (CardSearch).
            let search = CardSearch { path in
                guard let opened = try? seat.openDevice(path) else { return nil }
                return (opened.fd, { seat.closeDevice(fd: opened.fd, token: opened.token) })
            }
            let found = try search.wait(timeout: options.cardTimeout, stopping: stopping) { line in
                log(.info, line)
            } waiting: { waited, line in
                notifier?.extendStart(by: cardStartExtension, status: line)
                if waited >= cardWarningAfter, !warned {
                    warned = true
                    log(
                        .warning,
                        "still no display card after \(Int(waited)) s (\(CardSearch.hint)); waiting on"
                    )
                }
            }
            log(.info, found.line)
            return (found.path, found.waited)
        }
        let wait = CardWait(path: path)
        if !wait.isReady {
            log(.info, "waiting for \(path) (KIOSK_DRM_DEVICE names it; udev has not made it yet)")
        }
        let waited = try wait.wait(timeout: options.cardTimeout, stopping: stopping) { waited in
            notifier?.extendStart(
                by: cardStartExtension, status: "waiting for \(path) (udev has not made it yet)")
            if waited >= cardWarningAfter, !warned {
                warned = true
                log(
                    .warning,
                    "still no \(path) after \(Int(waited)) s (\(CardWait.hint)); waiting on")
            }
        }
        if case .use(_, let line) = CardSelection.decide(requested: path, probes: []) {
            log(.info, line)
        }
        return (path, waited)
    }
}
