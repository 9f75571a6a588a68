/// What a schedule row does to the display while it holds (`display =`).
public enum DisplayPower: String, Hashable, Sendable, CaseIterable {
    case on, dim, off
}

/// One field a schedule row can set; each is decided on its own, so an evening row that dims
/// and a Saturday row that opens the event page both hold on a Saturday evening.
public enum ScheduleField: String, Hashable, Sendable, CaseIterable, Comparable {
    case display, brightness, home, open, screensaver

    public static func < (a: ScheduleField, b: ScheduleField) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// What a row sets while it holds; nil leaves the field to other rows (or the default).
public struct ScheduleSettings: Hashable, Sendable {
    public var display: DisplayPower?
    /// Backlight percent 0–100.
    public var brightness: Int?
    /// Another home page (`action = "home"`, `[idle] home_after`).
    public var home: PageID?
    /// A page shown while the row holds.
    public var open: PageID?
    /// The attract page shown after `[idle] screensaver_after`.
    public var screensaver: PageID?

    public init(
        display: DisplayPower? = nil, brightness: Int? = nil, home: PageID? = nil,
        open: PageID? = nil, screensaver: PageID? = nil
    ) {
        self.display = display
        self.brightness = brightness
        self.home = home
        self.open = open
        self.screensaver = screensaver
    }

    /// The fields this row sets.
    public var fields: [ScheduleField] {
        var set: [ScheduleField] = []
        if display != nil { set.append(.display) }
        if brightness != nil { set.append(.brightness) }
        if home != nil { set.append(.home) }
        if open != nil { set.append(.open) }
        if screensaver != nil { set.append(.screensaver) }
        return set
    }
}

/// A `[[schedule]]` row: on which days it starts and from when to when it holds, and what it
/// sets. A window that ends before it starts (22:00–06:00) runs overnight and belongs to the day
/// it starts on: Friday 22:00–06:00 holds on Saturday at 02:00.
public struct ScheduleRow: Hashable, Sendable {
    /// The weekdays it starts on; nil: every day.
    public var days: Set<Weekday>?
    /// Minutes of the day it starts at and ends at (end exclusive, up to 1440); nil: all day.
    public var from: TimeOfDay?
    public var to: TimeOfDay?
    /// One-off dates it starts on; empty: no such restriction.
    public var dates: [CivilDate] { didSet { dateNumbers = Set(dates.map(\.dayNumber)) } }
    /// `dates` for lookups in constant time (`check` evaluates rows of 366 dates many times).
    private var dateNumbers: Set<Int>
    /// The first and last date of a period it starts within (inclusive); nil: open-ended.
    public var firstDate: CivilDate?
    public var lastDate: CivilDate?
    public var sets: ScheduleSettings

    public init(
        days: Set<Weekday>? = nil, dates: [CivilDate] = [], firstDate: CivilDate? = nil,
        lastDate: CivilDate? = nil, from: TimeOfDay? = nil, to: TimeOfDay? = nil,
        sets: ScheduleSettings
    ) {
        self.days = days
        self.from = from
        self.to = to
        self.dates = dates
        dateNumbers = Set(dates.map(\.dayNumber))
        self.firstDate = firstDate
        self.lastDate = lastDate
        self.sets = sets
    }

    /// Which rows win over which, before the order in the file: one-off dates over a period,
    /// a period over weekdays, weekdays over every day.
    public var specificity: Int {
        if !dates.isEmpty { return 3 }
        if firstDate != nil || lastDate != nil { return 2 }
        if days != nil { return 1 }
        return 0
    }

    var start: Int { from?.minutes ?? 0 }
    var end: Int { to?.minutes ?? TimeOfDay.minutesPerDay }
    /// Runs past midnight into the next day.
    public var isOvernight: Bool { end < start }

    /// True when the row may start on `date` (its days, dates and period allow it).
    public func starts(on date: CivilDate) -> Bool {
        if let firstDate, date < firstDate { return false }
        if let lastDate, date > lastDate { return false }
        if !dates.isEmpty && !dateNumbers.contains(date.dayNumber) { return false }
        if let days, !days.contains(date.weekday) { return false }
        return true
    }

    /// True when the row holds at `time`: started today and inside its window, or started
    /// yesterday and still in the overnight part.
    public func holds(at time: LocalDateTime) -> Bool {
        let minute = time.minuteOfDay
        if isOvernight {
            if minute >= start && starts(on: time.date) { return true }
            return minute < end && starts(on: time.date.adding(days: -1))
        }
        return minute >= start && minute < end && starts(on: time.date)
    }
}
