/// Brings `top` to `target` (and `loaded`) and every node below it to what its container wants,
/// emitting the events in this order:
/// 1. `load` for nodes that become loaded, parents before children;
/// 2. the appearance steps in rounds: round k holds the k-th step of every node's path, in tree
///    order (parents before children, each container's children in its placement order, which
///    lists arriving pages before leaving ones). For a plain switch this is CLF's order (§3.2):
///    to-willAppear, from-willDisappear, … to-didAppear, from-didDisappear; for a container
///    hidden mid-transition it is CLF's deferred order (§3.3): container-didDisappear,
///    to-didAppear, from-didDisappear, to-willDisappear, to-didDisappear;
/// 3. `unload` for nodes that stop being loaded, children before parents.
func reconcileTree(from top: NavigationNode, target: AppearanceState, loaded: Bool, animated: Bool)
{
    var plan: [(node: NavigationNode, target: AppearanceState, loaded: Bool)] = []

    func visit(_ node: NavigationNode, _ target: AppearanceState, _ loaded: Bool) {
        let loaded = loaded || target != .disappeared
        plan.append((node, target, loaded))
        guard let container = node as? ContainerNode else { return }
        // A hidden container has nothing to animate: its running transition ends now and the
        // events below report it (CLF defers the child's disappear to the transition's end instead;
        // the events and their order are the same, they only come earlier).
        if target == .disappeared && container.hasOwnAnimation {
            container.finishAnimationsSilently()
        }
        for placement in container.allPlacements() {
            let childTarget = loaded ? placement.role.target(in: target) : .disappeared
            visit(placement.node, childTarget, loaded && placement.role.keepsLoaded)
        }
    }
    visit(top, target, loaded)

    for entry in plan where entry.loaded && !entry.node.isLoaded {
        entry.node.isLoaded = true
        entry.node.emit(.load, animated: animated)
    }

    let paths = plan.map { $0.node.appearance.path(to: $0.target) }
    let rounds = paths.map(\.count).max() ?? 0
    for round in 0..<rounds {
        for (index, path) in paths.enumerated() where round < path.count {
            let kind = path[round]
            let node = plan[index].node
            switch kind {
            case .willAppear, .willDisappear:
                node.willAnimated = animated
                node.emit(kind, animated: animated)
            default:
                node.emit(kind, animated: node.willAnimated)
            }
            node.appearance = node.appearance.next
        }
    }

    for entry in plan.reversed() where !entry.loaded && entry.node.isLoaded {
        entry.node.isLoaded = false
        entry.node.emit(.unload, animated: animated)
    }

    for entry in plan {
        (entry.node as? ContainerNode)?.releaseDeparted()
    }
}
