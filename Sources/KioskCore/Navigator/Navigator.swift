/// The live navigation of one configuration: the tree of containers and panels built from the
/// page definitions, fed with touches, keys and actions, and asked for the Scene at any time.
///
/// Everything is deterministic given the events and the times handed in: `advance(to:)` moves
/// the animations, nothing reads a clock. Coordinates are logical pixels of the output, origin
/// top-left; the Scene's transforms include the output scale.
public final class Navigator {
    public let configuration: KioskConfiguration
    /// The node for the page the navigator shows (home unless another root was asked for).
    public private(set) var root: NavigationNode
    /// The output's logical size.
    public private(set) var viewport: Size
    /// Output pixels per logical pixel.
    public private(set) var scale: Double
    /// The latest time handed in (seconds).
    public private(set) var now: Double = 0
    /// Where a panel's tappable items are and how tall its content is; the app answers from the
    /// renderer's layout. Content heights are capped at `maxScrollPages` page heights.
    public var panels: any PanelMeasuring {
        didSet { layoutTree() }
    }
    /// The kinds of container the tree is built from (and whose saved state it reads).
    public let containers: ContainerRegistry
    /// Receives lifecycle events of every page (logging, STATUS=, tests).
    public var observer: (any LifecycleObserver)? {
        get { root.observer }
        set { root.observer = newValue }
    }
    /// Receives every container event of the tree (`NavigationEvent`: cube scrolling and index
    /// changes, stack will/did show, tab selection, drill-down push/pop/replace) as it happens —
    /// the one hook for logging and for signals to the outside (D-Bus, MQTT). Must not change
    /// the navigation from inside the call.
    public var onEvent: ((NavigationEvent) -> Void)? {
        get { root.eventSink }
        set { root.eventSink = newValue }
    }
    /// Why the last action or gesture could not be carried out (one line), for logging.
    public internal(set) var lastRefusal: String?
    /// Carries out `run`/`publish` actions (the runner's control hub); nil refuses them.
    public var commandHandler: ((CommandAction, PageID) -> Void)?
    /// Switches the language shown (`language = "de"`); false when it cannot (not offered).
    /// Nil refuses every switch (no `[languages]`).
    public var languageHandler: ((String) -> Bool)?
    /// Carries out touches on toggles, sliders, steppers and choices (`Navigator+Controls`).
    public var controlHandler: ((ControlInput, PageID) -> Void)?
    /// Asks for the PIN of a locked page an `open` leads to (`Navigator+Locks`): it gets the
    /// page and what opens it once the right PIN is in (which returns why the page could not be
    /// shown after all, nil when it was). Nil opens locked pages at once (`render`, `bench`: the
    /// operator's own tools).
    public var lockHandler: ((PageDefinition, _ unlockAndOpen: @escaping () -> String?) -> Void)?
    /// The locked pages opened with their PIN, and the wait wrong PINs earned.
    public var locks = PageLocks()

    var arbiter: GestureArbiter
    /// What each claimant id of the current gesture stands for.
    var claimTargets: [ClaimTarget] = []
    /// Panels whose coasting the current gesture's touch-down stopped: its tap is not a tap.
    var caughtPanels: Set<ObjectIdentifier> = []
    /// Container motions the current finger stopped on touch-down (a settling cube), by claimant.
    var heldMotions: [(claimant: Int, motion: MotionCatch)] = []
    /// Keyboard focus: an index into the active panel's targets.
    public internal(set) var focus: KeyNavigationFocus = KeyNavigationFocus(count: 0)
    /// Keyboard state (`Navigator+Keys`): whether a key was used since the last touch, the page
    /// `focus` indexes, and the item each page had focused when the keyboard left it.
    var keyboard = KeyboardFocusState()
    /// The root-pixel rectangle of the item whose tap or Enter is being carried out (a zoom
    /// grows from it); nil for actions from elsewhere.
    var activatedItem: Rect?
    /// Which way the pages read (the theme's, or the language shown's): the header's back
    /// button, the tab order and a slider's minimum follow it when a touch is hit-tested.
    public var layoutDirection: LayoutDirection = .leftToRight

