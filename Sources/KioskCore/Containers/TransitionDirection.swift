/// Whether a transition goes deeper (push, next tab) or back (pop, previous tab).
public enum TransitionDirection: String, Hashable, Sendable {
    case push, pop
}
