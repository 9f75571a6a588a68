import ArgumentParser
import KioskApp

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Time the CPU compositor, the transitions, page drawing and a clock-only frame (medians)."
    )

    @Option(name: .long, help: "Output size in pixels, WxH.")
    var size: String = "1920x1080"

    @Flag(name: .long, help: "Print the results as JSON.")
    var json = false

    @Option(name: .long, help: "Timed runs per measurement (after 3 warm-up runs).")
    var repetitions: Int = 21

    @Option(
        name: .long,
        help: "Only the measurements whose name starts with this text (and the memcpy).")
    var only: String?

    @OptionGroup var options: ConfigOption

    func validate() throws {
        guard BenchCommand.parseSize(size) != nil else {
            throw ValidationError(
                "--size must be WxH with each side 16...8192, e.g. 1920x1080; got \"\(size)\"")
        }
        guard (1...1000).contains(repetitions) else {
            throw ValidationError("--repetitions must be 1...1000; got \(repetitions)")
        }
    }

    func run() throws {
        guard let (width, height) = BenchCommand.parseSize(size) else {
            throw ExitCode.validationFailure
        }
        let bench = BenchCommand.Options(
            width: width, height: height, json: json, configDirectory: options.config,
            repetitions: repetitions, only: only)
        let (output, code) = BenchCommand.run(bench) { line in
            StandardStream.error.write("bench: \(line)\n")
        }
        print(output)
        if code != .success { throw code.exit }
    }
}
