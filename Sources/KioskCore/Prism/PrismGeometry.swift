/// The geometry of an N-sided prism of pages that the finger turns: the cube of CubeController
/// (seed-behaviour.md §1.3) generalised to N sides as GKLCubeViewController does (§2.2–2.3).
///
/// Face k at `position` s is turned by φ = (k − s)·2π/N about the prism's axis, which lies the
/// apothem a = (E/2)/tan(π/N) behind the screen (E = width for a horizontal prism, height for a
/// vertical one; a = 0 for N ≤ 2: a card turning about its centre line). Increasing s turns the
/// current face left, its right edge toward the viewer, the next face hinged on its right
/// (vertical: the current face moves up, its bottom edge toward the viewer, the next face below).
///
/// Visibility and shading follow GKL: a face is drawn while |φ| < L = min(π/2, 2π/N) and it
/// faces the viewer (faces are single-sided), so faces two steps away never show; its dim is
/// min(|φ|/π, 0.5).
///
/// Deliberate differences (CubeController issue #1: faces grew past the screen, 4.9× at 1920 pt):
/// - The eye is E from the screen (the seeds: a fixed 500 or 1 000 pt). E is the largest eye
///   distance at which a cube's side face never projects past the screen edge: to first order
///   in its angle u, a side face's far corner lands at (E/2)(1 + u − u·E/d) from the centre.
/// - The prism is pushed back along z by its near-vertex depth, the largest z of the faces
///   within the limit, so no point of a face ever comes in front of the screen plane: nothing is
///   magnified, the faces stay within the screen across the turn (within its height for a
///   horizontal prism, its width for a vertical one), and the nearest edge lands at its own
///   unprojected place, inside the screen. For N ≤ 4 every visible corner stays on the screen;
///   for N ≥ 5 a neighbouring face is hinged at the screen edge and its far part lies beyond it
///   (the prism is wider than the screen), as in the seed — off screen, never magnified.
public struct PrismGeometry: Hashable, Sendable {
    /// N; negative counts are treated as 0 (no faces).
    public let faceCount: Int
    public let size: Size
    public let orientation: CubeOrientation
    /// Strength of the perspective: the eye is `extent / perspective` away (1 by default;
    /// non-finite or non-positive values count as 1).
    public let perspective: Double

    public init(faceCount: Int, size: Size, orientation: CubeOrientation, perspective: Double = 1) {
        self.faceCount = max(0, faceCount)
        self.size = Size(
            width: TransitionSpace.sane(size.width), height: TransitionSpace.sane(size.height))
        self.orientation = orientation
        self.perspective = perspective.isFinite && perspective > 0 ? perspective : 1
    }

    /// The extent the prism turns across: width (horizontal) or height (vertical).
    public var extent: Double { orientation == .horizontal ? size.width : size.height }

    /// 2π/N, the turn from one face to the next; 0 when there are no faces.
    public var stepAngle: Double { faceCount > 0 ? 2 * pi / Double(faceCount) : 0 }

    /// Distance from the screen plane back to the prism's axis.
    public var apothem: Double {
        faceCount > 2 ? extent / 2 / tangent(pi / Double(faceCount)) : 0
    }

    /// L = min(π/2, 2π/N): faces at |φ| ≥ L are not drawn.
    public var visibilityLimit: Double { faceCount > 0 ? min(pi / 2, stepAngle) : 0 }

    /// The eye's distance in front of the screen: the turning extent over `perspective`
    /// (at least 1).
    public var eyeDistance: Double { max(1, extent / perspective) }

    /// Face `index`'s angle φ at `position`. Wrapping prisms measure it the short way round, in
    /// (−π, π]; others use (index − position)·2π/N as is, so a rubber band past either end turns
    /// the end face away without bringing the other end round.
    public func angle(ofFace index: Int, at position: Double, wraps: Bool) -> Double {
        guard faceCount > 0 else { return 0 }
        let s = position.isFinite ? position : 0
        var steps = Double(index) - s
        if wraps {
            let n = Double(faceCount)
            steps = steps.remainder(dividingBy: n)
            if steps <= -n / 2 { steps += n }
        }
        return steps * stepAngle
    }

    /// How far the prism is pushed back at `position`: the near-vertex depth, ≥ 0.
    public func pushBack(at position: Double, wraps: Bool) -> Double {
        var depth = 0.0
        for k in 0..<faceCount {
            let phi = angle(ofFace: k, at: position, wraps: wraps)
            // The limit itself is included so the depth is continuous where a face appears.
            guard abs(phi) <= visibilityLimit else { continue }
            depth = max(depth, nearestDepth(phi))
        }
        // At rest the depth is 0 up to rounding; keep it exact so a face at rest is the identity.
        return depth > 1e-9 * extent ? depth : 0
    }

    /// The visible faces at `position` (in faces: 0 = face 0 flat in front, 0.5 = halfway to
    /// face 1), back to front (the more turned first; ties by index).
    public func faces(at position: Double, wraps: Bool) -> [PrismFace] {
        guard faceCount > 0, !size.isEmpty else { return [] }
        let back = pushBack(at: position, wraps: wraps)
        let center = Point(x: size.width / 2, y: size.height / 2)
        let perspective = Matrix4.perspective(eyeDistance: eyeDistance, center: center)
        var result: [PrismFace] = []
        for k in 0..<faceCount {
            let phi = angle(ofFace: k, at: position, wraps: wraps)
            guard abs(phi) < visibilityLimit else { continue }
            let pose = LayerPose.seen(
                model: model(phi, center: center, back: back), perspective: perspective, size: size,
                opacity: 1, dim: min(abs(phi) / pi, 0.5))
            guard pose.isVisible else { continue }
            result.append(PrismFace(index: k, pose: pose, angle: phi))
        }
        return result.sorted {
            abs($0.angle) != abs($1.angle) ? abs($0.angle) > abs($1.angle) : $0.index < $1.index
        }
    }

    /// The largest z of a face turned by φ, before the push back.
    private func nearestDepth(_ phi: Double) -> Double {
        extent / 2 * abs(sine(phi)) + apothem * (cosine(phi) - 1)
    }

    /// Face turned by φ about the axis, pushed back by `back`, in container space.
    private func model(_ phi: Double, center: Point, back: Double) -> Matrix4 {
        guard phi != 0 || back != 0 else { return .identity }
        let turn: Matrix4 = orientation == .horizontal ? .rotationY(phi) : .rotationX(-phi)
        let a = apothem
        return Matrix4.translation(x: -center.x, y: -center.y, z: a).then(turn)
            .then(.translation(x: center.x, y: center.y, z: -a - back))
    }
}
