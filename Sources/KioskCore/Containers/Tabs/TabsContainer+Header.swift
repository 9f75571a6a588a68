/// Tabs under a header: the header names the tab in view and changes with the switch.
extension TabsContainer {
    /// The switch as a push from the lower tab to the higher one (a switch to a lower tab is
    /// that push backwards), or the selected page at rest.
    public var pagesInView: PagesInView? {
        PagesInView(switching: transition, resting: selectedPage, in: self)
    }
}
