import ArgumentParser
import KioskApp

struct Calibrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure the touch calibration on the panel and write it into kiosk.toml.",
        discussion: """
            Shows crosses one after another; touch the centre of each. Then a check screen shows a dot \
            where each touch lands with the new matrix: touch Save to keep it, Again to start over, \
            Escape to cancel. The result goes into [input] calibration of kiosk.toml (comments and \
            layout kept) or, with --print, to stdout. Uses [input] source and the rotations of kiosk.toml.
            Exit codes: 0 saved, 1 cancelled or failed, 78 unusable config.
            """)

    @OptionGroup var options: ConfigOption

    @Flag(help: "Print the calibration line instead of writing kiosk.toml.")
    var print = false

    @Option(help: "How many targets (4 to 9): corners, centre, edge midpoints.")
    var points = 5

    func validate() throws {
        guard (4...9).contains(points) else { throw ValidationError("--points: expected 4 to 9") }
    }

    func run() throws {
        KioskLogging.bootstrap(verbose: false)
        let code = KioskCalibration.start(
            configDirectory: options.config, points: points, printOnly: print)
        if code != .success { throw code.exit }
    }
}
