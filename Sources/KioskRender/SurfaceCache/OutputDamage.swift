import KioskCore

/// The output pixels to recompose between two frames, from the two scenes and the surfaces'
/// damage. A pure function of its inputs.
///
/// - Same output, background and layers, no surface changed: nothing (draw and commit nothing).
/// - A layer unchanged but its surface redrawn (a clock ticked): that surface damage carried to
///   the output through the layer's transform — exact for a whole-pixel translation at 1:1,
///   otherwise grown by the one surface pixel bilinear filtering reaches and rounded outward.
/// - A layer that moved, appeared, vanished or changed in any way (content, opacity, dim, clip):
///   its old and its new footprint, i.e. the bounds of its projected quad, clipped to its clip
///   rect. Quads on whole pixels are exact; others grow by 2 pixels for antialiased edges and the
///   compositor's one-pixel extension under shared edges.
/// - Anything that defies that (a new output size or background, layers reordered, a quad
///   straddling the eye) or damage covering more than half the output: the whole output.
///
/// Rectangles overlapping each other are merged into their bounds, so `rects` never overlap.
/// Invisible layers (opacity 0) damage nothing.
///
/// Differs from the compositor's `FrameDamage.between` (one rect, layers paired by index, every
/// footprint grown by 2 px): layers are matched by value, so one appearing or vanishing damages
/// only itself; whole-pixel quads and 1:1 surface damage stay exact; several rects are kept.
public struct OutputDamage: Hashable, Sendable {
    /// Output-pixel rectangles with whole-pixel edges, inside the output, not overlapping.
    public var rects: [Rect]

    /// Nothing to draw.
    public static let none = OutputDamage(rects: [])

    public init(rects: [Rect]) { self.rects = rects }

    /// True when nothing needs drawing.
    public var isEmpty: Bool { rects.isEmpty }

    /// The smallest rectangle holding every damaged pixel (what `LayerCompositor.compose`'s
    /// `damage:` takes), or nil when nothing needs drawing.
    public var bounds: Rect? {
        guard var box = rects.first else { return nil }
        for r in rects.dropFirst() { box = box.union(r) }
        return box
    }

    /// - Parameters:
    ///   - previous: the scene last drawn, nil when none was (everything is damaged).
    ///   - surfaceDamage: `SurfaceUpdate.damage`, in surface pixels.
    ///   - surfaceScale: surface pixels per layer-local logical pixel (`PageSurfaceCache.scale`).
    public init(
        previous: Scene?, current: Scene, surfaceDamage: [LayerContent: [Rect]],
        surfaceScale: Double
    ) {
        let output = Rect(size: current.outputSize)
        guard !output.isEmpty else {
            self = .none
            return
        }
        guard let previous, previous.outputSize == current.outputSize,
            previous.background == current.background,
            let collected = OutputDamage.collect(
                previous: previous, current: current, surfaceDamage: surfaceDamage,
                scale: surfaceScale)
        else {
            rects = [output]
            return
        }
        let merged = OutputDamage.merge(collected.compactMap { $0.intersection(output) })
        let area = merged.reduce(0) { $0 + $1.width * $1.height }
        rects = area > output.width * output.height / 2 ? [output] : merged
    }

    /// Damage rectangles in output pixels, unclipped and unmerged; nil means the whole output.
    private static func collect(
        previous: Scene, current: Scene, surfaceDamage: [LayerContent: [Rect]], scale: Double
    ) -> [Rect]? {
        var rects: [Rect] = []
        var unmatched = Array(previous.layers.indices)
        var lastMatched = -1
        for layer in current.layers {
            if let k = unmatched.firstIndex(where: { previous.layers[$0] == layer }) {
                let old = unmatched.remove(at: k)
                // Unchanged layers in a new order composite differently where they overlap.
                guard old > lastMatched else { return nil }
                lastMatched = old
                guard let parts = surfaceDamage[layer.content], !parts.isEmpty else { continue }
                for part in parts {
                    guard let r = damage(part, of: layer, scale: scale) else { return nil }
                    rects.append(r)
                }
            } else {
                guard let r = footprint(of: layer) else { return nil }
                rects.append(r)
            }
        }
        for index in unmatched {
            guard let r = footprint(of: previous.layers[index]) else { return nil }
            rects.append(r)
        }
        return rects.filter { !$0.isEmpty }
    }

