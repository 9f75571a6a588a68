/// The cube under a header (a stack's whose root it is): the header names the face in view and
/// changes with the turn, not "the cube".
extension CubeContainer {
    /// The two faces the position lies between and how far it is past the first; a rubber band
    /// past an end (no wrap) keeps naming the end face.
    public var pagesInView: PagesInView? {
        guard !faces.isEmpty else { return nil }
        let floor = position.rounded(.down)
        let before = face(at: floor)
        let after = face(at: floor + 1)
        // Past an end both are the end face: it is named, not faded into itself.
        let fraction = !isWrapping && before == after ? 0 : position - floor
        return PagesInView(before: faces[before], after: faces[after], fraction: fraction)
    }
}
