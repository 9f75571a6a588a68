import KioskCore

/// When the panel goes home and blanks after nobody touched it (`[idle]`): a pure clock of
/// monotonic seconds, so the rules are tested without waiting.
///
/// Each step happens once per idle period: after `home_after` seconds the navigation goes home,
/// after `screensaver_after` seconds (when a screensaver page is set) the attract page shows,
/// after `blank_after` seconds the screen blanks. Any input starts a new period. The steps are
/// independent: a blank before home is allowed (the home animation then plays unseen), and home
/// during the screensaver goes home behind it (the visitor's navigation, not the attract page's).
///
/// The clock also keeps the wake window of a panel the schedule (or a remote command) holds
/// off: a touch opens it, every input moves its end (the last activity plus `wakeFor`), and its
/// end is a step like the others, so the panel's "nobody touched it for N s" lives in one clock.
public struct IdleClock: Hashable, Sendable {
    public enum Step: Hashable, Sendable {
        case home, screensaver, blank
        /// The wake window closed: the display goes back to the state that holds it off.
        case wakeEnds
    }

    public var settings: IdleSettings
    /// When the last input arrived (or the clock started).
    public private(set) var lastActivity: Double
    public private(set) var wentHome = false
    /// The screensaver step ran in this idle period (whether or not the runner could show it).
    public private(set) var startedScreensaver = false
    public private(set) var isBlanked = false
    /// `[display] wake_for`: how long a woken panel stays lit after the last input.
    public var wakeFor: Double = 120
    /// A touch woke a panel held off; lit until `wakeFor` passes without input.
    public private(set) var isWoken = false

    public init(settings: IdleSettings, now: Double) {
        self.settings = settings
        lastActivity = now
    }

    /// Input arrived: a new idle period starts. Waking a blanked screen is `wake(at:)`.
    public mutating func activity(at time: Double) {
        lastActivity = max(lastActivity, time)
        wentHome = false
        startedScreensaver = false
    }

    /// The screen is lit again (the wake tap); also counts as activity.
    public mutating func wake(at time: Double) {
        isBlanked = false
        activity(at: time)
    }

    /// A touch on a panel held off: lit from `time` until `wakeFor` passes without input.
    public mutating func openWakeWindow(at time: Double) {
        isWoken = true
        activity(at: time)
    }

    /// The display is no longer held off (the schedule moved on, a remote `display on`).
    public mutating func closeWakeWindow() { isWoken = false }

    /// The next time a step is due, nil when none is pending.
    public var nextDeadline: Double? {
        var deadlines: [Double] = []
        if !wentHome, let home = settings.homeAfter { deadlines.append(lastActivity + home) }
        if !startedScreensaver, settings.screensaver != nil {
            deadlines.append(lastActivity + settings.screensaverAfter)
        }
        if !isBlanked, let blank = settings.blankAfter { deadlines.append(lastActivity + blank) }
        if isWoken { deadlines.append(lastActivity + wakeFor) }
        return deadlines.min()
    }

    /// The steps due at `now`, home before the screensaver before blank before the wake's end;
    /// each is returned once per idle period.
    public mutating func due(at now: Double) -> [Step] {
        var steps: [Step] = []
        if !wentHome, let home = settings.homeAfter, now >= lastActivity + home {
            wentHome = true
            steps.append(.home)
        }
        if !startedScreensaver, settings.screensaver != nil,
            now >= lastActivity + settings.screensaverAfter
        {
            startedScreensaver = true
            steps.append(.screensaver)
        }
        if !isBlanked, let blank = settings.blankAfter, now >= lastActivity + blank {
            isBlanked = true
            steps.append(.blank)
        }
        if isWoken, now >= lastActivity + wakeFor {
            isWoken = false
            steps.append(.wakeEnds)
        }
        return steps
    }
}
