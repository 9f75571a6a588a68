// Ownership: the compositor owns one scratch allocation (per-column tables), grown on demand
// and freed in deinit. During `compose` it holds raw pointers into the target and the layer
// surfaces; the caller keeps those buffers alive for the call, and none is kept afterwards.
import KioskCore

/// Draws a `Scene` into an ARGB32 buffer on the CPU: every layer with its projective transform,
/// bilinear filtering, antialiased edges, opacity, dim and clip.
///
/// Each transform is classified (`TransformClass`) and drawn by the cheapest loop that is exact
/// for it: whole-pixel translations copy rows; affine maps and rotations about a horizontal
/// screen axis step linearly along rows; rotations about a vertical screen axis (the cube) step
/// linearly down precomputed columns; anything else divides per pixel. Sample positions are
/// exact to 1/32 px (4-bit bilinear weights, rounded), far inside the 0.5 px the design asks.
///
/// Edges get analytic coverage (signed distance to each projected edge). Where a later layer
/// shares an edge with an earlier one (adjacent cube faces), the earlier layer is extended by
/// one pixel under it, so the edge blends face with face and never shows the background.
///
/// Not thread-safe: one compositor per rendering thread. No allocation per frame once the
/// scratch memory has grown to the widest layer.
public final class LayerCompositor {
    /// Per-column tables of the column loop, 16-byte aligned.
    private var scratch: UnsafeMutableRawPointer
    private var scratchColumns: Int
    private var plans: [(index: Int, plan: LayerPlan, surface: ImageBuffer?)] = []
    private var drawers: [LayerDrawer] = []
    /// True when scenes come mirrored onto the output (a flipped display transform): every
    /// layer's winding is reversed, so back-face culling looks at the other side.
    public var mirrorsOutput = false

    public init() {
        scratchColumns = 4096
        scratch = .allocate(byteCount: scratchColumns * ColumnMapper.bytesPerColumn, alignment: 16)
    }

    deinit { scratch.deallocate() }

    /// Composes `scene` into `target`: clears to `scene.background`, then draws each layer back to
    /// front. With `damage` (output pixels, rounded outward), only pixels inside it change.
    /// Layers whose surface is nil (a `.panel` or `.chrome` not rasterised yet) are skipped; a
    /// surface's pixels map to layer-local points by `surface.width / layer.size.width`.
    ///
    /// The frame is built one output row at a time, all layers in turn, so each target row is
    /// cleared and drawn while it is in the cache: one pass over the frame's memory.
    public func compose(
        scene: Scene, surfaces: (LayerContent) -> ImageBuffer?, into target: ImageBuffer, damage: Rect? = nil
    ) {
        var limit = PixelBox(x0: 0, y0: 0, x1: target.width, y1: target.height)
        if let damage {
            guard let d = PixelBox(covering: damage) else { return }
            limit = limit.intersection(d)
        }
        guard !limit.isEmpty else { return }
        let stride = target.stride / 4
        let base = target.pixels.assumingMemoryBound(to: UInt32.self)
        let background = premultipliedPixel(scene.background)

        plan(scene, surfaces: surfaces, limit: limit)
        prepareDrawers(scene)
        let count = limit.x1 - limit.x0
        for y in limit.y0..<limit.y1 {
            let row = base + y &* stride
            (row + limit.x0).update(repeating: background, count: count)
            for d in drawers {
                let box = d.box
                if y >= box.y0 && y < box.y1 { d.draw(y: y, row: row) }
            }
        }
        plans.removeAll(keepingCapacity: true)
        drawers.removeAll(keepingCapacity: true)
        target.markDirty()
    }

    /// The class of loop `compose` uses for `layer` with a surface of the given pixel size, or nil
    /// when the layer is not drawn (singular, behind the eye, back-facing, invisible).
    public static func transformClass(of layer: SceneLayer, surfaceWidth: Int, surfaceHeight: Int) -> TransformClass? {
        let limit = PixelBox(x0: -1_000_000, y0: -1_000_000, x1: 1_000_000, y1: 1_000_000)
        return LayerPlan(layer: layer, surfaceWidth: surfaceWidth, surfaceHeight: surfaceHeight, limit: limit)?.kind
    }

