/// A face being cross-faded by `CubeContainer.reloadFace`: the outgoing page fades out while the
/// incoming one fades in at the same place.
public struct CubeCrossfade: Hashable, Sendable {
    public var face: Int
    public var outgoing: PageID
    public var incoming: PageID
    /// 0 → 1 (linear); the incoming page's opacity.
    public var progress: Double
}
