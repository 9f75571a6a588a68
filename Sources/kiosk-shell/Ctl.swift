import ArgumentParser
import KioskApp
import KioskControl

/// `kiosk-shell ctl …`: steers a running kiosk over D-Bus (org.kioskshell.Kiosk1 on the system
/// bus; root or group kiosk-control). Each command is a subcommand of its own so that
/// ArgumentParser answers `ctl --help` and `ctl COMMAND --help` itself, before any bus is touched.
struct Ctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Steer the running kiosk over D-Bus: open PAGE | back | home | next | previous | reload | screenshot PATH | set NAME VALUE | status.",
        discussion:
            "Exit codes: 0 done, 1 refused or the kiosk unreachable (the reason on stderr), 64 an unknown command.",
        subcommands: [
            CtlOpen.self, CtlBack.self, CtlHome.self, CtlNext.self, CtlPrevious.self,
            CtlReload.self, CtlScreenshot.self,
            CtlSet.self, CtlStatus.self
        ])

    @Option(name: .long, help: "A D-Bus address instead of the system bus (e.g. unix:path=/run/x).")
    var address: String?

    /// The command word of `ctl`'s arguments (the first that is not `--address` or its value),
    /// nil when there is none.
    static func commandWord(in arguments: ArraySlice<String>) -> String? {
        var rest = arguments
        while let word = rest.first {
            if word == "--address" {
                rest = rest.dropFirst(2)
            } else if word.hasPrefix("--address=") {
                rest = rest.dropFirst()
            } else {
                return word
            }
        }
        return nil
    }

    /// Connects and runs `body`; any failure ends the process with one line on stderr and exit 1.
    func withClient(_ body: (KioskBusClient) throws -> Void) throws {
        do {
            try body(try KioskBusClient(address: address))
        } catch {
            StandardStream.error.write("kiosk-shell ctl: \(error)\n")
            throw ExitCode.failure
        }
    }
}

/// A `ctl` command that sends one fixed remote command.
protocol CtlFixedCommand: ParsableCommand {
    static var command: RemoteCommand { get }
    var ctl: Ctl { get }
}

extension CtlFixedCommand {
    func run() throws { try ctl.withClient { try $0.send(Self.command) } }
}
