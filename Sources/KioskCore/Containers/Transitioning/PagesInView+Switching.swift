/// The pages in view of a container that switches between its pages with a transition (tabs, a
/// playlist), for the header of the container holding it.
extension PagesInView {
    /// The switch `transition` as a push from the lower page to the higher one (a pop is that
    /// push backwards), or `resting` alone; nil when there is no page at all.
    init?(
        switching transition: InFlightTransition?, resting: NavigationNode?,
        in container: ContainerNode
    ) {
        guard let resting else { return nil }
        guard let t = transition, let from = container.child(t.from),
            let to = container.child(t.to)
        else {
            self.init(resting: resting)
            return
        }
        if t.direction == .push {
            self.init(before: from, after: to, fraction: t.progress)
        } else {
            self.init(before: to, after: from, fraction: 1 - t.progress)
        }
    }
}
