import KioskCore

/// A drill-down's `placeholder` and `left_placeholder` (a panel page drawn in an empty column
/// instead of a blank one) and `replace` (how a page opened from the left column replaces the
/// right one: `"fade"` or `"push"`).
extension PageParser {
    static let drillDownSettingKeys = ["placeholder", "left_placeholder", "replace"]

    /// Applies the settings to `spec`; false when one is wrong (already reported).
    mutating func drillDownSettings(_ root: TableReader, into spec: inout DrillDownSpec) -> Bool {
        let before = context.diagnostics.count
        spec.rightPlaceholder = placeholder(root, "placeholder")
        spec.leftPlaceholder = placeholder(root, "left_placeholder")
        if let animation = root.choice(
            "replace", DrillDownReplaceAnimation.self, what: "replace animation")
        {
            spec.replaceAnimation = animation
        }
        return context.diagnostics.count == before
    }

    private mutating func placeholder(_ root: TableReader, _ key: String) -> PageID? {
        guard let id = root.string(key) else { return nil }
        references.append(
            PageReference(kind: .placeholder, target: PageID(id), keyPath: root.keyPath(key)))
        return PageID(id)
    }
}

extension PageGraph {
    /// A placeholder is drawn as a picture of a panel: a container there is an error.
    func checkPlaceholders() {
        for page in pages {
            for reference in page.references where reference.kind == .placeholder {
                guard let content = byID[reference.target]?.definition?.content,
                    content.typeName != "panel"
                else { continue }
                page.context.error(
                    reference.keyPath,
                    "page \"\(reference.target)\" is a \(content.typeName); a placeholder must be a panel"
                )
            }
        }
    }
}
