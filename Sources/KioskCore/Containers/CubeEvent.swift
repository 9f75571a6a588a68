/// CubeController's seven delegate callbacks (§1.6), in the order they are sent:
/// drag: willBeginDragging → (didScroll [+ currentIndexDidChange])… → didEndDragging(willDecelerate)
/// → [willBeginDecelerating → didScroll… → didEndDecelerating];
/// animated scroll: didScroll… → didEndScrollingAnimation; instant scroll: one didScroll.
public enum CubeEvent: Hashable, Sendable {
    case didScroll
    case currentIndexDidChange(Int)
    case willBeginDragging
    case didEndDragging(willDecelerate: Bool)
    case willBeginDecelerating
    case didEndDecelerating
    case didEndScrollingAnimation
}

/// A face the Scene draws: `offset` is its position relative to the front in faces
/// (0 = facing the viewer, +1 = one side further forward, i.e. hinged on the right edge for a
/// horizontal cube); its angle is offset · 2π / `CubeContainer.sides`.
public struct CubeFace: Hashable, Sendable {
    public var index: Int
    public var page: PageID
    public var offset: Double
    public init(index: Int, page: PageID, offset: Double) {
        self.index = index
        self.page = page
        self.offset = offset
    }
}

/// A face being cross-faded by `CubeContainer.reloadFace`: the outgoing page fades out while the
/// incoming one fades in at the same place.
public struct CubeCrossfade: Hashable, Sendable {
    public var face: Int
    public var outgoing: PageID
    public var incoming: PageID
    /// 0 → 1 (linear); the incoming page's opacity.
    public var progress: Double
}
