/// The stack's header: the top page's title and a back button labelled with the title of the
/// page below it. While a transition runs the destination's header fades in over the source's,
/// so the title never jumps.
extension TransitionStack {
    /// True when the stack draws its header: `showsHeader`, or by default unless the container
    /// holding it titles its children (a drill-down column header shows the stack's top instead).
    public var drawsHeader: Bool {
        showsHeader ?? !((parent as? any Container)?.titlesChildren ?? false)
    }

    /// With its header off inside a container that titles its children, the stack's top and the
    /// page its back goes to, for that container's header.
    public var headerForParent: ParentHeader? {
        guard !drawsHeader, (parent as? any Container)?.titlesChildren == true else { return nil }
        return ParentHeader(top: top, below: pageBelow(top.id))
    }

    /// Where the pages go inside `frame`: below the header when there is one.
    func contentFrame(in frame: Rect) -> Rect {
        drawsHeader ? ChromeMetrics.belowHeader(frame) : frame
    }

    /// The page the back button of page `id` goes to: the entry below it; for a page being popped
    /// (no longer an entry), the top.
    public func pageBelow(_ id: PageID) -> NavigationNode? {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return top }
        return index > 0 ? entries[index - 1] : nil
    }

    /// The header chrome of page `id`.
    func headerChrome(for id: PageID, titles scene: SceneBuilder) -> Chrome {
        let below = pageBelow(id)
        return .header(
            title: scene.title(of: id), showsBack: below != nil,
            backTitle: below.map { scene.title(of: $0.id) } ?? "")
    }

    /// Adds the header layers: the top's, or during a transition the source's with the
    /// destination's fading in over it.
    func drawHeader(
        in frame: Rect, placement: Matrix4, look: SceneLook, into scene: inout SceneBuilder
    ) {
        let header = ChromeMetrics.headerFrame(in: frame)
        guard let t = transition, t.progress < 1 else {
            scene.addFlat(
                .chrome(headerChrome(for: top.id, titles: scene)), header, placement: placement,
                look: look)
            return
        }
        scene.addFlat(
            .chrome(headerChrome(for: t.from, titles: scene)), header, placement: placement,
            look: look)
        if t.progress > 0 {
            scene.addFlat(
                .chrome(headerChrome(for: t.to, titles: scene)), header, placement: placement,
                look: look.adding(opacity: t.progress, dim: 0))
        }
    }

    /// Claims taps on the header: the back button pops, the rest of the bar does nothing (it
    /// still keeps the tap from the page under it).
    func claimHeader(in frame: Rect, into touches: inout TouchClaims) -> Bool {
        let header = ChromeMetrics.headerFrame(in: frame)
        guard header.contains(touches.point) else { return false }
        touches.claim([.tap], region: header) { [self] gesture in
            if case .tap(let position, _) = gesture,
                ChromeMetrics.isOnBackButton(position, header: header), canGoBack
            {
                pop()
            }
        }
        return true
    }
}
