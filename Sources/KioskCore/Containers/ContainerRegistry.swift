/// The kinds of container a tree can hold: the one place a new kind is registered.
public struct ContainerRegistry: Sendable {
    public private(set) var kinds: [ContainerKind]

    public init(_ kinds: [ContainerKind]) { self.kinds = kinds }

    /// The five containers of the shell.
    public static let standard = ContainerRegistry([.cube, .drillDown, .stack, .tabs, .playlist])

    /// The kind called `name`; nil when none is registered.
    public func kind(named name: String) -> ContainerKind? { kinds.first { $0.name == name } }

    /// This registry with `kind` added (replacing one of the same name).
    public func adding(_ kind: ContainerKind) -> ContainerRegistry {
        ContainerRegistry(kinds.filter { $0.name != kind.name } + [kind])
    }
}
