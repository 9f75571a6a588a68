import KioskConfig
import KioskCore

/// `kiosk-shell check`: validates a config folder and reports every problem, one line each.
public enum ConfigCheck {
    /// The report lines and the exit code: 0 when there are no errors (warnings allowed), 78 when
    /// there is at least one.
    public static func run(directory: String) -> (lines: [String], exitCode: KioskExitCode) {
        let result = ConfigLoader.load(directory: directory)
        var lines = result.diagnostics.map(\.description)
        let errors = result.errors.count
        let warnings = result.warnings.count
        if let configuration = result.configuration, errors == 0 {
            lines.append(
                "\(directory): OK: \(configuration.pages.count) pages, home \"\(configuration.settings.home)\""
                    + (warnings > 0 ? ", " + counted(warnings, "warning") : ""))
            return (lines, .success)
        }
        lines.append("\(directory): \(counted(errors, "error")), \(counted(warnings, "warning"))")
        return (lines, .configError)
    }
}
