/// Process exit codes (docs/architecture.md): systemd's unit uses `RestartPreventExitStatus=78` so a panel
/// with an unusable config is not restarted in a loop. 69 is not listed there, nor needs to be:
/// only a run not started by systemd ends with it (`DisplayPresence`); a service waits for its card.
public enum KioskExitCode: Int32, Sendable {
    case success = 0
    case failure = 1
    /// EX_UNAVAILABLE from sysexits.h: started by hand with nowhere to draw (no compositor, no
    /// DRM card).
    case unavailable = 69
    /// EX_CONFIG from sysexits.h.
    case configError = 78
}
