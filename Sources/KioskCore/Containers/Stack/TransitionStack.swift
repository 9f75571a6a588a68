/// A navigation stack whose changes animate with one of the 16 transitions
/// (ADTransitionController §5.4–5.5, CLFStackContainerViewController §3.5).
///
/// The model changes when a request is made (`top` is already the destination while the
/// transition runs); the popped page keeps its appearance until the transition ends.
///
/// Deliberate differences from the seeds:
/// - Back during a push (or pushing the page being popped again) turns the running transition
///   around from the picture on screen (UIKit's interruptible transitions); another request
///   while a transition runs completes the running one's model and events at once and then
///   starts, with the running one's motion going on under the new outgoing page
///   (`RunningTransition+Handoff`), so no request jumps the picture (AD silently ignores pushes
///   and returns nil from pops meanwhile).
/// - `popTo` the current top is a no-op returning `[]` (AD crashes, §5.5).
/// - Pop-to and pop-to-root run one transition from the old top straight to the target; the pages
///   in between unload without appearance events (as AD).
/// - A stack that is not on screen changes without animation.
/// - Interactive drag-back (AD issue #29): `beginInteractivePop`/`updateInteractivePop`/
///   `endInteractivePop`; the model changes only when the drag commits.
public final class TransitionStack: ContainerNode {
    /// Bottom (root) first.
    public private(set) var entries: [NavigationNode]
    /// The transition each entry was pushed with (nil = not animated); index 0 is the root's.
    private var pushTransitions: [TransitionSpec?]
    /// Used by `push(_:)` without a transition argument.
    public var defaultTransition: TransitionSpec?
    /// The header with the top's title and a back button: true/false; nil = on unless the
    /// container holding the stack titles it (`drawsHeader`).
    public var showsHeader: Bool?
    /// willShow/didShow.
    public var eventHandler: ((StackEvent) -> Void)?
    private(set) var running: RunningTransition?
    /// Popped pages that unload when the running transition ends.
    private var removedAtEnd: [NavigationNode] = []
    /// How pages pushed with a `back_transition` leave when popped (`pop()` with the default).
    private var leaveTransitions: [ObjectIdentifier: PopTransition] = [:]

    public init(
        id: PageID, root: NavigationNode, defaultTransition: TransitionSpec? = TransitionSpec()
    ) {
        entries = [root]
        pushTransitions = [nil]
        self.defaultTransition = defaultTransition
        super.init(id: id)
        adopt(root)
    }

    public var root: NavigationNode { entries[0] }
    // entries is never empty: init takes a root and pops stop at it.
    public var top: NavigationNode { entries[entries.count - 1] }

    /// True when a pop would change something (the `back` action).
    public var canGoBack: Bool { entries.count >= 2 }

    /// The running transition at the current time, nil at rest.
    public var transition: InFlightTransition? { running?.state(at: now) }

    override public var hasOwnAnimation: Bool { running != nil }

    override func placements() -> [(node: NavigationNode, role: ChildRole)] {
        switchingPlacements(running: running, current: top, others: entries.reversed()) { _ in
            .hidden
        }
    }

    // MARK: Requests

    /// Pushes with `defaultTransition`.
    public func push(_ node: NavigationNode) throws {
        try push(node, transition: defaultTransition)
    }

    /// Pushes `node`; nil `transition` = not animated. A page already on the stack is refused.
    public func push(_ node: NavigationNode, transition: TransitionSpec?) throws {
        try checkNew(node)
        if let r = running, removedAtEnd.count == 1,
            r.canReverse(towards: node, spec: transition, at: now)
        {
            // Pushed again while it is being popped: the pop turns around where it is.
            removedAtEnd.removeAll()
            entries.append(node)
            pushTransitions.append(transition)
            reverse(r)
            return
        }
        let interrupted = interruptRunning()
        let from = top
        adopt(node)
        entries.append(node)
        pushTransitions.append(transition)
        run(from: from, to: node, spec: transition, direction: .push, over: interrupted)
    }

    /// Pushes `node` with the transitions of an `open` (`Action.openWith`): `push` over the
    /// default transition, and `back` remembered for when the page is popped.
    public func push(_ node: NavigationNode, transition: ActionTransition) throws {
        let spec = transition.push.map { $0.applied(to: defaultTransition) } ?? defaultTransition
        try push(node, transition: spec)
        if let back = transition.back {
            leaveTransitions[ObjectIdentifier(node)] = PopTransition(back, over: defaultTransition)
        }
    }

