extension LayoutDirection {
    /// How far along `rect` the position `x` is, from its start edge (the left, or right to
    /// left the right): 0 at the start, 1 at the end. A slider's value grows this way.
    public func fraction(at x: Double, along rect: Rect) -> Double {
        guard rect.width > 0 else { return 0 }
        let fromLeft = (x - rect.minX) / rect.width
        return self == .rightToLeft ? 1 - fromLeft : fromLeft
    }
}
