import ArgumentParser
import KioskApp
import KioskCore

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw pages headless into PNG files, with the code that draws them on screen.",
        discussion: """
            Examples:
              kiosk-shell render --config Config --page home --out home.png
              kiosk-shell render --config Config --all --out out/pages
              kiosk-shell render --page home --actions "drag 900,400 300,400 250ms" --at 0.2 --out mid-turn.png
              kiosk-shell render --config Config --time "2026-12-24 22:00" --out evening.png
            Action steps: tap X,Y; drag X1,Y1 X2,Y2 [DURATION]; wait DURATION; key NAME; open PAGE; back; home; next; previous.
            """)

    @OptionGroup var options: ConfigOption

    @Option(help: "The page to draw.")
    var page: String?

    @Flag(help: "Draw every page, one PNG each, into the --out folder.")
    var all = false

    @Option(help: "Logical size WIDTHxHEIGHT (default: [preview] in kiosk.toml).")
    var size: String?

    @Option(help: "Output pixels per logical pixel (default: [preview] scale).")
    var scale: Double?

    @Option(
        help:
            "Turn the picture onto the panel: normal, 90, 180, 270, flipped, flipped-90, flipped-180, flipped-270 (default: [display] rotation). --size stays the upright size."
    )
    var rotation: String?

    @Option(help: "A scripted interaction to run first, steps separated by ';'.")
    var actions: String?

    @Option(
        help:
            "Seconds after the script starts to draw (mid-transition frames); default: once settled."
    )
    var at: Double?

    @Option(
        help:
            "A live value to draw with, NAME=PAYLOAD as its source delivers it (repeatable; several for one value are samples of its history); file values are read."
    )
    var value: [String] = []

    @Option(
        help:
            "Draw what the panel shows at this local time, \"YYYY-MM-DD HH:MM\": the [[schedule]]'s home and open pages, its display state and brightness (instead of --page or --all)."
    )
    var time: String?

    @Option(
        help:
            "Draw in this language of [languages] available (its lang/CODE.toml strings); default: the default language."
    )
    var language: String?

    @Option(help: "The PNG file (--page, --time) or folder (--all) to write.")
    var out: String

    func validate() throws {
        if let time {
            guard page == nil, !all else {
                throw ValidationError(
                    "--time draws what the schedule shows: give it without --page or --all")
            }
            guard LocalDateTime(parsing: time) != nil else {
                throw ValidationError(
                    "--time: expected a local time \"YYYY-MM-DD HH:MM\" such as \"2026-12-24 22:00\" (a day the calendar has, 00:00 to 23:59); found '\(time)'"
                )
            }
        } else {
            guard (page != nil) != all else {
                throw ValidationError("give either --page ID, --all or --time")
            }
        }
        for entry in value where !entry.contains("=" as Character) {
            throw ValidationError(
                "--value: expected NAME=PAYLOAD, e.g. temp={\"value\": 21.5}; found '\(entry)'")
        }
        if let size, Render.parseSize(size) == nil {
            throw ValidationError(
                "--size: expected WIDTHxHEIGHT with each side from 1 to \(Int(Render.maximumSide)), e.g. 1920x1080; found '\(size)'"
            )
        }
        if let scale, !(scale > 0 && scale <= Render.maximumScale) {
            throw ValidationError(
                "--scale: expected a number greater than 0 and at most \(Int(Render.maximumScale)); found \(scale)"
            )
        }
        if let scale, let size = size.flatMap(Render.parseSize),
            max(size.width, size.height) * scale > Render.maximumPixels
        {
            throw ValidationError(
                "--size at --scale: the picture would be \(Int(size.width * scale))x\(Int(size.height * scale)) pixels; at most \(Int(Render.maximumPixels)) a side"
            )
        }
        if let at, !(at >= 0 && at.isFinite) { throw ValidationError("--at: expected seconds ≥ 0") }
        if let rotation, DisplayTransform(name: rotation) == nil {
            throw ValidationError(
                "--rotation: expected one of "
                    + DisplayTransform.allCases.map(\.name).joined(separator: ", "))
        }
    }

    /// Bounds of the options (the image buffers hold at most 16384 pixels a side).
    static let maximumSide = 8192.0
    static let maximumScale = 8.0
    static let maximumPixels = 16384.0

    static func parseSize(_ text: String) -> Size? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w >= 1, h >= 1,
            w <= maximumSide, h <= maximumSide
        else { return nil }
        return Size(width: w, height: h)
    }

    func run() throws {
        var rendering = PageRendering(
            configDirectory: options.config, size: size.flatMap(Render.parseSize), scale: scale,
            actions: actions, at: at,
            rotation: rotation.flatMap(DisplayTransform.init(name:)))
        rendering.language = language
        for entry in value {
            let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            rendering.values[String(parts[0]), default: []].append(
                parts.count > 1 ? String(parts[1]) : "")
        }
        do {
            let (configuration, warnings) = try rendering.loadConfiguration()
            for warning in warnings { StandardStream.error.write(warning + "\n") }
            let pages: [PageID]
            try rendering.prepareOutput(out, intoFolder: all)
            if let time = time.flatMap(LocalDateTime.init(parsing:)) {
                let state = try rendering.renderScheduled(
                    configuration: configuration, at: time, out: out)
                let row =
                    state.leadingRow.map { " (schedule[\($0 + 1)])" } ?? " (no schedule row holds)"
                StandardStream.error.write("render: at \(time): \(state)\(row)\n")
                print(out)
                return
            }
            if all {
                pages = configuration.pages.keys.sorted()
            } else {
                let id = PageID(page ?? "")
                guard configuration.pages[id] != nil else {
                    throw PageRendering.Failure(
                        lines: [
                            "render: no page \"\(id)\" in \(options.config); its pages are \(configuration.pages.keys.sorted().map(\.rawValue).joined(separator: ", "))"
                        ],
                        exitCode: .failure)
                }
                pages = [id]
            }
            let written = try rendering.render(
                configuration: configuration, pages: pages, out: out, intoFolder: all)
            for path in written { print(path) }
        } catch let failure as PageRendering.Failure {
            StandardStream.error.write(failure.description + "\n")
            throw failure.exitCode.exit
        }
    }
}