    /// Pops the top page; returns it, or nil when only the root is left. The default pops it
    /// the way it was pushed with `push(_:transition: ActionTransition)` asked, else the push
    /// played backwards.
    @discardableResult
    public func pop(transition asked: PopTransition = .reverseOfPush) -> NavigationNode? {
        var transition = asked
        if asked == .reverseOfPush, let leave = leaveTransitions[ObjectIdentifier(top)] {
            transition = leave
        }
        if let r = running, r.to === top, entries.count >= 2,
            r.canReverse(
                towards: entries[entries.count - 2],
                spec: spec(for: transition, pushedWith: r.spec), at: now)
        {
            // Back during a push: the push turns around from the picture on screen.
            leaveTransitions[ObjectIdentifier(r.to)] = nil
            entries.removeLast()
            pushTransitions.removeLast()
            removedAtEnd.append(r.to)
            reverse(r)
            return r.to
        }
        // Nothing to pop leaves a running transition alone (completing it would jump).
        guard entries.count >= 2 else { return nil }
        let interrupted = interruptRunning()
        guard let from = entries.popLast(), let pushSpec = pushTransitions.popLast() else {
            return nil
        }
        leaveTransitions[ObjectIdentifier(from)] = nil
        removedAtEnd.append(from)
        run(
            from: from, to: top, spec: spec(for: transition, pushedWith: pushSpec),
            direction: .pop, over: interrupted)
        return from
    }

    /// Pops every page above `page`; returns them bottom first ([] when `page` is the top).
    @discardableResult
    public func popTo(_ page: PageID, transition: PopTransition = .reverseOfPush) throws
        -> [NavigationNode]
    {
        guard let index = entries.firstIndex(where: { $0.id == page }) else {
            throw NavigationError.notOnStack(page, container: id)
        }
        if index == entries.count - 1 { return [] }
        let interrupted = interruptRunning()
        let popped = Array(entries[(index + 1)...])
        let pushSpec = pushTransitions[pushTransitions.count - 1]
        let from = top
        entries.removeSubrange((index + 1)...)
        pushTransitions.removeSubrange((index + 1)...)
        for node in popped { leaveTransitions[ObjectIdentifier(node)] = nil }
        for node in popped where node !== from { release(node) }
        removedAtEnd.append(from)
        run(
            from: from, to: top, spec: spec(for: transition, pushedWith: pushSpec),
            direction: .pop, over: interrupted)
        return popped
    }

    /// Pops to the root.
    @discardableResult
    public func popToRoot(transition: PopTransition = .reverseOfPush) -> [NavigationNode] {
        (try? popTo(root.id, transition: transition)) ?? []
    }

    /// Replaces the whole stack (CLF PR #3). Pages kept keep their push transitions; new ones get
    /// `defaultTransition`. The change animates with `transition` as a push when the new top is
    /// new, as a pop when it was already on the stack.
    public func setStack(_ nodes: [NavigationNode], transition: TransitionSpec?) throws {
        guard let newTop = nodes.last else { throw NavigationError.emptyStack(container: id) }
        var seen: Set<PageID> = []
        for node in nodes {
            if !seen.insert(node.id).inserted {
                throw NavigationError.alreadyShown(node.id, container: id)
            }
            if let p = node.parent, p !== self {
                throw NavigationError.pageInOtherContainer(node.id)
            }
        }
        let interrupted = interruptRunning()
        let oldTop = top
        let old = entries
        let oldTransitions = pushTransitions
        entries = nodes
        pushTransitions = nodes.enumerated().map { index, node in
            if index == 0 { return nil }
            if let i = old.firstIndex(where: { $0 === node }) { return oldTransitions[i] }
            return defaultTransition
        }
        for node in nodes { adopt(node) }
        for node in old where !nodes.contains(where: { $0 === node }) {
            leaveTransitions[ObjectIdentifier(node)] = nil
            if node === oldTop { removedAtEnd.append(node) } else { release(node) }
        }
        if newTop === oldTop {
            reconcileChildren(animated: false)
            return
        }
        let direction: TransitionDirection = old.contains { $0 === newTop } ? .pop : .push
        run(from: oldTop, to: newTop, spec: transition, direction: direction, over: interrupted)
    }

    // MARK: Interactive pop

    /// Starts a finger-driven pop (AD issue #29). False when there is nothing to pop or the stack
    /// is hidden. The transition is the top's push transition (or the default when it was pushed
    /// without animation).
    @discardableResult
    public func beginInteractivePop() -> Bool {
        guard entries.count >= 2, appearance != .disappeared else { return false }
        let interrupted = interruptRunning()
        guard entries.count >= 2 else { return false }
        let spec =
            pushTransitions[pushTransitions.count - 1] ?? defaultTransition ?? TransitionSpec()
        var r = RunningTransition(
            from: top, to: entries[entries.count - 2], spec: spec, direction: .pop, start: now)
        r.tween = nil
        r.underneath = RunningTransition.handoff(from: interrupted, at: now)
        running = r
        send(.willShow(r.to.id, animated: true))
        reconcileChildren(animated: true)
        return true
    }

