import KioskControl
import KioskRender

/// The values as the renderer last took them from a `ValueStore`: a new lookup per frame in
/// which values changed, with the histories and thresholds (`chartSources`) taken once, since
/// they change only with the store's definitions and the rings are read in place.
final class RendererValues {
    private(set) var lookup = LiveValueLookup(value: { _ in nil }, rows: { _ in [] })
    /// No lookup was taken yet (the first frame takes one even without a change).
    private(set) var isEmpty = true
    private let charts: [String: ChartData]

    init(store: ValueStore) { charts = store.chartSources() }

    /// A new lookup from `store`, with the pending control values laid over it.
    func take(from store: ValueStore, overlaidBy controls: ControlChanges) {
        isEmpty = false
        lookup = controls.overlay(store.snapshot(charts: charts)).lookup
    }
}
