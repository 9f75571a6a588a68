/// The id a page is known by in config files (its file name without `.toml` unless it says `id =`).
public struct PageID: Hashable, Comparable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public var description: String { rawValue }
    public static func < (a: PageID, b: PageID) -> Bool { a.rawValue < b.rawValue }
}
