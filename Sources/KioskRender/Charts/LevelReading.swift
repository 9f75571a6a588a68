import KioskCore

/// A live value as a gauge or a bar shows it: its number when it is one, its level, whether it is
/// stale, and the colours that follow from those, so both widgets agree on what a reading means.
struct LevelReading {
    let value: LiveValue?
    /// nil when there is no value yet or it is not a number (shown as written, muted).
    let number: Double?

    init(_ value: LiveValue?) {
        self.value = value
        number = value.flatMap { $0.hasValue ? ValueHistory.number(in: $0.text) : nil }
    }

    var level: ValueLevel { value?.level ?? .normal }
    var isStale: Bool { value?.isStale == true }

    /// The number as written on the widget, or the value's own text, or a dash.
    var text: String { number.map(ChartNumber.format) ?? value?.text ?? "—" }

    /// The arc's or the bar's fill: the accent while normal, the level's colour otherwise, muted
    /// when stale.
    func fill(_ theme: Theme) -> RGBA {
        if isStale { return theme.mutedText }
        return level == .normal ? theme.accent : PageRenderer.color(of: level, theme: theme)
    }

    /// The written number's colour: muted when there is no number or it is stale.
    func textColor(_ theme: Theme) -> RGBA {
        number == nil || isStale ? theme.mutedText : PageRenderer.color(of: level, theme: theme)
    }
}
