/// A recognised gesture, as emitted by `GestureRecognizer` and routed by `GestureArbiter`.
public enum Gesture: Hashable, Sendable {
    /// Down and up within the slop and within `tapMaximumDuration`; `time` is the up time.
    /// `position` is the touch-down point, the same point the hit test used, so the tapped item is
    /// the one under the finger when it landed.
    case tap(position: Point, time: Double)
    /// Held still (within the slop) for `longPressDuration`. `position` is the touch-down point and
    /// `time` is exactly touch-down time + `longPressDuration`. Afterwards the contact is spent: it
    /// produces no tap and no pan, whatever it does until it lifts.
    case longPress(position: Point, time: Double)
    /// A pan not starting at a screen edge (or routed as a plain pan by the arbiter).
    case pan(PanGesture)
    /// A pan that started within `edgeWidth` of `edge` and moved away from it along the axis
    /// perpendicular to it. The recognizer reports screen edges; the arbiter reports edges of the
    /// claimant's region. Same phase rules as `.pan`.
    case edgeSwipe(edge: SwipeEdge, pan: PanGesture)
    /// Emitted immediately after the `.ended` step of a pan or edge swipe whose velocity along its
    /// axis has magnitude ≥ `flickVelocity`. Informational: the `.ended` step carries the same
    /// velocity, so a consumer that only reads releases can ignore flicks.
    case flick(velocity: Point, axis: PanAxis, time: Double)

    /// Time of the gesture in the events' time base.
    public var time: Double {
        switch self {
        case .tap(_, let t), .longPress(_, let t), .flick(_, _, let t): t
        case .pan(let p), .edgeSwipe(_, let p): p.time
        }
    }

    /// The pan step of a `.pan` or `.edgeSwipe`, else nil.
    public var panGesture: PanGesture? {
        switch self {
        case .pan(let p), .edgeSwipe(_, let p): p
        case .tap, .longPress, .flick: nil
        }
    }
}
