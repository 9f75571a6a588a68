/// A kind of gesture a container or widget can take.
public enum GestureKind: Hashable, Sendable {
    case tap
    case horizontalPan
    case verticalPan
    /// A swipe from this edge of the claimant's region (or of the screen when it has none).
    case edgeSwipe(SwipeEdge)
    case longPress

    /// The plain-pan kind for an axis.
    public static func pan(_ axis: PanAxis) -> GestureKind {
        axis == .horizontal ? .horizontalPan : .verticalPan
    }
}

/// One candidate receiver of a gesture, supplied by the Navigator's hit test for the touch-down
/// point. The arbiter knows nothing about the view tree: only ids, kinds and regions.
public struct GestureClaimant: Hashable, Sendable {
    /// The Navigator's identifier for the container or item; echoed in `RoutedGesture`.
    public var id: Int
    /// The gestures this claimant takes.
    public var accepts: Set<GestureKind>
    /// The claimant's area on screen in logical px; edge swipes are measured from its edges, so a
    /// drill-down's right column can have a "left edge" in the middle of the screen. nil means the
    /// whole screen. A claimant whose region does not contain the touch-down point is skipped.
    public var region: Rect?
    /// The ends of its scrolling content it rests at: `.top` when it shows the top of its content,
    /// `.bottom` when it shows the end. A pan pulling past such an end (moving away from the edge,
    /// like an edge swipe from it) goes to the next claimant out that takes the pan's axis — a
    /// vertical cube around a list turns from the list's ends — and stays here when none does.
    public var restsAt: Set<SwipeEdge>

    public init(
        id: Int, accepts: Set<GestureKind>, region: Rect? = nil, restsAt: Set<SwipeEdge> = []
    ) {
        self.id = id
        self.accepts = accepts
        self.region = region
        self.restsAt = restsAt
    }

    /// True when `pan` pulls past one of the ends it rests at (see `restsAt`).
    public func passesOn(_ pan: PanGesture) -> Bool {
        restsAt.contains { $0.axis == pan.axis && $0.pointsInward(pan.translation) }
    }
}

/// A gesture and the claimant that receives it.
public struct RoutedGesture: Hashable, Sendable {
    public var claimant: Int
    public var gesture: Gesture

    public init(claimant: Int, gesture: Gesture) {
        self.claimant = claimant
        self.gesture = gesture
    }
}