    /// Plans every drawable layer and marks shared edges.
    private func plan(_ scene: Scene, surfaces: (LayerContent) -> ImageBuffer?, limit: PixelBox) {
        plans.removeAll(keepingCapacity: true)
        for (index, layer) in scene.layers.enumerated() {
            var surface: ImageBuffer?
            if case .solid = layer.content {
                surface = nil
            } else {
                guard let s = surfaces(layer.content) else { continue }
                surface = s
            }
            // A solid has no pixels; any surface size gives the same quad.
            guard let p = LayerPlan(
                layer: layer, surfaceWidth: surface?.width ?? 1, surfaceHeight: surface?.height ?? 1, limit: limit,
                mirrored: mirrorsOutput)
            else { continue }
            plans.append((index, p, surface))
        }
        // Shared edges: O(n²) over a handful of layers.
        let tolerance = 0.01
        for i in plans.indices {
            for j in plans.indices where j > i {
                for k in 0..<4 {
                    let ax = plans[i].plan.cornerX[k], ay = plans[i].plan.cornerY[k]
                    let bx = plans[i].plan.cornerX[(k + 1) % 4], by = plans[i].plan.cornerY[(k + 1) % 4]
                    for l in 0..<4 {
                        let cx = plans[j].plan.cornerX[l], cy = plans[j].plan.cornerY[l]
                        let dx = plans[j].plan.cornerX[(l + 1) % 4], dy = plans[j].plan.cornerY[(l + 1) % 4]
                        // Two front-facing quads sharing an edge run it in opposite directions.
                        if abs(ax - dx) < tolerance && abs(ay - dy) < tolerance
                            && abs(bx - cx) < tolerance && abs(by - cy) < tolerance
                        {
                            plans[i].plan.extendEdge(k)
                        }
                    }
                }
            }
        }
    }

    /// Turns plans into drawers; column tables of all column layers share the scratch memory.
    private func prepareDrawers(_ scene: Scene) {
        var columns = 0
        // Even column counts keep every layer's slice 16-byte aligned (56 · 2 = 112 = 7 · 16).
        for (_, plan, _) in plans where plan.kind == .columnProjective { columns += (plan.box.x1 - plan.box.x0 + 1) & ~1 }
        if columns > scratchColumns {
            scratch.deallocate()
            scratchColumns = columns
            scratch = .allocate(byteCount: scratchColumns * ColumnMapper.bytesPerColumn, alignment: 16)
        }
        var used = 0
        for (index, plan, surface) in plans {
            guard let surface else {
                if case .solid(let colour) = scene.layers[index].content {
                    drawers.append(.solid(plan, RowMapper(plan.inverse), SolidSource(pixel: premultipliedPixel(colour))))
                }
                continue
            }
            let source = BilinearSource(
                base: UnsafePointer(surface.pixels.assumingMemoryBound(to: UInt32.self)),
                width: surface.width, height: surface.height, stridePixels: surface.stride / 4)
            switch plan.kind {
            case .translation:
                let n = plan.inverse
                let dx = Int((n.c / n.i - LayerPlan.roundingBias + 0.5).rounded())
                let dy = Int((n.f / n.i - LayerPlan.roundingBias + 0.5).rounded())
                let rows = plan.box.intersection(
                    PixelBox(x0: -dx, y0: -dy, x1: surface.width - dx, y1: surface.height - dy))
                if !rows.isEmpty { drawers.append(.copy(plan, source, dx: dx, dy: dy, rows: rows)) }
            case .scaleTranslate, .affine, .rowProjective:
                drawers.append(.rows(plan, RowMapper(plan.inverse), source))
            case .columnProjective:
                let count = plan.box.x1 - plan.box.x0
                let mapper = ColumnMapper(
                    plan.inverse, x0: plan.box.x0, x1: plan.box.x1,
                    scratch: scratch + used * ColumnMapper.bytesPerColumn, source: source)
                used += (count + 1) & ~1
                drawers.append(.columns(plan, mapper, source))
            case .projective:
                drawers.append(.projective(plan, ProjectiveMapper(plan.inverse), source))
            }
        }
    }
}
