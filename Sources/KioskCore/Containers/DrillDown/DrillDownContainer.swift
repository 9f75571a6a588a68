/// Two columns: a stack of left pages of which the top shows, and one right page
/// (SGBDrillDownController §4). Changes animate 0.33 s ease-in-out; `columns` gives every column
/// layer's frame, dim and opacity at the current time.
///
/// Deliberate differences from the seed:
/// - Errors instead of exceptions (page already shown, pop-to a page not on the left stack,
///   replacing without a left page); the state is unchanged when one is thrown.
/// - Swipe back (§4.4): a cancelled gesture is handled (`cancelBackSwipe`), only a *rightward*
///   velocity above 500 px/s commits (the seed also commits on a fast leftward flick), and the
///   cancel animation lasts 0.33 s × the distance it travels back (the seed uses the distance
///   that was left to go). The columns follow the same frames as an animated pop, driven by the
///   finger: the old right column also recedes (the seed leaves it still).
/// - Below `foldBelow` container width only one column shows (issue #5): the right page, or the
///   left top when there is none; changes slide the whole width as a stack does.
/// - Placeholders are drawn by the Scene, not held as pages: the theme background, or a panel
///   page (`placeholderPages`) drawn as a picture; they get no lifecycle events, and a tap on
///   one of their items acts as on the page in the other column (`placeholderClaims`).
/// - Kept: popping with an empty right column moves the left top to the right and removes
///   nothing (returns nil) — it restores the state before that page was pushed onward.
/// - A request while a change animates completes the running change's model and events at once
///   first; its picture carries on into the new change (`DrillDownContainer+Handoff`).
public final class DrillDownContainer: ContainerNode {
    /// Left stack, bottom first; its last page shows in the left column.
    public internal(set) var left: [NavigationNode]
    /// The right column's page.
    public internal(set) var right: NavigationNode?
    /// Left column width in pixels (SGB default 320; config default 420).
    public var leftWidth: Double
    /// Below this container width a single column shows.
    public var foldBelow: Double
    /// Column headers (title, labelled back button); off, pages fill their columns.
    public var showsHeaders = true
    /// Panel pages drawn in an empty column (`placeholder`, `left_placeholder`); nil: the theme
    /// background.
    public var placeholderPages: (left: PageID?, right: PageID?) = (nil, nil)
    /// How `open` from the left column replaces the right page (`replace` in the config).
    public var replaceAnimation: DrillDownReplaceAnimation = .fade
    /// Container width in pixels; set with `layout(width:)`.
    public private(set) var width: Double
    /// SGB: 0.33 s, ease-in-out.
    public var duration = 0.33
    public var curve: TimingCurve = .easeInOut
    /// A receding column moves this share of its width (SGB 0.3).
    public var parallax = 0.3
    /// Dim of a covered column (SGB 0.2).
    public var maxDim = 0.2
    /// Gap between the columns (SGB: 1 pixel).
    public var gap = 1.0
    /// Swipe back commits above this rightward speed (px/s) …
    public var swipeCommitVelocity = 500.0
    /// … or when the finger is past this share of the left column.
    public var swipeCommitFraction = 0.66

    struct Running {
        var tracks: [(from: DrillDownColumn, to: DrillDownColumn)]
        var tween: Tween?
        var manual = 0.0
        var before: [NavigationNode]
        var removedAtEnd: [NavigationNode]
        var swipe: (startX: Double, lastX: Double, left: [NavigationNode], right: NavigationNode?)?
        var cancelling = false
        /// Pages a cut-short change was still drawing (`DrillDownContainer+Handoff`).
        var lingering: [NavigationNode] = []
        func progress(at time: Double) -> Double { tween?.value(at: time) ?? manual }
    }
    var running: Running?

    public init(
        id: PageID, root: NavigationNode?, right: NavigationNode? = nil, leftWidth: Double = 420,
        foldBelow: Double = 900, width: Double = 1280
    ) {
        left = root.map { [$0] } ?? []
        self.right = root == nil ? nil : right
        self.leftWidth = leftWidth
        self.foldBelow = foldBelow
        self.width = width
        super.init(id: id)
        for node in left { adopt(node) }
        if let r = self.right { adopt(r) }
    }

    /// True when only one column shows.
    public var isFolded: Bool { width < foldBelow }
    /// All pages, left stack then right (SGB `viewControllers`).
    public var pages: [NavigationNode] { left + (right.map { [$0] } ?? []) }
    /// Pages showing at rest (after the running change).
    public var shownPages: [NavigationNode] {
        if isFolded { return [right ?? left.last].compactMap { $0 } }
        return [left.last, right].compactMap { $0 }
    }
    /// True when `pop` would leave a page showing (the `back` action): two or more pages.
    public var canGoBack: Bool { pages.count >= 2 }
    /// True while a change animates or a swipe runs.
    override public var hasOwnAnimation: Bool { running != nil }
    /// True while a finger drives a swipe back.
    public var isSwiping: Bool { running?.swipe != nil && running?.tween == nil }

    var lw: Double { min(max(leftWidth, 0), max(width - gap, 0)) }
    var rw: Double { max(width - lw - gap, 0) }

    func content(_ node: NavigationNode?, left isLeft: Bool) -> DrillDownColumn.Content {
        if let node { return .page(node.id) }
        return isLeft ? .leftPlaceholder : .rightPlaceholder
    }
    func leftRest(_ node: NavigationNode?) -> DrillDownColumn {
        DrillDownColumn(content: content(node, left: true), x: 0, width: lw)
    }
    func rightRest(_ node: NavigationNode?) -> DrillDownColumn {
        DrillDownColumn(content: content(node, left: false), x: lw + gap, width: rw)
    }
    func fullRest(_ node: NavigationNode?) -> DrillDownColumn {
        DrillDownColumn(content: content(node, left: true), x: 0, width: width)
    }

