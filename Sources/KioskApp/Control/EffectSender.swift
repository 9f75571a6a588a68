import KioskCore

/// Who sends a program run or a message through `KioskRunner.send(_:for:by:)`: a row's or
/// tile's action, or a control's new value. The effects go out the same way; only these differ.
enum EffectSender {
    /// A tap on a row or tile with `run` or `publish`: a tap while its program runs is ignored,
    /// and a message sent says so in a toast.
    case action
    /// A control's new `value`: while its program runs the value waits (`SendOutcome.busy`,
    /// `ControlChanges` tries again), and the control shows its new state itself, so only a
    /// failure gets a toast.
    case control(value: String)

    /// The first word of its log lines.
    var logName: String {
        switch self {
        case .action: "action"
        case .control: "control"
        }
    }

    /// A message that went out gets a toast only for an action.
    var toastsSuccess: Bool {
        switch self {
        case .action: true
        case .control: false
        }
    }
}

/// What became of a send.
enum SendOutcome {
    case sent
    /// Its program still runs: nothing was sent.
    case busy
}
