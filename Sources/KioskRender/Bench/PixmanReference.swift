// Ownership: pixman images wrap the pixels of ImageBuffers this object keeps referenced, and are
// unreferenced in deinit before those buffers can go.
import CPixman
import KioskCore

/// The reference renderer: a scene's surface layers drawn with pixman's general projective
/// transform and bilinear filter (about 20 ns per pixel here). Solid layers, opacity and dim are
/// ignored; it exists to be timed against `LayerCompositor`.
public final class PixmanReference {
    private let target: ImageBuffer
    private let targetImage: OpaquePointer
    private var layers: [(image: OpaquePointer, buffer: ImageBuffer)] = []
    private let background: UInt32

    public init(scene: Scene, surfaces: some LayerSurfaces, target: ImageBuffer) {
        self.target = target
        background = premultipliedPixel(scene.background)
        targetImage = PixmanReference.image(target)
        for layer in scene.layers {
            guard let surface = surfaces.surface(for: layer.content), let t = PixmanReference.transform(layer, surface) else { continue }
            let image = PixmanReference.image(surface)
            var transform = t
            pixman_image_set_transform(image, &transform)
            pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
            pixman_image_set_repeat(image, PIXMAN_REPEAT_NONE)
            layers.append((image, surface))
        }
    }

    deinit {
        for l in layers { pixman_image_unref(l.image) }
        pixman_image_unref(targetImage)
    }

    /// Clears the target and composites every layer OVER it.
    public func draw() {
        let bits = target.pixels.assumingMemoryBound(to: UInt32.self)
        pixman_fill(bits, Int32(target.stride / 4), 32, 0, 0, Int32(target.width), Int32(target.height), background)
        for l in layers {
            pixman_image_composite32(
                PIXMAN_OP_OVER, l.image, nil, targetImage, 0, 0, 0, 0, 0, 0, Int32(target.width), Int32(target.height))
        }
        target.markDirty()
    }

    private static func image(_ b: ImageBuffer) -> OpaquePointer {
        guard let i = pixman_image_create_bits(
            PIXMAN_a8r8g8b8, Int32(b.width), Int32(b.height), b.pixels.assumingMemoryBound(to: UInt32.self),
            Int32(b.stride))
        else { preconditionFailure("pixman could not wrap an image buffer") }
        return i
    }

    /// Output → surface pixels in pixman's 16.16 fixed point. Normalised so the largest entry is
    /// 2^14: as precise as 16.16 allows without overflowing (pixman does not report overflow).
    private static func transform(_ layer: SceneLayer, _ surface: ImageBuffer) -> pixman_transform? {
        let m = layer.transform
        guard layer.size.width > 0, layer.size.height > 0 else { return nil }
        let sx = Double(surface.width) / layer.size.width, sy = Double(surface.height) / layer.size.height
        let forward = Homography(
            a: m[0, 0] / sx, b: m[0, 1] / sy, c: m[0, 3], d: m[1, 0] / sx, e: m[1, 1] / sy, f: m[1, 3],
            g: m[3, 0] / sx, h: m[3, 1] / sy, i: m[3, 3])
        guard let n = forward.inverse else { return nil }
        let entries = [n.a, n.b, n.c, n.d, n.e, n.f, n.g, n.h, n.i]
        let largest = entries.map { abs($0) }.max() ?? 0
        guard largest > 0 else { return nil }
        let s = 16384 / largest
        func fixed(_ v: Double) -> pixman_fixed_t { pixman_fixed_t((v * s * 65536).rounded()) }
        return pixman_transform(matrix: (
            (fixed(n.a), fixed(n.b), fixed(n.c)),
            (fixed(n.d), fixed(n.e), fixed(n.f)),
            (fixed(n.g), fixed(n.h), fixed(n.i))))
    }
}
