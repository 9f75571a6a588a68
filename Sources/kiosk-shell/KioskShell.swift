import ArgumentParser
import Glibc
import KioskApp
import KioskConfig

@main
struct KioskShell: ParsableCommand {
    /// The release this binary is; `kiosk-shell --version` prints it.
    static let version = "0.1.0-dev"

    static let configuration = CommandConfiguration(
        commandName: "kiosk-shell",
        abstract: "A fullscreen Wayland shell for touch panels: pages from TOML files, turned and slid with a finger.",
        version: version,
        subcommands: [Run.self, Check.self, Render.self, Bench.self, Calibrate.self, Ctl.self])

    static func main() {
        KioskProcess.prepare()
        if let problem = usageProblem(Array(CommandLine.arguments.dropFirst())) {
            StandardStream.error.write(problem + "\n")
            Glibc.exit(ExitCode.validationFailure.rawValue)
        }
        main(nil)
    }

    /// What is wrong with the command line before ArgumentParser sees it: nothing to do (bare
    /// `kiosk-shell`), or a command name that does not exist, with the nearest real one.
    static func usageProblem(_ arguments: [String]) -> String? {
        let names = configuration.subcommands.map { $0._commandName }
        let usage = "usage: kiosk-shell <command> [options]; commands: \(names.joined(separator: ", ")); see 'kiosk-shell --help'"
        guard let first = arguments.first else { return "kiosk-shell: no command given\n" + usage }
        var word = first
        if first == "help" {
            guard arguments.count > 1 else { return nil }
            word = arguments[1]
        }
        guard !word.hasPrefix("-"), !names.contains(word) else { return nil }
        let shown = String(word.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
        let hint = Suggestion.nearest(to: word, in: names + ["help"]).map { "; did you mean '\($0)'?" } ?? ""
        return "kiosk-shell: unknown command '\(shown)'\(hint)\n" + usage
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
