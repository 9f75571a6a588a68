/// The cube's layers: the faces of the prism at the cube's position, back to front, each page
/// drawn through its face's pose.
extension CubeContainer {
    public func draw(in frame: Rect, placement: Matrix4, look: SceneLook, into scene: inout SceneBuilder) {
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
            scene.draw(faces[face.index], frame: Rect(size: frame.size), placement: placement, look: faceLook)
        }
    }

    /// The prism faces at the cube's position, back to front. A cube that does not wrap turns
    /// like a four-sided cube (CubeController) however many faces it has, so its faces are
    /// taken from a four-sided prism slid along to the current position.
    func prismFaces(size: Size) -> [PrismFace] {
        if isWrapping {
            return PrismGeometry(faceCount: count, size: size, orientation: orientation)
                .faces(at: position, wraps: true)
        }
        let position = position
        let base = max(0, Int(position.rounded(.down)) - 1)
        return PrismGeometry(faceCount: 4, size: size, orientation: orientation)
            .faces(at: position - Double(base), wraps: false)
            .map { PrismFace(index: $0.index + base, pose: $0.pose, angle: $0.angle) }
            .filter { $0.index < count }
    }
}
