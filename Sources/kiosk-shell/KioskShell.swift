import ArgumentParser
import KioskApp

@main
struct KioskShell: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosk-shell",
        abstract: "A fullscreen Wayland shell for touch panels: pages from TOML files, turned and slid with a finger.",
        subcommands: [Run.self, Check.self, Render.self, Bench.self, Calibrate.self, Ctl.self])

    static func main() {
        KioskProcess.prepare()
        main(nil)
    }
}

/// Options every command that reads a config shares.
struct ConfigOption: ParsableArguments {
    @Option(name: .long, help: "The config folder (kiosk.toml and pages/).")
    var config: String = "Config"
}

extension KioskExitCode {
    /// Ends the process with this code (ArgumentParser's ExitCode).
    var exit: ExitCode { ExitCode(rawValue) }
}
