/// An edge of the screen or of a container's region, for edge swipes.
public enum SwipeEdge: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case left, right, top, bottom

    /// The pan axis of a swipe away from this edge: left/right edges swipe horizontally.
    public var axis: PanAxis {
        switch self {
        case .left, .right: .horizontal
        case .top, .bottom: .vertical
        }
    }

    /// How far `point` lies inside `rect` measured from this edge (negative when beyond the edge).
    public func distance(of point: Point, from rect: Rect) -> Double {
        switch self {
        case .left: point.x - rect.minX
        case .right: rect.maxX - point.x
        case .top: point.y - rect.minY
        case .bottom: rect.maxY - point.y
        }
    }

    /// Whether `translation` points away from this edge, into the screen or region.
    public func pointsInward(_ translation: Point) -> Bool {
        switch self {
        case .left: translation.x > 0
        case .right: translation.x < 0
        case .top: translation.y > 0
        case .bottom: translation.y < 0
        }
    }

    public var description: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        }
    }
}
