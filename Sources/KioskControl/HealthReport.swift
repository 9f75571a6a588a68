import KioskCore

/// What a fleet tool learns about a panel on the retained `<prefix>/health` topic (every minute
/// and on change) and from the D-Bus `Health` property: whether it is really drawing (the time
/// of the last frame the output took), how long it has run, its memory, which config it runs and
/// whether that config has errors, the page on screen and the schedule row in force.
public struct HealthReport: Hashable, Sendable {
    /// Wall-clock seconds since the epoch of the last frame committed to the output; nil before
    /// the first.
    public var lastFrame: Double?
    /// Seconds since the process started.
    public var uptime: Double
    /// Resident memory in KiB; nil where it cannot be read.
    public var residentKiB: Int?
    /// `ConfigFingerprint` of the config folder as last read.
    public var configHash: String
    /// Errors of the last read of the config (0: the files on disk are what runs).
    public var configErrors: Int
    public var page: String
    /// The strongest schedule row that holds ("schedule[2] every day 18:00–22:00"); nil when none.
    public var scheduleRow: String?
    /// The display as the fleet sees it (`DisplayReport`).
    public var display: DisplayReport

    public init(
        lastFrame: Double?, uptime: Double, residentKiB: Int?, configHash: String,
        configErrors: Int, page: String, scheduleRow: String?, display: DisplayReport
    ) {
        self.lastFrame = lastFrame
        self.uptime = uptime
        self.residentKiB = residentKiB
        self.configHash = configHash
        self.configErrors = configErrors
        self.page = page
        self.scheduleRow = scheduleRow
        self.display = display
    }

    /// The fields whose change is news (publish now); time, uptime and memory move always and
    /// wait for the minute.
    public var newsworthy: HealthReport {
        var report = self
        report.lastFrame = nil
        report.uptime = 0
        report.residentKiB = nil
        return report
    }

    /// One JSON object; `now` (wall-clock seconds) gives `last_frame_age`.
    public func json(now: Double) -> String {
        func number(_ value: Double) -> String {
            let rounded = (value * 1000).rounded() / 1000
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        let fields: [(String, String)] = [
            ("last_frame", lastFrame.map(number) ?? "null"),
            ("last_frame_age", lastFrame.map { number(max(0, now - $0)) } ?? "null"),
            ("uptime", number(uptime.rounded())),
            ("rss_kib", residentKiB.map(String.init) ?? "null"),
            ("config_hash", JSONString.quoted(configHash)),
            ("config_errors", String(configErrors)),
            ("page", JSONString.quoted(page)),
            ("schedule_row", scheduleRow.map(JSONString.quoted) ?? "null"),
            ("display", JSONString.quoted(display.power.rawValue)),
            ("brightness", String(display.brightness))
        ]
        return "{" + fields.map { "\(JSONString.quoted($0.0)): \($0.1)" }.joined(separator: ", ")
            + "}"
    }
}
