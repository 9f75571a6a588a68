extension TextAlignment {
    /// The alignment a page reading in `direction` draws for this left-to-right one: left and
    /// right swap on a right-to-left page (text starts at the right edge), centred stays centred.
    public func resolved(for direction: LayoutDirection) -> TextAlignment {
        guard direction == .rightToLeft else { return self }
        switch self {
        case .left: return .right
        case .right: return .left
        case .center: return .center
        }
    }
}