    /// Builds the tree for `rootPage` (default: the configured home) and shows it at once.
    public convenience init(
        configuration: KioskConfiguration, viewport: Size, scale: Double = 1,
        rootPage: PageID? = nil,
        panels: any PanelMeasuring = UnmeasuredPanels(), containers: ContainerRegistry = .standard
    ) throws(NavigationError) {
        let builder = NavigationTreeBuilder(
            pages: configuration.pages, size: Navigator.sane(viewport), containers: containers)
        let root = try builder.build(rootPage ?? configuration.settings.home)
        self.init(
            configuration: configuration, viewport: viewport, scale: scale, root: root,
            panels: panels, containers: containers)
    }

    /// Shows `root`, a tree built by the caller (a container made in code), at once.
    init(
        configuration: KioskConfiguration, viewport: Size, scale: Double = 1, root: NavigationNode,
        panels: any PanelMeasuring = UnmeasuredPanels(), containers: ContainerRegistry = .standard
    ) {
        self.configuration = configuration
        layoutDirection = configuration.settings.theme.layoutDirection
        self.viewport = Navigator.sane(viewport)
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.panels = panels
        self.containers = containers
        self.root = root
        arbiter = GestureArbiter(recognizer: GestureRecognizer(screenSize: self.viewport))
        layoutTree()
        root.appear(animated: false)
    }

    /// A fresh subtree for page `id` (an `open` action pushes it, a restore rebuilds it).
    func makeNode(_ id: PageID) throws(NavigationError) -> NavigationNode {
        try NavigationTreeBuilder(
            pages: configuration.pages, size: viewport, containers: containers
        ).build(id)
    }

    static func sane(_ size: Size) -> Size {
        Size(
            width: size.width.isFinite && size.width >= 1 ? size.width : 1,
            height: size.height.isFinite && size.height >= 1 ? size.height : 1)
    }

    // MARK: Time and size

    /// Moves every animation to `time` (seconds); earlier times are ignored.
    public func advance(to time: Double) {
        guard time.isFinite, time > now else { return }
        now = time
        root.advance(to: time)
        for routed in arbiter.update(now: time) { handle(routed) }
        // A cube settles on its new face only now: the ring moves there.
        if keyboard.isActive && keyboard.page != activeNode.id { syncFocus(autoFocus: true) }
    }

    /// True while something moves: keep requesting frames.
    public var isAnimating: Bool { root.isAnimating }

    /// True while a finger is down: navigation is not settled even when nothing animates (a cube
    /// held half-turned).
    public var isTouching: Bool { arbiter.recognizer.ownerID != nil }

    /// When `advance(to:)` must be called next even without frames (a pending long press, a
    /// playlist's next turn).
    public var nextDeadline: Double? {
        [arbiter.nextDeadline, (root as? ContainerNode)?.nextChange].compactMap { $0 }.min()
    }

    /// The output changed size or scale: lay everything out again, keeping the navigation.
    public func resize(viewport newSize: Size, scale newScale: Double) {
        // A gesture in progress is cancelled first: its container hears its pan end and settles
        // (a fresh arbiter would forget it, leaving a cube dragging or a swipe half-way forever).
        for routed in arbiter.handle(.cancel(time: now), claimantsAt: { _ in [] }) {
            handle(routed)
        }
        releaseHeldMotions()
        viewport = Navigator.sane(newSize)
        if newScale.isFinite && newScale > 0 { scale = newScale }
        arbiter = GestureArbiter(recognizer: GestureRecognizer(screenSize: viewport))
        claimTargets = []
        layoutTree()
    }

    // MARK: State

    /// The navigation state (pages per stack and drill-down, face per cube, tab per tabs).
    public var state: NavigationState { NavigationState(capturing: root) }

    /// Puts the tree into a saved state as far as it still fits the config (unknown pages and
    /// containers are skipped); returns the ids of the containers it restored.
    @discardableResult
    public func restore(_ saved: NavigationState) -> [PageID] {
        let restored = saved.restore(into: root) { id in try? makeNode(id) }
        layoutTree()
        return restored
    }
}
