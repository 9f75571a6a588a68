import KioskCore

/// What a chart, gauge or bar reads of one value besides its text: its history (nil when the
/// value keeps none) and its thresholds (the bands). The app hands it in from its value store.
public struct ChartData: Sendable {
    public var history: ValueHistory?
    public var thresholds: Thresholds?
    public init(history: ValueHistory?, thresholds: Thresholds?) {
        self.history = history
        self.thresholds = thresholds
    }
}

/// The chart colours: the first value in the theme's accent, the others in hues chosen to stay
/// apart from each other and from the warning and alarm colours.
enum ChartPalette {
    static let series: [RGBA] = [
        RGBA(red: 0.33, green: 0.75, blue: 0.95),
        RGBA(red: 0.62, green: 0.85, blue: 0.40),
        RGBA(red: 0.78, green: 0.55, blue: 0.95),
        RGBA(red: 0.95, green: 0.55, blue: 0.75),
        RGBA(red: 0.40, green: 0.85, blue: 0.75),
        RGBA(red: 0.85, green: 0.80, blue: 0.45)
    ]

    static func color(_ index: Int, theme: Theme) -> RGBA {
        index == 0 ? theme.accent : series[index % series.count]
    }

    static func band(_ level: ValueLevel) -> RGBA {
        var color = level == .alarm ? PageRenderer.alarmColor : PageRenderer.warningColor
        color.alpha = 0.18
        return color
    }
}

extension RenderContext {
    /// What a chart region shows, as one comparable string: each history's sample count (which
    /// moves with every sample) and each value's level, so the card is redrawn exactly when
    /// one of its values gets a sample.
    func chartState(_ names: [String]) -> String {
        names.map { name in
            let version = chartData(name).history?.version ?? -1
            let value = values(name)
            return "\(version)|\(value?.level ?? .normal)|\(value?.isStale ?? false)"
        }.joined(separator: ";")
    }
}