    /// The output pixels a whole layer can touch; empty when invisible, nil when unprojectable.
    static func footprint(of layer: SceneLayer) -> Rect? {
        guard layer.opacity > 0, !layer.size.isEmpty else { return .zero }
        guard let quad = projectedBounds(Rect(size: layer.size), layer.transform) else {
            return nil
        }
        let box = quad.isAligned ? quad.rect : roundedOut(quad.rect.insetBy(dx: -2, dy: -2))
        return clipped(box, to: layer.clip)
    }

    /// The output pixels a redrawn part (surface pixels) of an unchanged layer can touch.
    static func damage(_ part: Rect, of layer: SceneLayer, scale: Double) -> Rect? {
        guard layer.opacity > 0, !layer.size.isEmpty, !part.isEmpty else { return .zero }
        let s = scale.isFinite && scale > 0 ? scale : 1
        // A scrolled panel's layer shows a window of its surface: surface damage outside the
        // window touches nothing; inside it, it moves up by the window's offset.
        let o = layer.contentOffset
        var part = part
        if o != .zero || layer.contentSize != nil {
            let window = Rect(
                x: o.x * s, y: o.y * s, width: layer.size.width * s, height: layer.size.height * s)
            guard let inside = part.intersection(window) else { return .zero }
            part = inside.offsetBy(dx: -o.x * s, dy: -o.y * s)
        }
        let local = Rect(
            x: part.minX / s, y: part.minY / s, width: part.width / s, height: part.height / s)
        if isScaleTranslate(layer.transform), layer.transform[0, 0] == s,
            layer.transform[1, 1] == s,
            let quad = projectedBounds(local, layer.transform), quad.isAligned
        {
            return clipped(quad.rect, to: layer.clip)
        }
        // Bilinear samples reach one surface pixel beyond the changed ones.
        let grown = Rect(
            x: (part.minX - 1) / s, y: (part.minY - 1) / s, width: (part.width + 2) / s,
            height: (part.height + 2) / s)
        guard let quad = projectedBounds(grown, layer.transform) else {
            return footprint(of: layer)
        }
        return clipped(roundedOut(quad.rect), to: layer.clip)
    }

    /// Bounds of `rect`'s projected corners (a convex quad's bounds, since all lie before the eye),
    /// and whether the quad is an axis-aligned rectangle on whole pixels.
    static func projectedBounds(_ rect: Rect, _ transform: Matrix4) -> (
        rect: Rect, isAligned: Bool
    )? {
        let corners = [
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
            Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)
        ]
        var xs: [Double] = []
        var ys: [Double] = []
        for corner in corners {
            guard let p = transform.project(corner), p.x.isFinite, p.y.isFinite else { return nil }
            xs.append(snapped(p.x))
            ys.append(snapped(p.y))
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else {
            return nil
        }
        let box = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let whole = xs.allSatisfy { $0 == $0.rounded() } && ys.allSatisfy { $0 == $0.rounded() }
        return (box, whole && isScaleTranslate(transform))
    }

    /// No rotation, shear or perspective on the layer's plane.
    static func isScaleTranslate(_ m: Matrix4) -> Bool {
        m[0, 1] == 0 && m[1, 0] == 0 && m[3, 0] == 0 && m[3, 1] == 0 && m[3, 3] == 1
    }

    /// Coordinates within a millionth of a whole pixel are that pixel (matrix products leave
    /// such crumbs on values meant to be exact).
    static func snapped(_ v: Double) -> Double {
        let r = v.rounded()
        return abs(v - r) < 1e-6 ? r : v
    }

    static func roundedOut(_ r: Rect) -> Rect {
        let x0 = snapped(r.minX).rounded(.down)
        let y0 = snapped(r.minY).rounded(.down)
        let x1 = snapped(r.maxX).rounded(.up)
        let y1 = snapped(r.maxY).rounded(.up)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `rect` inside the layer's clip (itself rounded outward); empty when outside it.
    static func clipped(_ rect: Rect, to clip: Rect?) -> Rect {
        guard let clip else { return rect }
        return rect.intersection(roundedOut(clip)) ?? .zero
    }

    /// Replaces overlapping rectangles by their bounds until none overlap.
    static func merge(_ input: [Rect]) -> [Rect] {
        var rects = input.filter { !$0.isEmpty }
        var changed = true
        while changed {
            changed = false
            outer: for i in rects.indices {
                for j in rects.indices where j > i && rects[i].intersection(rects[j]) != nil {
                    rects[i] = rects[i].union(rects[j])
                    rects.remove(at: j)
                    changed = true
                    break outer
                }
            }
        }
        return rects
    }
}
