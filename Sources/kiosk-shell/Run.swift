import ArgumentParser
import KioskApp

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the home page fullscreen on the Wayland compositor in WAYLAND_DISPLAY.",
        discussion: "Exit codes: 0 on SIGTERM/SIGINT, 1 when the compositor goes away, 78 when the config is unusable.")

    @OptionGroup var options: ConfigOption

    @Flag(help: "Log debug lines too.")
    var verbose = false

    func run() throws {
        KioskLogging.bootstrap(verbose: verbose)
        let code = KioskRun.start(configDirectory: options.config)
        if code != .success { throw code.exit }
    }
}