    /// The finger moved: `fraction` 0 (start) … 1 (fully popped), clamped.
    public func updateInteractivePop(fraction: Double) {
        guard var r = running, r.tween == nil, fraction.isFinite else { return }
        r.manualProgress = min(1, max(0, fraction))
        running = r
    }

    /// The finger lifted with `velocity` in fractions per second (positive = towards popping).
    /// Commits when fraction + 0.25 · velocity > 0.5 (the cube's flick rule), then animates the
    /// rest over the remaining share of the duration; otherwise animates back and cancels.
    public func endInteractivePop(velocity: Double) {
        guard let r = running, r.tween == nil else { return }
        let v = velocity.isFinite ? velocity : 0
        finishInteractive(commit: r.manualProgress + 0.25 * v > 0.5)
    }

    /// The gesture was taken away: animate back and keep the top.
    public func cancelInteractivePop() {
        guard let r = running, r.tween == nil else { return }
        finishInteractive(commit: false)
    }

    private func finishInteractive(commit: Bool) {
        guard var r = running else { return }
        let f = r.manualProgress
        if commit {
            if let popped = entries.popLast() {
                leaveTransitions[ObjectIdentifier(popped)] = nil
                removedAtEnd.append(popped)
            }
            pushTransitions.removeLast()
            r.tween = Tween(from: f, to: 1, start: now, duration: r.spec.duration * (1 - f))
        } else {
            r.cancelling = true
            r.tween = Tween(from: f, to: 0, start: now, duration: r.spec.duration * f)
        }
        running = r
        if r.isSettled(at: now) { completeRunning(reconcile: true) }
    }

    // MARK: Running transitions

    private func spec(for pop: PopTransition, pushedWith: TransitionSpec?) -> TransitionSpec? {
        switch pop {
        case .reverseOfPush: pushedWith
        case .none: nil
        case .custom(let s): s
        }
    }

    private func checkNew(_ node: NavigationNode) throws {
        if entries.contains(where: { $0 === node || $0.id == node.id }) {
            throw NavigationError.alreadyShown(node.id, container: id)
        }
        if let p = node.parent, p !== self { throw NavigationError.pageInOtherContainer(node.id) }
    }

    /// Starts the change from `from` to `to`; `interrupted`, the transition a request just cut
    /// short, goes on moving under the outgoing page.
    private func run(
        from: NavigationNode, to: NavigationNode, spec: TransitionSpec?,
        direction: TransitionDirection, over interrupted: RunningTransition? = nil
    ) {
        let animated = (spec?.duration ?? 0) > 0 && appearance != .disappeared
        send(.willShow(to.id, animated: animated))
        if animated, let spec {
            var r = RunningTransition(
                from: from, to: to, spec: spec, direction: direction, start: now)
            r.underneath = RunningTransition.handoff(from: interrupted, at: now)
            running = r
            reconcileChildren(animated: true)
        } else {
            for node in removedAtEnd { release(node) }
            removedAtEnd.removeAll()
            reconcileChildren(animated: false)
            send(.didShow(to.id, animated: false))
        }
    }

    /// Runs `r` backwards from where it is now; the page it goes back to is about to show.
    private func reverse(_ r: RunningTransition) {
        let back = r.reversed(at: now)
        running = back
        send(.willShow(back.to.id, animated: true))
        reconcileChildren(animated: true)
    }

    /// Completes the running transition's model change and events now (CLF §3.4) and returns it
    /// for the next transition to keep drawing (`RunningTransition.handoff`).
    private func interruptRunning() -> RunningTransition? {
        let interrupted = running
        finishRunning()
        return interrupted
    }

    private func finishRunning() {
        guard let r = running else { return }
        if r.tween == nil {
            // A request during a drag-back: the drag is cancelled at once.
            running?.cancelling = true
        }
        completeRunning(reconcile: true)
    }

    private func completeRunning(reconcile: Bool) {
        guard let r = running else { return }
        running = nil
        let cancelled = r.cancelling || r.tween == nil
        if !cancelled {
            for node in removedAtEnd { release(node) }
        }
        removedAtEnd.removeAll()
        if reconcile { reconcileChildren(animated: true) }
        if !cancelled { send(.didShow(r.to.id, animated: true)) }
    }

    override func advanceOwnAnimations() {
        if let r = running, r.isSettled(at: now) { completeRunning(reconcile: true) }
    }

    override func finishAnimationsSilently() {
        if running?.tween == nil { running?.cancelling = true }
        completeRunning(reconcile: false)
    }

    /// Tells `eventHandler` and the Navigator's event sink.
    private func send(_ event: StackEvent) {
        eventHandler?(event)
        report(.stack(id, event))
    }
}
