/// Panels whose content is taller than their frame scroll vertically (issue 3).
///
/// - Such a panel claims `.verticalPan` besides taps, so the arbiter gives it a vertical drag
///   while a horizontal drag still goes to a cube around it (the innermost claimant accepting the
///   axis wins); a panel that fits claims no pans, as before.
/// - Its scroll is a `ScrollState` on the `PanelNode`, its bounds set at every layout from
///   `panels.contentHeight`, capped at `maxScrollPages` frame heights (the renderer rasterises the
///   whole content into one cached surface, so the cap bounds its memory: 4 × a 1920x1080 page is
///   about 33 MB).
/// - Taps and keyboard focus use content coordinates: the targets are asked at the content's
///   size and the tap is moved down by the offset.
/// - Its Scene layer keeps the frame's size and transform and names the window of the content it
///   shows (`SceneLayer.contentSize`/`contentOffset`), so it needs no clip and stays inside its
///   face while a cube turns. The offset in the Scene is rounded to output pixels, so a list at
///   rest is drawn by the compositor's row copies, sharp.
/// - A finger touching down on a coasting list catches it; that touch's tap does not activate.
extension Navigator {
    /// The most a panel's content may be, in heights of its frame.
    public static let maxScrollPages = 4.0

    /// The content height a panel `id` shown at `size` scrolls over: at least the frame's
    /// height, at most `maxScrollPages` of it, rounded up to whole output pixels when taller, so
    /// its surface is exactly `scale` pixels per point and the window samples it 1:1.
    func contentHeight(of id: PageID, size: Size) -> Double {
        let asked = panels.contentHeight(page: id, size: size)
        let height = asked.isFinite ? asked : size.height
        let capped = min(height, size.height * Navigator.maxScrollPages)
        guard capped > size.height + 0.5 / scale else { return size.height }
        return (capped * scale).rounded(.up) / scale
    }

    /// A vertical pan routed to a scrolling panel.
    func scroll(_ node: NavigationNode, pan: PanGesture) {
        guard let panel = node as? PanelNode else { return }
        switch pan.phase {
        case .began:
            panel.scroll.beginDrag()
            panel.scroll.drag(translation: pan.axisTranslation)
        case .changed: panel.scroll.drag(translation: pan.axisTranslation)
        case .ended: panel.scroll.endDrag(velocity: pan.axisVelocity, at: max(now, pan.time))
        case .cancelled: panel.scroll.cancelDrag(at: max(now, pan.time))
        }
    }

    /// Stops the coasting lists among `targets` (a finger touched down on them); returns them.
    func catchScrolling(_ targets: [ClaimTarget]) -> Set<ObjectIdentifier> {
        var caught: Set<ObjectIdentifier> = []
        for case .panel(let node, _) in targets {
            guard let panel = node as? PanelNode, panel.scroll.isAnimating else { continue }
            panel.scroll.stop()
            caught.insert(ObjectIdentifier(panel))
        }
        return caught
    }

    /// Scrolls the page in view so its focused item shows.
    func revealFocus(_ targets: [PanelTarget]) {
        guard let index = focus.focusedIndex, targets.indices.contains(index),
            let panel = activeNode as? PanelNode, panel.scroll.isScrollable
        else { return }
        let rect = targets[index].rect
        panel.scroll.reveal(top: rect.minY, bottom: rect.maxY)
    }
}

extension NavigationNode {
    /// The size a panel's targets and surface are laid out at: its content's full size when it
    /// scrolls, else its frame's (a container's is its frame's).
    func contentSize(frame size: Size) -> Size {
        guard let panel = self as? PanelNode, panel.scroll.isScrollable else { return size }
        return Size(width: size.width, height: panel.scroll.contentHeight)
    }

    /// The scroll offset of a panel (0 for a panel that does not scroll or a container).
    var scrollOffset: Double { (self as? PanelNode)?.scroll.offset ?? 0 }

    /// The ends of a scrolling panel's content it rests at (`GestureClaimant.restsAt`): a drag
    /// pulling past them turns a cube around it along the same axis. A list still coasting (or
    /// springing back) to an end counts as there: a visitor who flicked to the end and swipes on
    /// at once turns the cube, and a swipe the other way still scrolls the list it caught.
    var scrollEndsShown: Set<SwipeEdge> {
        guard let panel = self as? PanelNode, panel.scroll.isScrollable else { return [] }
        var ends: Set<SwipeEdge> = []
        if panel.scroll.restingOffset <= 0 { ends.insert(.top) }
        if panel.scroll.restingOffset >= panel.scroll.limit { ends.insert(.bottom) }
        return ends
    }

    /// The gestures a panel claims.
    var panelGestures: Set<GestureKind> {
        if let panel = self as? PanelNode, panel.scroll.isScrollable {
            return [.tap, .longPress, .verticalPan]
        }
        return [.tap, .longPress]
    }
}
