/// An observer that keeps every event (tests, STATUS=, logging).
public final class LifecycleRecorder: LifecycleObserver {
    public private(set) var events: [LifecycleEvent] = []
    public init() {}
    public func record(_ event: LifecycleEvent) { events.append(event) }
    /// Forgets what was recorded so far.
    public func clear() { events.removeAll() }
    /// The events as "page kind" strings, handy in tests (`animated` left out).
    public var lines: [String] { events.map { "\($0.page) \($0.kind.rawValue)" } }
}
