/// A request while a drill-down change animates continues from the picture on screen
/// (CLFContainerViewController's point): the running change's model and events complete at once
/// (as before), but the new change's columns start where the running one had put them, and a
/// column the new change does not move goes on to where the running one was taking it.
extension DrillDownContainer {
    /// The columns on screen when a request cut a running change short.
    struct Picture {
        /// The columns now, back to front.
        var columns: [DrillDownColumn]
        /// Where the running change was taking each of them.
        var targets: [DrillDownColumn]
        /// The pages they show (a page popped by the cut-short change is still drawn).
        var nodes: [NavigationNode]
    }

    /// Completes the running change (its model and events) and returns its picture now; nil at
    /// rest.
    func interruptRunning() -> Picture? {
        guard let r = running else { return nil }
        let t = r.progress(at: now)
        let goesBack = r.cancelling || r.tween == nil
        var nodes: [NavigationNode] = []
        for track in r.tracks {
            if case .page(let id) = track.from.content, let node = node(showing: id) {
                nodes.append(node)
            }
        }
        let picture = Picture(
            columns: r.tracks.map { $0.from.interpolated(to: $0.to, t) },
            targets: r.tracks.map { goesBack ? $0.from : $0.to }, nodes: nodes)
        completeRunning(reconcile: true)
        return picture
    }

    /// The node drawn for page `id`: a child, or a page the cut-short change was taking away.
    func node(showing id: PageID) -> NavigationNode? {
        child(id) ?? running?.lingering.first { $0.id == id }
    }

    /// `tracks` starting from `picture`: a column already on screen starts where it is; one the
    /// new change does not move keeps going to its old target, in its old place in the order.
    static func handoff(_ tracks: Tracks, from picture: Picture) -> Tracks {
        var used = Array(repeating: false, count: picture.columns.count)
        var matchOf: [Int: Int] = [:]
        var started = tracks
        for (j, track) in tracks.enumerated() {
            guard
                let i = picture.columns.indices.first(where: {
                    !used[$0] && picture.columns[$0].content == track.from.content
                })
            else { continue }
            used[i] = true
            matchOf[i] = j
            started[j].from = picture.columns[i]
        }
        // Back to front: the old picture's order, the new change's tracks slotted in before the
        // old column each one continues.
        var result: Tracks = []
        var next = 0
        for i in picture.columns.indices {
            if let j = matchOf[i] {
                while next <= j {
                    result.append(started[next])
                    next += 1
                }
            } else {
                result.append((picture.columns[i], picture.targets[i]))
            }
        }
        while next < started.count {
            result.append(started[next])
            next += 1
        }
        return result
    }
}
