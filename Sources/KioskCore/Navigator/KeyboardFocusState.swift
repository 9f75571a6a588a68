/// What the Navigator remembers about keyboard use: the focus ring shows only for someone using
/// keys, on the page in view, and comes back to the item that opened a page when going back.
struct KeyboardFocusState {
    /// True after a navigation key, false again after a touch.
    var isActive = false
    /// The page the Navigator's focus index belongs to.
    var page: PageID?
    /// The focused item of each page the keyboard left (by an action or going elsewhere).
    var remembered: [PageID: Int] = [:]
}
