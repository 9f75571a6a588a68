/// The transition a stack or tabs container is running, as state for the Scene builder.
/// For `.pop` the Scene plays `spec`'s push geometry backwards (ADTransitionController §5.4):
/// progress p of a pop shows the push's frame at 1 − p with `from`/`to` swapped.
public struct InFlightTransition: Hashable, Sendable, CustomStringConvertible {
    public var from: PageID
    public var to: PageID
    public var spec: TransitionSpec
    public var direction: TransitionDirection
    /// Linear time fraction 0 → 1 (the transition applies its own curves); during an
    /// interactive pop it follows the finger and may go back towards 0 on cancel.
    public var progress: Double
    /// True while a finger drives it.
    public var isInteractive: Bool
    /// True when it runs back to 0 (a cancelled interactive pop).
    public var isCancelling: Bool

    public init(
        from: PageID, to: PageID, spec: TransitionSpec, direction: TransitionDirection,
        progress: Double, isInteractive: Bool = false, isCancelling: Bool = false
    ) {
        self.from = from
        self.to = to
        self.spec = spec
        self.direction = direction
        self.progress = progress
        self.isInteractive = isInteractive
        self.isCancelling = isCancelling
    }

    public var description: String {
        "\(direction.rawValue) \(from) -> \(to) \(spec.kind.rawValue) at \(progress)"
    }
}
