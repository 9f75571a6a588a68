/// Process exit codes (docs/architecture.md): systemd's unit uses `RestartPreventExitStatus=78` so
/// a panel with an unusable config is not restarted in a loop.
public enum KioskExitCode: Int32, Sendable {
    case success = 0
    case failure = 1
    /// EX_CONFIG from sysexits.h.
    case configError = 78
}
