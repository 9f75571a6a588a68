/// Pages stored for turning (`PairLayout`): while a cube turns, the faces the column loop reads
/// get a column-pair copy, built after a frame is committed (never while one is composed, so a
/// tap's first moving frame still costs what it did), and dropped once they stop turning.
extension PageSurfaceCache {
    /// Keeps layouts only for the surfaces in `turning` (the compositor's `turningSurfaces` of
    /// the frame just shown) and builds at most `limit` that are missing. Returns how many were
    /// built. An empty set (the cube settled) frees them all.
    @discardableResult
    public func storeForTurning(_ turning: Set<ObjectIdentifier>, limit: Int = 1) -> Int {
        var built = 0
        for entry in entries.values {
            let buffer = entry.buffer
            guard turning.contains(ObjectIdentifier(buffer)) else {
                buffer.pairLayout = nil
                continue
            }
            guard buffer.pairLayout == nil, built < limit else { continue }
            buffer.pairLayout = PairLayout(of: buffer)
            built += 1
        }
        return built
    }

    /// Bytes held by pages stored for turning.
    public var turningBytes: Int {
        entries.values.reduce(0) { $0 + ($1.buffer.pairLayout?.bytes ?? 0) }
    }
}
