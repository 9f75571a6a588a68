/// The cube's layers: the faces of the prism at the cube's position, back to front, each page
/// drawn through its face's pose.
extension CubeContainer {
    public func draw(
        in frame: Rect, placement: Matrix4, look: SceneLook, into scene: inout SceneBuilder
    ) {
        guard !faces.isEmpty else { return }
        let local = Matrix4.translation(x: frame.minX, y: frame.minY).then(placement)
        let fade = crossfade
        for face in prismFaces(size: frame.size) {
            guard face.pose.isVisible, faces.indices.contains(face.index) else { continue }
            let placement = face.pose.transform.then(local)
            var faceLook = look.adding(opacity: face.pose.opacity, dim: face.pose.dim)
            // reloadFace's crossfade: the old page under the new one fading in at the same place.
            if let fade, fade.face == face.index, let old = child(fade.outgoing),
                old !== faces[face.index]
            {
                scene.draw(old, frame: Rect(size: frame.size), placement: placement, look: faceLook)
                faceLook = faceLook.adding(opacity: fade.progress, dim: 0)
            }
            scene.draw(
                faces[face.index], frame: Rect(size: frame.size), placement: placement,
                look: faceLook)
        }
    }

    /// The prism faces at the cube's position, back to front. Without wrap the faces are taken
    /// from a `sides`-sided prism slid along to the current face, so a cube with more faces
    /// than sides (`prismSides = 4` with 6 faces) turns like CubeController's cube; with wrap the
    /// prism slides on round the seam.
    func prismFaces(size: Size) -> [PrismFace] {
        let geometry = PrismGeometry(
            faceCount: sides, size: size, orientation: orientation, perspective: perspective)
        if isWrapping && sides == count { return geometry.faces(at: position, wraps: true) }
        let position = position
        if isWrapping {
            // A prism of other than `count` sides slid along wrapping faces: the face at or
            // before the position and the next one (modulo the count) are its faces 0 and 1.
            let base = Int(position.rounded(.down))
            return geometry.faces(at: position - Double(base), wraps: false)
                .filter { $0.index < 2 }
                .map { PrismFace(index: ($0.index + base) % count, pose: $0.pose, angle: $0.angle) }
        }
        // Only the face at or after the position and the next one can show (|offset| < 1).
        let base = min(max(0, Int(position.rounded(.down))), max(0, count - sides))
        return geometry.faces(at: position - Double(base), wraps: false)
            .map { PrismFace(index: $0.index + base, pose: $0.pose, angle: $0.angle) }
            .filter { $0.index < count }
    }
}
