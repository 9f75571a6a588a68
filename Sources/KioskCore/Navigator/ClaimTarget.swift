/// What a gesture claimant stands for while one finger's gesture lasts.
enum ClaimTarget {
    /// A panel: taps on its items (frame in root logical pixels).
    case panel(NavigationNode, frame: Rect)
    /// A cube: turned by pans along its axis.
    case cube(CubeContainer)
    /// A drill-down's left column: swiped back from its left edge. `origin` is the drill-down's
    /// top-left corner in root pixels (it measures the finger in its own pixels).
    case drillDownBack(DrillDownContainer, origin: Point)
    /// A drill-down column header: its back chevron pops.
    case header(DrillDownContainer, frame: Rect, showsBack: Bool)
    /// A stack: dragged back from its left edge (AD issue #29).
    case stackBack(TransitionStack, frame: Rect)
    /// A tab bar: a tap selects the tab under the finger.
    case tabBar(TabsContainer, frame: Rect)
}
