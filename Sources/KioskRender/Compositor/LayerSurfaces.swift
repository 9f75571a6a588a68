import KioskCore

/// Where the compositor finds the pixels of a layer's content: the page surface cache when a
/// frame is drawn, fixtures in tests. Read only during one `compose` call.
public protocol LayerSurfaces {
    /// The surface showing `content`; nil when there is none (the layer is skipped).
    func surface(for content: LayerContent) -> ImageBuffer?
}

/// Surfaces looked up by a function (tests and one-off pictures).
public struct SurfaceLookup: LayerSurfaces {
    private let lookup: (LayerContent) -> ImageBuffer?
    public init(_ lookup: @escaping (LayerContent) -> ImageBuffer?) { self.lookup = lookup }
    public func surface(for content: LayerContent) -> ImageBuffer? { lookup(content) }
}

extension LayerCompositor {
    /// `compose(scene:surfaces:into:damage:)` with the surfaces looked up by a function.
    public func compose(
        scene: Scene, surfaces lookup: (LayerContent) -> ImageBuffer?, into target: ImageBuffer,
        damage: Rect? = nil
    ) {
        withoutActuallyEscaping(lookup) { lookup in
            compose(scene: scene, surfaces: SurfaceLookup(lookup), into: target, damage: damage)
        }
    }
}
