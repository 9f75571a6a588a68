/// Thresholds of gesture recognition, in logical pixels and seconds. The defaults follow common
/// touch-toolkit values; the seeds' own numbers (0.25 s velocity projection, 500 pt/s back-swipe
/// commit) are applied by the containers to the velocities reported here.
public struct GestureConfiguration: Hashable, Sendable {
    /// How far a finger may wander from its touch-down point and still tap or long-press. Moving
    /// strictly farther than this starts a pan.
    public var slop: Double = 10
    /// A tap's up must come strictly less than this after its down.
    public var tapMaximumDuration: Double = 0.3
    /// A finger held within the slop this long is a long press.
    public var longPressDuration: Double = 0.5
    /// Velocity is a least-squares fit over samples no older than this before the evaluation time.
    public var velocityWindow: Double = 0.1
    /// A pan whose release velocity along its axis is at least this (px/s) is also a flick.
    public var flickVelocity: Double = 500
    /// A pan starting at most this far inside an edge (of the screen or a region) can be an edge swipe.
    public var edgeWidth: Double = 24
    /// Axis rule: past the slop, |dx| > |dy|·axisRatio locks horizontal, |dy| > |dx|·axisRatio
    /// locks vertical; in between (a diagonal between ~40° and ~50° for 1.2) the decision waits.
    public var axisRatio: Double = 1.2
    /// A still-diagonal drag is decided by the larger component (ties: horizontal) once either
    /// component reaches this distance, so a diagonal drag is never ignored.
    public var axisDecisionDistance: Double = 20

    public init() {}
}
