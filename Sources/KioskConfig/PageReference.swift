import KioskCore

/// A page id named inside a page file, kept with where it was written so cross-file checks
/// (unknown ids, cycles, reachability) can report at the right place.
struct PageReference {
    enum Kind {
        /// A container shows the page (`faces`, `root`, `pages`): these edges must not form a cycle.
        case child
        /// A row or tile opens the page: navigation, cycles are fine.
        case open
        /// A drill-down draws the page in an empty column: it must be a panel.
        case placeholder
    }

    var kind: Kind
    var target: PageID
    var keyPath: String
}

/// One page file after parsing: its id, its definition when the file had no errors, and the ids
/// it names (collected even when the file has errors, so cross-file checks still run).
struct ParsedPage {
    var id: PageID
    var file: String
    var context: FileContext
    var definition: PageDefinition?
    var references: [PageReference]
    /// Where the id was set (`id` when the file says `id =`), for duplicate-id messages.
    var idKeyPath: String?
}

/// What a page id may look like.
enum PageIDRules {
    static let explanation = "letters, digits, '-' and '_'"

    static func isValid(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 128
            && id.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || $0 == "-" || $0 == "_"
            }
    }
}
