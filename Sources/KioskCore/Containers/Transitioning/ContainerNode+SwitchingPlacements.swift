/// The placements of a container that shows one page at a time and moves between two with a
/// transition (stack, tabs, playlist).
extension ContainerNode {
    /// `current` visible at rest, or the running transition's pages arriving and leaving; then
    /// each of `others` not among them with the role `otherRole` gives it (in that order).
    func switchingPlacements(
        running: RunningTransition?, current: NavigationNode?, others: [NavigationNode],
        otherRole: (NavigationNode) -> ChildRole
    ) -> [(node: NavigationNode, role: ChildRole)] {
        var result: [(node: NavigationNode, role: ChildRole)] = []
        if let r = running {
            result.append((r.to, .incoming))
            result.append((r.from, .outgoing))
        } else if let current {
            result.append((current, .visible))
        }
        for node in others where !result.contains(where: { $0.node === node }) {
            result.append((node, otherRole(node)))
        }
        return result
    }
}
