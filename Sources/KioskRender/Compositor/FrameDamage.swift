import KioskCore

/// Which part of the output must be redrawn between two frames.
///
/// A layer that moved, changed or appeared damages its old and new footprint; a layer whose
/// surface was redrawn (a clock's text) damages only the redrawn part, projected through its
/// transform. Nothing changed → nil: draw nothing, commit nothing.
public enum FrameDamage {
    /// The output rectangle (whole pixels) to recompose, or nil when nothing changed.
    /// `dirty` maps content whose surface changed to the changed part in layer-local logical
    /// coordinates (nil = all of it).
    public static func between(previous: Scene?, current: Scene, dirty: [LayerContent: Rect?] = [:]) -> Rect? {
        let output = Rect(size: current.outputSize)
        guard let previous, previous.outputSize == current.outputSize, previous.background == current.background,
            previous.layers.count == current.layers.count
        else { return output }
        var damage: Rect?
        func add(_ r: Rect?) {
            guard let r, let clipped = r.intersection(output) else { return }
            damage = damage.map { $0.union(clipped) } ?? clipped
        }
        for (old, new) in zip(previous.layers, current.layers) {
            if old != new {
                guard let a = footprint(old, part: nil), let b = footprint(new, part: nil) else { return output }
                add(a)
                add(b)
            } else if let part = dirty[new.content] {
                guard let a = footprint(new, part: part) else { return output }
                add(a)
            }
        }
        return damage
    }

    /// Output pixels a part of a layer can touch (nil part = the whole layer), grown by the one
    /// pixel antialiasing and filtering reach and rounded outward. Invisible layers touch
    /// nothing (an empty rect); nil when the part cannot be projected (straddles the eye).
    static func footprint(_ layer: SceneLayer, part: Rect?) -> Rect? {
        var r = part ?? Rect(size: layer.size)
        if let clipped = r.intersection(Rect(size: layer.size)) { r = clipped } else { return .zero }
        if !(layer.opacity > 0) { return .zero }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)] {
            guard let q = layer.transform.project(p), q.x.isFinite, q.y.isFinite else { return nil }
            minX = min(minX, q.x); maxX = max(maxX, q.x)
            minY = min(minY, q.y); maxY = max(maxY, q.y)
        }
        var box = Rect(x: (minX - 2).rounded(.down), y: (minY - 2).rounded(.down), width: 0, height: 0)
        box.size = Size(width: (maxX + 2).rounded(.up) - box.minX, height: (maxY + 2).rounded(.up) - box.minY)
        if let clip = layer.clip { return box.intersection(clip) ?? .zero }
        return box
    }
}
