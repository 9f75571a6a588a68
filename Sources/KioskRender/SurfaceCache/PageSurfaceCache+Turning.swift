/// Pages stored for turning: while a cube turns, the faces the column loop reads get their
/// half- and quarter-width copies (`MinifiedCopies`, for the parts squeezed beyond 2×) and, when
/// the compositor reads them (`LayerCompositor.pairTier`), a column-pair copy (`PairLayout`),
/// built after a frame is committed (never while one is composed, so a tap's first moving frame
/// still costs what it did), and dropped once they stop turning.
extension PageSurfaceCache {
    /// Keeps copies only for the surfaces in `turning` (the compositor's `turningSurfaces` of
    /// the frame just shown) and builds at most `limit` pages' missing ones (`pairs`: the
    /// column-pair layouts too). Returns how many pages got copies. An empty set (the cube
    /// settled) frees them all.
    @discardableResult
    public func storeForTurning(
        _ turning: Set<ObjectIdentifier>, pairs: Bool = true, limit: Int = 1
    )
        -> Int
    {
        var built = 0
        for entry in entries.values {
            let buffer = entry.buffer
            guard turning.contains(ObjectIdentifier(buffer)) else {
                buffer.pairLayout = nil
                buffer.minified = nil
                continue
            }
            let missing = buffer.minified == nil || (pairs && buffer.pairLayout == nil)
            guard missing, built < limit else { continue }
            if buffer.minified == nil { buffer.minified = MinifiedCopies(of: buffer) }
            if pairs && buffer.pairLayout == nil { buffer.pairLayout = PairLayout(of: buffer) }
            if !pairs { buffer.pairLayout = nil }
            built += 1
        }
        return built
    }

    /// Bytes held by pages stored for turning.
    public var turningBytes: Int {
        entries.values.reduce(0) {
            $0 + ($1.buffer.pairLayout?.bytes ?? 0) + ($1.buffer.minified?.bytes ?? 0)
        }
    }
}
