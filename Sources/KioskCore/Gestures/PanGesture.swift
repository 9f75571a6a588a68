/// The axis a pan was locked to when it began; it never changes during the pan.
public enum PanAxis: Hashable, Sendable {
    case horizontal, vertical
}

/// Where a continuous gesture is in its life. Every `.began` is followed by any number of
/// `.changed` and then exactly one `.ended` or `.cancelled`.
public enum GesturePhase: Hashable, Sendable {
    case began, changed, ended, cancelled
}

/// One step of a pan (or edge swipe): a single finger dragged past the touch slop.
///
/// Positions are logical pixels; `translation` is measured from the touch-down point, not from
/// where the finger crossed the slop, so content dragged with the finger stays under it (the
/// first `.began` already carries the slop distance, e.g. 11 px).
public struct PanGesture: Hashable, Sendable {
    public var phase: GesturePhase
    /// Decided once when the finger leaves the slop; see `GestureConfiguration.axisRatio`.
    public var axis: PanAxis
    /// Where the finger touched down.
    public var startPosition: Point
    /// The finger's latest position (for `.ended`/`.cancelled`: its last known position).
    public var position: Point
    /// Estimated finger velocity in px/s over the last `velocityWindow` seconds of samples.
    public var velocity: Point
    /// Time of the event that produced this step, in the events' time base (seconds).
    public var time: Double

    public init(
        phase: GesturePhase, axis: PanAxis, startPosition: Point, position: Point, velocity: Point,
        time: Double
    ) {
        self.phase = phase
        self.axis = axis
        self.startPosition = startPosition
        self.position = position
        self.velocity = velocity
        self.time = time
    }

    /// `position - startPosition`, both components (consumers usually read the locked axis).
    public var translation: Point { position - startPosition }

    /// The translation component along `axis`.
    public var axisTranslation: Double { axis == .horizontal ? translation.x : translation.y }

    /// The velocity component along `axis`, px/s.
    public var axisVelocity: Double { axis == .horizontal ? velocity.x : velocity.y }
}