    /// Column layers back to front at the current time.
    public var columns: [DrillDownColumn] {
        if let r = running {
            let t = r.progress(at: now)
            return r.tracks.map { $0.from.interpolated(to: $0.to, t) }
        }
        if isFolded { return [fullRest(right ?? left.last)] }
        return [leftRest(left.last), rightRest(right)]
    }

    override func placements() -> [(node: NavigationNode, role: ChildRole)] {
        let shown = shownPages
        var result: [(node: NavigationNode, role: ChildRole)] = []
        if let r = running {
            for node in shown where !r.before.contains(where: { $0 === node }) {
                result.append((node, .incoming))
            }
            for node in shown where r.before.contains(where: { $0 === node }) {
                result.append((node, .visible))
            }
            for node in r.before where !shown.contains(where: { $0 === node }) {
                result.append((node, .outgoing))
            }
        } else {
            for node in shown { result.append((node, .visible)) }
        }
        for node in pages.reversed() where !result.contains(where: { $0.node === node }) {
            result.append((node, .hidden))
        }
        return result
    }

    /// Sets the container width; a running change completes first.
    public func layout(width newWidth: Double) {
        guard newWidth.isFinite, newWidth >= 0, newWidth != width else { return }
        completeRunning(reconcile: false)
        width = newWidth
        reconcileChildren(animated: false)
    }

    // MARK: Running changes

    func start(
        _ tracks: [(from: DrillDownColumn, to: DrillDownColumn)], before: [NavigationNode],
        removed: [NavigationNode], over picture: Picture? = nil
    ) {
        var atEnd: [NavigationNode] = []
        for node in removed {
            if before.contains(where: { $0 === node }) { atEnd.append(node) } else { release(node) }
        }
        if appearance == .disappeared || duration <= 0 {
            for node in atEnd { release(node) }
            reconcileChildren(animated: false)
            return
        }
        running = Running(
            tracks: picture.map { Self.handoff(tracks, from: $0) } ?? tracks,
            tween: Tween(from: 0, to: 1, start: now, duration: duration, curve: curve),
            before: before, removedAtEnd: atEnd, lingering: picture?.nodes ?? [])
        reconcileChildren(animated: true)
    }

    func completeRunning(reconcile: Bool) {
        guard var r = running else { return }
        if r.tween == nil { r.cancelling = true }
        running = nil
        if r.cancelling, let swipe = r.swipe {
            left = swipe.left
            right = swipe.right
        } else {
            for node in r.removedAtEnd { release(node) }
        }
        if reconcile { reconcileChildren(animated: true) }
    }

    override func advanceOwnAnimations() {
        if let tween = running?.tween, tween.isFinished(at: now) {
            completeRunning(reconcile: true)
        }
    }

    override func finishAnimationsSilently() { completeRunning(reconcile: false) }

    // MARK: Swipe back

    /// Width the swipe travels: the left column, or the whole width when folded.
    var swipeWidth: Double { max(isFolded ? width : lw, 1) }

    /// A finger started at `x` on the left edge of the left column. Starts only when there is a
    /// page to go back to (|left| ≥ 2, or when folded anything to pop) and the container shows.
    @discardableResult
    public func beginBackSwipe(at x: Double) -> Bool {
        guard x.isFinite, appearance != .disappeared else { return false }
        let picture = interruptRunning()
        let canGoBack = isFolded ? pages.count >= 2 : left.count >= 2
        guard canGoBack else { return false }
        let snapshot = (left, right)
        let before = shownPages
        guard let plan = popPlan() else { return false }
        var atEnd: [NavigationNode] = []
        for node in plan.removed {
            if before.contains(where: { $0 === node }) { atEnd.append(node) } else { release(node) }
        }
        running = Running(
            tracks: picture.map { Self.handoff(plan.tracks, from: $0) } ?? plan.tracks,
            tween: nil, before: before, removedAtEnd: atEnd,
            swipe: (x, x, snapshot.0, snapshot.1), lingering: picture?.nodes ?? [])
        reconcileChildren(animated: true)
        return true
    }

    /// The finger is at `x`: the columns open by (x − start) / swipe width, clamped to 0…1.
    public func updateBackSwipe(x: Double) {
        guard var r = running, r.tween == nil, let swipe = r.swipe, x.isFinite else { return }
        r.manual = min(max(x - swipe.startX, 0), swipeWidth) / swipeWidth
        r.swipe?.lastX = x
        running = r
    }

    /// The finger lifted with horizontal `velocity` (px/s). Commits when velocity > 500 (rightward)
    /// or the finger is past 0.66 of the swipe width; the rest animates 0.33 s × remaining share.
    public func endBackSwipe(velocity: Double) {
        guard let r = running, r.tween == nil, let swipe = r.swipe else { return }
        let v = velocity.isFinite ? velocity : 0
        finishSwipe(
            commit: v > swipeCommitVelocity || swipe.lastX > swipeCommitFraction * swipeWidth)
    }

    /// The gesture was taken away: the columns go back.
    public func cancelBackSwipe() {
        guard let r = running, r.tween == nil, r.swipe != nil else { return }
        finishSwipe(commit: false)
    }

    private func finishSwipe(commit: Bool) {
        guard var r = running else { return }
        let open = r.manual
        if commit {
            r.tween = Tween(
                from: open, to: 1, start: now, duration: duration * (1 - open), curve: curve)
        } else {
            r.cancelling = true
            r.tween = Tween(from: open, to: 0, start: now, duration: duration * open, curve: curve)
        }
        running = r
        if r.tween?.isFinished(at: now) == true { completeRunning(reconcile: true) }
    }
}
