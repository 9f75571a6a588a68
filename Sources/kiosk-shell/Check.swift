import ArgumentParser
import KioskApp

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Validate a config folder and report every problem at once (exit 0, or 78 on errors).")

    @OptionGroup var options: ConfigOption

    func run() throws {
        let (lines, code) = ConfigCheck.run(directory: options.config)
        for line in lines { print(line) }
        if code != .success { throw code.exit }
    }
}
