import KioskCore

/// What loading a config folder produced: the configuration when nothing is wrong, and every
/// problem found, sorted by file and line.
public struct ConfigLoadResult: Hashable, Sendable {
    /// The validated configuration; nil exactly when `diagnostics` holds an error.
    public var configuration: KioskConfiguration?
    public var diagnostics: [Diagnostic]
    /// When `kiosk.toml` parsed: its `[display]`, `[input]` and `[preview]` settings as far as they
    /// are valid (defaults for the rest), even when the configuration as a whole is refused, so a
    /// diagnostic page is drawn the right way up on a rotated panel. Nil when it did not parse.
    public var displaySettings: KioskSettings?

    public init(
        configuration: KioskConfiguration?, diagnostics: [Diagnostic],
        displaySettings: KioskSettings? = nil
    ) {
        self.configuration = configuration
        self.diagnostics = diagnostics
        self.displaySettings = displaySettings ?? configuration?.settings
    }

    /// True when the configuration cannot be used (the CLI exits 78).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
}
