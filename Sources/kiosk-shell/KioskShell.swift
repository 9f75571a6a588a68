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
        abstract:
            "A fullscreen Wayland shell for touch panels: pages from TOML files, turned and slid with a finger.",
        version: version,
        subcommands: [
            Run.self, Check.self, Render.self, Bench.self, Calibrate.self, Ctl.self, HashPin.self
        ])

    static func main() {
        KioskProcess.prepare()
        if let problem = usageProblem(Array(CommandLine.arguments.dropFirst())) {
            StandardStream.error.write(problem + "\n")
            Glibc.exit(ExitCode.validationFailure.rawValue)
        }
        main(nil)
    }

    /// What is wrong with the command line before ArgumentParser sees it: nothing to do (bare
    /// `kiosk-shell`), or a command name (or `ctl` command) that does not exist, with the nearest
    /// real one.
    static func usageProblem(_ arguments: [String]) -> String? {
        let names = configuration.subcommands.map { $0._commandName }
        guard let first = arguments.first else {
            return "kiosk-shell: no command given\n" + usage("kiosk-shell", names)
        }
        var word = first
        if first == "help" {
            guard arguments.count > 1 else { return nil }
            word = arguments[1]
        }
        if let problem = unknownCommand(word, among: names, of: "kiosk-shell") { return problem }
        guard first == "ctl", let ctlWord = Ctl.commandWord(in: arguments.dropFirst()) else {
            return nil
        }
        return unknownCommand(
            ctlWord, among: Ctl.configuration.subcommands.map { $0._commandName },
            of: "kiosk-shell ctl")
    }

    /// "unknown command" with the nearest of `names` and the usage of `command`, or nil when
    /// `word` is one of them, `help` (ArgumentParser's) or an option.
    static func unknownCommand(_ word: String, among names: [String], of command: String) -> String?
    {
        let known = names + ["help"]
        guard !word.hasPrefix("-"), !known.contains(word) else { return nil }
        let shown = String(
            word.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
        let hint = Suggestion.nearest(to: word, in: known).map { "; did you mean '\($0)'?" } ?? ""
        return "\(command): unknown command '\(shown)'\(hint)\n" + usage(command, names)
    }

    static func usage(_ command: String, _ names: [String]) -> String {
        "usage: \(command) <command> [options]; commands: \(names.joined(separator: ", ")); see '\(command) --help'"
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
