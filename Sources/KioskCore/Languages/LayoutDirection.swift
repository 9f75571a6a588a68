/// Which way a page reads: left to right (English, German) or right to left (Arabic, Hebrew).
/// It comes from the language shown (`[languages]`), and mirrors the layout, the text's
/// alignment and the chrome (the back button goes to the right) so an RTL visitor reads the
/// panel from its right edge.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}
