import KioskCore

// Test fixtures: scenes built straight from transition and prism poses, to drive the compositor
// with every transition frame without a Navigator (the runtime builds its Scene in Navigator+Scene).
/// Scene layers from the poses of transitions and prisms.
///
/// A pose maps a page of the container's size to container-local logical points; `placement`
/// maps container-local logical points to output pixels (the output scale and the container's
/// origin, possibly the pose of an enclosing container's page). The layer's transform is the pose
/// followed by the placement. Per-draw clips are container-local and are mapped by the placement
/// to the bounding box of their image, which is exact when the placement is an axis-aligned scale
/// and translation (the usual case; a rotated placement gets the enclosing rectangle).
extension LayerPose {
    /// The layer drawing `content` of `size` logical points in this pose, or nil when the pose is
    /// not visible or the clip leaves nothing. `clip` is container-local logical points; `bounds`
    /// is an output-pixel rectangle the layer must also stay within (an enclosing container).
    func sceneLayer(
        content: LayerContent, size: Size, placement: Matrix4, clip: Rect? = nil,
        bounds: Rect? = nil
    ) -> SceneLayer? {
        guard isVisible, opacity > 0 else { return nil }
        var outputClip = bounds
        if let clip {
            guard let mapped = placement.boundingBox(of: clip) else { return nil }
            if let b = outputClip {
                guard let both = b.intersection(mapped) else { return nil }
                outputClip = both
            } else {
                outputClip = mapped
            }
        }
        if let c = outputClip, c.isEmpty { return nil }
        return SceneLayer(
            content: content, size: size, transform: transform.then(placement), opacity: opacity,
            dim: dim,
            clip: outputClip)
    }
}

extension TransitionFrame {
    /// The frame's layers back to front, in `drawOrder` (a page drawn twice, clipped to each half,
    /// appears twice). `size` is the container's logical size, `placement` maps container-local
    /// logical points to output pixels, `bounds` (output pixels) clips every layer.
    func sceneLayers(
        incoming: LayerContent, outgoing: LayerContent, size: Size, placement: Matrix4,
        bounds: Rect? = nil
    ) -> [SceneLayer] {
        drawOrder.compactMap { draw in
            pose(draw.role).sceneLayer(
                content: draw.role == .incoming ? incoming : outgoing, size: size,
                placement: placement,
                clip: draw.clip, bounds: bounds)
        }
    }
}

extension PrismFace {
    /// This face's layer showing `content`; nil when not visible.
    func sceneLayer(content: LayerContent, size: Size, placement: Matrix4, bounds: Rect? = nil)
        -> SceneLayer?
    {
        pose.sceneLayer(content: content, size: size, placement: placement, bounds: bounds)
    }
}

extension Array where Element == PrismFace {
    /// The faces' layers in the array's order (`PrismGeometry.faces` is back to front);
    /// `content(index)` names what face `index` shows.
    func sceneLayers(
        size: Size, placement: Matrix4, bounds: Rect? = nil, content: (Int) -> LayerContent
    ) -> [SceneLayer] {
        compactMap {
            $0.sceneLayer(
                content: content($0.index), size: size, placement: placement, bounds: bounds)
        }
    }
}

extension Matrix4 {
    /// The smallest rectangle holding the projected corners of `rect` (z = 0); nil when a corner
    /// is behind the eye or not finite.
    func boundingBox(of rect: Rect) -> Rect? {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for p in [
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
            Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)
        ] {
            guard let q = project(p), q.x.isFinite, q.y.isFinite else { return nil }
            x0 = Swift.min(x0, q.x); y0 = Swift.min(y0, q.y)
            x1 = Swift.max(x1, q.x); y1 = Swift.max(y1, q.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
