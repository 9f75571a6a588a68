/// Pages switched by a tab bar (CLFTabbedContainerViewController §3.6).
///
/// `select` asks `shouldSelect` first; a refused or repeated selection does nothing and returns
/// false. The switch runs `transition` (the Scene draws it; CLF's default is a 0.5 s cross-fade,
/// this shell's default comes from the config, 0.25 s fade). The direction is `.push` towards a
/// higher index and `.pop` towards a lower one, so orientation-based transitions move the way the
/// tab bar reads. A page loads when first selected and stays loaded.
///
/// Deliberate differences: selecting the tab a running switch leaves turns the switch around from
/// the picture on screen (as CLF's cross-fade); selecting a third tab completes the running
/// switch's events at once, while its picture goes on under the new switch's outgoing page (no
/// jump); a hidden tabs container switches without animation.
public final class TabsContainer: ContainerNode {
    public private(set) var pages: [NavigationNode]
    /// Index of the selected (or being selected) page; 0 when there are no pages.
    public private(set) var selectedIndex: Int
    /// The tab selected first and by `home`.
    public let startIndex: Int
    /// The transition `select(_:)` uses; nil = instant.
    public var defaultTransition: TransitionSpec?
    /// Consulted before every selection; false refuses it.
    public var shouldSelect: ((Int) -> Bool)?
    public var eventHandler: ((TabsEvent) -> Void)?
    private(set) var running: RunningTransition?
    private var shown: Set<ObjectIdentifier> = []

    public init(
        id: PageID, pages: [NavigationNode], selectedIndex: Int = 0,
        defaultTransition: TransitionSpec? = nil
    ) {
        self.pages = pages
        self.selectedIndex = pages.indices.contains(selectedIndex) ? selectedIndex : 0
        startIndex = self.selectedIndex
        self.defaultTransition = defaultTransition
        super.init(id: id)
        for page in pages { adopt(page) }
        if let page = selectedPage { shown.insert(ObjectIdentifier(page)) }
    }

    /// The selected page, nil when there are none.
    public var selectedPage: NavigationNode? {
        pages.indices.contains(selectedIndex) ? pages[selectedIndex] : nil
    }

    /// The running switch at the current time, nil at rest.
    public var transition: InFlightTransition? { running?.state(at: now) }

    override public var hasOwnAnimation: Bool { running != nil }

    override func placements() -> [(node: NavigationNode, role: ChildRole)] {
        // A page shown once stays loaded.
        switchingPlacements(running: running, current: selectedPage, others: pages) {
            [shown] page in
            shown.contains(ObjectIdentifier(page)) ? .hidden : .unloaded
        }
    }

    /// Selects with `defaultTransition`.
    @discardableResult
    public func select(_ index: Int) throws -> Bool {
        try select(index, transition: defaultTransition)
    }

    /// Selects page `index` with `transition` (nil = instant). Throws for an index out of range;
    /// returns false when it is already selected or `shouldSelect` refuses.
    @discardableResult
    public func select(_ index: Int, transition: TransitionSpec?) throws -> Bool {
        guard pages.indices.contains(index) else {
            throw NavigationError.indexOutOfRange(index, count: pages.count, container: id)
        }
        if let r = running, r.canReverse(towards: pages[index], spec: transition, at: now),
            shouldSelect?(index) ?? true
        {
            // The tab it is leaving, tapped again during the switch: the switch turns around
            // from the picture on screen (CLF reverses its running cross-fade).
            selectedIndex = index
            running = r.reversed(at: now)
            reconcileChildren(animated: true)
            return true
        }
        // A repeated or refused selection leaves a running switch alone.
        guard index != selectedIndex, shouldSelect?(index) ?? true else { return false }
        let interrupted = running
        finishRunning()
        let from = pages[selectedIndex]
        let to = pages[index]
        let direction: TransitionDirection = index > selectedIndex ? .push : .pop
        selectedIndex = index
        shown.insert(ObjectIdentifier(to))
        if let spec = transition, spec.duration > 0, appearance != .disappeared {
            var r = RunningTransition(
                from: from, to: to, spec: spec, direction: direction, start: now)
            // A switch cut short by this one goes on fading (or moving) under the outgoing page.
            r.underneath = RunningTransition.handoff(from: interrupted, at: now)
            running = r
            reconcileChildren(animated: true)
        } else {
            reconcileChildren(animated: false)
            send(.didSelect(index, to.id))
        }
        return true
    }

    /// Selects the page with `id`; false when it is not one of the pages.
    @discardableResult
    public func select(page id: PageID, transition: TransitionSpec?) -> Bool {
        guard let index = pages.firstIndex(where: { $0.id == id }) else { return false }
        return (try? select(index, transition: transition)) ?? false
    }

    private func finishRunning() { completeRunning(reconcile: true) }

    private func completeRunning(reconcile: Bool) {
        guard running != nil else { return }
        running = nil
        if reconcile { reconcileChildren(animated: true) }
        send(.didSelect(selectedIndex, pages[selectedIndex].id))
    }

    override func advanceOwnAnimations() {
        if let r = running, r.isSettled(at: now) { completeRunning(reconcile: true) }
    }

    override func finishAnimationsSilently() { completeRunning(reconcile: false) }

    /// Tells `eventHandler` and the Navigator's event sink.
    private func send(_ event: TabsEvent) {
        eventHandler?(event)
        report(.tabs(id, event))
    }
}
