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
