/// What the tree needs to know about one kind of container before any exists: its name, how it
/// is built from a page definition, and how its saved state is read back from text.
public struct ContainerKind: Sendable {
    /// Builds the children of a page being built (the tree builder, which refuses cycles).
    public typealias BuildChild = (PageID) throws(NavigationError) -> NavigationNode

    /// The name in `type = "…"` (`PageContent.typeName`) and the first word of its saved lines.
    public let name: String
    /// Reads the words after the id of a saved line: the entry's words (normalised), or nil when
    /// they are malformed.
    public let readState: @Sendable ([String]) -> [String]?
    /// Builds the container for a page of this kind at the output size, its children through
    /// the builder; nil when the page's content is not this kind's.
    public let build:
        @Sendable (PageDefinition, Size, BuildChild) throws(NavigationError) -> NavigationNode?

    public init(
        name: String, readState: @escaping @Sendable ([String]) -> [String]?,
        build:
            @escaping @Sendable (PageDefinition, Size, BuildChild) throws(NavigationError) ->
            NavigationNode? = { _, _, _ in nil }
    ) {
        self.name = name
        self.readState = readState
        self.build = build
    }
}
