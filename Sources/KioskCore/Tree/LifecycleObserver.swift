/// Receives lifecycle events in the order they happen.
public protocol LifecycleObserver: AnyObject {
    func record(_ event: LifecycleEvent)
}
