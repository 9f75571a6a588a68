import KioskConfig
import KioskCore
import KioskPlatform
import Logging

/// Entry point of `kiosk-shell run`: loads the config and runs the kiosk.
public enum KioskRun {
    /// Runs until stopped. A config with errors shows them on screen and waits for a fix, unless
    /// `strict`: then it exits 78 (EX_CONFIG) at once, and systemd's `RestartPreventExitStatus=78`
    /// keeps it from restarting in a loop. `backend` (from `--backend`) overrides `[display] backend`.
    /// Started by hand with no compositor and no DRM card it exits 69 with one line saying so.
    public static func start(
        configDirectory: String, strict: Bool = false, backend: OutputBackendChoice? = nil
    ) -> KioskExitCode {
        let log = Logger(label: "kiosk")
        StartupTimeline.process.mark("arguments")
        let result = ConfigLoader.load(directory: configDirectory)
        StartupTimeline.process.mark("config")
        for warning in result.warnings { log.warning("\(warning.description)") }
        if result.configuration == nil || result.hasErrors {
            for error in result.errors { log.error("\(error.description)") }
            if strict {
                log.critical(
                    "\(configDirectory): unusable config (\(counted(result.errors.count, "error"))); not starting (--strict)"
                )
                return .configError
            }
            log.error(
                "\(configDirectory): unusable config (\(counted(result.errors.count, "error"))); showing them on screen until the files are fixed"
            )
        }
        let wanted = backend ?? result.displaySettings?.output.backend ?? .auto
        if let refused = DisplayPresence.refusal(wanted: wanted) { return refused }
        do {
            let runner = try KioskRunner(configDirectory: configDirectory, loaded: result)
            return runner.run(backend: backend)
        } catch {
            log.critical("\(error.description)")
            return .failure
        }
    }
}
