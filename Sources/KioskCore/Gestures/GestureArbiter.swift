/// Routes recognised gestures to the innermost nested container that accepts them.
///
/// When a finger becomes the recognizer's owner the arbiter asks the caller's hit test for the
/// claimants at the touch-down point, innermost first, and keeps that list for the whole gesture
/// (containers moving under the finger do not re-route it). Rules:
/// - tap and long press go to the innermost claimant accepting `.tap` / `.longPress`;
/// - a pan is routed once, at `.began`, and all its later steps and its flick follow it:
///   1. edge swipes first: the innermost claimant accepting `.edgeSwipe(e)` for an edge `e`
///      perpendicular to the pan's axis, whose region's (or the screen's) edge `e` lies at most
///      `edgeWidth` from the touch-down point, with the pan moving away from `e`; delivered as
///      `.edgeSwipe(edge: e, pan:)`. An edge claim beats a plain-pan claim of an inner claimant;
///   2. otherwise the innermost claimant accepting the pan's axis that does not pass it on
///      (`GestureClaimant.restsAt`: a list at its top pulled down passes the pan to a vertical
///      cube around it), else the innermost accepting it at all; delivered as `.pan`
///      (a screen-edge swipe nobody claims as such is downgraded to a plain pan);
///   3. otherwise the gesture is dropped, with all its steps.
/// - Claimants whose region does not contain the touch-down point are skipped.
/// A routed `.began` is always followed by exactly one routed `.ended` or `.cancelled` for the same
/// claimant, because the recognizer guarantees it and the route is fixed at `.began`.
public struct GestureArbiter: Sendable {
    public private(set) var recognizer: GestureRecognizer
    private var generation: Int
    private var claimants: [GestureClaimant] = []
    private var start: Point = .zero
    private var panRoute: PanRoute?

    /// Where a pan goes: the claimant id, and the edge when it is taken as an edge swipe.
    public struct PanRoute: Hashable, Sendable {
        public var claimant: Int
        public var edge: SwipeEdge?

        public init(claimant: Int, edge: SwipeEdge?) {
            self.claimant = claimant
            self.edge = edge
        }
    }

    public init(recognizer: GestureRecognizer) {
        self.recognizer = recognizer
        self.generation = recognizer.ownerGeneration
    }

    /// The recognizer's screen size (the region of claimants without one).
    public var screenSize: Size {
        get { recognizer.screenSize }
        set { recognizer.screenSize = newValue }
    }

    /// When `update(now:)` must be called next; see `GestureRecognizer.nextDeadline`.
    public var nextDeadline: Double? { recognizer.nextDeadline }

    /// Feeds one touch event. `claimantsAt` is called (once) only when a new finger becomes the
    /// owner, with its touch-down point; it returns the claimants there, innermost first.
    public mutating func handle(
        _ event: TouchEvent, claimantsAt hitTest: (Point) -> [GestureClaimant]
    ) -> [RoutedGesture] {
        let gestures = recognizer.handle(event)
        // A down never yields gestures of the finger it starts, so everything in `gestures`
        // belongs to the previous owner and uses the previous claimants.
        let routed = route(gestures)
        if recognizer.ownerGeneration != generation {
            generation = recognizer.ownerGeneration
            start = recognizer.ownerStartPosition ?? .zero
            claimants = hitTest(start).filter { $0.region?.contains(start) ?? true }
            panRoute = nil
        }
        return routed
    }

    /// Advances the manual clock (long press); see `GestureRecognizer.update(now:)`.
    public mutating func update(now: Double) -> [RoutedGesture] {
        route(recognizer.update(now: now))
    }

    private mutating func route(_ gestures: [Gesture]) -> [RoutedGesture] {
        var out: [RoutedGesture] = []
        for gesture in gestures {
            switch gesture {
            case .tap:
                if let c = claimants.first(where: { $0.accepts.contains(.tap) }) {
                    out.append(RoutedGesture(claimant: c.id, gesture: gesture))
                }
            case .longPress:
                if let c = claimants.first(where: { $0.accepts.contains(.longPress) }) {
                    out.append(RoutedGesture(claimant: c.id, gesture: gesture))
                }
            case .pan(let pan), .edgeSwipe(_, let pan):
                if pan.phase == .began {
                    panRoute = Self.route(
                        began: pan, claimants: claimants, screen: Rect(size: screenSize),
                        edgeWidth: recognizer.configuration.edgeWidth)
                }
                guard let r = panRoute else { continue }
                let g: Gesture = r.edge.map { .edgeSwipe(edge: $0, pan: pan) } ?? .pan(pan)
                out.append(RoutedGesture(claimant: r.claimant, gesture: g))
            case .flick:
                // The flick directly follows its pan's `.ended`, so the route is still the pan's.
                if let r = panRoute {
                    out.append(RoutedGesture(claimant: r.claimant, gesture: gesture))
                }
            }
        }
        return out
    }

    /// The routing decision for a pan at `.began` (pure; exposed for tests and diagnostics).
    /// `claimants` are innermost first and already filtered to those containing the start point.
    public static func route(
        began pan: PanGesture, claimants: [GestureClaimant], screen: Rect, edgeWidth: Double
    ) -> PanRoute? {
        for c in claimants {
            let area = c.region ?? screen
            for edge in SwipeEdge.allCases
            where edge.axis == pan.axis && c.accepts.contains(.edgeSwipe(edge))
                && edge.distance(of: pan.startPosition, from: area) <= edgeWidth
                && edge.pointsInward(pan.translation)
            {
                return PanRoute(claimant: c.id, edge: edge)
            }
        }
        let kind = GestureKind.pan(pan.axis)
        let takers = claimants.filter { $0.accepts.contains(kind) }
        if let c = takers.first(where: { !$0.passesOn(pan) }) ?? takers.first {
            return PanRoute(claimant: c.id, edge: nil)
        }
        return nil
    }
}
