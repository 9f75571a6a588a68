import KioskCore

/// `type = "playlist"`: its pages, their dwell times, how long a touch pauses it, its transition.
extension PageParser {
    static let playlistKeys = ["pages", "dwell", "page_dwell", "resume_after", "transition"]

    mutating func playlist(_ root: TableReader) -> PlaylistSpec? {
        let before = context.diagnostics.count
        let pages = children(root, "pages", what: "a playlist")
        let transition = self.transition(root, default: PlaylistSpec.defaultTransition)
        let dwell = playlistSeconds(root, "dwell") ?? PlaylistSpec.defaultDwell
        let resumeAfter =
            playlistSeconds(root, "resume_after") ?? PlaylistSpec.defaultResumeAfter
        let pageDwell = self.pageDwell(root, among: pages ?? [])
        guard let pages, let transition, context.diagnostics.count == before else { return nil }
        return PlaylistSpec(
            pages: pages, dwell: dwell, pageDwell: pageDwell, transition: transition,
            resumeAfter: resumeAfter)
    }

    /// `[page_dwell]`: `page-id = "12s"` for pages of `pages` that show longer or shorter.
    private func pageDwell(_ root: TableReader, among pages: [PageID]) -> [PageID: Double] {
        guard root.has("page_dwell"), let table = root.table("page_dwell") else { return [:] }
        var result: [PageID: Double] = [:]
        for (key, _) in table.entries {
            guard pages.contains(PageID(key)) else {
                context.error(
                    table.keyPath(key),
                    "page \"\(key)\" is not in this playlist's pages"
                        + Suggestion.hint(for: key, in: pages.map(\.rawValue)))
                continue
            }
            if let seconds = playlistSeconds(table, key) { result[PageID(key)] = seconds }
        }
        return result
    }

    private func playlistSeconds(_ table: TableReader, _ key: String) -> Double? {
        table.seconds(
            key, above: ConfigLimits.playlistSeconds.lowerBound, allowMinimum: true,
            maximum: ConfigLimits.playlistSeconds.upperBound)
    }
}
