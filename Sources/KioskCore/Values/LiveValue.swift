/// How a value stands against its thresholds; widgets colour it (normal, warning, alarm).
public enum ValueLevel: Int, Hashable, Comparable, Sendable, CustomStringConvertible {
    case normal, warning, alarm

    public static func < (a: ValueLevel, b: ValueLevel) -> Bool { a.rawValue < b.rawValue }

    public var description: String {
        switch self {
        case .normal: "normal"
        case .warning: "warning"
        case .alarm: "alarm"
        }
    }
}

/// A named value as a widget shows it: plain text (never markup, never a path), whether its
/// source stopped updating, and its threshold level.
public struct LiveValue: Hashable, Sendable {
    /// The last good text (the placeholder before the first one).
    public var text: String
    /// True when the source has not updated within the value's `stale_after`.
    public var isStale: Bool
    public var level: ValueLevel
    /// True once a source delivered a value (false: `text` is the placeholder).
    public var hasValue: Bool

    public init(
        text: String, isStale: Bool = false, level: ValueLevel = .normal, hasValue: Bool = true
    ) {
        self.text = text
        self.isStale = isStale
        self.level = level
        self.hasValue = hasValue
    }
}
