import ArgumentParser
import KioskApp
import KioskCore

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Show the home page fullscreen: on the Wayland compositor in WAYLAND_DISPLAY, or on the display itself (DRM/KMS).",
        discussion: """
            The config folder is watched: saved edits apply at once (SIGHUP reloads too). A config \
            with errors keeps the last good pages on screen under a banner listing the errors; at \
            start it shows a page listing them until the files are fixed.
            Under systemd (Type=notify) it sends READY=1 after the first frame, STATUS=, WATCHDOG=1 \
            and RELOADING=1/STOPPING=1, and saves the navigation in $STATE_DIRECTORY.
            Without WAYLAND_DISPLAY (or with --backend drm / [display] backend = "drm") it drives the \
            display through kernel mode setting, opened through libseat (seatd or logind), and reads \
            touch and keys through libinput.
            Exit codes: 0 on SIGTERM/SIGINT, 1 when the compositor or display goes away, 69 when started \
            by hand (not by systemd) with neither WAYLAND_DISPLAY nor a card in /dev/dri (under systemd \
            it waits for the card), 78 when the config is unusable and --strict is given.
            """)

    @OptionGroup var options: ConfigOption

    @Flag(help: "Log debug lines too.")
    var verbose = false

    @Flag(
        help: "Exit with 78 when the config has errors at start instead of showing them on screen.")
    var strict = false

    @Option(
        help:
            "Where to draw: auto (Wayland when WAYLAND_DISPLAY is set, else drm), wayland or drm. Overrides [display] backend."
    )
    var backend: OutputBackendChoice?

    func run() throws {
        KioskLogging.bootstrap(verbose: verbose)
        let code = KioskRun.start(configDirectory: options.config, strict: strict, backend: backend)
        if code != .success { throw code.exit }
    }
}

extension OutputBackendChoice: ExpressibleByArgument {}
