/// One visible face of a prism at one position.
public struct PrismFace: Hashable, Sendable {
    /// The face's page index, 0..<N (wrapped when the prism wraps).
    public var index: Int
    public var pose: LayerPose
    /// Radians the face is turned from flat-in-front: negative while it turns away to the left
    /// (horizontal) or up (vertical), positive for a face still coming in from the right or below.
    public var angle: Double

    public init(index: Int, pose: LayerPose, angle: Double) {
        self.index = index
        self.pose = pose
        self.angle = angle
    }
}
