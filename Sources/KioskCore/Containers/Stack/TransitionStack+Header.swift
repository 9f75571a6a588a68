/// The stack's header: the top page's title and a back button labelled with the title of the
/// page below it. While a transition runs the two headers' titles and back labels slide and fade
/// as a pair (`HeaderMotion`), never both readable at once.
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

    /// What the header of page `id` says: its title (the face or tab in view when it is a cube
    /// or tabs) and the back button's label.
    func headerLine(for id: PageID, titles scene: SceneBuilder) -> HeaderLine {
        headerLine(for: id, below: pageBelow(id), titles: scene)
    }

    /// The header of page `id` whose back button goes to `below`.
    func headerLine(for id: PageID, below: NavigationNode?, titles scene: SceneBuilder)
        -> HeaderLine
    {
        let title = child(id).map { scene.headerTitle(of: $0) } ?? scene.title(of: id)
        return HeaderLine(title: title, back: below.map { scene.headerTitle(of: $0) })
    }

    /// Adds the header layers: the top's at rest (its title moving with a cube or tabs turning
    /// under it); during a transition the two headers' words moving as a pair (`HeaderMotion`),
    /// a pop being the push's picture backwards.
    func drawHeader(
        in frame: Rect, placement: Matrix4, look: SceneLook, into scene: inout SceneBuilder
    ) {
        let header = ChromeMetrics.headerFrame(in: frame)
        if let r = running, !r.isSettled(at: now) {
            let motion = headerMotion(of: r, width: header.width, titles: scene)
            scene.addHeader(motion, in: header, placement: placement, look: look)
            return
        }
        let line = headerLine(for: top.id, titles: scene)
        if let turning = scene.headerMotion(of: top, back: line.back) {
            scene.addHeader(turning, in: header, placement: placement, look: look)
        } else {
            scene.addHeader(line, in: header, placement: placement, look: look)
        }
    }

    /// The header pair of running transition `r`; a change it cut short goes on moving on the
    /// side of the page it comes to rest on.
    func headerMotion(of r: RunningTransition, width: Double, titles scene: SceneBuilder)
        -> HeaderMotion
    {
        let p = r.progress(at: now)
        let push = r.direction == .push
        let (lower, upper, q) = push ? (r.from, r.to, p) : (r.to, r.from, 1 - p)
        // The upper page's back goes to the lower one, also when it has left the stack already.
        var motion = HeaderMotion(
            lower: headerLine(for: lower.id, titles: scene),
            upper: headerLine(for: upper.id, below: lower, titles: scene), progress: q)
        if let cut = r.underneath.first, !cut.isSettled(at: now) {
            // Recursion: `underneath` is at most `RunningTransition.handoffDepth` deep.
            let words = headerMotion(of: cut, width: width, titles: scene).parts(width: width)
            if cut.restingPage === lower {
                motion.lowerMoving = words
            } else if cut.restingPage === upper {
                motion.upperMoving = words
            }
        }
        return motion
    }

    /// Claims taps on the header: the back button pops, the rest of the bar does nothing (it
    /// still keeps the tap from the page under it).
    func claimHeader(in frame: Rect, into touches: inout TouchClaims) -> Bool {
        let header = ChromeMetrics.headerFrame(in: frame)
        guard header.contains(touches.point) else { return false }
        let direction = touches.layoutDirection
        touches.claim([.tap], region: header) { [self] gesture in
            if case .tap(let position, _) = gesture,
                ChromeMetrics.isOnBackButton(
                    position, header: header, direction: direction), canGoBack
            {
                pop()
            }
        }
        return true
    }
}
