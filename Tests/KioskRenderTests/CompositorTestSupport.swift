import KioskCore
@testable import KioskRender

/// Helpers shared by the compositor tests.
enum CompositorFixtures {
    /// An opaque surface whose pixel (x, y) is `colour(x, y)`.
    static func surface(width: Int, height: Int, _ colour: (Int, Int) -> UInt32) throws
        -> ImageBuffer
    {
        let image = try ImageBuffer(width: width, height: height)
        let p = image.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<height {
            for x in 0..<width { p[y * image.stride / 4 + x] = colour(x, y) }
        }
        image.markDirty()
        return image
    }

    /// Black and white squares of `cell` pixels, white at (0, 0).
    static func checkerboard(width: Int, height: Int, cell: Int) throws -> ImageBuffer {
        try surface(width: width, height: height) { x, y in
            ((x / cell) + (y / cell)) % 2 == 0 ? 0xFFFF_FFFF : 0xFF00_0000
        }
    }

    /// A face of a cube of edge `w` (rotation about the vertical axis through the centre, w/2
    /// behind the screen) or, with `horizontal`, of edge `h` turned about a horizontal axis.
    static func face(angle: Double, width w: Double, height h: Double, horizontal: Bool = false)
        -> Matrix4
    {
        let c = Point(x: w / 2, y: h / 2)
        let a = horizontal ? h / 2 : w / 2
        let rotation = horizontal ? Matrix4.rotationX(angle) : Matrix4.rotationY(angle)
        return Matrix4.translation(x: -c.x, y: -c.y, z: a).then(rotation)
            .then(.translation(x: c.x, y: c.y, z: -a))
            .then(.perspective(eyeDistance: 2 * (horizontal ? h : w), center: c))
    }

    static func pixels(_ image: ImageBuffer) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(image.width * image.height)
        for y in 0..<image.height {
            for x in 0..<image.width { out.append(image.pixel(x: x, y: y)) }
        }
        return out
    }

    /// Largest difference between two pixels' channels.
    static func channelDistance(_ a: UInt32, _ b: UInt32) -> Int {
        var d = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            d = max(d, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
        }
        return d
    }

    /// Composes `layers` on a `size` output, as `turn` shows them, once with the fast paths and
    /// once through the generic loops; the largest channel difference and the number of
    /// differing pixels (fast-path tests expect 0 and 0).
    /// `tier`: the surfaces are stored for turning first (`PairLayout`) and the fast compositor
    /// reads them with that tier's pair kernels; `threads`: the fast compositor's thread count.
    static func fastVersusGeneric(
        _ layers: [SceneLayer], size: Size, turn: DisplayTransform = .normal,
        surfaces: [LayerContent: ImageBuffer], background: RGBA = .black, tier: PairTier? = nil,
        threads: Int = 1, damage: Rect? = nil
    ) throws -> (worst: Int, differing: Int) {
        let scene = turn.apply(
            to: Scene(outputSize: size, background: background, layers: layers, isAnimating: true))
        let w = Int(scene.outputSize.width), h = Int(scene.outputSize.height)
        let fast = try ImageBuffer(width: w, height: h)
        let slow = try ImageBuffer(width: w, height: h)
        let quick = LayerCompositor(threads: threads)
        quick.pairTier = tier
        if tier != nil {
            // The page and its narrower copies, when it has them, as `storeForTurning` stores them.
            for surface in surfaces.values { surface.storePairLayouts() }
        }
        quick.mirrorsOutput = turn.isFlipped
        quick.compose(scene: scene, surfaces: { surfaces[$0] }, into: fast, damage: damage)
        let generic = LayerCompositor()
        generic.fastPaths = false
        generic.mirrorsOutput = turn.isFlipped
        generic.compose(scene: scene, surfaces: { surfaces[$0] }, into: slow, damage: damage)
        var worst = 0, differing = 0
        for y in 0..<h {
            for x in 0..<w {
                let d = channelDistance(fast.pixel(x: x, y: y), slow.pixel(x: x, y: y))
                worst = max(worst, d)
                if d > 0 { differing += 1 }
            }
        }
        return (worst, differing)
    }
}
