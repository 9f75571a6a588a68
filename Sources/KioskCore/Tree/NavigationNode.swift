/// A page in the live navigation tree: a leaf `PanelNode` or a `ContainerNode` of other nodes
/// (each one a `Container`: the cube, drill-down, stack and tabs in `Containers/`).
///
/// Nodes are reference types because a container's children keep their own state (a stack inside
/// a cube face keeps its pushes while the face is turned away) and report to the observer found
/// up their parent chain. A node belongs to at most one container at a time.
///
/// Appearance is never set on a child directly: a container decides what each child should be
/// (visible, arriving, leaving, hidden, loaded or not) and `reconcile` walks every page there with
/// the events in the seed order (CLFContainerViewController §3.2–3.3). Only the root of a tree is
/// driven from outside, with `beginAppearance(_:animated:)` / `endAppearance()`.
public class NavigationNode {
    /// The page this node shows.
    public let id: PageID
    /// The container holding this node; nil for a root or a removed node.
    public internal(set) weak var parent: ContainerNode?
    /// Current place in the appearance cycle.
    public internal(set) var appearance: AppearanceState = .disappeared
    /// True between the `load` and `unload` events.
    public internal(set) var isLoaded = false
    /// Receives this node's events and those of its descendants that have no observer of their
    /// own. Observers must not change the tree from inside `record`.
    public var observer: (any LifecycleObserver)?
    /// Receives the container events (`NavigationEvent`) of this subtree that no node below has
    /// a sink for (`Navigator.onEvent` sets the root's). Must not change the tree.
    public var eventSink: ((NavigationEvent) -> Void)?
    /// Who sees this subtree, set on a root by `Navigator.setAudience(_:at:)`; nil: as the
    /// parent's (a page pushed later is seen as its container is).
    var audience: Audience?
    /// The latest time handed to `advance(to:)` (seconds).
    public internal(set) var now: Double = 0
    /// The `animated` flag of the last will-event, repeated by its did-event.
    var willAnimated = false
    /// Where the row or tile that opened this page was, in its container's logical pixels: a
    /// zoom grows the page out of it and its pop shrinks it back in. Nil: opened otherwise.
    public internal(set) var openedFrom: Rect?

    init(id: PageID) { self.id = id }

    var effectiveObserver: (any LifecycleObserver)? { observer ?? parent?.effectiveObserver }

    /// Who sees this node: its own audience, else its container's, else watching.
    var effectiveAudience: Audience { audience ?? parent?.effectiveAudience ?? .watching }

    func emit(_ kind: LifecycleEvent.Kind, animated: Bool) {
        effectiveObserver?.record(LifecycleEvent(page: id, kind: kind, animated: animated))
    }

    /// Moves this subtree's animations to `time` (seconds). Time never runs backwards: an
    /// earlier time is ignored.
    public func advance(to time: Double) {
        if time > now { now = time }
    }

    /// True while anything in this subtree moves (the backend keeps requesting frames).
    public var isAnimating: Bool { false }

    /// The innermost-first chain of this node's ancestors.
    public var ancestors: [ContainerNode] {
        var chain: [ContainerNode] = []
        var node = parent
        while let n = node {
            chain.append(n)
            node = n.parent
        }
        return chain
    }

    // MARK: Root appearance (the host window)

    /// Starts the root's appearance change (the window is shown or hidden). Only for a root.
    public func beginAppearance(_ appearing: Bool, animated: Bool) {
        precondition(parent == nil, "appearance of a contained page is driven by its container")
        let target: AppearanceState = appearing ? .appearing : .disappearing
        reconcileTree(from: self, target: target, loaded: isLoaded || appearing, animated: animated)
    }

    /// Completes the root's appearance change begun with `beginAppearance`. Only for a root.
    public func endAppearance() {
        precondition(parent == nil, "appearance of a contained page is driven by its container")
        let target: AppearanceState
        switch appearance {
        case .appearing, .appeared: target = .appeared
        case .disappearing, .disappeared: target = .disappeared
        }
        reconcileTree(from: self, target: target, loaded: isLoaded, animated: willAnimated)
    }

    /// Shows a root at once: willAppear then didAppear for it and every visible descendant.
    public func appear(animated: Bool = false) {
        beginAppearance(true, animated: animated)
        endAppearance()
    }

    /// Hides a root at once.
    public func disappear(animated: Bool = false) {
        beginAppearance(false, animated: animated)
        endAppearance()
    }

    /// Unloads a hidden root and everything under it (config reload, shutdown).
    public func unloadTree() {
        precondition(parent == nil, "a contained page is unloaded by its container")
        reconcileTree(from: self, target: .disappeared, loaded: false, animated: false)
    }
}
