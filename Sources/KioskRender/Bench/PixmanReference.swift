// Ownership: pixman images wrap the pixels of ImageBuffers this object keeps referenced, and are
// unreferenced in deinit before those buffers can go.
import CPixman
import KioskCore

/// The reference renderer: a scene's surface layers drawn with pixman's general projective
/// transform and bilinear filter (about 20 ns per pixel here). Solid layers, opacity and dim are
/// ignored; it exists to be timed against `LayerCompositor`.
///
/// Fair to pixman: each layer is composited only over its bounding box (its projected corners,
/// within its clip and the target), as `LayerCompositor` draws only there, never over the whole
/// frame; and `agreement(with:)` checks it drew the same picture.
public final class PixmanReference {
    private let target: ImageBuffer
    private let targetImage: OpaquePointer
    private var layers: [(image: OpaquePointer, buffer: ImageBuffer, box: PixelBox)] = []
    private let background: UInt32

    public init(scene: Scene, surfaces: some LayerSurfaces, target: ImageBuffer) {
        self.target = target
        background = premultipliedPixel(scene.background)
        targetImage = PixmanReference.image(target)
        for layer in scene.layers {
            guard let surface = surfaces.surface(for: layer.content),
                let t = PixmanReference.transform(layer, surface),
                let box = PixmanReference.box(layer, width: target.width, height: target.height)
            else { continue }
            let image = PixmanReference.image(surface)
            var transform = t
            pixman_image_set_transform(image, &transform)
            pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
            pixman_image_set_repeat(image, PIXMAN_REPEAT_NONE)
            layers.append((image, surface, box))
        }
    }

    deinit {
        for l in layers { pixman_image_unref(l.image) }
        pixman_image_unref(targetImage)
    }

    /// Clears the target and composites every layer OVER it.
    public func draw() {
        let bits = target.pixels.assumingMemoryBound(to: UInt32.self)
        pixman_fill(
            bits, Int32(target.stride / 4), 32, 0, 0, Int32(target.width), Int32(target.height),
            background)
        for l in layers {
            let b = l.box
            pixman_image_composite32(
                PIXMAN_OP_OVER, l.image, nil, targetImage, Int32(b.x0), Int32(b.y0), 0, 0,
                Int32(b.x0), Int32(b.y0),
                Int32(b.x1 - b.x0), Int32(b.y1 - b.y0))
        }
        target.markDirty()
    }

    /// The share of pixels (0...1) where the target, as `draw()` left it, is within `tolerance`
    /// levels per channel of `other` (the same scene from `LayerCompositor`).
    public func agreement(with other: ImageBuffer, tolerance: Int = 24) -> Double {
        guard other.width == target.width, other.height == target.height else { return 0 }
        var close = 0
        for y in 0..<target.height {
            for x in 0..<target.width {
                let a = target.pixel(x: x, y: y), b = other.pixel(x: x, y: y)
                var worst = 0
                for shift in stride(from: 0, to: 32, by: 8) {
                    worst = max(
                        worst,
                        abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
                }
                if worst <= tolerance { close += 1 }
            }
        }
        return Double(close) / Double(target.width * target.height)
    }

    /// The output pixels `layer` can touch: its projected corners' bounding box (one pixel more
    /// for the bilinear edge) within its clip and the target; nil when empty or behind the eye.
    static func box(_ layer: SceneLayer, width: Int, height: Int) -> PixelBox? {
        let w = layer.size.width, h = layer.size.height
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for p in [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)] {
            guard let q = layer.transform.project(p), q.x.isFinite, q.y.isFinite else { return nil }
            x0 = min(x0, q.x); y0 = min(y0, q.y); x1 = max(x1, q.x); y1 = max(y1, q.y)
        }
        var box = PixelBox(x0: 0, y0: 0, x1: width, y1: height)
        guard
            let quad = PixelBox(
                covering: Rect(x: x0 - 1, y: y0 - 1, width: x1 - x0 + 2, height: y1 - y0 + 2))
        else { return nil }
        box = box.intersection(quad)
        if let clip = layer.clip {
            guard let c = PixelBox(covering: clip) else { return nil }
            box = box.intersection(c)
        }
        return box.isEmpty ? nil : box
    }

    private static func image(_ b: ImageBuffer) -> OpaquePointer {
        guard
            let i = pixman_image_create_bits(
                PIXMAN_a8r8g8b8, Int32(b.width), Int32(b.height),
                b.pixels.assumingMemoryBound(to: UInt32.self),
                Int32(b.stride))
        else { preconditionFailure("pixman could not wrap an image buffer") }
        return i
    }

    /// Output → surface pixels in pixman's 16.16 fixed point. Normalised so the largest entry is
    /// 2^14: as precise as 16.16 allows without overflowing (pixman does not report overflow).
    private static func transform(_ layer: SceneLayer, _ surface: ImageBuffer) -> pixman_transform?
    {
        let m = layer.transform
        guard layer.size.width > 0, layer.size.height > 0 else { return nil }
        let sx = Double(surface.width) / layer.size.width,
            sy = Double(surface.height) / layer.size.height
        let forward = Homography(
            a: m[0, 0] / sx, b: m[0, 1] / sy, c: m[0, 3], d: m[1, 0] / sx, e: m[1, 1] / sy,
            f: m[1, 3],
            g: m[3, 0] / sx, h: m[3, 1] / sy, i: m[3, 3])
        guard let n = forward.inverse else { return nil }
        let entries = [n.a, n.b, n.c, n.d, n.e, n.f, n.g, n.h, n.i]
        let largest = entries.map { abs($0) }.max() ?? 0
        guard largest > 0 else { return nil }
        let s = 16384 / largest
        func fixed(_ v: Double) -> pixman_fixed_t { pixman_fixed_t((v * s * 65536).rounded()) }
        return pixman_transform(
            matrix: (
                (fixed(n.a), fixed(n.b), fixed(n.c)),
                (fixed(n.d), fixed(n.e), fixed(n.f)),
                (fixed(n.g), fixed(n.h), fixed(n.i))
            ))
    }
}
