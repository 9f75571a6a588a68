/// A node that arranges other pages: the cube, the drill-down, the stack, the tabs, the playlist. Each one owns
/// its whole behaviour through this protocol — where its children go, which of them a touch
/// reaches, what it adds to the Scene, which actions it answers and what state it saves — and the
/// Navigator walks the tree through it without asking which container it meets.
///
/// Its appearance lifecycle comes from `ContainerNode` (the superclass every container has):
/// `placements()` says what each child should be, `reconcileChildren` sends the events.
///
/// How to add a container (`Tests/KioskCoreTests/Flip/` holds a complete small one, a flip card
/// written outside KioskCore, registered and tested through this protocol alone):
/// 1. Make a folder `Containers/<Name>/` with a `final class <Name>Container: ContainerNode,
///    Container`: its model, `placements()` for the lifecycle, and the requirements below
///    (`<Name>Container+Container.swift` for layout, touch, actions and state,
///    `+Scene.swift` for its layers). Tests go to `Tests/KioskCoreTests/<Name>/`.
/// 2. Register its `ContainerKind` (its name in saved state and `type = "…"`, how it reads its
///    saved words, how it is built from a page definition) in `ContainerRegistry.standard`.
///    Building it from config files also needs its page content in the page model and its
///    parser in KioskConfig; a container built in code needs only step 1 (and step 2 to read
///    its saved state back from text).
///
/// Rules every container keeps: the hit test (`claims`) only describes, it changes nothing (a
/// claim's handler runs later, when its gesture arrives); requests follow `ContainerNode`'s
/// policy (a running change completes at once before a new one starts). The frame handed in is
/// where the container sits: in root logical pixels for `claims` and `childFrames`, in the
/// coordinates `placement` maps for `draw`.
public protocol Container: ContainerNode {
    // MARK: Model

    /// Every page the container holds, in its order (cube faces, stack bottom first, tabs, the
    /// drill-down's left stack then its right page). `home` goes down through these.
    var pages: [NavigationNode] { get }
    /// The child the user looks at; the Navigator follows these down to the active page.
    var currentChild: NavigationNode? { get }

    // MARK: Layout

    /// Takes the container's size (turning extent, column widths) and lays out each page through
    /// `child` with the size it gets at rest.
    func layout(size: Size, child: (NavigationNode, Size) -> Void)
    /// The children shown now and where, inside `frame` (without 3-D poses): keyboard focus and
    /// `Navigator.frame(of:)` follow these.
    func childFrames(in frame: Rect) -> [(node: NavigationNode, frame: Rect)]

    // MARK: Touch

    /// Adds, innermost first, the claimants at `touches.point` inside `frame`: its children's
    /// (through `touches.collect`) and its own (`touches.claim`). Pure: nothing changes here.
    func claims(in frame: Rect, into touches: inout TouchClaims)

    // MARK: Scene

    /// Adds its layers, back to front, drawn into `frame` under `placement` with `look`; its
    /// children are drawn through `scene.draw`.
    func draw(in frame: Rect, placement: Matrix4, look: SceneLook, into scene: inout SceneBuilder)

    // MARK: Actions

    /// Goes to page `id` when this container holds it (turns to the face, selects the tab, pops
    /// back to it); false when it does not hold it.
    func show(_ id: PageID) throws -> Bool
    /// True when `open` of a page it does not hold can add the page here (stacks, drill-downs).
    var opensNewPages: Bool { get }
    /// Adds `node`, opened from the page `child` of this container shows. Called only when
    /// `opensNewPages`.
    func open(_ node: NavigationNode, from child: NavigationNode) throws
    /// As `open(_:from:)`, with the transitions a row or tile asked for (`Action.openWith`);
    /// containers without transitions of their own ignore them (the default).
    func open(_ node: NavigationNode, from child: NavigationNode, transition: ActionTransition)
        throws
    /// The page a tap on placeholder page `id`'s items acts on (the page beside the empty
    /// column it is drawn in), so a remote `open` can follow a chain through a placeholder; nil
    /// (the default) when it has no such placeholder or no page beside it.
    func placeholderOpener(_ id: PageID) -> NavigationNode?
    /// The `back` action: true when this container went back a step; false sends it outwards.
    func goBack() -> Bool
    /// `back` with a transition of its own (`Action.backWith`); ignored by default.
    func goBack(transition: TransitionOverride) -> Bool
    /// The `next`/`previous` actions: true when this container moved; false sends them outwards.
    func showNeighbour(forward: Bool) -> Bool
    /// The `home` action for this container alone (its first page; `pages` are unwound after
    /// it): true when something changed.
    func goHome() -> Bool
    /// A visitor touched the screen or pressed a key while this container was on screen (a
    /// playlist stops turning for a while); nothing by default.
    func visitorInteracted()

    // MARK: State

    /// What `NavigationState` saves for this container; nil saves nothing.
    var savedState: NavigationState.Entry? { get }
    /// Goes back to a saved entry without animation, `makeNode` building pages it does not hold
    /// (nil: unknown, dropped). False (and nothing changed) when the entry does not fit.
    func restore(_ entry: NavigationState.Entry, makeNode: (PageID) -> NavigationNode?) -> Bool

    // MARK: Headers (Header/Container+Headers.swift)

    /// True when this container titles its children in headers of its own (a drill-down's
    /// column headers): a child that would draw its own header leaves it to this container.
    var titlesChildren: Bool { get }
    /// What this container shows in the header of the container holding it, when it leaves its
    /// own header off (a stack in a titled drill-down column); nil when it draws its own or none.
    var headerForParent: ParentHeader? { get }
    /// For a container without a header of its own whose pages turn under the header of the
    /// container holding it (cube faces, tabs): the pages in view, so that header names the
    /// page on screen and changes with the turn; nil (the default) names the container.
    var pagesInView: PagesInView? { get }
}

extension Container {
    public var opensNewPages: Bool { false }
    public func open(_ node: NavigationNode, from child: NavigationNode) throws {
        preconditionFailure("\(id) does not open new pages")
    }
    public func open(
        _ node: NavigationNode, from child: NavigationNode, transition: ActionTransition
    ) throws {
        try open(node, from: child)
    }
    public func placeholderOpener(_ id: PageID) -> NavigationNode? { nil }
    public func goBack() -> Bool { false }
    public func goBack(transition: TransitionOverride) -> Bool { goBack() }
    public func showNeighbour(forward: Bool) -> Bool { false }
    public func visitorInteracted() {}
    public var titlesChildren: Bool { false }
    public var headerForParent: ParentHeader? { nil }
    public var pagesInView: PagesInView? { nil }
}
