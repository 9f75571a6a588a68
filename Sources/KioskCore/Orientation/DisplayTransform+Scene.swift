extension DisplayTransform {
    /// `scene` (laid out upright, in logical output pixels) as the panel's native pixel grid shows
    /// it: the output size swapped for 90°/270°, every layer's transform followed by
    /// `drawingMatrix`, every clip rectangle carried along. The compositor draws the result into
    /// a native-size buffer; nothing else changes (order, opacity, dim, animation).
    ///
    /// The turn is a whole-pixel axis map, so layer classes stay cheap: a whole-pixel translation
    /// stays a whole-pixel copy (rows reversed for 180° and the flips, source columns for
    /// 90°/270°), the cube's column-projective faces stay column-projective for 180° and the
    /// flips and become row-projective for 90°/270°.
    public func apply(to scene: Scene) -> Scene {
        guard self != .normal else { return scene }
        let native = nativeSize(forLogical: scene.outputSize)
        let drawing = drawingTransform(nativeSize: native)
        let matrix = drawing.matrix4
        var turned = scene
        turned.outputSize = native
        for i in turned.layers.indices {
            turned.layers[i].transform = turned.layers[i].transform.then(matrix)
            if let clip = turned.layers[i].clip {
                turned.layers[i].clip = Self.bounds(of: clip, through: drawing)
            }
        }
        return turned
    }

    /// The rectangle covering `rect`'s four corners after `map` (exact for the eight transforms).
    static func bounds(of rect: Rect, through map: Affine2D) -> Rect {
        let corners = [
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
            Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY)
        ].map(map.apply)
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let minX = xs.min() ?? 0
        let minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }
}
