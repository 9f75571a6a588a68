extension Rect {
    /// This rect reflected about the vertical centre line of `container`: the same distance from
    /// its right edge as this one is from its left (x' = minX + maxX − x − width). A right-to-left
    /// page places every frame, row part and touch target this way.
    public func mirrored(within container: Rect) -> Rect {
        Rect(
            x: container.minX + container.maxX - maxX, y: minY, width: width, height: height)
    }

    /// This rect as a page reading in `direction` places it in `container`: itself left to right,
    /// mirrored right to left.
    public func placed(in container: Rect, for direction: LayoutDirection) -> Rect {
        direction == .rightToLeft ? mirrored(within: container) : self
    }
}
