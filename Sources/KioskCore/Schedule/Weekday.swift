/// A day of the week, Monday first (ISO 8601), as schedule rows name them.
public enum Weekday: Int, Hashable, Sendable, CaseIterable, Comparable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// "mon" … "sun".
    public var shortName: String { String(String(describing: self).prefix(3)) }

    /// "mon" or "monday", any case; nil for anything else.
    public init?(name: String) {
        let lower = name.lowercased()
        guard
            let day = Weekday.allCases.first(where: {
                $0.shortName == lower || String(describing: $0) == lower
            })
        else { return nil }
        self = day
    }

    /// Every name `init(name:)` accepts, short ones first (for "did you mean" hints).
    public static var names: [String] {
        allCases.map(\.shortName) + allCases.map { String(describing: $0) }
    }

    public static func < (a: Weekday, b: Weekday) -> Bool { a.rawValue < b.rawValue }
}
