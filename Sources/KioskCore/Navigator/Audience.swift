/// Whether anyone can see the pages and whether a visitor is busy over them, as the host of the
/// navigation knows it (the runner: the display's power, idle blanking, a dialog open over the
/// pages, the screensaver holding the visitor's navigation aside). What changes by itself (a
/// playlist's turns) asks this one question instead of each host state on its own.
public enum Audience: Hashable, Sendable {
    /// The pages are on a lit screen and nothing is open over them: they may change by themselves.
    case watching
    /// A visitor works in a dialog over the pages (a field's keypad or keyboard, a locked page's
    /// PIN pad, a confirmation): nothing turns under it, and when it closes the visitor counts
    /// as having just touched the pages.
    case busy
    /// Nobody can see the pages (the display is blank or off, or the navigation is held aside):
    /// time shown to nobody does not count, so a page gets its whole dwell once it is seen again.
    case unseen
}
