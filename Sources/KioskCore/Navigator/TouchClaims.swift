/// The gesture claimants under one touch-down point, collected innermost first while the tree
/// hit-tests itself: a container adds its children's claims (`collect`) and its own (`claim`).
///
/// Collecting only describes: a claim's handler runs when its gesture is routed to it, after the
/// arbiter has decided, never during the hit test.
public struct TouchClaims {
    /// The touch-down point, in root logical pixels.
    public let point: Point
    /// What each claimant stands for, with its claimant; innermost first.
    var entries: [(target: ClaimTarget, claimant: GestureClaimant)] = []
    /// The motion catches of the claims whose region holds `point`, each with its claim's entry
    /// (an index into `entries` until the list is complete, then the claimant id).
    var catches: [(claimant: Int, motion: MotionCatch)] = []

    /// Claims of a panel's own widgets under the point (a slider's track takes horizontal pans
    /// before the panel and the containers around it); set by the Navigator.
    var widgetClaims: ((NavigationNode, Rect, Point) -> [WidgetClaim])?

    /// Which way the pages read: where a header's back button and each tab take taps.
    public let layoutDirection: LayoutDirection

    init(point: Point, layoutDirection: LayoutDirection = .leftToRight) {
        self.point = point
        self.layoutDirection = layoutDirection
    }

    /// Adds the claims of `node` shown at `frame`: a container's, or a panel's taps (and
    /// vertical pans when it scrolls).
    public mutating func collect(_ node: NavigationNode, frame: Rect) {
        // The node's claims go before those collected so far (they are outer): innermost first.
        var outer: [(target: ClaimTarget, claimant: GestureClaimant)] = []
        swap(&outer, &entries)
        var outerCatches: [(claimant: Int, motion: MotionCatch)] = []
        swap(&outerCatches, &catches)
        defer {
            // The inner entries go first: the outer ones (and their catches) move down.
            let inner = entries.count
            entries = entries + outer
            catches = catches + outerCatches.map { ($0.claimant + inner, $0.motion) }
            for i in entries.indices { entries[i].claimant.id = i }
        }
        if let container = node as? any Container {
            container.claims(in: frame, into: &self)
        } else {
            // Added first, so inner: the widget's gestures before the panel's.
            for claim in widgetClaims?(node, frame, point) ?? [] {
                add(.container(claim.handle), claim.accepts, claim.region)
            }
            add(
                .panel(node, frame: frame), node.panelGestures, frame, restsAt: node.scrollEndsShown
            )
        }
    }

    /// Adds a claim of the container being hit-tested: the gestures it takes in `region` (root
    /// logical pixels) and what it does with each one routed to it.
    /// `catching`: what a touch-down in `region` does to the container's own motion (a settling
    /// cube stops under the finger); called by the Navigator when the finger lands.
    public mutating func claim(
        _ accepts: Set<GestureKind>, region: Rect, catching: MotionCatch? = nil,
        handle: @escaping (Gesture) -> Void
    ) {
        if let catching, region.contains(point) { catches.append((entries.count, catching)) }
        add(.container(handle), accepts, region)
    }

    /// Adds the taps on panel `page` drawn as a picture at `frame` (root logical pixels), acted
    /// on as taps on `opener` (`ClaimTarget.picture`).
    public mutating func collectPicture(_ page: PageID, frame: Rect, opener: NavigationNode) {
        add(.picture(page, frame: frame, opener: opener), [.tap], frame)
    }

    private mutating func add(
        _ target: ClaimTarget, _ accepts: Set<GestureKind>, _ region: Rect,
        restsAt: Set<SwipeEdge> = []
    ) {
        // Ids are assigned innermost first once the list is complete.
        entries.append(
            (target, GestureClaimant(id: 0, accepts: accepts, region: region, restsAt: restsAt)))
    }
}

/// A gesture a widget of a panel takes itself, in root logical pixels.
struct WidgetClaim {
    var accepts: Set<GestureKind>
    var region: Rect
    var handle: (Gesture) -> Void
}
