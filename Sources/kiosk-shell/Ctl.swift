import ArgumentParser
import KioskApp
import KioskConfig
import KioskControl

/// `kiosk-shell ctl …`: steers a running kiosk over D-Bus (org.kioskshell.Kiosk1 on the system
/// bus; root or group kiosk-control).
struct Ctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Steer the running kiosk over D-Bus: open PAGE | back | home | reload | screenshot PATH | set NAME VALUE | status.")

    @Option(name: .long, help: "A D-Bus address instead of the system bus (e.g. unix:path=/run/x).")
    var address: String?

    @Argument(parsing: .captureForPassthrough, help: "The command and its arguments.")
    var words: [String] = []

    func run() throws {
        do {
            let client = try KioskBusClient(address: address)
            switch words.first {
            case "status":
                let status = try client.status()
                print("page: \(status.currentPage)")
                print("idle: \(status.idle ? "yes" : "no")")
                print("blanked: \(status.blanked ? "yes" : "no")")
            case "screenshot":
                guard words.count == 2 else { throw ControlError.refusedCommand("screenshot needs one file path") }
                // The kiosk writes the file: give it an absolute path.
                let path = LocalPath.absolute(words[1])
                try client.send(.screenshot(path: path))
            case "next", "previous":
                throw ControlError.refusedCommand("\(words[0]) is an MQTT command only; use open PAGE")
            default:
                try client.send(try RemoteCommand.parse(Array(words.joined(separator: " ").utf8)))
            }
        } catch {
            StandardStream.error.write("kiosk-shell ctl: \(error)\n")
            throw ExitCode.failure
        }
    }
}
