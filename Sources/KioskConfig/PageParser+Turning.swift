import KioskCore

/// The cube's and the tabs' settings beyond their pages: `sides`, `duration`, `perspective` and
/// `start` on a cube, `start` on tabs (issue 14: what an author could not reach).
extension PageParser {
    static let cubeSettingKeys = ["sides", "duration", "perspective", startKey]
    static let startKey = "start"
    /// The strongest and flattest perspective accepted (1 = default).
    static let perspectiveRange = 0.25...4.0

    /// Applies the cube settings to `spec`; false when one is wrong (already reported).
    func cubeSettings(_ root: TableReader, into spec: inout CubeSpec) -> Bool {
        let before = context.diagnostics.count
        // Any number of sides, wrapping or not: the prism slides along the faces.
        if let sides = root.integer("sides", minimum: 2, maximum: ConfigLimits.containerChildren) {
            spec.sides = sides
        }
        if let duration = root.number(
            "duration", above: 0, allowMinimum: true, maximum: ConfigLimits.duration)
        {
            spec.durationPerFace = duration
        }
        if let perspective = root.number("perspective", above: 0, maximum: ConfigLimits.number) {
            if Self.perspectiveRange.contains(perspective) {
                spec.perspective = perspective
            } else {
                context.error(
                    root.keyPath("perspective"),
                    "must be between \(TableReader.format(Self.perspectiveRange.lowerBound)) and \(TableReader.format(Self.perspectiveRange.upperBound)) (1 = default, larger = stronger), found \(TableReader.format(perspective))"
                )
            }
        }
        spec.start = start(root, among: spec.faces, what: "faces")
        return context.diagnostics.count == before
    }

    /// `start = "id"`: one of `pages` (listed under `what`); nil when absent or wrong.
    func start(_ root: TableReader, among pages: [PageID], what: String) -> PageID? {
        guard let id = root.string(Self.startKey) else { return nil }
        guard pages.contains(PageID(id)) else {
            context.error(
                root.keyPath(Self.startKey),
                "\"\(id)\" is not one of the \(what)"
                    + Suggestion.hint(for: id, in: pages.map(\.rawValue)))
            return nil
        }
        return PageID(id)
    }
}
