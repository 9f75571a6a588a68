/// The text colour of a page whose author changed its background but not its text: the theme's
/// light text on a light page is unreadable, so the text follows the background.
extension Panel {
    /// Contrast text needs against its background to be read at a distance (WCAG 2 AA, 4.5:1).
    public static let readableContrast = 4.5

    /// The colour of text drawn on this page's background: `textColor` when set; else the
    /// theme's text when the page keeps the theme's background or the theme's text has at least
    /// `readableContrast` against the page's; else whichever of the theme's background colour,
    /// near-black (#141414) and white contrasts most with the page.
    public func pageTextColor(theme: Theme) -> RGBA {
        if let textColor { return textColor }
        guard let background, theme.text.contrastRatio(with: background) < Panel.readableContrast
        else {
            return theme.text
        }
        let candidates = [theme.background, RGBA(red: 0.078, green: 0.078, blue: 0.078), .white]
        return candidates.max {
            $0.contrastRatio(with: background) < $1.contrastRatio(with: background)
        } ?? theme.text
    }

    /// Captions and subtitles on this page's background: the theme's muted text while the page
    /// text is the theme's; otherwise the page text a third of the way towards the background.
    public func pageMutedTextColor(theme: Theme) -> RGBA {
        let text = pageTextColor(theme: theme)
        return text == theme.text
            ? theme.mutedText : text.mixed(with: background ?? theme.background, 0.35)
    }
}
