/// Tabs under a header: the header names the tab in view and changes with the switch.
extension TabsContainer {
    /// The switch as a push from the lower tab to the higher one (a switch to a lower tab is
    /// that push backwards), or the selected page at rest.
    public var pagesInView: PagesInView? {
        guard let selected = selectedPage else { return nil }
        guard let t = transition, let from = child(t.from), let to = child(t.to) else {
            return PagesInView(resting: selected)
        }
        return t.direction == .push
            ? PagesInView(before: from, after: to, fraction: t.progress)
            : PagesInView(before: to, after: from, fraction: 1 - t.progress)
    }
}
