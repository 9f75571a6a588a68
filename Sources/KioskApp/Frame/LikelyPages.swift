import KioskCore
import KioskRender

/// The page surfaces the next gesture or tap may show, each at the size it will be drawn at: the
/// cube neighbours (next and previous face), the `open` targets of the visible panels, and the
/// page a `back` returns to.
///
/// Found by playing each candidate action on a throwaway Navigator put into the same navigation
/// state and taking the panels of its settled Scene, so the sizes are exactly those the real
/// transition will ask for (a panel taller than the screen is drawn whole, a column of a
/// drill-down at the column's width), without the containers having to say how they lay pages
/// out. Only the throwaway changes; nothing is logged or saved.
struct LikelyPages {
    let navigator: Navigator
    let panels: any PanelMeasuring

    /// At most this many targets of the visible panels are followed (a long menu of `open` rows
    /// would otherwise rasterise half the configuration).
    static let maximumOpenTargets = 8

    /// The panel contents with their surface sizes, nearest first (neighbours, back, then the
    /// open targets in reading order); contents of the current Scene are left out.
    func surfaces(in scene: Scene) -> [(content: LayerContent, size: Size)] {
        var shown: Set<LayerContent> = []
        for layer in scene.layers { shown.insert(layer.content) }
        var result: [(content: LayerContent, size: Size)] = []
        var seen = shown
        for action in candidateActions(in: scene) {
            guard let settled = settledScene(after: action) else { continue }
            for layer in settled.layers {
                guard case .panel = layer.content, !seen.contains(layer.content) else { continue }
                seen.insert(layer.content)
                result.append((layer.content, layer.sourceSize))
            }
        }
        return result
    }

    /// next, previous, back, then `open` of each target of the panels on screen.
    func candidateActions(in scene: Scene) -> [(action: Action, from: PageID?)] {
        var actions: [(action: Action, from: PageID?)] = [
            (.nextFace, nil), (.previousFace, nil), (.back, nil)
        ]
        var opens = 0
        var visited: Set<PageID> = []
        for layer in scene.layers {
            guard case .panel(let id) = layer.content, visited.insert(id).inserted else { continue }
            for target in panels.targets(page: id, size: layer.size) {
                guard case .open = target.action, opens < Self.maximumOpenTargets else { continue }
                actions.append((target.action, id))
                opens += 1
            }
        }
        return actions
    }

    /// The Scene once `action` has played out on a copy of the navigation; nil when the action
    /// is refused (no cube to turn, nothing to go back to).
    func settledScene(after candidate: (action: Action, from: PageID?)) -> Scene? {
        guard
            let copy = try? Navigator(
                configuration: navigator.configuration, viewport: navigator.viewport,
                scale: navigator.scale,
                rootPage: navigator.root.id, panels: panels)
        else { return nil }
        copy.restore(navigator.state)
        let start = navigator.now
        copy.advance(to: start)
        var source: NavigationNode?
        if let from = candidate.from {
            source =
                (copy.root as? ContainerNode)?.node(for: from)
                ?? (copy.root.id == from ? copy.root : nil)
            guard source != nil else { return nil }
        }
        guard copy.perform(candidate.action, from: source) else { return nil }
        // Every transition and turn is over well within a minute.
        copy.advance(to: start + 60)
        return copy.scene()
    }
}
