/// Headers in the Scene: the title a header gives a page (the page in view when it is a turning
/// container) and the layers of a header at rest or while two headers change places.
extension SceneBuilder {
    /// The title a header shows for `node`: its own, or for a cube or tabs the title of the page
    /// mostly in view (followed down through nested ones).
    public func headerTitle(of node: NavigationNode) -> String {
        var shown = node
        // A page cannot contain itself, so this walks down a finite tree.
        while let turning = (shown as? any Container)?.pagesInView, turning.nearest !== shown {
            shown = turning.nearest
        }
        return title(of: shown.id)
    }

    /// The header for `node` with back button `back`: while `node` turns (a cube face or tab
    /// changing under the header) its title moves as a pair with the one coming in.
    func headerMotion(of node: NavigationNode, back: String?) -> HeaderMotion? {
        guard let turning = (node as? any Container)?.pagesInView,
            turning.before !== turning.after, turning.fraction > 0, turning.fraction < 1
        else { return nil }
        return HeaderMotion(
            lower: HeaderLine(title: headerTitle(of: turning.before), back: back),
            upper: HeaderLine(title: headerTitle(of: turning.after), back: back),
            progress: turning.fraction)
    }

    /// Adds a header at rest: one chrome layer.
    mutating func addHeader(
        _ line: HeaderLine, in header: Rect, placement: Matrix4, look: SceneLook
    ) {
        addFlat(.chrome(line.chrome), header, placement: placement, look: look)
    }

    /// Adds a header whose words are moving: the bar, then each part moved along the header and
    /// faded, clipped to the header.
    mutating func addHeader(
        _ motion: HeaderMotion, in header: Rect, placement: Matrix4, look: SceneLook
    ) {
        let clipped = look.clipped(to: header, placement: placement)
        for placed in motion.parts(width: header.width) {
            addFlat(
                .chrome(.headerPart(placed.part)), header.offsetBy(dx: placed.offset, dy: 0),
                placement: placement,
                look: placed.part == .bar ? look : clipped.adding(opacity: placed.alpha, dim: 0))
        }
    }
}
