/// Turns a stream of `TouchEvent`s into taps, long presses, pans, edge swipes and flicks.
///
/// Deterministic: the only clock is the events' own timestamps, plus `update(now:)`, which the
/// event loop calls when `nextDeadline` passes (tests call it with a manual clock) so a long press
/// fires while the finger is still down and silent.
///
/// **One owner.** The first finger down while no finger owns the recognizer becomes the owner and
/// alone drives the gesture. Other fingers are ignored entirely (not reported): they cannot start,
/// change or end the owner's gesture. When the owner lifts, its gesture ends normally even if
/// other fingers stay down; those fingers stay ignored until they lift, and the next finger to
/// touch down becomes the new owner.
///
/// **Odd input** (never traps):
/// - Times that are non-finite or earlier than the latest time seen are replaced by the latest
///   time seen, so time never runs backwards inside the recognizer (velocity sees a duplicate).
/// - Positions that are non-finite or beyond ±`maximumCoordinate` drop that down/motion event
///   entirely (its time too).
/// - Motion or up for an id that is not the owner (unknown ids, up without down, motion after
///   up, other fingers) is ignored.
/// - A second down for the owner's id means its up was lost: the owner's gesture is cancelled
///   (a pan gets `.cancelled`; no tap) and the new down starts a fresh owner.
/// - `.frame` carries no information for one-finger gestures beyond its time, which may fire a
///   due long press.
/// - `.cancel` ends everything: an active pan gets `.cancelled`, a pending tap or long press is
///   dropped, all fingers are forgotten.
public struct GestureRecognizer: Sendable {
    /// Coordinates beyond this magnitude (logical px) are treated as garbage from the device.
    public static let maximumCoordinate = 1_000_000.0

    public var configuration: GestureConfiguration
    /// Logical size of the screen; edge swipes are detected against its edges. An empty size
    /// disables screen-edge detection.
    public var screenSize: Size

    /// Increments every time a finger becomes the owner, so a wrapper (the arbiter) can tell a new
    /// gesture has started and hit-test its `ownerStartPosition`.
    public private(set) var ownerGeneration = 0

    private var owner: OwnerContact?
    private var latestTime: Double?

    enum OwnerPhase: Hashable, Sendable {
        /// Within the slop: may still become a tap or long press.
        case pending
        /// Past the slop but the axis is not decided yet (diagonal).
        case undecided
        case panning(axis: PanAxis, edge: SwipeEdge?)
        /// A long press fired; the contact produces nothing more.
        case spent
    }

    struct OwnerContact: Hashable, Sendable {
        var id: Int32
        var start: Point
        var startTime: Double
        var position: Point
        var phase: OwnerPhase
        var velocity: VelocityEstimator
    }

    public init(screenSize: Size, configuration: GestureConfiguration = GestureConfiguration()) {
        self.screenSize = screenSize
        self.configuration = configuration
    }

    /// The touch id of the finger that owns the current gesture, if any.
    public var ownerID: Int32? { owner?.id }

    /// Where the owning finger touched down, if a finger owns the recognizer.
    public var ownerStartPosition: Point? { owner?.start }

    /// Whether a pan or edge swipe is between `.began` and its end.
    public var isPanning: Bool {
        if case .panning = owner?.phase { return true }
        return false
    }

    /// When `update(now:)` must be called next for a long press to fire on time, or nil.
    public var nextDeadline: Double? {
        guard let owner, owner.phase == .pending else { return nil }
        return owner.startTime + configuration.longPressDuration
    }

    /// Feeds one touch event; returns the gestures it completes or advances, in order. Any long
    /// press due at or before the event's time is emitted first.
    public mutating func handle(_ event: TouchEvent) -> [Gesture] {
        switch event {
        case .down(_, let p, _), .motion(_, let p, _):
            // Dropped whole, time included: a device that garbles positions may garble times.
            guard Self.isUsable(p) else { return [] }
        case .up, .cancel, .frame:
            break
        }
        let time = accept(event.time)
        var out = firePendingLongPress(upTo: time)
        switch event {
        case .down(let id, let position, _):
            if let current = owner {
                guard current.id == id else { break }  // another finger: ignored
                out += cancelOwner(at: time)
            }
            var velocity = VelocityEstimator(window: configuration.velocityWindow)
            velocity.add(position, time: time)
            owner = OwnerContact(
                id: id, start: position, startTime: time, position: position, phase: .pending,
                velocity: velocity)
            ownerGeneration &+= 1
        case .motion(let id, let position, _):
            guard owner?.id == id else { break }
            out += moveOwner(to: position, at: time)
        case .up(let id, _):
            guard owner?.id == id else { break }
            out += liftOwner(at: time)
        case .cancel:
            out += cancelOwner(at: time)
        case .frame:
            break
        }
        return out
    }

