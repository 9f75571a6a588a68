/// The cube under a header (a stack's whose root it is): the header names the face in view and
/// changes with the turn, not "the cube".
extension CubeContainer {
    /// The two faces the position lies between and how far it is past the first; a rubber band
    /// past an end (no wrap) keeps naming the end face.
    public var pagesInView: PagesInView? {
        guard !faces.isEmpty else { return nil }
        let p = position
        let floor = p.rounded(.down)
        var before = Int(floor)
        var after = before + 1
        var fraction = p - floor
        if isWrapping {
            before = ((before % count) + count) % count
            after = after % count
        } else {
            before = min(max(before, 0), count - 1)
            after = min(max(after, 0), count - 1)
            if before == after { fraction = 0 }
        }
        return PagesInView(before: faces[before], after: faces[after], fraction: fraction)
    }
}
