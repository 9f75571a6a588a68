import KioskCore

/// What loading a config folder produced: the configuration when nothing is wrong, and every
/// problem found, sorted by file and line.
public struct ConfigLoadResult: Hashable, Sendable {
    /// The validated configuration; nil exactly when `diagnostics` holds an error.
    public var configuration: KioskConfiguration?
    public var diagnostics: [Diagnostic]

    public init(configuration: KioskConfiguration?, diagnostics: [Diagnostic]) {
        self.configuration = configuration
        self.diagnostics = diagnostics
    }

    /// True when the configuration cannot be used (the CLI exits 78).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
}