    /// Advances the manual clock: fires a long press whose deadline is at or before `now`. Does not
    /// move the event time base (events may be stamped slightly earlier than the loop's clock).
    public mutating func update(now: Double) -> [Gesture] {
        guard now.isFinite else { return [] }
        return firePendingLongPress(upTo: now)
    }

    // MARK: - Steps

    private mutating func accept(_ time: Double) -> Double {
        guard let latest = latestTime else {
            let t = time.isFinite ? time : 0
            latestTime = t
            return t
        }
        let t = time.isFinite ? max(time, latest) : latest
        latestTime = t
        return t
    }

    private static func isUsable(_ p: Point) -> Bool {
        p.x.isFinite && p.y.isFinite && abs(p.x) <= maximumCoordinate
            && abs(p.y) <= maximumCoordinate
    }

    private mutating func firePendingLongPress(upTo time: Double) -> [Gesture] {
        guard let deadline = nextDeadline, time >= deadline, var o = owner else { return [] }
        o.phase = .spent
        owner = o
        return [.longPress(position: o.start, time: deadline)]
    }

    private mutating func moveOwner(to position: Point, at time: Double) -> [Gesture] {
        guard var o = owner else { return [] }
        o.position = position
        o.velocity.add(position, time: time)
        defer { owner = o }
        switch o.phase {
        case .spent:
            return []
        case .pending:
            guard position.distance(to: o.start) > configuration.slop else { return [] }
            o.phase = .undecided
            fallthrough
        case .undecided:
            guard let axis = decideAxis(position - o.start) else { return [] }
            let edge = screenEdge(start: o.start, axis: axis, translation: position - o.start)
            o.phase = .panning(axis: axis, edge: edge)
            return [Self.wrap(step(o, .began, axis, at: time), edge: edge)]
        case .panning(let axis, let edge):
            return [Self.wrap(step(o, .changed, axis, at: time), edge: edge)]
        }
    }

    private mutating func liftOwner(at time: Double) -> [Gesture] {
        guard let o = owner else { return [] }
        owner = nil
        switch o.phase {
        case .pending:
            guard time - o.startTime < configuration.tapMaximumDuration else { return [] }
            return [.tap(position: o.start, time: time)]
        case .undecided, .spent:
            return []
        case .panning(let axis, let edge):
            let ended = step(o, .ended, axis, at: time)
            var out = [Self.wrap(ended, edge: edge)]
            if abs(ended.axisVelocity) >= configuration.flickVelocity {
                out.append(.flick(velocity: ended.velocity, axis: axis, time: time))
            }
            return out
        }
    }

    private mutating func cancelOwner(at time: Double) -> [Gesture] {
        guard let o = owner else { return [] }
        owner = nil
        guard case .panning(let axis, let edge) = o.phase else { return [] }
        return [Self.wrap(step(o, .cancelled, axis, at: time), edge: edge)]
    }

    private func step(_ o: OwnerContact, _ phase: GesturePhase, _ axis: PanAxis, at time: Double)
        -> PanGesture
    {
        PanGesture(
            phase: phase, axis: axis, startPosition: o.start, position: o.position,
            velocity: o.velocity.velocity(at: time), time: time)
    }

    private static func wrap(_ pan: PanGesture, edge: SwipeEdge?) -> Gesture {
        if let edge { return .edgeSwipe(edge: edge, pan: pan) }
        return .pan(pan)
    }

    /// The axis rule documented on `GestureConfiguration.axisRatio`.
    func decideAxis(_ d: Point) -> PanAxis? {
        let ax = abs(d.x)
        let ay = abs(d.y)
        if ax > ay * configuration.axisRatio { return .horizontal }
        if ay > ax * configuration.axisRatio { return .vertical }
        if max(ax, ay) >= configuration.axisDecisionDistance {
            return ax >= ay ? .horizontal : .vertical
        }
        return nil
    }

    /// The screen edge a pan starts from: within `edgeWidth` of an edge perpendicular to its axis
    /// and moving away from that edge.
    func screenEdge(start: Point, axis: PanAxis, translation: Point) -> SwipeEdge? {
        guard !screenSize.isEmpty else { return nil }
        let screen = Rect(size: screenSize)
        for edge in SwipeEdge.allCases where edge.axis == axis {
            if edge.distance(of: start, from: screen) <= configuration.edgeWidth,
                edge.pointsInward(translation)
            {
                return edge
            }
        }
        return nil
    }
}
