import KioskCore

/// Keeps whole touch sequences away from the navigation: the tap that wakes a blanked panel
/// (touchkio #61, #197: the wake tap must not press what is under the finger) and the tap that
/// dismisses the error banner. A contact swallowed at its `down` is swallowed until its `up`, and
/// so is the `frame` that closes a group made only of swallowed changes.
public struct TouchGate: Hashable, Sendable {
    private var swallowed: Set<Int32> = []
    /// A swallowed change happened since the last frame, and no delivered one.
    private var frameSwallowed = false
    private var frameDelivered = false
    /// Keys whose press was swallowed; their release is swallowed too.
    private var swallowedKeys: Set<Key> = []

    public init() {}

    /// True while a swallowed contact is down.
    public var isSwallowing: Bool { !swallowed.isEmpty }

    /// Swallows the sequence that `down` (for contact `id`) starts.
    public mutating func swallowSequence(of id: Int32) {
        swallowed.insert(id)
        frameSwallowed = true
    }

    /// Swallows a key press and its release.
    public mutating func swallowKey(_ key: Key) {
        swallowedKeys.insert(key)
    }

    /// Whether `event` goes to the navigation. Call for every event, after any
    /// `swallowSequence` for a `down`.
    public mutating func passes(_ event: TouchEvent) -> Bool {
        switch event {
        case .down(let id, _, _), .motion(let id, _, _):
            return note(!swallowed.contains(id))
        case .up(let id, _):
            let passes = !swallowed.contains(id)
            swallowed.remove(id)
            return note(passes)
        case .cancel:
            swallowed = []
            return note(true)
        case .frame:
            let passes = frameDelivered || !frameSwallowed
            frameSwallowed = false
            frameDelivered = false
            return passes
        }
    }

    /// Whether a key event goes to the navigation.
    public mutating func passes(_ event: KeyEvent) -> Bool {
        if event.isPressed { return !swallowedKeys.contains(event.key) }
        return swallowedKeys.remove(event.key) == nil
    }

    private mutating func note(_ passes: Bool) -> Bool {
        if passes { frameDelivered = true } else { frameSwallowed = true }
        return passes
    }
}
