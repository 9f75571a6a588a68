/// Pages shown one after another by themselves, each for its dwell time (a lobby screen's loop).
public struct PlaylistSpec: Hashable, Sendable {
    /// `dwell` when the file does not say: long enough to read a short page.
    public static let defaultDwell = 8.0
    /// `resume_after` when the file does not say: a visitor who has not touched for this long
    /// has gone.
    public static let defaultResumeAfter = 30.0
    /// `[transition]` when the file does not say: a calm cross-fade, not a slide that draws the
    /// eye every few seconds.
    public static let defaultTransition = TransitionSpec(kind: .fade, duration: 0.6)

    public var pages: [PageID]
    /// `dwell`: seconds each page shows before the next one comes, unless `[page_dwell]` names it.
    public var dwell: Double
    /// `[page_dwell]`: seconds for the pages that have their own.
    public var pageDwell: [PageID: Double]
    /// How one page gives way to the next.
    public var transition: TransitionSpec
    /// `resume_after`: seconds after the last touch before the pages turn again.
    public var resumeAfter: Double

    public init(
        pages: [PageID], dwell: Double = defaultDwell, pageDwell: [PageID: Double] = [:],
        transition: TransitionSpec = defaultTransition, resumeAfter: Double = defaultResumeAfter
    ) {
        self.pages = pages
        self.dwell = dwell
        self.pageDwell = pageDwell
        self.transition = transition
        self.resumeAfter = resumeAfter
    }

    /// How long page `id` shows.
    public func dwell(of id: PageID) -> Double { pageDwell[id] ?? dwell }
}
