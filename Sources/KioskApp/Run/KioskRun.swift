import KioskConfig
import KioskCore
import Logging

/// Entry point of `kiosk-shell run`: loads the config and runs the kiosk.
public enum KioskRun {
    public static func start(configDirectory: String) -> KioskExitCode {
        let log = Logger(label: "kiosk")
        let result = ConfigLoader.load(directory: configDirectory)
        for warning in result.warnings { log.warning("\(warning.description)") }
        guard let configuration = result.configuration, !result.hasErrors else {
            for error in result.errors { log.error("\(error.description)") }
            log.critical("\(configDirectory): unusable config (\(result.errors.count) errors); not starting")
            return .configError
        }
        do {
            let runner = try KioskRunner(configuration: configuration)
            return runner.run()
        } catch {
            log.critical("\(error.description)")
            return .failure
        }
    }
}
