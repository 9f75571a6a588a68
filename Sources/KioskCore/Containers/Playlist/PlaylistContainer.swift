/// Pages shown one after another by themselves, each for its dwell time, with one of the stack's
/// transitions between them (a lobby screen's loop; Anthias/Screenly's playlist, DAKboard's
/// rotating screens).
///
/// Time is the navigator's clock: `advance(to:)` turns to the next page once the current one has
/// shown for its dwell. Nothing runs between turns; `nextTurn` says when the next one is due so
/// the run loop can sleep until then (`ContainerNode.nextChange`). A touch anywhere on it pauses
/// it (`visitorInteracted`): the visitor may use the page, and the turning resumes `resumeAfter`
/// seconds after the last touch. The dwell counts only while the playlist is on screen: a cube
/// face turned away stops it, and the page it shows gets a full dwell when the face comes back.
/// A page loads when first shown and stays loaded, as a tab does.
public final class PlaylistContainer: ContainerNode {
    public let pages: [NavigationNode]
    /// Index of the page shown (or coming in).
    public private(set) var currentIndex: Int
    /// Seconds each page shows, by index.
    public let dwells: [Double]
    /// The transition of every turn; nil = instant.
    public var turnTransition: TransitionSpec?
    /// Seconds after the last touch before the turning resumes.
    public let resumeAfter: Double
    public var eventHandler: ((PlaylistEvent) -> Void)?
    private(set) var running: RunningTransition?
    private var shown: Set<ObjectIdentifier> = []
    /// When the current page came (or comes) to rest on screen; nil until the first `advance`
    /// after the playlist appeared: the navigator's clock jumps from 0 to the real time at start,
    /// and a page must not count the time before anyone could see it.
    private var restingSince: Double?
    /// No turn before this time (the last touch plus `resumeAfter`).
    private var pausedUntil: Double?

    public init(
        id: PageID, pages: [NavigationNode], dwells: [Double],
        turnTransition: TransitionSpec? = PlaylistSpec.defaultTransition,
        resumeAfter: Double = PlaylistSpec.defaultResumeAfter
    ) {
        precondition(dwells.count == pages.count, "one dwell per page")
        self.pages = pages
        self.dwells = dwells
        self.turnTransition = turnTransition
        self.resumeAfter = resumeAfter
        currentIndex = 0
        super.init(id: id)
        for page in pages { adopt(page) }
        if let page = currentPage { shown.insert(ObjectIdentifier(page)) }
    }

    /// The page shown, nil when there are none.
    public var currentPage: NavigationNode? {
        pages.indices.contains(currentIndex) ? pages[currentIndex] : nil
    }

    /// The running turn at the current time, nil at rest.
    public var transition: InFlightTransition? { running?.state(at: now) }

    /// True while a touch holds the pages where they are.
    public var isPaused: Bool { pausedUntil.map { now < $0 } ?? false }

    /// When the next turn is due, in the navigator's seconds: nil while one runs (frames flow
    /// anyway), when there is nothing to turn to or the playlist is not on screen; `now` when
    /// its dwell has not started counting yet (the next `advance` starts it).
    public var nextTurn: Double? {
        guard pages.count > 1, running == nil, appearance == .appeared else { return nil }
        guard let since = restingSince else { return now }
        return max(since + dwells[currentIndex], pausedUntil ?? -Double.infinity)
    }

    override var ownNextChange: Double? { nextTurn }

    override public var hasOwnAnimation: Bool { running != nil }

    override func placements() -> [(node: NavigationNode, role: ChildRole)] {
        // A page shown once stays loaded.
        switchingPlacements(running: running, current: currentPage, others: pages) { [shown] page in
            shown.contains(ObjectIdentifier(page)) ? .hidden : .unloaded
        }
    }

    // MARK: Requests

    /// A visitor touched (or typed): no turn before `resumeAfter` seconds from now.
    public func pause() {
        pausedUntil = now + resumeAfter
    }

    /// Turns to page `index` with `transition` (nil = instant); it then shows for its dwell.
    /// False when it is already shown or out of range.
    @discardableResult
    public func turn(to index: Int, transition spec: TransitionSpec?) -> Bool {
        guard pages.indices.contains(index), index != currentIndex else { return false }
        // A turn asked for during a turn: the running one completes its events at once, its
        // picture goes on under the outgoing page (`RunningTransition+Handoff`).
        let interrupted = running
        completeRunning(reconcile: true)
        let from = pages[currentIndex]
        let to = pages[index]
        currentIndex = index
        shown.insert(ObjectIdentifier(to))
        if let spec, spec.duration > 0, appearance != .disappeared {
            // Always forward: the loop reads as one direction even when it wraps to the first.
            var r = RunningTransition(from: from, to: to, spec: spec, direction: .push, start: now)
            r.underneath = RunningTransition.handoff(from: interrupted, at: now)
            running = r
            restingSince = now + spec.duration
            reconcileChildren(animated: true)
        } else {
            restingSince = appearance == .appeared ? now : nil
            reconcileChildren(animated: false)
            send(.didTurn(index, to.id))
        }
        return true
    }

    // MARK: Time

    override func advanceOwnAnimations() {
        if let r = running, r.isSettled(at: now) { completeRunning(reconcile: true) }
        guard appearance == .appeared else {
            // Off screen the dwell does not count: the page gets a full one when it is back.
            restingSince = nil
            return
        }
        if running == nil && restingSince == nil { restingSince = now }
        if let due = nextTurn, now >= due {
            turn(to: (currentIndex + 1) % pages.count, transition: turnTransition)
        }
    }

    private func completeRunning(reconcile: Bool) {
        guard running != nil else { return }
        running = nil
        if reconcile { reconcileChildren(animated: true) }
        send(.didTurn(currentIndex, pages[currentIndex].id))
    }

    override func finishAnimationsSilently() { completeRunning(reconcile: false) }

    /// Tells `eventHandler` and the Navigator's event sink.
    private func send(_ event: PlaylistEvent) {
        eventHandler?(event)
        report(.playlist(id, event))
    }
}
