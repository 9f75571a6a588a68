/// The panel's day (`[[schedule]]`): the effective display, brightness, home, open and
/// screensaver pages at a local time. `state(at:)` is a pure function of the rows and the wall
/// clock reading; the runner calls it every minute and after every clock change, so a clock set
/// forward or back, a daylight-saving change or a suspend need no bookkeeping.
///
/// Rules: each field is decided on its own. Among the rows that hold and set a field, the most
/// specific wins (a one-off date over a period, a period over weekdays, weekdays over every
/// day); among equally specific ones the later row in the file. A field no row sets keeps its
/// default (display on, the configured home, no page opened, `[idle] screensaver`).
public struct Schedule: Hashable, Sendable {
    public var rows: [ScheduleRow]

    /// Brightness of `display = "dim"` when its row gives none.
    public static let defaultDimPercent = 30

    public init(rows: [ScheduleRow] = []) { self.rows = rows }

    public var isEmpty: Bool { rows.isEmpty }

    /// Row indexes from the weakest to the strongest.
    var precedence: [Int] {
        rows.indices.sorted { (rows[$0].specificity, $0) < (rows[$1].specificity, $1) }
    }

    public func state(at time: LocalDateTime) -> ScheduleState {
        state(at: time, order: precedence)
    }

    /// `order` is `precedence`, computed once by callers that evaluate many times.
    func state(at time: LocalDateTime, order: [Int]) -> ScheduleState {
        var state = ScheduleState()
        for index in order where rows[index].holds(at: time) {
            let sets = rows[index].sets
            state.holding.append(index)
            state.leadingRow = index
            if let display = sets.display { state.take(.display, index) { $0.display = display } }
            if let level = sets.brightness {
                state.take(.brightness, index) { $0.brightness = level }
            }
            if let home = sets.home { state.take(.home, index) { $0.home = home } }
            if let open = sets.open { state.take(.open, index) { $0.open = open } }
            if let page = sets.screensaver {
                state.take(.screensaver, index) { $0.screensaver = page }
            }
        }
        state.holding.sort()
        return state
    }
}

/// The schedule's verdict at one time.
public struct ScheduleState: Hashable, Sendable, CustomStringConvertible {
    public var display: DisplayPower = .on
    /// Backlight percent a row set; nil: full (on) or `Schedule.defaultDimPercent` (dim).
    public var brightness: Int?
    public var home: PageID?
    public var open: PageID?
    public var screensaver: PageID?
    /// Which row decided each field (0-based row indexes).
    public var decidedBy: [ScheduleField: Int] = [:]
    /// Every row that holds, in file order.
    public var holding: [Int] = []

    public init() {}

    mutating func take(_ field: ScheduleField, _ row: Int, _ apply: (inout ScheduleState) -> Void) {
        apply(&self)
        decidedBy[field] = row
    }

    /// The backlight level in percent: 0 when off; a dim row without a level dims to
    /// `Schedule.defaultDimPercent` (never to 0 unless a row asks for 0).
    public var backlightPercent: Int {
        switch display {
        case .off: 0
        case .dim: brightness ?? Schedule.defaultDimPercent
        case .on: brightness ?? 100
        }
    }

    /// The strongest row that holds (for logs and status); nil when none does.
    public var leadingRow: Int?

    public var description: String {
        var parts = ["display \(display.rawValue)", "backlight \(backlightPercent) %"]
        if let home { parts.append("home \"\(home)\"") }
        if let open { parts.append("open \"\(open)\"") }
        if let screensaver { parts.append("screensaver \"\(screensaver)\"") }
        return parts.joined(separator: ", ")
    }
}
