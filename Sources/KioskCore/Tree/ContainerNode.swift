/// Base of every container: owns child nodes, says what each should be (`placements`), and turns
/// changes into lifecycle events through `reconcileChildren`.
///
/// The container never forwards its own appearance by hand (CLF §3.3): its children's targets
/// follow from its own state, so willAppear/didAppear of the container reach the current child,
/// a transition running while the container appears supplies the child's events itself, and a
/// container hidden mid-transition finishes the transition (see `reconcileTree`).
///
/// Requests made while a transition runs follow one policy in every container: the running
/// transition completes at once (its did-events are sent) and then the new one starts — CLF's
/// §3.4 choice, so will/did pairs never go unbalanced. (ADTransitionController ignores such a push;
/// this shell does not drop requests.)
public class ContainerNode: NavigationNode {
    /// Removed children still owed their disappear/unload events; dropped after the next reconcile.
    var departing: [NavigationNode] = []

    override init(id: PageID) { super.init(id: id) }

    /// The container's current children with their roles, in event order. Subclasses override.
    func placements() -> [(node: NavigationNode, role: ChildRole)] { [] }

    /// Every child node this container currently holds (model children, not departing ones).
    public var children: [NavigationNode] { placements().map(\.node) }

    /// Ends every running animation at its end state without emitting events (the caller
    /// reconciles). Subclasses override.
    func finishAnimationsSilently() {}

    func allPlacements() -> [(node: NavigationNode, role: ChildRole)] {
        placements() + departing.map { ($0, ChildRole.unloaded) }
    }

    /// Takes `node` as a child: sets its parent and clock. Trap if it already has a parent
    /// (a page in two containers at once is a programming error; config validation prevents it).
    func adopt(_ node: NavigationNode) {
        precondition(
            node.parent == nil || node.parent === self, "page \(node.id) is already in a container")
        node.parent = self
        if node.now < now { node.advance(to: now) }
    }

    /// Schedules `node` for removal: it disappears and unloads in the next reconcile.
    func release(_ node: NavigationNode) {
        if !departing.contains(where: { $0 === node }) { departing.append(node) }
    }

    func releaseDeparted() {
        departing.removeAll { node in
            guard node.appearance == .disappeared && !node.isLoaded else { return false }
            if node.parent === self { node.parent = nil }
            return true
        }
    }

    /// Emits the events that bring the children to their current placements.
    func reconcileChildren(animated: Bool) {
        reconcileTree(from: self, target: appearance, loaded: isLoaded, animated: animated)
    }

    /// Children on screen or moving on or off it now, in placement order (arriving first).
    public var visibleChildren: [NavigationNode] {
        placements().filter { [.visible, .incoming, .outgoing].contains($0.role) }.map(\.node)
    }

    /// The child showing page `id`, departing ones included (a page still animating away).
    public func child(_ id: PageID) -> NavigationNode? {
        allPlacements().first { $0.node.id == id }?.node
    }

    /// Finds the node for `id` in this subtree (this node included).
    public func node(for id: PageID) -> NavigationNode? {
        if self.id == id { return self }
        for child in children {
            if child.id == id { return child }
            if let container = child as? ContainerNode, let found = container.node(for: id) {
                return found
            }
        }
        return nil
    }

    override public func advance(to time: Double) {
        super.advance(to: time)
        advanceOwnAnimations()
        for child in children { child.advance(to: now) }
    }

    /// Moves this container's own animations to `now`; subclasses override.
    func advanceOwnAnimations() {}

    /// When this container changes by itself next with nothing moving (a playlist's next turn),
    /// in the clock of `advance(to:)`; nil: never. Subclasses override.
    var ownNextChange: Double? { nil }

    /// The earliest `ownNextChange` in this subtree: the run loop sleeps until then and calls
    /// `advance(to:)` (no frames, no CPU between a playlist's turns).
    public var nextChange: Double? {
        // Recursion: one level per container of the live tree (see `NavigationState`).
        let below = children.compactMap { ($0 as? ContainerNode)?.nextChange }
        return ([ownNextChange].compactMap { $0 } + below).min()
    }

    /// True while this container's own animation (not a child's) runs; subclasses override.
    public var hasOwnAnimation: Bool { false }

    override public var isAnimating: Bool {
        hasOwnAnimation || children.contains { $0.isAnimating }
    }
}
