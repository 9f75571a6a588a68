/// The locked pages (`lock = "…"`) a visitor has opened with the PIN since the panel was last
/// idle, and the wait their wrong PINs earned. Kept by the `Navigator`, so a new configuration
/// (a reload builds a new navigator) starts locked again.
public struct PageLocks: Hashable, Sendable {
    /// Opened with the right PIN; cleared by `relock`.
    public private(set) var unlocked: Set<PageID> = []
    /// Not cleared by `relock`: walking away does not earn a wrong guesser a fresh start.
    public var backoff = PINBackoff()

    public init() {}

    /// Whether opening `page` asks for its PIN first.
    public func isLocked(_ page: PageDefinition) -> Bool {
        page.lock != nil && !unlocked.contains(page.id)
    }

    /// The right PIN for `id` was entered.
    public mutating func unlock(_ id: PageID) {
        unlocked.insert(id)
        backoff.succeeded()
    }

    /// The panel was idle: every locked page asks for its PIN again.
    public mutating func relock() {
        unlocked = []
    }
}
