/// Where a page is in its appearance cycle.
///
/// Pages move strictly around the cycle disappeared → appearing → appeared → disappearing →
/// disappeared, one event per step (willAppear, didAppear, willDisappear, didDisappear). A change
/// that would skip steps (a transition cut short, a container hidden mid-transition, a cancelled
/// swipe) emits the skipped steps back-to-back, so every will has its did and no kind repeats.
/// UIKit also allows the "cancel" edges appearing → disappearing; this shell does not: a
/// cancelled appearance is reported as didAppear immediately followed by willDisappear/didDisappear.
public enum AppearanceState: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case disappeared = 0, appearing = 1, appeared = 2, disappearing = 3

    /// True when the page is (or is becoming) visible.
    public var isVisible: Bool { self == .appearing || self == .appeared }

    /// The event that leaves this state forward.
    var nextEvent: LifecycleEvent.Kind {
        switch self {
        case .disappeared: .willAppear
        case .appearing: .didAppear
        case .appeared: .willDisappear
        case .disappearing: .didDisappear
        }
    }

    var next: AppearanceState { AppearanceState(rawValue: (rawValue + 1) % 4) ?? .disappeared }

    /// The events that walk forward around the cycle from this state to `target` (0 to 3).
    func path(to target: AppearanceState) -> [LifecycleEvent.Kind] {
        var kinds: [LifecycleEvent.Kind] = []
        var state = self
        while state != target {
            kinds.append(state.nextEvent)
            state = state.next
        }
        return kinds
    }

    public var description: String {
        switch self {
        case .disappeared: "disappeared"
        case .appearing: "appearing"
        case .appeared: "appeared"
        case .disappearing: "disappearing"
        }
    }
}
