import ArgumentParser
import KioskApp

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the home page fullscreen on the Wayland compositor in WAYLAND_DISPLAY.",
        discussion: """
            The config folder is watched: saved edits apply at once (SIGHUP reloads too). A config \
            with errors keeps the last good pages on screen under a banner listing the errors; at \
            start it shows a page listing them until the files are fixed.
            Under systemd (Type=notify) it sends READY=1 after the first frame, STATUS=, WATCHDOG=1 \
            and RELOADING=1/STOPPING=1, and saves the navigation in $STATE_DIRECTORY.
            Exit codes: 0 on SIGTERM/SIGINT, 1 when the compositor goes away, 78 when the config is \
            unusable and --strict is given.
            """)

    @OptionGroup var options: ConfigOption

    @Flag(help: "Log debug lines too.")
    var verbose = false

    @Flag(help: "Exit with 78 when the config has errors at start instead of showing them on screen.")
    var strict = false

    func run() throws {
        KioskLogging.bootstrap(verbose: verbose)
        let code = KioskRun.start(configDirectory: options.config, strict: strict)
        if code != .success { throw code.exit }
    }
}
