import KioskCore
import KioskDRM

#if canImport(Glibc)
    import Glibc
#endif

/// Whether `run` has somewhere to draw, asked before anything else starts, and the one line that
/// says what is missing when it has not.
///
/// Without a compositor the kiosk drives a DRM card, and waits for one that is not there yet
/// (`KMSDisplay.findCard`): at boot udev loads the GPU's driver after the kiosk has started. That
/// wait is right under systemd and wrong for a person who typed `kiosk-shell run` in an SSH login
/// on a workstation: it would wait forever in silence. So a run not started by systemd
/// (`startedBySystemd`) that would pick DRM by itself (`auto`, no `WAYLAND_DISPLAY`), with no
/// card named (`KIOSK_DRM_DEVICE`) and no card node at all, stops at once with that line. A card
/// asked for by name, `--backend drm` or `[display] backend = "drm"` keep the wait: whoever asked
/// knows that a card will come.
enum DisplayPresence {
    /// The folder of the card nodes (`CardSearch`'s default).
    static let cardDirectory = "/dev/dri"

    /// True when systemd started this process as a service. The rule: `NOTIFY_SOCKET` is set
    /// (systemd sets it for a `Type=notify` service, as the shipped units are), or
    /// `INVOCATION_ID` is set (systemd sets it for every unit it starts) while stdin and stderr are
    /// not both terminals. A login shell has neither variable: sshd and login(1) build the
    /// session's environment afresh. A terminal emulator that runs as a user service
    /// (gnome-terminal-server) hands `INVOCATION_ID` down to its shells, hence the terminal test;
    /// a unit with `TTYPath=` has its stdin on a terminal but its stderr in the journal.
    static func startedBySystemd(
        environment: (String) -> String? = DisplayPresence.environment,
        stdinIsTerminal: Bool = isatty(0) == 1, stderrIsTerminal: Bool = isatty(2) == 1
    ) -> Bool {
        if environment("NOTIFY_SOCKET") != nil { return true }
        return environment("INVOCATION_ID") != nil && !(stdinIsTerminal && stderrIsTerminal)
    }

    /// For `run` and `calibrate`, before they open an output: with nowhere to draw and not
    /// started by systemd, prints the one line and returns the exit code; nil: go on.
    static func refusal(wanted: OutputBackendChoice) -> KioskExitCode? {
        guard let line = missingDisplay(wanted: wanted, startedBySystemd: startedBySystemd())
        else { return nil }
        StandardStream.error.write(line + "\n")
        return .unavailable
    }

    /// The line to print instead of waiting for a card (see the type), or nil to go on.
    /// `wanted` is `--backend`, else `[display] backend`.
    static func missingDisplay(
        wanted: OutputBackendChoice, startedBySystemd: Bool,
        environment: (String) -> String? = DisplayPresence.environment,
        cardPaths: () -> [String] = {
            CardSearch(directory: DisplayPresence.cardDirectory).cardPaths()
        }
    ) -> String? {
        guard !startedBySystemd, wanted == .auto,
            wanted.resolved(waylandDisplay: environment("WAYLAND_DISPLAY")) == .drm,
            (environment("KIOSK_DRM_DEVICE") ?? "").isEmpty, cardPaths().isEmpty
        else { return nil }
        var hint = "start it under a compositor or on a console with a display"
        // libwayland itself would not look there without WAYLAND_DISPLAY, and neither does `auto`.
        if let runtime = environment("XDG_RUNTIME_DIR"), !runtime.isEmpty,
            access(runtime + "/wayland-0", F_OK) == 0
        {
            hint = "a compositor listens on \(runtime)/wayland-0: set WAYLAND_DISPLAY=wayland-0"
        }
        return
            "kiosk-shell: no display: no Wayland compositor (WAYLAND_DISPLAY unset) and no DRM card in \(cardDirectory); \(hint)"
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
